// Honest runs (issue 20, item 7): `url-grammar compare` as a process of its own (the command from
// this package's sources, test/support/process-cli.ts), stopped by SIGINT once or twice, by SIGTERM,
// ending normally or with an error. Each run's processes are watched through /proc while it runs
// (everything below the command by parent, and the groups and sessions those lead, since a browser
// is started in a session of its own); once the command has ended, none of them may still run.
// Ctrl-C is exit status 130 with everything gathered written: the --jsonl lines of every case
// counted, the --report files marked partial with that count, --json. An adapter's preparation (a
// build on first use) runs before its request clock starts; a parser that answered nothing is exit
// status 1 with one line saying why. The browser runs start Chromium and Firefox through
// adapters/browser.js with TMPDIR set to a folder of the test's own, which must be empty at the end
// (the browser profile removed).

import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTER_TS } from './support/cli';

const root = join(__dirname, '..');
const SLOW = join(root, 'test', 'fixtures', 'adapters', 'slow.js');
const PROCESS_CLI = join(__dirname, 'support', 'process-cli.ts');
/** Writes that fail or wait on purpose (NODE_OPTIONS=--require it, with URL_GRAMMAR_TEST_WRITES). */
const FAILING_WRITES = join(root, '..', '..', 'test', 'support', 'failing-writes.js');
const HAS_PROC = process.platform === 'linux' && existsSync('/proc/self/stat');

interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  state: string;
  start: string;
  comm: string;
}

function readStat(pid: number): Proc | null {
  try {
    const t = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
    return { pid, comm: t.slice(t.indexOf('(') + 1, t.lastIndexOf(')')), state: f[0], ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]), start: f[19] };
  } catch {
    return null;
  }
}

function processTable(): Proc[] {
  return readdirSync('/proc')
    .filter((n) => /^[0-9]+$/.test(n))
    .map((n) => readStat(Number(n)))
    .filter((p): p is Proc => p !== null);
}

/** Watches the processes of the command `pid` (below it, and in the groups and sessions they lead) until stopped. */
function watchProcesses(pid: number): { seen: Map<string, Proc>; stop(): void } {
  const seen = new Map<string, Proc>();
  const look = () => {
    const all = processTable();
    const found = new Set<number>([pid]);
    const leaders = [pid];
    for (let i = 0; i < leaders.length; i++) {
      const q = leaders[i];
      for (const p of all) {
        if (found.has(p.pid)) continue;
        if (p.ppid === q || p.pgrp === q || p.session === q) {
          found.add(p.pid);
          leaders.push(p.pid);
        }
      }
    }
    for (const p of all) if (found.has(p.pid) && p.pid !== pid) seen.set(`${p.pid}/${p.start}`, p);
  };
  look();
  const timer = setInterval(look, 50);
  return { seen, stop: () => clearInterval(timer) };
}

/** The watched processes still running (a zombie has ended: only its parent's wait is missing). */
function survivors(seen: Map<string, Proc>): Proc[] {
  return [...seen.values()].filter((p) => {
    const now = readStat(p.pid);
    return now !== null && now.start === p.start && now.state !== 'Z' && now.state !== 'X';
  });
}

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  seen: Map<string, Proc>;
}

