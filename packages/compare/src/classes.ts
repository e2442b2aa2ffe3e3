// Disagreements grouped into classes, each decided by one step of the URL Standard: for every case,
// each class looks at one part of every parser's answer (does it parse, the scheme, the host, ...),
// and when some parser's part differs from the reference's, the case counts in that class. Hosts
// are compared by meaning (hostMeaning): hostnames that differ only as text count as "host
// spelling", and only another host as host confusion. One class judges each parser's answer on its
// own: "re-parse changes the host", where url-grammar, parsing that parser's href again, fails or
// finds another host than the parser reported.
//
// Besides those classes by component, the attack families of the URL-confusion literature (Claroty
// and Snyk, "Exploiting URL parsing confusion", 2022: scheme confusion, slash confusion, backslash
// confusion, URL-encoded data confusion, scheme mix-up) and path traversal by dot segments are
// classes of their own: each looks only at inputs of its shape (a backslash before the query, a
// special scheme without its two slashes, ...) and counts those on which a parser's answer differs
// from the reference's where it matters (the host, or whether it parses at all; the path for
// traversal). A case may count in a component class and in a family.
//
// Within a class, the differences are grouped by root cause: the same parser, the same kind of
// scheme, and the same minimised difference (the two values with their common beginning and end
// cut off, letters and digits folded to "w"; for a failure, the direction and the failing parser's
// message with its quoted parts and numbers folded). 327 cases in which Firefox drops the host of a
// file URL are then one root cause with a count of 327. Each root cause keeps its shortest case;
// the examples a class shows are those of its biggest root causes, one each, so they differ in kind.
// Every count and list is bounded, so a class's state stays the same size however many cases
// stream through.
//
// A root cause is a behaviour: what a parser does with a kind of input. Several parsers may share
// one, but each is shown with its own values: a root cause keeps, for every parser on it, that
// parser's own shortest case with its whole answer (`examples`), and every case of it with the
// parsers that show it there and their values (`caseList`, within a tally-wide bound). Its count
// is of cases, not of parser-and-case pairs. In the host classes the key also names what is
// unusual in the input's authority (an ideographic or fullwidth full stop, a fullwidth or another
// compatibility character, other non-ASCII, percent-encoding) and shapes a host label by label
// where IDNA is involved, so that different confusions are different root causes.
//
// With equivalence "meaning" (the default, ./meaning), values are compared by what they mean (what
// FORGIVEN lists), and the root cause's key is the shape of the difference in meaning; the values
// shown are always the parsers' own. A class of its own, "notation only", then lists what was
// forgiven: the answers that differ from the reference's as text and agree with it in meaning.

import { URL as GrammarURL, isSpecialScheme } from 'url-grammar';
import { AdapterError, type Outcome, type Result } from './compare';
import { hostMeaning, hrefMeaning, meaningOf, type Equivalence } from './meaning';
import { liveLink } from './spec';

export { hostMeaning };

type Ok = Extract<Result, { ok: true }>;

/** The value an answer that fails to parse has in a class that compares failures with values (shown as "fails"). */
export const FAILS = '\u0000fails';

export interface ClassDef {
  id: string;
  title: string;
  /** What the class holds, in a sentence, where the title alone may not say it. */
  description?: string;
  /** The url.bs step that decides it (an id that url.bs defines). */
  anchor: string;
  /** A disagreement of the kind the URL-confusion studies turn into SSRF or open redirects. */
  security: boolean;
  /** An attack family: the class counts only the inputs `applies` accepts. */
  family?: boolean;
  /** For a family: whether the input has the shape the family is about. */
  applies?(input: string, base: string | null): boolean;
  /** The value compared; null: this parser's answer says nothing about it (not compared); FAILS: the parser failed. */
  value(r: Result): string | null;
  /** Whether two values count as the same (default: the same text). */
  same?(x: string, y: string): boolean;
  /**
   * The value by meaning (./meaning), compared instead of `value` under equivalence "meaning";
   * absent where `same` already compares by meaning or the value has no other notation.
   */
  meaning?(r: Result): string | null;
  /** The value is a host (or holds one): the root cause's key names what is unusual in the input's authority. */
  hostValued?: boolean;
  /** Counts only under equivalence "meaning": the answers that differ as text and agree in meaning (what was forgiven). */
  notation?: boolean;
  /**
   * Set for a class that judges each parser's answer on its own rather than against the
   * reference's: whether this answer is flagged (the reference's own answer is never counted).
   */
  flagged?(r: Result): boolean;
}

const whenOk = (f: (r: Ok) => string | null) => (r: Result) => (r.ok ? f(r) : null);

/** Whether two hostnames name the same host (see hostMeaning). */
export const sameHost = (x: string, y: string): boolean => x === y || hostMeaning(x) === hostMeaning(y);

/** The hostname url-grammar gives a href when it parses it again (null: the href does not parse). */
function reparsedHostname(href: string): string | null {
  try {
    return new GrammarURL(href).hostname;
  } catch {
    return null;
  }
}

/**
 * What both re-parse classes show: the host an answer reports, and what its href names when parsed
 * again (`again`: that host, "" for none, null when the href failed). judgeFlagged reads it back.
 */
function reparsedText(hostname: string, again: string | null): string {
  return `${hostname} (its href parses to ${again === null ? 'a failure' : again === '' ? 'no host' : again})`;
}

/** Whether the href parsed again failed or names another host than the answer reported. */
const hostChanged = (hostname: string, again: string | null): boolean => again === null || !sameHost(hostname, again);

/** The re-parse class: the answer's href parsed again by url-grammar. */
function reparseValue(r: Ok): string | null {
  return r.hostname === null ? null : reparsedText(r.hostname, reparsedHostname(r.href));
}

function reparseChangesHost(r: Result): boolean {
  return r.ok && r.hostname !== null && hostChanged(r.hostname, reparsedHostname(r.href));
}

/** The self re-parse class: the answer's href given to the same parser again (`again`, set by compareStream). */
function selfReparseValue(r: Ok): string | null {
  return r.hostname === null || r.again === undefined ? null : reparsedText(r.hostname, r.again);
}

function selfReparseChangesHost(r: Result): boolean {
  return r.ok && r.hostname !== null && r.again !== undefined && hostChanged(r.hostname, r.again);
}

