// fast-check generators built from the grammar rules themselves.
//
// `arbitraryFromRule(grammar, rule)` walks a rule's shape and turns each part of the railroad
// vocabulary into an arbitrary:
//
//   sequence        -> a tuple of its items, concatenated
//   choice          -> one of its alternatives
//   optional        -> the item or nothing (the item twice as often, by default)
//   zeroOrMore      -> 0..maxRepeat items;  oneOrMore -> 1..maxRepeat items
//   terminal        -> the text (each letter in a random case when the terminal is case-insensitive)
//   charset         -> one code point of the set: its ASCII members (found by testing every ASCII
//                      code point against the set's character class), the ones that matter most to
//                      the URL parser ("%", ".", "@", ":", "[", "]", "\", "/", "?", "#", digits, hex
//                      digits) more often, and some non-ASCII code points when the set admits them;
//                      inside a repetition also, sometimes, a whole token the set admits (".." or
//                      "%2e", "C:", "0x7f", "4294967296", "xn--", ...)
//   nonTerminal     -> the rule it names (or nothing once `maxDepth` copies of it are open)
//   contextTerminal -> the base scheme given in the options
//   lookahead, not, end -> nothing
//
// The lookaheads are not enforced, so a string may not match the rule it came from; the
// properties do not need it to (they hold for every string), and such near misses are good inputs.
// The grammar describes the input after preprocessing; `withNoise` adds back what preprocessing
// removes (leading and trailing C0 controls and spaces, tabs and newlines anywhere).
//
// The URL grammar leaves what a host or a port means to the semantic pass, so its host rules
// generate mostly host text that fails. The `alternatives` option mixes more generators into chosen
// rules: the exported URL generators mix hosts from HOST_GRAMMAR's rules (ipv6-address,
// ipv4-address, ends-in-a-number) and domains (DOMAIN below, in the same vocabulary) into the
// authority's host rules, digit runs into the port rules and dot segments and drive letters into
// the path segments. Every choice shrinks towards its first alternative (for an optional: nothing),
// so that fast-check's counterexamples come out small.

import fc from 'fast-check';
import { charset, choice, ENTRY_RULES, HOST_GRAMMAR, N, not, optional, sequence, SPECIAL_SCHEMES as SCHEME_TABLE, T, URL_GRAMMAR, zeroOrMore, type BaseKind, type Grammar, type Shape } from 'url-grammar/grammar';

export interface GenerateOptions {
  /** What a contextTerminal('baseScheme') produces (default: one of the special schemes). */
  baseScheme?: string;
  /** How much more often an optional produces its item than nothing (default 2). */
  optionalWeight?: number;
  /** The most items a zeroOrMore or oneOrMore produces (default 4). */
  maxRepeat?: number;
  /** How many times one rule may be open inside itself (default 2). */
  maxDepth?: number;
  /** Whether charsets that admit non-ASCII code points produce some (default true). */
  nonAscii?: boolean;
  /** Whether lone surrogates are among those non-ASCII code points (default true). */
  loneSurrogates?: boolean;
  /** Whether charsets inside a repetition sometimes produce a whole token (default true). */
  tokens?: boolean;
  /** More generators for some rules, mixed in with what the rule's own shape generates. */
  alternatives?: Readonly<Record<string, fc.Arbitrary<string>>>;
  /** How much more often those alternatives are used than the rule's own shape (default 1). */
  alternativeWeight?: number;
}

/** The code points the URL parser treats specially: produced more often when a set admits them. */
const INTERESTING = '%.@:[]\\/?#0123456789abcdefABCDEF';

/** Non-ASCII code points worth trying: IDNA mappings, full-width forms, Bidi, astral, controls. */
const NON_ASCII = [
  'é', 'ü', 'ß', 'ı', '\u0130', 'ﬀ', 'Ａ', '０', '９', 'ｘ', '\u3002', '\uFF0E', '\uFF61', '\u00AD',
  '\u200C', '\u200D', 'ا', 'ب', '日', '\u00A0', '\u0080', '\u2028', '\uFEFF', '\uFFFD', '\u{1F4A9}',
  '\u{E0001}', '\u0301',
];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

