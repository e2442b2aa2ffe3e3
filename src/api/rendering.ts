// URL rendering: https://url.spec.whatwg.org/#url-rendering
//
// renderURL turns a URL into the form a browser shows a person making a trust decision, and says
// what it did: each simplification and elision it applied, and for the host whether Unicode was
// shown and, when it was not, why. Each rule below has a doc comment naming where it comes from:
// url.bs's "URL rendering" section, UTS #39 (Unicode Security Mechanisms), or the behaviour of
// Chromium's URL formatter and IDN spoof checker (read to learn the behaviour; nothing is taken
// from its code). docs/rendering.md lists the rules in one place.
//
// Lengths (`width`) count code points. Everything here is linear in the length of the URL.

import { parseScalarValueString, resolveBase } from '../parse';
import { isSpecialScheme, type URLRecord } from '../record';
import { serializePath, serializeURL } from '../serialize';
import { domainToUnicode, serializeHost } from '../semantic/host';
import { hostRegistrableDomain } from './public-suffix';
import { LATIN_LOOKALIKES } from './rendering-lookalikes';
import { objectToURLRecord, type URLInput } from './url';

// ---- the result --------------------------------------------------------------------------------

/** The simplifications renderURL can apply; docs/rendering.md has one section per name. */
export type RenderSimplification =
  | 'scheme'
  | 'credentials'
  | 'trivial-subdomain'
  | 'trailing-slash'
  | 'empty-query'
  | 'empty-fragment'
  | 'percent-decoding'
  | 'host-only'
  | 'bidi-host-only';

/** Why a domain was shown in its ASCII (Punycode) form rather than in Unicode. */
export type UnicodeHostRule =
  | 'invalid-idna'
  | 'identifier-profile'
  | 'mixed-scripts'
  | 'mixed-numbers'
  | 'whole-script-confusable'
  | 'combining-marks';

export interface UnicodeHostReason {
  rule: UnicodeHostRule;
  /** The label (in Unicode) the rule found. */
  label: string;
  /** A short human-readable account: which characters or scripts. */
  detail: string;
}

export interface RenderedHost {
  /** The host as the URL serializer writes it (ASCII for a domain). */
  ascii: string;
  /** The host as rendered before any elision (Unicode or ASCII, trivial subdomain removed). */
  shown: string;
  /** True when the domain is shown in Unicode (it has non-ASCII labels and all rules passed). */
  unicode: boolean;
  /** Why Unicode was not shown (empty when it was, or when the domain is all ASCII). */
  reasons: UnicodeHostReason[];
  /** https://url.spec.whatwg.org/#host-registrable-domain, in ASCII (null: none). */
  registrableDomain: string | null;
  /** The registrable domain as it appears in `shown` (null: none). */
  registrableDomainShown: string | null;
}

export interface RenderResult {
  /** What to show: the rendered URL after any elision to `width`. */
  text: string;
  /** The rendered URL before elision. */
  full: string;
  /** `text` in a left-to-right embedding (U+202A ... U+202C), as url.bs asks for bidi text. */
  embedded: string;
  /** The URL's serialization. */
  href: string;
  /** For an omitted `http`/`https` scheme, the indicator to show instead (url.bs, Simplify). */
  security: 'secure' | 'not-secure' | null;
  simplifications: Array<{ rule: RenderSimplification; removed: string }>;
  elisions: Array<{ component: 'path' | 'host'; removed: string }>;
  host: RenderedHost | null;
  /** False when `text` is longer than `width`: the registrable domain is never elided. */
  fits: boolean;
}

export interface RenderOptions {
  /** The most code points `text` may have; the registrable domain is shown even when longer. */
  width?: number;
  /** What stands for elided text; default "…" (U+2026). */
  ellipsis?: string;
  /** Omit `http://` and `https://` (with `security` telling which); default true. */
  omitHTTPScheme?: boolean;
  /** Omit a leading `www.` or `m.` label outside the registrable domain; default true. */
  omitTrivialSubdomains?: boolean;
  /** Render only the host (and port); default false. */
  hostOnly?: boolean;
  /** Render only the host when the URL holds right-to-left text; default true. */
  bidiHostOnly?: boolean;
  /** Percent-decode path, query and fragment where safe; default true. */
  decode?: boolean;
  /** Show a domain in Unicode when every rule allows it; default true. */
  unicodeHost?: boolean;
  /** The base URL for a relative string input: a URL record, a URL object (read through its href) or a string. */
  baseURL?: URLRecord | { readonly href: string } | string;
}

