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

import { parseHost, serializeHost, URL as GrammarURL } from 'url-grammar';
import { AdapterError, type Outcome, type Result } from './compare';

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
   * Set for a class that judges each parser's answer on its own rather than against the
   * reference's: whether this answer is flagged (the reference's own answer is never counted).
   */
  flagged?(r: Result): boolean;
}

const SPEC = 'https://url.spec.whatwg.org/';

const whenOk = (f: (r: Ok) => string | null) => (r: Result) => (r.ok ? f(r) : null);

/**
 * A host as a resolver would take it, as one key: two hostnames with the same key name the same
 * host. The host parser of a special URL decides (ASCII lowercase, percent-decoding, IDNA, IPv4 in
 * any of its spellings, IPv6 compression), after one trailing dot is stripped (a resolver treats
 * "example.com." and "example.com" alike). An IPv6 address without its brackets (as some parsers
 * give a hostname) is read with them. A hostname the host parser rejects keys as its own text, so
 * it only matches itself; the key of such a text starts with U+0000, which no parsed host holds.
 */
export function hostMeaning(hostname: string): string {
  let h = hostname;
  if (h.length > 1 && h.endsWith('.') && !h.startsWith('[')) h = h.slice(0, -1);
  if (h.includes(':') && !h.startsWith('[')) h = `[${h}]`;
  const host = h === '' ? null : parseHost(h);
  return host === null ? `\0${hostname}` : serializeHost(host);
}

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

const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

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
  if (s.scheme === null || !SPECIAL.has(s.scheme) || s.scheme === 'file') return false;
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
  return s.scheme !== null && !SPECIAL.has(s.scheme) && !s.leading && s.raw !== null && s.raw.length === s.scheme.length;
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
  { id: 'scheme', title: 'scheme', anchor: 'scheme-state', security: false, value: whenOk((r) => r.protocol) },
  { id: 'credentials', title: 'username and password', anchor: 'authority-state', security: false, value: whenOk((r) => (r.username === null || r.password === null ? null : `${r.username}:${r.password}`)) },
  {
    id: 'host',
    title: 'host confusion',
    description: 'another host: the hostnames still differ after case, IDNA, IPv4 and IPv6 spellings and a trailing dot are taken as a resolver would (hostMeaning)',
    anchor: 'host-parsing',
    security: true,
    value: whenOk((r) => r.hostname),
    same: sameHost,
  },
  {
    id: 'host-spelling',
    title: 'host spelling',
    description: 'the same host written another way: the hostnames differ as text only in case, IDNA (Unicode against Punycode), an IPv4 or IPv6 spelling or a trailing dot',
    anchor: 'host-parsing',
    security: false,
    value: whenOk((r) => r.hostname),
    same: (x, y) => x === y || hostMeaning(x) !== hostMeaning(y),
  },
  { id: 'port', title: 'port', anchor: 'port-state', security: false, value: whenOk((r) => r.port) },
  { id: 'path', title: 'path normalisation', anchor: 'path-state', security: false, value: whenOk((r) => r.pathname) },
  { id: 'query', title: 'query encoding', anchor: 'query-state', security: false, value: whenOk((r) => r.search) },
  { id: 'fragment', title: 'fragment encoding', anchor: 'fragment-state', security: false, value: whenOk((r) => r.hash) },
  { id: 'serialization', title: 'serialization only (href differs, every component above agrees)', anchor: 'url-serializing', security: false, value: whenOk((r) => r.href) },
  { id: 'errors', title: 'validation errors', anchor: 'validation-error', security: false, value: (r) => (r.errors ? [...r.errors].sort().join(' ') : null) },
  {
    id: 'reparse',
    title: 're-parse changes the host',
    description: "a parser's href, parsed again by url-grammar, fails or names another host than the one that parser reported for the input",
    anchor: 'url-serializing',
    security: true,
    value: whenOk(reparseValue),
    flagged: reparseChangesHost,
  },
  {
    id: 'self-reparse',
    title: 're-parse by the parser itself changes the host',
    description: "a parser's href, given to that same parser again, fails or names another host than the one it reported for the input: the parser does not read its own output as it wrote it",
    anchor: 'url-serializing',
    security: true,
    value: whenOk(selfReparseValue),
    flagged: selfReparseChangesHost,
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
  },
];

