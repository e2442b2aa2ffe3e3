// What the parser did: the semantic pass's own record of each change it makes from the input to
// the URL, told by the step that makes it (https://url.spec.whatwg.org/#concept-basic-url-parser
// and the algorithms it calls), as the validation errors are. A change sink is an option of the
// pass, as the error sink is, and costs nothing when nobody listens. parseWithDiagnostics gives
// the changes with their spans in the original input; the viewer says them in words.

import type { ErrorStep, URLParserState } from './errors';
import { C0_CONTROL_SET, FRAGMENT_SET, isPercentEncodedByteAt, PATH_SET, percentDecodeString, QUERY_SET, SPECIAL_QUERY_SET, USERINFO_SET, type EncodeSet } from './percent-encode';

/** What a step did to a span of the input. */
export type ChangeKind =
  /** The span is not in the URL: trimmed, a tab or newline, a dot segment, a default port, empty credentials. */
  | 'removed'
  /** ASCII upper case made lower case (the scheme, a domain). */
  | 'lower-cased'
  /** A code point percent-encoded with the set `detail` names. */
  | 'percent-encoded'
  /** A percent-encoded byte of a domain decoded (the host parser). */
  | 'percent-decoded'
  /** Written otherwise: a "\" as "/", slashes as "//", a drive letter's "|" as ":", a host by its serializer, a port as a number. */
  | 'rewritten'
  /** Text the input does not have, written by the step (an empty span where it goes). */
  | 'added'
  /** A component taken from the base URL (`detail` names it; no span). */
  | 'from-base'
  /** A double-dot segment, or a relative reference, removing the last segment `from` of the path (none, when `detail` says there was nothing left to remove). */
  | 'shortened';

/** The algorithms a change is made by: those that report validation errors, the IPv4 number parser (a part's radix), and the serializers. */
export type ChangeStep = ErrorStep | 'ipv4-number-parser' | 'concept-ipv4-serializer' | 'concept-ipv6-serializer' | 'concept-url-serializer';

export interface ParserChange {
  kind: ChangeKind;
  /** The state of the basic URL parser that makes it (null before the state machine), as ValidationError.state. */
  state: URLParserState | null;
  /** The algorithm that makes it, by its url.bs anchor. */
  step: ChangeStep;
  /** [start, end) in the input (the original input from parseWithDiagnostics); -1 and -1 for a component from the base. */
  start: number;
  end: number;
  /** What the input has there (for 'shortened': the segment removed), and what the URL has for it. */
  from: string;
  to: string;
  /** 'percent-encoded': the percent-encode set; 'from-base': the component; otherwise what was removed, written or added, in a word. */
  detail?: ChangeDetail;
}

/**
 * Every `detail` a change can have: a closed list, so that a reader of the records (the viewer)
 * that words each one is told by the compiler when a step here words it otherwise.
 */
export type ChangeDetail =
  // 'removed'
  | 'leading C0 control or space'
  | 'trailing C0 control or space'
  | 'ASCII tab or newline'
  | 'localhost'
  | 'no credentials'
  | 'an empty password'
  | 'an empty port'
  | 'the default port'
  | 'a single-dot segment'
  // 'percent-encoded'
  | PercentEncodeSetName
  | 'a last space before "?" or "#"'
  // 'rewritten'
  | 'a separator'
  | 'domain to ASCII'
  | 'an IPv4 address'
  | 'a hexadecimal IPv4 number'
  | 'an octal IPv4 number'
  | 'an IPv6 address'
  | 'a number'
  | 'a Windows drive letter'
  // 'added'
  | 'the empty host'
  | 'the path of a special URL'
  | 'before a path that would read as an authority'
  // 'from-base': the component
  | BaseComponent
  // 'shortened'
  | "the base URL's last segment"
  | 'nothing left to remove';

/** The components a URL can take from its base URL. */
export type BaseComponent = 'scheme' | 'username' | 'password' | 'host' | 'port' | 'path' | 'query';

/** The percent-encode sets by their names in url.bs. */
export type PercentEncodeSetName =
  | 'C0 control percent-encode set'
  | 'fragment percent-encode set'
  | 'query percent-encode set'
  | 'special-query percent-encode set'
  | 'path percent-encode set'
  | 'userinfo percent-encode set';

/** Where the pass records its changes; null: nobody listens. Offsets are into the string the step was given. */
export type ChangeSink = ((change: ParserChange) => void) | null;