// ---------------------------------------------------------------------------------------------
// The shapes of input the attack families look for. Each is read in one pass over the input (no
// regular expression that could backtrack over a long one).


const isTabOrNewline = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d;

/** The scheme as the basic URL parser would read it, and what surrounds it. */
export interface SchemeShape {
  /** The text before the first ":" (none when "/", "\", "?" or "#" comes first), as written. */
  raw: string | null;
  /** That text without ASCII tab or newline, lowercased, when it is a scheme; null otherwise. */
  scheme: string | null;
  /** Where the text after the ":" starts (the input's length when there is no scheme). */
  after: number;
  /** Leading C0 controls or spaces (which the standard strips). */
  leading: boolean;
}

export function schemeShape(input: string): SchemeShape {
  let start = 0;
  while (start < input.length && input.charCodeAt(start) <= 0x20) start++;
  for (let i = start; i < input.length; i++) {
    const c = input[i];
    if (c === ':') {
      const raw = input.slice(start, i);
      let clean = '';
      for (let k = 0; k < raw.length; k++) if (!isTabOrNewline(raw.charCodeAt(k))) clean += raw[k];
      return { raw, scheme: /^[A-Za-z][A-Za-z0-9+.-]*$/.test(clean) ? clean.toLowerCase() : null, after: i + 1, leading: start > 0 };
    }
    if (c === '/' || c === '\\' || c === '?' || c === '#') break;
  }
  return { raw: null, scheme: null, after: input.length, leading: start > 0 };
}

/** Where the query or fragment starts (the input's length when neither does). */
function endOfPath(input: string): number {
  for (let i = 0; i < input.length; i++) if (input[i] === '?' || input[i] === '#') return i;
  return input.length;
}

/** Scheme confusion: a scheme written with a tab or newline inside or controls before it, a malformed one, or none with no base. */
function schemeConfusionShape(input: string, base: string | null): boolean {
  const s = schemeShape(input);
  if (s.raw !== null && s.scheme !== null) {
    for (let k = 0; k < s.raw.length; k++) if (isTabOrNewline(s.raw.charCodeAt(k))) return true;
    return s.leading;
  }
  return base === null;
}

/** Slash confusion: a special scheme other than file followed by other than two slashes (either way round). */
function slashConfusionShape(input: string): boolean {
  const s = schemeShape(input);
  if (s.scheme === null || !isSpecialScheme(s.scheme) || s.scheme === 'file') return false;
  let slashes = 0;
  for (let i = s.after; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (isTabOrNewline(c)) continue;
    if (c !== 0x2f && c !== 0x5c) break;
    slashes++;
  }
  return slashes !== 2;
}

/** Backslash confusion: a backslash before the query and the fragment. */
function backslashShape(input: string): boolean {
  const end = endOfPath(input);
  for (let i = 0; i < end; i++) if (input[i] === '\\') return true;
  return false;
}

/** URL-encoded data confusion: a percent sign in the authority (between "//" and the path, query or fragment). */
function encodedAuthorityShape(input: string): boolean {
  const s = schemeShape(input);
  let i = s.scheme !== null ? s.after : 0;
  while (i < input.length && input.charCodeAt(i) <= 0x20) i++;
  if (input[i] !== '/' && input[i] !== '\\') return false;
  if (input[i + 1] !== '/' && input[i + 1] !== '\\') return false;
  for (i += 2; i < input.length; i++) {
    const c = input[i];
    if (c === '%') return true;
    if (c === '/' || c === '\\' || c === '?' || c === '#') return false;
  }
  return false;
}

/** Scheme mix-up: a scheme other than the special ones, whose URLs the standard parses without a host parser for special schemes. */
function schemeMixupShape(input: string): boolean {
  const s = schemeShape(input);
  // a scheme written with a tab or newline, or after controls, is scheme confusion's
  return s.scheme !== null && !isSpecialScheme(s.scheme) && !s.leading && s.raw !== null && s.raw.length === s.scheme.length;
}

/** Path traversal: a path segment that is a dot segment, "." or "..", written with dots or %2e. */
function dotSegmentShape(input: string): boolean {
  const end = endOfPath(input);
  let start = 0;
  for (let i = 0; i <= end; i++) {
    if (i < end && input[i] !== '/' && input[i] !== '\\') continue;
    const len = i - start;
    if (len >= 1 && len <= 6) {
      const seg = input.slice(start, i).toLowerCase();
      if (seg === '.' || seg === '..' || seg === '%2e' || seg === '.%2e' || seg === '%2e.' || seg === '%2e%2e') return true;
    }
    start = i + 1;
  }
  return false;
}

const hostOrFails = (r: Result): string | null => (r.ok ? r.hostname : FAILS);
const sameHostOrFails = (x: string, y: string): boolean => x === y || (x !== FAILS && y !== FAILS && sameHost(x, y));

/** The scheme, and the host when there is one; FAILS for a failure. */
const schemeAndHost = (r: Result): string | null => {
  if (!r.ok) return FAILS;
  if (r.protocol === null) return null;
  return r.hostname ? `${r.protocol} ${r.hostname}` : r.protocol;
};
function sameSchemeAndHost(x: string, y: string): boolean {
  if (x === y) return true;
  if (x === FAILS || y === FAILS) return false;
  const i = x.indexOf(' ');
  const j = y.indexOf(' ');
  if ((i === -1) !== (j === -1)) return false;
  if (i === -1) return x === y;
  return x.slice(0, i) === y.slice(0, j) && sameHost(x.slice(i + 1), y.slice(j + 1));
}

