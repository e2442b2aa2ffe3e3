// compare at scale: the streaming engine (bounded cases in flight, --jsonl, standard input), the
// corpora (line reading in pieces, --generate and its seed, fast-check loaded only then), the
// adapters manifest (--list, --against with a manifest name), an adapter wrong on purpose (exactly
// its wrong answers reported, in the components and the classes), the reports (.md, .html), and
// every hostile adapter behaviour, each with short timeouts so that each test takes seconds:
// blank lines forever, silence, a child that outlives the adapter, an endless line, a crash
// mid-way (the answers before it kept). The fixtures are in test/fixtures/adapters/.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIO } from 'url-grammar/cli';
import { captureIO, CORE_ROOT, mainAsync, REGISTER_TS } from './support/cli';
import { AdapterError, builtinAvailability, childProcessAdapter, nodeLegacyAdapter, type CompareCase, type Result } from '../src/compare';
import { formatList, quoted } from '../src/cli';
import { codeSpan } from '../src/report';
import { micromark } from 'micromark';
import { checkAvailable, readManifest, type Resolver } from '../src/manifest';
import { caseFromJsonLine, generatedCorpus, MAX_CORPUS_LINE_BYTES, readLines, type LineStats } from '../src/corpus';
import { compareStream, type CaseRecord } from '../src/stream';
import { CLASSES } from '../src/classes';

const root = join(__dirname, '..');
const FIXTURES = join(root, 'test', 'fixtures', 'adapters');
const HOSTILE = join(FIXTURES, 'hostile.js');
const MANIFEST = join(root, 'test/fixtures/adapters/manifest.json');

/** Inputs on which Node's URL and url-grammar agree on every getter. */
const PLAIN: CompareCase[] = Array.from({ length: 40 }, (_, i) => ({ input: `https://h${i}.example:${8000 + i}/a/../p${i}?q=${i}#f${i}`, base: null }));

function fakeIO(files: Record<string, string> = {}, stdinChunks: string[] = []): { io: CliIO; out: () => string; err: () => string } {
  return captureIO({
    readFile: (path) => (Object.prototype.hasOwnProperty.call(files, path) ? Buffer.from(files[path], 'utf8') : readFileSync(path)),
    openRead: (path) => (path === '-' ? stdinChunks.map((c) => Buffer.from(c, 'utf8')) : [Buffer.from(files[path] ?? readFileSync(path).toString('utf8'), 'utf8')]),
    fileSize: (path) => (path === '-' ? undefined : Buffer.byteLength(files[path] ?? readFileSync(path).toString('utf8'))),
  });
}