/** Whole tokens a repeated charset may produce, when the set admits each of their code units. */
const TOKENS = [
  '.', '..', '...', '%2e', '%2E', '.%2e', '%2e.', '%2E%2e', '%', '%41', '%zz', '%2', '%C3%A9', '%00',
  '%25', '%ef%bc%a1', '%E2%98%83', '%2F', '%5C', '%3A', '%40', '%5B', '%5D', '%3F', '%23', 'C:',
  'c|', 'Z:', 'localhost', 'LOCALHOST', 'xn--', 'xn--a', 'xn--nxasmq6b', 'XN--BCHER-KVA', '0x', '0X7f',
  '0xffffffff', '0x100000000', '00', '08', '09', '0300', '255', '256', '65535', '65536',
  '4294967295', '4294967296', '99999999999999999999', '1.2.3.4', '127.0.0.1', '::', '::1',
  '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', '[::1]', '//', '\\\\', '/./', '/../', '@@', '::@', 'a=b',
  '&', '+', ' ', 'ＡＢＣ', '０．１', '\u00AD', 'faß', 'bücher', 'اب', '\u{1F4A9}',
];

const ASCII = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));

/** Whether every code unit of `text` is in the set (one regular-expression class, code units). */
function admits(cls: RegExp, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!cls.test(text[i])) return false;
  return text.length > 0;
}

/** Each letter of `text` in a random case. */
function randomCase(text: string): fc.Arbitrary<string> {
  if (!/[A-Za-z]/.test(text)) return fc.constant(text);
  return fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
}

/** A failing choice shrinks towards its first alternative too (nothing, for an optional). */
const CROSS_SHRINK = { withCrossShrink: true };

/** The special schemes other than "file" (the core's table): the schemes of a special base URL. */
const SPECIAL_SCHEMES = Object.keys(SCHEME_TABLE).filter((s) => s !== 'file');

class Generator {
  private readonly memo = new Map<string, fc.Arbitrary<string>>();
  private readonly open = new Map<string, number>();
  private readonly o: Required<Omit<GenerateOptions, 'baseScheme' | 'alternatives' | 'alternativeWeight'>> & GenerateOptions;

  constructor(
    private readonly grammar: Grammar,
    options: GenerateOptions,
  ) {
    this.o = { optionalWeight: 2, maxRepeat: 4, maxDepth: 2, nonAscii: true, loneSurrogates: true, tokens: true, ...options };
  }

  rule(name: string): fc.Arbitrary<string> {
    const r = this.grammar[name];
    if (r === undefined) throw new Error(`arbitraryFromRule: no rule "${name}" in this grammar`);
    const depth = this.open.get(name) ?? 0;
    if (depth >= this.o.maxDepth) return fc.constant('');
    const key = `${name}#${depth}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    this.open.set(name, depth + 1);
    let arb = this.shape(r.shape, false);
    this.open.set(name, depth);
    const extra = this.o.alternatives?.[name];
    if (extra !== undefined) arb = fc.oneof(CROSS_SHRINK, { arbitrary: arb, weight: 1 }, { arbitrary: extra, weight: this.o.alternativeWeight ?? 1 });
    this.memo.set(key, arb);
    return arb;
  }

  shape(s: Shape, inRepeat: boolean): fc.Arbitrary<string> {
    switch (s.kind) {
      case 'terminal':
        return s.caseInsensitive ? randomCase(s.text) : fc.constant(s.text);
      case 'contextTerminal': {
        const text = this.o.baseScheme;
        if (text === undefined) return fc.constantFrom(...SPECIAL_SCHEMES).chain((t) => (s.caseInsensitive ? randomCase(t) : fc.constant(t)));
        return s.caseInsensitive ? randomCase(text) : fc.constant(text);
      }
      case 'charset':
        return this.charset(s.set, s.negated === true, inRepeat);
      case 'sequence': {
        const items = s.items.map((i) => this.shape(i, inRepeat));
        if (items.length === 0) return fc.constant('');
        if (items.length === 1) return items[0];
        return fc.tuple(...items).map((parts) => parts.join(''));
      }
      case 'choice':
        return fc.oneof(CROSS_SHRINK, ...s.items.map((i) => this.shape(i, inRepeat)));
      case 'optional':
        return fc.oneof(CROSS_SHRINK, { arbitrary: fc.constant(''), weight: 1 }, { arbitrary: this.shape(s.item, inRepeat), weight: this.o.optionalWeight });
      case 'zeroOrMore':
      case 'oneOrMore': {
        const item = this.shape(s.item, true);
        const minLength = s.kind === 'oneOrMore' ? 1 : 0;
        return fc.array(item, { minLength, maxLength: Math.max(minLength, this.o.maxRepeat) }).map((a) => a.join(''));
      }
      case 'nonTerminal':
        return this.rule(s.name);
      case 'lookahead':
      case 'not':
      case 'end':
        return fc.constant('');
    }
  }

  private charset(set: string, negated: boolean, inRepeat: boolean): fc.Arbitrary<string> {
    const key = `[${negated ? '^' : ''}${set}]${inRepeat ? '*' : ''}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const cls = new RegExp(`^[${negated ? '^' : ''}${set}]$`);
    const members = ASCII.filter((c) => cls.test(c));
    const interesting = members.filter((c) => INTERESTING.includes(c));
    const other = members.filter((c) => !INTERESTING.includes(c));
    const candidates = this.o.nonAscii ? [...NON_ASCII, ...(this.o.loneSurrogates ? LONE_SURROGATES : [])] : [];
    const nonAscii = candidates.filter((c) => admits(cls, c));
    const tokens = this.o.tokens && inRepeat ? TOKENS.filter((t) => admits(cls, t) && (this.o.nonAscii || /^[\x00-\x7f]*$/.test(t))) : [];
    const parts: Array<{ arbitrary: fc.Arbitrary<string>; weight: number }> = [];
    if (interesting.length > 0) parts.push({ arbitrary: fc.constantFrom(...interesting), weight: 4 });
    if (other.length > 0) parts.push({ arbitrary: fc.constantFrom(...other), weight: 3 });
    if (nonAscii.length > 0) parts.push({ arbitrary: fc.constantFrom(...nonAscii), weight: 1 });
    if (tokens.length > 0) parts.push({ arbitrary: fc.constantFrom(...tokens), weight: 1 });
    if (parts.length === 0) throw new Error(`arbitraryFromRule: the set [${negated ? '^' : ''}${set}] is empty`);
    const arb = fc.oneof(...parts);
    this.memo.set(key, arb);
    return arb;
  }
}