/** The names of the percent-encode sets, as url.bs names them. */
const SET_NAMES = new Map<EncodeSet, PercentEncodeSetName>([
  [C0_CONTROL_SET, 'C0 control percent-encode set'],
  [FRAGMENT_SET, 'fragment percent-encode set'],
  [QUERY_SET, 'query percent-encode set'],
  [SPECIAL_QUERY_SET, 'special-query percent-encode set'],
  [PATH_SET, 'path percent-encode set'],
  [USERINFO_SET, 'userinfo percent-encode set'],
]);

/**
 * Records each code point of text[start, end) that percent-encoding with `set` writes otherwise,
 * with what it is written as (`encode`: the step's own encoding of one code point).
 */
export function recordEncoded(
  changes: NonNullable<ChangeSink>,
  text: string,
  start: number,
  end: number,
  set: EncodeSet,
  state: URLParserState,
  encode: (c: string) => string,
  step: ChangeStep = 'concept-basic-url-parser',
): void {
  for (let i = start; i < end; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp >= 0x7f || set[cp] === 1) {
      const c = text.slice(i, i + width);
      const to = encode(c);
      if (to !== c) changes({ kind: 'percent-encoded', state, step, start: i, end: i + width, from: c, to, detail: SET_NAMES.get(set) });
    }
    i += width;
  }
}

/** Records each run of ASCII upper-case letters of text[start, end), lower-cased by `state`'s step `step`. */
export function recordLowerCased(changes: NonNullable<ChangeSink>, text: string, start: number, end: number, state: URLParserState, step: ChangeStep): void {
  for (let i = start; i < end; i++) {
    if (!/[A-Z]/.test(text[i])) continue;
    let j = i + 1;
    while (j < end && /[A-Z]/.test(text[j])) j++;
    changes({ kind: 'lower-cased', state, step, start: i, end: j, from: text.slice(i, j), to: text.slice(i, j).toLowerCase() });
    i = j;
  }
}

const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Records each run of percent-encoded bytes of the host text[start, end) that the host parser
 * decodes (https://url.spec.whatwg.org/#concept-host-parser steps 4-5), with what it decodes to;
 * returns the host decoded.
 */
export function recordPercentDecoded(changes: NonNullable<ChangeSink>, text: string, start: number, end: number, state: URLParserState): string {
  const host = text.slice(start, end);
  if (!host.includes('%')) return host;
  for (let i = start; i < end; i++) {
    if (!isPercentEncodedByteAt(text, i) || i + 3 > end) continue;
    let j = i;
    while (j + 3 <= end && isPercentEncodedByteAt(text, j)) j += 3;
    const from = text.slice(i, j);
    changes({ kind: 'percent-decoded', state, step: 'concept-host-parser', start: i, end: j, from, to: utf8Decoder.decode(percentDecodeString(from)) });
    i = j - 1;
  }
  return utf8Decoder.decode(percentDecodeString(host));
}

/**
 * Records each run of ASCII upper-case letters of the domain text[start, end) that the domain
 * parser lower-cases, as they stand in the input: a letter written as a percent-encoded byte
 * ("%41") is covered whole. False when the domain's percent-encoded bytes are not all ASCII
 * (nothing recorded: the domain parser's work is then more than lower-casing).
 */
export function recordDomainLowerCased(changes: NonNullable<ChangeSink>, text: string, start: number, end: number, state: URLParserState): boolean {
  const units: { c: number; s: number; e: number }[] = [];
  for (let i = start; i < end; ) {
    if (isPercentEncodedByteAt(text, i) && i + 3 <= end) {
      const byte = parseInt(text.slice(i + 1, i + 3), 16);
      if (byte >= 0x80) return false;
      units.push({ c: byte, s: i, e: i + 3 });
      i += 3;
    } else {
      units.push({ c: text.charCodeAt(i), s: i, e: i + 1 });
      i++;
    }
  }
  for (let k = 0; k < units.length; k++) {
    if (units[k].c < 0x41 || units[k].c > 0x5a) continue;
    let j = k + 1;
    while (j < units.length && units[j].c >= 0x41 && units[j].c <= 0x5a) j++;
    const from = text.slice(units[k].s, units[j - 1].e);
    let to = '';
    for (let u = k; u < j; u++) to += String.fromCharCode(units[u].c | 0x20);
    changes({ kind: 'lower-cased', state, step: 'concept-domain-to-ascii', start: units[k].s, end: units[j - 1].e, from, to });
    k = j - 1;
  }
  return true;
}
