// The basic URL parser's first steps, before the state machine (here: before the grammar):
// https://url.spec.whatwg.org/#concept-basic-url-parser steps 1-3.
//
// Leading and trailing C0 control or space are removed, then every ASCII tab or newline. The
// result keeps a map from its offsets back to the original input, so that every span the grammar
// and the semantic pass produce can be reported against what the user wrote.

import type { ErrorSink } from './semantic/errors';
import type { ChangeSink } from './semantic/changes';
import { toScalarValueString } from './usv';

/** Called as `charCodeAt.call(s, i)`: a read that stays fast whatever strings came before (see CCA in src/grammar/codegen/templates.ts). */
const charCodeAt = String.prototype.charCodeAt;

export interface Preprocessed {
  /** The input as the grammar sees it. */
  readonly text: string;
  /** How many code units were trimmed from the start. */
  readonly shift: number;
  /** With tabs or newlines removed: the original offset of each code unit of `text` (and its end). */
  readonly kept: Int32Array | null;
}

/** Where `pp.text[p]` stands in the original input. `p` may be `pp.text.length` (the end). */
export function toOriginal(pp: Preprocessed, p: number): number {
  return pp.kept === null ? p + pp.shift : pp.kept[p];
}

/** https://infra.spec.whatwg.org/#c0-control-or-space */
const isC0OrSpace = (c: number) => c <= 0x20;

/**
 * https://url.spec.whatwg.org/#concept-basic-url-parser step 1: "remove any leading and trailing
 * C0 control or space from input". Where `input` starts once its leading ones are removed.
 */
function trimmedStart(input: string): number {
  let start = 0;
  while (start < input.length && isC0OrSpace(charCodeAt.call(input, start))) start++;
  return start;
}

/** The same step: where `input` ends once its trailing ones are removed (never before `start`). */
function trimmedEnd(input: string, start: number): number {
  let end = input.length;
  while (end > start && isC0OrSpace(charCodeAt.call(input, end - 1))) end--;
  return end;
}
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/** The offset of the first ASCII tab or newline in input[start, end), or -1. */
function firstTabOrNewline(input: string, start: number, end: number): number {
  TAB_OR_NEWLINE.lastIndex = start;
  const found = TAB_OR_NEWLINE.test(input) ? TAB_OR_NEWLINE.lastIndex - 1 : -1;
  return found < end ? found : -1;
}
const isTabOrNewline = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Preprocess `input`. With `trim` false (the setters' case: a URL is given), the C0 control or
 * space trim is skipped, as the standard says. Validation errors go to `sink` with original offsets.
 */
export function preprocess(input: string, trim: boolean, sink: ErrorSink, changes: ChangeSink = null): Preprocessed {
  let start = 0;
  let end = input.length;
  if (trim) {
    start = trimmedStart(input);
    end = trimmedEnd(input, start);
    if (changes !== null && start > 0) changes({ kind: 'removed', state: null, step: 'concept-basic-url-parser', start: 0, end: start, from: input.slice(0, start), to: '', detail: 'leading C0 control or space' });
    if (changes !== null && end < input.length) changes({ kind: 'removed', state: null, step: 'concept-basic-url-parser', start: end, end: input.length, from: input.slice(end), to: '', detail: 'trailing C0 control or space' });
    if (sink && (start > 0 || end < input.length)) {
      // One error for the input, placed on the first run that was removed.
      if (start > 0) sink('invalid-URL-unit', 0, start);
      else sink('invalid-URL-unit', end, input.length);
    }
  }
  const firstRemoved = firstTabOrNewline(input, start, end);
  if (firstRemoved < 0) {
    const text = start === 0 && end === input.length ? input : input.slice(start, end);
    return { text, shift: start, kept: null };
  }
  if (sink) sink('invalid-URL-unit', firstRemoved, firstRemoved + 1);
  // Build the text and, for each kept code unit, its original offset.
  const kept = new Int32Array(end - start + 1);
  let text = '';
  let n = 0;
  let runStart = start;
  for (let i = start; i < end; i++) {
    if (isTabOrNewline(charCodeAt.call(input, i))) {
      if (changes !== null) changes({ kind: 'removed', state: null, step: 'concept-basic-url-parser', start: i, end: i + 1, from: input[i], to: '', detail: 'ASCII tab or newline' });
      text += input.slice(runStart, i);
      runStart = i + 1;
    } else {
      kept[n++] = i;
    }
  }
  text += input.slice(runStart, end);
  kept[n] = end;
  return { text, shift: start, kept };
}

/** Maps a [start, end) span of preprocessed text to the original input. */
export function originalSpan(pp: Preprocessed, start: number, end: number): [number, number] {
  const s = toOriginal(pp, start);
  return [s, end > start ? toOriginal(pp, end - 1) + 1 : s];
}

const TAB_NEWLINE_OR_SURROGATE = /[\t\n\r\uD800-\uDFFF]/;

/**
 * Whether preprocessing `input` does more than trim it: it has an ASCII tab or newline (removed)
 * or a surrogate (a lone one is replaced, and the guarded matchers take none).
 */
export function hasTabNewlineOrSurrogate(input: string): boolean {
  return TAB_NEWLINE_OR_SURROGATE.test(input);
}

/**
 * The hot path's preprocessing, for a parse that keeps no offsets: converts `input` to a scalar
 * value string (lone surrogates become U+FFFD) and preprocesses it, with one scan of the input in
 * the common case that it has neither a tab or newline nor a surrogate.
 */
export function preprocessText(input: string): string {
  if (hasTabNewlineOrSurrogate(input)) return preprocess(toScalarValueString(input), true, null).text;
  return trimC0OrSpace(input);
}

/** `input` without leading and trailing C0 controls and spaces (itself when there are none). */
export function trimC0OrSpace(input: string): string {
  input = '' + input; // (see the generated matcher's note on this in src/grammar/codegen/templates.ts)
  const start = trimmedStart(input);
  const end = trimmedEnd(input, start);
  return start === 0 && end === input.length ? input : input.slice(start, end);
}
