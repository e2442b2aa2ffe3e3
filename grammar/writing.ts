// The writing grammar: what a *valid* URL string is (https://url.spec.whatwg.org/#url-writing and
// https://url.spec.whatwg.org/#host-writing), as rules.
//
// This grammar is strict where the parser grammar (grammar/url.ts) is permissive: it accepts only
// what the standard's writing sections allow, and rejects the rest, so that "does the entry rule
// match the whole input" is the question "is this a valid URL string". It is a grammar of its
// own: no rule is shared with the parser grammar, except the forbidden host code points of the
// host grammar (grammar/host.ts), whose sets it reuses.
//
// Two things the writing sections ask for are not grammar, and src/writing.ts checks them on the
// marks these rules leave, under the standard's own names:
//   - "valid domain": the domain parser with beStrict = true must succeed on the host, and the
//     result must not end in a number (https://url.spec.whatwg.org/#valid-domain). The rule
//     `valid-domain-string` below only says where such a host can stand.
//   - "URL-port string": its digits must represent a 16-bit unsigned integer
//     (https://url.spec.whatwg.org/#url-port-string). The rule only says "ASCII digits".
// Everything else is in the rules, ranges included: an IPv4 number is at most 255, an IPv6 piece
// at most four hex digits without a leading 0, and an IPv6 address has the standard's effective
// piece length (8 pieces, or "::" and at most 7).
//
// A valid URL string depends on the base URL: a relative-URL-with-fragment string is only valid
// with a base URL, and which relative-URL strings are valid depends on the base URL's kind
// (https://url.spec.whatwg.org/#relative-url-string). So, as in the parser grammar, each kind of
// base URL has its own entry rule (WRITING_ENTRY_RULES).
//
// The rules are PEG: choice is ordered and repetition is greedy. Where the standard's
// alternatives overlap, their order here is chosen so that the language is still the standard's
// (each rule's summary says so where it matters). Every entry rule ends with the end of the input;
// there is no trimming: leading or trailing spaces are not URL units, so a string with them is
// not a valid URL string.
//
// Some rules carry a `field`, so that src/writing.ts finds the scheme, host and port it must
// check, and so that the compiler keeps those rules apart and can say where a match failed.

import { FORBIDDEN_DOMAIN_CODE_POINTS, FORBIDDEN_HOST_CODE_POINT } from './host';
import { specialSchemeOtherThanFile } from './scheme';
import { ASCII_URL_CODE_POINTS } from './common';
import {
  charset,
  choice,
  end,
  grammarOf,
  lookahead,
  N,
  not,
  oneOrMore,
  optional,
  rule,
  sequence,
  T,
  zeroOrMore,
  type Rule,
  type Shape,
} from './vocabulary';

// ---- code-point sets ----------------------------------------------------------------------------

const ASCII_ALPHA = charset('ASCII alpha', 'A-Za-z');
const ASCII_DIGIT = charset('ASCII digit', '0-9');
const ASCII_HEX_DIGIT = charset('ASCII hex digit', '0-9A-Fa-f');

/**
 * The URL code points up to U+FFFF, as a class body over UTF-16 code units: ASCII alphanumeric,
 * !$&'()*+,-./:;=?@_~, and U+00A0 to U+FFFD without the surrogates and the noncharacters
 * (U+FDD0 to U+FDEF, U+FFFE, U+FFFF).
 */
const BMP_URL_CODE_POINTS = ASCII_URL_CODE_POINTS + '\\u00A0-\\uD7FF\\uE000-\\uFDCF\\uFDF0-\\uFFFD';

/**
 * The high surrogates of the last 1024 code points of each supplementary plane: with U+DFFE or
 * U+DFFF after them they are U+1FFFE, U+1FFFF, ..., U+10FFFE, U+10FFFF, the noncharacters
 * outside the Basic Multilingual Plane.
 */
const PLANE_END_HIGH_SURROGATES =
  '\\uD83F\\uD87F\\uD8BF\\uD8FF\\uD93F\\uD97F\\uD9BF\\uD9FF\\uDA3F\\uDA7F\\uDABF\\uDAFF\\uDB3F\\uDB7F\\uDBBF\\uDBFF';