export const specLink = (anchor: string) => `${SPEC}#${anchor}`;

export interface ClassSide {
  /** The value; null: not given (the parser does not report it), failed (with fails) or no answer (with noAnswer). */
  value: string | null;
  parsers: string[];
  /** The parsers of this side could not answer the case (an AdapterError). */
  noAnswer?: true;
  /** The parsers of this side failed to parse the input (in a class that compares failures with values). */
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

/** One root cause within a class: one parser, one kind of scheme, one minimised difference. */
export interface RootCause {
  /** The parser, or the parsers that share this root cause, comma-separated (see `parsers`). */
  parser: string;
  /** When several parsers share this root cause: each with its cases, most first. */
  parsers?: Array<{ name: string; cases: number }>;
  /** The root cause as a key: the kind of scheme, then the minimised difference (or, for a failure, the direction and reason). */
  key: string;
  /** Cases with this root cause. */
  cases: number;
  /** When one side fails: whether the parser rejects what the reference parses, or accepts what it rejects. */
  direction?: Direction;
  /**
   * The difference in the example: the reference's value and the parser's (when either is long,
   * only their differing middles). In the re-parse class: the host the parser reported, and the
   * host its href parses to again.
   */
  difference: { reference: string; parser: string };
  /** Set in the re-parse class, where the difference is the parser's own host against its href's. */
  reparse?: true;
  /** The shortest case with this root cause. */
  example: ClassExample;
}

export interface ClassReport {
  id: string;
  title: string;
  /** What the class holds, when its definition says more than the title. */
  description?: string;
  link: string;
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
  /** How many distinct root causes were seen, those several parsers share counted once (at most the tracked bound per parser; beyond it counted in untracked). */
  rootCauseCount: number;
  /** Differences (parser and case) beyond the bound of tracked root causes: counted, not grouped. */
  untracked: number;
  /** The biggest root causes: those where the two sides name different values first, then those where one fails; most cases first within each. */
  rootCauses: RootCause[];
  /** One example of each of the biggest root causes, distinct inputs: variety rather than length. */
  examples: ClassExample[];
}

/** Root causes tracked per class; those beyond it are only counted. */
export const MAX_ROOT_CAUSES = 1024;
/** Root causes a class report lists (the text output shows the first few of them). */
export const ROOT_CAUSES_SHOWN = 40;

function shorter(a: { input: string; base: string | null }, b: { input: string; base: string | null }): number {
  return a.input.length - b.input.length || (a.base?.length ?? 0) - (b.base?.length ?? 0) || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0);
}

/** The two values with their common beginning and end cut off (at whole code points). */
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

/**
 * A difference in shape: each run of ASCII letters, digits, ".", "-" and "_" becomes "w" (a run of
 * dots alone, or of "-" or "_" alone, stays as it is: ".." is not a word), each run of non-ASCII
 * characters "u"; percent-encoded bytes stay as they are (lowercased), other characters too. So
 * "example.com" and "host" have one shape, and "%2e%2e" and ".." each their own. At most 40
 * characters of it are kept.
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
      while (i < s.length && s.charCodeAt(i) > 0x7f) i++;
      out += 'u';
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
  return SPECIAL.has(scheme) ? `${scheme}:` : 'non-special';
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

/** The root cause of one parser's difference from the reference in one class. */
function judge(d: ClassDef, input: string, ref: Result, refValue: string | null, o: Result, value: string): Judged {
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
  return { key: `${kind} | ${shapeOf(core.reference)} → ${shapeOf(core.parser)}`, difference: shown(refValue ?? '', value, core) };
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
  return { key: `${schemeKind(ref, input)} | ${shapeOf(core.reference)} → ${shapeOf(core.parser)}`, reparse: true, difference: again ? shown(reported, again[1], core) : core };
}

