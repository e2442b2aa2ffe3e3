// What the finders (text.ts, html.ts, markdown.ts) return: a URL as the document means it, with
// the way back from each of its UTF-16 units to the document text it was written as.
//
// Offsets are UTF-16 code units of the decoded text (JavaScript string indices).

import { EntityDecoder, DecodingMode, htmlDecodeTree } from 'entities/decode';

/** What a document is: plain text, Markdown, HTML, or a JavaScript or TypeScript source (js.ts). */
export type SourceKind = 'text' | 'markdown' | 'html' | 'js';

/**
 * The longest URL lint checks, in UTF-16 code units (64 KiB). No one writes a longer one by hand
 * (a data: URL of an image of some 48 kB is about as long), and reading one costs memory that
 * grows with it: parse5 builds an attribute value a character at a time, the parser's errors and
 * the findings of one URL are held together. A longer URL is left unchecked: an HTML attribute
 * value past this length is not kept (html.ts), and in text and Markdown a run of more characters
 * than this without white space is passed over (LongRuns, in text.ts).
 */
export const MAX_URL_LENGTH = 64 * 1024;

/**
 * Where a URL was written, which decides how a replacement must be escaped (see fix.ts):
 *   text                 prose in a text file or in Markdown (a GFM literal autolink included)
 *   markdown-destination a link destination `[a](here)` or `[id]: here`
 *   markdown-pointy      a link destination in angle brackets `[a](<here>)`
 *   markdown-autolink    an autolink `<here>`
 *   html-double / html-single / html-unquoted   a URL in an attribute value, by the value's
 *                        quoting (the value less its surrounding ASCII whitespace, or one URL of
 *                        srcset, imagesrcset, ping, or a refresh's content)
 *   implied              a URL the document implies but does not write whole (`www.x.org` read as
 *                        `http://www.x.org`, an e-mail autolink read as `mailto:`): never fixed
 *   markdown-title       a URL in a link title, written with escapes, that holds a character
 *                        ending its title ("'" in '...', a parenthesis in (...)): never fixed
 *   js-single / js-double / js-template   a URL in a JavaScript string or template literal, by
 *                        its quote (js.ts)
 */
export type URLContext =
  | 'text'
  | 'markdown-destination'
  | 'markdown-pointy'
  | 'markdown-autolink'
  | 'html-double'
  | 'html-single'
  | 'html-unquoted'
  | 'implied'
  | 'markdown-title'
  | 'js-single'
  | 'js-double'
  | 'js-template';

/** A URL found in a document. */
export interface FoundURL {
  /** The URL as the document means it (character references and escapes decoded). */
  url: string;
  /** [start, end) of the URL's text in the document. */
  start: number;
  end: number;
  /** Whether the URL has no scheme (a relative reference: checked only against a base URL). */
  relative: boolean;
  /** How the URL is written there (what a fix must respect); absent means 'text'. */
  context?: URLContext;
  /** A Markdown reference definition's destination (used by links elsewhere, or by none). */
  definition?: boolean;
  /**
   * For a URL in prose whose extent is not certain (text.ts: in a text file, or a GFM literal or
   * prose URL that runs past punctuation or into CJK text): why. Such a URL gets no fix, as what a
   * fix would replace may not be the URL.
   */
  uncertain?: string;
  /**
   * Set on a candidate that a finder left out as a likely template, pattern or escape (text.ts),
   * when it was asked for those: why. Such a candidate is not linted; lint counts and lists it.
   */
  leftOut?: string;
  /** For a candidate of srcset or imagesrcset: the URL must not start or end with "," there. */
  srcset?: boolean;
  /**
   * Present only when `url` is not the document's text [start, end) unchanged: for each UTF-16
   * unit of `url`, the [start, end) in the document of the text it was decoded from.
   */
  starts?: number[];
  ends?: number[];
}