const ci = (text: string): Shape => T(text, true);


/** `item` at most `n` times, greedily (nested optionals; nothing for n = 0). */
function upTo(n: number, item: Shape): Shape[] {
  if (n <= 0) return [];
  let shape: Shape = optional(item);
  for (let i = 1; i < n; i++) shape = optional(sequence(item, shape));
  return [shape];
}

/** Exactly `n` (at least 1) valid IPv6-piece strings separated by ":". */
function ipv6Pieces(n: number): Shape[] {
  const items: Shape[] = [N('valid-ipv6-piece-string')];
  for (let i = 1; i < n; i++) items.push(T(':'), N('valid-ipv6-piece-string'));
  return items;
}

/** Where an IPv6 address ends: at its "]", or at the end of a bracket-less input. */
const IPV6_END = lookahead(choice(']', end()));

/**
 * What may follow "::" when the pieces before it leave room for `room` more (effective piece
 * length at most `room`): a valid IPv6-pieces-and-IPv4 string, a valid IPv6-pieces string, or
 * nothing. The IPv4 form is tried first: its pieces are each followed by ":", so it never takes
 * a piece that the pieces-only form would need.
 */
function afterCompression(room: number): Shape[] {
  const alternatives: Shape[] = [];
  if (room >= 2) {
    alternatives.push(sequence(...upTo(room - 2, sequence(N('valid-ipv6-piece-string'), ':')), N('ipv6-embedded-ipv4')));
  }
  if (room >= 1) {
    alternatives.push(sequence(N('valid-ipv6-piece-string'), ...upTo(room - 1, sequence(':', N('valid-ipv6-piece-string')))));
  }
  return alternatives.length ? [optional(choice(...alternatives))] : [];
}

/** "::" preceded by exactly `before` pieces (0 to 7), then at most 7 - `before` more. */
function compressedIPv6(before: number): Shape {
  return sequence(...(before > 0 ? ipv6Pieces(before) : []), N('ipv6-compression'), ...afterCompression(7 - before), IPV6_END);
}

// ---- URLs ---------------------------------------------------------------------------------------

const withQuery = (shape: Shape): Shape => sequence(shape, optional(sequence('?', N('url-query-string'))));
const withFragment = (shape: Shape): Shape => sequence(shape, optional(sequence('#', N('url-fragment-string'))));

/** The base-URL kinds a relative-URL string depends on (an opaque-path base allows "#" only). */
const RELATIVE_KINDS = [
  { kind: 'special', what: 'a special base URL other than "file"', schemeRelative: 'scheme-relative-special-url-string' },
  { kind: 'file', what: 'a "file" base URL', schemeRelative: 'scheme-relative-file-url-string' },
  { kind: 'other', what: 'a base URL that is not special (and has no opaque path)', schemeRelative: 'scheme-relative-url-string' },
] as const;