/** Starts the command as a process of its own, leader of its own group (as a shell's foreground job). */
function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, ['-r', REGISTER_TS, PROCESS_CLI, 'compare', ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const watch = watchProcesses(child.pid!);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      watch.stop();
      resolve({ code, signal });
    });
  });
  return { child, out: () => out, err: () => err, done, seen: watch.seen };
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGINT to the command's group, as Ctrl-C in a terminal sends it to the foreground job. */
function ctrlC(run: Run): void {
  try {
    process.kill(-run.child.pid!, 'SIGINT');
  } catch (e) {
    // a fast parser (Chromium) may have finished the cases in flight, and the run, already
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

/** Waits for the command to end (at most `ms`), then checks that nothing it started still runs. */
async function ended(run: Run, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const r = await Promise.race([run.done, sleep(ms).then(() => null)]);
  if (r === null) {
    process.kill(-run.child.pid!, 'SIGKILL');
    throw new Error(`the command did not end within ${ms} ms; its standard error:\n${run.err()}`);
  }
  // a process killed just now may need a moment to be gone from /proc as running (a browser's many
  // processes, on a machine busy with two other test runs, some seconds)
  await waitFor(() => survivors(run.seen).length === 0, 10_000);
  const left = survivors(run.seen);
  expect(left.map((p) => `${p.pid} ${p.comm}`), 'processes of the command still running after it ended').to.deep.equal([]);
  return r;
}

function corpus(dir: string, n: number): string {
  const file = join(dir, 'cases.txt');
  writeFileSync(file, Array.from({ length: n }, (_, i) => `https://h${i % 97}.example/p${i}?q=${i}`).join('\n') + '\n');
  return file;
}

function slowAdapter(name: string, delayMs: number, extra: string[] = []): string {
  return `${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(SLOW)} ${delayMs} ${extra.map((e) => JSON.stringify(e)).join(' ')}`;
}

/** The JSON lines of a --jsonl output: every one whole, their indexes 0, 1, 2, … in order. */
function jsonLines(out: string): Array<{ index: number; input: string }> {
  expect(out === '' || out.endsWith('\n'), 'the last JSON line is whole').to.equal(true);
  const lines = out.split('\n').filter((l) => l !== '');
  const records = lines.map((l) => JSON.parse(l) as { index: number; input: string });
  records.forEach((r, i) => expect(r.index).to.equal(i));
  return records;
}

function countIn(markdown: string): number {
  const m = /stopped by Ctrl-C after ([0-9,]+) cases/.exec(markdown);
  expect(m, 'the report says it is partial, and after how many cases').to.not.equal(null);
  return Number(m![1].replace(/,/g, ''));
}

(HAS_PROC ? describe : describe.skip)('compare: honest runs (Ctrl-C, SIGTERM, every child ended)', function () {
  // (skipped without /proc: the processes of a run are found there)
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-interrupt-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('Ctrl-C once: the cases in flight are still compared, every one counted is in --jsonl and in the partial --report files, exit 130, no process left', async () => {
    const ready = join(dir, 'ready');
    const md = join(dir, 'r.md');
    const html = join(dir, 'r.html');
    const run = startCli(['--corpus', corpus(dir, 20_000), '--against', 'node', '--workers', '1', '--jsonl', '--report', md, '--report', html, '--adapter', slowAdapter('slow', 1, ['--ready', ready, '--child'])]);
    expect(await waitFor(() => existsSync(ready), 30_000), `the adapter never answered; standard error:\n${run.err()}`).to.equal(true);
    // some cases compared and written, the rest of the 20,000 (one answer a millisecond) to come
    expect(await waitFor(() => run.out().includes('\n'), 30_000), `no case was written; standard error:\n${run.err()}`).to.equal(true);
    ctrlC(run);
    const r = await ended(run, 60_000);
    expect(r.code, run.err()).to.equal(130);
    const records = jsonLines(run.out());
    expect(records.length).to.be.above(0).and.below(20_000);
    // the summary on standard error, the report files and the JSON lines count the same cases
    expect(run.err()).to.include(`compare: ${records.length.toLocaleString('en-US')} cases,`);
    const markdown = readFileSync(md, 'utf8');
    expect(countIn(markdown)).to.equal(records.length);
    expect(markdown).to.match(/^Partial report: /m);
    const page = readFileSync(html, 'utf8');
    expect(page).to.include(`Partial report: the run was stopped by Ctrl-C after ${records.length.toLocaleString('en-US')} cases`);
    // every case counted, none of the adapter's answers lost: those in flight at Ctrl-C were waited for
    expect(run.err()).to.not.match(/could not answer|answered none/);
  });

  it('Ctrl-C twice: the cases in flight are not waited for, but everything counted is still written (--json and --report), exit 130, no process left', async () => {
    const ready = join(dir, 'ready');
    const md = join(dir, 'r.md');
    // 600 answers, then one a minute: two batches of 256 are counted, the third never completes
    const stalled = join(dir, 'stalled');
    const run = startCli(['--corpus', corpus(dir, 5_000), '--against', 'none', '--workers', '0', '--json', '--report', md, '--adapter', slowAdapter('slow', 0, ['--ready', ready, '--child', '--ignore-term', '--stall-after', '600', '--stalled', stalled])]);
    expect(await waitFor(() => existsSync(stalled), 30_000), `the adapter never answered 600; standard error:\n${run.err()}`).to.equal(true);
    ctrlC(run);
    expect(await waitFor(() => /compare: stopping:/.test(run.err()), 10_000), run.err()).to.equal(true);
    ctrlC(run);
    // it stopped waiting (SIGTERM, then SIGKILL for an adapter that ignores SIGTERM): waiting for the
    // stalled batch (one answer a minute) would outlast ended()'s 30 s, a hang guard, not a timing
    const r = await ended(run, 30_000);
    expect(r.code, run.err()).to.equal(130);
    const report = JSON.parse(run.out()) as { cases: number; stopped: boolean; adapters: Array<{ name: string; answered: number }> };
    expect(report.stopped).to.equal(true);
    expect(report.cases).to.equal(512);
    expect(report.adapters[0]).to.deep.include({ name: 'slow', answered: report.cases });
    expect(countIn(readFileSync(md, 'utf8'))).to.equal(report.cases);
    expect(run.err()).to.include('not waiting for the cases in flight');
  });

  it('Ctrl-C twice with --jsonl: the lines buffered so far are written, every one whole', async () => {
    const ready = join(dir, 'ready');
    const stalled = join(dir, 'stalled');
    const run = startCli(['--corpus', corpus(dir, 5_000), '--against', 'none', '--workers', '0', '--jsonl', '--adapter', slowAdapter('slow', 0, ['--ready', ready, '--stall-after', '600', '--stalled', stalled])]);
    expect(await waitFor(() => existsSync(stalled), 30_000), run.err()).to.equal(true);
    ctrlC(run);
    expect(await waitFor(() => /compare: stopping:/.test(run.err()), 10_000), run.err()).to.equal(true);
    ctrlC(run);
    const r = await ended(run, 30_000);
    expect(r.code, run.err()).to.equal(130);
    const records = jsonLines(run.out());
    // the two batches counted, the last lines of them (under 64 KiB) written only by the flush at the end
    expect(records.length).to.equal(512);
    expect(run.err()).to.include(`compare: ${records.length.toLocaleString('en-US')} cases,`);
  });

  it('SIGTERM: the adapters and what they started are ended with the command', async () => {
    const ready = join(dir, 'ready');
    const run = startCli(['--corpus', corpus(dir, 5_000), '--against', 'none', '--workers', '0', '--adapter', slowAdapter('slow', 20, ['--ready', ready, '--child', '--ignore-term'])]);
    expect(await waitFor(() => existsSync(ready), 30_000), run.err()).to.equal(true);
    // (the watcher reads /proc every 50 ms: wait until it has seen the adapter and its child)
    expect(await waitFor(() => survivors(run.seen).length >= 2, 10_000), `the adapter, its child (and its shell, if any) run: ${survivors(run.seen).length} seen`).to.equal(true);
    process.kill(run.child.pid!, 'SIGTERM');
    const r = await ended(run, 30_000);
    // the command line's own handler (src/cli/signals.ts): one line, exit 143 as a shell reports SIGTERM
    expect(r.code, run.err()).to.equal(143);
    expect(run.err().split('\n').filter((l) => l.startsWith('url-grammar: stopped'))).to.deep.equal(['url-grammar: stopped by SIGTERM']);
  });

  it('SIGHUP during the run: exit 129 with one line, the old --report left whole, no temporary file (nothing more is written)', async () => {
    const ready = join(dir, 'ready');
    const report = join(dir, 'r.md');
    writeFileSync(report, 'the previous report\n');
    const run = startCli(['--corpus', corpus(dir, 5_000), '--against', 'none', '--workers', '0', '--report', report, '--adapter', slowAdapter('slow', 20, ['--ready', ready])]);
    expect(await waitFor(() => existsSync(ready), 30_000), run.err()).to.equal(true);
    process.kill(run.child.pid!, 'SIGHUP');
    const r = await ended(run, 30_000);
    expect(r.code, run.err()).to.equal(129);
    expect(run.err().split('\n').filter((l) => l.startsWith('url-grammar: stopped'))).to.deep.equal(['url-grammar: stopped by SIGHUP']);
    expect(readFileSync(report, 'utf8')).to.equal('the previous report\n');
    expect(readdirSync(dir).sort()).to.deep.equal(['cases.txt', 'r.md', 'ready']);
  });

  it('a normal end, an error before the run and one after it (a report that cannot be written): no process left either way', async () => {
    // (the adapter answers once the watcher, which reads /proc every 50 ms, has seen it and its child)
    const go = join(dir, 'go');
    const ok = startCli(['--corpus', corpus(dir, 300), '--against', 'none', '--workers', '0', '--adapter', slowAdapter('slow', 0, ['--child', '--wait-for', go])]);
    expect(await waitFor(() => ok.seen.size >= 2, 30_000), ok.err()).to.equal(true);
    writeFileSync(go, '');
    expect((await ended(ok, 30_000)).code, ok.err()).to.equal(0);
    // (by count, not by name: Node 24 names its main thread, and so the process, "MainThread")
    expect(ok.seen.size, 'the adapter and its child were seen').to.be.at.least(2);
    // a folder that does not exist: found before the run, a usage error
    const bad = startCli(['--corpus', corpus(dir, 300), '--against', 'none', '--workers', '0', '--report', join(dir, 'no-such-folder', 'r.md'), '--adapter', slowAdapter('slow', 0, ['--child'])]);
    expect((await ended(bad, 30_000)).code, bad.err()).to.equal(2);
    expect(bad.err()).to.match(/^error: cannot write the report ".*r\.md": the folder .* does not exist\n$/);
    expect(bad.out()).to.equal('');
    // a disk that fills (the report's writes fail with ENOSPC: test/support/failing-writes.js): found after the run, the output still printed, exit 1
    const full = join(dir, 'full.md');
    const goLate = join(dir, 'go-late');
    const late = startCli(['--corpus', corpus(dir, 300), '--against', 'none', '--workers', '0', '--report', full, '--adapter', slowAdapter('slow', 0, ['--child', '--wait-for', goLate])], { NODE_OPTIONS: `--require ${FAILING_WRITES}`, URL_GRAMMAR_TEST_WRITES: 'enospc' });
    expect(await waitFor(() => late.seen.size >= 2, 30_000), late.err()).to.equal(true);
    writeFileSync(goLate, '');
    expect((await ended(late, 30_000)).code, late.err()).to.equal(1);
    expect(late.err()).to.match(/^error: cannot write the report ".*full\.md": no space left on device$/m);
    expect(existsSync(full)).to.equal(false);
    expect(late.out()).to.match(/^url-grammar compare: 300 cases /);
    expect(late.seen.size, 'the adapter and its child were seen').to.be.at.least(2);
  });

  it('a preparation (a build on first use) runs before the request clock starts: every answer counts with a request timeout shorter than the build', async () => {
    const manifest = join(dir, 'manifest.json');
    const built = join(dir, 'built');
    const entry = (name: string, prepare: string[]) => ({
      name,
      title: name,
      language: 'JavaScript',
      command: ['node', SLOW, '0'],
      prepare,
      requires: { commands: ['node'], debian: [] },
      install: 'nothing to install',
      mapping: 'test/fixtures/adapters/slow.js',
    });
    writeFileSync(
      manifest,
      // the build lasts until the test writes its file: once compare has said it is preparing, which it
      // says after a second of it, longer than the request timeout
      JSON.stringify([entry('slow-build', ['node', '-e', `(function wait() { if (!require('fs').existsSync(${JSON.stringify(built)})) setTimeout(wait, 10); })()`]), entry('broken-build', ['node', '-e', 'process.stderr.write("cc: error: no such file\\n"); process.exit(1)'])]),
    );
    const good = startCli(['--corpus', corpus(dir, 200), '--manifest', manifest, '--against', 'slow-build', '--timeout', '1000', '--workers', '0', '--json']);
    expect(await waitFor(() => /slow-build: preparing before its first request/.test(good.err()), 30_000), good.err()).to.equal(true);
    writeFileSync(built, '');
    expect((await ended(good, 30_000)).code, good.err()).to.equal(0);
    const rep = JSON.parse(good.out()) as { adapters: Array<{ name: string; answered: number; adapterErrors: number }> };
    expect(rep.adapters[0]).to.deep.include({ name: 'slow-build', answered: 200, adapterErrors: 0 });
    expect(good.err()).to.match(/slow-build: preparing before its first request/);
    // a build that fails: the parser answers nothing, and says why, even when not asked for by name
    const bad = startCli(['--corpus', corpus(dir, 50), '--manifest', manifest, '--against', 'all', '--workers', '0']);
    expect((await ended(bad, 30_000)).code, bad.err()).to.equal(1);
    const lines = bad.err().split('\n').filter((l) => /answered none/.test(l));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^compare: broken-build answered none of the 50 cases: broken-build: preparing it failed: .*exited with code 1.*no such file/);
  });

  it('a parser that answered nothing: exit 1, one line for each, with the reason', async () => {
    const run = startCli([
      '--corpus',
      corpus(dir, 20),
      '--against',
      'node',
      '--workers',
      '0',
      '--adapter',
      `dead=${JSON.stringify(process.execPath)} -e "process.stderr.write('no library here\\n'); process.exit(3)"`,
      '--adapter',
      slowAdapter('fine', 0),
    ]);
    expect((await ended(run, 30_000)).code).to.equal(1);
    const lines = run.err().split('\n').filter((l) => l.startsWith('compare: '));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^compare: dead answered none of the 20 cases: dead: the adapter exited with code 3 .*no library here/);
  });
});

