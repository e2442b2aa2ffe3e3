// The classes a researcher can use, parser against parser, and WPT candidates (issue 20, items 1, 4
// and 6). The hand-checkable examples of the issue are fed to the tallies as the parsers answered
// them (Python's urllib and Go's net/url on `http://good.com\@evil.com/`, curl on
// `http://good.com＠evil.com/`, the path traversal `/a/%2e%2e/b`, `java\tscript:alert(1)`), and
// each must land in the class it belongs to, with the permissive side named; many cases of one root
// cause must make one group with a count; every class must link to an id url.bs defines. The CLI
// runs with fake browser engines (test/fixtures/adapters/fake-browser.js) for --wpt-candidates.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL as GrammarURL, parseWithDiagnostics } from 'url-grammar';
import { captureIO, CORE_ROOT, mainAsync } from './support/cli';
import { CLASSES, ClassTally, MAX_ROOT_CAUSES, ROOT_CAUSES_SHOWN, minimalDifference, schemeShape, shapeOf, type ClassReport } from '../src/classes';
import { PairTally } from '../src/pairs';
import { reductions } from '../src/candidates';
import { markdownReport, htmlReport } from '../src/report';
import type { Outcome, ParserAdapter, Result } from '../src/compare';
import { compareStream } from '../src/stream';

const root = join(__dirname, '..');
const FAKE_BROWSER = join(root, 'test', 'fixtures', 'adapters', 'fake-browser.js');
const MANIFEST = join(root, 'test/fixtures/adapters/manifest.json');

/** url-grammar's answer, as the built-in adapter gives it (with its validation errors). */
function grammar(input: string, base: string | null = null): Result {
  const errors = parseWithDiagnostics(input, { baseURL: base ?? undefined }).errors.map((e) => e.type);
  const u = GrammarURL.parse(input, base ?? undefined);
  if (!u) return { ok: false, errors };
  return { ok: true, href: u.href, origin: u.origin, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash, errors };
}

/** Another parser's answer: url-grammar's getters (without errors), changed as given. */
function like(input: string, base: string | null, change: Partial<Extract<Result, { ok: true }>>): Result {
  const r = grammar(input, base);
  if (!r.ok) throw new Error(`url-grammar does not parse ${input}`);
  const { errors: _errors, ...rest } = r;
  return { ...rest, ...change };
}

const fails = (message: string): Result => ({ ok: false, message });

/** Feeds cases to a fresh tally; each case gives every parser's answer by name, url-grammar's added first. */
function tally(names: string[], cases: Array<{ input: string; base?: string | null; answers: Record<string, Outcome> }>): Record<string, ClassReport> {
  const t = new ClassTally(['url-grammar', ...names]);
  for (const c of cases) {
    const base = c.base ?? null;
    t.add(c.input, base, [grammar(c.input, base), ...names.map((n) => c.answers[n])]);
  }
  return Object.fromEntries(t.reports.map((r) => [r.id, r]));
}

const BACKSLASH = 'http://good.com\\@evil.com/';