/** The classes, in the order reports show them: by component, then the attack families. */
export const CLASSES: readonly ClassDef[] = [
  { id: 'failure', title: 'one parser fails where another parses', anchor: 'concept-basic-url-parser', security: true, value: (r) => (r.ok ? 'parses' : 'fails') },
  { id: 'scheme', title: 'scheme', anchor: 'scheme-state', security: false, value: whenOk((r) => r.protocol), meaning: whenOk((r) => meaningOf('protocol', r)) },
  {
    id: 'credentials',
    title: 'username and password',
    anchor: 'authority-state',
    security: false,
    value: whenOk((r) => (r.username === null || r.password === null ? null : `${r.username}:${r.password}`)),
    // decoded, and as a pair that a ":" inside either cannot blur
    meaning: whenOk((r) => (r.username === null || r.password === null ? null : JSON.stringify([meaningOf('username', r), meaningOf('password', r)]))),
  },
  {
    id: 'host',
    title: 'host confusion',
    description: 'another host: the hostnames still differ after case, IDNA, IPv4 and IPv6 spellings and a trailing dot are taken as a resolver would (hostMeaning)',
    anchor: 'host-parsing',
    security: true,
    value: whenOk((r) => r.hostname),
    same: sameHost,
    hostValued: true,
  },
  {
    id: 'host-spelling',
    title: 'host spelling',
    description: 'the same host written another way: the hostnames differ as text only in case, IDNA (Unicode against Punycode), an IPv4 or IPv6 spelling or a trailing dot',
    anchor: 'host-parsing',
    security: false,
    value: whenOk((r) => r.hostname),
    same: (x, y) => x === y || hostMeaning(x) !== hostMeaning(y),
    hostValued: true,
  },
  { id: 'port', title: 'port', anchor: 'port-state', security: false, value: whenOk((r) => r.port), meaning: whenOk((r) => meaningOf('port', r)) },
  { id: 'path', title: 'path normalisation', anchor: 'path-state', security: false, value: whenOk((r) => r.pathname), meaning: whenOk((r) => meaningOf('pathname', r)) },
  { id: 'query', title: 'query encoding', anchor: 'query-state', security: false, value: whenOk((r) => r.search), meaning: whenOk((r) => meaningOf('search', r)) },
  { id: 'fragment', title: 'fragment encoding', anchor: 'fragment-state', security: false, value: whenOk((r) => r.hash), meaning: whenOk((r) => meaningOf('hash', r)) },
  { id: 'serialization', title: 'serialization only (href differs, every component above agrees)', anchor: 'url-serializing', security: false, value: whenOk((r) => r.href), meaning: whenOk((r) => hrefMeaning(r.href)) },
  {
    id: 'notation',
    title: 'notation only (the same in meaning, written another way)',
    description:
      'answers that differ from the reference\'s as text and agree with it in meaning (equivalence "meaning" forgives it, and the other classes do not count it): the first component that differs as text is shown. Only with equivalence "meaning"',
    anchor: 'url-serializing',
    security: false,
    notation: true,
    value: whenOk((r) => r.href),
  },
  { id: 'errors', title: 'validation errors', anchor: 'validation-error', security: false, value: (r) => (r.errors ? [...r.errors].sort().join(' ') : null) },
  {
    id: 'reparse',
    title: 're-parse changes the host',
    description: "a parser's href, parsed again by url-grammar, fails or names another host than the one that parser reported for the input",
    anchor: 'url-serializing',
    security: true,
    value: whenOk(reparseValue),
    flagged: reparseChangesHost,
    hostValued: true,
  },
  {
    id: 'self-reparse',
    title: 're-parse by the parser itself changes the host',
    description: "a parser's href, given to that same parser again, fails or names another host than the one it reported for the input: the parser does not read its own output as it wrote it",
    anchor: 'url-serializing',
    security: true,
    value: whenOk(selfReparseValue),
    flagged: selfReparseChangesHost,
    hostValued: true,
  },
  {
    id: 'scheme-confusion',
    title: 'scheme confusion',
    description:
      'inputs whose scheme is written with an ASCII tab or newline inside (java\\tscript:) or C0 controls or spaces before it, which the standard removes first, or is malformed or missing with no base; a parser reads another scheme or host, or fails where another parses',
    anchor: 'concept-basic-url-parser',
    security: true,
    family: true,
    applies: schemeConfusionShape,
    value: schemeAndHost,
    same: sameSchemeAndHost,
    hostValued: true,
  },
  {
    id: 'slash-confusion',
    title: 'slash confusion',
    description: 'inputs with a special scheme followed by other than two slashes (http:/evil.com, https:///evil.com, https:evil.com), which the standard reads as an authority all the same; a parser reads another host, or fails where another parses',
    anchor: 'special-authority-ignore-slashes-state',
    security: true,
    family: true,
    applies: (input) => slashConfusionShape(input),
    value: hostOrFails,
    same: sameHostOrFails,
    hostValued: true,
  },
  {
    id: 'backslash-confusion',
    title: 'backslash confusion',
    description: 'inputs with a backslash before the query, which ends the authority of a special URL as a slash does (http://good.com\\@evil.com/ is host good.com); a parser reads another host, or fails where another parses',
    anchor: 'authority-state',
    security: true,
    family: true,
    applies: (input) => backslashShape(input),
    value: hostOrFails,
    same: sameHostOrFails,
    hostValued: true,
  },
  {
    id: 'encoded-data-confusion',
    title: 'URL-encoded data confusion',
    description: 'inputs with a percent sign in the authority, which the host parser percent-decodes before it reads the host; a parser reads another host, or fails where another parses',
    anchor: 'concept-host-parser',
    security: true,
    family: true,
    applies: (input) => encodedAuthorityShape(input),
    value: hostOrFails,
    same: sameHostOrFails,
    hostValued: true,
  },
  {
    id: 'scheme-mixup',
    title: 'scheme mix-up',
    description: 'inputs with a scheme that is not special, which the standard parses with an opaque host and no special rules (no backslashes as slashes, no IDNA); a parser reads another host, as if the scheme were special or another one, or fails where another parses',
    anchor: 'scheme-state',
    security: true,
    family: true,
    applies: (input) => schemeMixupShape(input),
    value: hostOrFails,
    same: sameHostOrFails,
    hostValued: true,
  },
  {
    id: 'path-traversal',
    title: 'path traversal by dot segments',
    description: 'inputs with a dot segment in the path, ".." or "." written with dots or percent-encoded (%2e%2e, .%2e, %2e): the standard removes it, so /a/%2e%2e/b is /b; a parser keeps it or removes another part',
    anchor: 'double-dot-path-segment',
    security: true,
    family: true,
    applies: (input) => dotSegmentShape(input),
    value: whenOk((r) => r.pathname),
    meaning: whenOk((r) => meaningOf('pathname', r)),
  },
];

/** The class's step in the live standard (./spec's pinnedLink gives it at the commit url-grammar implements). */
export const specLink = liveLink;