/** The browser adapters: whether this machine can run one (its browser on PATH, puppeteer-core installed). */
function browserHere(names: string[]): string | null {
  const found = names.some((n) => spawnSync('sh', ['-c', `command -v ${n}`]).status === 0);
  if (!found) return `no ${names.join(' or ')} on PATH`;
  try {
    require.resolve('puppeteer-core', { paths: [root] });
  } catch {
    return 'puppeteer-core is not installed';
  }
  return null;
}

describe('compare: honest runs with a browser (no browser process and no profile folder left) @browser', function () {
  this.timeout(120_000);
  for (const [name, commands] of [
    ['chromium', ['chromium', 'chromium-browser', 'google-chrome']],
    ['firefox', ['firefox-esr', 'firefox']],
  ] as const) {
    const why = HAS_PROC ? browserHere([...commands]) : 'no /proc: the processes of a run are found there';
    // skipped, with the reason in the title, where the browser or puppeteer-core is not installed;
    // with CI set it runs and fails instead (.ci/run installs both)
    (why === null || process.env.CI ? it : it.skip)(`${name}: Ctrl-C twice, once it answers: exit 130, the browser gone, its profile removed${why === null ? '' : ` (skipped: ${why})`}`, async () => {
      if (why !== null) throw new Error(`${name} cannot run: ${why}; CI installs it (.ci/run)`);
      const tmp = mkdtempSync(join(tmpdir(), 'url-grammar-browser-tmp-'));
      const out = mkdtempSync(join(tmpdir(), 'url-grammar-browser-out-'));
      try {
        const md = join(out, 'r.md');
        const run = startCli(['--corpus', corpus(out, 200_000), '--against', name, '--workers', '1', '--jsonl', '--report', md], { TMPDIR: tmp });
        // the browser has started (a process named after it, below the command)
        const browser = name === 'chromium' ? /chrom/i : /firefox/i;
        expect(await waitFor(() => survivors(run.seen).some((p) => browser.test(p.comm)), 60_000), run.err()).to.equal(true);
        // its first cases compared and written (of 200,000: the run is far from its end)
        expect(await waitFor(() => run.out().includes('\n'), 60_000), run.err()).to.equal(true);
        ctrlC(run);
        expect(await waitFor(() => /compare: stopping:/.test(run.err()), 10_000), run.err()).to.equal(true);
        ctrlC(run);
        const r = await ended(run, 30_000);
        expect(r.code, run.err()).to.equal(130);
        const records = jsonLines(run.out());
        expect(countIn(readFileSync(md, 'utf8'))).to.equal(records.length);
        expect(readdirSync(tmp).filter((f) => /profile/i.test(f)), 'profile folders left in the temporary directory').to.deep.equal([]);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
});
