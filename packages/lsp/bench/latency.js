// Diagnostics latency of `url-grammar lsp` after an edit to a 1 MB Markdown document.
//
//   node packages/lsp/bench/latency.js [--node <path>]... [--mb 1] [--edits 20] [--seed 1] [--each]
//   (--node: a Node binary to run the server with, repeatable; default: this process's. The
//   project's Node 22 and 24: npm ci --prefix test/runtimes, then
//   --node test/runtimes/node_modules/node22/bin/node --node test/runtimes/node_modules/node24/bin/node)
//
// Needs the build (npm install at the root, or npm run build --workspace=packages/lsp and its
// dependencies). For each Node binary: starts the server through the core's command
// (dist/src/cli.js lsp) with that binary, opens one generated Markdown document (lint's own
// benchmark document, packages/lint/bench/markdown-speed.js: prose, lists, tables, code, HTML,
// links and planted bad URLs) and waits for its diagnostics; then, one at a time, makes `edits`
// edits at seeded places (a word typed into a line, a bad URL pasted as a paragraph of its own, a
// line deleted), each sent as an incremental didChange, and times, on the wall clock from the
// change sent:
//   first  the first publishDiagnostics of the new version (the preview of linting.ts: the edited
//          region linted alone, the rest moved from the last whole lint)
//   exact  the publishDiagnostics of the new version that equals url-grammar lint's findings on
//          the whole new text (lintText, worked out by this script before the change is sent);
//          the preview when it is exact already, else the whole lint's publication
// and prints, per binary, the median and the 90th percentile of each, how many previews were
// already exact, and the time of the first whole lint (on open); with --each, also a line per edit
// (its kind, its line, and both times), to see which edit is the slowest and why. The machine's 2 cores are shared
// with other work: the figures are noisy.
'use strict';
const path = require('path');
const { spawn } = require('child_process');

const ROOT = path.join(__dirname, '..', '..', '..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli.js');
const { generate } = require(path.join(ROOT, 'packages', 'lint', 'bench', 'markdown-speed.js'));
const { lintText } = require(path.join(ROOT, 'packages', 'lint', 'dist', 'index.js'));

function args() {
  const a = process.argv.slice(2);
  const o = { node: [], mb: 1, edits: 20, seed: 1, each: false };
  for (let i = 0; i < a.length; i++) {
    const v = a[i + 1];
    if (a[i] === '--node') (o.node.push(path.resolve(v)), i++);
    else if (a[i] === '--mb') (o.mb = Number(v), i++);
    else if (a[i] === '--edits') (o.edits = Number(v), i++);
    else if (a[i] === '--seed') (o.seed = Number(v), i++);
    else if (a[i] === '--each') o.each = true;
    else {
      console.error(`unknown argument ${JSON.stringify(a[i])}`);
      process.exit(2);
    }
  }
  if (o.node.length === 0) o.node.push(process.execPath);
  return o;
}

/** A bare client: framed JSON-RPC over the server's standard input and output. */
class Client {
  constructor(node) {
    this.child = spawn(node, [CLI, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.listeners = [];
    this.id = 1;
    // the bytes read and not yet taken, as the pipe gave them; joined only once a whole message is
    // there (joined at every chunk, a message of a megabyte or more, as a 1 MB document's
    // diagnostics are, was copied once per 64 KiB: time of this client's, not the server's)
    let chunks = [];
    let size = 0;
    let need = 0;
    this.child.stdout.on('data', (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size < need) return;
      let buffer = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      need = 0;
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) break;
        const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
        if (buffer.length < end + 4 + length) {
          need = end + 4 + length;
          break;
        }
        const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
        if (message.method === 'textDocument/publishDiagnostics') this.published = { bytes: length, diagnostics: message.params.diagnostics.length };
        buffer = buffer.subarray(end + 4 + length);
        const at = performance.now();
        for (const l of [...this.listeners]) l(message, at);
      }
      chunks = [buffer];
      size = buffer.length;
    });
  }
  send(m) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...m }));
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }
  /** Resolves with the first message `test` accepts (and the time it came). */
  next(test, ms = 120_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer in time')), ms);
      const l = (m, at) => {
        if (!test(m)) return;
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(l), 1);
        resolve({ m, at });
      };
      this.listeners.push(l);
    });
  }
  request(method, params) {
    const id = this.id++;
    this.send({ id, method, params });
    return this.next((m) => m.id === id);
  }
}

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const places = (ds) => JSON.stringify(ds.filter((d) => d.code !== undefined).map((d) => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.code, d.severity]));
const expected = (text) => JSON.stringify(lintText(text, { kind: 'markdown' }).map((d) => [d.line - 1, d.column - 1, d.endLine - 1, d.endColumn - 1, d.type, d.severity === 'warning' ? 2 : 1]));

