// The semantic pass for hosts: https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)
//
// The structure of IPv6 and IPv4 addresses comes from grammar/host.ts: this module compiles those
// rules once, walks the marks they produce and applies what the rules leave open (counts, ranges,
// which validation error the standard reports first). Domains go through tr46 (Unicode IDNA
// Compatibility Processing), except for the standard's ASCII path, which never needs it
// (src/semantic/idna.ts holds the tr46 step).

import { FORBIDDEN_DOMAIN_CODE_POINTS, FORBIDDEN_HOST_CODE_POINTS, HOST_GRAMMAR } from '../../grammar/host';
import type { Mark } from '../grammar/compile';
import type { FastMatcher } from '../grammar/codegen';
import { coreMatcher } from '../grammar/prebuilt';
import { firstAndLastOf } from '../grammar/codegen/first';
import { offsetSink, type ErrorSink, type ErrorStep, type ValidationErrorType } from './errors';

// The algorithms that report this module's validation errors (ValidationError.step).
const HOST_PARSER: ErrorStep = 'concept-host-parser';
const IPV4_PARSER: ErrorStep = 'concept-ipv4-parser';
const IPV6_PARSER: ErrorStep = 'concept-ipv6-parser';
const OPAQUE_HOST_PARSER: ErrorStep = 'concept-opaque-host-parser';
import { C0_CONTROL_SET, hexValue, isPercentEncodedByteAt, percentDecodeString, utf8PercentEncodeString } from './percent-encode';
import { toScalarValueString } from '../usv';
import { firstBarePercent, firstNonURLCodePoint } from './units';
// The IDNA step, the one thing the light build (src/lite.ts) replaces: tr46 here, ./idna-lite there.
import { domainParserToASCII, unicodeToUnicode } from './idna';

/** Called as `charCodeAt.call(s, i)`: a read that stays fast whatever strings came before (see CCA in src/grammar/codegen/templates.ts). */
const charCodeAt = String.prototype.charCodeAt;

/**
 * https://url.spec.whatwg.org/#concept-host
 * A domain, an opaque host or the empty host is a string; an IPv4 address is a 32-bit unsigned
 * integer; an IPv6 address is its 8 pieces, each a 16-bit unsigned integer.
 */
export type Host = string | number | number[];

// ---- compiled rules and whole-string checks ------------------------------------------------------

let ipv6Rule: FastMatcher | undefined;
let ipv4Rule: FastMatcher | undefined;
let lastLabelRule: FastMatcher | undefined;

const ipv6Parser = (): FastMatcher => (ipv6Rule ??= coreMatcher(HOST_GRAMMAR, 'ipv6-address'));
const ipv4Parser = (): FastMatcher => (ipv4Rule ??= coreMatcher(HOST_GRAMMAR, 'ipv4-address'));
const lastLabelParser = (): FastMatcher => (lastLabelRule ??= coreMatcher(HOST_GRAMMAR, 'ipv4-last-label'));

/** Finds a forbidden host code point anywhere in a string (the grammar's set). */
const FORBIDDEN_HOST = new RegExp(`[${FORBIDDEN_HOST_CODE_POINTS}]`);
/** Finds a forbidden domain code point anywhere in a string (the grammar's set). */
const FORBIDDEN_DOMAIN = new RegExp(`[${FORBIDDEN_DOMAIN_CODE_POINTS}]`);
const NON_ASCII = /[^\u0000-\u007F]/;
const UPPER_ASCII = /[A-Z]/;
const ACE_LABEL = /(?:^|\.)xn--/i;

const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** FORBIDDEN_DOMAIN as a table over ASCII, built from the grammar's set. */
const FORBIDDEN_DOMAIN_TABLE: Readonly<Uint8Array> = new Uint8Array(128);
for (let c = 0; c < 128; c++) (FORBIDDEN_DOMAIN_TABLE as Uint8Array)[c] = FORBIDDEN_DOMAIN.test(String.fromCharCode(c)) ? 1 : 0;

/**
 * The forbidden domain code points that UTS #46 processing never changes or combines away (the C0
 * controls, space, "%" and DELETE: none is mapped, and none starts a canonical decomposition,
 * unlike "<" and ">"), and U+00A0 NO-BREAK SPACE when a space is one, since it maps to a space:
 * a domain that has one fails the domain parser's last check whatever tr46 makes of the rest.
 * Built from FORBIDDEN_DOMAIN_TABLE.
 */
