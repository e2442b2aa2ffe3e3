// The language server over stdio, driven by a bare client (support/client.ts): what it publishes
// for a document opened, edited incrementally, closed, under a configuration change, a
// configuration file and disable comments, equals what lint's own functions give for the same
// text; its code actions apply lint's fixes; a malformed message gets a JSON-RPC error and the
// server goes on; it exits on shutdown and exit, and when its client goes away.

import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyFixes, lintText, type LintOptions } from '@url-grammar/lint';
import { Client } from './support/client';

/** What the server publishes, by what a test compares: place and code. */
const places = (ds: any[]) => ds.filter((d) => d.code !== undefined).map((d) => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.code, d.severity]); // eslint-disable-line @typescript-eslint/no-explicit-any
/** lint's findings of `text`, as places. */
const expected = (text: string, options: LintOptions) => lintText(text, options).map((d) => [d.line - 1, d.column - 1, d.endLine - 1, d.endColumn - 1, d.type, d.severity === 'warning' ? 2 : 1]);

/** Applies LSP text edits (non-overlapping) to `text`. */
function applyEdits(text: string, edits: Array<{ range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }>): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const at = (p: { line: number; character: number }) => starts[p.line] + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => at(b.range.start) - at(a.range.start))) out = out.slice(0, at(e.range.start)) + e.newText + out.slice(at(e.range.end));
  return out;
}

const MD = ['# Links', '', 'See <https://user@example.com\\docs> and [x](http://h:99999/).', '', 'Prose https://a.example/b\\c here.', ''].join('\n');