describe('compare: classes a researcher can use', () => {
  it('every class links to an id that url.bs defines', () => {
    const spec = readFileSync(join(CORE_ROOT, 'test', 'spec', 'url.bs'), 'utf8');
    // the ids url.bs gives (id=...), and those Bikeshed makes of a <dfn> without one (its text, lowercased, hyphenated)
    const ids = new Set<string>();
    for (const m of spec.matchAll(/\sid=["']?([^"'\s>]+)/g)) ids.add(m[1]);
    for (const m of spec.matchAll(/<dfn(?![^>]*\sid=)[^>]*>([^<]+)<\/dfn>/g)) ids.add(m[1].trim().toLowerCase().replace(/\s+/g, '-'));
    expect(ids.has('no-such-step')).to.equal(false);
    for (const d of CLASSES) expect(ids.has(d.anchor), `${d.id}: #${d.anchor}`).to.equal(true);
    // the families of the literature are all there, security-relevant
    const classIds = CLASSES.map((d) => d.id);
    for (const id of ['scheme-confusion', 'slash-confusion', 'backslash-confusion', 'encoded-data-confusion', 'scheme-mixup', 'path-traversal']) {
      expect(classIds).to.include(id);
      expect(CLASSES.find((d) => d.id === id)!.security, id).to.equal(true);
    }
  });

  it('http://good.com\\@evil.com/: urllib reads host evil.com, Go fails; backslash confusion, host confusion, and Go is the strict side', () => {
    const byId = tally(['python-urllib', 'go-net-url'], [
      {
        input: BACKSLASH,
        answers: {
          'python-urllib': like(BACKSLASH, null, { href: BACKSLASH, host: 'evil.com', hostname: 'evil.com', username: 'good.com\\', pathname: '/' }),
          'go-net-url': fails('parse "http://good.com\\\\@evil.com/": net/url: invalid userinfo'),
        },
      },
    ]);
    const bs = byId['backslash-confusion'];
    expect(bs.cases).to.equal(1);
    expect(bs.byParser).to.deep.equal({ 'python-urllib': 1, 'go-net-url': 1 });
    expect(bs.failures).to.deep.equal({ 'go-net-url': { rejects: 1, accepts: 0 } });
    expect(bs.examples[0].sides).to.deep.equal([
      { value: 'good.com', parsers: ['url-grammar'] },
      { value: 'evil.com', parsers: ['python-urllib'] },
      { value: null, parsers: ['go-net-url'], fails: true },
    ]);
    expect(bs.rootCauses.map((c) => [c.parser, c.direction ?? null])).to.deep.equal([
      ['python-urllib', null],
      ['go-net-url', 'parser rejects'],
    ]);
    expect(bs.rootCauses[0].difference).to.deep.equal({ reference: 'good.com', parser: 'evil.com' });
    expect(byId.host.byParser['python-urllib']).to.equal(1);
    expect(byId.failure.failures).to.deep.equal({ 'go-net-url': { rejects: 1, accepts: 0 } });
    // the re-parse class: urllib's href names good.com again, not the evil.com it reported
    expect(byId.reparse.byParser['python-urllib']).to.equal(1);
    for (const id of ['slash-confusion', 'scheme-confusion', 'path-traversal', 'scheme-mixup']) expect(byId[id].cases, id).to.equal(0);
  });

  it("curl's href http://good.com@evil.com/ for http://good.com＠evil.com/ lands in the re-parse class; curl is the permissive side", () => {
    const input = 'http://good.com＠evil.com/';
    expect(grammar(input).ok).to.equal(false);
    const curl: Result = { ok: true, href: 'http://good.com@evil.com/', protocol: 'http:', username: '', password: '', host: 'good.com@evil.com', hostname: 'good.com@evil.com', port: '', pathname: '/', search: '', hash: '' };
    const byId = tally(['curl-url-api'], [{ input, answers: { 'curl-url-api': curl } }]);
    expect(byId.reparse.byParser['curl-url-api']).to.equal(1);
    expect(byId.reparse.examples[0].sides).to.deep.include({ value: 'good.com@evil.com (its href parses to evil.com)', parsers: ['curl-url-api'] });
    expect(byId.reparse.rootCauses[0]).to.deep.include({ parser: 'curl-url-api', reparse: true, difference: { reference: 'good.com@evil.com', parser: 'evil.com' } });
    expect(byId.failure.failures).to.deep.equal({ 'curl-url-api': { rejects: 0, accepts: 1 } });
    expect(byId.failure.rootCauses[0].direction).to.equal('parser accepts');
    // the reference's reason for failing is the root cause: its last validation error
    expect(byId.failure.rootCauses[0].key).to.match(/^http: \| accepts: [A-Za-z0-9-]+$/);
  });

  it('/a/%2e%2e/b is /b to the standard and unchanged to urllib: path traversal', () => {
    const base = 'http://h/';
    const byId = tally(['python-urllib', 'node'], [
      {
        input: '/a/%2e%2e/b',
        base,
        answers: { 'python-urllib': like('/a/%2e%2e/b', base, { href: 'http://h/a/%2e%2e/b', pathname: '/a/%2e%2e/b' }), node: like('/a/%2e%2e/b', base, {}) },
      },
      { input: 'http://h/a/b', answers: { 'python-urllib': like('http://h/a/b', null, {}), node: like('http://h/a/b', null, {}) } },
    ]);
    const t = byId['path-traversal'];
    expect(t.cases).to.equal(1);
    expect(t.byParser).to.deep.equal({ 'python-urllib': 1, node: 0 });
    expect(t.rootCauses[0].difference).to.deep.equal({ reference: '/b', parser: '/a/%2e%2e/b' });
    // by meaning (the default) %2e is ".", an unreserved character: the root cause is a kept dot segment
    expect(t.rootCauses[0].key).to.equal('http: |  → w/../');
    expect(t.link).to.equal('https://url.spec.whatwg.org/#double-dot-path-segment');
    // compared as exact text, the percent-encoded dots are the root cause's own
    const exact = new ClassTally(['url-grammar', 'python-urllib'], 3, { equivalence: 'exact' });
    exact.add('/a/%2e%2e/b', base, [grammar('/a/%2e%2e/b', base), like('/a/%2e%2e/b', base, { href: 'http://h/a/%2e%2e/b', pathname: '/a/%2e%2e/b' })]);
    expect(exact.reports.find((c) => c.id === 'path-traversal')!.rootCauses[0].key).to.include('%2e%2e');
  });

  it('java\\tscript:alert(1): the standard removes the tab; a parser that fails on it is scheme confusion, not scheme mix-up', () => {
    const input = 'java\tscript:alert(1)';
    expect(grammar(input)).to.deep.include({ ok: true, protocol: 'javascript:' });
    const byId = tally(['go-net-url', 'python-urllib'], [
      { input, answers: { 'go-net-url': fails('parse "java\\tscript:alert(1)": net/url: invalid control character in URL'), 'python-urllib': like(input, null, {}) } },
      // a scheme written plainly is not scheme confusion
      { input: 'javascript:alert(1)', answers: { 'go-net-url': fails('no'), 'python-urllib': like('javascript:alert(1)', null, {}) } },
    ]);
    const s = byId['scheme-confusion'];
    expect(s.cases).to.equal(1);
    expect(s.examples.map((e) => e.input)).to.deep.equal([input]);
    expect(s.failures).to.deep.equal({ 'go-net-url': { rejects: 1, accepts: 0 } });
    expect(s.examples[0].sides[0]).to.deep.equal({ value: 'javascript:', parsers: ['url-grammar', 'python-urllib'] });
    expect(byId['scheme-mixup'].examples.map((e) => e.input)).to.deep.equal(['javascript:alert(1)']);
  });

  it('the input shapes of slash confusion, URL-encoded data confusion and scheme mix-up', () => {
    const applies = (id: string, input: string, base: string | null = null) => CLASSES.find((d) => d.id === id)!.applies!(input, base);
    for (const s of ['http:/evil.com', 'https:evil.com', 'http:///evil.com', 'http:\\\\\\evil.com', 'ws:\t/x']) expect(applies('slash-confusion', s), s).to.equal(true);
    for (const s of ['http://evil.com', 'http:\\\\evil.com', 'file:/x', 'foo:/x', '/path']) expect(applies('slash-confusion', s), s).to.equal(false);
    expect(applies('encoded-data-confusion', 'http://evil.com%2f@good.com/')).to.equal(true);
    expect(applies('encoded-data-confusion', 'http://good.com/%2f')).to.equal(false);
    expect(applies('encoded-data-confusion', '//a%40b/', 'http://x/')).to.equal(true);
    expect(applies('scheme-mixup', 'git+ssh://h/x')).to.equal(true);
    expect(applies('scheme-mixup', 'HTTP://h/x')).to.equal(false);
    expect(applies('scheme-confusion', ' http://h/')).to.equal(true);
    expect(applies('scheme-confusion', 'www.example.com/x')).to.equal(true);
    expect(applies('scheme-confusion', 'x/y', 'http://h/')).to.equal(false);
    expect(applies('path-traversal', '/a/.%2E/b')).to.equal(true);
    expect(applies('path-traversal', '/a/..b/c')).to.equal(false);
    expect(applies('path-traversal', '/a?x=/../')).to.equal(false);
    expect(schemeShape('\u0000 ja\nva:x')).to.deep.include({ raw: 'ja\nva', scheme: 'java', leading: true });
  });

  it('327 file-host cases with one cause are one root cause with a count; examples show other root causes, not the shortest cases', () => {
    const cases: Array<{ input: string; answers: Record<string, Outcome> }> = [];
    for (let i = 0; i < 327; i++) {
      const host = i % 3 === 0 ? `h${i}` : i % 3 === 1 ? `10.0.0.${i % 250}` : `server-${i}.example.net`;
      const input = `file://${host}/dir${i}/f`;
      cases.push({ input, answers: { firefox: like(input, null, { host: '', hostname: '', href: `file:///dir${i}/f` }), chromium: like(input, null, {}) } });
    }
    // chromium: two other kinds of host confusion, on longer inputs
    const long1 = 'https://a-rather-long-host-name.example/with/a/long/path';
    const long2 = 'https://another.example:8080/and/a/path?with=query';
    cases.push({ input: long1, answers: { firefox: like(long1, null, {}), chromium: like(long1, null, { hostname: 'xyz', host: 'xyz' }) } });
    cases.push({ input: long2, answers: { firefox: like(long2, null, {}), chromium: like(long2, null, { hostname: 'another.example.evil', host: 'another.example.evil:8080' }) } });
    const byId = tally(['firefox', 'chromium'], cases);
    const host = byId.host;
    expect(host.cases).to.equal(329);
    const firefox = host.rootCauses.filter((c) => c.parser === 'firefox');
    expect(firefox).to.have.length(1);
    expect(firefox[0].cases).to.equal(327);
    expect(firefox[0].key).to.equal('file: | w → ');
    expect(host.rootCauseCount).to.equal(3);
    // one example per root cause: the Firefox group's shortest case, then each of chromium's
    expect(host.examples.map((e) => e.input)).to.deep.equal(['file://h0/dir0/f', long1, long2]);
  });

  it('minimised differences and shapes', () => {
    expect(minimalDifference('/b', '/a/%2e%2e/b')).to.deep.equal({ reference: '', parser: 'a/%2e%2e/' });
    expect(minimalDifference('good.com', 'evil.com')).to.deep.equal({ reference: 'good', parser: 'evil' });
    expect(shapeOf('a/%2E%2e/')).to.equal('w/%2e%2e/');
    expect(shapeOf('example.com')).to.equal('w');
    expect(shapeOf('../x')).to.equal('../w');
    expect(shapeOf('münchen')).to.equal('wuw');
    expect(shapeOf('x'.repeat(1000) + '/'.repeat(1000)).length).to.be.at.most(40);
  });

  it('a class state stays bounded: root causes beyond the bound are counted, not kept', () => {
    const t = new ClassTally(['url-grammar', 'p']);
    const n = MAX_ROOT_CAUSES + 100;
    for (let i = 0; i < n; i++) {
      const input = `http://h/x${i}`;
      // a different run of punctuation each time: a different shape, a different root cause
      const punctuation = (i + 2).toString(2).replace(/0/g, '!').replace(/1/g, '~');
      t.add(input, null, [grammar(input), like(input, null, { pathname: `/${punctuation}` })]);
    }
    const path = t.reports.find((c) => c.id === 'path')!;
    expect(path.cases).to.equal(n);
    expect(path.rootCauseCount).to.equal(MAX_ROOT_CAUSES);
    expect(path.untracked).to.equal(100);
    // the report has every root cause tracked; the text output shows the first few
    expect(path.rootCauses.length).to.equal(MAX_ROOT_CAUSES);
    expect(ROOT_CAUSES_SHOWN).to.be.lessThan(MAX_ROOT_CAUSES);
  });
});

describe('compare: parser against parser', () => {
  it('the headline pair: urllib gives host evil.com, Go fails; that pair shows it, and the reference against urllib names two hosts', () => {
    const names = ['url-grammar', 'python-urllib', 'go-net-url'];
    const p = new PairTally(names);
    p.add(BACKSLASH, null, [grammar(BACKSLASH), like(BACKSLASH, null, { hostname: 'evil.com', host: 'evil.com' }), fails('net/url: invalid userinfo')]);
    const pairs = p.reports;
    expect(pairs.map((x) => `${x.a}/${x.b}`)).to.deep.equal(['url-grammar/python-urllib', 'url-grammar/go-net-url', 'python-urllib/go-net-url']);
    const ug = pairs.find((x) => x.b === 'go-net-url' && x.a === 'python-urllib')!;
    expect(ug).to.deep.include({ compared: 1, successDisagreements: 1, onlyAParses: 1, onlyBParses: 0, hostCompared: 0, hostDisagreements: 0 });
    expect(ug.examples).to.deep.equal([{ kind: 'success', input: BACKSLASH, base: null, a: { ok: true, host: 'evil.com' }, b: { ok: false, host: null, message: 'net/url: invalid userinfo' } }]);
    const ru = pairs[0];
    expect(ru).to.deep.include({ compared: 1, successDisagreements: 0, hostCompared: 1, hostDisagreements: 1 });
    expect(ru.examples[0]).to.deep.include({ kind: 'host', a: { ok: true, host: 'good.com' }, b: { ok: true, host: 'evil.com' } });
  });

  it('hosts by meaning: another spelling of the same host is no disagreement; examples stay few however many cases', () => {
    const p = new PairTally(['url-grammar', 'a'], 2);
    p.add('http://x.com/', null, [grammar('http://x.com/'), like('http://x.com/', null, { hostname: 'X.COM.' })]);
    for (let i = 0; i < 500; i++) {
      const input = `http://h${i}.example/`;
      p.add(input, null, [grammar(input), like(input, null, { hostname: `${'z-'.repeat(i % 7)}other${i}` })]);
      p.add(`bad${i}`, null, [grammar(`bad${i}`), like('http://x.com/', null, {})]);
    }
    const [r] = p.reports;
    expect(r.hostCompared).to.equal(501);
    expect(r.hostDisagreements).to.equal(500);
    expect(r.successDisagreements).to.equal(500);
    expect(r.onlyBParses).to.equal(500);
    expect(r.examples.filter((e) => e.kind === 'host').length).to.be.at.most(2);
    expect(r.examples.filter((e) => e.kind === 'success').length).to.be.at.most(2);
    expect(r.examples.length).to.be.at.least(2);
  });

  it('the reports: a matrix of pairs in the text, --json pairs with hostDisagreements a number, the Markdown and HTML matrix', async () => {
    const corpus = ['https://evil.example/x', 'https://reject.example/', 'https://fine.example/'].join('\n') + '\n';
    const files: Record<string, string> = { 'c.txt': corpus };
    const io = () =>
      captureIO({
        readFile: (path) => Buffer.from(files[path] ?? readFileSync(path, 'utf8'), 'utf8'),
        openRead: (path) => [Buffer.from(files[path] ?? readFileSync(path, 'utf8'), 'utf8')],
        fileSize: (path) => Buffer.byteLength(files[path] ?? readFileSync(path, 'utf8')),
      });
    const json = io();
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'node,wrong-on-purpose', '--json', '--workers', '0'], json.io)).to.equal(0);
    const rep = JSON.parse(json.out());
    expect(rep.pairs.map((p: { a: string; b: string }) => `${p.a}/${p.b}`)).to.deep.equal(['url-grammar/node', 'url-grammar/wrong-on-purpose', 'node/wrong-on-purpose']);
    const nw = rep.pairs[2];
    expect(nw).to.deep.include({ compared: 3, successDisagreements: 1, onlyAParses: 1, hostCompared: 2, hostDisagreements: 1 });
    expect(typeof nw.hostDisagreements).to.equal('number');
    expect(nw.examples.map((e: { kind: string; input: string }) => `${e.kind} ${e.input}`)).to.deep.equal(['host https://evil.example/x', 'success https://reject.example/']);

    const text = io();
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--manifest', MANIFEST, '--against', 'node,wrong-on-purpose', '--workers', '0'], text.io)).to.equal(0);
    const lines = text.out().split('\n');
    const at = lines.findIndex((l) => l.startsWith('parser against parser'));
    expect(at).to.be.greaterThan(0);
    expect(lines[at + 1]).to.match(/^\s+1\s+2\s+3$/);
    expect(lines[at + 2]).to.match(/^1 url-grammar\s+·\s+0\s+1\/1$/);
    expect(lines[at + 4]).to.match(/^3 wrong-on-purpose\s+1\/1\s+1\/1\s+·$/);
    expect(text.out()).to.include('  node / wrong-on-purpose: 1 of 2 hosts differ; 1 of 3 one fails (1 only node parses)');
    // the classes in the text: description, the permissive side, root causes
    expect(text.out()).to.include('    wrong-on-purpose fails where url-grammar parses: 1 (url-grammar is the permissive side)');
    expect(text.out()).to.match(/ {4}1 case: wrong-on-purpose: w → w \[https:\]\n {6}wrong-on-purpose \(1 case\): url-grammar "evil\.example", wrong-on-purpose "good\.example"; input "https:\/\/evil\.example\/x"/);

    const doc = { ...rep, sources: rep.corpus.sources };
    const md = markdownReport(doc);
    expect(md).to.include('## Parser against parser');
    expect(md).to.match(/^\| node \| 100% \/ 100% \| · \| 66\.66% \/ 50\.00% \|$/m);
    expect(md).to.include('- **node / wrong-on-purpose**: 1 of 2 name different hosts; 1 of 3 one parses and the other fails (1 only node parses)');
    expect(md).to.include('wrong-on-purpose fails where url-grammar parses: 1 (url-grammar is the permissive side)');
    const html = htmlReport(doc);
    expect(html).to.include('<h2 style="display:inline">Parser against parser</h2>');
    expect(html).to.include('id="pair-node--wrong-on-purpose"');
    // self-contained: its script and data are inline, nothing is fetched
    expect(html).to.not.match(/<script[^>]*\ssrc=|<link|<img|<iframe|@import|fetch\(|XMLHttpRequest/i);
  });

  it('the parser table shows each adapter\'s version when the report has one', () => {
    const base = { reference: 'url-grammar', cases: 0, referenceErrors: 0, maxExamples: 0, classes: [], pairs: [], stopped: false, sources: [] };
    const adapter = (version?: string) => ({
      name: 'p',
      available: true,
      answered: 0,
      adapterErrors: 0,
      adapterErrorMessages: [],
      components: Object.fromEntries(['parse', 'href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'errors'].map((k) => [k, { compared: 0, agreed: 0, examples: [] }])),
      ...(version ? { version } : {}),
    });
    // escaped as Markdown text: it is what the adapter's version command printed
    expect(markdownReport({ ...base, adapters: [adapter('9.8.7 (lib 1.2)')] } as never)).to.include('\n| p | 9\\.8\\.7 \\(lib 1\\.2\\) | 0/0 |');
    expect(markdownReport({ ...base, adapters: [adapter()] } as never)).to.not.match(/\| version \|/);
    expect(htmlReport({ ...base, adapters: [adapter('9.8.7')] } as never)).to.include('<td>p<span class="version">9.8.7</span></td>');
    expect(htmlReport({ ...base, adapters: [adapter()] } as never)).to.not.include('class="version"');
  });
});

describe('compare: --wpt-candidates', function () {
  this.timeout(60_000);

  it('reductions: without the fragment, the query, a segment, the userinfo, the port, then runs of characters', () => {
    const r = reductions('http://u:p@h:80/a/b?q#f', 0);
    for (const s of ['http://u:p@h:80/a/b?q', 'http://u:p@h:80/a/b#f', 'http://u:p@h:80/b?q#f', 'http://u:p@h:80/a/?q#f', 'http://h:80/a/b?q#f', 'http://u:p@h/a/b?q#f']) expect(r, s).to.include(s);
    expect(reductions('abcd', 2)).to.include.members(['cd', 'ab']);
    expect(reductions('abcd', 2).every((s) => s.length < 4)).to.equal(true);
  });

  it('writes minimised inputs in urltestdata.json format, with url-grammar as the expectation, and leaves out what WPT covers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-wpt-candidates-'));
    try {
      const out = join(dir, 'candidates.json');
      const original = 'https://user@www.evil.example:8443/some/long/path/segments?query=string&x=1#fragment';
      const corpus = [original, 'file://fileserver.example/share/doc.txt', 'https://fine.example/'].join('\n') + '\n';
      const { io, err } = captureIO({
        readFile: (path) => (path === 'c.txt' ? Buffer.from(corpus, 'utf8') : readFileSync(path)),
        openRead: (path) => [path === 'c.txt' ? Buffer.from(corpus, 'utf8') : readFileSync(path)],
        fileSize: (path) => (path === 'c.txt' ? Buffer.byteLength(corpus) : undefined),
      });
      const code = await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'none', '--adapter', `chromium=node ${FAKE_BROWSER} evil`, '--adapter', `firefox=node ${FAKE_BROWSER} file-host`, '--wpt-candidates', out, '--workers', '0', '--json'], io);
      expect(code, err()).to.equal(0);
      const data = JSON.parse(readFileSync(out, 'utf8')) as unknown[];
      expect(typeof data[0]).to.equal('string');
      const objects = data.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
      expect(objects.length).to.be.at.least(1);
      for (const o of objects) {
        expect(Object.keys(o).slice(0, 2)).to.deep.equal(['input', 'base']);
        // the expectation is url-grammar's answer
        const u = GrammarURL.parse(o.input as string, (o.base as string | null) ?? undefined);
        if (o.failure === true) expect(u).to.equal(null);
        else expect(o).to.deep.include({ href: u!.href, protocol: u!.protocol, hostname: u!.hostname, pathname: u!.pathname, search: u!.search, hash: u!.hash });
      }
      // the chromium difference: minimised, "evil" kept (it is the cause), far shorter than the corpus line
      const evil = objects.filter((o) => (o.input as string).includes('evil'));
      expect(evil.length).to.be.at.least(1);
      for (const o of evil) expect((o.input as string).length).to.be.lessThan(original.length / 2);
      // the firefox difference (a file URL's host) is shown by WPT's "file://test": not a candidate
      expect(objects.some((o) => (o.input as string).startsWith('file:'))).to.equal(false);
      expect(data[0]).to.match(/^Candidates for WPT's url\/resources\/urltestdata\.json/);
      expect(err()).to.match(/--wpt-candidates: \d+ written to /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs two browser engines among the parsers', async () => {
    const { io, err } = captureIO({ readFile: () => Buffer.from('https://a/\n'), openRead: () => [Buffer.from('https://a/\n')], fileSize: () => 11 });
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'node', '--adapter', `chromium=node ${FAKE_BROWSER}`, '--wpt-candidates', join(tmpdir(), 'never-written.json')], io)).to.equal(2);
    expect(err()).to.match(/--wpt-candidates needs two browser engines/);
  });
});