/** Strings shaped like `ruleName` of `grammar` (see the top of this file). */
export function arbitraryFromRule(grammar: Grammar, ruleName: string, options: GenerateOptions = {}): fc.Arbitrary<string> {
  return new Generator(grammar, options).rule(ruleName);
}

/** Strings shaped like `shape`, whose non-terminals are rules of `grammar`. */
export function arbitraryFromShape(grammar: Grammar, shape: Shape, options: GenerateOptions = {}): fc.Arbitrary<string> {
  return new Generator(grammar, options).shape(shape, false);
}

// ---- noise: what the URL parser's preprocessing removes ------------------------------------------

const edge = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.constant(''), weight: 8 },
  { arbitrary: fc.constantFrom(' ', '\t', '\n', '\u0000', '\u001F', ' \r\n', '\u000C'), weight: 1 },
);
const inserts = fc.oneof(
  CROSS_SHRINK,
  { arbitrary: fc.constant([] as Array<[number, string]>), weight: 6 },
  { arbitrary: fc.array(fc.tuple(fc.nat(), fc.constantFrom('\t', '\n', '\r')), { minLength: 1, maxLength: 2 }), weight: 1 },
);

/** `arb`'s strings, sometimes with leading/trailing C0 controls or spaces and tabs or newlines inside. */
export function withNoise(arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(edge, arb, edge, inserts).map(([lead, s, trail, ins]) => {
    let out = lead + s + trail;
    for (const [at, c] of ins) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + c + out.slice(i);
    }
    return out;
  });
}

// ---- hosts ------------------------------------------------------------------------------------------

/** What is between the brackets of an IPv6 address (HOST_GRAMMAR's ipv6-address). */
// A piece followed by ":" four times as often as the other alternative of ipv6-item (a compression),
// so that addresses with one compression or none, which parse, are common.
export const ipv6AddressText = arbitraryFromRule(HOST_GRAMMAR, 'ipv6-address', {
  optionalWeight: 6,
  maxRepeat: 3,
  nonAscii: false,
  tokens: false,
  alternatives: { 'ipv6-item': arbitraryFromShape(HOST_GRAMMAR, sequence(N('ipv6-piece'), ':'), { tokens: false }) },
  alternativeWeight: 4,
});
/**
 * A bracketed IPv6 host, sometimes with its closing bracket missing. The rule stops where the IPv6
 * parser would stop reading, so what it generates never has more than the standard reads; two
 * matches joined by ":" (more pieces, a second compression) and a code point after the match are
 * what make the parser fail, so they are added here.
 */
export const ipv6Host = fc
  .tuple(
    fc.oneof(
      { arbitrary: ipv6AddressText, weight: 6 },
      { arbitrary: fc.tuple(ipv6AddressText, ipv6AddressText).map(([a, b]) => `${a}:${b}`), weight: 1 },
    ),
    fc.oneof({ arbitrary: fc.constant(''), weight: 8 }, { arbitrary: fc.constantFrom('x', '.', '%', '::', '0', ' ', '1.2.3.4'), weight: 1 }),
    fc.oneof({ arbitrary: fc.constant(']'), weight: 9 }, { arbitrary: fc.constant(''), weight: 1 }),
  )
  .map(([a, tail, close]) => `[${a}${tail}${close}`);
