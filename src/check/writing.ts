// The writing checker: is a string a valid URL string (https://url.spec.whatwg.org/#valid-url-string),
// a valid host string (https://url.spec.whatwg.org/#valid-host-string), ...? And if not, which
// writing rule fails, and where.
//
// The rules are grammar/writing.ts, compiled like the parser grammar. Two requirements of the
// writing sections are not grammar and are checked here on the rules' marks, named as the standard
// names them: "valid domain" (the domain parser with beStrict = true, and not ending in a number)
// and "URL-port string" (a 16-bit unsigned integer).
//
// The input is checked as it is given. The URL parser trims leading and trailing C0 controls and
// spaces and removes tabs and newlines; the writing sections allow none of them (they are not
// URL units), so a string that has them is not a valid URL string, however it parses.

import { WRITING_ENTRY_RULES, WRITING_GRAMMAR, WRITING_TOKEN_RULES, type WritingBaseKind } from '../../grammar/writing';
import { blame } from '../grammar/blame';
import { compileEntry, type EntryParser, type Mark } from '../grammar/compile';
import { baseKind, parseToRecord, resolveBase } from '../parse';
import { isSpecialScheme, type URLRecord } from '../record';
import { domainToASCII, endsInANumber } from '../semantic/host';

/** One writing rule that the input does not satisfy. */
export interface WritingProblem {
  /** The rule of grammar/writing.ts (or the standard's name of the check) that fails. */
  rule: string;
  /** Where in the input it fails (UTF-16 code units). */
  offset: number;
  message: string;
  /** For a grammar failure: what the grammar would have accepted at `offset`. */
  expected?: string[];
}

/** For which kinds of base URL the input is a valid relative-URL-with-fragment string. */
export interface RelativeFor {
  /** A special base URL other than "file". */
  special: boolean;
  file: boolean;
  /** A base URL that is not special and has no opaque path. */
  other: boolean;
}

export interface URLStringCheck {
  valid: boolean;
  problems: WritingProblem[];
  /** What the input is valid as, when it is valid. */
  validAs: 'absolute-URL-with-fragment string' | 'relative-URL-with-fragment string' | null;
  /** The kind of base URL the input was checked against ('none': no base URL). */
  baseKind: WritingBaseKind;
  /** The entry rule of grammar/writing.ts that was used. */
  rule: string;
  /**
   * For which kinds of base URL the input is a valid relative-URL-with-fragment string,
   * whatever base URL was given (none, or one of another kind).
   */
  relativeFor: RelativeFor;
}

export interface CheckOptions {
  /** The base URL: a URL record, a URL object (read through its href) or a string, parsed first. A relative-URL string needs one. */
  baseURL?: string | URLRecord | { readonly href: string } | null;
}

/** What the host of a match is: a valid host string (special and "file" URLs) or a valid opaque-host string. */
type HostKind = 'host' | 'opaque';

interface EntryCheck {
  ok: boolean;
  marks: Mark[];
  problems: WritingProblem[];
}

const parsers = new Map<string, EntryParser>();

function entryParser(entry: string): EntryParser {
  let p = parsers.get(entry);
  if (!p) {
    p = compileEntry(WRITING_GRAMMAR, entry);
    parsers.set(entry, p);
  }
  return p;
}

/** `"x" (U+0078) at offset 3`, or `the end of the input (offset 3)`. */
function showAt(input: string, offset: number): string {
  if (offset >= input.length) return `the end of the input (offset ${offset})`;
  const cp = input.codePointAt(offset)!;
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  // controls and lone surrogates by their number only
  const plain = !(cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp <= 0xdfff));
  return `${plain ? `${JSON.stringify(String.fromCodePoint(cp))} (${code})` : code} at offset ${offset}`;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * The problem for an input the entry rule does not match: the furthest offset the compiled
 * parser reached and what it expected there, with the rule it failed in (src/grammar/blame.ts).
 */
function grammarProblem(entry: string, input: string): WritingProblem {
  const failure = entryParser(entry).explain(input);
  if (!('furthest' in failure)) throw new Error(`writing: ${entry} matches ${JSON.stringify(input)}`);
  const b = blame(WRITING_GRAMMAR, entry, input, {}, { tokens: WRITING_TOKEN_RULES });
  // The walk in blame.ts mirrors the compiled parser, so the offsets agree; if they ever did not,
  // the compiled parser's answer stands.
  const agrees = b !== null && b.furthest === failure.furthest;
  const rule = agrees ? b.rule : entry;
  const start = agrees ? b.start : 0;
  const expected = agrees ? b.expected : failure.expected;
  const offset = failure.furthest;
  const inRule = start < offset ? `the ${rule} that starts at offset ${start}` : `the ${rule}`;
  const message =
    offset >= input.length
      ? `the input ends too early (offset ${offset}) for ${inRule}; expected ${listOf(expected)}`
      : `${showAt(input, offset)} is not allowed in ${inRule}; expected ${listOf(expected)}`;
  return { rule, offset, message, expected };
}