const URL_RULES: Rule[] = [
  rule(
    'absolute-url-with-fragment-string',
    'absolute-url-with-fragment-string',
    'An absolute-URL string, optionally followed by "#" and a URL-fragment string.',
    withFragment(N('absolute-url-string')),
  ),
  rule(
    'absolute-url-string',
    'absolute-url-string',
    'A scheme, ":" and what that scheme allows (special, "file", any other), optionally followed by "?" and a URL-query string.',
    withQuery(
      choice(
        // each scheme rule is followed by ":", so "httpx:" is no special scheme but a scheme that is not special
        sequence(N('special-scheme'), ':', N('scheme-relative-special-url-string')),
        sequence(N('file-scheme'), ':', N('scheme-relative-file-url-string')),
        sequence(
          N('non-special-scheme'),
          ':',
          // disjoint by their first code points: "//", "/" then not "/", anything but "/"
          choice(N('scheme-relative-url-string'), N('path-absolute-non-authority-url-string'), N('opaque-path-url-string')),
        ),
      ),
    ),
  ),
  rule(
    'url-scheme-string',
    'url-scheme-string',
    'An ASCII alpha, then zero or more ASCII alphanumerics, "+", "-" and ".".',
    sequence(ASCII_ALPHA, zeroOrMore(charset('ASCII alphanumeric, "+", "-" or "."', 'A-Za-z0-9+\\-.'))),
  ),
  rule(
    'special-scheme',
    'special-scheme',
    'A URL-scheme string that is a special scheme other than "file" (ASCII case-insensitive).',
    specialSchemeOtherThanFile(),
    'scheme',
  ),
  rule('file-scheme', 'absolute-url-string', 'The URL-scheme string "file" (ASCII case-insensitive).', ci('file'), 'scheme'),
  rule(
    'non-special-scheme',
    'url-scheme-string',
    'A URL-scheme string that is not a special scheme (ASCII case-insensitive): no special scheme followed by ":".',
    sequence(not(sequence(choice(specialSchemeOtherThanFile(), ci('file')), ':')), N('url-scheme-string')),
    'scheme',
  ),
  rule(
    'scheme-relative-special-url-string',
    'scheme-relative-special-url-string',
    '"//", a valid host string, optionally ":" and a URL-port string, optionally a path-absolute-URL string.',
    sequence('//', N('valid-host-string'), optional(sequence(':', N('url-port-string'))), optional(N('path-absolute-url-string'))),
  ),
  rule(
    'url-port-string',
    'url-port-string',
    'The empty string, or ASCII digits (that they represent a 16-bit unsigned integer is checked on the match).',
    zeroOrMore(ASCII_DIGIT),
    'port',
  ),
  rule(
    'scheme-relative-url-string',
    'scheme-relative-url-string',
    '"//", an opaque-host-and-port string, optionally a path-absolute-URL string.',
    sequence('//', N('opaque-host-and-port-string'), optional(N('path-absolute-url-string'))),
  ),
  rule(
    'opaque-host-and-port-string',
    'opaque-host-and-port-string',
    'The empty string, or a valid opaque-host string optionally followed by ":" and a URL-port string.',
    optional(sequence(N('valid-opaque-host-string'), optional(sequence(':', N('url-port-string'))))),
  ),
  rule(
    'scheme-relative-file-url-string',
    'scheme-relative-file-url-string',
    '"//", optionally followed by a valid host string (optionally followed by a path-absolute-URL string) or by a path-absolute-URL string.',
    // a valid host string never starts with "/", so the order of the two does not matter
    sequence('//', optional(choice(sequence(N('valid-host-string'), optional(N('path-absolute-url-string'))), N('path-absolute-url-string')))),
  ),
  rule(
    'path-absolute-url-string',
    'path-absolute-url-string',
    '"/" followed by zero or more URL-path-segment strings separated by "/" (so "/" itself is one empty segment).',
    sequence('/', N('url-path-segment-string'), zeroOrMore(sequence('/', N('url-path-segment-string')))),
  ),
  rule(
    'path-absolute-non-authority-url-string',
    'path-absolute-non-authority-url-string',
    'A path-absolute-URL string that does not start with "//".',
    sequence(not('//'), N('path-absolute-url-string')),
  ),
  rule(
    'path-relative-url-string',
    'path-relative-url-string',
    'Zero or more URL-path-segment strings separated by "/", not starting with "/".',
    sequence(not('/'), N('url-path-segment-string'), zeroOrMore(sequence('/', N('url-path-segment-string')))),
  ),
  rule(
    'path-relative-scheme-less-url-string',
    'path-relative-scheme-less-url-string',
    'A path-relative-URL string that does not start with a URL-scheme string followed by ":".',
    sequence(not(sequence(N('url-scheme-string'), ':')), N('path-relative-url-string')),
  ),
  rule(
    'opaque-path-url-string',
    'opaque-path-url-string',
    'Zero or more URL units other than "?", the first of which (if any) is not "/".',
    sequence(not('/'), zeroOrMore(N('opaque-path-unit'))),
    'opaquePath',
  ),
  rule(
    'url-path-segment-string',
    'url-path-segment-string',
    'Zero or more URL units other than "/" and "?" (single-dot and double-dot segments included, as the standard allows both).',
    zeroOrMore(N('path-segment-unit')),
    'segment',
  ),
  rule('url-query-string', 'url-query-string', 'Zero or more URL units.', zeroOrMore(N('url-unit')), 'query'),
  rule('url-fragment-string', 'url-fragment-string', 'Zero or more URL units.', zeroOrMore(N('url-unit')), 'fragment'),

  // relative-URL strings, one set of rules per kind of base URL
  ...RELATIVE_KINDS.flatMap(({ kind, what, schemeRelative }): Rule[] => [
    rule(
      `relative-url-with-fragment-string/${kind}-base`,
      'relative-url-with-fragment-string',
      `Against ${what}: a relative-URL string, optionally followed by "#" and a URL-fragment string.`,
      withFragment(N(`relative-url-string/${kind}-base`)),
    ),
    rule(
      `relative-url-string/${kind}-base`,
      'relative-url-string',
      `Against ${what}: a path-absolute-non-authority-URL string, a path-relative-scheme-less-URL string or a ${schemeRelative.replace(/-url-string$/, '-URL string')}, optionally followed by "?" and a URL-query string.`,
      // disjoint by their first code points: "/" then not "/", not "/", "//"
      withQuery(choice(N('path-absolute-non-authority-url-string'), N('path-relative-scheme-less-url-string'), N(schemeRelative))),
    ),
  ]),
  rule(
    'relative-url-with-fragment-string/opaque-base',
    'relative-url-with-fragment-string',
    'Against a base URL with an opaque path: "#" followed by a URL-fragment string.',
    sequence('#', N('url-fragment-string')),
  ),
];