/** HOST_GRAMMAR's ipv4-address: dotted numbers in decimal, octal or hex (sometimes more than four). */
export const ipv4Host = fc.oneof(
  { arbitrary: arbitraryFromRule(HOST_GRAMMAR, 'ipv4-address', { optionalWeight: 4, maxRepeat: 3 }), weight: 6 },
  { arbitrary: fc.tuple(arbitraryFromRule(HOST_GRAMMAR, 'ipv4-address'), arbitraryFromRule(HOST_GRAMMAR, 'ipv4-part')).map(([a, b]) => `${a}.${b}`), weight: 1 },
);
/** HOST_GRAMMAR's ends-in-a-number: domains whose last label looks like a number. */
export const endsInANumberHost = arbitraryFromRule(HOST_GRAMMAR, 'ends-in-a-number', { maxRepeat: 3 });
/** The host text of a special URL, as the authority rules see it. */
export const specialHostText = arbitraryFromRule(URL_GRAMMAR, 'special-host', { maxRepeat: 6 });
/** The host text of a URL that is not special. */
export const otherHostText = arbitraryFromRule(URL_GRAMMAR, 'other-host', { maxRepeat: 6 });

/** Any of the host shapes above. */
export const hostString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: ipv6Host, weight: 2 },
  { arbitrary: ipv4Host, weight: 2 },
  { arbitrary: endsInANumberHost, weight: 1 },
  { arbitrary: specialHostText, weight: 3 },
  { arbitrary: otherHostText, weight: 1 },
);

// ---- whole URLs and references -------------------------------------------------------------------

/**
 * Domains, written in the same vocabulary: labels of letters, digits, "-", "_" and non-ASCII code
 * points, separated by "." (or the ideographic full stops that IDNA maps to it), with an optional
 * "." at the end. The host rules of the URL grammar leave a domain's shape to the host parser, so
 * it is spelt out here to get hosts that parse often enough.
 */
const DOMAIN_LABEL: Shape = sequence(
  charset('label code point', 'a-zA-Z0-9\\u00A0-\\uFFFF'),
  zeroOrMore(charset('label code point', 'a-zA-Z0-9\\-_\\u00A0-\\uFFFF')),
);
const DOMAIN: Shape = sequence(
  DOMAIN_LABEL,
  zeroOrMore(sequence(choice('.', '.', '.', '\u3002', '\uFF0E', '%2E'), DOMAIN_LABEL)),
  optional(choice('.', '')),
);
export const domainHost = arbitraryFromShape(URL_GRAMMAR, DOMAIN, { maxRepeat: 3 });

/** In URLs, hosts come from the host rules too, not only from the authority rules' host text. */
const HOST_ALTERNATIVES: Record<string, fc.Arbitrary<string>> = {
  'special-host': fc.oneof(
    { arbitrary: domainHost, weight: 4 },
    { arbitrary: ipv6Host, weight: 2 },
    { arbitrary: ipv4Host, weight: 2 },
    { arbitrary: endsInANumberHost, weight: 1 },
  ),
  'other-host': fc.oneof(domainHost, ipv6Host, ipv4Host),
  'file-host': fc.oneof(domainHost, ipv6Host, ipv4Host, fc.constantFrom('localhost', 'LocalHost', 'C:', 'c|')),
  'special-port': fc.oneof(arbitraryFromRule(URL_GRAMMAR, 'override-port'), fc.constantFrom('0', '80', '443', '65535', '65536', '080')),
  'other-port': arbitraryFromRule(URL_GRAMMAR, 'override-port'),
  'special-segment': fc.constantFrom('C:', 'c|', 'C|', 'Z:', '.', '..', '%2e', '.%2E', '%2e%2e', 'C%3A', 'C%7C', 'C:x', 'C'),
  'other-segment': fc.constantFrom('.', '..', '%2e', '.%2E', '%2e%2e', 'C:', ''),
};

