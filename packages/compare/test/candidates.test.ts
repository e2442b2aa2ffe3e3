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
import { captureIO, mainAsync } from './support/cli';
import { behaviourKey, behaviourOf, engineDifferences, errorStep, simplifications, wptBehaviours } from '../src/candidates';
import { childProcessAdapter, urlGrammarAdapter, type CompareCase, type Outcome, type ParserAdapter, type Result } from '../src/compare';
import { freshAdapter } from '../src/attribution';
import { checkAvailable, readManifest } from '../src/manifest';
import { parseWptCorpus } from '../src/corpus';
import { SPEC_LINES } from '../src/spec';
import { VALIDATION_ERRORS } from 'url-grammar';

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
 * The bar: every candidate, asked of `engines` again, differs from the standard in one of them; its
 * behaviour is none of the WPT inputs'; it has an engine difference no WPT input shows; and its
 * comment says whether it is one engine's bug.
 */
async function checkCandidates(file: string, engines: ParserAdapter[]): Promise<number> {
  const cands = candidatesOf(file);
  const names = engines.map((e) => e.name);
  const wpt = await wptBehaviours(engines, WPT);
  const cases: CompareCase[] = cands.map((c) => ({ input: c.input, base: c.base }));
  const answers: Outcome[][] = await Promise.all(engines.map(async (e) => (cases.length === 0 ? [] : (e as ReturnType<typeof childProcessAdapter>).parseBatch(cases))));
  const ref = urlGrammarAdapter();
  cands.forEach((c, i) => {
    const b = behaviourOf(c.input, ref.parse(c.input, c.base) as Result, names, answers.map((a) => a[i]))!;
    const differing = Object.keys(b.engines).filter((e) => b.engines[e].difference !== 'same');
    expect(differing.length, `${JSON.stringify(c.input)} differs from the standard in an engine`).to.be.at.least(1);
    expect(wpt.keys.has(behaviourKey(b)), `${JSON.stringify(c.input)}: equivalent by behaviour to a WPT input`).to.equal(false);
    expect(engineDifferences(b).some((d) => !wpt.differences.has(d)), `${JSON.stringify(c.input)}: an engine difference no WPT input shows`).to.equal(true);
    if (differing.length === 1) expect(c.comment).to.match(new RegExp(`^only ${differing[0]} differs from the standard: ${differing[0]}'s bug: `));
    else expect(c.comment).to.match(new RegExp(`^differs from the standard in ${differing.length} engines: `));
    // the step, pinned
    expect(c.comment).to.match(/the step: https:\/\/github\.com\/whatwg\/url\/blob\/[0-9a-f]+\/url\.bs#L[0-9]+;/);
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
    // and so is "https:*" (the minimiser keeps the slashes all the same: without them the standard finds a validation error)
    expect(key('https:*', [without(grammar('https:*'), {}), fails])).to.equal(key(punctuation, [without(grammar(punctuation), {}), fails]));
    const b = behaviourOf('file://(?', grammar('file://(?'), ['chromium', 'firefox', 'webkit'], [fails, firefoxDrops('file://(?'), without(grammar('file://(?'), {})])!;
    expect(b).to.deep.equal({
      scheme: 'file',
      engines: { chromium: { difference: 'fails (host, query)', step: 'concept-basic-url-parser' }, firefox: { difference: 'hostname dropped', step: 'file-host-state' }, webkit: { difference: 'same', step: '' } },
    });
    expect(engineDifferences(b)).to.deep.equal(['chromium | file | concept-basic-url-parser | fails (host, query)', 'firefox | file | file-host-state | hostname dropped']);
  });

  it('every validation error has a step in url.bs; simplifications replace one character at a time and lowercase', () => {
    for (const type of Object.keys(VALIDATION_ERRORS)) expect(SPEC_LINES[errorStep(type)], type).to.be.a('number');
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
      expect(file.comment).to.match(/^differs from the standard in 2 engines: chromium fails \(host, query\) \(concept-basic-url-parser; no WPT input shows it\), firefox hostname dropped \(file-host-state; a WPT input shows it\), webkit as the standard;/);
      // the "evil" host is Firefox's alone: its bug, minimised
      const evil = cands.find((c) => c.input.includes('evil'))!;
      expect(evil.comment).to.match(/^only firefox differs from the standard: firefox's bug: /);
      expect(evil.input.length).to.be.below(20);
      // its slashes kept: "http:evil" would bring a validation error the original did not have
      expect(evil.input.startsWith('http://')).to.equal(true);
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
