// What a parser, a corpus or an adapter's processes can do to `url-grammar compare`, and what they
// must not (issue 34): an adapter that starts a daemon (setsid, with or without its descriptors)
// neither keeps compare from exiting nor outlives it; the Markdown report makes no element of what
// a parser answered (rendered by markdown-it with raw HTML allowed); --jsonl says in one line why
// its exit status is 1 when an adapter could not answer some cases; the text output and the lines
// on standard error show control and bidi characters (ESC, U+202E) as escapes, while --json and
// --jsonl keep every string exact. Each adapter is a small script written in the test's own folder.

import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import type { CliIO } from 'url-grammar/cli';
import { captureIO, mainAsync, REGISTER_TS } from './support/cli';
import { childProcessAdapter } from '../src/compare';

const root = join(__dirname, '..');
const PROCESS_CLI = join(__dirname, 'support', 'process-cli.ts');
const HAS_PROC = process.platform === 'linux' && existsSync('/proc/self/stat');
/** util-linux's setsid, as a shell script would start a daemon with it. */
const HAS_SETSID = spawnSync('setsid', ['--version'], { stdio: 'ignore' }).status === 0;

const ESC = '\u001b';
const RLO = '\u202e';

/**
 * A Node adapter, `file` in `dir`, that answers each request with `answer(request, n)` (n counts
 * from 1). It records its pid and start time, and those of the pids given as its arguments (a
 * daemon's), in `file`.pids.json.
 */
function nodeAdapter(dir: string, file: string, answer: string): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    `'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const start = (pid) => { const t = readFileSync('/proc/' + pid + '/stat', 'utf8'); return t.slice(t.lastIndexOf(')') + 2).split(' ')[19]; };
// this process and the daemon (its pid the first argument), each with its start time
try {
  const pids = [process.pid, ...process.argv.slice(2).map(Number)].map((pid) => ({ pid, start: start(pid) }));
  writeFileSync(${JSON.stringify(join(dir, `${file}.pids.json`))}, JSON.stringify(pids));
} catch {
  // no /proc: nothing to record
}
const answer = ${answer};
let rest = '';
let n = 0;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  const lines = (rest + text).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    if (line.trim() === '') continue;
    const req = JSON.parse(line);
    process.stdout.write(JSON.stringify({ id: req.id, ...answer(req, ++n) }) + '\\n');
  }
});
`,
  );
  return path;
}

interface Recorded {
  pid: number;
  start: string;
}

/** Whether the process is still running: the same pid and start time, and not a zombie (which has ended; only its parent's wait is missing). */
function running(p: Recorded): boolean {
  try {
    const t = readFileSync(`/proc/${p.pid}/stat`, 'utf8');
    const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
    return f[19] === p.start && f[0] !== 'Z' && f[0] !== 'X';
  } catch {
    return false;
  }
}

/** The processes of `procs` still running after a moment (one killed just now may take it to be gone from /proc). */
async function stillRunning(procs: Recorded[]): Promise<number[]> {
  const until = Date.now() + 1000;
  while (procs.some(running) && Date.now() < until) await new Promise((res) => setTimeout(res, 50));
  return procs.filter(running).map((p) => p.pid);
}

function recorded(file: string): Recorded[] {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Recorded[]) : [];
}

/** Runs `url-grammar compare` as a process of its own; null when it has not ended within `ms` (it is killed then). */
async function runCli(args: string[], ms: number): Promise<{ code: number | null; err: string } | null> {
  const child = spawn(process.execPath, ['-r', REGISTER_TS, PROCESS_CLI, 'compare', ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([ended, new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)))]);
  clearTimeout(timer);
  if (code === 'late') {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone just now
    }
    child.stderr!.destroy();
    return null;
  }
  return { code, err };
}