describe('lsp: the protocol over stdio', function () {
  this.timeout(60_000);
  let dir: string;
  let client: Client;
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lsp-'));
    client = new Client();
    const init = await client.initialize({ rootUri: pathToFileURL(dir).href });
    expect(init.result.capabilities.textDocumentSync).to.deep.equal({ openClose: true, change: 2 });
    expect(init.result.capabilities.hoverProvider).to.equal(true);
  });

  after(async () => {
    client.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("open: one diagnostic per finding, at lint's place, its code the error type and its code description the url.bs step", async () => {
    const u = uri('open.md');
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text: MD } });
    const ds = await client.diagnostics(u, 1);
    expect(places(ds)).to.deep.equal(expected(MD, { kind: 'markdown' }));
    expect(ds.length).to.equal(3);
    expect(ds[0].codeDescription.href).to.equal('https://github.com/whatwg/url/blob/6ae8486/url.bs#L2563');
    expect(ds[1].codeDescription.href).to.equal('https://github.com/whatwg/url/blob/6ae8486/url.bs#L2698');
    // a URL with two errors: the second as related information, with its own step
    expect(ds[0].relatedInformation.map((r: { message: string }) => r.message)).to.deep.equal([
      'invalid-credentials: The input includes credentials. (the authority state: https://github.com/whatwg/url/blob/6ae8486/url.bs#L2563)',
      'invalid-reverse-solidus: A URL with a special scheme uses "\\" instead of "/". (the path start state: https://github.com/whatwg/url/blob/6ae8486/url.bs#L2897)',
    ]);
  });

  it('incremental changes: each version is linted as its whole text', async () => {
    const u = uri('edit.md');
    let text = MD;
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text } });
    await client.diagnostics(u, 1);
    const edits = [
      { range: { start: { line: 2, character: 4 }, end: { line: 2, character: 4 } }, text: 'and <http://[::1/> ' },
      { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 6 } }, text: '' },
      { range: { start: { line: 0, character: 2 }, end: { line: 0, character: 7 } }, text: 'Titled\n\nmailto:a b https://x:1x/\n' },
    ];
    let version = 1;
    for (const e of edits) {
      version++;
      text = applyEdits(text, [{ range: e.range, newText: e.text }]);
      client.notify('textDocument/didChange', { textDocument: { uri: u, version }, contentChanges: [{ range: e.range, text: e.text }] });
    }
    const ds = await client.diagnostics(u, version);
    expect(places(ds)).to.deep.equal(expected(text, { kind: 'markdown' }));
    expect(ds.map((d: { code: string }) => d.code)).to.include.members(['IPv6-unclosed', 'port-invalid']);
  });

  it('close: the diagnostics are cleared', async () => {
    const u = uri('close.md');
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text: MD } });
    await client.diagnostics(u, 1);
    const from = client.received.length;
    client.notify('textDocument/didClose', { textDocument: { uri: u } });
    const m = await client.waitFor((x) => x.method === 'textDocument/publishDiagnostics' && x.params.uri === u, 10_000, from);
    expect(m.params.diagnostics).to.deep.equal([]);
  });

  it('the configuration file found from the document, its severities and its disable comments, as lint obeys them', async () => {
    const sub = join(dir, 'configured');
    rmSync(sub, { recursive: true, force: true });
    require('node:fs').mkdirSync(sub);
    writeFileSync(join(sub, '.url-grammar.json'), JSON.stringify({ rules: { 'invalid-credentials': 'off', 'port-out-of-range': 'warning' } }));
    const text = `${MD}\n<!-- url-grammar-disable-next-line -->\nhttps://a\\b\n`;
    const u = pathToFileURL(join(sub, 'c.md')).href;
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text } });
    const ds = await client.diagnostics(u, 1);
    expect(places(ds)).to.deep.equal(expected(text, { kind: 'markdown', rules: { 'invalid-credentials': 'off', 'port-out-of-range': 'warning' } }));
    expect(ds.map((d: { severity: number }) => d.severity)).to.deep.equal([1, 2, 1]);
    // a configuration file that cannot be used: said on the document, nothing linted
    writeFileSync(join(sub, '.url-grammar.json'), '{"rules": {"no-such-type": "off"}}');
    client.notify('textDocument/didChange', { textDocument: { uri: u, version: 2 }, contentChanges: [{ text: text + ' ' }] });
    const bad = await client.diagnostics(u, 2);
    expect(bad.length).to.equal(1);
    expect(bad[0].message, bad[0].message).to.match(/^url-grammar: not linted: the configuration file .*\.url-grammar\.json: "rules": unknown validation error type "no-such-type" at line 1, column 12$/);
  });

  it('a configuration change: the settings apply to every open document at once', async () => {
    const u = uri('settings.md');
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text: MD } });
    await client.diagnostics(u, 1);
    let from = client.received.length;
    client.notify('workspace/didChangeConfiguration', { settings: { 'url-grammar': { rules: { 'port-out-of-range': 'off', 'invalid-reverse-solidus': 'warn' } } } });
    let m = await client.waitFor((x) => x.method === 'textDocument/publishDiagnostics' && x.params.uri === u, 20_000, from);
    expect(places(m.params.diagnostics)).to.deep.equal(expected(MD, { kind: 'markdown', rules: { 'port-out-of-range': 'off', 'invalid-reverse-solidus': 'warning' } }));
    expect(m.params.diagnostics.map((d: { code: string }) => d.code)).to.not.include('port-out-of-range');
    // a setting that cannot be used is said, and the rest still applies
    from = client.received.length;
    client.notify('workspace/didChangeConfiguration', { settings: { 'url-grammar': { rules: {}, frobnicate: 1 } } });
    const said = await client.waitFor((x) => x.method === 'window/showMessage', 20_000, from);
    expect(said.params.message).to.match(/^url-grammar: unknown setting "frobnicate"/);
    m = await client.waitFor((x) => x.method === 'textDocument/publishDiagnostics' && x.params.uri === u, 20_000, from);
    expect(places(m.params.diagnostics)).to.deep.equal(expected(MD, { kind: 'markdown' }));
  });

  it('JavaScript and TypeScript: the string literals, as url-grammar lint reads a .ts file', async () => {
    const text = 'const a: string = "https://a\\\\b";\n// http://h:99999/\nfetch(`https://u:p@x.example/\\u0041`);\n';
    const u = uri('code.ts');
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'typescript', version: 1, text } });
    const ds = await client.diagnostics(u, 1);
    expect(places(ds)).to.deep.equal(expected(text, { kind: 'js' }));
    expect(ds.length).to.equal(3);
  });

  it("code actions: lint's fix of one URL, all of the document's (what --fix writes), and a disable comment that silences the line", async () => {
    const u = uri('actions.md');
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text: MD } });
    await client.diagnostics(u, 1);
    const fixes = lintText(MD, { kind: 'markdown', fixes: true }).filter((d) => d.fix).map((d) => d.fix!);
    expect(fixes.length).to.be.greaterThan(0);
    const line = fixes[0].line - 1;
    const r = await client.request('textDocument/codeAction', { textDocument: { uri: u }, range: { start: { line, character: 0 }, end: { line, character: 0 } }, context: { diagnostics: [] } });
    const titles = r.result.map((a: { title: string }) => a.title);
    const fix = r.result.find((a: { isPreferred?: boolean }) => a.isPreferred);
    expect(applyEdits(MD, fix.edit.documentChanges[0].edits)).to.equal(applyFixes(MD, [fixes[0]]));
    const all = r.result.find((a: { kind: string }) => a.kind === 'source.fixAll.url-grammar');
    expect(applyEdits(MD, all.edit.documentChanges[0].edits)).to.equal(applyFixes(MD, fixes));
    const disable = r.result.find((a: { title: string }) => a.title.startsWith('Disable '));
    expect(titles.length).to.equal(3);
    const silenced = applyEdits(MD, disable.edit.documentChanges[0].edits);
    expect(silenced.split('\n')[line]).to.match(/^<!-- url-grammar-disable-next-line [a-z-, ]+ -->$/i);
    expect(lintText(silenced, { kind: 'markdown' }).map((d) => d.line)).to.not.include(line + 2);
    expect(lintText(silenced, { kind: 'markdown' }).length).to.equal(lintText(MD, { kind: 'markdown' }).length - 1);
  });

  it('hover: href, components, the three verdicts, each error with its step, and a viewer permalink', async () => {
    const u = uri('open.md');
    const r = await client.request('textDocument/hover', { textDocument: { uri: u }, position: { line: 2, character: 10 } });
    const value: string = r.result.contents.value;
    expect(r.result.contents.kind).to.equal('markdown');
    expect(value).to.contain('href: `https://user@example.com/docs`');
    expect(value).to.contain('- hostname: `example.com`');
    expect(value).to.contain('parses: yes · parser-valid: no · grammar-valid (a valid URL string): no');
    expect(value).to.contain('- `invalid-reverse-solidus` at [24, 25): A URL with a special scheme uses "\\" instead of "/". Reported by [the path start state](<https://github.com/whatwg/url/blob/6ae8486/url.bs#L2897>).');
    expect(value).to.match(/\[Open in the viewer\]\(<file:\/\/\/.*index\.html#url=https%3A%2F%2Fuser%40example\.com%5Cdocs>\)/);
    expect(r.result.range).to.deep.equal({ start: { line: 2, character: 5 }, end: { line: 2, character: 34 } });
    const none = await client.request('textDocument/hover', { textDocument: { uri: u }, position: { line: 0, character: 1 } });
    expect(none.result).to.equal(null);
  });

  it('a malformed message: a JSON-RPC error response, and the server reads on', async () => {
    let from = client.received.length;
    client.raw('Content-Length: 9\r\n\r\n{"a": 1,}');
    let e = await client.waitFor((m) => m.id === null && m.error !== undefined, 10_000, from);
    expect(e.error!.code).to.equal(-32700);
    expect(e.error!.message).to.match(/^Parse error: the body is not JSON/);
    from = client.received.length;
    client.raw('Content-Type: x\r\n\r\n{"jsonrpc":"2.0"}');
    e = await client.waitFor((m) => m.id === null && m.error !== undefined, 10_000, from);
    expect(e.error).to.deep.equal({ code: -32700, message: 'Parse error: a header block without Content-Length; reading on from the next Content-Length header' });
    from = client.received.length;
    client.send({ id: 'x', params: 1 });
    e = await client.waitFor((m) => m.id === null && m.error !== undefined, 10_000, from);
    expect(e.error!.code).to.equal(-32600);
    // an unknown method: the library's own answer
    const unknown = await client.request('url-grammar/nothing', {});
    expect(unknown.error!.code).to.equal(-32601);
    // and the server still answers
    const r = await client.request('textDocument/hover', { textDocument: { uri: uri('open.md') }, position: { line: 2, character: 10 } });
    expect(r.result.contents.value).to.contain('href:');
  });

  it('a document over maxDocumentSize is not linted, and says so; the server answers meanwhile', async () => {
    client.notify('workspace/didChangeConfiguration', { settings: { 'url-grammar': { maxDocumentSize: 1000 } } });
    const u = uri('big.md');
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text: MD.repeat(100) } });
    const ds = await client.diagnostics(u, 1);
    expect(ds.map((d: { message: string }) => d.message)).to.deep.equal([`url-grammar: not linted: the document is ${MD.length * 100} code units long, over maxDocumentSize (1000)`]);
    client.notify('workspace/didChangeConfiguration', { settings: { 'url-grammar': {} } });
  });

  it('a lint over its time budget stops with what it found so far, and says where', async () => {
    client.notify('workspace/didChangeConfiguration', { settings: { 'url-grammar': { timeBudget: 100 } } });
    const u = uri('slow.md');
    // some 8 MB of Markdown: far more than 100 ms of lint anywhere
    const text = `${MD}\n`.repeat(80_000);
    client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text } });
    const ds = await client.diagnostics(u, 1, undefined, 40_000);
    const stop = ds.find((d: { message: string }) => d.message.startsWith('url-grammar: linting stopped here'));
    expect(stop, JSON.stringify(ds.slice(-1))).to.not.equal(undefined);
    const found = ds.filter((d: { code?: string }) => d.code !== undefined);
    expect(found.length).to.be.greaterThan(0);
    expect(found.every((d: { range: { start: { line: number } } }) => d.range.start.line <= stop.range.start.line)).to.equal(true);
    expect(found.length).to.be.lessThan(3 * 80_000);
    client.notify('workspace/didChangeConfiguration', { settings: { 'url-grammar': {} } });
    client.notify('textDocument/didClose', { textDocument: { uri: u } });
  });
});

