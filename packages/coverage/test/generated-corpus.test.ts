// The generated conformance corpus (generated/generated-urltestdata.json, written by
// `url-grammar coverage --write-corpus`): each case does what its comment says, url-grammar gives
// the expected values it holds, and whatwg-url 17.3 agrees, on the URL, on the validation errors
// (parseURLWithValidationErrors) and on validity (isValidURLString): the two functions exist in
// the installed whatwg-url, and this test uses them for every case.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkURLString, parseWithDiagnostics, VALIDATION_ERRORS } from 'url-grammar';
import { branchCatalogue, HOST_GRAMMAR, URL_GRAMMAR, WRITING_GRAMMAR } from 'url-grammar/grammar';
import { Analyzer, branchKey, GRAMMAR_NAMES } from '../src/analysis';
import { corpusFileText, expectedEntry, generateCorpus } from '../src/generate';
import { pointLabel } from '../src/report';
import { ruleMatches, stillMatches } from '../src/violations';
import { urlWritingRules, writingRuleOf } from '../src/writing-rules';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as {
  URL: new (input: string, base?: string) => Record<string, string>;
  parseURL(input: string): unknown;
  parseURLWithValidationErrors(input: string, options?: { baseURL?: unknown }): { url: unknown; validationErrors: string[] };
  isValidURLString(input: string, options?: { baseURL?: unknown }): boolean;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwgVersion = (require('whatwg-url/package.json') as { version: string }).version;

const FILE = join(__dirname, '..', 'generated', 'generated-urltestdata.json');
const entries = JSON.parse(readFileSync(FILE, 'utf8')) as Array<string | Record<string, unknown>>;

interface Case {
  purposes: string[];
  input: string;
  base: string | null;
  entry: Record<string, unknown>;
  /** The comment says the URL parser fails it, as every input found for its branch. */
  failsNoted: boolean;
}

/** What a branch's comment adds when its case fails (src/generate.ts). */
const FAILS_NOTE = 'the URL parser fails it, as every input found for the branch';

/** The cases with the comment before each (its purposes, separated by "; "). */
const cases: Case[] = [];
for (let i = 2; i < entries.length; i += 2) {
  const comment = (entries[i] as string).split('; ');
  const entry = entries[i + 1] as Record<string, unknown>;
  cases.push({ purposes: comment.filter((p) => p !== FAILS_NOTE), input: entry.input as string, base: entry.base as string | null, entry, failsNoted: comment.includes(FAILS_NOTE) });
}

const whatwgBase = (base: string | null) => (base === null ? undefined : whatwg.parseURL(base));
const whatwgErrors = (c: { input: string; base: string | null }) => [...new Set(whatwg.parseURLWithValidationErrors(c.input, { baseURL: whatwgBase(c.base) }).validationErrors)].sort();
const ourErrors = (input: string, base: string | null) => [...new Set(parseWithDiagnostics(input, { baseURL: base }).errors.map((e) => e.type))].sort();

const ERROR = /^validation error (\S+), (alone|with others)$/;
const WRITING = /^writing rule (\S+), alone: one edit of the valid ("(?:[^"\\]|\\.)*") breaks (.*)$/;
const BRANCH = /^branch of the (URL grammar|host grammar|writing grammar): (.*): ([^:]+)$/;