export interface ClassSide {
  /** The value; null: not given (the parser does not report it), failed (with fails) or no answer (with noAnswer). */
  value: string | null;
  parsers: string[];
  /** The parsers of this side could not answer the case (an AdapterError). */
  noAnswer?: true;
  /** The parsers of this side failed to parse the input. */
  fails?: true;
}

export interface ClassExample {
  input: string;
  base: string | null;
  /** Every parser's value, grouped: the reference's side first. null value: could not answer. */
  sides: ClassSide[];
}

/** Which side of a failure is the permissive one. */
export type Direction = 'parser rejects' | 'parser accepts';

/** One parser's own case of a root cause: its shortest, with its whole answer and the reference's. */
export interface RootCauseExample {
  parser: string;
  input: string;
  base: string | null;
  /** That parser's own answer, component by component (a failure: `{ ok: false, message? }`). */
  values: Result;
  /** The reference's answer on the same case. */
  reference: Result;
  /**
   * The class's values in this case, the reference's and this parser's (when either is long, only
   * their differing middles). In the re-parse classes: the host this parser reported, and the host
   * its href parses to again.
   */
  difference: { reference: string; parser: string };
}

/** One case of a root cause: the parsers that show it there, each with its value in the class. */
export interface RootCauseCase {
  input: string;
  base: string | null;
  /** The reference's value in the class (null: it fails, or the class judges each answer on its own). */
  reference: string | null;
  parsers: string[];
  /** `values[i]` is `parsers[i]`'s value in the class (null: it fails to parse the input). */
  values: Array<string | null>;
}

/** One root cause within a class: a behaviour (one kind of scheme, one minimised difference), and the parsers that show it. */
export interface RootCause {
  /** The parsers that show this root cause, comma-separated, most cases first (see `parsers`). */
  parser: string;
  /** Each parser that shows it, with its cases, most first. */
  parsers: Array<{ name: string; cases: number }>;
  /** The root cause as a key: the kind of scheme, then the minimised difference (or, for a failure, the direction and reason). */
  key: string;
  /** Cases with this root cause (a case that several parsers show counts once). */
  cases: number;
  /** When one side fails: whether the parser rejects what the reference parses, or accepts what it rejects. */
  direction?: Direction;
  /** The difference in the first parser's example (`examples[0].difference`). */
  difference: { reference: string; parser: string };
  /** Set in the re-parse classes, where the difference is the parser's own host against its href's. */
  reparse?: true;
  /** The shortest case with this root cause, with every parser's value. */
  example: ClassExample;
  /** For each parser of `parsers`, in that order: its own shortest case, with its own values. */
  examples: RootCauseExample[];
  /** Every case of this root cause, in the order seen (within the tally's bounds, MAX_LISTED_CASES and MAX_LISTED_CHARS: `listed` of `cases`). */
  caseList: RootCauseCase[];
  /** How many cases `caseList` holds: `cases` unless the tally's bound of listed cases was reached. */
  listed: number;
}

export interface ClassReport {
  id: string;
  title: string;
  /** What the class holds, when its definition says more than the title. */
  description?: string;
  /** The step that decides it, in the live standard. */
  link: string;
  /** The url.bs id of that step (./spec's pinnedLink gives it at the commit url-grammar implements). */
  anchor: string;
  security: boolean;
  /** An attack family (a class of input shapes) rather than a component. */
  family?: boolean;
  /** Cases in which at least one parser differs from the reference in this class. */
  cases: number;
  /** For each parser other than the reference: cases in which it differs. */
  byParser: Record<string, number>;
  /**
   * For classes that compare failures: for each parser, the cases it rejects where the reference
   * parses (the reference is the permissive side) and those it accepts where the reference fails
   * (the parser is). Parsers with neither are left out.
   */
  failures?: Record<string, { rejects: number; accepts: number }>;
  /** How many distinct root causes were seen, those several parsers share counted once (at most the tracked bound; beyond it counted in untracked). */
  rootCauseCount: number;
  /** Differences (parser and case) beyond the bound of tracked root causes: counted, not grouped. */
  untracked: number;
  /** Every root cause tracked: those where the two sides name different values first, then those where one fails; most cases first within each. */
  rootCauses: RootCause[];
  /** One example of each of the biggest root causes, distinct inputs: variety rather than length. */
  examples: ClassExample[];
}

/** Root causes tracked per class (a parser and a key each); those beyond it are only counted. */
export const MAX_ROOT_CAUSES = 1024;
/** Root causes the text output shows for each class (the reports have them all). */
export const ROOT_CAUSES_SHOWN = 5;
/** Cases listed in root causes' caseList, over every class of a tally; those beyond are only counted. */
export const MAX_LISTED_CASES = 100_000;
/** Characters (inputs, bases and values) those listed cases may hold in all: a corpus of long lines lists fewer. */
export const MAX_LISTED_CHARS = 32 * 2 ** 20;

function shorter(a: { input: string; base: string | null }, b: { input: string; base: string | null }): number {
  return a.input.length - b.input.length || (a.base?.length ?? 0) - (b.base?.length ?? 0) || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0);
}

export function minimalDifference(x: string, y: string): { reference: string; parser: string } {
  let p = 0;
  const n = Math.min(x.length, y.length);
  while (p < n && x.charCodeAt(p) === y.charCodeAt(p)) p++;
  if (p > 0 && p < n && isLowSurrogate(x.charCodeAt(p))) p--;
  let s = 0;
  while (s < n - p && x.charCodeAt(x.length - 1 - s) === y.charCodeAt(y.length - 1 - s)) s++;
  if (s > 0 && s < n - p && isHighSurrogate(x.charCodeAt(x.length - 1 - s))) s--;
  return { reference: x.slice(p, x.length - s), parser: y.slice(p, y.length - s) };
}
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** The full stops IDNA maps to ".": ideographic (U+3002), fullwidth (U+FF0E), halfwidth ideographic (U+FF61). */
const DOTS = new Set([0x3002, 0xff0e, 0xff61]);

/**
 * A non-ASCII character's kind in a shape: an IDNA full stop as itself, "f" for a fullwidth form
 * of an ASCII character (U+FF01 to U+FF5E), "k" for another character NFKC changes (a
 * compatibility character such as U+2167 "Ⅷ"), "u" for any other.
 */