// ---- URL units ----------------------------------------------------------------------------------

const UNIT_RULES: Rule[] = [
  rule('url-unit', 'url-units', 'A URL unit: a URL code point or a percent-encoded byte.', choice(N('url-code-point'), N('percent-encoded-byte'))),
  rule(
    'url-code-point',
    'url-code-points',
    'A URL code point: ASCII alphanumeric, !$&\'()*+,-./:;=?@_~, or U+00A0 to U+10FFFD other than surrogates and noncharacters.',
    choice(
      charset('URL code point', BMP_URL_CODE_POINTS),
      // a supplementary code point is a surrogate pair; the last two of each plane are noncharacters
      sequence(
        not(sequence(charset('high surrogate at the end of a plane', PLANE_END_HIGH_SURROGATES), charset('U+DFFE or U+DFFF', '\\uDFFE\\uDFFF'))),
        charset('high surrogate', '\\uD800-\\uDBFF'),
        charset('low surrogate', '\\uDC00-\\uDFFF'),
      ),
    ),
  ),
  rule('percent-encoded-byte', 'percent-encoded-byte', '"%" followed by two ASCII hex digits.', sequence('%', ASCII_HEX_DIGIT, ASCII_HEX_DIGIT)),
  rule('path-segment-unit', 'url-path-segment-string', 'A URL unit other than "/" and "?".', sequence(not(charset('"/" or "?"', '/?')), N('url-unit'))),
  rule('opaque-path-unit', 'opaque-path-url-string', 'A URL unit other than "?".', sequence(not('?'), N('url-unit'))),
  rule(
    'opaque-host-unit',
    'valid-opaque-host-string',
    'A URL unit other than a forbidden host code point.',
    sequence(not(N(FORBIDDEN_HOST_CODE_POINT.name)), N('url-unit')),
  ),
];

// ---- hosts --------------------------------------------------------------------------------------