// ---- character classes (Unicode property escapes) ----------------------------------------------

/**
 * UAX #31 Table 4, "Recommended Scripts" (the scripts UTS #39's identifier profile allows), by
 * their Unicode property value names. Common and Inherited are handled apart.
 */
const RECOMMENDED_SCRIPTS = [
  'Arabic', 'Armenian', 'Bengali', 'Bopomofo', 'Cyrillic', 'Devanagari', 'Ethiopic', 'Georgian',
  'Greek', 'Gujarati', 'Gurmukhi', 'Han', 'Hangul', 'Hebrew', 'Hiragana', 'Kannada', 'Katakana',
  'Khmer', 'Lao', 'Latin', 'Malayalam', 'Myanmar', 'Oriya', 'Sinhala', 'Tamil', 'Telugu',
  'Thaana', 'Thai', 'Tibetan',
] as const;
const SCRIPT_TESTS = RECOMMENDED_SCRIPTS.map((s) => [s, new RegExp(`^\\p{scx=${s}}$`, 'u')] as const);
const COMMON_OR_INHERITED = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;
const ID_CONTINUE = /^\p{ID_Continue}$/u;
const NOT_IN_PROFILE_CATEGORY = /^[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Z}\p{Default_Ignorable_Code_Point}]$/u;
const NONSPACING_MARK = /^\p{Mn}$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
/** Scripts written right to left (JavaScript has no Bidi_Class escape; these are its R/AL scripts). */
const RTL =
  /[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Nko}\p{scx=Samaritan}\p{scx=Mandaic}\p{scx=Adlam}\p{scx=Hanifi_Rohingya}\p{scx=Mende_Kikakui}\p{scx=Imperial_Aramaic}\p{scx=Phoenician}\p{scx=Avestan}\p{scx=Yezidi}\u200f\u061c]/u;

/** The scripts a code point's Script_Extensions name among the recommended ones, Han widened
 * to the writing systems that use it, as UTS #39's "augmented script set" does. */
function augmentedScripts(c: string): Set<string> | 'common' {
  let known = scriptCache.get(c);
  if (known === undefined) {
    known = computeScripts(c);
    if (scriptCache.size < 4096) scriptCache.set(c, known);
  }
  return known;
}
const scriptCache = new Map<string, Set<string> | 'common'>();

function computeScripts(c: string): Set<string> | 'common' {
  if (c.charCodeAt(0) < 0x80) return /[a-z]/i.test(c) ? new Set(['Latin']) : 'common';
  if (COMMON_OR_INHERITED.test(c)) return 'common';
  const set = new Set<string>();
  for (const [name, re] of SCRIPT_TESTS) if (re.test(c)) set.add(name);
  if (set.has('Han')) for (const x of ['Jpan', 'Kore', 'Hanb']) set.add(x);
  if (set.has('Hiragana') || set.has('Katakana')) set.add('Jpan');
  if (set.has('Hangul')) set.add('Kore');
  if (set.has('Bopomofo')) set.add('Hanb');
  return set;
}

// ---- the host rules ----------------------------------------------------------------------------

/**
 * Rule identifier-profile (UTS #39 §3.1, "General Security Profile for Identifiers"; Chromium
 * allows only UTS #39's Identifier_Status=Allowed characters in a Unicode host). Approximated
 * with property escapes, since no maintained package ships IdentifierStatus.txt: a non-ASCII
 * character is allowed when it is ID_Continue, NFKC-stable, not a control, format, private-use,
 * unassigned, space or default-ignorable character, and either has a Recommended script
 * (Script_Extensions) or is an Inherited combining mark of U+0300..U+036F. Characters of a
 * recommended script that UTS #39 marks Obsolete, Technical or Uncommon_Use are not caught.
 */