describe('compare: each parser re-parses its own href (self re-parse)', () => {
  // A parser like curl: it keeps "good.com＠evil.com" as a host with an "@" in it and writes the
  // href http://good.com@evil.com/, which it then reads as user "good.com" at host "evil.com".
  const curlLike: ParserAdapter = {
    name: 'curl-like',
    parse(input: string, base: string | null): Result {
      if (input === 'http://good.com＠evil.com/') return { ok: true, href: 'http://good.com@evil.com/', protocol: 'http:', username: '', password: '', host: 'good.com@evil.com', hostname: 'good.com@evil.com', port: '', pathname: '/', search: '', hash: '' };
      if (input === 'http://good.com@evil.com/') return { ok: true, href: input, protocol: 'http:', username: 'good.com', password: '', host: 'evil.com', hostname: 'evil.com', port: '', pathname: '/', search: '', hash: '' };
      return like(input, base, {});
    },
  };
  const inputs = [
    { input: 'http://good.com＠evil.com/', base: null },
    { input: 'HTTP://EXAMPLE.com/a', base: null },
    { input: '../x', base: 'https://h/a/b' },
    { input: 'https://h/', base: null },
  ];

  it("an href the parser itself reads as another host is flagged, with the host it reported and the one it reads again", async () => {
    const rep = await compareStream(inputs, { adapters: [curlLike], workers: 0 });
    const self = rep.classes.find((c) => c.id === 'self-reparse')!;
    expect(self.security).to.equal(true);
    expect(self.cases).to.equal(1);
    expect(self.byParser['curl-like']).to.equal(1);
    expect(self.rootCauses[0]).to.deep.include({ parser: 'curl-like', reparse: true, difference: { reference: 'good.com@evil.com', parser: 'evil.com' } });
  });

  it('asks again only for answers with a host whose href is not their base-less input, and not at all with selfReparse: false', async () => {
    const asked: string[] = [];
    const counting: ParserAdapter = { name: 'counting', parse: (input, base) => (asked.push(input), like(input, base, {})) };
    await compareStream(inputs.slice(1), { adapters: [counting], workers: 0 });
    // the three inputs, then the hrefs of the two whose href differs from the input or had a base
    expect(asked).to.deep.equal(['HTTP://EXAMPLE.com/a', '../x', 'https://h/', 'http://example.com/a', 'https://h/x']);
    asked.length = 0;
    const rep = await compareStream(inputs.slice(1), { adapters: [counting], workers: 0, selfReparse: false });
    expect(asked).to.have.length(3);
    expect(rep.classes.find((c) => c.id === 'self-reparse')!.cases).to.equal(0);
  });
});
