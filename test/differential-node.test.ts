// Differential test: url-grammar's URL against Node's global URL (Ada), getter by getter.
//
// - Every case of test/wpt/urltestdata.json (and urltestdata-javascript-only.json) with its base.
//   Where Node's answer differs from the WPT expectation (the standard), the input must be listed in
//   KNOWN_NODE_DISAGREEMENTS with what Node does and why the WPT answer is right; the test checks
//   that Node still does exactly that, so the table cannot go stale silently. Everywhere else
//   url-grammar must equal Node on parse success and on all eleven getters.
// - 2,000 URL-shaped strings from fast-check (fixed seed; URL_DIFF_SEED and URL_DIFF_RUNS override
//   it for exploring). url-grammar must equal Node, except where NODE_DISAGREEMENT_PATTERNS explain
//   the difference: each pattern recognises one of Node's known deviations in Node's answer and
//   turns it into the standard's (for a failure Node wrongly accepts, into failure), and some
//   combination of them must turn Node's answer into exactly url-grammar's. A new kind of
//   disagreement fails the test with the seed and a shrunk counterexample; decide who is right from
//   url.bs, then either add a reason and a pattern here or fix url-grammar.
//
// Every pattern and table entry names a reason in REASONS: what Node does, the url.bs text that
// says otherwise, and the Ada versions that do it (`ada`, a semver range matched against
// process.versions.ada). Only the reasons of the running Node's Ada apply: their table entries,
// patterns and examples must still show; the examples of the other reasons must agree with
// url-grammar. Recorded: Ada 2.9.2 (Node 20.20, 22.23) and Ada 4.0.0 (Node 24.21). A Node with
// another Ada may need the ranges updated (the test says which entry or example).
//
// Node's URL is the one in the global scope; url-grammar's is imported under the name GrammarURL.

import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainToASCII as nodeDomainToASCII, domainToUnicode as nodeDomainToUnicode } from 'node:url';
import { URL as GrammarURL } from '../src/index';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as {
  satisfies(version: string, range: string): boolean;
  valid(version: string): string | null;
  validRange(range: string): string | null;
};

const NodeURL = globalThis.URL;
/** The Ada version behind Node's URL. */
export const ADA_VERSION: string = process.versions.ada ?? '';

export const GETTERS = [
  'href',
  'origin',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
] as const;
export type Getter = (typeof GETTERS)[number];
/** What a URL class makes of an input: every getter, or null when the constructor throws. */
export type View = Record<Getter, string> | null;

type Constructor = new (url: string, base?: string) => Record<Getter, string>;

function viewWith(ctor: Constructor, input: string, base: string | undefined): View {
  let url: Record<Getter, string>;
  try {
    url = base === undefined ? new ctor(input) : new ctor(input, base);
  } catch (e) {
    if (e instanceof TypeError) return null;
    throw e;
  }
  const out = {} as Record<Getter, string>;
  for (const g of GETTERS) out[g] = url[g];
  return out;
}

export const nodeView = (input: string, base?: string): View => viewWith(NodeURL, input, base);
export const grammarView = (input: string, base?: string): View => viewWith(GrammarURL, input, base);

/** The getters on which two views differ; ['(parse)'] when only one of them parses. */
export function diff(a: View, b: View): string[] {
  if (a === null || b === null) return (a === null) === (b === null) ? [] : ['(parse)'];
  return GETTERS.filter((g) => a[g] !== b[g]);
}

