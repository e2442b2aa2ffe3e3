// URL units: https://url.spec.whatwg.org/#url-units, and the invalid-URL-unit checks the path,
// opaque path, query and fragment states make for each code point.

import type { ErrorSink } from './errors';
import { ASCII_URL_CODE_POINTS } from '../../grammar/common';
import { isPercentEncodedByteAt } from './percent-encode';

// The ASCII URL code points (grammar/common.ts), as a table.
const ASCII_URL_CODE_POINT = new Uint8Array(128);
const ASCII_URL_CODE_POINT_RE = new RegExp(`[${ASCII_URL_CODE_POINTS}]`);
for (let c = 0; c < 128; c++) ASCII_URL_CODE_POINT[c] = ASCII_URL_CODE_POINT_RE.test(String.fromCharCode(c)) ? 1 : 0;

/** https://url.spec.whatwg.org/#url-code-points */
export function isURLCodePoint(cp: number): boolean {
  if (cp < 0x80) return ASCII_URL_CODE_POINT[cp] === 1;
  if (cp < 0xa0 || cp > 0x10fffd) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false; // surrogates
  // noncharacters: U+FDD0 to U+FDEF, and the last two code points of each plane
  if (cp >= 0xfdd0 && cp <= 0xfdef) return false;
  if ((cp & 0xfffe) === 0xfffe) return false;
  return true;
}

/**
 * Reports invalid-URL-unit for each code point of `text[start, end)` that is not a URL code point
 * and not "%", and for each "%" not followed by two ASCII hex digits (looking past `end`, as the
 * standard's "remaining" does).
 */
export function reportInvalidURLUnits(text: string, start: number, end: number, sink: ErrorSink): void {
  if (!sink) return;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25) {
      if (!isPercentEncodedByteAt(text, i)) sink('invalid-URL-unit', i, i + 1);
      continue;
    }
    if (c < 0x80) {
      if (ASCII_URL_CODE_POINT[c] !== 1) sink('invalid-URL-unit', i, i + 1);
      continue;
    }
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (!isURLCodePoint(cp)) sink('invalid-URL-unit', i, i + width);
    i += width - 1;
  }
}

/**
 * Where `text` first has a code point that is not a URL code point and not "%", as [start, end),
 * or null (the opaque-host parser's "if input contains ..." check).
 */
export function firstNonURLCodePoint(text: string): [number, number] | null {
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp !== 0x25 && !isURLCodePoint(cp)) return [i, i + width];
    i += width - 1;
  }
  return null;
}

/** Where `text` first has a "%" not followed by two ASCII hex digits, or -1. */
export function firstBarePercent(text: string): number {
  for (let i = text.indexOf('%'); i !== -1; i = text.indexOf('%', i + 1)) {
    if (!isPercentEncodedByteAt(text, i)) return i;
  }
  return -1;
}