function position(text, offset) {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: offset - start };
}

/** A seeded edit of `text`: where, what is removed, what is inserted. */
function edit(text, random, i) {
  // a place at the end of a line of prose (not a line that starts a block)
  for (;;) {
    const at = text.indexOf('\n', Math.floor(random() * text.length));
    if (at <= 0) continue;
    const from = text.lastIndexOf('\n', at - 1) + 1;
    const line = text.slice(from, at);
    if (!/^[A-Za-z]/.test(line)) continue;
    if (i % 3 === 0) return { kind: 'a word typed', start: at, end: at, insert: ' and more' };
    if (i % 3 === 1) return { kind: 'a paragraph pasted', start: at, end: at, insert: `\n\nPasted https://pasted${i}.example\\path and <http://u@p${i}.example:99999/>.\n` };
    return { kind: 'a line deleted', start: from, end: at + 1, insert: '' };
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];
const ms = (x) => `${x.toFixed(1)} ms`;

async function run(node, o) {
  const { text: start } = generate(o.mb * 1024 * 1024, o.seed);
  const client = new Client(node);
  const version = (await new Promise((resolve) => {
    const c = spawn(node, ['--version']);
    let v = '';
    c.stdout.on('data', (d) => (v += d));
    c.on('exit', () => resolve(v.trim()));
  }));
  await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  client.send({ method: 'initialized', params: {} });
  const uri = 'file:///bench/document.md';
  let text = start;
  const opened = performance.now();
  const first = client.next((m) => m.method === 'textDocument/publishDiagnostics' && m.params.version === 1);
  client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'markdown', version: 1, text } } });
  const open = (await first).at - opened;
  const random = rng(o.seed);
  const firsts = [];
  const exacts = [];
  let previewsExact = 0;
  for (let i = 0; i < o.edits; i++) {
    const e = edit(text, random, i);
    const range = { start: position(text, e.start), end: position(text, e.end) };
    text = text.slice(0, e.start) + e.insert + text.slice(e.end);
    const want = expected(text);
    const v = i + 2;
    const sent = performance.now();
    const firstOf = client.next((m) => m.method === 'textDocument/publishDiagnostics' && m.params.version === v);
    const exactOf = client.next((m) => m.method === 'textDocument/publishDiagnostics' && m.params.version === v && places(m.params.diagnostics) === want);
    client.send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: v }, contentChanges: [{ range, text: e.insert }] } });
    const f = await firstOf;
    const x = await exactOf;
    firsts.push(f.at - sent);
    exacts.push(x.at - sent);
    if (f.m === x.m) previewsExact++;
    if (o.each) console.log(`  edit ${i + 1} (${e.kind}, line ${range.start.line + 1}): first ${ms(f.at - sent)}, exact ${ms(x.at - sent)}${f.m === x.m ? ' (the first was exact)' : ''}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  await client.request('shutdown');
  client.send({ method: 'exit' });
  return { version, bytes: Buffer.byteLength(start), open, firsts, exacts, previewsExact, published: client.published };
}

(async () => {
  const o = args();
  console.log(`url-grammar lsp: diagnostics latency after an edit to a ${o.mb} MB Markdown document (${o.edits} edits, seed ${o.seed})`);
  for (const node of o.node) {
    if (o.each) console.log(`${path.relative(process.cwd(), node) || node}, each edit:`);
    const r = await run(node, o);
    console.log(`Node ${r.version}: document ${(r.bytes / 1048576).toFixed(2)} MB, first whole lint on open ${ms(r.open)}; the last publication: ${r.published.diagnostics} diagnostics in ${(r.published.bytes / 1048576).toFixed(2)} MB of JSON`);
    console.log(`  first diagnostics after an edit: median ${ms(median(r.firsts))}, p90 ${ms(p90(r.firsts))}, max ${ms(r.firsts.reduce((a, b) => Math.max(a, b), 0))}`);
    console.log(`  exact (= url-grammar lint on the whole new text): median ${ms(median(r.exacts))}, p90 ${ms(p90(r.exacts))}; the first diagnostics were already exact after ${r.previewsExact} of ${r.firsts.length} edits`);
  }
})().catch((e) => {
  console.error(`latency.js: ${e.message}`);
  process.exit(1);
});
