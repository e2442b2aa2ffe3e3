// The permalink: the page's state in the location's fragment, #url=...&base=...&encoding=...
// (and, in the side-by-side mode, url2, base2 and encoding2 for the second column).
//
// The fragment is form-encoded as URLSearchParams writes it, so that the links of `url-grammar
// viewer` and older permalinks read the same. URLSearchParams writes a lone surrogate as U+FFFD,
// though: here a lone surrogate is written as its three bytes of generalized UTF-8 (WTF-8,
// %ED%A0%80 for U+D800), which no UTF-8 text holds, and read back. Every other code point,
// controls, CR, LF and tab included, is written as its percent-encoded UTF-8 bytes, so that any
// string round-trips.
//
// The base is null when there is none, and a string otherwise: `base=` with nothing after it is
// the empty string as the base (as `new URL(input, "")`, which fails), not the absence of one.
// The second column's `base2` is left out when it is the first's; `base2=` with nothing after it
// is no base there (the second column has no empty base of its own).

export interface State {
  url: string;
  /** The base URL, or null when there is none ("" is the empty string as the base). */
  base: string | null;
  encoding: string;
}

/** The whole page: the state shown, and the second one when the side-by-side mode is on. */
export interface PageState extends State {
  second: State | null;
}

/** A lone surrogate: a lead not followed by a trail, or a trail not preceded by a lead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` form-encoded, with each lone surrogate as its generalized UTF-8 bytes. */
export function encodeComponent(value: string): string {
  const form = (text: string) => new URLSearchParams([['', text]]).toString().slice(1);
  const byte = (n: number) => `%${n.toString(16).toUpperCase()}`;
  let out = '';
  let at = 0;
  for (const m of value.matchAll(LONE_SURROGATE)) {
    const unit = m[0].charCodeAt(0);
    out += form(value.slice(at, m.index)) + byte(0xe0 | (unit >> 12)) + byte(0x80 | ((unit >> 6) & 0x3f)) + byte(0x80 | (unit & 0x3f));
    at = m.index + 1;
  }
  return out + form(value.slice(at));
}

/** A form-encoded component read back: UTF-8, except that generalized UTF-8 surrogates are kept. */
export function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  // The common case, ASCII text of well-formed UTF-8 with no surrogate's bytes, is what
  // decodeURIComponent reads (it throws on anything else, which the general way below takes):
  // a 100 KB fragment is read in a millisecond rather than a tenth of a second.
  if (!/[^\x00-\x7F]|%E[Dd]%[AaBb]/.test(spaced)) {
    try {
      return decodeURIComponent(spaced);
    } catch {
      // a "%" without two hex digits, or bytes that are not UTF-8: the general way
    }
  }
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < spaced.length; ) {
    const unit = spaced.charCodeAt(i);
    if (unit === 0x25 && /^[0-9A-Fa-f]{2}$/.test(spaced.slice(i + 1, i + 3))) {
      bytes.push(parseInt(spaced.slice(i + 1, i + 3), 16));
      i += 3;
    } else if (unit < 0x80) {
      bytes.push(unit);
      i++;
    } else {
      const c = String.fromCodePoint(spaced.codePointAt(i)!);
      for (const b of encoder.encode(c)) bytes.push(b);
      i += c.length;
    }
  }
  const all = Uint8Array.from(bytes);
  const decoder = new TextDecoder();
  let out = '';
  let from = 0;
  for (let i = 0; i + 2 < all.length; i++) {
    // ED A0..BF 80..BF is a surrogate's generalized UTF-8; UTF-8 has no such sequence.
    if (all[i] === 0xed && all[i + 1] >= 0xa0 && all[i + 1] <= 0xbf && all[i + 2] >= 0x80 && all[i + 2] <= 0xbf) {
      out += decoder.decode(all.subarray(from, i)) + String.fromCharCode(0xd000 | ((all[i + 1] & 0x3f) << 6) | (all[i + 2] & 0x3f));
      i += 2;
      from = i + 1;
    }
  }
  return out + decoder.decode(all.subarray(from));
}

/** The state a fragment (with or without its "#") holds, or null when it names no URL. */
export function stateFromFragment(fragment: string): PageState | null {
  const hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (hash === '') return null;
  const params = new Map<string, string>();
  for (const pair of hash.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    // The first of a name counts, as URLSearchParams's get() has it.
    if (!params.has(name)) params.set(name, eq === -1 ? '' : decodeComponent(pair.slice(eq + 1)));
  }
  if (!params.has('url')) return null;
  const state: PageState = { url: params.get('url')!, base: params.get('base') ?? null, encoding: params.get('encoding') ?? 'UTF-8', second: null };
  // The second column takes what its link leaves out from the first.
  if (params.has('url2') || params.has('base2') || params.has('encoding2')) {
    const base2 = params.get('base2');
    state.second = { url: params.get('url2') ?? state.url, base: base2 === undefined ? (state.base === '' ? null : state.base) : base2 === '' ? null : base2, encoding: params.get('encoding2') ?? state.encoding };
  }
  return state;
}

/** The fragment of a state, "#url=..."; the parts at their defaults are left out. */
export function fragmentOf(state: PageState): string {
  let fragment = `#url=${encodeComponent(state.url)}`;
  if (state.base !== null) fragment += `&base=${encodeComponent(state.base)}`;
  if (state.encoding !== 'UTF-8') fragment += `&encoding=${encodeComponent(state.encoding)}`;
  const second = state.second;
  if (second) {
    fragment += `&url2=${encodeComponent(second.url)}`;
    if (second.base !== state.base) fragment += `&base2=${encodeComponent(second.base ?? '')}`;
    if (second.encoding !== state.encoding) fragment += `&encoding2=${encodeComponent(second.encoding)}`;
  }
  return fragment;
}

export function sameState(a: State | null, b: State | null): boolean {
  if (a === null || b === null) return a === b;
  return a.url === b.url && a.base === b.base && a.encoding === b.encoding;
}