/** A string built piece by piece, each UTF-16 unit remembering the document span it came from. */
export class Decoded {
  value = '';
  starts: number[] = [];
  ends: number[] = [];
  push(s: string, start: number, end: number): void {
    for (let i = 0; i < s.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
    this.value += s;
  }
}

/** The document span of [s, e) of a decoded string whose units came from `starts`/`ends`. */
export function mapSpan(starts: readonly number[], ends: readonly number[], regionStart: number, regionEnd: number, s: number, e: number): [number, number] {
  const n = starts.length;
  const at = (i: number) => (i < n ? starts[i] : n > 0 ? ends[n - 1] : regionEnd);
  if (e <= s) {
    const p = s <= 0 ? (n > 0 ? starts[0] : regionStart) : at(s);
    return [p, p];
  }
  return [at(s), ends[Math.min(e, n) - 1]];
}

/** The document span of [start, end) of `found.url`. */
export function sourceSpan(found: FoundURL, start: number, end: number): [number, number] {
  if (!found.starts || !found.ends) return [found.start + start, found.start + end];
  return mapSpan(found.starts, found.ends, found.start, found.end, start, end);
}

/** The URL of d.value[s, e) with its map (left out when it is the identity). */
export function foundFrom(d: Decoded, regionStart: number, regionEnd: number, s = 0, e = d.value.length): FoundURL {
  const url = d.value.slice(s, e);
  const starts = d.starts.slice(s, e);
  const ends = d.ends.slice(s, e);
  const [start, end] = mapSpan(d.starts, d.ends, regionStart, regionEnd, s, e);
  const identity = starts.every((p, i) => p === start + i && ends[i] === p + 1) && end === start + url.length;
  const f: FoundURL = { url, start, end, relative: isRelative(url) };
  if (!identity) {
    f.starts = starts;
    f.ends = ends;
  }
  return f;
}

/** text[start, end) as it stands. */
export function plain(text: string, start: number, end: number): FoundURL {
  const url = text.slice(start, end);
  return { url, start, end, relative: isRelative(url) };
}

/** No scheme: what the URL parser would treat as a relative reference. */
export function isRelative(url: string): boolean {
  return !/^[\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.\-]*:/.test(url);
}

/** `found` moved by `delta` (a finder that ran on a piece of the document). */
export function shifted(found: FoundURL, delta: number): FoundURL {
  if (delta === 0) return found;
  const f: FoundURL = { ...found, start: found.start + delta, end: found.end + delta };
  if (found.starts && found.ends) {
    f.starts = found.starts.map((p) => p + delta);
    f.ends = found.ends.map((p) => p + delta);
  }
  return f;
}

// Character references, decoded by entities (parse5's own decoder).

/**
 * Makes `decoder` read a numeric character reference of any length as HTML does. entities 6 adds
 * each run of digits as `result * base ** digits + parseInt(digits)`: a run of 309 digits or more
 * ("&#000...065;", which a browser reads as "A") makes `base ** digits` Infinity and the result NaN
 * (0 × Infinity), and String.fromCodePoint(NaN) throws, in parse5's tokenizer too. HTML takes the
 * digits one at a time, and any number past U+10FFFF stands for U+FFFD: here each digit is added in
 * turn and the number kept at most 0x110000 (past U+10FFFF), so it neither overflows nor changes
 * meaning. A version of entities without that method is left as it is.
 */
export function boundNumericReferences(decoder: EntityDecoder): EntityDecoder {
  const inner = decoder as unknown as { result: number; consumed: number; addToNumericResult?: unknown };
  if (typeof inner.addToNumericResult !== 'function' || typeof inner.result !== 'number' || typeof inner.consumed !== 'number') return decoder;
  inner.addToNumericResult = (input: string, start: number, end: number, base: number) => {
    for (let i = start; i < end; i++) inner.result = Math.min(0x110000, inner.result * base + parseInt(input[i], base));
    inner.consumed += end - start;
  };
  return decoder;
}

const refCodePoints: number[] = [];
const refDecoder = boundNumericReferences(new EntityDecoder(htmlDecodeTree, (cp) => void refCodePoints.push(cp)));

/** How much of a reference is given to the decoder at a time. */
const REF_PIECE = 64;

/** The character reference at text[at] ("&"), up to `limit`: its length and what it means, or null. A numeric one may be of any length. */
export function characterReference(text: string, at: number, limit: number, mode: DecodingMode): { length: number; value: string } | null {
  refCodePoints.length = 0;
  refDecoder.startEntity(mode);
  let n = refDecoder.write(text.slice(at, Math.min(limit, at + REF_PIECE)), 1);
  // (the decoder takes the rest piece by piece: a named reference ends within the first, a
  // numeric one when its digits do)
  for (let from = at + REF_PIECE; n < 0 && from < limit; from += REF_PIECE) n = refDecoder.write(text.slice(from, Math.min(limit, from + REF_PIECE)), 0);
  if (n < 0) n = refDecoder.end();
  if (n <= 0 || refCodePoints.length === 0) return null;
  let value = '';
  for (const cp of refCodePoints) value += String.fromCodePoint(cp);
  return { length: n, value };
}

export { DecodingMode };