function outsideProfile(c: string): boolean {
  if (c.charCodeAt(0) < 0x80) return !/[a-z0-9-]/.test(c);
  if (NOT_IN_PROFILE_CATEGORY.test(c) || !ID_CONTINUE.test(c) || c.normalize('NFKC') !== c) return true;
  if (COMMON_OR_INHERITED.test(c)) {
    const cp = c.codePointAt(0)!;
    return !(NONSPACING_MARK.test(c) && cp >= 0x300 && cp <= 0x36f);
  }
  return !SCRIPT_TESTS.some(([, re]) => re.test(c));
}

/** The ccTLDs where a label in the script is the expected thing, not a spoof (Chromium keeps
 * such lists for its whole-script-confusable check). IDN ccTLDs are in their ASCII form. */
const SCRIPT_TLDS: Record<string, readonly string[]> = {
  Cyrillic: ['by', 'bg', 'kg', 'kz', 'mk', 'mn', 'rs', 'ru', 'su', 'tj', 'ua', 'uz', 'xn--p1ai', 'xn--90ae', 'xn--90ais', 'xn--80ao21a', 'xn--d1alf', 'xn--l1acc', 'xn--90a3ac', 'xn--j1amh'],
  Greek: ['gr', 'cy', 'xn--qxam', 'xn--qxa6a'],
  Armenian: ['am', 'xn--y9a3aq'],
  Georgian: ['ge', 'xn--node'],
  Hebrew: ['il'],
};

/**
 * Checks one Unicode label; returns the reasons it must not be shown in Unicode.
 * `tld` is the host's last label in ASCII.
 */
function labelReasons(label: string, tld: string): UnicodeHostReason[] {
  const reasons: UnicodeHostReason[] = [];
  const chars = [...label];

  const outside = chars.filter(outsideProfile);
  if (outside.length > 0) {
    reasons.push({ rule: 'identifier-profile', label, detail: `outside the identifier profile: ${describeChars(outside)}` });
  }

  // Rule mixed-scripts (UTS #39 §5.2, restriction level "Highly Restrictive", the level Chromium
  // uses): the label's resolved script set is not empty, or its non-Latin characters resolve to
  // Japanese, Korean or Chinese-with-Bopomofo (the only scripts that may mix with Latin).
  let all: Set<string> | null = null;
  let nonLatin: Set<string> | null = null;
  const seen = new Set<string>();
  for (const c of chars) {
    const s = augmentedScripts(c);
    if (s === 'common') continue;
    for (const x of s) if (RECOMMENDED_SCRIPTS.includes(x as (typeof RECOMMENDED_SCRIPTS)[number])) seen.add(x);
    all = all === null ? new Set(s) : intersect(all, s);
    if (!s.has('Latin')) nonLatin = nonLatin === null ? new Set(s) : intersect(nonLatin, s);
  }
  const single = all === null || all.size > 0;
  const cjkWithLatin = nonLatin !== null && (nonLatin.has('Jpan') || nonLatin.has('Kore') || nonLatin.has('Hanb'));
  if (!single && !cjkWithLatin) {
    reasons.push({ rule: 'mixed-scripts', label, detail: `mixes ${[...seen].sort().join(', ')}` });
  }

  // Rule mixed-numbers (UTS #39 §5.3, "Mixed-Number Detection"): digits of more than one
  // numbering system ("৪" next to "8").
  const systems = new Set<string>();
  for (const c of chars) {
    if (!DECIMAL_DIGIT.test(c)) continue;
    const s = augmentedScripts(c);
    systems.add(s === 'common' ? (c < '\u0080' ? 'ASCII' : c) : [...s].sort().join('+'));
  }
  if (systems.size > 1) reasons.push({ rule: 'mixed-numbers', label, detail: `digits of ${systems.size} numbering systems` });

  // Rule whole-script-confusable (UTS #39 §4, "Confusable Detection"; Chromium checks Cyrillic,
  // Greek and others the same way): a label in one non-Latin script made only of characters that
  // look like Latin letters or digits reads as a Latin label, unless the TLD is one of that
  // script's ccTLDs.
  if (all !== null && all.size > 0 && !all.has('Latin')) {
    const letters = chars.filter((c) => !/[0-9-]/.test(c));
    if (letters.length > 0 && letters.every((c) => LATIN_LOOKALIKES.has(c))) {
      const script = [...all].find((s) => RECOMMENDED_SCRIPTS.includes(s as (typeof RECOMMENDED_SCRIPTS)[number])) ?? [...all][0];
      if (!(SCRIPT_TLDS[script] ?? []).includes(tld)) {
        reasons.push({ rule: 'whole-script-confusable', label, detail: `all ${script} letters that look Latin` });
      }
    }
  }

  // Rule combining-marks (UTS #39 §5.4, "Optional Detection": the same nonspacing mark twice in
  // a row, or a dot above on a letter that already has a dot, hides what is there; Chromium
  // rejects both).
  // (on the decomposed label, where each mark stands apart)
  let run = new Set<string>();
  let prev = '';
  for (const c of label.normalize('NFD')) {
    if (NONSPACING_MARK.test(c)) {
      if (run.has(c)) {
        reasons.push({ rule: 'combining-marks', label, detail: `${describeChars([c])} repeated` });
        break;
      }
      if (c === '\u0307' && run.size === 0 && /[ijlı]/.test(prev)) {
        reasons.push({ rule: 'combining-marks', label, detail: `U+0307 COMBINING DOT ABOVE after "${prev}"` });
        break;
      }
      run.add(c);
    } else {
      run = new Set();
      prev = c;
    }
  }
  return reasons;
}