/**
 * https://url.spec.whatwg.org/#valid-domain: why `input` is not a valid domain, or null when it is.
 */
export function validDomainFailure(input: string): string | null {
  const domain = domainToASCII(input, true);
  if (domain === null) {
    return 'the domain parser with beStrict = true fails on it (Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength records an error)';
  }
  if (endsInANumber(domain)) return `it ends in a number (${JSON.stringify(domain)}), as an IPv4 address does`;
  return null;
}

/** https://url.spec.whatwg.org/#url-port-string: the digits must represent a 16-bit unsigned integer. */
function portFailure(digits: string): string | null {
  if (digits === '') return null;
  return Number(digits) > 65535 ? `${digits} is not a 16-bit unsigned integer (at most 65535)` : null;
}

/** The checks the grammar leaves to code, on the marks of a match. */
function markProblems(input: string, marks: readonly Mark[], hostKind: HostKind): WritingProblem[] {
  const problems: WritingProblem[] = [];
  for (const m of marks) {
    const text = input.slice(m.start, m.end);
    if (m.field === 'host' && hostKind === 'host' && !text.startsWith('[')) {
      // an IPv4 address leaves its numbers' marks inside the host; a domain leaves none
      const ipv4 = marks.some((n) => n.field === 'ipv4Part' && n.start >= m.start && n.end <= m.end);
      const why = ipv4 ? null : validDomainFailure(text);
      if (why) problems.push({ rule: 'valid-domain', offset: m.start, message: `the host ${JSON.stringify(text)} is not a valid domain: ${why}` });
    } else if (m.field === 'port') {
      const why = portFailure(text);
      if (why) problems.push({ rule: 'url-port-string', offset: m.start, message: `the port ${why}` });
    }
  }
  return problems;
}

/** Runs an entry rule, then the checks on its marks. */
function checkEntry(entry: string, input: string, hostKindOf: (marks: readonly Mark[]) => HostKind): EntryCheck {
  const match = entryParser(entry)(input);
  if (!match) return { ok: false, marks: [], problems: [grammarProblem(entry, input)] };
  const problems = markProblems(input, match.marks, hostKindOf(match.marks));
  return { ok: problems.length === 0, marks: match.marks, problems };
}

/** The host kind of a URL match: from its scheme when it has one, else from the base URL's kind. */
function hostKindFor(input: string, base: WritingBaseKind): (marks: readonly Mark[]) => HostKind {
  return (marks) => {
    const scheme = marks.find((m) => m.field === 'scheme');
    if (scheme) {
      const s = input.slice(scheme.start, scheme.end).toLowerCase();
      return isSpecialScheme(s) ? 'host' : 'opaque';
    }
    return base === 'special' || base === 'file' ? 'host' : 'opaque';
  };
}

/** options.baseURL as a URL record (see resolveBase in src/parse.ts); a TypeError when it does not parse. */
function resolveBaseOrThrow(baseURL: CheckOptions['baseURL'], caller: string): URLRecord | null {
  const base = resolveBase(baseURL, caller);
  if (base !== undefined) return base;
  throw new TypeError(typeof baseURL === 'string' ? `The base URL does not parse: ${JSON.stringify(baseURL)}` : `${caller}: the href of the base URL object given does not parse`);
}

const RELATIVE_KINDS = ['special', 'file', 'other'] as const;

/** For which kinds of base URL `input` is a valid relative-URL-with-fragment string. */
export function relativeURLWithFragmentFor(input: string): RelativeFor {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const out: RelativeFor = { special: false, file: false, other: false };
  for (const kind of RELATIVE_KINDS) {
    out[kind] = checkEntry(WRITING_ENTRY_RULES.relativeURLWithFragmentString[kind], input, hostKindFor(input, kind)).ok;
  }
  return out;
}

/**
 * https://url.spec.whatwg.org/#valid-url-string: whether `input` is a valid URL string against
 * the base URL (if any), and if not, the writing rule that fails and where.
 *
 * Without a base URL only an absolute-URL-with-fragment string is valid; `relativeFor` still says
 * against which kinds of base URL the input would be a valid relative-URL-with-fragment string.
 * Throws a TypeError when `baseURL` is a string that does not parse.
 */