/** Whether the process has ended: gone, or a zombie that its new parent (init) has not reaped yet. */
function processGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    // (no /proc entry: the process is gone; without /proc at all, ask the kernel)
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('compare at scale: hostile adapters', function () {
  this.timeout(30_000);
  const hostile = (mode: string, options: Parameters<typeof childProcessAdapter>[3] = {}, extra: string[] = []) => childProcessAdapter(mode, process.execPath, [HOSTILE, mode, ...extra], options);

  // (that it ends at all is the bound on its time: mocha's timeout above; no wall-clock figure here)
  it('blank lines forever after answering every case: every answer counts, and it ends, in bounded memory', async () => {
    const before = process.memoryUsage().rss;
    const rep = await compareStream(PLAIN, { adapters: [hostile('blank-flood')], workers: 0, batchSize: 8 });
    const a = rep.adapters[0];
    expect(a).to.deep.include({ name: 'blank-flood', answered: PLAIN.length, adapterErrors: 0 });
    expect(a.components.href).to.deep.include({ compared: PLAIN.length, agreed: PLAIN.length });
    expect(process.memoryUsage().rss - before).to.be.below(200 * 1024 * 1024);
  });

  it('blank lines instead of answers: the adapter is ended after maxBlankLines of them in a row', async () => {
    // "blank-flood" answers as it reads; a request it never gets to is not needed: the flood starts
    // only when its input ends, so make a client that ends its input early through close()
    const a = hostile('blank-flood', { maxBlankLines: 1000, requestTimeoutMs: 5000 });
    const first = await a.parseBatch(PLAIN.slice(0, 2));
    expect(first.every((o) => !(o instanceof AdapterError))).to.equal(true);
    // a grace period longer than mocha's timeout: only the blank-line limit can end it in time
    await a.close({ graceMs: 600_000 });
  });

  it('a silent adapter: each waiting request fails after the short start-up limit (it never says its first line), not the total one', async () => {
    const rep = await compareStream(PLAIN.slice(0, 10), { adapters: [hostile('silent', { requestTimeoutMs: 300, startupTimeoutMs: 300 })], workers: 0 });
    const a = rep.adapters[0];
    expect(a.answered).to.equal(0);
    expect(a.adapterErrors).to.equal(10);
    expect(a.adapterErrorMessages[0].message).to.equal('silent: timed out: it did not start: no first answer within the start-up limit of 300 ms');
  });

  it('the CLI: --startup-timeout bounds a silent adapter, so it holds the run for that long only (exit 1)', async () => {
    const { io, out } = fakeIO({ 'c.txt': 'https://a.example/\nhttps://b.example/\n' });
    const code = await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'none', '--timeout', '300', '--startup-timeout', '300', '--workers', '0', '--adapter', `quiet=${JSON.stringify(process.execPath)} ${JSON.stringify(HOSTILE)} silent`], io);
    expect(code).to.equal(1);
    expect(out()).to.match(/quiet: could not answer 2 cases\n {2}2× quiet: timed out: it did not start: no first answer within the start-up limit of 300 ms/);
  });

  it("an adapter whose child outlives it: after the timeout the child is gone too (the process group is killed)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-orphan-'));
    try {
      const pidFile = join(dir, 'child.pid');
      // (a start-up limit that a Node process starting on a busy machine, two test runs beside it,
      // still meets: the adapter must have written its child's pid before it is ended)
      const rep = await compareStream(PLAIN.slice(0, 3), { adapters: [hostile('orphan', { requestTimeoutMs: 500, startupTimeoutMs: 5000 }, [pidFile])], workers: 0 });
      expect(rep.adapters[0].adapterErrors).to.equal(3);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      expect(pid).to.be.above(0);
      expect(await waitFor(() => processGone(pid), 10_000), `process ${pid} still runs 10 s after its adapter was ended`).to.equal(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an endless line: the adapter is ended at maxLineBytes, and the answer before it kept', async () => {
    const before = process.memoryUsage().rss;
    const rep = await compareStream(PLAIN.slice(0, 5), { adapters: [hostile('huge-line', { maxLineBytes: 4 << 20 })], workers: 0 });
    const a = rep.adapters[0];
    expect(a.answered).to.equal(1);
    expect(a.components.href).to.deep.include({ compared: 1, agreed: 1 });
    expect(a.adapterErrors).to.equal(4);
    expect(a.adapterErrorMessages[0].message).to.equal('huge-line: a response line longer than 4194304 bytes (it had answered 1)');
    expect(process.memoryUsage().rss - before).to.be.below(200 * 1024 * 1024);
  });

  it('a crash mid-way: the answers before it count, the rest say why', async () => {
    const records: CaseRecord[] = [];
    const rep = await compareStream(PLAIN.slice(0, 10), { adapters: [hostile('crash-midway', {}, ['4'])], workers: 0, batchSize: 3, onCase: (r) => void records.push(r) });
    const a = rep.adapters[0];
    expect(a.answered).to.equal(4);
    expect(a.adapterErrors).to.equal(6);
    expect(a.components.href).to.deep.include({ compared: 4, agreed: 4 });
    expect(a.adapterErrorMessages[0].message).to.match(/^crash-midway: the adapter exited with code 1 before answering \d+ requests? \(it had answered 4\)$/);
    expect(records.map((r) => ('error' in (r.results['crash-midway'] as object) ? 'error' : 'ok'))).to.deep.equal([...Array(4).fill('ok'), ...Array(6).fill('error')]);
  });
});