function nonAsciiKind(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (DOTS.has(c)) return ch;
  if (c >= 0xff01 && c <= 0xff5e) return 'f';
  return ch.normalize('NFKC') !== ch ? 'k' : 'u';
}

/**
 * A difference in shape: each run of ASCII letters, digits, ".", "-" and "_" becomes "w" (a run of
 * dots alone, or of "-" or "_" alone, stays as it is: ".." is not a word); each run of non-ASCII
 * characters of one kind becomes that kind (nonAsciiKind: an IDNA full stop as itself, "f"
 * fullwidth, "k" another compatibility character, "u" any other); percent-encoded bytes stay as
 * they are (lowercased), other characters too. So "example.com" and "host" have one shape, and
 * "%2e%2e" and ".." each their own, as "a。b" and "aⅧb". At most 40 characters of it are kept.
 */
export function shapeOf(s: string): string {
  let out = '';
  for (let i = 0; i < s.length && out.length < 40; ) {
    const c = s.charCodeAt(i);
    if (c === 0x25 && i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      out += s.slice(i, i + 3).toLowerCase();
      i += 3;
    } else if (isWord(c)) {
      const start = i;
      let alnum = false;
      for (; i < s.length && isWord(s.charCodeAt(i)); i++) if (isAlnum(s.charCodeAt(i))) alnum = true;
      out += alnum ? 'w' : s.slice(start, i);
    } else if (c > 0x7f) {
      let last = '';
      while (i < s.length && s.charCodeAt(i) > 0x7f) {
        const ch = String.fromCodePoint(s.codePointAt(i)!);
        const kind = nonAsciiKind(ch);
        if (kind !== last) out += kind;
        last = kind;
        i += ch.length;
      }
    } else {
      out += s[i];
      i++;
    }
  }
  return out.length > 40 ? out.slice(0, 40) : out;
}
const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isWord = (c: number) => isAlnum(c) || c === 0x2e || c === 0x2d || c === 0x5f;
const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * A host's shape: shapeOf, except that where IDNA is involved (a Punycode label, or non-ASCII) it
 * goes label by label: "xn" for a Punycode label, each other label's shapeOf, runs of ASCII labels
 * one "w". So "evil.xn--comgood-8o3f.com" is "w.xn.w" and "xn--viii" is "xn".
 */
export function hostShape(s: string): string {
  if (!/xn--/i.test(s) && !/[^\u0000-\u007f]/.test(s)) return shapeOf(s);
  const labels = s.split('.').map((l) => (/^xn--/i.test(l) ? 'xn' : shapeOf(l)));
  const out: string[] = [];
  for (const l of labels) if (!(l === 'w' && out[out.length - 1] === 'w')) out.push(l);
  const joined = out.join('.');
  return joined.length > 40 ? joined.slice(0, 40) : joined;
}

/**
 * The authority of an input as written: after its scheme and the slashes (or backslashes) that
 * follow, up to the first "/", "\", "?" or "#"; "" when it has none.
 */
export function authorityOf(input: string): string {
  const s = schemeShape(input);
  let i = s.scheme !== null ? s.after : 0;
  while (i < input.length && input.charCodeAt(i) <= 0x20) i++;
  const from = i;
  while (i < input.length && (input[i] === '/' || input[i] === '\\')) i++;
  if (i - from < 1 && s.scheme === null) return '';
  const start = i;
  while (i < input.length && !'/\\?#'.includes(input[i])) i++;
  return input.slice(start, i);
}

/**
 * What is unusual in a host as written, in the words of a root cause's key: each IDNA full stop
 * other than "." by its code point, "fullwidth" (U+FF01 to U+FF5E), "compatibility" (another
 * character NFKC changes), "non-ASCII" (any other), "percent-encoded"; sorted, comma-separated,
 * "" when there is none of them.
 */
export function hostFeatures(text: string): string {
  const found = new Set<string>();
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x7f) continue;
    const kind = nonAsciiKind(ch);
    found.add(kind === 'f' ? 'fullwidth' : kind === 'k' ? 'compatibility' : kind === 'u' ? 'non-ASCII' : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  if (/%[0-9A-Fa-f]{2}/.test(text)) found.add('percent-encoded');
  return [...found].sort().join(', ');
}

/** A failure message with what varies from case to case folded: quoted parts, numbers, the input itself. */
export function messageShape(message: string | undefined, input: string): string {
  if (!message) return 'no reason given';
  let m = message.length > 400 ? message.slice(0, 400) : message;
  if (input.length > 0) m = m.split(input).join('…');
  m = m.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|«[^»]*»/g, '…').replace(/[0-9]+/g, '0');
  return m.length > 80 ? `${m.slice(0, 80)}…` : m;
}

/** How a scheme groups root causes: each special scheme on its own, the others together. */
function schemeKind(ref: Result, input: string): string {
  const scheme = ref.ok && ref.protocol ? ref.protocol.slice(0, -1).toLowerCase() : schemeShape(input).scheme;
  if (scheme === null) return 'no scheme';
  return isSpecialScheme(scheme) ? `${scheme}:` : 'non-special';
}

/** The last validation error of an answer that fails: the one that made it fail. */
function lastError(r: Result): string | undefined {
  return r.errors && r.errors.length > 0 ? r.errors[r.errors.length - 1] : undefined;
}

interface Judged {
  key: string;
  direction?: Direction;
  reparse?: true;
  difference: { reference: string; parser: string };
}

/**
 * The root cause of one parser's difference from the reference in one class. `refValue` and
 * `value` are the values compared (by meaning, under equivalence "meaning"), from which the key is
 * made; `shownRef` and `shownValue` the values as the answers wrote them, which the difference shows.
 */