const HOST_RULES: Rule[] = [
  rule(
    'valid-host-string',
    'valid-host-string',
    'A valid domain string, a valid IPv4-address string, or "[", a valid IPv6-address string and "]". ' +
      'An IPv4 address comes before a domain, which it would also match (and fail the "valid domain" check).',
    choice(
      N('bracketed-ipv6-address-string'),
      sequence(N('valid-ipv4-address-string'), not(N('domain-code-point'))),
      N('valid-domain-string'),
    ),
    'host',
  ),
  rule(
    'valid-domain-string',
    'valid-domain-string',
    'Where a valid domain string can stand: code points that are not forbidden domain code points. ' +
      'Whether they are a valid domain (the domain parser with beStrict = true succeeds and the result does not end in a number) is checked on the match.',
    oneOrMore(N('domain-code-point')),
  ),
  rule(
    'domain-code-point',
    'valid-domain',
    'A code point other than a forbidden domain code point (those always make the domain parser fail).',
    charset('code point other than a forbidden domain code point', FORBIDDEN_DOMAIN_CODE_POINTS, true),
  ),
  rule(
    'valid-ipv4-address-string',
    'valid-ipv4-address-string',
    'Four IPv4 numbers separated by ".".',
    sequence(N('ipv4-address-number'), '.', N('ipv4-address-number'), '.', N('ipv4-address-number'), '.', N('ipv4-address-number')),
  ),
  rule(
    'ipv4-address-number',
    'valid-ipv4-address-string',
    'A shortest possible string of ASCII digits representing a decimal number from 0 to 255.',
    choice(
      sequence('25', charset('ASCII digit 0 to 5', '0-5')),
      sequence('2', charset('ASCII digit 0 to 4', '0-4'), ASCII_DIGIT),
      sequence('1', ASCII_DIGIT, ASCII_DIGIT),
      sequence(charset('ASCII digit other than 0', '1-9'), ASCII_DIGIT),
      ASCII_DIGIT,
    ),
    'ipv4Part',
  ),
  rule(
    'bracketed-ipv6-address-string',
    'valid-host-string',
    '"[", a valid IPv6-address string, "]".',
    sequence('[', N('valid-ipv6-address-string'), ']'),
  ),
  rule(
    'valid-ipv6-address-string',
    'valid-ipv6-address-string',
    'Eight pieces; six pieces, ":" and an IPv4 address; or "::" with pieces before and after it of effective piece length at most 7 in all ' +
      '(one alternative per number of pieces before "::").',
    choice(
      sequence(...ipv6Pieces(8), IPV6_END),
      sequence(...ipv6Pieces(6), ':', N('ipv6-embedded-ipv4'), IPV6_END),
      ...[0, 1, 2, 3, 4, 5, 6, 7].map(compressedIPv6),
    ),
  ),
  rule('ipv6-compression', 'valid-ipv6-address-string', 'The "::" of a compressed IPv6 address.', T('::'), 'ipv6Compress'),
  rule(
    'ipv6-embedded-ipv4',
    'valid-ipv6-pieces-and-ipv4-string',
    'The valid IPv4-address string at the end of an IPv6 address (effective piece length 2).',
    N('valid-ipv4-address-string'),
    'ipv6Ipv4',
  ),
  rule(
    'valid-ipv6-piece-string',
    'valid-ipv6-piece-string',
    'A shortest possible string of ASCII hex digits representing a number from 0 to 0xFFFF: "0", or one to four hex digits not starting with "0".',
    choice('0', sequence(charset('ASCII hex digit other than 0', '1-9A-Fa-f'), ...upTo(3, ASCII_HEX_DIGIT))),
    'ipv6Piece',
  ),
  rule(
    'valid-opaque-host-string',
    'valid-opaque-host-string',
    'One or more URL units other than forbidden host code points, or "[", a valid IPv6-address string and "]".',
    choice(N('bracketed-ipv6-address-string'), oneOrMore(N('opaque-host-unit'))),
    'host',
  ),
  FORBIDDEN_HOST_CODE_POINT,
];

// ---- entry rules --------------------------------------------------------------------------------

const whole = (name: string, spec: string, what: string): Rule =>
  rule(`entire-${name}`, spec, `The whole input is ${what}.`, sequence(N(name), end()));