const INERT_FORBIDDEN = (() => {
  let cls = '';
  for (let c = 0; c < 128; c++) {
    if ((c <= 0x20 || c === 0x25 || c === 0x7f) && FORBIDDEN_DOMAIN_TABLE[c] === 1) cls += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  if (FORBIDDEN_DOMAIN_TABLE[0x20] === 1) cls += '\\u00A0';
  return new RegExp(`[${cls}]`);
})();

/**
 * The ASCII code units that the host parser's steps may do more with in a domain than lower-case
 * them: a forbidden domain code point (failure) and "%" (step 4 percent-decodes). A domain with
 * none of them, and no upper case, is given back as it is.
 */
const DOMAIN_ACTS_ON: Readonly<Uint8Array> = Uint8Array.from(FORBIDDEN_DOMAIN_TABLE, (forbidden, c) => (forbidden === 1 || c === 0x25 ? 1 : 0));

/**
 * The ASCII code units that the host parser's steps may do anything with, in a domain or in an
 * opaque host: DOMAIN_ACTS_ON, the forbidden host code points (an opaque host's failure), the C0
 * control percent-encode set (what the opaque-host parser encodes) and upper case (a domain is
 * lower-cased). A host with none of them, and no code unit from U+0080 up, is given back as it is
 * (an IPv4 address aside): the flag the matcher raises for hosts (src/semantic/normalized.ts).
 */
export const HOST_ACTS_ON: Readonly<Uint8Array> = Uint8Array.from(
  DOMAIN_ACTS_ON,
  (acts, c) => (acts === 1 || FORBIDDEN_HOST.test(String.fromCharCode(c)) || C0_CONTROL_SET[c] === 1 || (c >= 0x41 && c <= 0x5a) ? 1 : 0),
);

const HAS_UPPER = 1;
const HAS_OTHER = 2;
const NOT_ASCII = 4;

/**
 * A sticky expression of the ASCII code units that raise no flag below (neither in DOMAIN_ACTS_ON
 * nor upper case), built from the same table: V8 runs it as native code, so a long domain is
 * skipped through several times faster than by the loop.
 */
const QUIET_RUN = (() => {
  let cls = '';
  for (let c = 0; c < 128; c++) {
    if (DOMAIN_ACTS_ON[c] === 0 && !(c >= 0x41 && c <= 0x5a)) cls += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return new RegExp(`[${cls}]*`, 'y');
})();

/** One pass over a domain: NOT_ASCII, or the HAS_UPPER and HAS_OTHER flags of an ASCII one. */
function scanASCIIDomain(domain: string): number {
  let flags = 0;
  let i = 0;
  if (domain.length > 32) {
    // the code units before the first one that could raise a flag raise none
    QUIET_RUN.lastIndex = 0;
    QUIET_RUN.test(domain);
    i = QUIET_RUN.lastIndex;
  }
  for (; i < domain.length; i++) {
    const c = charCodeAt.call(domain, i);
    if (c >= 0x80) return NOT_ASCII;
    if (DOMAIN_ACTS_ON[c] === 1) flags |= HAS_OTHER;
    else if (c >= 0x41 && c <= 0x5a) flags |= HAS_UPPER;
  }
  return flags;
}

/**
 * Where the last label of the domain input[start, end) starts, one trailing "." set aside
 * (https://url.spec.whatwg.org/#ends-in-a-number-checker steps 1-3).
 */
function lastLabelStart(input: string, start: number, end: number): number {
  let i = end - 1;
  if (i > start && charCodeAt.call(input, i) === 0x2e) i--;
  while (i > start && charCodeAt.call(input, i - 1) !== 0x2e) i--;
  return i < start ? start : i;
}

/** The code units ipv4-last-label can start and end with (its FIRST and LAST sets; null: any). */
let lastLabelEnds: { first: Uint8Array | null; last: Uint8Array | null } | undefined;

/**
 * Whether the domain input[start, end) may end in a number: it ends with a code unit the
 * grammar's ipv4-last-label can end with, and its last label starts with one it can start with.
 * When this is false, endsInANumber is false too; when true, endsInANumber has to be asked.
 */
export function mayEndInANumberAt(input: string, start: number, end: number): boolean {
  if (end <= start) return false;
  const { first, last } = (lastLabelEnds ??= firstAndLastOf(HOST_GRAMMAR, 'ipv4-last-label'));
  const z = charCodeAt.call(input, end - 1);
  if (last !== null && (z >= 128 || last[z] === 0)) return false;
  if (first === null) return true;
  const c = charCodeAt.call(input, lastLabelStart(input, start, end));
  return c < 128 && first[c] === 1;
}

/**
 * The domain parser's result for a non-empty ASCII domain with none of DOMAIN_ACTS_ON (the
 * domain, ASCII-lowercased), or undefined when the domain is anything else.
 */
function plainASCIIDomain(domain: string): string | undefined {
  if (domain === '') return undefined;
  const flags = scanASCIIDomain(domain);
  if (flags === 0) return domain;
  if (flags === HAS_UPPER) return domain.toLowerCase();
  return undefined;
}

/** The end of the code point that starts at `i` (a surrogate pair counts as one). */
function codePointEnd(input: string, i: number): number {
  if (i >= input.length) return i;
  const c = charCodeAt.call(input, i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
    const d = charCodeAt.call(input, i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return i + 2;
  }
  return i + 1;
}

// ---- the host parser --------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#concept-host-parser
 *
 * `input` is the host buffer as the URL parser hands it over (not yet percent-decoded). Returns
 * null for failure. Error offsets are into `input`.
 */
export function parseHost(input: string, isOpaque = false, sink: ErrorSink = null): Host | null {
  // 1. "[" ... "]" is an IPv6 address.
  if (charCodeAt.call(input, 0) === 0x5b) {
    if (input.length < 2 || charCodeAt.call(input, input.length - 1) !== 0x5d) {
      sink?.('IPv6-unclosed', 0, input.length, undefined, HOST_PARSER);
      return null;
    }
    return parseIPv6(input.slice(1, -1), offsetSink(sink, 1));
  }

  // 2. Hosts of URLs that are not special.
  if (isOpaque) return parseOpaqueHost(input, sink);

  // 3. (The URL parser never passes the empty string here; if it comes anyway, the domain parser
  //    fails on it.)

  // The common case in one pass: an ASCII domain with none of DOMAIN_ACTS_ON (no "%" to
  // decode, no forbidden domain code point), nobody listening. Steps 4-7 leave it as it is,
  // lowercased.
  if (!sink) {
    const domain = plainASCIIDomain(input);
    if (domain !== undefined) return endsInANumber(domain) ? parseIPv4(domain, null) : domain;
  }

  // 4-5. Percent-decode, then UTF-8 decode without BOM.
  //      Without a percent-encoded byte (a "%" not followed by two hex digits stays as it is),
  //      both steps give back the input: its UTF-8 bytes decode to itself.
  let domain = input;
  let encoded = input.indexOf('%');
  while (encoded !== -1 && !isPercentEncodedByteAt(input, encoded)) encoded = input.indexOf('%', encoded + 1);
  if (encoded !== -1) {
    sink?.('domain-percent-encoded', encoded, encoded + 3, undefined, HOST_PARSER);
    domain = utf8Decoder.decode(percentDecodeString(input));
  }

  // 6-7. The domain parser (domain-to-ASCII errors cover the whole input).
  const asciiDomain = domainParser(domain, false, sink, input.length);
  if (asciiDomain === null) return null;

  // 8. A domain that ends in a number must be an IPv4 address. Its error offsets are exact when
  //    the domain is the input itself (lowercasing keeps offsets); otherwise they cover the input.
  if (endsInANumber(asciiDomain)) {
    const nonASCII = NON_ASCII.test(domain);
    // whatwg/url 9dc3827 (PR 925): when IDNA processing is what turned a non-ASCII
    // domain (percent-decoded input included) into a number, IPv4-non-ASCII-input, before any
    // error of the IPv4 parser; it covers the whole host.
    if (nonASCII) sink?.('IPv4-non-ASCII-input', 0, input.length, undefined, HOST_PARSER);
    const exact = domain === input && !nonASCII;
    const ipv4Sink: ErrorSink = exact || !sink ? sink : (type, _start, _end, failure, step) => sink(type, 0, input.length, failure, step);
    return parseIPv4(asciiDomain, ipv4Sink);
  }

  // 9.
  return asciiDomain;
}

// ---- IDNA -------------------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#concept-domain-to-ascii (the standard's "domain parser").
 * `errorEnd` is where the domain-to-ASCII error's span ends (the error covers the whole input).
 *
 * Step 2's domain-to-ASCII error does not return, and whether it is a failure depends on the
 * steps after it, so it is reported when the parser returns, with the outcome as its failure
 * flag: nothing else is reported in between, so the order of errors is the standard's.
 */
function domainParser(domain: string, beStrict: boolean, sink: ErrorSink, errorEnd: number): string | null {
  if (!sink) return domainParserSteps(domain, beStrict, null);
  const strict = { failed: false };
  const result = domainParserSteps(domain, beStrict, strict);
  if (strict.failed) sink('domain-to-ASCII', 0, errorEnd, result === null, 'concept-domain-to-ascii');
  return result;
}

/**
 * The domain parser's steps (https://url.spec.whatwg.org/#concept-domain-to-ascii). With
 * `strict`, steps 1-2 run even when the result does not need them, and `strict.failed` says
 * whether step 2 found a domain-to-ASCII validation error; without it, they run only for
 * beStrict.
 */
function domainParserSteps(domain: string, beStrict: boolean, strict: { failed: boolean } | null): string | null {
  // The common case in one pass: an ASCII domain, nobody listening, not strict.
  if (!strict && !beStrict) {
    const plain = plainASCIIDomain(domain);
    if (plain !== undefined) return plain;
  }
  const ascii = !NON_ASCII.test(domain);
  if (!ascii) domain = toScalarValueString(domain);
  // A space, C0 control, "%" or DELETE goes through UTS #46 mapping and normalization unchanged
  // (none starts a canonical decomposition, unlike "<" and ">"), and NO-BREAK SPACE maps to a
  // space, so step 7 would find one in the result: failure, with no need to ask tr46 first when
  // nobody is listening.
  if (!strict && !beStrict && !ascii && INERT_FORBIDDEN.test(domain)) return null;

  // 1-3. The strict result only matters for the validation error and for strict parsing, so it
  //      is computed only when someone is listening or strictness is asked for.
  if (strict || beStrict) {
    const strictResult = domainParserToASCII(domain, true);
    if (strict) strict.failed = strictResult === null;
    if (beStrict) return strictResult;
  }

  // 4-6. An ASCII domain is lowercased whatever ToASCII would say (web compatibility), and never
  //      reaches tr46 when nobody is listening.
  let result: string | null;
  if (ascii) result = UPPER_ASCII.test(domain) ? domain.toLowerCase() : domain;
  else {
    result = domainParserToASCII(domain, false);
    if (result === null) return null;
  }

  // 7-9.
  if (result === '' || FORBIDDEN_DOMAIN.test(result)) return null;
  return result;
}

/**
 * https://url.spec.whatwg.org/#concept-domain-to-ascii
 *
 * The standard's "domain parser": returns the ASCII domain, or null for failure. A
 * domain-to-ASCII validation error covers the whole of `domain`.
 */
export function domainToASCII(domain: string, beStrict = false, sink: ErrorSink = null): string | null {
  domain = String(domain); // (exported: what is not a string is converted, as the URL API does)
  return domainParser(domain, beStrict, sink, domain.length);
}

/**
 * https://url.spec.whatwg.org/#concept-domain-to-unicode
 *
 * `beStrict` sets UseSTD3ASCIIRules; the current standard always passes false (the default).
 * When Unicode ToUnicode records an error, the domain comes back unchanged.
 */
export function domainToUnicode(domain: string, beStrict = false): string {
  domain = String(domain); // (exported: what is not a string is converted, as the URL API does)
  // Fast path: an ASCII domain with no upper-case letter and no "xn--" label maps to itself
  // whether or not ToUnicode records an error.
  if (!NON_ASCII.test(domain) && !UPPER_ASCII.test(domain) && !ACE_LABEL.test(domain)) return domain;
  const result = unicodeToUnicode(toScalarValueString(domain), beStrict);
  return result.error ? domain : result.domain;
}

// ---- IPv4 -------------------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#ends-in-a-number-checker: the grammar's `ipv4-last-label` on the
 * last label (what its `ends-in-a-number` rule comes to: the repetition skips every label but the
 * last; test/host.test.ts checks that the two agree), asked only when the label's first code unit
 * can start it.
 */
export function endsInANumber(input: string): boolean {
  if (!mayEndInANumberAt(input, 0, input.length)) return false;
  return lastLabelParser().scan(input, lastLabelStart(input, 0, input.length)) >= 0;
}

/** The "."-separated parts of `input`, as the IPv4 parser counts them (https://url.spec.whatwg.org/#strictly-split). */
function countParts(input: string): number {
  let count = 1;
  for (let i = input.indexOf('.'); i !== -1; i = input.indexOf('.', i + 1)) count++;
  return count;
}

/**
 * The radix of each form of IPv4 number, by the field that the grammar's rule for that form marks
 * its digits with (grammar/host.ts: ipv4-hex-number, ipv4-octal-number, ipv4-decimal-number):
 * https://url.spec.whatwg.org/#ipv4-number-parser steps 2-4.
 */
const IPV4_RADIX: Partial<Record<string, number>> = { ipv4HexDigits: 16, ipv4OctalDigits: 8, ipv4DecimalDigits: 10 };

/**
 * https://url.spec.whatwg.org/#ipv4-number-parser steps 5-7, for the digits [start, end) that the
 * grammar matched in `radix`: their value. It is exact below 2^53; above, it is only ever
 * compared with 255 and powers of 256, which any value that large exceeds.
 */
function ipv4NumberValue(input: string, start: number, end: number, radix: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * radix + hexValue(charCodeAt.call(input, i));
  return value;
}

/** What the IPv4 number parser made of one part: [start, end) of the input, its radix and its value. */
export type IPv4PartSink = ((start: number, end: number, radix: number, value: number) => void) | null;

/**
 * https://url.spec.whatwg.org/#concept-ipv4-parser
 * Returns the address as a 32-bit unsigned integer, or null for failure. `parts` is told what the
 * IPv4 number parser made of each part (the record of changes: src/semantic/changes.ts).
 */
export function parseIPv4(input: string, sink: ErrorSink = null, parts: IPv4PartSink = null): number | null {
  // 1-2. Strictly split on "."; an empty last part is dropped (when it is not the only one).
  let partCount = countParts(input);
  if (input.length === 0 || charCodeAt.call(input, input.length - 1) === 0x2e) {
    sink?.('IPv4-empty-part', Math.max(0, input.length - 1), input.length, undefined, IPV4_PARSER);
    if (partCount > 1) partCount--;
  }

  // 3-4.
  if (partCount < 4) sink?.('IPv4-too-few-parts', 0, input.length, undefined, IPV4_PARSER);
  if (partCount > 4) {
    sink?.('IPv4-too-many-parts', 0, input.length, undefined, IPV4_PARSER);
    return null;
  }

  // 5-6. The grammar matches the parts that are IPv4 numbers and stops before the first that is
  //      not; each part is a mark (field index, start, end) in the matcher's flat list.
  //      Each part's mark is followed by the mark of its digits, whose field says the radix.
  const matcher = ipv4Parser();
  const used = matcher.scan(input) < 0 ? 0 : matcher.used();
  const flat = matcher.flat;
  const fields = matcher.fields;
  const numbers: number[] = [];
  let outOfRangeStart = -1;
  let outOfRangeEnd = -1;
  let start = -1;
  let end = -1;
  for (let k = 0; k < used; k += 3) {
    const radix = IPV4_RADIX[fields[flat[k]]];
    if (radix === undefined) {
      // the part
      start = flat[k + 1];
      end = flat[k + 2];
      continue;
    }
    if (radix !== 10) sink?.('IPv4-non-decimal-part', start, end, undefined, IPV4_PARSER);
    const value = ipv4NumberValue(input, flat[k + 1], flat[k + 2], radix);
    if (parts !== null) parts(start, end, radix, value);
    if (value > 255 && outOfRangeStart < 0) {
      outOfRangeStart = start;
      outOfRangeEnd = end;
    }
    numbers.push(value);
  }
  const lastEnd = numbers.length === 0 ? -1 : end;
  if (numbers.length < partCount) {
    const start = lastEnd < 0 ? 0 : lastEnd + 1;
    const dot = input.indexOf('.', start);
    sink?.('IPv4-non-numeric-part', start, dot === -1 ? input.length : dot, undefined, IPV4_PARSER);
    return null;
  }

  // 7-9. Step 7's error is a failure when step 8 or 9 returns failure, so those are asked first
  //      (every number that fails step 9 exceeds 255, so step 7 has reported it).
  const last = numbers.length - 1;
  let fails = numbers[last] >= 256 ** (5 - numbers.length);
  for (let i = 0; i < last && !fails; i++) if (numbers[i] > 255) fails = true;
  if (outOfRangeStart >= 0) sink?.('IPv4-out-of-range-part', outOfRangeStart, outOfRangeEnd, fails, IPV4_PARSER);
  if (fails) return null;

  // 10-14.
  let ipv4 = numbers[last];
  for (let i = 0; i < last; i++) ipv4 += numbers[i] * 256 ** (3 - i);
  return ipv4;
}

// ---- IPv6 -------------------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#concept-ipv6-parser
 *
 * `input` is what is between the brackets. Returns the 8 pieces, or null for failure. The
 * grammar's `ipv6-address` rule matches up to the point where the standard's parser would stop
 * reading; this walks its marks in order and reports the first error that parser would report.
 */
export function parseIPv6(input: string, sink: ErrorSink = null): number[] | null {
  const match = ipv6Parser()(input);
  // The entry rule is optional as a whole, so it always matches (possibly nothing).
  const marks = match ? match.marks : [];
  const stop = match ? match.end : 0;
  const length = input.length;

  const report = (type: ValidationErrorType, start: number, end: number): null => {
    sink?.(type, start, end, undefined, IPV6_PARSER);
    return null;
  };
  // The code point where the match stopped, or the ":" that ends the input unexpectedly.
  const stopSpan = (type: ValidationErrorType): null => report(type, stop, codePointEnd(input, stop));
  // A mark's span, widened to the code point at its start when the mark is empty.
  const markSpan = (type: ValidationErrorType, mark: Mark): null =>
    report(type, mark.start, mark.end > mark.start ? mark.end : codePointEnd(input, mark.start));

  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress: number | null = null;
  let i = 0;

  // 5. Compression at the very start must be "::".
  if (marks.length > 0 && marks[0].field === 'ipv6Compress' && marks[0].start === 0 && marks[0].end === 2) {
    pieceIndex = 1;
    compress = pieceIndex;
    i = 1;
  } else if (stop === 0 && charCodeAt.call(input, 0) === 0x3a) {
    return report('IPv6-invalid-compression', 0, 1);
  }

  // 6. One iteration per item: a compression, a piece, or the embedded IPv4 address.
  for (; i < marks.length; i++) {
    const mark = marks[i];
    if (pieceIndex === 8) return markSpan('IPv6-too-many-pieces', mark);

    if (mark.field === 'ipv6Compress') {
      if (compress !== null) return report('IPv6-multiple-compression', mark.start, mark.end);
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }

    if (mark.field === 'ipv6Ipv4') {
      if (pieceIndex > 6) return markSpan('IPv4-in-IPv6-too-many-pieces', mark);
      let numbersSeen = 0;
      for (i++; i < marks.length && marks[i].field === 'ipv4Part'; i++) {
        const part = marks[i];
        const digits = part.end - part.start;
        if (digits === 0) return markSpan('IPv4-in-IPv6-invalid-code-point', part);
        if (digits > 1 && charCodeAt.call(input, part.start) === 0x30) {
          return report('IPv4-in-IPv6-invalid-code-point', part.start, part.end);
        }
        const value = digits > 3 ? 256 : parseInt(input.slice(part.start, part.end), 10);
        if (value > 255) return report('IPv4-in-IPv6-out-of-range-part', part.start, part.end);
        address[pieceIndex] = address[pieceIndex] * 0x100 + value;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      // Anything after the parts: a fifth part, or a code point that is neither a digit nor ".".
      if (stop < length) return stopSpan('IPv4-in-IPv6-invalid-code-point');
      if (numbersSeen !== 4) return markSpan('IPv4-in-IPv6-too-few-parts', mark);
      break;
    }

    // A piece: it ends with ":" (then more input), or with the end of the input; anything else
    // (a fifth hex digit, a ":" at the very end, another code point) is where the match stopped.
    if (mark.end === stop && stop < length) return stopSpan('IPv6-invalid-code-point');
    if (mark.end - mark.start > 1 && charCodeAt.call(input, mark.start) === 0x30) {
      sink?.('IPv6-piece-leading-zero', mark.start, mark.end, undefined, IPV6_PARSER);
    }
    address[pieceIndex] = parseInt(input.slice(mark.start, mark.end), 16);
    pieceIndex++;
  }

  // The match stopped where a new item would start (after "::", ":" or the start of the input):
  // the other places it can stop (after a piece, in an embedded IPv4 address) returned above.
  if (stop < length) {
    if (pieceIndex === 8) return stopSpan('IPv6-too-many-pieces');
    // A hex run of length 0 followed by "." starts an embedded IPv4 address with an empty part.
    if (charCodeAt.call(input, stop) === 0x2e) return stopSpan('IPv4-in-IPv6-invalid-code-point');
    return stopSpan('IPv6-invalid-code-point');
  }

  // 7. Move the pieces after the compression to the end.
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const other = compress + swaps - 1;
      const piece = address[pieceIndex];
      address[pieceIndex] = address[other];
      address[other] = piece;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    // 8.
    return report('IPv6-too-few-pieces', 0, length);
  }

  // 9.
  return address;
}

// ---- opaque hosts -----------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#concept-opaque-host-parser
 * Returns the opaque host (C0 controls and non-ASCII percent-encoded), or null for failure.
 */
export function parseOpaqueHost(input: string, sink: ErrorSink = null): string | null {
  // 1.
  const forbidden = FORBIDDEN_HOST.exec(input);
  if (forbidden) {
    sink?.('host-invalid-code-point', forbidden.index, forbidden.index + 1, undefined, OPAQUE_HOST_PARSER);
    return null;
  }

  // 2-3.
  if (sink) {
    const unit = firstNonURLCodePoint(input);
    if (unit) sink('invalid-URL-unit', unit[0], unit[1], undefined, OPAQUE_HOST_PARSER);
    const percent = firstBarePercent(input);
    if (percent !== -1) sink('invalid-URL-unit', percent, percent + 1, undefined, OPAQUE_HOST_PARSER);
  }

  // 4.
  return utf8PercentEncodeString(toScalarValueString(input), C0_CONTROL_SET);
}

// ---- serializing ------------------------------------------------------------------------------

/** https://url.spec.whatwg.org/#concept-host-serializer */
export function serializeHost(host: Host): string {
  if (typeof host === 'number') return serializeIPv4(host);
  if (Array.isArray(host)) return `[${serializeIPv6(host)}]`;
  return host;
}

/** https://url.spec.whatwg.org/#concept-ipv4-serializer */
export function serializeIPv4(address: number): string {
  let output = '';
  let n = address;
  for (let i = 1; i <= 4; i++) {
    output = String(n % 256) + output;
    if (i !== 4) output = '.' + output;
    n = Math.floor(n / 256);
  }
  return output;
}

/** https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index */
function compressedPieceIndex(address: readonly number[]): number | null {
  let longestIndex: number | null = null;
  let longestSize = 1;
  let foundIndex: number | null = null;
  let foundSize = 0;
  for (let pieceIndex = 0; pieceIndex < address.length; pieceIndex++) {
    if (address[pieceIndex] !== 0) {
      if (foundSize > longestSize) {
        longestIndex = foundIndex;
        longestSize = foundSize;
      }
      foundIndex = null;
      foundSize = 0;
    } else {
      if (foundIndex === null) foundIndex = pieceIndex;
      foundSize++;
    }
  }
  return foundSize > longestSize ? foundIndex : longestIndex;
}

/** https://url.spec.whatwg.org/#concept-ipv6-serializer */
export function serializeIPv6(address: readonly number[]): string {
  let output = '';
  const compress = compressedPieceIndex(address);
  let ignore0 = false;
  for (let pieceIndex = 0; pieceIndex < address.length; pieceIndex++) {
    if (ignore0 && address[pieceIndex] === 0) continue;
    ignore0 = false;
    if (compress === pieceIndex) {
      output += pieceIndex === 0 ? '::' : ':';
      ignore0 = true;
      continue;
    }
    output += address[pieceIndex].toString(16);
    if (pieceIndex !== 7) output += ':';
  }
  return output;
}
