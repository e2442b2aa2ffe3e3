// Differential test: url-grammar against whatwg-url (the reference implementation the standard's
// editors maintain), on strings generated from the grammar rules (@url-grammar/compare's arbitraries (packages/compare/src/arbitraries.ts)).
//
// For each input, and each input with a base URL, both must agree on:
// - failure or success (the URL constructor throws a TypeError, or not),
// - every getter (href, origin, protocol, username, password, host, hostname, port, pathname,
//   search, hash) and the searchParams entries,
// - the list of validation error types, in order: parseWithDiagnostics(...).errors.map((e) => e.type)
//   against whatwg-url's parseURLWithValidationErrors(...).validationErrors.
// And after each call of a random sequence of setter calls applied to both, the getters again.
//
// fast-check shrinks a disagreement to a minimal input and prints it with the seed. Where whatwg-url
// and the current url.bs differ, the difference is in KNOWN_WHATWG_URL_DIFFERENCES with the spec
// text that decides it; each entry is a rewrite of whatwg-url's answer into the standard's, and a
// test checks that its example still needs it (so that the table cannot go stale silently).
//
// DIFF_SEED and DIFF_RUNS (a multiplier) override the seed and the number of runs for exploring:
// DIFF_SEED=$RANDOM DIFF_RUNS=10 npx mocha test/differential-whatwg-url.test.ts

import { expect } from 'chai';
import fc from 'fast-check';
import { URL as GrammarURL, parseWithDiagnostics } from '../src/index';
import { relativeReference, urlString, urlWithBase } from '@url-grammar/compare/arbitraries';
import { anyString, setterCalls, type SetterCall } from './support/setter-arbitraries';

interface URLLike {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: Iterable<[string, string]>;
}
type URLClass = new (url: string, base?: string) => URLLike;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as {
  URL: URLClass;
  parseURL(input: string, options?: { baseURL?: unknown }): object | null;
  parseURLWithValidationErrors(input: string, options?: { baseURL?: unknown }): { url: object | null; validationErrors: Array<string | { type: string }> };
};

const SEED = process.env.DIFF_SEED === undefined ? 0xd1ff_2026 : Number(process.env.DIFF_SEED);
const SCALE = process.env.DIFF_RUNS === undefined ? 1 : Number(process.env.DIFF_RUNS);

function check<T>(property: fc.IProperty<T>, numRuns: number): void {
  fc.assert(property, { seed: SEED, numRuns: Math.max(1, Math.round(numRuns * SCALE)) });
}

const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
type Getter = (typeof GETTERS)[number];
type View = (Record<Getter, string> & { searchParams: Array<[string, string]> }) | null;

function view(u: URLLike): Exclude<View, null> {
  const out = {} as Exclude<View, null>;
  for (const g of GETTERS) out[g] = u[g];
  out.searchParams = [...u.searchParams];
  return out;
}

function construct(ctor: URLClass, input: string, base: string | undefined): URLLike | null {
  try {
    return base === undefined ? new ctor(input) : new ctor(input, base);
  } catch (e) {
    if (e instanceof TypeError) return null;
    throw e;
  }
}

const GrammarClass = GrammarURL as unknown as URLClass;

// ---------------------------------------------------------------------------------------------------
// Where whatwg-url 17.3.0 and the current url.bs differ.

interface KnownDifference {
  id: string;
  /** What whatwg-url does. */
  whatwgUrl: string;
  /** Why url.bs says otherwise (the step, quoted). */
  why: string;
  /** An input on which the difference shows. */
  example: { input: string; base?: string };
  /** Turns whatwg-url's validation error types into the standard's (identity where it does not apply). */
  errors(types: string[]): string[];
}

// None at present. The one there was (whatwg-url 17.1+ reports IPv4-non-ASCII-input, which url.bs
// at 6ae8486 lacked) is gone since url-grammar follows whatwg/url 9dc3827 (PR 925).
export const KNOWN_WHATWG_URL_DIFFERENCES: readonly KnownDifference[] = [];

// ---------------------------------------------------------------------------------------------------

const usv = (s: string) => s.toWellFormed();

function theirErrors(input: string, base: string | undefined): string[] | null {
  let baseURL: object | null = null;
  if (base !== undefined) {
    baseURL = whatwg.parseURL(usv(base));
    if (baseURL === null) return null;
  }
  const r = whatwg.parseURLWithValidationErrors(usv(input), { baseURL });
  return r.validationErrors.map((e) => (typeof e === 'string' ? e : e.type));
}

function ourErrors(input: string, base: string | undefined): string[] {
  return parseWithDiagnostics(input, base === undefined ? {} : { baseURL: base }).errors.map((e) => e.type);
}