/** For base URLs: hosts that mostly parse, so that most bases do. */
const BASE_HOST_ALTERNATIVES: Record<string, fc.Arbitrary<string>> = {
  'special-host': fc.oneof({ arbitrary: domainHost, weight: 6 }, { arbitrary: fc.constantFrom('[::1]', '127.0.0.1', '0x7f.1'), weight: 1 }),
  'other-host': fc.oneof({ arbitrary: domainHost, weight: 6 }, { arbitrary: fc.constantFrom('', '[::1]', '%41'), weight: 1 }),
  'file-host': fc.oneof({ arbitrary: domainHost, weight: 2 }, { arbitrary: fc.constantFrom('', 'localhost', 'C:'), weight: 1 }),
  'special-userinfo': fc.constantFrom('', 'u', 'u:p', ':p'),
  'other-userinfo': fc.constantFrom('', 'u', 'u:p'),
  'special-port': fc.constantFrom('', '8080', '443', '80', '21'),
  'other-port': fc.constantFrom('', '1', '8080'),
};

/** Options that mix the host, port and segment alternatives above into the URL rules. */
export const urlOptions = (extra: GenerateOptions = {}): GenerateOptions => ({ alternatives: HOST_ALTERNATIVES, ...extra });

/** Absolute URLs: the entry rule `url` (no base URL), with preprocessing noise. */
export const urlString: fc.Arbitrary<string> = withNoise(arbitraryFromRule(URL_GRAMMAR, ENTRY_RULES.none, urlOptions()));

/** The relative part of each entry rule that takes a base URL, by the kind of base. */
const RELATIVE_SHAPES: Record<Exclude<BaseKind, 'none'>, Shape> = {
  special: choice(N('relative-special'), sequence(N('same-scheme-as-base'), ':', N('relative-special'))),
  file: N('file-url-rest'),
  other: N('relative-other'),
  opaque: N('fragment-part'),
};

/** References relative to a base URL of the given kind (no scheme, or the base's own scheme). */
export function relativeReferenceFor(kind: Exclude<BaseKind, 'none'>, baseScheme?: string): fc.Arbitrary<string> {
  return withNoise(arbitraryFromShape(URL_GRAMMAR, RELATIVE_SHAPES[kind], urlOptions({ baseScheme })));
}

/** Relative references, for any kind of base URL. */
export const relativeReference: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: relativeReferenceFor('special'), weight: 3 },
  { arbitrary: relativeReferenceFor('file'), weight: 2 },
  { arbitrary: relativeReferenceFor('other'), weight: 2 },
  { arbitrary: relativeReferenceFor('opaque'), weight: 1 },
);

const queryAndFragment = [optional(N('query-part')), optional(N('fragment-part'))];

/** Base URLs of each kind, from the rules that make that kind of URL. */
function baseShape(kind: Exclude<BaseKind, 'none'>, scheme: string): Shape {
  switch (kind) {
    case 'special':
      return sequence(T(scheme, true), ':', N('special-url-rest'));
    case 'file':
      return sequence(N('file-scheme'), ':', N('file-url-rest'));
    case 'other':
      return sequence(
        N('scheme'),
        ':',
        choice(sequence(N('authority-slashes'), N('other-authority'), N('other-path-after-authority')), sequence('/', N('other-path'))),
        ...queryAndFragment,
      );
    case 'opaque':
      return sequence(N('scheme'), ':', not('/'), N('opaque-path'), ...queryAndFragment);
  }
}

export interface InputWithBase {
  input: string;
  base: string;
}

function pairFor(kind: Exclude<BaseKind, 'none'>, scheme: string): fc.Arbitrary<InputWithBase> {
  const base = arbitraryFromShape(URL_GRAMMAR, baseShape(kind, scheme), {
    alternatives: BASE_HOST_ALTERNATIVES,
    alternativeWeight: 6,
    baseScheme: scheme,
    maxRepeat: 3,
  });
  const entry = arbitraryFromRule(URL_GRAMMAR, ENTRY_RULES[kind], urlOptions({ baseScheme: scheme }));
  const input = fc.oneof(
    { arbitrary: withNoise(entry), weight: 1 },
    { arbitrary: relativeReferenceFor(kind, scheme), weight: 2 },
  );
  return fc.record({ input, base });
}

/**
 * An input and a base URL string: the base from the rules for one kind of base URL (special with
 * each special scheme, file, other, opaque path), the input from the entry rule for that kind.
 */
export const urlWithBase: fc.Arbitrary<InputWithBase> = fc.oneof(
  ...SPECIAL_SCHEMES.map((s) => ({ arbitrary: pairFor('special', s), weight: 2 })),
  { arbitrary: pairFor('file', 'file'), weight: 3 },
  { arbitrary: pairFor('other', 'other'), weight: 3 },
  { arbitrary: pairFor('opaque', 'other'), weight: 2 },
);