function judge(d: ClassDef, input: string, ref: Result, refValue: string | null, o: Result, value: string, shownRef: string | null, shownValue: string): Judged {
  const kind = schemeKind(ref, input);
  const refFails = d.id === 'failure' ? !ref.ok : refValue === FAILS;
  const parserFails = d.id === 'failure' ? !o.ok : value === FAILS;
  if (refFails !== parserFails) {
    if (parserFails) {
      // the failing parser's reason, and what the reference found unusual in the input it parsed
      // (its validation errors): a browser's message alone ("Invalid URL") says nothing of the cause
      const why = messageShape(o.ok ? undefined : o.message, input);
      const noted = ref.errors && ref.errors.length > 0 ? ` (validation errors: ${[...new Set(ref.errors)].sort().slice(0, 4).join(', ')})` : '';
      return { key: `${kind} | rejects: ${why}${noted}`, direction: 'parser rejects', difference: { reference: 'parses', parser: 'fails' } };
    }
    const why = lastError(ref) ?? messageShape(ref.ok ? undefined : ref.message, input);
    return { key: `${kind} | accepts: ${why}`, direction: 'parser accepts', difference: { reference: 'fails', parser: 'parses' } };
  }
  if (d.id === 'errors') {
    // the error names themselves are the difference: those one side has and the other not
    const mine = new Map<string, number>();
    for (const e of (refValue ?? '').split(' ')) if (e) mine.set(e, (mine.get(e) ?? 0) + 1);
    const only: string[] = [];
    for (const e of value.split(' ')) {
      if (!e) continue;
      const k = mine.get(e) ?? 0;
      if (k > 0) mine.set(e, k - 1);
      else only.push(e);
    }
    const missing = [...mine].flatMap(([e, k]) => Array<string>(k).fill(e));
    const difference = { reference: missing.join(' '), parser: only.join(' ') };
    return { key: `${kind} | -${difference.reference} +${difference.parser}`, difference };
  }
  const core = minimalDifference(refValue ?? '', value);
  const shape = d.hostValued ? hostShape : shapeOf;
  const features = d.hostValued ? hostFeatures(authorityOf(input)) : '';
  // the same host written another way: how, so that writing a case apart is not an IPv4 spelling
  const spelling = d.id === 'host-spelling' ? `${spellingKind(refValue ?? '', value)}: ` : '';
  const x = shownRef ?? '';
  return { key: `${kind} | ${features ? `[${features}] ` : ''}${spelling}${shape(core.reference)} → ${shape(core.parser)}`, difference: shown(x, shownValue, minimalDifference(x, shownValue)) };
}

/** How two spellings of one host differ: case, a trailing dot, IDNA, percent-encoding, an IPv4 or IPv6 spelling, or other. */
export function spellingKind(x: string, y: string): string {
  const bare = (h: string) => (h.length > 1 && h.endsWith('.') && !h.startsWith('[') ? h.slice(0, -1) : h);
  if (x.toLowerCase() === y.toLowerCase()) return 'case';
  if (bare(x).toLowerCase() === bare(y).toLowerCase()) return 'trailing dot';
  if (/%[0-9A-Fa-f]{2}/.test(x + y)) return 'percent-encoding';
  if (/xn--/i.test(x + y) || /[^\u0000-\u007f]/.test(x + y)) return 'IDNA';
  if (x.includes(':') || y.includes(':')) return 'IPv6 spelling';
  if (/^[0-9]+(\.[0-9]+){3}$/.test(bare(x)) || /^[0-9]+(\.[0-9]+){3}$/.test(bare(y))) return 'IPv4 spelling';
  return 'other';
}

/** The difference as a report shows it: the whole values when they are short, else the differing middles. */
function shown(x: string, y: string, core: { reference: string; parser: string }): { reference: string; parser: string } {
  return x.length <= 60 && y.length <= 60 ? { reference: x, parser: y } : core;
}

/** The root cause of a flagged answer (a class that judges answers on their own): its value, in shape. */
function judgeFlagged(input: string, ref: Result, value: string): Judged {
  const again = /\(its href parses to (.*)\)$/.exec(value);
  const reported = value.slice(0, again ? value.length - again[0].length - 1 : value.length);
  // reference: the host the parser reported; parser: what its href parses to again
  const core = again ? minimalDifference(reported, again[1]) : { reference: '', parser: value };
  const features = hostFeatures(authorityOf(input));
  return { key: `${schemeKind(ref, input)} | ${features ? `[${features}] ` : ''}${hostShape(core.reference)} → ${hostShape(core.parser)}`, reparse: true, difference: again ? shown(reported, again[1], core) : core };
}

/** The getters "notation only" looks at, in the order of the URL. */
const NOTATION_COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'href'] as const;

/**
 * "notation only": the first component on which `o` differs from the reference as text and agrees
 * with it in meaning, when every component agrees in meaning; null otherwise.
 */
function notationDifference(input: string, ref: Result, o: Result): Judged | null {
  if (!ref.ok || !o.ok) return null;
  let first: (typeof NOTATION_COMPONENTS)[number] | null = null;
  for (const k of NOTATION_COMPONENTS) {
    const x = ref[k];
    const y = o[k];
    if (x === null || y === null || x === y) continue;
    if (meaningOf(k, ref) !== meaningOf(k, o)) return null;
    first ??= k;
  }
  if (first === null) return null;
  const x = ref[first]!;
  const y = o[first]!;
  const core = minimalDifference(x, y);
  return { key: `${schemeKind(ref, input)} | ${first}: ${shapeOf(core.reference)} → ${shapeOf(core.parser)}`, difference: shown(x, y, core) };
}

/**
 * How parser answer `o` differs from the reference's in class `d` (x: the reference's value), with
 * its root cause; null when it does not (or the class cannot compare them).
 */
function differenceOf(d: ClassDef, input: string, ref: Result, x: string | null, o: Result, equivalence: Equivalence): Judged | null {
  if (d.flagged) return d.flagged(o) ? judgeFlagged(input, ref, d.value(o) ?? '') : null;
  if (d.notation) return equivalence === 'meaning' ? notationDifference(input, ref, o) : null;
  const y = d.value(o);
  if (x === null || y === null || (d.same ? d.same(x, y) : x === y)) return null;
  let mx: string | null = x;
  let my: string | null = y;
  if (equivalence === 'meaning' && d.meaning) {
    mx = d.meaning(ref);
    my = d.meaning(o);
    if (mx === null || my === null || mx === my) return null;
  }
  // serialization counts only when no earlier component class already explains the difference
  if (d.id === 'serialization' && !sameComponents(ref, o, equivalence)) return null;
  return judge(d, input, ref, mx, o, my, x, y);
}