describe('lsp: a long Markdown document edited', function () {
  this.timeout(120_000);

  it("after each edit, the diagnostics come to equal lint's on the whole new text", async () => {
    const client = new Client();
    try {
      await client.initialize();
      const block = (i: number) => `## Part ${i}\n\nText with <https://u@h${i}.example/a\\b> and [link](http://h${i}.example:99999/).\n\n\`\`\`\nhttps://in.code\\x\n\`\`\`\n\n`;
      let text = '';
      for (let i = 0; text.length < 300 * 1024; i++) text += block(i);
      const u = 'file:///long.md';
      client.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version: 1, text } });
      await client.diagnostics(u, 1, (ds) => ds.length > 0, 60_000);
      const edits = [
        { at: Math.floor(text.length / 2), insert: '\n\nNew https://new.example\\p here.\n\n' },
        { at: Math.floor(text.length / 3), insert: 'x' },
        { at: 10, insert: '```\n' },
      ];
      let version = 1;
      for (const e of edits) {
        const at = e.at;
        const lines = text.slice(0, at).split('\n');
        const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
        text = text.slice(0, at) + e.insert + text.slice(at);
        version++;
        client.notify('textDocument/didChange', { textDocument: { uri: u, version }, contentChanges: [{ range: { start: position, end: position }, text: e.insert }] });
        const want = JSON.stringify(expected(text, { kind: 'markdown' }));
        const ds = await client.diagnostics(u, version, (d) => JSON.stringify(places(d)) === want, 60_000);
        expect(ds.length).to.be.greaterThan(0);
        // the first diagnostics of the version (the preview, where there is one) were lint's already:
        // the next preview starts from them (a whole lint that found what its preview showed keeps
        // the preview's diagnostics as its own), so an error there would show in the next edit's
        const first = await client.diagnostics(u, version);
        expect(JSON.stringify(places(first)), `the first diagnostics of version ${version}`).to.equal(want);
        // (time for the whole lint of this version to end before the next edit, so that the next
        // preview starts from it; were it not over, the preview would start from an older one)
        await new Promise((r) => setTimeout(r, 1500));
      }
    } finally {
      client.kill();
    }
  });
});