/** whatwg-url's error types rewritten by every known difference (and which ones changed them). */
function theirErrorsCorrected(input: string, base: string | undefined, used?: Set<string>): string[] | null {
  let types = theirErrors(input, base);
  if (types === null) return null;
  for (const k of KNOWN_WHATWG_URL_DIFFERENCES) {
    const next = k.errors(types);
    if (next.length !== types.length || next.some((t, i) => t !== types![i])) used?.add(k.id);
    types = next;
  }
  return types;
}

const where = (input: string, base: string | undefined) =>
  `input ${JSON.stringify(input)}${base === undefined ? '' : ` base ${JSON.stringify(base)}`}`;

function show(v: View, keys: readonly string[]): string {
  if (v === null) return 'failure (TypeError)';
  return keys.map((k) => `${k}=${JSON.stringify(v[k as keyof typeof v])}`).join(' ');
}

/** The getters on which two views differ; ['(parse)'] when only one of them is a URL. */
function diff(a: View, b: View): string[] {
  if (a === null || b === null) return (a === null) === (b === null) ? [] : ['(parse)'];
  const keys: string[] = GETTERS.filter((g) => a[g] !== b[g]);
  if (JSON.stringify(a.searchParams) !== JSON.stringify(b.searchParams)) keys.push('searchParams');
  return keys;
}

/** Compares the two on one input; null when they agree, else what differs. */
function compare(input: string, base: string | undefined, used?: Set<string>): string | null {
  const ours = construct(GrammarClass, input, base);
  const theirs = construct(whatwg.URL, input, base);
  const a = ours === null ? null : view(ours);
  const b = theirs === null ? null : view(theirs);
  const d = diff(a, b);
  if (d.length > 0) {
    return `${where(input, base)}\n    url-grammar: ${show(a, d.length === 1 && d[0] === '(parse)' ? GETTERS : d)}\n    whatwg-url:  ${show(b, d.length === 1 && d[0] === '(parse)' ? GETTERS : d)}`;
  }
  const theirTypes = theirErrorsCorrected(input, base, used);
  if (theirTypes === null) return null; // the base does not parse: no validation errors to compare
  const ourTypes = ourErrors(input, base);
  if (JSON.stringify(ourTypes) !== JSON.stringify(theirTypes)) {
    return `${where(input, base)}: validation errors\n    url-grammar: ${JSON.stringify(ourTypes)}\n    whatwg-url:  ${JSON.stringify(theirTypes)}`;
  }
  return null;
}

function agree(input: string, base?: string, used?: Set<string>): void {
  const d = compare(input, base, used);
  if (d !== null) expect.fail(`url-grammar and whatwg-url disagree: ${d}`);
}

