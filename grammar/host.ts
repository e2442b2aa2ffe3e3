// Hosts (URL Standard §3): the forms a host string can take, as rules.
//
// These rules run on a host string on its own (the host buffer of the URL parser, or what is
// between its brackets), never on a whole URL. They describe structure only: how many pieces an
// IPv6 address has, whether a number is in range, which error the standard reports first, all of
// that is decided by src/semantic/host.ts while it walks the marks these rules produce.
//
// The IPv6 rules follow the standard's IPv6 parser closely enough that a match always exists and
// stops exactly where that parser would stop reading: the entry rule `ipv6-address` matches a
// prefix of its input, and when that prefix is not the whole input, the code point right after
// it is the one the standard rejects. Repetitions are bounded where the standard bounds them (at
// most 8 pieces, at most 4 embedded IPv4 parts), so no match ever grows past what the standard
// would read, however long the input is.

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
  type Shape,
} from './vocabulary';

// ---- code-point sets ----------------------------------------------------------------------------

/**
 * https://url.spec.whatwg.org/#forbidden-host-code-point: U+0000 NULL, U+0009 TAB, U+000A LF,
 * U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?),
 * U+0040 (@), U+005B ([), U+005C (\\), U+005D (]), U+005E (^) and U+007C (|), as a
 * regular-expression class body.
 */
export const FORBIDDEN_HOST_CODE_POINTS = '\\u0000\\t\\n\\r #/:<>?@\\[\\\\\\]\\^|';

/**
 * https://url.spec.whatwg.org/#forbidden-domain-code-point: a forbidden host code point, a C0
 * control, U+0025 (%) or U+007F DELETE; made from the forbidden host code points, as url.bs
 * defines it.
 */
export const FORBIDDEN_DOMAIN_CODE_POINTS = FORBIDDEN_HOST_CODE_POINTS + '\\u0000-\\u001F%\\u007F';

const HEX_DIGIT = charset('ASCII hex digit', '0-9A-Fa-f');
const DIGIT = charset('ASCII digit', '0-9');
const NON_ZERO_DIGIT = charset('ASCII digit other than 0', '1-9');
const OCTAL_DIGIT = charset('ASCII octal digit', '0-7');
const NOT_DOT = charset('code point other than "."', '.', true);

/**
 * `item` at most `n` times, as greedily as PEG repetition: nested optionals, so that the bound
 * is part of the grammar and no match takes more than the standard would read.
 */
function upTo(n: number, item: Shape): Shape {
  let shape: Shape = optional(item);
  for (let i = 1; i < n; i++) shape = optional(sequence(item, shape));
  return shape;
}

/** One to four ASCII hex digits, taken greedily (the IPv6 parser's "while length < 4" loop). */
const HEX_RUN = sequence(HEX_DIGIT, upTo(3, HEX_DIGIT));

// ---- rules ------------------------------------------------------------------------------------

const forbiddenHostCodePoint = rule(
  'forbidden-host-code-point',
  'forbidden-host-code-point',
  'A code point an opaque host may not contain.',
  charset('forbidden host code point', FORBIDDEN_HOST_CODE_POINTS),
);

const forbiddenDomainCodePoint = rule(
  'forbidden-domain-code-point',
  'forbidden-domain-code-point',
  'A code point a domain may not contain: a forbidden host code point, a C0 control, "%" or DELETE.',
  charset('forbidden domain code point', FORBIDDEN_DOMAIN_CODE_POINTS),
);

// IPv6 (what is between "[" and "]") ------------------------------------------------------------

const ipv6Address = rule(
  'ipv6-address',
  'concept-ipv6-parser',
  'The text between the brackets of an IPv6 address; the match stops where the IPv6 parser would fail.',
  optional(
    choice(
      sequence(N('ipv6-leading-compress'), N('ipv6-body')),
      // a lone ":" at the start is improper compression: nothing matches
      sequence(not(':'), N('ipv6-body')),
    ),
  ),
);

const ipv6LeadingCompress = rule(
  'ipv6-leading-compress',
  'concept-ipv6-parser',
  'A "::" at the very start: compression before the first piece.',
  T('::'),
  'ipv6Compress',
);

const ipv6Body = rule(
  'ipv6-body',
  'concept-ipv6-parser',
  'Up to eight pieces or compressions, each ended by ":", then a last piece or an embedded IPv4 address.',
  sequence(upTo(8, N('ipv6-item')), optional(N('ipv6-last-item'))),
);

const ipv6Item = rule(
  'ipv6-item',
  'concept-ipv6-parser',
  'A compression, or a piece followed by ":" that is not the end of the input.',
  choice(N('ipv6-compress'), sequence(N('ipv6-piece'), ':', not(end()))),
);

const ipv6Compress = rule(
  'ipv6-compress',
  'concept-ipv6-parser',
  'A ":" where a piece would start: the place the zero pieces go.',
  T(':'),
  'ipv6Compress',
);

const ipv6LastItem = rule(
  'ipv6-last-item',
  'concept-ipv6-parser',
  'The last piece, or an embedded IPv4 address (a hex run followed by "." starts one).',
  choice(N('ipv6-ipv4'), N('ipv6-piece')),
);