describe('lsp: ending', function () {
  this.timeout(30_000);

  it('shutdown then exit: exit status 0', async () => {
    const client = new Client();
    await client.initialize();
    expect(await client.stop()).to.deep.equal({ code: 0, signal: null });
  });

  it('exit without shutdown: exit status 1, as the protocol says', async () => {
    const client = new Client();
    await client.initialize();
    client.notify('exit');
    expect(await client.exited).to.deep.equal({ code: 1, signal: null });
  });

  it('the client goes away (its end of the pipe closes): the server exits', async () => {
    const client = new Client();
    await client.initialize();
    client.notify('textDocument/didOpen', { textDocument: { uri: 'file:///x.md', languageId: 'markdown', version: 1, text: MD } });
    await client.diagnostics('file:///x.md', 1);
    client.child.stdin.end();
    expect(await client.exited).to.deep.equal({ code: 1, signal: null });
  });

  it('from a terminal, url-grammar lsp says what it is for, exit 2', () => {
    const r = require('node:child_process').spawnSync('script', ['-qec', `${process.execPath} ${require('./support/client').CLI} lsp`, '/dev/null'], { encoding: 'utf8', timeout: 20_000 });
    if (r.error) throw r.error;
    expect(r.stdout).to.match(/error: the language server talks the Language Server Protocol on standard input/);
    expect(r.status).to.equal(2);
  });
});
