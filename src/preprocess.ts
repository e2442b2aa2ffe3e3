// The basic URL parser's first steps, before the state machine (here: before the grammar):
// https://url.spec.whatwg.org/#concept-basic-url-parser steps 1-3.
//
// Leading and trailing C0 control or space are removed, then every ASCII tab or newline. The
// result keeps a map from its offsets back to the original input, so that every span the grammar
// and the semantic pass produce can be reported against what the user wrote.

import type { ErrorSink } from './semantic/errors';

export interface Preprocessed {
  /** The input as the grammar sees it. */
  readonly text: string;
  /** Where `text[p]` stands in the original input. `p` may be `text.length` (the end). */
  toOriginal(p: number): number;
}

const isC0OrSpace = (c: number) => c <= 0x20;
const isTabOrNewline = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Preprocess `input`. With `trim` false (the setters' case: a URL is given), the C0 control or
 * space trim is skipped, as the standard says. Validation errors go to `sink` with original offsets.
 */
export function preprocess(input: string, trim: boolean, sink: ErrorSink): Preprocessed {
  let start = 0;
  let end = input.length;
  if (trim) {
    while (start < end && isC0OrSpace(input.charCodeAt(start))) start++;
    while (end > start && isC0OrSpace(input.charCodeAt(end - 1))) end--;
    if (sink && (start > 0 || end < input.length)) {
      // One error for the input, placed on the first run that was removed.
      if (start > 0) sink('invalid-URL-unit', 0, start);
      else sink('invalid-URL-unit', end, input.length);
    }
  }
  let firstRemoved = -1;
  for (let i = start; i < end; i++) {
    if (isTabOrNewline(input.charCodeAt(i))) {
      firstRemoved = i;
      break;
    }
  }
  if (firstRemoved < 0) {
    const text = start === 0 && end === input.length ? input : input.slice(start, end);
    return { text, toOriginal: (p) => p + start };
  }
  if (sink) sink('invalid-URL-unit', firstRemoved, firstRemoved + 1);
  // Build the text and, for each kept code unit, its original offset.
  const kept = new Int32Array(end - start + 1);
  let text = '';
  let n = 0;
  let runStart = start;
  for (let i = start; i < end; i++) {
    if (isTabOrNewline(input.charCodeAt(i))) {
      text += input.slice(runStart, i);
      runStart = i + 1;
    } else {
      kept[n++] = i;
    }
  }
  text += input.slice(runStart, end);
  kept[n] = end;
  return { text, toOriginal: (p) => kept[p] };
}

/** Maps a [start, end) span of preprocessed text to the original input. */
export function originalSpan(pp: Preprocessed, start: number, end: number): [number, number] {
  const s = pp.toOriginal(start);
  return [s, end > start ? pp.toOriginal(end - 1) + 1 : s];
}