function intersect(a: Set<string>, b: Set<string>): Set<string> {
  return new Set([...a].filter((x) => b.has(x)));
}

function describeChars(chars: string[]): string {
  const unique = [...new Set(chars)].slice(0, 5);
  const more = new Set(chars).size - unique.length;
  return unique.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

const ACE = /(^|\.)xn--/;

/**
 * Rule unicode-host (url.bs, "Internationalization and special characters": render a domain by
 * running domain to Unicode, and "consider detecting confusable characters"). A domain is shown
 * in Unicode only when every non-ASCII label passes every rule above; when one label fails, the
 * whole domain stays in ASCII (Chromium decides per label; a half-converted host can mislead as
 * much as a spoofed one, so here it is all or nothing).
 */
export function unicodeHost(asciiDomain: string): { shown: string; unicode: boolean; reasons: UnicodeHostReason[] } {
  let unicode: string;
  try {
    unicode = domainToUnicode(asciiDomain);
  } catch {
    unicode = asciiDomain;
  }
  if (unicode === asciiDomain) {
    // Rule invalid-idna: an "xn--" label that does not decode under UTS #46 stays as it is.
    const reasons: UnicodeHostReason[] = ACE.test(asciiDomain)
      ? [{ rule: 'invalid-idna', label: asciiDomain, detail: 'an xn-- label that is not valid Punycode under UTS #46' }]
      : [];
    return { shown: asciiDomain, unicode: false, reasons };
  }
  const labels = unicode.split('.');
  const asciiLabels = asciiDomain.split('.');
  const tld = asciiLabels[asciiLabels.length - 1] === '' ? (asciiLabels[asciiLabels.length - 2] ?? '') : asciiLabels[asciiLabels.length - 1];
  const reasons: UnicodeHostReason[] = [];
  for (const label of labels) {
    if (/^[\x00-\x7f]*$/.test(label)) continue;
    for (const r of labelReasons(label, tld)) reasons.push(r);
  }
  return reasons.length === 0 ? { shown: unicode, unicode: true, reasons } : { shown: asciiDomain, unicode: false, reasons };
}

// ---- percent-decoding for display --------------------------------------------------------------

/**
 * Rule percent-decoding (url.bs: other parts, "if rendered, should have their sequences of
 * percent-encoded bytes replaced with code points resulting from running UTF-8 decode without
 * BOM on the percent-decoding of those sequences, unless that renders those sequences
 * invisible", and browsers "may choose to not decode certain sequences that present spoofing
 * risks (e.g., U+1F512)"). Only non-ASCII code points are decoded (an ASCII escape such as %2F
 * means something the character would not); a sequence stays encoded when its bytes are not
 * UTF-8, or when it decodes to something invisible or deceptive: see `keepsEncoded`.
 */
export function decodeForDisplay(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (!isEscapeAt(s, i)) {
      out += s[i];
      i++;
      continue;
    }
    // one run of escapes: collect its bytes
    const bytes: number[] = [];
    const start = i;
    while (isEscapeAt(s, i)) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 3;
    }
    let j = 0;
    while (j < bytes.length) {
      const [cp, len] = utf8At(bytes, j);
      const raw = s.slice(start + j * 3, start + (j + len) * 3);
      if (cp === null || cp < 0x80) {
        out += raw;
      } else {
        const c = String.fromCodePoint(cp);
        out += keepsEncoded(c, out) ? raw : c;
      }
      j += len;
    }
  }
  return out;
}

