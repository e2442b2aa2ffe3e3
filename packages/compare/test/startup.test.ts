// An adapter's start-up handshake (issue 37): the time from an adapter's start to its first line (an
// answer, or {"ready": true}) is bounded by a start-up limit of its own (--startup-timeout, 120 s by
// default), not by the per-request timeout, and compare says on standard error that it is waiting
// ("starting NAME…") and how long the start took. Before, the per-request timeout of 10 s counted
// from the first request, which is sent at the start: an adapter slower to start than that (Firefox,
// a JVM, on a loaded machine) answered none of the cases. Each adapter here is a small script
// written in the test's own folder.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIO, mainAsync } from './support/cli';
import { childProcessAdapter } from '../src/compare';

/**
 * An adapter that waits `delayMs` before it reads its first request (so the requests wait in the
 * pipe), writing {"ready": true} first when `ready` is set, then answers each request at once with
 * Node's URL, except that it waits `firstAnswerMs` more before its first answer.
 */
function adapterScript(dir: string, name: string, delayMs: number, options: { ready?: boolean; firstAnswerMs?: number } = {}): string {
  const file = join(dir, `${name}.js`);
  writeFileSync(
    file,
    `'use strict';
const delay = ${delayMs};
const ready = ${options.ready ? 'true' : 'false'};
const firstAnswer = ${options.firstAnswerMs ?? 0};
function answer(line) {
  const req = JSON.parse(line);
  try {
    const u = req.base === null ? new URL(req.input) : new URL(req.input, req.base);
    return { id: req.id, ok: true, href: u.href, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
  } catch (e) {
    return { id: req.id, ok: false, message: e.message };
  }
}
if (ready) process.stdout.write('{"ready": true}\\n');
setTimeout(() => {
  let rest = '';
  let answered = 0;
  const lines = [];
  let waiting = firstAnswer > 0;
  if (waiting) setTimeout(() => { waiting = false; flush(); }, firstAnswer);
  function flush() {
    while (!waiting && lines.length > 0) {
      process.stdout.write(JSON.stringify(answer(lines.shift())) + '\\n');
      answered++;
    }
  }
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text) => {
    const parts = (rest + text).split('\\n');
    rest = parts.pop();
    for (const l of parts) if (l.trim() !== '') lines.push(l);
    flush();
  });
  process.stdin.on('end', () => {
    const done = () => (lines.length === 0 ? process.exit(0) : setTimeout(done, 10));
    done();
  });
}, delay);
`,
  );
  return file;
}

/** `n` inputs, one per line, that every parser here parses. */
function corpus(dir: string, n: number): string {
  const file = join(dir, 'corpus.txt');
  writeFileSync(file, Array.from({ length: n }, (_, i) => `https://h${i}.example/p${i}?q=${i}`).join('\n') + '\n');
  return file;
}

