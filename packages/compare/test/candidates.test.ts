// WPT candidates that are new and minimal (issue 37): new by behaviour, not by the literal input.
// The behaviour of an input is each engine's difference from the standard (or "same"), the url.bs
// step that decides it, and the kind of scheme (src/candidates.ts says how each is found); a
// candidate has an engine difference no input of urltestdata.json shows, so it is equivalent by
// behaviour to none of them. Each differs from the standard in a browser engine, says whether in
// two engines or more or as one engine's bug, and is minimised while its behaviour holds without a
// validation error the original did not have. With fake engines (test/fixtures/adapters/
// fake-browser.js) the expected candidates are known; with the real ones (CI installs them, .ci/run)
// every candidate is checked by asking the engines again.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL as GrammarURL, parseWithDiagnostics } from 'url-grammar';
import { captureIO, CORE_ROOT, mainAsync } from './support/cli';
import { absoluteForms, behaviourKey, behaviourOf, CandidateCollector, candidatesJson, deletionsOf, engineDifferences, failProbes, failStep, simplifications, verifyCandidates, wptCandidates } from '../src/candidates';
import { childProcessAdapter, urlGrammarAdapter, type CompareCase, type Outcome, type ParserAdapter, type Result } from '../src/compare';
import { freshAdapter } from '../src/attribution';
import { checkAvailable, readManifest } from '../src/manifest';
import { parseWptCorpus } from '../src/corpus';
import { SPEC_LINES } from '../src/spec';

const root = join(__dirname, '..');
const FAKE = join(root, 'test', 'fixtures', 'adapters', 'fake-browser.js');
const WPT = parseWptCorpus(readFileSync(join(root, 'corpus', 'urltestdata.json'), 'utf8'));

function grammar(input: string, base: string | null = null): Result {
  const errors = parseWithDiagnostics(input, { baseURL: base ?? undefined }).errors.map((e) => e.type);
  const u = GrammarURL.parse(input, base ?? undefined);
  if (!u) return { ok: false, errors };
  return { ok: true, href: u.href, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash, errors };
}
const without = (r: Result, change: object): Result => {
  const { errors: _e, ...rest } = r;
  return { ...rest, ...change } as Result;
};

/** The candidates of a --wpt-candidates file: each object with the comment before it. */
function candidatesOf(file: string): Array<{ comment: string; input: string; base: string | null }> {
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
  const out: Array<{ comment: string; input: string; base: string | null }> = [];
  data.forEach((x, i) => {
    if (typeof x === 'object' && x !== null) out.push({ comment: data[i - 1] as string, input: (x as { input: string }).input, base: (x as { base: string | null }).base });
  });
  return out;
}

/**
 * The bar (issue 48), through verifyCandidates, which asks `engines` afresh: no raw invisible code
 * point in the file; each candidate is url-grammar's answer, no WPT input, differs in an engine in a
 * way no WPT input shows, is for an engine behaviour no candidate before it shows, and is 1-minimal
 * (no single deletion keeps its behaviour). Then what this file checks itself: the comment says
 * whether it is one engine's bug, what it is for, links the step pinned, and names WPT inputs.
 */