describe('compare at scale: streaming', function () {
  this.timeout(60_000);

  it('holds a bounded number of cases in flight, whatever the length of the stream', async () => {
    let pulled = 0;
    let counted = 0;
    let most = 0;
    function* source(): Generator<CompareCase> {
      for (let i = 0; i < 20_000; i++) {
        pulled++;
        most = Math.max(most, pulled - counted);
        yield { input: `https://h${i % 97}.example/${i}`, base: null };
      }
    }
    const rep = await compareStream(source(), { workers: 0, batchSize: 100, maxPending: 3, onCase: () => void counted++ });
    expect(rep.cases).to.equal(20_000);
    expect(counted).to.equal(20_000);
    // at most maxPending batches waiting, plus the one being filled
    expect(most).to.be.at.most(4 * 100);
  });

  it('a stop (Ctrl-C in the CLI): no more cases are read, and every case read is counted', async () => {
    let pulled = 0;
    function* source(): Generator<CompareCase> {
      for (let i = 0; i < 100_000; i++) {
        pulled++;
        yield { input: `https://h.example/${i}`, base: null };
      }
    }
    const stop = new AbortController();
    const rep = await compareStream(source(), { workers: 0, batchSize: 50, signal: stop.signal, onCase: (r) => void (r.index === 120 && stop.abort()) });
    expect(rep.stopped).to.equal(true);
    expect(rep.cases).to.equal(pulled);
    expect(rep.cases).to.be.below(1000);
  });

  it('built-in parsers on worker threads give the same counts as in this thread', async () => {
    const cases = JSON.parse(readFileSync(join(CORE_ROOT, 'test/wpt/urltestdata.json'), 'utf8'))
      .filter((c: unknown) => typeof c === 'object')
      .map((c: { input: string; base: string | null }) => ({ input: c.input, base: c.base ?? null }));
    const local = await compareStream(cases, { builtins: ['node', 'whatwg-url'], workers: 0 });
    const threads = await compareStream(cases, { builtins: ['node', 'whatwg-url'], workers: 2 });
    expect(threads.cases).to.equal(cases.length);
    expect(threads.adapters).to.deep.equal(local.adapters);
    expect(threads.classes).to.deep.equal(local.classes);
    // whatwg-url is the reference implementation: it agrees on every href of the WPT inputs
    expect(local.adapters[1].components.href.agreed).to.equal(local.adapters[1].components.href.compared);
  });

  it('reads lines in pieces: split anywhere, CRLF, empty lines, and a too-long line skipped, not kept', async () => {
    const text = 'https://a/\r\n\nhttps://b/\n' + 'x'.repeat(5000) + '\nhttps://é/\nlast';
    const bytes = Buffer.from(text, 'utf8');
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const stats: LineStats = { bytes: 0, skipped: 0 };
    const got: string[] = [];
    for await (const l of readLines(chunks, stats, 1000)) got.push(l);
    expect(got).to.deep.equal(['https://a/', 'https://b/', 'https://é/', 'last']);
    expect(stats).to.deep.equal({ bytes: bytes.length, skipped: 1 });
  });

  it('says how many corpus lines it skipped and why (a line over 1 MiB): in the text, in --json per source, on standard error with --jsonl, in --report', async () => {
    const long = 'https://h/' + 'x'.repeat(Math.ceil(1.1 * MAX_CORPUS_LINE_BYTES));
    const files = { 'c.txt': `https://a/\n${long}\nhttps://b/\n${long}\r\nhttps://c/\n`, 'd.txt': 'https://d/\n' };
    const args = ['compare', '--corpus', 'c.txt', '--corpus', 'd.txt', '--against', 'node', '--workers', '0'];

    const text = fakeIO(files);
    expect(await mainAsync(args, text.io)).to.equal(0);
    const lines = text.out().split('\n');
    expect(lines[0]).to.equal('url-grammar compare: 4 cases (3 from c.txt, 1 from d.txt); reference url-grammar');
    expect(lines[1]).to.equal('(skipped 2 lines of c.txt: 2 over 1 MiB)');
    expect(text.out()).to.not.contain('of d.txt');

    const json = fakeIO(files);
    expect(await mainAsync([...args, '--json'], json.io)).to.equal(0);
    expect(JSON.parse(json.out()).corpus).to.deep.equal({
      cases: 4,
      sources: [
        { name: 'c.txt', cases: 3, skipped: { tooLong: 2, invalid: 0 } },
        { name: 'd.txt', cases: 1, skipped: { tooLong: 0, invalid: 0 } },
      ],
    });

    const jsonl = fakeIO(files);
    expect(await mainAsync([...args, '--jsonl'], jsonl.io)).to.equal(0);
    expect(jsonl.out().trimEnd().split('\n').map((l) => JSON.parse(l).input)).to.deep.equal(['https://a/', 'https://b/', 'https://c/', 'https://d/']);
    expect(jsonl.err().split('\n')[0]).to.equal('compare: skipped 2 lines of c.txt: 2 over 1 MiB');

    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-skipped-'));
    try {
      const md = join(dir, 'r.md');
      expect(await mainAsync([...args, '--report', md], fakeIO(files).io)).to.equal(0);
      // the note is Markdown text with its punctuation escaped: it holds file names
      expect(readFileSync(md, 'utf8')).to.contain('Produced by url-grammar compare\\. Skipped 2 lines of c\\.txt: 2 over 1 MiB\\.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a .jsonl corpus (or --corpus-format jsonl): any string is an input, a tab or a lone surrogate too; a line that is not a case is skipped and counted', async () => {
    // The file as written: "\t" and "\ud800" are JSON escapes, so the line itself holds neither.
    const file = [
      String.raw`{"input": "https://a.example/x\ty", "base": null}`,
      String.raw`{"input": "q\ud800r", "base": "https://h.example/p/"}`,
      'not JSON',
      '',
      '{"input": 1}',
      '{"input": "https://c.example/", "note": "no base, and a member that is not read"}',
      '{"input": "https://d.example/", "base": 7}',
    ].join('\n');
    // The reader gives the lone surrogate as it is; the engine then gives every parser the scalar
    // value string (U+FFFD for it), and that is the input its records show.
    expect(caseFromJsonLine(file.split('\n')[1])).to.deep.equal({ input: 'q\ud800r', base: 'https://h.example/p/' });
    const cases = [
      ['https://a.example/x\ty', null],
      ['q\ufffdr', 'https://h.example/p/'],
      ['https://c.example/', null],
    ];
    const args = ['compare', '--corpus', 'c.jsonl', '--against', 'node', '--workers', '0'];

    const jsonl = fakeIO({ 'c.jsonl': file });
    expect(await mainAsync([...args, '--jsonl'], jsonl.io)).to.equal(0);
    const records = jsonl.out().trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(records.map((r) => [r.input, r.base])).to.deep.equal(cases);
    // The URL parser removes a tab; U+FFFD is percent-encoded in a path.
    expect(records[0].results['url-grammar'].href).to.equal('https://a.example/xy');
    expect(records[1].results['url-grammar'].href).to.equal('https://h.example/p/q%EF%BF%BDr');
    expect(jsonl.err().split('\n')[0]).to.match(/^compare: skipped 3 lines of c\.jsonl: 3 not a case \(the first: line 3: not JSON: .+\)$/);

    const json = fakeIO({ 'c.jsonl': file });
    expect(await mainAsync([...args, '--json'], json.io)).to.equal(0);
    const rep = JSON.parse(json.out());
    expect(rep.cases).to.equal(3);
    expect(rep.corpus.sources).to.have.length(1);
    const { firstInvalid, ...counts } = rep.corpus.sources[0].skipped;
    expect(counts).to.deep.equal({ tooLong: 0, invalid: 3 });
    expect(firstInvalid.line).to.equal(3);
    expect(firstInvalid.reason).to.match(/^not JSON: /);
    expect(rep.corpus.sources[0]).to.include({ name: 'c.jsonl', cases: 3 });

    const text = fakeIO({ 'c.jsonl': file });
    expect(await mainAsync(args, text.io)).to.equal(0);
    expect(text.out().split('\n')[1]).to.match(/^\(skipped 3 lines of c\.jsonl: 3 not a case \(the first: line 3: not JSON: .+\)\)$/);

    // The reasons, one by one.
    expect(caseFromJsonLine('[1]')).to.equal('not a JSON object');
    expect(caseFromJsonLine('{"input": 1}')).to.equal('no string "input"');
    expect(caseFromJsonLine('{"input": "a", "base": 7}')).to.equal('"base" is neither a string nor null');

    // From standard input, in pieces that split the lines, with --corpus-format.
    const stdin = fakeIO({}, [file.slice(0, 20), file.slice(20, 61), file.slice(61)]);
    expect(await mainAsync(['compare', '--corpus', '-', '--corpus-format', 'jsonl', '--against', 'node', '--jsonl', '--workers', '0'], stdin.io)).to.equal(0);
    expect(stdin.out().trimEnd().split('\n').map((l) => JSON.parse(l)).map((r) => [r.input, r.base])).to.deep.equal(cases);

    // Under another name, --corpus-format says how it is read; without it, a tab is still the base separator.
    const named = fakeIO({ 'c.txt': file });
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--corpus-format', 'jsonl', '--against', 'node', '--json', '--workers', '0'], named.io)).to.equal(0);
    expect(JSON.parse(named.out()).cases).to.equal(3);
    const tabbed = fakeIO({ 'c.txt': 'https://a.example/x\ty\n' });
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'node', '--jsonl', '--workers', '0'], tabbed.io)).to.equal(0);
    expect(JSON.parse(tabbed.out()).base).to.equal('y');

    for (const bad of [['--corpus', 'c.jsonl', '--corpus-format', 'yaml'], ['--corpus-format', 'jsonl']]) {
      const { io, err } = fakeIO({ 'c.jsonl': file });
      expect(await mainAsync(['compare', ...bad, '--against', 'node', '--workers', '0'], io)).to.equal(2);
      expect(err()).to.match(/--corpus-format/);
    }
  });

  it('--jsonl: one line per case, in order, from standard input (--corpus -)', async () => {
    const { io, out, err } = fakeIO({}, ['https://exa', 'mple.com/a/../b\nnon-special:opaque  ?hi\n../c\thttps://x/a/', 'b\nnot a url\n']);
    expect(await mainAsync(['compare', '--corpus', '-', '--against', 'node', '--jsonl', '--workers', '0'], io)).to.equal(0);
    const lines = out().trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.index, l.input, l.base])).to.deep.equal([
      [0, 'https://example.com/a/../b', null],
      [1, 'non-special:opaque  ?hi', null],
      [2, '../c', 'https://x/a/b'],
      [3, 'not a url', null],
    ]);
    expect(lines[0].results['url-grammar'].href).to.equal('https://example.com/b');
    expect(lines[2].results.node.href).to.equal('https://x/c');
    expect(lines[3].results.node.ok).to.equal(false);
    // Node 20 and 22 keep the spaces before "?" in an opaque path; the standard and Node 24 do not
    const nodeKeeps = new URL('non-special:opaque  ?hi').href === 'non-special:opaque  ?hi';
    expect(lines[1].differ).to.deep.equal(nodeKeeps ? { node: ['href', 'pathname'] } : {});
    expect(lines[0].differ).to.deep.equal({});
    expect(err()).to.match(/^compare: 4 cases, node /);
  });

  it('--generate: the same seed gives the same cases; another seed, others', () => {
    const a = [...generatedCorpus(300, 7)];
    const b = [...generatedCorpus(300, 7)];
    const c = [...generatedCorpus(300, 8)];
    expect(a).to.have.length(300);
    expect(a).to.deep.equal(b);
    expect(a).to.not.deep.equal(c);
    expect(a.some((x) => x.base !== null) && a.some((x) => x.base === null)).to.equal(true);
  });

  it('fast-check is loaded only for --generate, never by the core or the engine', function () {
    const script = "require('url-grammar'); require('./src/stream'); require('./src/cli'); process.stdout.write(String(Object.keys(require.cache).some((k) => k.includes('fast-check'))));";
    const r = spawnSync(process.execPath, ['-r', REGISTER_TS, '-e', script], { cwd: root, encoding: 'utf8' });
    expect(r.stderr).to.equal('');
    expect(r.stdout).to.equal('false');
  });

  it('--generate through the CLI, with --json', async () => {
    const { io, out } = fakeIO();
    expect(await mainAsync(['compare', '--generate', '200', '--seed', '3', '--against', 'whatwg-url', '--json', '--workers', '0'], io)).to.equal(0);
    const rep = JSON.parse(out());
    expect(rep.corpus).to.deep.equal({ cases: 200, sources: [{ name: '--generate 200 --seed 3', cases: 200, skipped: { tooLong: 0, invalid: 0 } }] });
    expect(rep.classes.map((c: { id: string }) => c.id)).to.deep.equal(CLASSES.map((c) => c.id));
  });
});