// (skipped without /proc, where the processes are found, or without util-linux's setsid, which
// starts the daemon as a shell script would)
(HAS_PROC && HAS_SETSID ? describe : describe.skip)('compare: an adapter that starts a daemon (setsid)', function () {
  this.timeout(90_000);
  /** Within this, compare has ended: without the fixes, it waited for the daemon's sleep of 300 s. */
  const PROMPT_MS = 30_000;
  let dir: string;
  let pidFiles: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-daemon-'));
    pidFiles = [];
  });
  afterEach(() => {
    // a failed run may leave its daemon: end it here, by the pid and start time it recorded
    for (const f of pidFiles) {
      for (const p of recorded(f)) {
        if (running(p)) process.kill(p.pid, 'SIGKILL');
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const corpus = () => {
    const file = join(dir, 'cases.txt');
    writeFileSync(file, 'https://example.com/\nhttp://[::1]/\nno scheme\n');
    return file;
  };

  /** An adapter script that starts `setsid sleep 300` (its descriptors redirected as `redirect` says), then becomes the Node adapter. */
  const daemonAdapter = (redirect: string) => {
    const answer = nodeAdapter(dir, 'answer.js', '() => ({ ok: false, message: "no" })');
    const script = join(dir, 'adapter.sh');
    writeFileSync(script, `setsid sleep 300 ${redirect} &\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(answer)} $!\n`);
    pidFiles.push(`${answer}.pids.json`);
    return script;
  };

  /** A script that records its pid and start time in `record`, then waits 300 s: a daemon to start with setsid. */
  const daemonScript = (record: string) => {
    const daemon = `${record}.js`;
    writeFileSync(
      daemon,
      `const t = require('node:fs').readFileSync('/proc/self/stat', 'utf8');
require('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify([{ pid: process.pid, start: t.slice(t.lastIndexOf(')') + 2).split(' ')[19] }]));
setTimeout(() => {}, 300_000);
`,
    );
    pidFiles.push(record);
    return daemon;
  };

  for (const [what, redirect] of [
    ['holding the adapter’s standard output and error open', ''],
    ['with its descriptors closed', '</dev/null >/dev/null 2>&1'],
  ] as const) {
    it(`one ${what}: compare exits promptly, and neither the adapter nor the daemon is left`, async () => {
      const script = daemonAdapter(redirect);
      const r = await runCli(['--corpus', corpus(), '--against', 'none', '--workers', '0', '--jsonl', '--adapter', `d=sh ${JSON.stringify(script)}`], PROMPT_MS);
      expect(r, `compare had not ended within ${PROMPT_MS} ms`).to.not.equal(null);
      expect(r!.code, r!.err).to.equal(0);
      const procs = recorded(pidFiles[0]);
      expect(procs.length, 'the adapter recorded itself and its daemon').to.equal(2);
      expect(await stillRunning(procs), 'processes of the run still running').to.deep.equal([]);
    });
  }

  it('one started by the preparation (a build on first use) holding its standard error: the preparation still ends, and so does the daemon', async () => {
    const answer = nodeAdapter(dir, 'answer.js', '() => ({ ok: false, message: "no" })');
    const record = join(dir, 'daemon.pids.json');
    const daemon = daemonScript(record);
    const prepare = join(dir, 'prepare.sh');
    writeFileSync(prepare, `setsid ${JSON.stringify(process.execPath)} ${JSON.stringify(daemon)} &\nwhile [ ! -s ${JSON.stringify(record)} ]; do sleep 0.05; done\nexit 0\n`);
    const manifest = join(dir, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify([{ name: 'prepared', title: 'prepared first', language: 'sh', command: ['node', answer], prepare: ['sh', prepare], requires: { commands: ['sh'], debian: [] }, install: 'nothing', mapping: 'none' }]),
    );
    const r = await runCli(['--corpus', corpus(), '--manifest', manifest, '--against', 'prepared', '--workers', '0', '--jsonl'], PROMPT_MS);
    expect(r, `compare had not ended within ${PROMPT_MS} ms`).to.not.equal(null);
    expect(r!.code, r!.err).to.equal(0);
    const procs = recorded(pidFiles[0]);
    expect(procs.length, 'the daemon recorded itself').to.equal(1);
    expect(await stillRunning(procs), 'the daemon still running').to.deep.equal([]);
  });

  it('one started by a version command (compare --list): gone when that command has ended', async () => {
    const record = join(dir, 'version-daemon.pids.json');
    const daemon = daemonScript(record);
    // the daemon closes its descriptors, so that the command's output ends with the command
    const version = `setsid ${JSON.stringify(process.execPath)} ${JSON.stringify(daemon)} </dev/null >/dev/null 2>&1 &\nwhile [ ! -s ${JSON.stringify(record)} ]; do sleep 0.05; done\necho 'daemon 1.0'\n`;
    writeFileSync(join(dir, 'version.sh'), version);
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify([{ name: 'versioned', title: 't', language: 'sh', command: ['node', daemon], version: ['sh', join(dir, 'version.sh')], requires: { commands: ['sh'], debian: [] }, install: 'nothing', mapping: 'none' }]));
    const list = captureIO();
    expect(await mainAsync(['compare', '--list', '--manifest', manifest], list.io)).to.equal(0);
    expect(list.out()).to.match(/versioned +daemon 1\.0/);
    const listed = recorded(record);
    expect(listed.length, 'the daemon recorded itself').to.equal(1);
    expect(await stillRunning(listed), 'the version command’s daemon still running').to.deep.equal([]);
  });

  it('one started by an adapter run in one go (parseAllSync, the library’s synchronous mode): gone when it returns', async () => {
    const answer = nodeAdapter(dir, 'answer.js', '() => ({ ok: false, message: "no" })');
    const syncRecord = join(dir, 'sync-daemon.pids.json');
    writeFileSync(join(dir, 'sync.sh'), `setsid ${JSON.stringify(process.execPath)} ${JSON.stringify(daemonScript(syncRecord))} </dev/null >/dev/null 2>&1 &\nwhile [ ! -s ${JSON.stringify(syncRecord)} ]; do sleep 0.05; done\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(answer)}\n`);
    const outcomes = childProcessAdapter('sync', 'sh', [join(dir, 'sync.sh')]).parseAllSync([{ input: 'https://example.com/', base: null }]);
    expect(outcomes).to.deep.equal([{ ok: false, message: 'no' }]);
    const synced = recorded(syncRecord);
    expect(synced.length, 'the daemon recorded itself').to.equal(1);
    expect(await stillRunning(synced), 'the daemon of the adapter run in one go still running').to.deep.equal([]);
  });
});

/** The hostile answers: HTML, Markdown links and images, a table's pipe, newlines, ESC and U+202E, by turns. */
const HOSTILE = `(req, n) => {
  const tag = '<img src=x onerror=alert(1)>';
  if (n % 3 === 0) return { error: '<iframe src=https://evil.example/></iframe> | [x](https://evil.example/) \\u001b[2J \\u202e' };
  if (n % 3 === 1) return { ok: false, message: 'bad | pipe\\n# heading <script>alert(1)</script> [link](https://evil.example/) ![i](https://evil.example/i.png) www.evil.example \`code\` \\u001b[31m \\u202e' };
  return { ok: true, href: 'http://' + tag + '/', protocol: 'http:', username: '', password: '', host: tag + '|a\`b\`[l](https://evil.example/)', hostname: tag + '|\\nx', port: '', pathname: '/', search: '', hash: '' };
}`;

/** Inputs with a pipe, backticks, ESC and U+202E. */
const INPUTS = ['https://example.com/a|b', 'http://x/`y`', `http://a${ESC}[31mb${RLO}c/`, 'http://[::1]/', 'https://example.org/', 'not a URL <img src=x>', 'http://example.net/p?q#f'];

describe('compare: what a parser answers is shown, never obeyed', function () {
  this.timeout(60_000);
  let dir: string;
  let io: { io: CliIO; out: () => string; err: () => string };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-safety-'));
    writeFileSync(join(dir, 'cases.txt'), INPUTS.join('\n') + '\n');
    io = captureIO({ readFile: (path) => readFileSync(path) });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the Markdown report, rendered with raw HTML allowed, has no element that came from a parser', async () => {
    const adapter = nodeAdapter(dir, 'hostile.js', HOSTILE);
    const manifest = join(dir, 'manifest.json');
    // its version command's first line is the parser's version in the report
    const version = "console.log('<img src=x onerror=alert(2)> | [v](https://evil.example/) www.evil.example')";
    writeFileSync(
      manifest,
      JSON.stringify([{ name: 'hostile', title: 'answers in HTML', language: 'JavaScript', command: ['node', adapter], version: ['node', '-e', version], requires: { commands: [], debian: [] }, install: 'nothing', mapping: 'none' }]),
    );
    const md = join(dir, 'r.md');
    const code = await mainAsync(['compare', '--corpus', join(dir, 'cases.txt'), '--manifest', manifest, '--against', 'node,whatwg-url,hostile', '--workers', '0', '--report', md], io.io);
    expect(code, io.err()).to.equal(1); // hostile could not answer some cases
    const markdown = readFileSync(md, 'utf8');
    const html = new MarkdownIt({ html: true, linkify: true }).render(markdown);
    // every element is one the report makes itself
    const tags = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1].toLowerCase()));
    // (pre: the block to cite the report by, a fenced code block)
    expect([...tags].filter((t) => !['h1', 'h2', 'h3', 'p', 'ul', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'strong', 'code', 'a', 'pre'].includes(t))).to.deep.equal([]);
    expect(html.match(/<h1>/g)).to.have.length(1);
    // its only links are to the standard's sections
    // (the steps pinned to the url.bs url-grammar implements, or in the live standard)
    for (const m of html.matchAll(/<a href="([^"]*)"/g)) expect(m[1]).to.match(/^https:\/\/(url\.spec\.whatwg\.org\/#|github\.com\/whatwg\/url\/blob\/6ae8486\/url\.bs#L[0-9]+$)/);
    // no pipe or newline broke a table: each row has as many cells as its header
    for (const table of html.split('<table>').slice(1)) {
      const rows = table.slice(0, table.indexOf('</table>')).split('<tr>').slice(1);
      const width = rows[0].split('<th').length - 1;
      for (const row of rows.slice(1)) expect(row.split('<td').length - 1, row).to.equal(width);
    }
    // and the hostile values are there, as text
    expect(html).to.include('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).to.include('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdown).to.not.include(ESC);
    expect(markdown).to.not.include(RLO);
  });

  it('--jsonl with an adapter that could not answer some cases: exit status 1, and one line on standard error says which, how many and why', async () => {
    const adapter = nodeAdapter(dir, 'partial.js', "(req) => (req.input.includes('example') ? { error: 'no parser for this one' } : { ok: false, message: 'no' })");
    const code = await mainAsync(['compare', '--corpus', join(dir, 'cases.txt'), '--against', 'none', '--workers', '0', '--jsonl', '--adapter', `part=${JSON.stringify(process.execPath)} ${JSON.stringify(adapter)}`], io.io);
    expect(code).to.equal(1);
    const unanswered = INPUTS.filter((i) => i.includes('example')).length;
    const lines = io.err().trimEnd().split('\n');
    expect(lines.filter((l) => l.includes('could not answer'))).to.deep.equal([`compare: part could not answer ${unanswered} of the ${INPUTS.length} cases: ${unanswered}× part: could not answer: no parser for this one`]);
    // standard output holds the cases only, and them exactly
    expect(io.out().trimEnd().split('\n').map((l) => (JSON.parse(l) as { input: string }).input)).to.deep.equal(INPUTS);
  });

  it('the text output shows ESC and U+202E in inputs, values and messages as escapes; --json keeps them exact', async () => {
    const adapter = nodeAdapter(dir, 'hostile.js', HOSTILE);
    const args = ['compare', '--corpus', join(dir, 'cases.txt'), '--against', 'node,whatwg-url,url-parse', '--workers', '0', '--adapter', `hostile=${JSON.stringify(process.execPath)} ${JSON.stringify(adapter)}`];
    expect(await mainAsync(args, { ...io.io, color: false })).to.equal(1);
    const text = io.out();
    // whatwg-url's message holds the input as it is (shown where url-parse parses it and whatwg-url
    // fails); the adapter's messages hold ESC and U+202E
    expect(text).to.include('"http://a\\u001b[31mb\\u202ec/"');
    // (escaped as url-grammar/cli's printable writes a control character: the form is its own)
    expect(text).to.match(/whatwg-url: fails \(Invalid URL: http:\/\/a\S+\[31mb\S+c\/\)/);
    for (const [name, c] of [['ESC', ESC], ['U+202E', RLO], ['a newline inside a value or message', '\n# heading']] as const) expect(text.includes(c), name).to.equal(false);
    expect(text).to.not.match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);

    const json = captureIO({ readFile: (path) => readFileSync(path) });
    expect(await mainAsync([...args, '--json'], json.io)).to.equal(1);
    const rep = JSON.parse(json.out()) as {
      adapters: Array<{ name: string; components: Record<string, { examples: Array<{ input: string }> }> }>;
      pairs: Array<{ a: string; b: string; examples: Array<{ input: string; a: { message?: string }; b: { message?: string } }> }>;
    };
    const input = `http://a${ESC}[31mb${RLO}c/`;
    expect(rep.adapters.find((a) => a.name === 'url-parse')!.components.parse.examples.map((e) => e.input)).to.include(input);
    const pair = rep.pairs.find((p) => p.a === 'whatwg-url' && p.b === 'url-parse')!;
    expect(pair.examples.find((e) => e.input === input)!.a.message).to.equal(`Invalid URL: ${input}`);
  });

  it('the lines on standard error show them as escapes too (an adapter that fails, with ESC and U+202E in its standard error)', async () => {
    const crash = join(dir, 'crash.js');
    writeFileSync(crash, "process.stderr.write('broken \\u001b[2J \\u202e gone\\n'); process.exit(3);\n");
    const code = await mainAsync(['compare', '--corpus', join(dir, 'cases.txt'), '--against', 'none', '--workers', '0', '--jsonl', '--adapter', `crash=${JSON.stringify(process.execPath)} ${JSON.stringify(crash)}`], io.io);
    expect(code).to.equal(1);
    const err = io.err();
    expect(err).to.match(/^compare: crash answered none of the 7 cases: crash: the adapter exited with code 3 .*broken \\u001b\[2J \S+ gone/m);
    expect(err).to.not.match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});