export function checkURLString(input: string, options: CheckOptions = {}): URLStringCheck {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const base = resolveBaseOrThrow(options.baseURL, 'checkURLString');
  const kind: WritingBaseKind = baseKind(base);
  const entry = WRITING_ENTRY_RULES.validURLString[kind];
  const result = checkEntry(entry, input, hostKindFor(input, kind));
  const relativeFor = relativeURLWithFragmentFor(input);
  const problems = result.problems;
  if (!result.ok && kind === 'none') {
    const kinds = RELATIVE_KINDS.filter((k) => relativeFor[k]);
    if (kinds.length) {
      problems.unshift({
        rule: 'valid-url-string',
        offset: 0,
        message: `the input is a relative-URL-with-fragment string (against a ${listOf([...kinds])} base URL), which is a valid URL string only when there is a base URL`,
      });
    }
  }
  // Credentials: the writing rules have no place for a username or a password (a valid URL
  // string's authority is a host and a port: https://url.spec.whatwg.org/#url-writing), so the
  // grammar meets "@" where a host or a port should end, and blames that rule ("url-port-string
  // fails at offset 13" for https://user:1@host/). Say what is meant first.
  if (!result.ok) {
    const credentials = credentialsOf(input, base);
    if (credentials) problems.unshift(credentials);
  }
  let validAs: URLStringCheck['validAs'] = null;
  if (result.ok) {
    validAs = result.marks.some((m) => m.field === 'scheme' && m.start === 0) ? 'absolute-URL-with-fragment string' : 'relative-URL-with-fragment string';
  }
  return { valid: result.ok, problems, validAs, baseKind: kind, rule: entry, relativeFor };
}

/**
 * The problem of an input whose authority holds credentials, as the URL parser finds them: a
 * username or password before "@" (https://url.spec.whatwg.org/#authority-state), which no valid
 * URL string has. Null when there are none.
 */
function credentialsOf(input: string, base: URLRecord | null): WritingProblem | null {
  let record: ReturnType<typeof parseToRecord>;
  try {
    record = parseToRecord(input, { baseURL: base });
  } catch {
    return null;
  }
  const first = record?.username ?? record?.password ?? null;
  if (!record || !first || record.host === null) return null;
  return {
    rule: 'valid-url-string',
    offset: first.start,
    message: 'credentials (a username or password before "@") are not allowed in a valid URL string: its authority is only a host and an optional port',
  };
}

/** https://url.spec.whatwg.org/#valid-url-string */
export function isValidURLString(input: string, options: CheckOptions = {}): boolean {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const base = resolveBaseOrThrow(options.baseURL, 'isValidURLString');
  const kind = baseKind(base);
  return checkEntry(WRITING_ENTRY_RULES.validURLString[kind], input, hostKindFor(input, kind)).ok;
}

/** The result of checking a string against one of the writing rules. */
export interface WritingCheck {
  valid: boolean;
  problems: WritingProblem[];
}

const asHost = () => 'host' as const;
const asOpaque = () => 'opaque' as const;

function check(entry: string, input: string, hostKind: (marks: readonly Mark[]) => HostKind): WritingCheck {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const r = checkEntry(entry, input, hostKind);
  return { valid: r.ok, problems: r.problems };
}

/** https://url.spec.whatwg.org/#absolute-url-string (no fragment). */
export function checkAbsoluteURLString(input: string): WritingCheck {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const r = checkEntry(WRITING_ENTRY_RULES.absoluteURLString, input, hostKindFor(input, 'none'));
  return { valid: r.ok, problems: r.problems };
}

/** https://url.spec.whatwg.org/#valid-host-string: a valid domain, IPv4-address or "[" IPv6-address "]" string. */
export function checkHostString(input: string): WritingCheck {
  return check(WRITING_ENTRY_RULES.validHostString, input, asHost);
}

export function isValidHostString(input: string): boolean {
  return checkHostString(input).valid;
}

/** https://url.spec.whatwg.org/#valid-domain-string */
export function checkDomainString(input: string): WritingCheck {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const r = check(WRITING_ENTRY_RULES.validDomainString, input, asHost);
  if (!r.valid) return r;
  const why = validDomainFailure(input);
  return why ? { valid: false, problems: [{ rule: 'valid-domain', offset: 0, message: `${JSON.stringify(input)} is not a valid domain: ${why}` }] } : r;
}

export function isValidDomainString(input: string): boolean {
  return checkDomainString(input).valid;
}

/** https://url.spec.whatwg.org/#valid-ipv4-address-string */
export function isValidIPv4AddressString(input: string): boolean {
  return check(WRITING_ENTRY_RULES.validIPv4AddressString, input, asHost).valid;
}

/** https://url.spec.whatwg.org/#valid-ipv6-address-string (without the brackets). */
export function isValidIPv6AddressString(input: string): boolean {
  return check(WRITING_ENTRY_RULES.validIPv6AddressString, input, asHost).valid;
}

/** https://url.spec.whatwg.org/#valid-opaque-host-string */
export function checkOpaqueHostString(input: string): WritingCheck {
  return check(WRITING_ENTRY_RULES.validOpaqueHostString, input, asOpaque);
}

export function isValidOpaqueHostString(input: string): boolean {
  return checkOpaqueHostString(input).valid;
}

/** https://url.spec.whatwg.org/#url-port-string */
export function isValidURLPortString(input: string): boolean {
  return check(WRITING_ENTRY_RULES.urlPortString, input, asHost).valid;
}