describe('compare at scale: the manifest, an adapter wrong on purpose, the reports', function () {
  this.timeout(60_000);
  const corpus = [
    'https://example.com/a',
    'https://evil.example/x',
    'http://user:pw@host.example:81/p?q#f',
    'https://reject.example/',
    'https://sub.evil.example/?a=b',
    'https://ok.example/bad/../path',
  ].join('\n');

  it('--list: which adapters run here, and how to install the others', async () => {
    const { io, out } = fakeIO();
    expect(await mainAsync(['compare', '--list', '--manifest', MANIFEST], io)).to.equal(0);
    const lines = out().split('\n');
    expect(lines.find((l) => l.startsWith('url-grammar'))).to.match(/in-process \(JavaScript\)\s+yes\s+the reference/);
    expect(lines.find((l) => l.startsWith('node-legacy'))).to.match(/yes/);
    expect(lines.find((l) => l.startsWith('wrong-on-purpose'))).to.match(/adapter \(JavaScript\)\s+yes\s+Node's URL, wrong on purpose/);
    expect(lines.find((l) => l.startsWith('not-installed'))).to.match(/\s+no\s+missing command: url-grammar-test-no-such-command; install: apt-get install no-such-package$/);
    expect(lines.find((l) => l.startsWith('failing-check'))).to.match(/\s+no\s+its check .* exited with 3: library missing; install: install the library$/);
    // the manifest is named by its path from the package's folder
    expect(out()).to.include('adapters from test/fixtures/adapters/manifest.json');
  });

  it('--list resolves each package from the package itself: a missing one is "no", with the command that installs it', () => {
    const missing = new Set(['whatwg-url', 'puppeteer-core']);
    const asked: Array<[string, string]> = [];
    const resolve: Resolver = (id, from) => {
      asked.push([id, from]);
      if (missing.has(id)) throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
      return require.resolve(id, { paths: [from] });
    };
    // the browser adapters of the real manifest (the others would run their checks)
    const browsers = readManifest(join(root, 'adapters', 'manifest.json')).filter((e) => e.name === 'chromium' || e.name === 'firefox');
    expect(browsers).to.have.length(2);
    const text = formatList(browsers, 'adapters/manifest.json', (e) => checkAvailable(e, root, undefined, resolve), (n) => builtinAvailability(n, resolve));
    const row = (name: string) => text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '';
    expect(row('whatwg-url')).to.match(/^whatwg-url\s+in-process \(JavaScript\)\s+no\s+whatwg-url is not installed \(npm install whatwg-url\)$/);
    expect(row('url-parse')).to.match(/^url-parse\s+in-process \(JavaScript\)\s+yes$/);
    expect(row('url-grammar')).to.match(/\s+yes\s+the reference$/);
    for (const name of ['chromium', 'firefox']) expect(row(name)).to.match(/\s+no\s+(missing command: \S+; )?puppeteer-core is not installed \(npm install puppeteer-core\); install: /);
    // the built-ins from this package's own source folder, the adapters' packages from its root
    expect(asked).to.deep.include(['whatwg-url', join(root, 'src')]);
    expect(asked).to.deep.include(['node:url', join(root, 'src')]);
    expect(asked).to.deep.include(['puppeteer-core', root]);
    // with nothing faked, what this repository installs is there
    for (const name of ['node-legacy', 'whatwg-url', 'url-parse'] as const) expect(builtinAvailability(name), name).to.deep.equal({ available: true });
  });

  it('--list: an adapter\'s required packages (requires.packages, or a check that only resolves one) are resolved from the package root', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-manifest-'));
    try {
      const manifest = join(dir, 'manifest.json');
      const entry = (name: string, more: object) => ({ name, title: name, language: 'JavaScript', command: ['node', '-e', '0'], install: `see ${name}`, ...more });
      writeFileSync(
        manifest,
        JSON.stringify([
          entry('needs-package', { requires: { commands: ['node'], packages: ['url-grammar-test-no-such-package'] } }),
          entry('resolve-check', { check: ['node', '-e', "require.resolve('url-grammar-test-no-such-package-2')"] }),
          entry('has-package', { requires: { packages: ['whatwg-url'] }, check: ['node', '-e', "require.resolve('url-parse')"] }),
        ]),
      );
      const { io, out } = fakeIO();
      expect(await mainAsync(['compare', '--list', '--manifest', manifest], io)).to.equal(0);
      const row = (name: string) => out().split('\n').find((l) => l.startsWith(`${name} `)) ?? '';
      expect(row('needs-package')).to.match(/\s+no\s+url-grammar-test-no-such-package is not installed \(npm install url-grammar-test-no-such-package\); install: see needs-package$/);
      expect(row('resolve-check')).to.match(/\s+no\s+url-grammar-test-no-such-package-2 is not installed \(npm install url-grammar-test-no-such-package-2\); install: see resolve-check$/);
      expect(row('has-package')).to.match(/\s+yes\s+has-package$/);
      for (const name of ['whatwg-url', 'url-parse', 'node-legacy']) expect(row(name), name).to.match(/in-process \(JavaScript\)\s+yes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--list with the real adapters/manifest.json: at least 14 parsers, the three browser engines among them, and on CI (set up by .ci/run) every one available @adapters', async function () {
    this.timeout(120_000);
    const { io, out } = fakeIO();
    expect(await mainAsync(['compare', '--list'], io)).to.equal(0);
    const rows = out()
      .split('\n')
      .map((l) => /^(\S+)\s+(in-process|adapter) .*?\s(yes|no)\b/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ name: m[1], available: m[3] === 'yes' }));
    expect(rows.length).to.be.at.least(14);
    for (const engine of ['chromium', 'firefox', 'webkit']) expect(rows.map((r) => r.name)).to.include(engine);
    const missing = rows.filter((r) => !r.available).map((r) => r.name);
    if (process.env.CI) expect(missing, 'parsers .ci/run should have made available').to.deep.equal([]);
    else if (missing.length > 0) console.log(`    (not available on this machine: ${missing.join(', ')}; .ci/run installs them)`);
  });

  it('exactly the wrong answers are reported: two hosts, one failure, nothing else', async () => {
    const { io, out } = fakeIO({ 'c.txt': corpus });
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'wrong-on-purpose', '--json', '--workers', '0', '--max-examples', '10'], io)).to.equal(0);
    const rep = JSON.parse(out());
    const a = rep.adapters[0];
    expect(a.name).to.equal('wrong-on-purpose');
    expect(a.answered).to.equal(6);
    expect(a.components.parse.examples.map((e: { input: string }) => e.input)).to.deep.equal(['https://reject.example/']);
    expect(a.components.hostname.examples.map((e: { input: string }) => e.input)).to.deep.equal(['https://evil.example/x', 'https://sub.evil.example/?a=b']);
    for (const k of ['protocol', 'username', 'password', 'port', 'pathname', 'search', 'hash']) expect(a.components[k].agreed, k).to.equal(a.components[k].compared);
    const byId = Object.fromEntries(rep.classes.map((c: { id: string }) => [c.id, c]));
    expect(byId.failure.byParser['wrong-on-purpose']).to.equal(1);
    expect(byId.host.byParser['wrong-on-purpose']).to.equal(2);
    expect(byId.host.examples[0].input).to.equal('https://evil.example/x');
    expect(byId.host.examples[0].sides).to.deep.equal([
      { value: 'evil.example', parsers: ['url-grammar'] },
      { value: 'good.example', parsers: ['wrong-on-purpose'] },
    ]);
    for (const id of ['scheme', 'credentials', 'port', 'path', 'query', 'fragment', 'serialization', 'errors']) expect(byId[id].cases, id).to.equal(0);
  });

  it('a manifest adapter that is not installed, asked for by name: noted, exit 1', async () => {
    const { io, out } = fakeIO({ 'c.txt': corpus });
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'not-installed', '--workers', '0'], io)).to.equal(1);
    expect(out()).to.include('not-installed: unavailable (missing command: url-grammar-test-no-such-command; to install: apt-get install no-such-package)');
  });

  it('--against all: every built-in parser and every manifest adapter; those missing here are noted with how to install them, exit 0', async () => {
    const { io, out } = fakeIO({ 'c.txt': corpus });
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'all', '--json', '--workers', '0'], io)).to.equal(0);
    const rep = JSON.parse(out());
    expect(rep.adapters.map((a: { name: string; available: boolean }) => `${a.name} ${a.available}`)).to.deep.equal([
      'node true',
      'node-legacy true',
      'whatwg-url true',
      'url-parse true',
      'wrong-on-purpose true',
      'not-installed false',
      'failing-check false',
    ]);
    expect(rep.adapters[6].unavailable).to.match(/exited with 3: library missing; to install: install the library$/);
  });

  it('--report .md and .html: the matrix, the classes with their spec steps and sides, one self-contained page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-report-'));
    try {
      for (const ext of ['md', 'html']) {
        const file = join(dir, `r.${ext}`);
        const { io } = fakeIO({ 'c.txt': corpus });
        expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'node,wrong-on-purpose', '--report', file, '--workers', '0'], io)).to.equal(0);
        const doc = readFileSync(file, 'utf8');
        expect(doc).to.include('https://url.spec.whatwg.org/#host-parsing');
        expect(doc).to.include('https://url.spec.whatwg.org/#concept-basic-url-parser');
        expect(doc).to.include('good.example');
        if (ext === 'md') {
          // a version column when the adapters report their versions (node does)
          expect(doc).to.match(/^\| parser \| (version \| )?answered \| parse \| href \| origin \| protocol \|/m);
          expect(doc).to.match(/^\| node \| ([^|]+ \| )?6\/6 \| 100% \(6\/6\) \|/m);
          expect(doc).to.match(/^\| wrong-on-purpose \| ([^|]+ \| )?6\/6 \| 83\.33% \(5\/6\) \| 60\.00% \(3\/5\) \|/m);
          // each class's cases by parser, the parsers with a case (so the page is as wide with twenty parsers as with two)
          expect(doc).to.match(/^- ⚠ one parser fails where another parses: wrong-on-purpose 1$/m);
          expect(doc).to.match(/^- ⚠ host confusion: wrong-on-purpose 2$/m);
          // each step pinned to the url.bs url-grammar implements
          expect(doc).to.include('https://github.com/whatwg/url/blob/6ae8486/url.bs#L1089');
          expect(doc).to.include('### ⚠ host confusion: 2 cases');
          expect(doc).to.include('- wrong-on-purpose: `"good.example"`');
        } else {
          expect(doc.startsWith('<!doctype html>')).to.equal(true);
          // self-contained: its script and data inline, nothing fetched
          expect(doc).to.not.match(/<script[^>]*\ssrc=|<link|<img|<iframe|@import|fetch\(|XMLHttpRequest/i);
          expect(doc).to.match(/<tr><td>wrong-on-purpose(<span class="version">[^<]*<\/span>)?<\/td><td>6\/6<\/td>/);
          expect(doc).to.include('<span class="sec">⚠</span>');
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--report .md writes each value as a code span whose text is the value: backslashes, backticks and pipes as they are', async () => {
    // The text micromark (CommonMark) reads in each code span of the Markdown.
    const spans = (md: string) => [...micromark(md).matchAll(/<code>(.*?)<\/code>/g)].map((m) => m[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    const inputs = ['https://evil.example/\\', 'https://evil.example/a`b', 'https://evil.example/``c', 'https://evil.example/d```', 'https://evil.example/e|f', 'https://evil.example/\\`|``'];
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-report-spans-'));
    try {
      // A class shows one example per root cause, and these inputs share one, so they go one at a time.
      for (let i = 0; i < inputs.length; i++) {
        const file = join(dir, `r${i}.md`);
        const { io } = fakeIO({ 'c.txt': inputs[i] });
        expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'wrong-on-purpose', '--report', file, '--workers', '0'], io)).to.equal(0);
        const got = spans(readFileSync(file, 'utf8'));
        expect(got, inputs[i]).to.include(quoted(inputs[i]));
        expect(got).to.include(quoted('good.example'));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Values that the report's quoting never makes, but a code span must still carry whole.
    for (const s of ['`', '``', '`a', 'a`', '`a`', '``a``b```', ' a ', '  ', ' `', 'a\\`b', 'x | y', '\\|']) {
      expect(spans(codeSpan(s)), JSON.stringify(s)).to.deep.equal([s]);
    }
  });

  it('bad arguments: --json with --jsonl, a --report that is neither .html nor .md, --seed without --generate, a manifest that cannot be read', async () => {
    for (const args of [['--json', '--jsonl'], ['--report', 'out.pdf'], ['--seed', '3'], ['--manifest', join(tmpdir(), 'no-such-manifest.json')], ['--generate', '0']]) {
      const { io, err } = fakeIO({ 'c.txt': corpus });
      expect(await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'none', ...args], io), args.join(' ')).to.equal(2);
      expect(err()).to.match(/^error: /);
    }
  });
});

