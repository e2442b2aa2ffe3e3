// An adapter's start-up handshake (issue 37): the time from an adapter's start to its first line (an
// answer, or {"ready": true}) is bounded by a start-up limit of its own (--startup-timeout, 120 s by
// default), not by the per-request timeout, and compare says on standard error that it is waiting
// ("starting NAME…") and how long the start took. Before, the per-request timeout of 10 s counted
// from the first request, which is sent at the start: an adapter slower to start than that (Firefox,
// a JVM, on a loaded machine) answered none of the cases. Each adapter here is a small script
// written in the test's own folder, slow by a flag: it does not read its requests (or give its first
// answer) until the test writes a file. Meanwhile compare's time is a fake clock
// (@sinonjs/fake-timers: its timers, Date and performance.now) that the test moves on at once by
// as long as the adapter is to take, so nothing here waits for it, and the times compare says are
// exact whatever the load on the machine.

import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { install, type InstalledClock } from '@sinonjs/fake-timers';
import { captureIO, mainAsync } from './support/cli';
import { childProcessAdapter } from '../src/compare';

// the real timers and clock, for the test's own waiting while compare's clock is fake
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);
const realSleep = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

/** Files of adapter `name` in `dir`: written when it runs; to be written by the test to let it start, or answer. */
const files = (dir: string, name: string) => ({ up: join(dir, `${name}.up`), start: join(dir, `${name}.start`), answer: join(dir, `${name}.answer`) });

/**
 * An adapter that writes its `up` file as it starts, then (once its `start` file exists, when
 * `waitToStart`) writes {"ready": true} when `ready` is set, and answers each request at once with
 * Node's URL, except that its first answer waits for its `answer` file (when `waitToAnswer`). The
 * flags are files, looked for every 10 ms.
 */