describe('compare: the start-up handshake of an adapter', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-startup-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an adapter that takes 15 s to start and then answers at once is used for every case under the default timeout', async () => {
    const slow = adapterScript(dir, 'slow', 15_000);
    // more than one batch (256 cases each), all sent before the adapter reads any
    const cases = 300;
    const { io, out, err } = captureIO({ readFile: (path) => readFileSync(path) });
    const started = Date.now();
    const code = await mainAsync(['compare', '--corpus', corpus(dir, cases), '--against', 'none', '--workers', '0', '--json', '--adapter', `slow=${JSON.stringify(process.execPath)} ${JSON.stringify(slow)}`], io);
    const took = Date.now() - started;
    expect(code, err()).to.equal(0);
    expect(took, 'it waited for the adapter to start').to.be.at.least(15_000);
    const rep = JSON.parse(out()) as { adapters: Array<{ name: string; answered: number; adapterErrors: number; components: { href: { compared: number; agreed: number } } }> };
    const a = rep.adapters.find((x) => x.name === 'slow')!;
    expect(a.adapterErrors).to.equal(0);
    expect(a.answered).to.equal(cases);
    expect(a.components.href).to.deep.include({ compared: cases, agreed: cases });
    // the wait is said while it lasts, and how long it took once it is over
    expect(err()).to.match(/^compare: starting slow… \(its first answer may take up to 120 s, apart from the per-request timeout\)$/m);
    expect(err()).to.match(/^compare: slow: started in 1[5-9]\.[0-9] s$/m);
  });

  it('the start-up limit has a bound of its own: an adapter that has not started by then fails every case, with the reason (exit 1)', async () => {
    const slower = adapterScript(dir, 'slower', 3000);
    const { io, out, err } = captureIO({ readFile: (path) => readFileSync(path) });
    const started = Date.now();
    const code = await mainAsync(['compare', '--corpus', corpus(dir, 5), '--against', 'none', '--workers', '0', '--startup-timeout', '1000', '--adapter', `slower=${JSON.stringify(process.execPath)} ${JSON.stringify(slower)}`], io);
    expect(code, err()).to.equal(1);
    expect(Date.now() - started).to.be.below(3000);
    expect(out()).to.include('5× slower: timed out: it did not start: no first answer within the start-up limit of 1000 ms');
  });

  it('a limit past what a timer holds (--startup-timeout 3000000000: setTimeout would fire after 1 ms) is clamped to 2147483647 ms, with a note: an adapter 300 ms slow to start is used', async () => {
    const late = adapterScript(dir, 'late', 300);
    const { io, out, err } = captureIO({ readFile: (path) => readFileSync(path) });
    const code = await mainAsync(['compare', '--corpus', corpus(dir, 5), '--against', 'none', '--workers', '0', '--json', '--startup-timeout', '3000000000', '--timeout', '99999999999999999999999', '--adapter', `late=${JSON.stringify(process.execPath)} ${JSON.stringify(late)}`], io);
    expect(code, err()).to.equal(0);
    const a = (JSON.parse(out()) as { adapters: Array<{ name: string; answered: number; adapterErrors: number }> }).adapters[0];
    expect(a).to.deep.include({ name: 'late', answered: 5, adapterErrors: 0 });
    expect(err()).to.include('compare: --startup-timeout 3000000000 ms is more than a timer holds: using 2,147,483,647 ms (about 24.8 days)\n');
    expect(err()).to.include('compare: --timeout 99999999999999999999999 ms is more than a timer holds: using 2,147,483,647 ms (about 24.8 days)\n');
    // and through the library, with no command line to clamp it: the adapter clamps it
    const b = childProcessAdapter('late', process.execPath, [late], { startupTimeoutMs: 3_000_000_000, requestTimeoutMs: Number.MAX_VALUE, totalTimeoutMs: Infinity });
    try {
      const outs = await b.parseBatch([{ input: 'https://a.example/', base: null }]);
      expect(outs[0]).to.deep.include({ ok: true, href: 'https://a.example/' });
    } finally {
      await b.close();
    }
  });

  it('the timer options take whole numbers of at least 1: 0, -1 and 1.5 are refused (exit 2)', async () => {
    for (const value of ['0', '-1', '1.5', '']) {
      const { io, err } = captureIO({ readFile: (path) => readFileSync(path) });
      expect(await mainAsync(['compare', '--corpus', corpus(dir, 1), '--against', 'none', `--startup-timeout=${value}`], io), value).to.equal(2);
      expect(err()).to.equal(`error: --startup-timeout wants a whole number of at least 1 (ms), not ${JSON.stringify(value)}\n`);
    }
  });

  it('once it has started (here: its {"ready": true} line), the per-request timeout runs: a first answer slower than it fails', async () => {
    const a = childProcessAdapter('late', process.execPath, [adapterScript(dir, 'late', 0, { ready: true, firstAnswerMs: 2000 })], { requestTimeoutMs: 500, startupTimeoutMs: 60_000 });
    try {
      const outs = await a.parseBatch([{ input: 'https://a.example/', base: null }]);
      expect(String(outs[0])).to.match(/^AdapterError: late: timed out: no answer to request id \d+ \(input "https:\/\/a\.example\/"\) within 500 ms \(it had answered 0\)$/);
    } finally {
      await a.close();
    }
  });

  it('a start within the limit, then answers within the per-request timeout: every answer counts, through the library too', async () => {
    const statuses: string[] = [];
    const a = childProcessAdapter('steady', process.execPath, [adapterScript(dir, 'steady', 1500)], { requestTimeoutMs: 500, startupTimeoutMs: 10_000, onStatus: (m) => statuses.push(m) });
    try {
      const outs = await a.parseBatch(Array.from({ length: 20 }, (_, i) => ({ input: `https://s${i}.example/`, base: null })));
      expect(outs.every((o) => !(o instanceof Error) && o.ok)).to.equal(true);
      expect(statuses[0]).to.match(/^starting steady…/);
      expect(statuses[1]).to.match(/^steady: started in 1\.[5-9] s$/);
    } finally {
      await a.close();
    }
  });
});