/** Applies one setter call to a URL object; 'TypeError' when the (href) setter throws one. */
function set(u: URLLike, { setter, value }: SetterCall): 'ok' | 'TypeError' {
  try {
    u[setter] = value;
    return 'ok';
  } catch (e) {
    if (e instanceof TypeError) return 'TypeError';
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------

describe(`differential: url-grammar vs whatwg-url (fast-check, fixed seed ${SEED})`, () => {
  const used = new Set<string>();

  describe('known differences', () => {
    for (const k of KNOWN_WHATWG_URL_DIFFERENCES) {
      it(`${k.id}: whatwg-url still ${k.whatwgUrl.split(' ').slice(0, 4).join(' ')} ...`, () => {
        const { input, base } = k.example;
        const theirs = theirErrors(input, base);
        expect(theirs).to.not.equal(null);
        expect(k.errors(theirs!), 'the entry still changes whatwg-url\'s answer on its example').to.not.deep.equal(theirs);
        expect(ourErrors(input, base)).to.deep.equal(k.errors(theirs!));
        agree(input, base);
      });
    }
  });

  describe('parsing', () => {
    it('absolute URLs from the url rule (20,000)', () => {
      check(fc.property(urlString, (input) => agree(input, undefined, used)), 20000);
    });

    it('inputs with a base URL from the entry rule for its kind (20,000)', () => {
      check(fc.property(urlWithBase, ({ input, base }) => agree(input, base, used)), 20000);
    });

    it('relative references against fixed bases of every kind (6,000)', () => {
      const bases = fc.constantFrom(
        'https://example.com/a/b?c#d', 'http://u:p@h:8080/x/y/z', 'ws://h', 'file:///C:/x/y', 'file://host/share/f',
        'file:///', 'foo://h/p/q', 'foo:/a/b', 'foo://', 'mailto:x@y', 'about:blank', 'sc:', 'http://[::1]/',
      );
      check(fc.property(relativeReference, bases, (input, base) => agree(input, base, used)), 6000);
    });

    it('paths of dot, percent-encoded and plain segments, with and without a base (6,000)', () => {
      // the path state's dot-segment steps, its spans for segments made strings only at the end,
      // and a path read as the grammar's one run of segments
      const segment = fc.constantFrom('', 'a', 'bc', '.', '..', '...', '%', '%2', '%2e', '%2E', '.%2e', '%2e.', '%2e%2E', '.a', 'a.', '%41', 'é', ' ', 'C:', 'C|', 'x:');
      const path = fc.tuple(fc.array(segment, { maxLength: 8 }), fc.array(fc.constantFrom('/', '/', '\\'), { minLength: 8, maxLength: 8 }));
      const prefix = fc.constantFrom('https://h', 'https://h/', 'sc://h', 'sc:', 'sc:/', 'file://', 'file:///', 'file://h', '', '/', '//h');
      const base = fc.option(fc.constantFrom('https://example.com/a/b/c', 'file:///C:/x/y', 'sc://h/p/q/'), { nil: undefined });
      const tail = fc.constantFrom('', '?q', '#f', '/');
      check(
        fc.property(prefix, path, tail, base, (p, [segments, separators], t, b) =>
          agree(p + segments.map((x, k) => (k === 0 ? '' : separators[k]) + x).join('') + t, b, used),
        ),
        6000,
      );
    });

    it('long paths of the same segments (past 256 code units, read as bytes), with and without a base (1,500)', () => {
      // (a path with a code unit beyond ASCII is read as a string, so most paths have none)
      const ascii = fc.constantFrom('a', 'bc', 'segment', '.', '..', '..', '%2e', '.%2E', '%', ' ', '', 'x:');
      const segments = (segment: fc.Arbitrary<string>) => fc.array(fc.tuple(fc.constantFrom('/', '/', '/', '\\'), segment), { minLength: 60, maxLength: 160 });
      const path = fc.oneof({ arbitrary: segments(ascii), weight: 4 }, { arbitrary: segments(fc.oneof(ascii, fc.constant('é'))), weight: 1 });
      const prefix = fc.constantFrom('https://h', 'sc://h', 'sc:', 'file://', 'ws://h:1');
      const base = fc.option(fc.constantFrom('https://example.com/a/b/c', 'sc://h/p/q/'), { nil: undefined });
      const tail = fc.constantFrom('', '?q', '#f');
      check(
        fc.property(prefix, path, tail, base, (p, parts, t, b) => agree(p + parts.map(([sep, x]) => sep + x).join('') + t, b, used)),
        1500,
      );
    });

    it('strings of any code units, with and without a base (10,000)', () => {
      const input = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'binary-ascii', maxLength: 30 }), anyString);
      const base = fc.option(fc.constantFrom('https://example.com/a/b', 'file:///C:/x', 'foo://h/p', 'foo:x'), { nil: undefined });
      check(fc.property(input, base, (i, b) => agree(i, b, used)), 10000);
    });
  });

  describe('setters', () => {
    const sequenceAgrees = (start: fc.Arbitrary<{ input: string; base?: string }>) =>
      fc.property(start, setterCalls(6), ({ input, base }, calls) => {
        const ours = construct(GrammarClass, input, base);
        const theirs = construct(whatwg.URL, input, base);
        expect(ours === null, `${where(input, base)}: parses`).to.equal(theirs === null);
        if (ours === null || theirs === null) return;
        const done: string[] = [];
        for (const call of calls) {
          const a = set(ours, call);
          const b = set(theirs, call);
          done.push(`${call.setter} = ${JSON.stringify(call.value)}`);
          const context = `new URL(${JSON.stringify(input)}${base === undefined ? '' : `, ${JSON.stringify(base)}`}); ${done.join('; ')}`;
          expect(a, `${context}: the setter throws`).to.equal(b);
          const d = diff(view(ours), view(theirs));
          if (d.length > 0) {
            expect.fail(`url-grammar and whatwg-url disagree after ${context}\n    url-grammar: ${show(view(ours), d)}\n    whatwg-url:  ${show(view(theirs), d)}`);
          }
        }
      });

    it('on absolute URLs from the url rule (10,000 sequences of 1 to 6 calls)', () => {
      check(sequenceAgrees(urlString.map((input) => ({ input }))), 10000);
    });

    it('on URLs parsed against a base (5,000 sequences)', () => {
      check(sequenceAgrees(urlWithBase), 5000);
    });

    it('on plain URLs of every kind (8,000 sequences)', () => {
      const plain = fc.constantFrom(
        'https://example.com/a/b?c#d', 'http://u:p@h:8080/', 'file:///C:/x/y', 'file://host/share/f', 'file:///',
        'foo://h/p?q#f', 'foo:/a/b', 'foo://', 'foo:opaque?q#f', 'mailto:x@y', 'blob:https://a/b', 'ws://[::1]:1/',
        'sc:', 'sc:/', 'sc://h', 'http://1.2.3.4/', 'data:text/plain,x ?y',
      );
      check(sequenceAgrees(plain.map((input) => ({ input }))), 8000);
    });
  });

  after(() => {
    if (used.size > 0) process.stdout.write(`\n  known differences met: ${[...used].join(', ')}\n`);
  });
});