function adapterScript(dir: string, name: string, options: { waitToStart?: boolean; ready?: boolean; waitToAnswer?: boolean } = {}): string {
  const file = join(dir, `${name}.js`);
  const f = files(dir, name);
  writeFileSync(
    file,
    `'use strict';
const fs = require('node:fs');
const start = ${options.waitToStart ? JSON.stringify(f.start) : 'null'};
const firstAnswer = ${options.waitToAnswer ? JSON.stringify(f.answer) : 'null'};
function answer(line) {
  const req = JSON.parse(line);
  try {
    const u = req.base === null ? new URL(req.input) : new URL(req.input, req.base);
    return { id: req.id, ok: true, href: u.href, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
  } catch (e) {
    return { id: req.id, ok: false, message: e.message };
  }
}
function when(flag, then) {
  if (flag === null || fs.existsSync(flag)) then();
  else setTimeout(() => when(flag, then), 10);
}
fs.writeFileSync(${JSON.stringify(f.up)}, String(process.pid));
when(start, () => {
  if (${options.ready ? 'true' : 'false'}) process.stdout.write('{"ready": true}\\n');
  let rest = '';
  const lines = [];
  let waiting = firstAnswer !== null;
  if (waiting) when(firstAnswer, () => { waiting = false; flush(); });
  function flush() {
    while (!waiting && lines.length > 0) process.stdout.write(JSON.stringify(answer(lines.shift())) + '\\n');
  }
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text) => {
    const parts = (rest + text).split('\\n');
    rest = parts.pop();
    for (const l of parts) if (l.trim() !== '') lines.push(l);
    flush();
  });
  process.stdin.on('end', () => when(null, function done() {
    if (lines.length === 0) process.exit(0);
    else setTimeout(done, 10);
  }));
});
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

/** Waits, in real time, until `check` holds (compare's fake clock stands still meanwhile); fails after 30 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3000 && !check(); i++) await realSleep(10);
  expect(check(), what).to.equal(true);
}

/** Settles `p` with compare's fake clock running at the real clock's pace (for what ends a run: a grace period, a process's end). */
async function settle<T>(clock: InstalledClock, p: Promise<T>): Promise<T> {
  let done = false;
  const watched = p.finally(() => (done = true));
  while (!done) {
    const before = realNow();
    await realSleep(10);
    clock.tick(realNow() - before);
  }
  return watched;
}

describe('compare: the start-up handshake of an adapter', function () {
  this.timeout(60_000);
  let dir: string;
  let clock: InstalledClock | null = null;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-startup-'))));
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    rmSync(dir, { recursive: true, force: true });
  });
  const fake = () => (clock = install({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] }));

  it('an adapter that takes 15 s to start and then answers at once is used for every case under the default timeouts', async () => {
    const slow = adapterScript(dir, 'slow', { waitToStart: true });
    // more than one batch (256 cases each), all sent before the adapter reads any
    const cases = 300;
    const { io, out, err } = captureIO({ readFile: (path) => readFileSync(path) });
    const c = fake();
    const run = mainAsync(['compare', '--corpus', corpus(dir, cases), '--against', 'none', '--workers', '0', '--json', '--adapter', `slow=${JSON.stringify(process.execPath)} ${JSON.stringify(slow)}`], io);
    await until(() => existsSync(files(dir, 'slow').up), 'the adapter was started');
    // 15 s for compare: past the per-request timeout (10 s by default), within the start-up limit (120 s)
    c.tick(15_000);
    // the wait is said while it lasts
    expect(err()).to.match(/^compare: starting slow… \(its first answer may take up to 120 s, apart from the per-request timeout\)$/m);
    expect(err()).to.not.match(/timed out|started in/);
    writeFileSync(files(dir, 'slow').start, '');
    // and how long it took once it is over: the 15 s, no more (the clock stood still since)
    await until(() => /started in/.test(err()), 'compare saw the first answer');
    expect(err()).to.match(/^compare: slow: started in 15\.0 s$/m);
    const code = await settle(c, run);
    expect(code, err()).to.equal(0);
    const rep = JSON.parse(out()) as { adapters: Array<{ name: string; answered: number; adapterErrors: number; components: { href: { compared: number; agreed: number } } }> };
    const a = rep.adapters.find((x) => x.name === 'slow')!;
    expect(a.adapterErrors).to.equal(0);
    expect(a.answered).to.equal(cases);
    expect(a.components.href).to.deep.include({ compared: cases, agreed: cases });
  });

  it('the start-up limit has a bound of its own: an adapter that has not started by then fails every case, with the reason (exit 1)', async () => {
    const slower = adapterScript(dir, 'slower', { waitToStart: true });
    const { io, out, err } = captureIO({ readFile: (path) => readFileSync(path) });
    const c = fake();
    const run = mainAsync(['compare', '--corpus', corpus(dir, 5), '--against', 'none', '--workers', '0', '--startup-timeout', '1000', '--adapter', `slower=${JSON.stringify(process.execPath)} ${JSON.stringify(slower)}`], io);
    await until(() => existsSync(files(dir, 'slower').up), 'the adapter was started');
    c.tick(999);
    expect(out() + err()).to.not.match(/timed out/);
    // the limit, reached: it never started (its start file is never written)
    c.tick(1);
    const code = await settle(c, run);
    expect(code, err()).to.equal(1);
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
    const statuses: string[] = [];
    const c = fake();
    const a = childProcessAdapter('late', process.execPath, [adapterScript(dir, 'late', { waitToStart: true, ready: true, waitToAnswer: true })], { requestTimeoutMs: 500, startupTimeoutMs: 60_000, onStatus: (m) => statuses.push(m) });
    try {
      let settled = false;
      const batch = a.parseBatch([{ input: 'https://a.example/', base: null }]).finally(() => (settled = true));
      await until(() => existsSync(files(dir, 'late').up), 'the adapter was started');
      c.tick(2000);
      writeFileSync(files(dir, 'late').start, '');
      await until(() => statuses.includes('late: started in 2.0 s'), 'its ready line was read');
      // the per-request timeout counts from the start (the ready line), not from the request
      c.tick(499);
      await realSleep(50);
      expect(settled, 'the request failed before its timeout').to.equal(false);
      c.tick(1);
      const outs = await batch;
      expect(String(outs[0])).to.match(/^AdapterError: late: timed out: no answer to request id \d+ \(input "https:\/\/a\.example\/"\) within 500 ms \(it had answered 0\)$/);
    } finally {
      await settle(c, a.close());
    }
  });

  it('a start within the limit, then answers within the per-request timeout: every answer counts, through the library too', async () => {
    const statuses: string[] = [];
    const c = fake();
    const a = childProcessAdapter('steady', process.execPath, [adapterScript(dir, 'steady', { waitToStart: true })], { requestTimeoutMs: 500, startupTimeoutMs: 10_000, onStatus: (m) => statuses.push(m) });
    try {
      const batch = a.parseBatch(Array.from({ length: 20 }, (_, i) => ({ input: `https://s${i}.example/`, base: null })));
      await until(() => existsSync(files(dir, 'steady').up), 'the adapter was started');
      // 1.5 s to start: past the per-request timeout, within the start-up limit
      c.tick(1500);
      writeFileSync(files(dir, 'steady').start, '');
      // its answers come while the clock stands still: within the per-request timeout, however slow this machine
      const outs = await batch;
      expect(outs.every((o) => !(o instanceof Error) && o.ok)).to.equal(true);
      expect(statuses[0]).to.match(/^starting steady…/);
      expect(statuses[1]).to.equal('steady: started in 1.5 s');
    } finally {
      await settle(c, a.close());
    }
  });
});