function isEscapeAt(s: string, i: number): boolean {
  return s.charCodeAt(i) === 0x25 && i + 2 < s.length && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3));
}

/** The code point of the UTF-8 sequence at bytes[i] and its length (null and 1 when invalid). */
function utf8At(bytes: number[], i: number): [number | null, number] {
  const b = bytes[i];
  let need: number;
  let cp: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (b < 0x80) return [b, 1];
  if (b >= 0xc2 && b <= 0xdf) [need, cp] = [1, b & 0x1f];
  else if (b >= 0xe0 && b <= 0xef) {
    [need, cp] = [2, b & 0x0f];
    if (b === 0xe0) lower = 0xa0;
    if (b === 0xed) upper = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    [need, cp] = [3, b & 0x07];
    if (b === 0xf0) lower = 0x90;
    if (b === 0xf4) upper = 0x8f;
  } else return [null, 1];
  for (let k = 1; k <= need; k++) {
    const c = bytes[i + k];
    if (c === undefined || c < lower || c > upper) return [null, 1];
    cp = (cp << 6) | (c & 0x3f);
    lower = 0x80;
    upper = 0xbf;
  }
  return [cp, need + 1];
}

/** Characters a decoded sequence must not become: invisible ones and spoofing risks. */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Z}\p{Default_Ignorable_Code_Point}\p{White_Space}]$/u;
/** Lookalikes of the characters that delimit URL components and hosts (Chromium's formatter also
 * leaves such characters encoded), and the padlock and key pictographs url.bs names. */
const DECEPTIVE = /^[\u2044\u2215\u29f8\u27cb\u27cd\u2571\u29f5\u29f9\ufe68\uff0f\uff3c\u1735\u0338\u2024\ufe52\uff0e\u3002\uff61\u2027\u02d0\ua789\uff1a\u2236\ufe16\uff1f\uff03\ufe5f\uff20\ufe6b\u0589\u05c3\u{1f50f}-\u{1f513}]$/u;

/** Whether a decoded code point stays percent-encoded (see decodeForDisplay). */
function keepsEncoded(c: string, before: string): boolean {
  if (INVISIBLE.test(c) || DECEPTIVE.test(c)) return true;
  // a combining mark would join the ASCII punctuation before it ("/" with an overlay)
  if (/^\p{M}$/u.test(c)) {
    const last = before.charCodeAt(before.length - 1);
    if (before === '' || (last < 0x80 && !/[A-Za-z0-9]/.test(before[before.length - 1]))) return true;
  }
  return false;
}

// ---- renderURL ---------------------------------------------------------------------------------

/** Code points in a string. */
function cpLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      n++;
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** The first `n` code points of `s`. */
function cpSlice(s: string, n: number): string {
  let i = 0;
  let k = 0;
  while (i < s.length && k < n) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff ? 2 : 1;
    k++;
  }
  return s.slice(0, i);
}

/**
 * The URL record to render: a string is parsed against `baseURL` (null when it does not parse);
 * anything else is read as URLInput says (a TypeError for what is not a URL input).
 */
function record(url: unknown, baseURL: RenderOptions['baseURL']): URLRecord | null {
  if (typeof url === 'string') {
    // (a base of the wrong type is a TypeError, outside the try)
    const base = resolveBase(baseURL, 'renderURL');
    if (base === undefined) return null;
    try {
      return parseScalarValueString(url, base);
    } catch {
      return null;
    }
  }
  return objectToURLRecord(url, 'renderURL');
}