const ipv6Piece = rule(
  'ipv6-piece',
  'concept-ipv6-piece',
  'One to four ASCII hex digits (a fifth one ends the match).',
  HEX_RUN,
  'ipv6Piece',
);

const ipv6Ipv4 = rule(
  'ipv6-ipv4',
  'concept-ipv6-parser',
  'An embedded IPv4 address: up to four decimal parts separated by "."; parts may be empty here.',
  sequence(
    lookahead(sequence(HEX_RUN, '.')),
    N('ipv4-in-ipv6-part'),
    upTo(3, sequence('.', N('ipv4-in-ipv6-part'))),
  ),
  'ipv6Ipv4',
);

const ipv4InIpv6Part = rule(
  'ipv4-in-ipv6-part',
  'concept-ipv6-parser',
  'The ASCII digits of one embedded IPv4 part (leading zeros and range are checked later).',
  zeroOrMore(DIGIT),
  'ipv4Part',
);

// IPv4 -----------------------------------------------------------------------------------------

const ipv4Address = rule(
  'ipv4-address',
  'concept-ipv4-parser',
  'Up to four IPv4 numbers separated by ".", with an optional "." at the end; stops before a part that is not a number.',
  sequence(
    N('ipv4-part'),
    upTo(3, sequence('.', N('ipv4-part'))),
    optional(sequence('.', end())),
  ),
);

const ipv4Part = rule(
  'ipv4-part',
  'ipv4-number-parser',
  'One IPv4 number, which must fill its whole part.',
  sequence(N('ipv4-number'), lookahead(choice('.', end()))),
  'ipv4Part',
);

// The IPv4 number parser's three forms. Each marks its digits with a field of its own, whose radix
// is IPV4_RADIX's (src/semantic/host.ts): what the number is worth, and whether it is written
// in a radix other than 10 (an IPv4-non-decimal-part validation error), follow from the form that
// matched, never from a second look at the text.

const ipv4Number = rule(
  'ipv4-number',
  'ipv4-number-parser',
  'An IPv4 number: hexadecimal, octal or decimal.',
  choice(N('ipv4-hex-number'), N('ipv4-octal-number'), N('ipv4-decimal-number')),
);

const ipv4HexNumber = rule(
  'ipv4-hex-number',
  'ipv4-number-parser',
  '"0x" or "0X", then zero or more ASCII hex digits (radix 16; "0x" alone is 0).',
  sequence(T('0x', true), N('ipv4-hex-digits')),
);

const ipv4HexDigits = rule('ipv4-hex-digits', 'ipv4-number-parser', 'The digits of a hexadecimal IPv4 number.', zeroOrMore(HEX_DIGIT), 'ipv4HexDigits');

const ipv4OctalNumber = rule(
  'ipv4-octal-number',
  'ipv4-number-parser',
  '"0" followed by one or more octal digits (radix 8).',
  sequence('0', N('ipv4-octal-digits')),
);

const ipv4OctalDigits = rule('ipv4-octal-digits', 'ipv4-number-parser', 'The digits of an octal IPv4 number.', oneOrMore(OCTAL_DIGIT), 'ipv4OctalDigits');

const ipv4DecimalNumber = rule(
  'ipv4-decimal-number',
  'ipv4-number-parser',
  '"0", or ASCII digits without a leading 0 (radix 10).',
  choice('0', sequence(NON_ZERO_DIGIT, zeroOrMore(DIGIT))),
  'ipv4DecimalDigits',
);

const endsInANumber = rule(
  'ends-in-a-number',
  'ends-in-a-number-checker',
  'A domain whose last label (ignoring one trailing ".") is all ASCII digits or an IPv4 number.',
  sequence(
    zeroOrMore(sequence(not(N('ipv4-last-label')), zeroOrMore(NOT_DOT), '.')),
    N('ipv4-last-label'),
  ),
);

const ipv4LastLabel = rule(
  'ipv4-last-label',
  'ends-in-a-number-checker',
  'The last label when it is ASCII digits only or an IPv4 number, then an optional "." and the end of the input.',
  choice(sequence(oneOrMore(DIGIT), optional('.'), end()), sequence(N('ipv4-number'), optional('.'), end())),
);

export const HOST_GRAMMAR = grammarOf(
  forbiddenHostCodePoint,
  forbiddenDomainCodePoint,
  ipv6Address,
  ipv6LeadingCompress,
  ipv6Body,
  ipv6Item,
  ipv6Compress,
  ipv6LastItem,
  ipv6Piece,
  ipv6Ipv4,
  ipv4InIpv6Part,
  ipv4Address,
  ipv4Part,
  ipv4Number,
  ipv4HexNumber,
  ipv4HexDigits,
  ipv4OctalNumber,
  ipv4OctalDigits,
  ipv4DecimalNumber,
  endsInANumber,
  ipv4LastLabel,
);

/** The rules the writing checker reuses. */
export const FORBIDDEN_HOST_CODE_POINT = forbiddenHostCodePoint;
export const FORBIDDEN_DOMAIN_CODE_POINT = forbiddenDomainCodePoint;