function show(v: View, only?: readonly string[]): string {
  if (v === null) return 'failure';
  const keys = only && only.length > 0 && !only.includes('(parse)') ? only : GETTERS;
  return keys.map((k) => `${k}=${JSON.stringify(v[k as Getter])}`).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Why Node is wrong: each reason once, with the url.bs text that decides it.

const REASONS = {
  'opaque-path-space': {
    ada: '>=2.9.2 <4.0.0',
    node: 'keeps a space at the end of an opaque path that a "?" or "#" follows',
    why:
      'url.bs, opaque path state: for U+0020 SPACE, "If remaining starts with U+003F (?) or U+0023 (#), ' +
      'then append "%20" to url\'s path" (so that the path does not lose its trailing space when the ' +
      'query or fragment is later removed). Ada 2.9.2 appends a plain space.',
    examples: [['non-special:opaque  ?hi'], ['foo:a #b'], ['data:text/plain,x ?q']],
  },
  'path-caret': {
    ada: '>=2.9.2 <4.0.0',
    node: 'leaves U+005E (^) unencoded in a (non-opaque) path',
    why:
      'url.bs: "The path percent-encode set is ... the query percent-encode set and U+003F (?), ' +
      'U+005E (^), U+0060 (`), U+007B ({), and U+007D (})"; it applies to special and non-special ' +
      'paths alike. Ada 2.9.2 uses the set without ^.',
    examples: [['https://h/^'], ['foo://h/a^b'], ['file:///^/x']],
  },
  'ascii-xn-label': {
    ada: '>=2.9.2 <4.0.0',
    node:
      'rejects an all-ASCII domain with an "xn--" label that UTS #46 ToASCII fails (invalid or empty ' +
      'Punycode, or a label that decodes to disallowed code points)',
    why:
      'url.bs, domain to ASCII: "If domain is an ASCII string, then set result to domain, lowercased" ' +
      '— ToASCII runs only for the validation error, and "the algorithm returns domain lowercased ' +
      'regardless of Unicode ToASCII\'s outcome, due to web compatibility". Ada still fails the host.',
    examples: [['http://a.b.c.xn--pokxncvks'], ['https://xn--/'], ['ws://xn--a.example/']],
  },
  'opaque-base-fragment': {
    ada: '>=2.9.2 <4.0.0',
    node:
      'resolves a scheme-less input against a base with an opaque path whenever the input contains ' +
      'a "#" anywhere ("x#a" against "about:blank" gives "about:blank/x#a"; "/x#" gives "about:/x#")',
    why:
      'url.bs, no scheme state: "If base is null, or base has an opaque path and c is not U+0023 (#), ' +
      'missing-scheme-non-relative-URL validation error, return failure" — c is the first code point, ' +
      'so only an input that starts with "#" can use such a base. Found by the fast-check strings; no ' +
      'WPT case covers it. (whatwg-url fails these too.)',
    examples: [['x#a', 'about:blank'], ['/x#', 'about:blank'], ['a?b#c', 'mailto:x@y']],
  },
  'non-special-dotdot-root': {
    ada: '>=2.9.2 <4.0.0',
    node:
      'leaves the path empty when a non-special URL\'s path ends in a ".." segment that has nothing ' +
      'left to remove ("foo:/.." gives "foo:", "foo://h/.." gives "foo://h", ".." against "foo:/a" ' +
      'gives "foo:"), so pathname is "" instead of "/"',
    why:
      'url.bs, path state: "If buffer is a double-dot URL path segment: shorten url\'s path. If neither ' +
      'c is U+002F (/), nor url is special and c is U+005C (\\), append the empty string to url\'s path" ' +
      '— the empty segment is appended whether or not shortening removed anything, so the path is ' +
      '« "" » and serializes as "/" (the spec\'s note: "for input /usr/.. the result is / and not a ' +
      'lack of a path"). Found by the fast-check strings; no WPT case covers it. ' +
      '(whatwg-url gives "/" too.)',
    examples: [['foo:/..'], ['foo://h/..'], ['..', 'foo:/a'], ['sc:/a/../..']],
  },
  'dot-segment-after-dot-name': {
    ada: '>=2.9.2 <4.0.0',
    node:
      'stops removing dot segments once an empty segment is followed by one that starts with "." ' +
      '("http://h//.a/.." stays "http://h//.a/..", "file:////.0.1./.." keeps its "..")',
    why:
      'url.bs, path state: every buffer that is a double-dot URL path segment shortens the path and ' +
      'every single-dot one is dropped, whatever came before; "http://h//.a/.." has the path ' +
      '« "", "" » and serializes as "http://h//". Found by the fast-check strings; no WPT case covers ' +
      'it. (whatwg-url agrees with url-grammar.)',
    examples: [['http://h//.a/..'], ['file:////.0.1./..'], ['foo://h//.a/b/../..']],
  },
  'file-drive-prefix': {
    ada: '>=2.9.2 <4.0.0',
    node:
      'treats a first file path segment that merely starts with a drive letter ("C:x", "B:|", "B:@x") ' +
      'as a drive letter, so ".." does not remove it ("file:///C:x/.." gives "file:///C:x/")',
    why:
      'url.bs, shorten a URL\'s path: "If url\'s scheme is "file", path\'s size is 1, and path[0] is a ' +
      'normalized Windows drive letter, then return" — a normalized Windows drive letter is exactly ' +
      'two code points (an ASCII alpha and ":"), so "C:x" is removed like any segment: "file:///". ' +
      'Found by the fast-check strings; no WPT case covers it. (whatwg-url agrees with url-grammar.)',
    examples: [['file:///C:x/..'], ['file:///B:|/..'], ['file:/B:@x/../a', 'sc://h/']],
  },
  'bidi-domain-ltr-label': {
    ada: '>=2.9.2',
    node:
      'accepts a domain with a right-to-left label (e.g. Arabic) whose other, left-to-right labels ' +
      'break the Bidi Rule ("https://9a.اب/", "https://a-.اب/", "https://_a.اب/", "☃.اب")',
    why:
      'url.bs, domain parser ToASCII: Unicode ToASCII with CheckBidi set to true. UTS #46 validity ' +
      'criteria: "If CheckBidi, and if the domain name is a Bidi domain name, then the label must ' +
      'satisfy all six of the numbered conditions in RFC 5893, Section 2" — for every label, left-to-' +
      'right ones included: rule 1, the first character has Bidi class L, R or AL (not "9", "_", "-" ' +
      'or "☃"); rule 6, an LTR label ends in L or EN (not "-"). ToASCII fails, so the host parser ' +
      'fails. Found by the fast-check strings; WPT\'s IdnaTestV2.json excludes Bidi cases. ' +
      '(whatwg-url agrees with url-grammar.)',
    examples: [['https://9a.اب/'], ['https://a-.اب/'], ['https://_a.اب/'], ['https://☃.اب/']],
  },
} as const satisfies Record<string, { ada: string; node: string; why: string; examples: ReadonlyArray<readonly [string, string?]> }>;
type ReasonId = keyof typeof REASONS;

/** Whether the running Node's Ada departs from the standard in the way `reason` says. */
export const adaShows = (reason: ReasonId): boolean => semver.satisfies(ADA_VERSION, REASONS[reason].ada);

// ---------------------------------------------------------------------------------------------
// WPT inputs on which Node differs from the WPT expectation, for the Ada versions of the entry's
// reason (all of them seen with Ada 2.9.2; Ada 4.0.0 has none).
// `node` is what Node does: 'failure', or the getters where it differs with Node's values.

interface KnownNodeDisagreement {
  input: string;
  base: string | null;
  reason: ReasonId;
  node: 'failure' | Partial<Record<Getter, string>>;
}

export const KNOWN_NODE_DISAGREEMENTS: readonly KnownNodeDisagreement[] = [
  {
    input: 'non-special:opaque  ?hi',
    base: null,
    reason: 'opaque-path-space',
    node: { href: 'non-special:opaque  ?hi', pathname: 'opaque  ' },
  },
  {
    input: 'non-special:opaque  #hi',
    base: null,
    reason: 'opaque-path-space',
    node: { href: 'non-special:opaque  #hi', pathname: 'opaque  ' },
  },
  {
    input: 'non-special:opaque \t\t  \t#hi',
    base: null,
    reason: 'opaque-path-space',
    node: { href: 'non-special:opaque   #hi', pathname: 'opaque   ' },
  },
  {
    input: 'non-special:opaque \t\t  #hi',
    base: null,
    reason: 'opaque-path-space',
    node: { href: 'non-special:opaque   #hi', pathname: 'opaque   ' },
  },
  {
    input: 'non-special:opaque\t\t  \r #hi',
    base: null,
    reason: 'opaque-path-space',
    node: { href: 'non-special:opaque   #hi', pathname: 'opaque   ' },
  },
  { input: 'http://a.b.c.xn--pokxncvks', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'http://10.0.0.xn--pokxncvks', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'http://a.b.c.XN--pokxncvks', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'http://a.b.c.Xn--pokxncvks', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'http://10.0.0.XN--pokxncvks', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'http://10.0.0.xN--pokxncvks', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'file://xn--/p', base: null, reason: 'ascii-xn-label', node: 'failure' },
  { input: 'https://xn--/', base: null, reason: 'ascii-xn-label', node: 'failure' },
  {
    input: 'foo://host/ !"$%&\'()*+,-./:;<=>@[\\]^_`{|}~',
    base: null,
    reason: 'path-caret',
    node: {
      href: 'foo://host/%20!%22$%&\'()*+,-./:;%3C=%3E@[\\]^_%60%7B|%7D~',
      pathname: '/%20!%22$%&\'()*+,-./:;%3C=%3E@[\\]^_%60%7B|%7D~',
    },
  },
  {
    input: 'wss://host/ !"$%&\'()*+,-./:;<=>@[\\]^_`{|}~',
    base: null,
    reason: 'path-caret',
    node: {
      href: 'wss://host/%20!%22$%&\'()*+,-./:;%3C=%3E@[/]^_%60%7B|%7D~',
      pathname: '/%20!%22$%&\'()*+,-./:;%3C=%3E@[/]^_%60%7B|%7D~',
    },
  },
];

// ---------------------------------------------------------------------------------------------
// The same reasons as patterns for arbitrary input: each turns Node's view into the standard's.

/** Splits a serialized URL around its path: [before the path, the path, query and fragment]. */
function splitAtPath(v: Record<Getter, string>): [string, string, string] | null {
  const { href, pathname } = v;
  // Neither the scheme, the userinfo (percent-encoded) nor a host holds "?" or "#", and a path
  // holds neither raw, so the first one starts the query or fragment.
  const q = href.search(/[?#]/);
  const end = q === -1 ? href.length : q;
  const head = href.slice(0, end);
  if (!head.endsWith(pathname)) return null;
  return [head.slice(0, end - pathname.length), pathname, href.slice(end)];
}

const hasOpaquePath = (v: Record<Getter, string>): boolean => !v.href.slice(v.protocol.length).startsWith('/');

function withPath(v: Record<Getter, string>, path: string): Record<Getter, string> {
  const parts = splitAtPath(v);
  if (parts === null) return v;
  return { ...v, pathname: path, href: parts[0] + path + parts[2] };
}

const SPECIAL = new Set(['ftp:', 'file:', 'http:', 'https:', 'ws:', 'wss:']);

/** The input as the parser sees it: C0 controls and spaces trimmed, tabs and newlines removed. */
// eslint-disable-next-line no-control-regex
const preprocessed = (input: string) => input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');

interface PatternContext {
  input: string;
  base: string | undefined;
  /** Node's view, as corrected by the patterns applied before this one. */
  node: View;
  /** Node's view as Node gave it. */
  original: View;
  grammar: View;
}

interface DisagreementPattern {
  reason: ReasonId;
  /** Node's view corrected to what the standard says, or undefined when the pattern does not apply. */
  correct(ctx: PatternContext): View | undefined;
}

const SINGLE_DOT = /^(?:\.|%2e)$/i;
const DOUBLE_DOT = /^(?:\.|%2e){2}$/i;

/** url.bs path state's dot-segment handling, run over an already serialized path. */
function removeDotSegments(pathname: string, file: boolean): string {
  const segments = pathname.slice(1).split('/');
  const out: string[] = [];
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    if (DOUBLE_DOT.test(seg)) {
      if (!(file && out.length === 1 && /^[A-Za-z]:$/.test(out[0]))) out.pop();
      if (last) out.push('');
    } else if (SINGLE_DOT.test(seg)) {
      if (last) out.push('');
    } else {
      out.push(seg);
    }
  });
  return '/' + out.join('/');
}

// Right-to-left scripts (Bidi classes R, AL, AN): Hebrew, Arabic, Syriac, Thaana, NKo, ... and their
// presentation forms.
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** RFC 5893 rules 1 and 6 for a left-to-right label: starts with a letter, ends with a letter or digit. */
const ltrLabelOk = (label: string) => /^\p{L}/u.test(label) && /[\p{L}\p{Nd}]\p{M}*$/u.test(label);

export const NODE_DISAGREEMENT_PATTERNS: readonly DisagreementPattern[] = [
  {
    reason: 'ascii-xn-label',
    // Node fails where the standard keeps the ASCII domain (lowercased). There is nothing in Node's
    // view to correct, so the pattern vouches for url-grammar's view when url-grammar's host is an
    // ASCII domain with an xn-- label that Node's own UTS #46 ToASCII rejects.
    correct({ original, grammar }) {
      if (original !== null || grammar === null) return undefined;
      const host = grammar.hostname;
      if (!/^[\x21-\x7e]+$/.test(host) || !host.split('.').some((l) => l.startsWith('xn--'))) return undefined;
      if (nodeDomainToASCII(host) !== '') return undefined;
      return grammar;
    },
  },
  {
    reason: 'opaque-base-fragment',
    // The standard fails: a scheme-less input that does not start with "#", a base with an opaque path.
    correct({ input, base, original }) {
      if (original === null || base === undefined) return undefined;
      const baseView = nodeView(base);
      if (baseView === null || !hasOpaquePath(baseView)) return undefined;
      const s = preprocessed(input);
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) || s.startsWith('#') || !s.includes('#')) return undefined;
      return null;
    },
  },
  {
    reason: 'bidi-domain-ltr-label',
    // The standard fails: the host is a Bidi domain name with a left-to-right label that breaks
    // RFC 5893 rule 1 or 6.
    correct({ node }) {
      if (node === null || !SPECIAL.has(node.protocol) || node.hostname === '' || node.hostname.startsWith('[')) return undefined;
      const labels = nodeDomainToUnicode(node.hostname).split('.').filter((l) => l !== '');
      if (!labels.some((l) => RTL.test(l))) return undefined;
      if (labels.every((l) => RTL.test(l) || ltrLabelOk(l))) return undefined;
      return null;
    },
  },
  {
    reason: 'dot-segment-after-dot-name',
    correct({ node }) {
      if (node === null || hasOpaquePath(node) || !node.pathname.startsWith('/')) return undefined;
      if (!node.pathname.split('/').some((seg) => SINGLE_DOT.test(seg) || DOUBLE_DOT.test(seg))) return undefined;
      return withPath(node, removeDotSegments(node.pathname, node.protocol === 'file:'));
    },
  },
  {
    reason: 'file-drive-prefix',
    // Node kept a first segment that a ".." should have removed: the standard's path is Node's
    // without it.
    correct({ input, node }) {
      if (node === null || node.protocol !== 'file:' || !/^\/[A-Za-z][:|][^/]/.test(node.pathname)) return undefined;
      const path = preprocessed(input).split(/[?#]/, 1)[0];
      if (!path.split(/[/\\]/).some((seg) => DOUBLE_DOT.test(seg))) return undefined;
      return withPath(node, node.pathname.replace(/^\/[^/]*/, '') || '/');
    },
  },
  {
    reason: 'non-special-dotdot-root',
    correct({ input, node }) {
      if (node === null || SPECIAL.has(node.protocol) || node.pathname !== '') return undefined;
      const path = preprocessed(input).split(/[?#]/, 1)[0];
      if (!/(?:^|\/)(?:\.|%2e){2}$/i.test(path)) return undefined;
      return withPath(node, '/');
    },
  },
  {
    reason: 'opaque-path-space',
    correct({ node }) {
      if (node === null || !hasOpaquePath(node)) return undefined;
      const parts = splitAtPath(node);
      if (parts === null || parts[2] === '' || !parts[1].endsWith(' ')) return undefined;
      return withPath(node, parts[1].slice(0, -1) + '%20');
    },
  },
  {
    reason: 'path-caret',
    correct({ node }) {
      if (node === null || hasOpaquePath(node) || !node.pathname.includes('^')) return undefined;
      return withPath(node, node.pathname.replaceAll('^', '%5E'));
    },
  },
];

/**
 * Compares url-grammar with Node on one input. Returns null when they agree or when some of the
 * patterns of the running Ada's reasons, applied in their order to Node's view, turn it into url-grammar's (the reasons of the
 * smallest such set are counted in `explained`); otherwise a description of the disagreement.
 */
export function compareWithNode(input: string, base: string | undefined, explained?: Map<ReasonId, number>): string | null {
  const node = nodeView(input, base);
  const grammar = grammarView(input, base);
  const d = diff(node, grammar);
  if (d.length === 0) return null;
  const patterns = NODE_DISAGREEMENT_PATTERNS.filter((p) => adaShows(p.reason));
  const n = patterns.length;
  const subsets = Array.from({ length: (1 << n) - 1 }, (_, i) => i + 1);
  subsets.sort((a, b) => popcount(a) - popcount(b) || a - b);
  for (const subset of subsets) {
    let corrected: View = node;
    const used: ReasonId[] = [];
    let applies = true;
    for (let i = 0; i < n && applies; i++) {
      if ((subset & (1 << i)) === 0) continue;
      const p = patterns[i];
      const c = p.correct({ input, base, node: corrected, original: node, grammar });
      if (c === undefined) applies = false;
      else {
        corrected = c;
        used.push(p.reason);
      }
    }
    if (applies && diff(corrected, grammar).length === 0) {
      for (const r of used) explained?.set(r, (explained.get(r) ?? 0) + 1);
      return null;
    }
  }
  return (
    `input ${JSON.stringify(input)} base ${JSON.stringify(base)}\n` +
    `    node:        ${show(node, d)}\n` +
    `    url-grammar: ${show(grammar, d)}`
  );
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

// ---------------------------------------------------------------------------------------------
// URL-shaped strings.

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const maybe = (arb: fc.Arbitrary<string>, weight = 1) =>
  fc.oneof({ arbitrary: fc.constant(''), weight: 1 }, { arbitrary: arb, weight });
const joined = (arb: fc.Arbitrary<string>, maxLength: number, sep = '') =>
  fc.array(arb, { maxLength }).map((a) => a.join(sep));

const scheme = pick(
  'http', 'https', 'HTTP', 'hTtPs', 'ws', 'wss', 'ftp', 'file', 'FILE', 'foo', 'non-special', 'sc',
  'a+b-c.d', 'mailto', 'javascript', 'data', 'blob', 'urn', 'about', '1x', 'a_b',
);
const slashes = pick('', '/', '//', '//', '//', '//', '///', '////', '\\\\', '/\\', '\\/', '\\');
const userinfoUnit = pick('a', 'B', '0', '%', '%41', '%zz', ' ', 'é', ':', ';', '=', '^', '`', '[', ']', '|', '\u0000', '💩');
const userinfo = maybe(
  fc
    .tuple(joined(userinfoUnit, 4), maybe(joined(userinfoUnit, 4).map((p) => ':' + p)), pick('@', '@', '@@'))
    .map(([u, p, at]) => u + p + at),
  1,
);
const asciiLabel = joined(pick('a', 'b', 'z', 'A', 'Z', '0', '9', '-', '_', 'x'), 5).filter((s) => s.length > 0);
const idnLabel = pick(
  'é', 'ÉCOLE', 'bücher', '日本', 'faß', 'ＡＢＣ', '\u00AD', 'xn--nxasmq6b', 'xn--bcher-kva',
  'XN--BCHER-KVA', '☃', 'a\u200Db', 'اب', 'xn--pokxncvks', 'xn--', 'xn--a', 'a\u3002b', '%E2%98%83',
  '%2E', '%41', '%zz', '%', '%00', '%C3%A9', '%ef%bc%a1', 'ß', 'ǅ', '\u0130', 'ﬀ', 'ı',
);
const domain = fc
  .tuple(fc.array(fc.oneof({ arbitrary: asciiLabel, weight: 3 }, { arbitrary: idnLabel, weight: 2 }), { minLength: 1, maxLength: 4 }), pick('', '', '', '.'))
  .map(([labels, dot]) => labels.join('.') + dot);
const ipv4 = fc
  .tuple(
    fc.array(pick('0', '1', '127', '255', '256', '4294967295', '4294967296', '0x7f', '0X', '0x', '00', '0300', '09', '08', '1e', '0xffffffff', ''), { minLength: 1, maxLength: 5 }),
    pick('', '', '.'),
  )
  .map(([parts, dot]) => parts.join('.') + dot);
const hexGroup = pick('0', '1', 'ffff', 'FEDC', 'a0', '00000', 'g', '12345', '');
const ipv6 = fc.oneof(
  pick(
    '[::1]', '[::]', '[1:2:3:4:5:6:7:8]', '[1:2:3:4:5:6:7::]', '[::ffff:127.0.0.1]', '[0:0:0:0:0:0:13.1.68.3]',
    '[1::2::3]', '[:::]', '[1:2:3:4:5:6:7:8:9]', '[::1.2.3]', '[::1.2.3.4x]', '[FEDC:BA98::3210]',
    '[1:0:0:2::3:0]', '[::127.0.0.0001]', '[v1.x]', '[::1', '::1]', '[0:0::1%251]', '[::%31]', '[::1]]',
    '[1:2:3:4:5:6:1.2.3.4]', '[::0x1]', '[:1]', '[1:]', '[\t::1]',
  ),
  fc
    .tuple(fc.array(hexGroup, { maxLength: 8 }), fc.nat(8), fc.boolean(), maybe(pick('1.2.3.4', '255.255.255.255', '1.2.3', '01.2.3.4')))
    .map(([groups, at, compress, v4]) => {
      const g = [...groups];
      if (compress) g.splice(Math.min(at, g.length), 0, '');
      const body = g.join(':') + (v4 === '' ? '' : (g.length > 0 ? ':' : '') + v4);
      return '[' + (compress && g.length === 1 ? '::' : body) + ']';
    }),
);
const oddHost = pick('', 'localhost', 'LOCALHOST', 'a b', 'a<b', 'a^b', 'a|b', 'a%b', 'a\u007Fb', 'a\u0000b', 'a@b', '%2e%2e', '.', '..', 'a..b');
const host = fc.oneof(
  { arbitrary: domain, weight: 5 },
  { arbitrary: ipv4, weight: 3 },
  { arbitrary: ipv6, weight: 2 },
  { arbitrary: oddHost, weight: 1 },
);
const port = maybe(pick('', '0', '80', '443', '21', '8080', '65535', '65536', '99999999999', '08', 'a', '1a', ' 1', '\t8\t0').map((p) => ':' + p), 2);
const segment = pick(
  '', 'a', 'B', '.', '..', '%2e', '%2E', '.%2e', '%2e.', '%2E%2e', 'C:', 'c|', 'C|', 'd:', '%7C', 'C%3A', 'é',
  'a b', '^', '`', '{}', "'", '"', '<>', '%', '%zz', '%41', ';x=y', '\u0000', '💩', '...', 'localhost', 'a ',
);
const path = fc
  .tuple(maybe(segment, 1), fc.array(fc.tuple(pick('/', '/', '/', '\\'), segment), { maxLength: 5 }))
  .map(([head, rest]) => head + rest.map(([sep, seg]) => sep + seg).join(''));
const queryUnit = pick('a', '=', '&', '+', ' ', '%20', '%', "'", '"', '<', '>', '`', 'é', '?', '/', '\\', '^', '{', '}', '\u0000');
const query = maybe(joined(queryUnit, 5).map((q) => '?' + q), 1);
const fragmentUnit = pick('a', ' ', '"', '<', '>', '`', '#', 'é', '%', '?', '{', '^', '\u0000');
const fragment = maybe(joined(fragmentUnit, 4).map((f) => '#' + f), 1);
const edge = pick('', '', '', '', ' ', '\t', '\n', '\u0000', '\u001F', ' \t');

const authority = fc.tuple(userinfo, host, port).map(([u, h, p]) => u + h + p);
const schemePart = fc.oneof({ arbitrary: scheme.map((s) => s + ':'), weight: 4 }, { arbitrary: fc.constant(''), weight: 1 });
const body = fc.oneof(
  // scheme, slashes, authority, path
  { arbitrary: fc.tuple(schemePart, slashes, authority, path).map((p) => p.join('')), weight: 6 },
  // no authority: opaque paths, relative paths, paths after "scheme:"
  { arbitrary: fc.tuple(schemePart, path).map((p) => p.join('')), weight: 2 },
);

/** URL-shaped strings: scheme, slashes, credentials, host, port, path, query, fragment, with tabs. */
export const urlShaped: fc.Arbitrary<string> = fc
  .tuple(edge, body, query, fragment, edge, fc.array(fc.tuple(fc.nat(), pick('\t', '\n', '\r')), { maxLength: 2 }))
  .map(([lead, b, q, f, trail, inserts]) => {
    let s = lead + b + q + f + trail;
    for (const [at, c] of inserts) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + c + s.slice(i);
    }
    return s;
  });

export const bases = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  {
    arbitrary: pick(
      'https://example.com/a/b?c#d', 'http://user:pw@h:8080/x/y/z', 'file:///C:/x/y', 'file://host/share/f',
      'foo://h/p/q', 'non-special:/a/b', 'mailto:x@y', 'about:blank', 'data:text/plain,x', 'sc://ñ/p',
      'http://[::1]/', 'blob:https://a/b', 'not a url',
    ),
    weight: 5,
  },
);

// ---------------------------------------------------------------------------------------------

interface UrlTest {
  input: string;
  base: string | null;
  failure?: boolean;
  [getter: string]: unknown;
}

function loadWpt(file: string): UrlTest[] {
  const data: unknown[] = JSON.parse(readFileSync(join(__dirname, 'wpt', file), 'utf8'));
  return data.filter((c): c is UrlTest => typeof c === 'object' && c !== null);
}

/** The getters the WPT case gives on which `v` differs from it (['(parse)'] for success/failure). */
function wptDiff(c: UrlTest, v: View): string[] {
  if (c.failure === true || v === null) return (c.failure === true) === (v === null) ? [] : ['(parse)'];
  return GETTERS.filter((g) => typeof c[g] === 'string' && c[g] !== v[g]);
}

const key = (input: string, base: string | null) => JSON.stringify([input, base]);

describe(`differential: url-grammar vs Node ${process.version} (ada ${process.versions.ada ?? '?'})`, () => {
  it('the Ada version is known, and every reason says for which Ada versions it holds', () => {
    expect(semver.valid(ADA_VERSION), `process.versions.ada ${JSON.stringify(ADA_VERSION)}`).to.not.equal(null);
    for (const [id, r] of Object.entries(REASONS)) expect(semver.validRange(r.ada), `${id}: ${r.ada}`).to.not.equal(null);
  });

  describe('WPT urltestdata', () => {
    const known = new Map(KNOWN_NODE_DISAGREEMENTS.filter((k) => adaShows(k.reason)).map((k) => [key(k.input, k.base), k]));
    const files = ['urltestdata.json', 'urltestdata-javascript-only.json'];
    const wptKeys = new Set(files.flatMap((f) => loadWpt(f).map((c) => key(c.input, c.base))));

    for (const file of files) {
      loadWpt(file).forEach((c, i) => {
        const base = c.base ?? undefined;
        it(`${file} #${i} ${JSON.stringify(c.input)}${c.base === null ? '' : ` against ${JSON.stringify(c.base)}`}`, () => {
          const node = nodeView(c.input, base);
          const grammar = grammarView(c.input, base);
          const nodeOff = wptDiff(c, node);
          const entry = known.get(key(c.input, c.base));
          if (nodeOff.length === 0) {
            expect(entry, `Node (Ada ${ADA_VERSION}) now agrees with WPT: narrow the ada range of ${entry?.reason} or remove ${JSON.stringify(c.input)} from KNOWN_NODE_DISAGREEMENTS`).to.equal(undefined);
            expect(diff(node, grammar), `url-grammar vs Node\n  node:        ${show(node)}\n  url-grammar: ${show(grammar)}`).to.deep.equal([]);
            return;
          }
          expect(entry, `Node (Ada ${ADA_VERSION}) differs from WPT on ${nodeOff.join(', ')} (${show(node, nodeOff)}): add it to KNOWN_NODE_DISAGREEMENTS with a reason whose ada range covers ${ADA_VERSION}`).to.not.equal(undefined);
          // Node still does what the table says ...
          if (entry!.node === 'failure') {
            expect(node, 'Node should still fail').to.equal(null);
          } else {
            expect(node, 'Node should still parse').to.not.equal(null);
            for (const [g, value] of Object.entries(entry!.node)) expect(node![g as Getter], `Node's ${g}`).to.equal(value);
            expect(nodeOff.slice().sort()).to.deep.equal(Object.keys(entry!.node).sort());
          }
          // ... and url-grammar does what WPT says.
          expect(wptDiff(c, grammar), `url-grammar vs WPT: ${show(grammar)}`).to.deep.equal([]);
          // The pattern for the reason explains this input too.
          const explained = new Map<ReasonId, number>();
          const problem = compareWithNode(c.input, base, explained);
          expect(problem, problem ?? '').to.equal(null);
          expect(explained.has(entry!.reason), `pattern ${entry!.reason} explains it`).to.equal(true);
        });
      });
    }

    it('every KNOWN_NODE_DISAGREEMENTS entry is a WPT input', () => {
      const missing = KNOWN_NODE_DISAGREEMENTS.filter((k) => !wptKeys.has(key(k.input, k.base))).map((k) => k.input);
      expect(missing).to.deep.equal([]);
    });
  });

  describe('each known disagreement, on its examples', () => {
    it('every reason has a pattern', () => {
      expect(NODE_DISAGREEMENT_PATTERNS.map((p) => p.reason).sort()).to.deep.equal(Object.keys(REASONS).sort());
    });
    for (const [reason, r] of Object.entries(REASONS) as Array<[ReasonId, (typeof REASONS)[ReasonId]]>) {
      for (const [input, base] of r.examples) {
        const where = `${JSON.stringify(input)}${base === undefined ? '' : ` against ${JSON.stringify(base)}`}`;
        if (!adaShows(reason)) {
          it(`${reason} (not in Ada ${ADA_VERSION}, only ${r.ada}): Node agrees with url-grammar on ${where}`, () => {
            const node = nodeView(input, base);
            const grammar = grammarView(input, base);
            expect(diff(node, grammar), `Node (Ada ${ADA_VERSION}) still departs: widen the ada range of ${reason}\n  node:        ${show(node)}\n  url-grammar: ${show(grammar)}`).to.deep.equal([]);
          });
          continue;
        }
        it(`${reason}: ${where}`, () => {
          const node = nodeView(input, base);
          const grammar = grammarView(input, base);
          // Node still disagrees (if not, drop the example, and the reason once it has none) ...
          expect(diff(node, grammar), `Node now agrees with url-grammar: ${show(node)}`).to.not.deep.equal([]);
          // ... and only in the way the reason says.
          const explained = new Map<ReasonId, number>();
          const problem = compareWithNode(input, base, explained);
          expect(problem, problem ?? '').to.equal(null);
          expect([...explained.keys()]).to.deep.equal([reason]);
        });
      }
    }
  });

  describe('fast-check URL-shaped strings', () => {
    const seed = Number(process.env.URL_DIFF_SEED ?? 20260702);
    const numRuns = Number(process.env.URL_DIFF_RUNS ?? 2000);

    it(`${numRuns} strings agree with Node (seed ${seed})`, () => {
      const explained = new Map<ReasonId, number>();
      // On the first disagreement fc.assert throws with the seed, the path and the shrunk
      // counterexample, followed by our description of it.
      fc.assert(
        fc.property(urlShaped, bases, (input, base) => {
          const problem = compareWithNode(input, base, explained);
          if (problem !== null) throw new Error(`url-grammar and Node disagree (seed ${seed}):\n  ${problem}`);
        }),
        { seed, numRuns },
      );
    });

    it(`the generator covers the shapes it promises (seed ${seed})`, () => {
      const samples = fc.sample(fc.tuple(urlShaped, bases), { seed, numRuns });
      const inputs = samples.map(([s]) => s);
      const has = (re: RegExp) => inputs.filter((s) => re.test(s)).length;
      expect(has(/^[\s\u0000-\u001f]*file:/i), 'file').to.be.greaterThan(20);
      expect(has(/^[\s\u0000-\u001f]*(?:https?|wss?|ftp):/i), 'special').to.be.greaterThan(100);
      expect(has(/^[\s\u0000-\u001f]*(?:foo|non-special|sc|a\+b-c\.d|urn|mailto):/i), 'non-special').to.be.greaterThan(100);
      expect(has(/@/), 'credentials').to.be.greaterThan(100);
      expect(has(/\[[^\]]*:/), 'IPv6').to.be.greaterThan(50);
      expect(has(/\/\/(?:[^/@]*@)?(?:0x|\d+\.\d)/i), 'IPv4').to.be.greaterThan(50);
      expect(has(/[^\x00-\x7f]/), 'non-ASCII').to.be.greaterThan(100);
      expect(has(/\/\/[^/?#]*%/), 'percent in authority').to.be.greaterThan(50);
      expect(has(/:\d+/), 'port').to.be.greaterThan(100);
      expect(has(/[/\\](?:\.|%2e){1,2}(?:[/\\?#]|$)/i), 'dot segments').to.be.greaterThan(100);
      expect(has(/\\/), 'backslash').to.be.greaterThan(100);
      expect(has(/\?/), 'query').to.be.greaterThan(100);
      expect(has(/#/), 'fragment').to.be.greaterThan(100);
      expect(has(/[\t\n\r]/), 'tab/newline').to.be.greaterThan(100);
      expect(has(/ /), 'space').to.be.greaterThan(100);
      const withBase = samples.filter(([, b]) => b !== undefined).length;
      expect(withBase, 'with a base').to.be.greaterThan(500);
      expect(new Set(inputs).size, 'distinct').to.be.greaterThan(numRuns * 0.9);
    });
  });
});