describe('the generated corpus (generated-urltestdata.json)', () => {
  it(`is checked against whatwg-url ${whatwgVersion}, which has parseURLWithValidationErrors and isValidURLString`, () => {
    expect(whatwgVersion).to.equal('17.3.0');
    expect(typeof whatwg.parseURLWithValidationErrors).to.equal('function');
    expect(typeof whatwg.isValidURLString).to.equal('function');
    expect(entries.slice(0, 2).every((e) => typeof e === 'string')).to.equal(true);
    expect(cases.length).to.be.greaterThan(60);
    for (const c of cases) expect(c.purposes.every((p) => ERROR.test(p) || WRITING.test(p) || BRANCH.test(p)), c.purposes.join('; ')).to.equal(true);
  });

  it("holds url-grammar's answer for each case, and whatwg-url's URL gives the same", () => {
    for (const c of cases) {
      expect(c.entry, JSON.stringify(c.input)).to.deep.equal(expectedEntry(c.input, c.base));
      let theirs: Record<string, string> | null = null;
      try {
        theirs = c.base === null ? new whatwg.URL(c.input) : new whatwg.URL(c.input, c.base);
      } catch {
        theirs = null;
      }
      if (c.entry.failure) {
        expect(theirs, JSON.stringify(c.input)).to.equal(null);
        continue;
      }
      expect(theirs, JSON.stringify(c.input)).to.not.equal(null);
      for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']) {
        if (k === 'origin' && !('origin' in c.entry)) continue; // (a file URL's: none, as in urltestdata.json)
        expect(theirs![k], `${k} of ${JSON.stringify(c.input)}`).to.equal(c.entry[k]);
      }
      expect('origin' in c.entry, JSON.stringify(c.input)).to.equal(c.entry.protocol !== 'file:');
    }
  });

  it('raises every validation error type, each alone where the standard allows, as parseURLWithValidationErrors confirms', () => {
    const raised = new Map<string, boolean>();
    for (const c of cases) {
      for (const p of c.purposes) {
        const m = ERROR.exec(p);
        if (!m) continue;
        const [, type, alone] = m;
        const theirs = whatwgErrors(c);
        expect(theirs, `${type}: ${JSON.stringify(c.input)}`).to.deep.equal(ourErrors(c.input, c.base));
        expect(theirs, JSON.stringify(c.input)).to.include(type);
        if (alone === 'alone') expect(theirs, JSON.stringify(c.input)).to.deep.equal([type]);
        raised.set(type, alone === 'alone');
      }
    }
    expect([...raised.keys()].sort()).to.deep.equal(Object.keys(VALIDATION_ERRORS).sort());
    // The two the standard never lets stand alone: an IPv4 address's trailing "." is an empty
    // label, which the strict domain-to-ASCII (VerifyDnsLength) rejects first; a Windows drive
    // letter relative to a file base is "C|" ("C:" would be a scheme), and "|" is no URL unit.
    expect([...raised].filter(([, alone]) => !alone).map(([type]) => type).sort()).to.deep.equal(['IPv4-empty-part', 'file-invalid-Windows-drive-letter']);
  });

  it('breaks every writing rule, each alone, by one edit of a valid URL string; isValidURLString says invalid, and valid for the string edited', () => {
    const broken = new Set<string>();
    for (const c of cases) {
      for (const p of c.purposes) {
        const m = WRITING.exec(p);
        if (!m) continue;
        const [, rule, seedText, parts] = m;
        const seed = JSON.parse(seedText) as string;
        const base = whatwgBase(c.base);
        expect(whatwg.isValidURLString(c.input, { baseURL: base }), JSON.stringify(c.input)).to.equal(false);
        expect(whatwg.isValidURLString(seed, { baseURL: base }), JSON.stringify(seed)).to.equal(true);
        // ours agrees, and finds one problem: nothing else is broken
        const check = checkURLString(c.input, { baseURL: c.base });
        expect(check.valid).to.equal(false);
        expect(check.problems, JSON.stringify(c.input)).to.have.length(1);
        expect(checkURLString(seed, { baseURL: c.base }).valid).to.equal(true);
        // one code point edited: the common prefix and suffix leave at most one on each side
        let pre = 0;
        while (pre < seed.length && pre < c.input.length && seed[pre] === c.input[pre]) pre++;
        let post = 0;
        while (post < seed.length - pre && post < c.input.length - pre && seed[seed.length - 1 - post] === c.input[c.input.length - 1 - post]) post++;
        expect([...seed.slice(pre, seed.length - post)].length, `${JSON.stringify(seed)} -> ${JSON.stringify(c.input)}`).to.be.at.most(1);
        expect([...c.input.slice(pre, c.input.length - post)].length).to.be.at.most(1);
        // the parts named are parts of the valid string that the edited string no longer matches
        const matches = ruleMatches(seed, c.base);
        const delta = c.input.length - seed.length;
        if (parts === 'a check on its match') {
          expect(writingRuleOf(check.problems[0].rule)).to.equal(rule);
        } else {
          const named = [...parts.matchAll(/(\S+) \[(\d+), (\d+)\)/g)].map(([, r, s, e]) => ({ rule: r, start: Number(s), end: Number(e) }));
          expect(named.map((n) => writingRuleOf(n.rule))).to.include(rule);
          for (const n of named) {
            expect(matches, `${n.rule} in ${JSON.stringify(seed)}`).to.deep.include(n);
            expect(stillMatches(n.rule, c.input, n.start, n.end + delta), `${n.rule} on ${JSON.stringify(c.input)}`).to.equal(false);
          }
        }
        broken.add(rule);
      }
    }
    expect([...broken].sort()).to.deep.equal(urlWritingRules().sort());
  });

  it('takes each branch its comment names (branches the WPT data leaves unexercised)', () => {
    const analyzer = new Analyzer();
    const grammars = [URL_GRAMMAR, HOST_GRAMMAR, WRITING_GRAMMAR];
    let n = 0;
    for (const c of cases) {
      const a = analyzer.analyze(c.input, c.base)!;
      for (const p of c.purposes) {
        const m = BRANCH.exec(p);
        if (!m) continue;
        const g = GRAMMAR_NAMES.indexOf(m[1] as (typeof GRAMMAR_NAMES)[number]);
        const point = branchCatalogue(grammars[g]).points.find((x) => pointLabel(x) === m[2])!;
        expect(point, m[2]).to.not.equal(undefined);
        expect(a.branches.has(branchKey(g, point.index, point.outcomes.indexOf(m[3]))), `${p}: ${JSON.stringify(c.input)}`).to.equal(true);
        n++;
      }
    }
    expect(n).to.be.greaterThan(10);
  });

  it('reaches the branch it is for: a case that parses where one was found (many "@" in a URL that is not special: the earlier ones in the username), a failing one said to fail', () => {
    const analyzer = new Analyzer();
    for (const c of cases) {
      if (!c.purposes.some((p) => BRANCH.test(p))) continue;
      const a = analyzer.analyze(c.input, c.base)!;
      expect(c.failsNoted, `${JSON.stringify(c.input)}: its comment says whether it parses`).to.equal(!a.parses);
      expect(c.entry.failure === true, JSON.stringify(c.input)).to.equal(!a.parses);
    }
    const many = cases.find((c) => c.purposes.includes('branch of the URL grammar: other-userinfo @1 zeroOrMore: many'))!;
    // two "@" before the last: the loop of other-userinfo runs twice, and both end in the username
    expect(many.entry.failure).to.equal(undefined);
    expect((many.entry.username as string).split('%40').length - 1).to.equal(2);
    expect(new URL(many.input).username).to.equal(many.entry.username);
    // an absolute URL against a base of another kind: it parses, the base plays no part
    for (const c of cases.filter((x) => x.purposes.some((p) => /^branch of the URL grammar: url-with-(file|other|opaque)-base @0 choice: alternative [12]$/.test(p)))) {
      expect(c.entry.failure, JSON.stringify(c)).to.equal(undefined);
      expect(new URL(c.input).href).to.equal(c.entry.href);
    }
  });

  it('is minimal: no code point of an error or branch case can go without losing what it is for (or adding an error)', () => {
    const analyzer = new Analyzer();
    const grammars = [URL_GRAMMAR, HOST_GRAMMAR, WRITING_GRAMMAR];
    for (const c of cases) {
      const purposes = c.purposes.filter((p) => !WRITING.test(p));
      if (!purposes.length) continue;
      const own = analyzer.analyze(c.input, c.base)!;
      const cps = [...c.input];
      const smaller = cps.map((_, i) => ({ input: cps.slice(0, i).join('') + cps.slice(i + 1).join(''), base: c.base }));
      if (c.base !== null) smaller.push({ input: c.input, base: null });
      for (const s of smaller) {
        const a = analyzer.analyze(s.input, s.base);
        // each purpose was minimised for: one code point fewer, and it is lost
        const serves = (p: string) => {
          if (a === null) return false;
          const e = ERROR.exec(p);
          if (e) return a.errors.includes(e[1]) && a.errors.length <= own.errors.length;
          const b = BRANCH.exec(p)!;
          const g = GRAMMAR_NAMES.indexOf(b[1] as (typeof GRAMMAR_NAMES)[number]);
          const point = branchCatalogue(grammars[g]).points.find((x) => pointLabel(x) === b[2])!;
          // a branch's case that parses was minimised while it parses
          return a.branches.has(branchKey(g, point.index, point.outcomes.indexOf(b[3]))) && (a.parses || !own.parses);
        };
        for (const p of purposes) expect(serves(p), `${JSON.stringify(s)} still serves ${p}`).to.equal(false);
      }
    }
  });

  it('is what url-grammar coverage --write-corpus writes today (regenerated in full: slow)', function () {
    this.timeout(600_000);
    expect(corpusFileText(generateCorpus())).to.equal(readFileSync(FILE, 'utf8'));
  });
});