/**
 * How parser answer `o` differs from the reference's in class `d` (x: the reference's value), with
 * its root cause; null when it does not (or the class cannot compare them).
 */
function differenceOf(d: ClassDef, input: string, ref: Result, x: string | null, o: Result): Judged | null {
  if (d.flagged) return d.flagged(o) ? judgeFlagged(input, ref, d.value(o) ?? '') : null;
  const y = d.value(o);
  if (x === null || y === null || (d.same ? d.same(x, y) : x === y)) return null;
  // serialization counts only when no earlier component class already explains the difference
  if (d.id === 'serialization' && !sameComponents(ref, o)) return null;
  return judge(d, input, ref, x, o, y);
}

/**
 * 0 for a root cause where both sides give a value and the values differ (in the re-parse class:
 * the href names another host), 1 where one side fails or the href names no host or fails.
 */
function severity(c: RootCause): number {
  if (c.direction !== undefined) return 1;
  if (c.reparse) return c.difference.parser === 'a failure' || c.difference.parser === 'no host' ? 1 : 0;
  return 0;
}

/**
 * The root causes tracked per parser, with those that several parsers share (the same kind of
 * scheme, minimised difference and, for a failure, direction and reason) made one: its cases
 * summed, its parsers listed (most cases first) in `parser` and `parsers`, its example the
 * shortest. Ten parsers that read one input alike make one root cause, not ten rows.
 */
function mergeParsers(causes: Iterable<Cause>): Cause[] {
  const merged = new Map<string, Cause & { parsers: Array<{ name: string; cases: number }> }>();
  for (const c of causes) {
    const id = `${c.key}\u0000${c.direction ?? ''}\u0000${c.reparse ? 'r' : ''}`;
    const m = merged.get(id);
    if (!m) {
      merged.set(id, { ...c, parsers: [{ name: c.parser, cases: c.cases }] });
      continue;
    }
    m.cases += c.cases;
    m.parsers.push({ name: c.parser, cases: c.cases });
    if (c.order < m.order) m.order = c.order;
    if (shorter(c.example, m.example) < 0) {
      m.example = c.example;
      m.difference = c.difference;
    }
  }
  for (const m of merged.values()) {
    m.parsers.sort((a, b) => b.cases - a.cases);
    m.parser = m.parsers.map((p) => p.name).join(', ');
    if (m.parsers.length === 1) delete (m as { parsers?: unknown }).parsers;
  }
  return [...merged.values()];
}

interface Cause extends RootCause {
  /** First seen: ties in size keep the order they were seen in. */
  order: number;
}

interface ClassState {
  /** Root causes by parser and key. */
  causes: Map<string, Cause>;
  seen: number;
}

/** Bounded state for every class: counters, and the root causes with an example each. */
export class ClassTally {
  private readonly state: ClassState[];
  private readonly rep: ClassReport[];

  constructor(
    private readonly names: readonly string[],
    private readonly keep = 3,
  ) {
    this.rep = CLASSES.map((d) => ({
      id: d.id,
      title: d.title,
      ...(d.description !== undefined ? { description: d.description } : {}),
      link: specLink(d.anchor),
      security: d.security,
      ...(d.family ? { family: true } : {}),
      cases: 0,
      byParser: Object.fromEntries(names.slice(1).map((n) => [n, 0])),
      ...(d.id === 'failure' || d.family ? { failures: {} } : {}),
      rootCauseCount: 0,
      untracked: 0,
      rootCauses: [],
      examples: [],
    }));
    this.state = CLASSES.map(() => ({ causes: new Map(), seen: 0 }));
  }

