// `url-grammar lint -o FILE` and `lint --fix` stopped by SIGINT (Ctrl-C), SIGTERM (a CI job's
// timeout) or SIGHUP (a closed terminal) in the middle of a write: the new file of the write in
// flight is removed, what was complete is kept (a file already fixed stays fixed), one line says
// so, and the exit status is 130, 143 or 129 (the core's src/cli/signals.ts). Before, each such
// stop left a .url-grammar-<random>.tmp of tens of MB, and said nothing. The built command line
// runs in a process of its own; a report whose input never ends (standard input held open) and a
// rewrite whose writes wait a minute (the core's test/support/failing-writes.js) keep a write in
// flight until the signal comes.

import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_ROOT } from './support/cli';

const CLI = join(CORE_ROOT, 'dist', 'src', 'cli.js');
const FAILING_WRITES = join(CORE_ROOT, 'test', 'support', 'failing-writes.js');
const TEMPORARY = /^\.url-grammar-[0-9a-f]{16}\.tmp$/;

/** Starts lint in `cwd`; its standard input is left open. */
function start(args: string[], cwd: string, preload: string[] = [], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; err: () => string; done: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, [...preload, CLI, 'lint', '--no-config', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  child.stdout!.resume();
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, err: () => err, done };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never: ${what}`);
}

const temporaries = (dir: string) => readdirSync(dir).filter((n) => TEMPORARY.test(n));

describe('lint stopped by a signal in the middle of a write', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-lint-signals-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as Array<[NodeJS.Signals, number]>) {
    it(`-o report.json, ${signal}: the report in flight removed, the old one whole, one line, exit ${code}`, async () => {
      writeFileSync(join(dir, 'report.json'), '["the previous report"]\n');
      const run = start(['--format', 'json', '-o', 'report.json', '-'], dir);
      run.child.stdin!.write('https://u@example.com/ and more\n'.repeat(1000));
      await until(() => temporaries(dir).length === 1, 'the report is being written');
      run.child.kill(signal);
      const r = await run.done;
      expect(r.code, run.err()).to.equal(code);
      expect(run.err()).to.equal(`url-grammar: stopped by ${signal}; not written: report.json (left as it was); what was written before is kept\n`);
      expect(readFileSync(join(dir, 'report.json'), 'utf8')).to.equal('["the previous report"]\n');
      expect(readdirSync(dir)).to.deep.equal(['report.json']);
    });
  }

  it('--fix a.txt b.txt, SIGTERM while b.txt is rewritten: a.txt stays fixed, b.txt as it was, no temporary file, exit 143', async () => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}: https://EXAMPLE.com\\p${i}\n`).join('');
    writeFileSync(join(dir, 'a.txt'), text(50));
    writeFileSync(join(dir, 'b.txt'), text(60));
    // the second new file's writes wait a minute: the signal comes meanwhile
    const run = start(['--fix', 'a.txt', 'b.txt'], dir, ['--require', FAILING_WRITES], { URL_GRAMMAR_TEST_WRITES: 'stall', URL_GRAMMAR_TEST_WRITES_FROM: '2' });
    await until(() => temporaries(dir).length === 1 && readFileSync(join(dir, 'a.txt'), 'utf8') !== text(50), 'a.txt fixed and b.txt being written');
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.code, run.err()).to.equal(143);
    expect(run.err().split('\n').filter((l) => l.startsWith('url-grammar:'))).to.deep.equal(['url-grammar: stopped by SIGTERM; not written: b.txt (left as it was); what was written before is kept']);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).to.equal(text(50).replace(/EXAMPLE\.com\\/g, 'example.com/'));
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).to.equal(text(60));
    expect(readdirSync(dir).sort()).to.deep.equal(['a.txt', 'b.txt']);
  });
});