/**
 * 0 for a root cause where both sides give a value and the values differ (in the re-parse class:
 * the href names another host), 1 where one side fails or the href names no host or fails.
 */
function severity(c: { direction?: Direction; reparse?: true; difference: { parser: string } }): number {
  if (c.direction !== undefined) return 1;
  if (c.reparse) return c.difference.parser === 'a failure' || c.difference.parser === 'no host' ? 1 : 0;
  return 0;
}

/** One parser's share of a root cause: its cases, and its own shortest case. */
interface Cause {
  parser: string;
  key: string;
  cases: number;
  direction?: Direction;
  reparse?: true;
  example: RootCauseExample;
  /** Every parser's value in its shortest case. */
  sides: ClassSide[];
}

/** A root cause as several parsers share it: its cases (counted once each), and its listed cases. */
interface Shared {
  key: string;
  direction?: Direction;
  reparse?: true;
  cases: number;
  caseList: RootCauseCase[];
  /** First seen: ties in size keep the order they were seen in. */
  order: number;
}

interface ClassState {
  /** Each parser's share of a root cause, by parser and root cause. */
  causes: Map<string, Cause>;
  /** The root causes, by the id sharedId gives. */
  shared: Map<string, Shared>;
}

/** A root cause whichever parser shows it: the key, the direction and whether it is a re-parse. */
const sharedId = (j: { key: string; direction?: Direction; reparse?: true }) => `${j.key}\u0000${j.direction ?? ''}\u0000${j.reparse ? 'r' : ''}`;

/** The answer as a root cause's example keeps it: everything but what only compare added. */
function valuesOf(r: Result): Result {
  return { ...r };
}

export interface ClassTallyOptions {
  /** How answers are compared (./meaning). Default "meaning". */
  equivalence?: Equivalence;
  /** Cases listed in root causes' caseList, over every class. Default MAX_LISTED_CASES. */
  maxListed?: number;
  /** Parsers compared as exact text whatever `equivalence` says (url-grammar builds: what moved between two builds is every change). */
  exact?: readonly string[];
}

/** Bounded state for every class: counters, and the root causes with each parser's own example and their cases. */
export class ClassTally {
  private readonly state: ClassState[];
  private readonly rep: Array<Omit<ClassReport, 'rootCauses' | 'examples'>>;
  private readonly equivalence: Equivalence;
  private readonly exact: ReadonlySet<string>;
  private readonly maxListed: number;
  private listed = 0;
  private listedChars = 0;
  private seen = 0;

  constructor(
    private readonly names: readonly string[],
    private readonly keep = 3,
    options: ClassTallyOptions = {},
  ) {
    this.equivalence = options.equivalence ?? 'meaning';
    this.exact = new Set(options.exact ?? []);
    this.maxListed = Math.max(0, options.maxListed ?? MAX_LISTED_CASES);
    this.rep = CLASSES.map((d) => ({
      id: d.id,
      title: d.title,
      ...(d.description !== undefined ? { description: d.description } : {}),
      link: specLink(d.anchor),
      anchor: d.anchor,
      security: d.security,
      ...(d.family ? { family: true } : {}),
      cases: 0,
      byParser: Object.fromEntries(names.slice(1).map((n) => [n, 0])),
      ...(d.id === 'failure' || d.family ? { failures: {} } : {}),
      rootCauseCount: 0,
      untracked: 0,
    }));
    this.state = CLASSES.map(() => ({ causes: new Map(), shared: new Map() }));
  }

  /** The class reports as they stand: each with its root causes, each parser's own example of each, and one example of each of the biggest. */
  get reports(): ClassReport[] {
    return this.rep.map((r, k) => {
      const state = this.state[k];
      const byShared = new Map<string, Cause[]>();
      for (const c of state.causes.values()) {
        const id = sharedId(c);
        const list = byShared.get(id);
        if (list) list.push(c);
        else byShared.set(id, [c]);
      }
      const all: Array<RootCause & { order: number }> = [];
      for (const [id, parts] of byShared) {
        const s = state.shared.get(id)!;
        parts.sort((a, b) => b.cases - a.cases || (a.parser < b.parser ? -1 : 1));
        const shortest = parts.reduce((a, b) => (shorter(b.example, a.example) < 0 ? b : a));
        all.push({
          parser: parts.map((p) => p.parser).join(', '),
          parsers: parts.map((p) => ({ name: p.parser, cases: p.cases })),
          key: s.key,
          cases: s.cases,
          ...(s.direction ? { direction: s.direction } : {}),
          difference: parts[0].example.difference,
          ...(s.reparse ? { reparse: true as const } : {}),
          example: { input: shortest.example.input, base: shortest.example.base, sides: shortest.sides },
          examples: parts.map((p) => p.example),
          caseList: [...s.caseList],
          listed: s.caseList.length,
          order: s.order,
        });
      }
      // confusion before disagreement on whether to parse: two parsers naming different values
      // (or an href naming another host) come first, then causes where one side fails; within
      // each, the biggest first
      all.sort((a, b) => severity(a) - severity(b) || b.cases - a.cases || a.order - b.order);
      const rootCauses: RootCause[] = all.map(({ order: _order, ...c }) => c);
      const examples: ClassExample[] = [];
      const inputs = new Set<string>();
      for (const c of rootCauses) {
        if (examples.length >= this.keep) break;
        const id = `${c.example.input}\u0000${c.example.base ?? ''}`;
        if (inputs.has(id)) continue;
        inputs.add(id);
        examples.push(c.example);
      }
      return { ...r, byParser: { ...r.byParser }, ...(r.failures ? { failures: { ...r.failures } } : {}), rootCauseCount: rootCauses.length, rootCauses, examples };
    });
  }