async function checkCandidates(file: string, engines: ParserAdapter[]): Promise<number> {
  const text = readFileSync(file, 'utf8');
  const check = await verifyCandidates(text, engines, WPT);
  expect(check.problems).to.deep.equal([]);
  const cands = candidatesOf(file);
  expect(check.candidates).to.equal(cands.length);
  const names = engines.map((e) => e.name);
  const cases: CompareCase[] = cands.map((c) => ({ input: c.input, base: c.base }));
  const answers: Outcome[][] = await Promise.all(engines.map(async (e) => (cases.length === 0 ? [] : (e as ReturnType<typeof childProcessAdapter>).parseBatch(cases))));
  const ref = urlGrammarAdapter();
  cands.forEach((c, i) => {
    const b = behaviourOf(c.input, ref.parse(c.input, c.base) as Result, names, answers.map((a) => a[i]), c.base)!;
    const differing = Object.keys(b.engines).filter((e) => b.engines[e].difference !== 'same');
    expect(differing.length, `${JSON.stringify(c.input)} differs from the standard in an engine`).to.be.at.least(1);
    if (differing.length === 1) expect(c.comment).to.match(new RegExp(`^${i + 1}\\. only ${differing[0]} differs from the standard: ${differing[0]}'s bug: it is for ${differing[0]} `));
    else expect(c.comment).to.match(new RegExp(`^${i + 1}\\. differs from the standard in ${differing.length} engines: it is for `));
    // the step, pinned; why it is new; the WPT inputs nearest to it
    expect(c.comment).to.match(/The step: https:\/\/github\.com\/whatwg\/url\/blob\/[0-9a-f]+\/url\.bs#L[0-9]+;/);
    expect(c.comment).to.match(/Why new: no WPT input has /);
    expect(c.comment).to.match(/The WPT inputs nearest to it: .*in text, "/);
  });
  return cands.length;
}

describe('compare --wpt-candidates: new by behaviour', function () {
  this.timeout(120_000);

  it('behaviour: "file://{h" is "file://test" again (an engine dropping the host of a file URL), "https://*" is WPT\'s punctuation host again, "https:*" is not', () => {
    const firefoxDrops = (input: string) => without(grammar(input), { host: '', hostname: '', href: grammar(input).ok ? (grammar(input) as { href: string }).href.replace(/^file:\/\/[^/]*/, 'file://') : '' });
    const key = (input: string, answers: Outcome[]) => behaviourKey(behaviourOf(input, grammar(input), ['chromium', 'firefox'], answers)!);
    expect(key('file://{h', [without(grammar('file://{h'), {}), firefoxDrops('file://{h')])).to.equal(key('file://test', [without(grammar('file://test'), {}), firefoxDrops('file://test')]));
    const punctuation = 'http://!"$&\'()*+,-.;=_`{}~/';
    const fails: Result = { ok: false, message: 'Invalid URL' };
    expect(WPT.some((c) => c.input === punctuation)).to.equal(true);
    expect(key('https://*', [without(grammar('https://*'), {}), fails])).to.equal(key(punctuation, [without(grammar(punctuation), {}), fails]));
    // and so is "https:*"
    expect(key('https:*', [without(grammar('https:*'), {}), fails])).to.equal(key(punctuation, [without(grammar(punctuation), {}), fails]));
    const b = behaviourOf('file://(?', grammar('file://(?'), ['chromium', 'firefox', 'webkit'], [fails, firefoxDrops('file://(?'), without(grammar('file://(?'), {})])!;
    expect(b).to.deep.equal({
      scheme: 'file',
      engines: { chromium: { difference: 'fails (host, query)', step: 'concept-basic-url-parser' }, firefox: { difference: 'hostname dropped', step: 'file-host-state' }, webkit: { difference: 'same', step: '' } },
    });
    // an engine behaviour: the engine, the step and the difference, whatever the kind of scheme
    expect(engineDifferences(b)).to.deep.equal(['chromium | concept-basic-url-parser | fails (host, query)', 'firefox | file-host-state | hostname dropped']);
    // a relative input is of its base's kind of scheme, when the standard fails it too
    expect(behaviourOf('//[', grammar('//[', 'file:///a'), ['firefox'], [grammar('file:///')], 'file:///a')!.scheme).to.equal('file');
  });

  it('where a failure lies: the input without its fragment, its query, its path, its userinfo, its port, in that order', () => {
    expect(failProbes('http://u@h:1/p?q#f', true)).to.deep.equal([
      { input: 'http://u@h:1/p?q', step: 'fragment-state' },
      { input: 'http://u@h:1/p', step: 'query-state' },
      { input: 'http://u@h:1', step: 'path-state' },
      { input: 'http://h:1', step: 'authority-state' },
      { input: 'http://u@h', step: 'port-state' },
    ]);
    // "\\" ends a special URL's authority only; an IPv6 address's colons are no port
    expect(failProbes('http://h\\p', true).map((p) => p.input)).to.deep.equal(['http://h']);
    expect(failProbes('sc://h\\p', false)).to.deep.equal([]);
    expect(failProbes('http://[::1]', true)).to.deep.equal([]);
    expect(failProbes('a:b?c', false)).to.deep.equal([{ input: 'a:b', step: 'query-state' }]);
  });

  it('absolute forms of a relative input, as text; single deletions of the input and the base', () => {
    expect(absoluteForms({ input: '//h/x', base: 'file:///a' })).to.deep.equal(['file://h/x']);
    expect(absoluteForms({ input: '\\\\h', base: 'http://b/' })).to.deep.equal(['http:\\\\h']);
    expect(absoluteForms({ input: '/p', base: 'http://u@b:8/a/b?q#f' })).to.deep.equal(['http://u@b:8/p']);
    expect(absoluteForms({ input: '?x', base: 'http://b/a/b?q#f' })).to.deep.equal(['http://b/a/b?x']);
    expect(absoluteForms({ input: '#x', base: 'http://b/a/b?q#f' })).to.deep.equal(['http://b/a/b?q#x']);
    expect(absoluteForms({ input: 'c', base: 'http://b/a/b?q#f' })).to.deep.equal(['http://b/a/c']);
    expect(absoluteForms({ input: 'c', base: null })).to.deep.equal([]);
    expect(deletionsOf({ input: 'ab', base: 'x\u{1F600}' })).to.deep.equal([
      { input: 'b', base: 'x\u{1F600}' },
      { input: 'a', base: 'x\u{1F600}' },
      { input: 'ab', base: '\u{1F600}' },
      { input: 'ab', base: 'x' },
    ]);
  });

  it('one candidate per engine behaviour: grouped before minimising (a relative input made absolute, a base that fails by itself apart, the same engine wrong at the same step the same way collapsed), each 1-minimal', async () => {
    // engines in this process: url-grammar's answers, but for one difference each
    const like = (name: string, change: (r: Extract<Result, { ok: true }>, input: string, base: string | null) => Result | null): ParserAdapter => ({
      name,
      parse(input, base) {
        const r = grammar(input, base);
        if (!r.ok) return { ok: false, message: 'Invalid URL' };
        const { errors: _e, ...rest } = r;
        return change(rest as Extract<Result, { ok: true }>, input, base) ?? rest;
      },
    });
    // chromium fails on a host with "*", firefox drops a file URL's host, webkit drops "~" from a path
    const engines = [
      like('chromium', (r) => ((r.hostname ?? '').includes('*') ? { ok: false, message: 'Invalid URL' } : null)),
      like('firefox', (r) => (r.protocol === 'file:' && r.hostname !== '' ? { ...r, host: '', hostname: '', href: r.href.replace(/^file:\/\/[^/]*/, 'file://') } : null)),
      like('webkit', (r) => ((r.pathname ?? '').includes('~') ? { ...r, pathname: r.pathname!.replace(/~/g, ''), href: r.href.replace(/~/g, '') } : null)),
    ];
    const corpus: CompareCase[] = [
      { input: '//host.example/dir/file', base: 'file:///base/path' }, // firefox: relative, made absolute
      { input: 'x/y', base: 'https://a*b.example/p' }, // chromium fails because the base fails: the base alone
      { input: 'https://ok.example/~user', base: null }, // webkit, special
      { input: 'sc://ok/~other/path', base: null }, // webkit again, another kind of scheme: the same engine behaviour
      { input: 'file:///~c', base: null }, // and again
    ];
    const collector = new CandidateCollector(new Set(engines.map((e) => e.name)));
    const ref = urlGrammarAdapter();
    for (const c of corpus) collector.observe(c, ['url-grammar', ...engines.map((e) => e.name)], [ref.parse(c.input, c.base) as Result, ...engines.map((e) => e.parse(c.input, c.base) as Result)]);
    const wpt: CompareCase[] = [{ input: 'http://example.com/', base: null }];
    const result = await wptCandidates(collector, engines, wpt);
    const got = result.candidates.map((c) => ({ input: c.input, base: c.base, for: c.for }));
    expect(got).to.have.length(3);
    // firefox: absolute, minimised; chromium: the base's own failure, without the input
    expect(got.find((c) => c.for[0].startsWith('firefox'))).to.deep.include({ input: 'file://h', base: null });
    const star = got.find((c) => c.for[0].startsWith('chromium'))!;
    expect(star.base).to.equal(null);
    expect(star.input).to.match(/^https?:\/*\*$/);
    // webkit: one candidate for the three cases
    const tilde = result.candidates.find((c) => c.for[0].startsWith('webkit'))!;
    expect(tilde.for).to.deep.equal(['webkit | path-state | pathname keeps less']);
    expect(tilde.cases).to.equal(3);
    expect(tilde.collapsed).to.equal(2);
    const text = candidatesJson(result);
    const check = await verifyCandidates(text, engines, wpt);
    expect(check.problems).to.deep.equal([]);
    expect(check.candidates).to.equal(3);
    // and the check finds what is wrong: a candidate with a character too many, a second one for webkit's behaviour
    const data = JSON.parse(text) as unknown[];
    const at = data.findIndex((x) => typeof x === 'object' && x !== null && (x as { input: string }).input === tilde.input);
    const longer = { ...(data[at] as object), input: `${tilde.input}x` };
    const again = { ...(data[at] as object), input: tilde.input.replace('~', 'a~') };
    const bad = await verifyCandidates(JSON.stringify([...data, data[at - 1], longer, data[at - 1], again]), engines, wpt);
    expect(bad.problems.some((p) => /one deletion keeps its behaviour/.test(p))).to.equal(true);
    expect(bad.problems.some((p) => /a candidate before it shows/.test(p))).to.equal(true);
    expect(bad.problems.some((p) => /expectation is not url-grammar's answer/.test(p))).to.equal(true);
    // a raw invisible code point anywhere in the file
    expect((await verifyCandidates(text.replace(']', ', "a\u00a0b"]'), engines, wpt)).problems).to.include('the file holds a raw U+00A0');
  });

  it('the step where the standard fails is where its parser reported the failing error; simplifications replace one character at a time and lowercase', () => {
    // from the error's own state and algorithm, not from its type: host-missing is reported by the
    // authority state here, by the host state in "http://:80/"
    expect(failStep('http://@/')).to.equal('authority-state');
    expect(failStep('http://:80/')).to.equal('host-state');
    expect(failStep('http://[::1/')).to.equal('concept-host-parser');
    expect(failStep('http://[::1::2]/')).to.equal('concept-ipv6-parser');
    expect(failStep('http://a:99999/')).to.equal('port-state');
    expect(failStep('x')).to.equal('no-scheme-state');
    expect(failStep('sc://a b/')).to.equal('concept-opaque-host-parser');
    expect(failStep('http://a/')).to.equal('concept-basic-url-parser');
    // every failing WPT input gets a pinned step
    const wpt = (JSON.parse(readFileSync(join(CORE_ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[]).filter((c): c is { input: string; base: string | null; failure?: boolean } => typeof c === 'object' && c !== null && 'input' in c);
    for (const c of wpt.filter((x) => x.failure)) expect(SPEC_LINES[failStep(c.input, c.base)], JSON.stringify(c.input)).to.be.a('number');
    expect(simplifications('F(?')).to.have.members(['f(?', 'a(?', 'Fa?', 'F(a']);
  });

  it('fake engines: the candidates are the new behaviours, minimised, each checked against the WPT inputs by asking the engines again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-candidates-'));
    const engines = [
      ['chromium', 'file-query-fails'],
      ['firefox', 'file-host+evil'],
      ['webkit', 'star-fails'],
    ];
    try {
      const corpus = join(dir, 'c.txt');
      writeFileSync(corpus, ['file://(?x', 'file://{h', 'https://*/a/b?c', 'http://user@www.evil.example:8443/some/long/path?q=1#f', 'https://fine.example/'].join('\n') + '\n');
      const out = join(dir, 'candidates.json');
      const { io, err } = captureIO({ readFile: (p) => readFileSync(p), openRead: (p) => [readFileSync(p)], fileSize: (p) => readFileSync(p).length });
      const code = await mainAsync(['compare', '--corpus', corpus, '--against', 'none', '--workers', '0', '--json', ...engines.flatMap(([n, m]) => ['--adapter', `${n}=${JSON.stringify(process.execPath)} ${JSON.stringify(FAKE)} ${m}`]), '--wpt-candidates', out], io);
      expect(code, err()).to.equal(0);
      const cands = candidatesOf(out);
      const inputs = cands.map((c) => c.input);
      // Firefox dropping a file URL's host alone is WPT's "file://test"; "https://*" failing is its punctuation host
      expect(inputs.some((i) => i.includes('{'))).to.equal(false);
      expect(inputs.some((i) => i.includes('*'))).to.equal(false);
      // Chromium failing "file://(?x" is new: minimised to a plain host and an empty query, Firefox's known difference kept
      expect(inputs).to.include('file://a?');
      const file = cands.find((c) => c.input === 'file://a?')!;
      // where chromium fails: the query (without it, it parses)
      expect(file.comment).to.match(/^\d+\. differs from the standard in 2 engines: it is for chromium fails \(query-state\); besides, firefox hostname dropped \(file-host-state\): a WPT input shows it, webkit as the standard\./);
      expect(file.comment).to.include('Why new: no WPT input has chromium fails at query-state, nor any other difference of chromium there.');
      // the "evil" host is Firefox's alone: its bug, minimised until no deletion keeps it
      const evil = cands.find((c) => c.input.includes('evil'))!;
      expect(evil.comment).to.match(/^\d+\. only firefox differs from the standard: firefox's bug: it is for firefox hostname other \(concept-domain-to-ascii\)/);
      expect(evil.input).to.equal('http:evil');
      const fresh = engines.map(([n, m]) => childProcessAdapter(n, process.execPath, [FAKE, m]));
      try {
        expect(await checkCandidates(out, fresh)).to.equal(cands.length);
      } finally {
        await Promise.all(fresh.map((f) => f.close()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the real engines (the adapters .ci/run installs): every candidate differs in an engine and is equivalent by behaviour to no WPT input @browser', async function () {
    this.timeout(600_000);
    const manifest = readManifest(join(root, 'adapters', 'manifest.json'));
    const entries = manifest.filter((e) => ['chromium', 'firefox', 'webkit'].includes(e.name));
    const missing = entries.map((e) => [e.name, checkAvailable(e, root)] as const).filter(([, a]) => !a.available);
    if (missing.length > 0) {
      const why = missing.map(([n, a]) => `${n}: ${a.reason}`).join('; ');
      if (process.env.CI) throw new Error(`the browser engines cannot run: ${why}; CI installs them (.ci/run)`);
      this.skip();
    }
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-candidates-real-'));
    try {
      const out = join(dir, 'candidates.json');
      const { io, err } = captureIO({ readFile: (p) => readFileSync(p), openRead: (p) => [readFileSync(p)], fileSize: (p) => readFileSync(p).length });
      const code = await mainAsync(['compare', '--generate', '600', '--seed', '37', '--corpus', join(root, 'corpus', 'confusion.jsonl'), '--against', 'chromium,firefox,webkit', '--json', '--wpt-candidates', out], io);
      expect(code, err()).to.equal(0);
      const engines = ['chromium', 'firefox', 'webkit'].map((n) => freshAdapter(n, { manifest })!);
      try {
        const n = await checkCandidates(out, engines);
        expect(n, 'a corpus of generated inputs gives candidates').to.be.above(0);
      } finally {
        await Promise.all(engines.map(async (e) => e.close?.()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