  /** The class reports as they stand: each with its biggest root causes and one example of each. */
  get reports(): ClassReport[] {
    return this.rep.map((r, k) => {
      // confusion before disagreement on whether to parse: two parsers naming different values
      // (or an href naming another host) come first, then causes where one side fails; within
      // each, the biggest first
      const all = mergeParsers(this.state[k].causes.values()).sort((a, b) => severity(a) - severity(b) || b.cases - a.cases || a.order - b.order);
      const rootCauses: RootCause[] = all.slice(0, ROOT_CAUSES_SHOWN).map(({ order: _order, ...c }) => c);
      const examples: ClassExample[] = [];
      const inputs = new Set<string>();
      for (const c of all) {
        if (examples.length >= this.keep) break;
        const id = `${c.example.input}\u0000${c.example.base ?? ''}`;
        if (inputs.has(id)) continue;
        inputs.add(id);
        examples.push(c.example);
      }
      return { ...r, byParser: { ...r.byParser }, ...(r.failures ? { failures: { ...r.failures } } : {}), rootCauseCount: all.length, rootCauses, examples };
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
      let sides: ClassSide[] | null = null;
      for (let i = 1; i < outcomes.length; i++) {
        const o = outcomes[i];
        if (o instanceof AdapterError) continue;
        const judged = differenceOf(d, input, ref, x, o);
        if (judged === null) continue;
        const name = this.names[i];
        rep.byParser[name]++;
        differs = true;
        if (rep.failures && judged.direction) {
          const f = (rep.failures[name] ??= { rejects: 0, accepts: 0 });
          if (judged.direction === 'parser rejects') f.rejects++;
          else f.accepts++;
        }
        const state = this.state[k];
        const id = `${name}\u0000${judged.key}`;
        const cause = state.causes.get(id);
        if (cause) {
          cause.cases++;
          if (shorter({ input, base }, cause.example) < 0) {
            sides ??= this.sides(d, outcomes);
            cause.example = { input, base, sides };
            cause.difference = judged.difference;
          }
        } else if (state.causes.size < MAX_ROOT_CAUSES) {
          sides ??= this.sides(d, outcomes);
          state.causes.set(id, { parser: name, key: judged.key, cases: 1, ...(judged.direction ? { direction: judged.direction } : {}), ...(judged.reparse ? { reparse: true as const } : {}), difference: judged.difference, example: { input, base, sides }, order: state.seen++ });
        } else {
          rep.untracked++;
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
      const v = noAnswer ? null : d.value(o);
      const fails = v === FAILS;
      const value = fails ? null : v;
      const side = sides.find((s) => s.value === value && !!s.noAnswer === noAnswer && !!s.fails === fails);
      if (side) side.parsers.push(this.names[i]);
      else sides.push({ value, parsers: [this.names[i]], ...(noAnswer ? { noAnswer: true as const } : {}), ...(fails ? { fails: true as const } : {}) });
    });
    return sides;
  }
}

function sameComponents(a: Result, b: Result): boolean {
  if (!a.ok || !b.ok) return false;
  for (const d of CLASSES) {
    if (d.family || d.id === 'serialization' || d.id === 'errors' || d.id === 'failure' || d.flagged) continue;
    const x = d.value(a);
    const y = d.value(b);
    if (x !== null && y !== null && x !== y) return false;
  }
  return true;
}

/** Root-cause keys for one case: for each parser other than the reference, the classes it differs in, with the key of each. */
export function rootCauseKeys(input: string, base: string | null, names: readonly string[], outcomes: readonly Outcome[], only?: ReadonlySet<string>): Array<{ parser: string; classId: string; key: string }> {
  const ref = outcomes[0];
  const out: Array<{ parser: string; classId: string; key: string }> = [];
  if (ref instanceof AdapterError) return out;
  for (const d of CLASSES) {
    if (d.id === 'errors' || (d.applies && !d.applies(input, base))) continue;
    const x = d.flagged ? null : d.value(ref);
    for (let i = 1; i < outcomes.length; i++) {
      const o = outcomes[i];
      if (o instanceof AdapterError || (only && !only.has(names[i]))) continue;
      const judged = differenceOf(d, input, ref, x, o);
      if (judged === null) continue;
      out.push({ parser: names[i], classId: d.id, key: judged.key });
    }
  }
  return out;
}