function asBoolean(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}

/**
 * https://url.spec.whatwg.org/#url-rendering
 *
 * Renders a URL record, a `URL` object (this library's, or another implementation's, read
 * through its href) or a string (parsed, against `baseURL` if given) as a browser shows it to a
 * person: null for a string that does not parse. Anything else (null, a number, an object that is
 * neither a URL record nor has a string href) is a TypeError, as is a URL object whose href does
 * not parse. The result says which simplifications and elisions were applied and how the host was
 * shown; docs/rendering.md describes each rule.
 */
export function renderURL(url: URLInput, options: RenderOptions = {}): RenderResult | null {
  const opts = options !== null && typeof options === 'object' ? options : {};
  const u = record(url, opts.baseURL);
  if (u === null) return null;
  const ellipsis = typeof opts.ellipsis === 'string' ? opts.ellipsis : '\u2026';
  const width = typeof opts.width === 'number' && opts.width >= 0 ? Math.floor(opts.width) : Infinity;
  const simplifications: RenderResult['simplifications'] = [];
  const elisions: RenderResult['elisions'] = [];
  const href = serializeURL(u);
  const special = isSpecialScheme(u.scheme);

  // Rule scheme (url.bs, Simplify: a browser "may render a URL without its scheme if the display
  // surface only ever permits a single scheme", else replace or supplement it with a
  // human-readable string such as "Not secure"; Chromium's omnibox omits http:// and https://).
  // Only http and https lose their scheme; `security` carries what the scheme said.
  let prefix = u.scheme + ':' + (u.host !== null ? '//' : '');
  let security: RenderResult['security'] = null;
  if ((u.scheme === 'http' || u.scheme === 'https') && asBoolean(opts.omitHTTPScheme, true)) {
    simplifications.push({ rule: 'scheme', removed: prefix });
    security = u.scheme === 'https' ? 'secure' : 'not-secure';
    prefix = '';
  }

  // Rule credentials (url.bs, Simplify: browsers "should not render a URL's username and
  // password, as they can be mistaken for a URL's host"). Always applied.
  if (u.username !== '' || u.password !== '') {
    simplifications.push({ rule: 'credentials', removed: u.username + (u.password !== '' ? ':' + u.password : '') + '@' });
  }

  // The host.
  let host: RenderedHost | null = null;
  let hostLabels: string[] = [];
  let keepLabels = 0;
  if (u.host !== null) {
    const ascii = serializeHost(u.host);
    const isDomain = special && typeof u.host === 'string' && u.host !== '';
    let shown = ascii;
    let unicode = false;
    let reasons: UnicodeHostReason[] = [];
    let registrableDomain: string | null = null;
    let registrableDomainShown: string | null = null;
    if (isDomain) {
      registrableDomain = hostRegistrableDomain(u.host as string);
      if (asBoolean(opts.unicodeHost, true)) ({ shown, unicode, reasons } = unicodeHost(ascii));
      hostLabels = shown.split('.');
      const asciiLabels = ascii.split('.');
      // the registrable domain's labels, counted from the right (with the trailing dot's empty label)
      keepLabels = registrableDomain === null ? hostLabels.length : registrableDomain.split('.').length;
      registrableDomainShown = registrableDomain === null ? null : hostLabels.slice(hostLabels.length - keepLabels).join('.');

      // Rule trivial-subdomain (url.bs, Simplify: browsers "may omit a leading www or m domain
      // label to simplify the host"; Chromium omits "www."). Only a label outside the
      // registrable domain, and only the first one.
      if (asBoolean(opts.omitTrivialSubdomains, true) && hostLabels.length > keepLabels && (asciiLabels[0] === 'www' || asciiLabels[0] === 'm')) {
        simplifications.push({ rule: 'trivial-subdomain', removed: hostLabels[0] + '.' });
        hostLabels = hostLabels.slice(1);
        shown = hostLabels.join('.');
      }
    } else {
      hostLabels = [shown];
      keepLabels = 1;
    }
    host = { ascii, shown, unicode, reasons, registrableDomain, registrableDomainShown };
  }
  const port = u.port !== null ? ':' + u.port : '';

  // The rest: path, query, fragment.
  // as the URL serializer writes them ("/." keeps a path starting with "//" from reading as a host)
  let path = serializePath(u);
  if (u.host === null && typeof u.path !== 'string' && u.path.length > 1 && u.path[0] === '') path = '/.' + path;
  let query = u.query === null ? '' : '?' + u.query;
  let fragment = u.fragment === null ? '' : '#' + u.fragment;

  // Rules empty-query and empty-fragment (url.bs, Simplify: "remove components that can provide
  // opportunities for spoofing or distract"; Chromium's formatter drops an empty "?" and "#").
  if (query === '?') {
    simplifications.push({ rule: 'empty-query', removed: '?' });
    query = '';
  }
  if (fragment === '#') {
    simplifications.push({ rule: 'empty-fragment', removed: '#' });
    fragment = '';
  }
  // Rule trailing-slash (Chromium's omnibox: a lone "/" after the host of a special URL, with
  // nothing after it, says nothing).
  if (special && u.host !== null && path === '/' && query === '' && fragment === '') {
    simplifications.push({ rule: 'trailing-slash', removed: '/' });
    path = '';
  }

  let rest = path + query + fragment;
  if (asBoolean(opts.decode, true)) {
    const decoded = decodeForDisplay(rest);
    if (decoded !== rest) {
      simplifications.push({ rule: 'percent-decoding', removed: rest });
      rest = decoded;
    }
  }

  // Rules host-only and bidi-host-only (url.bs, Simplify: browsers "may render only a URL's host"
  // where the host must stand apart from the rest; and with bidirectional text "it is particularly
  // advisable to only render a URL's host"). Only for a URL that has a host.
  if (host !== null && rest !== '') {
    if (asBoolean(opts.hostOnly, false)) {
      simplifications.push({ rule: 'host-only', removed: rest });
      rest = '';
    } else if (asBoolean(opts.bidiHostOnly, true) && (RTL.test(rest) || RTL.test(host.shown))) {
      simplifications.push({ rule: 'bidi-host-only', removed: rest });
      rest = '';
    }
  }

  const hostText = host === null ? '' : host.shown;
  const full = prefix + hostText + port + rest;
  let text = full;
  let fits = true;

  if (cpLength(full) > width) {
    // Elision (url.bs, "Elision"): first the rest, from its end (Chromium elides the path before
    // the host), keeping as much of it as fits after an ellipsis-free host.
    const head = prefix + hostText + port;
    const room = width - cpLength(head) - cpLength(ellipsis);
    if (rest !== '' && room >= 0) {
      const kept = cpSlice(rest, room);
      elisions.push({ component: 'path', removed: rest.slice(kept.length) });
      text = head + kept + ellipsis;
    } else {
      if (rest !== '') elisions.push({ component: 'path', removed: rest });
      text = head;
      // Then the host, label by label from the lowest-level one, never into the registrable
      // domain ("Browsers should ensure that at least the registrable domain can be shown";
      // "elide domain labels starting from the lowest-level domain label": examplecorp.com.evil.com
      // becomes ...com.evil.com). A host that is not a domain, or that has no registrable domain,
      // is never elided.
      if (cpLength(text) > width && host !== null) {
        const removable = hostLabels.length - keepLabels;
        const fixed = cpLength(prefix) + cpLength(ellipsis) + cpLength(port);
        let remaining = cpLength(hostText);
        let k = 0;
        // drop labels while what is left does not fit (each step: one label and its dot)
        while (k < removable && (k === 0 ? cpLength(text) : fixed + remaining) > width) {
          remaining -= cpLength(hostLabels[k]) + 1;
          k++;
        }
        if (k > 0) {
          elisions.push({ component: 'host', removed: hostLabels.slice(0, k).join('.') + '.' });
          text = prefix + ellipsis + hostLabels.slice(k).join('.') + port;
        }
      }
      fits = cpLength(text) <= width;
    }
  }

  return { text, full, embedded: '\u202a' + text + '\u202c', href, security, simplifications, elisions, host, fits };
}