  /** Counts one case: `outcomes[i]` is parser `names[i]`'s answer, the reference first. */
  add(input: string, base: string | null, outcomes: readonly Outcome[]): void {
    const ref = outcomes[0];
    if (ref instanceof AdapterError) return;
    CLASSES.forEach((d, k) => {
      if (d.applies && !d.applies(input, base)) return;
      // A class that judges each answer on its own does not need the reference's value.
      const x = d.flagged ? null : d.value(ref);
      let differs = false;
      const rep = this.rep[k];
      const state = this.state[k];
      let sides: ClassSide[] | null = null;
      // the root causes this case shows, each with the parsers that show it here
      const here = new Map<string, { judged: Judged; parsers: string[]; values: Array<string | null> }>();
      for (let i = 1; i < outcomes.length; i++) {
        const o = outcomes[i];
        if (o instanceof AdapterError) continue;
        const name = this.names[i];
        const judged = differenceOf(d, input, ref, x, o, this.exact.has(name) ? 'exact' : this.equivalence);
        if (judged === null) continue;
        rep.byParser[name]++;
        differs = true;
        if (rep.failures && judged.direction) {
          const f = (rep.failures[name] ??= { rejects: 0, accepts: 0 });
          if (judged.direction === 'parser rejects') f.rejects++;
          else f.accepts++;
        }
        const id = `${name}\u0000${sharedId(judged)}`;
        const cause = state.causes.get(id);
        const example = (): RootCauseExample => ({ parser: name, input, base, values: valuesOf(o), reference: valuesOf(ref), difference: judged.difference });
        if (cause) {
          cause.cases++;
          if (shorter({ input, base }, cause.example) < 0) {
            sides ??= this.sides(d, outcomes);
            cause.example = example();
            cause.sides = sides;
          }
        } else if (state.causes.size < MAX_ROOT_CAUSES) {
          sides ??= this.sides(d, outcomes);
          state.causes.set(id, { parser: name, key: judged.key, cases: 1, ...(judged.direction ? { direction: judged.direction } : {}), ...(judged.reparse ? { reparse: true as const } : {}), example: example(), sides });
        } else {
          rep.untracked++;
          continue;
        }
        const sid = sharedId(judged);
        const h = here.get(sid);
        // a failure is null in every class (the class's own words for it, "fails" or FAILS, are not a value)
        const v = !o.ok ? null : d.notation ? o.href : d.value(o);
        const value = v === FAILS ? null : v;
        if (h) {
          h.parsers.push(name);
          h.values.push(value);
        } else {
          here.set(sid, { judged, parsers: [name], values: [value] });
        }
      }
      for (const [sid, h] of here) {
        let s = state.shared.get(sid);
        if (!s) {
          s = { key: h.judged.key, ...(h.judged.direction ? { direction: h.judged.direction } : {}), ...(h.judged.reparse ? { reparse: true as const } : {}), cases: 0, caseList: [], order: this.seen++ };
          state.shared.set(sid, s);
        }
        s.cases++;
        const rv = d.flagged || !ref.ok ? null : d.notation ? ref.href : x;
        const chars = input.length + (base?.length ?? 0) + (rv?.length ?? 0) + h.values.reduce((n, v) => n + (v?.length ?? 0), 0);
        if (this.listed < this.maxListed && this.listedChars + chars <= MAX_LISTED_CHARS) {
          this.listed++;
          this.listedChars += chars;
          s.caseList.push({ input, base, reference: rv === FAILS ? null : rv, parsers: h.parsers, values: h.values });
        }
      }
      if (differs) rep.cases++;
    });
  }

  /** Every parser's value for a case, grouped: the reference's side first. */
  private sides(d: ClassDef, outcomes: readonly Outcome[]): ClassSide[] {
    const sides: ClassSide[] = [];
    outcomes.forEach((o, i) => {
      const noAnswer = o instanceof AdapterError;
      // a parser that fails is shown failing in every class, not as a value it does not give
      const fails = !noAnswer && (!o.ok || d.value(o) === FAILS);
      const value = noAnswer || fails ? null : d.notation ? (o as Ok).href : d.value(o);
      const side = sides.find((s) => s.value === value && !!s.noAnswer === noAnswer && !!s.fails === fails);
      if (side) side.parsers.push(this.names[i]);
      else sides.push({ value, parsers: [this.names[i]], ...(noAnswer ? { noAnswer: true as const } : {}), ...(fails ? { fails: true as const } : {}) });
    });
    return sides;
  }
}

function sameComponents(a: Result, b: Result, equivalence: Equivalence): boolean {
  if (!a.ok || !b.ok) return false;
  for (const d of CLASSES) {
    if (d.family || d.id === 'serialization' || d.id === 'errors' || d.id === 'failure' || d.flagged || d.notation) continue;
    const x = equivalence === 'meaning' && d.meaning ? d.meaning(a) : d.value(a);
    const y = equivalence === 'meaning' && d.meaning ? d.meaning(b) : d.value(b);
    if (x !== null && y !== null && x !== y && !(d.same && d.same(x, y))) return false;
  }
  return true;
}

/** Root-cause keys for one case: for each parser other than the reference, the classes it differs in, with the key of each. */
export function rootCauseKeys(input: string, base: string | null, names: readonly string[], outcomes: readonly Outcome[], only?: ReadonlySet<string>, equivalence: Equivalence = 'meaning'): Array<{ parser: string; classId: string; key: string }> {
  const ref = outcomes[0];
  const out: Array<{ parser: string; classId: string; key: string }> = [];
  if (ref instanceof AdapterError) return out;
  for (const d of CLASSES) {
    if (d.id === 'errors' || (d.applies && !d.applies(input, base))) continue;
    const x = d.flagged ? null : d.value(ref);
    for (let i = 1; i < outcomes.length; i++) {
      const o = outcomes[i];
      if (o instanceof AdapterError || (only && !only.has(names[i]))) continue;
      const judged = differenceOf(d, input, ref, x, o, equivalence);
      if (judged === null) continue;
      out.push({ parser: names[i], classId: d.id, key: judged.key });
    }
  }
  return out;
}

/**
 * The root cause parser answer `o` shows in class `classId` against the reference's `ref` (null:
 * none), as the tally judges it: its key and the difference it shows. For re-checking a report
 * (./attribution) with fresh answers.
 */
export function judgeCase(classId: string, input: string, base: string | null, ref: Result, o: Result, equivalence: Equivalence = 'meaning'): { key: string; difference: { reference: string; parser: string }; direction?: Direction } | null {
  const d = CLASSES.find((c) => c.id === classId);
  if (!d || (d.applies && !d.applies(input, base))) return null;
  const j = differenceOf(d, input, ref, d.flagged ? null : d.value(ref), o, equivalence);
  return j === null ? null : { key: j.key, difference: j.difference, ...(j.direction ? { direction: j.direction } : {}) };
}