const ENTRY_RULE_LIST: Rule[] = [
  rule(
    'valid-url-string',
    'valid-url-string',
    'With no base URL: an absolute-URL-with-fragment string (a relative-URL-with-fragment string needs a base URL).',
    sequence(N('absolute-url-with-fragment-string'), end()),
  ),
  ...[...RELATIVE_KINDS, { kind: 'opaque', what: 'a base URL with an opaque path' } as const].map(({ kind, what }) =>
    rule(
      `valid-url-string/${kind}-base`,
      'valid-url-string',
      `Against ${what}: an absolute-URL-with-fragment string or a relative-URL-with-fragment string.`,
      // disjoint: an absolute-URL string starts with a scheme and ":", a relative one never does
      choice(
        sequence(N('absolute-url-with-fragment-string'), end()),
        sequence(N(`relative-url-with-fragment-string/${kind}-base`), end()),
      ),
    ),
  ),
  whole('absolute-url-string', 'absolute-url-string', 'an absolute-URL string'),
  ...RELATIVE_KINDS.flatMap(({ kind, what }) => [
    whole(`relative-url-string/${kind}-base`, 'relative-url-string', `a relative-URL string against ${what}`),
    whole(`relative-url-with-fragment-string/${kind}-base`, 'relative-url-with-fragment-string', `a relative-URL-with-fragment string against ${what}`),
  ]),
  whole('relative-url-with-fragment-string/opaque-base', 'relative-url-with-fragment-string', 'a relative-URL-with-fragment string against a base URL with an opaque path'),
  whole('valid-host-string', 'valid-host-string', 'a valid host string'),
  whole('valid-domain-string', 'valid-domain-string', 'where a valid domain string can stand'),
  whole('valid-ipv4-address-string', 'valid-ipv4-address-string', 'a valid IPv4-address string'),
  whole('valid-ipv6-address-string', 'valid-ipv6-address-string', 'a valid IPv6-address string (without brackets)'),
  whole('valid-opaque-host-string', 'valid-opaque-host-string', 'a valid opaque-host string'),
  whole('url-port-string', 'url-port-string', 'a URL-port string'),
];

/** The kinds of base URL, as src/parse.ts's `baseKind` names them ('none': no base URL). */
export type WritingBaseKind = 'none' | 'special' | 'file' | 'other' | 'opaque';

/** The entry rules of the writing grammar. Each one matches the whole input or nothing. */
export const WRITING_ENTRY_RULES = {
  /** A valid URL string, by the kind of base URL. */
  validURLString: {
    none: 'valid-url-string',
    special: 'valid-url-string/special-base',
    file: 'valid-url-string/file-base',
    other: 'valid-url-string/other-base',
    opaque: 'valid-url-string/opaque-base',
  },
  absoluteURLString: 'entire-absolute-url-string',
  /** A relative-URL string (no fragment), by the kind of base URL. */
  relativeURLString: {
    special: 'entire-relative-url-string/special-base',
    file: 'entire-relative-url-string/file-base',
    other: 'entire-relative-url-string/other-base',
  },
  relativeURLWithFragmentString: {
    special: 'entire-relative-url-with-fragment-string/special-base',
    file: 'entire-relative-url-with-fragment-string/file-base',
    other: 'entire-relative-url-with-fragment-string/other-base',
    opaque: 'entire-relative-url-with-fragment-string/opaque-base',
  },
  validHostString: 'entire-valid-host-string',
  validDomainString: 'entire-valid-domain-string',
  validIPv4AddressString: 'entire-valid-ipv4-address-string',
  validIPv6AddressString: 'entire-valid-ipv6-address-string',
  validOpaqueHostString: 'entire-valid-opaque-host-string',
  urlPortString: 'entire-url-port-string',
} as const;

/**
 * The rules that are tokens for error messages: a failure at their edge is reported against the
 * rule that uses them (src/grammar/blame.ts).
 */
export const WRITING_TOKEN_RULES: ReadonlySet<string> = new Set(['valid-ipv6-piece-string', 'ipv4-address-number', 'ipv6-compression']);

export const WRITING_GRAMMAR = grammarOf(...ENTRY_RULE_LIST, ...URL_RULES, ...UNIT_RULES, ...HOST_RULES);