describe("compare: node-legacy, Node's url.parse mapped onto the getters", () => {
  const legacy = nodeLegacyAdapter();
  const get = (input: string, base: string | null = null) => legacy.parse(input, base) as Result;

  it('maps its fields, "" for a part it did not find, and has no origin', () => {
    expect(get('HTTP://u:p@Example.com:8080/a/b?q=1#f')).to.deep.equal({
      ok: true,
      href: 'http://u:p@example.com:8080/a/b?q=1#f',
      protocol: 'http:',
      username: 'u',
      password: 'p',
      host: 'example.com:8080',
      hostname: 'example.com',
      port: '8080',
      pathname: '/a/b',
      search: '?q=1',
      hash: '#f',
    });
    expect(get('javascript:alert(1)')).to.deep.include({ ok: true, host: '', port: '', search: '', hash: '', pathname: 'alert(1)' });
    expect(get('http://h/?#')).to.deep.include({ search: '', hash: '' });
  });

  it('keeps its own behaviour where it differs: IPv6 without brackets, decoded userinfo, no dot segments removed', () => {
    expect(get('http://[::1]:8080/')).to.deep.include({ host: '[::1]:8080', hostname: '::1' });
    expect(get('http://a%40b:c@h/')).to.deep.include({ username: 'a@b', password: 'c' });
    expect(get('http://h/a/../b')).to.deep.include({ pathname: '/a/../b' });
  });

  it('resolves against a base with url.resolve; no scheme is a failure; its deprecation warnings stay silent', () => {
    expect(get('../d', 'http://a/b/c')).to.deep.include({ ok: true, href: 'http://a/d' });
    expect(get('no scheme')).to.deep.equal({ ok: false, message: 'no scheme (url.parse parsed a relative reference)' });
    const before = process.noDeprecation;
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      get('http://a:b');
    } finally {
      process.removeListener('warning', onWarning);
    }
    expect(process.noDeprecation).to.equal(before);
    return new Promise<void>((resolve) => setImmediate(() => resolve(expect(warnings).to.deep.equal([]) as unknown as void)));
  });
});

describe('compare at scale: memory stays bounded however many cases are read', function () {
  this.timeout(120_000);
  it('300,000 cases with a stop signal and an abandon signal given run in a 40 MB heap (nothing is kept per case read)', () => {
    // Every case read used to stay reachable until the end of the run: each read was raced with
    // one promise that settles on abort, and each race left a reaction on it holding what it
    // resolved to. The run is a child process with a small heap: keeping ~100 bytes a case would
    // not fit.
    const script = `
      const { compareStream } = require(${JSON.stringify(join(__dirname, '..', 'dist', 'stream.js'))});
      function* cases() { for (let i = 0; i < 300000; i++) yield { input: 'sc:' + i.toString(36), base: null }; }
      compareStream(cases(), { workers: 0, signal: new AbortController().signal, abandon: new AbortController().signal, batchSize: 512 })
        .then((r) => { process.stdout.write(String(r.cases)); }, (e) => { process.stderr.write(String(e && e.stack)); process.exit(1); });
    `;
    const r = spawnSync(process.execPath, ['--max-old-space-size=40', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr.slice(-2000)).to.equal(0);
    expect(r.stdout).to.equal('300000');
  });
});
