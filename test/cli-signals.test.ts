// What the command line does on SIGINT, SIGTERM and SIGHUP (src/cli/signals.ts), in this process:
// the listeners installStopHandlers adds to the process are called as the signal would call them
// (only those: another test's listener is not set off), with an exit of the test's own. Every write in progress is given up (its new file removed, its destination as it was), one
// line is said, and the exit status is 128 + the signal's number; a claimed Ctrl-C goes to its
// claimant instead. The tools' own tests stop real processes (packages/lint/test/lint-signals.test.ts,
// packages/compare/test/interrupt.test.ts).

import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimInterrupt, installStopHandlers, STOP_SIGNALS, stoppedLine, type StopSignal } from '../src/cli/signals';
import { openSafeWrite } from '../src/cli/write';

describe('command line: stopped by a signal', () => {
  let dir: string;
  let said: string;
  let exits: number[];
  let remove: () => void;
  let added: Map<string, Array<(...a: unknown[]) => void>>;
  const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  /** What `signal` would do: the listeners installStopHandlers added for it, called. */
  const send = (signal: StopSignal) => {
    for (const l of added.get(signal) ?? []) l(signal);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-signals-'));
    said = '';
    exits = [];
    const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
    remove = installStopHandlers(
      (t) => void (said += t),
      (c) => void exits.push(c),
    );
    added = new Map(SIGNALS.map((s) => [s, process.listeners(s).filter((l) => !before.get(s)!.includes(l)) as Array<(...a: unknown[]) => void>]));
    for (const s of SIGNALS) expect(added.get(s), s).to.have.length(1);
  });
  afterEach(() => {
    remove();
    for (const s of SIGNALS) for (const l of added.get(s)!) expect(process.listeners(s), 'a listener was left').to.not.include(l);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as Array<[StopSignal, number]>) {
    it(`${signal}: the new files of the writes in progress removed, their files as they were, what was written kept, one line, exit ${code}`, async () => {
      writeFileSync(join(dir, 'report.txt'), 'the old report\n');
      const done = openSafeWrite(join(dir, 'done.txt'));
      await done.write('complete\n');
      await done.end();
      const report = openSafeWrite(join(dir, 'report.txt'), { replace: true });
      await report.write('half a report');
      const fresh = openSafeWrite(join(dir, 'new.txt'));
      await fresh.write('x');
      expect(readdirSync(dir).filter((n) => /^\.url-grammar-[0-9a-f]{16}\.tmp$/.test(n))).to.have.length(2);
      send(signal);
      expect(exits).to.deep.equal([code]);
      expect(said).to.equal(`url-grammar: stopped by ${signal}; not written: ${join(dir, 'report.txt')}, ${join(dir, 'new.txt')} (left as they were); what was written before is kept\n`);
      expect(readdirSync(dir).sort()).to.deep.equal(['done.txt', 'report.txt']);
      expect(readFileSync(join(dir, 'report.txt'), 'utf8')).to.equal('the old report\n');
      expect(readFileSync(join(dir, 'done.txt'), 'utf8')).to.equal('complete\n');
      expect(128 + STOP_SIGNALS[signal]).to.equal(code);
    });
  }

  it('with nothing in progress: the line says only the signal', () => {
    send('SIGTERM');
    expect(said).to.equal('url-grammar: stopped by SIGTERM\n');
    expect(exits).to.deep.equal([143]);
  });

  it('a claimed Ctrl-C goes to its claimant, once; SIGTERM is never claimed; a claim given up is gone', () => {
    const calls: string[] = [];
    claimInterrupt(() => calls.push('first'));
    send('SIGTERM');
    expect(exits).to.deep.equal([143]);
    send('SIGINT');
    expect(calls).to.deep.equal(['first']);
    expect(exits).to.deep.equal([143]);
    // the claim was used up: the next Ctrl-C stops
    send('SIGINT');
    expect(exits).to.deep.equal([143, 130]);
    const giveUp = claimInterrupt(() => calls.push('second'));
    giveUp();
    send('SIGINT');
    expect(calls).to.deep.equal(['first']);
    expect(exits).to.deep.equal([143, 130, 130]);
  });

  it('names a few files, then how many more, each printable', () => {
    expect(stoppedLine('SIGHUP', ['a', 'b\nc', 'd', 'e', 'f'])).to.equal('url-grammar: stopped by SIGHUP; not written: a, b\\nc, d and 2 more (left as they were); what was written before is kept\n');
  });
});
