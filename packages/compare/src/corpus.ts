// Where compare's cases come from, one at a time: line files (read in pieces, so a corpus of
// millions of lines takes little memory; plain text, or JSON lines for inputs that a text line
// cannot hold), WPT urltestdata JSON, and inputs drawn from the grammar
// itself (--generate, through the fast-check arbitraries of ./arbitraries, loaded only then).

import type { CompareCase } from './compare';

/**
 * How the lines of a file are read: "text" is `input` or `input<TAB>base`; "lines" is one input per
 * line, tabs and all; "jsonl" is one JSON object per line, `{"input": "…", "base": "…" | null}`, so
 * that an input may hold any string (a tab, a line break, a lone surrogate written `\ud800`).
 */
export type LineFormat = 'text' | 'lines' | 'jsonl';

/** Lines longer than this (in bytes) are skipped, counted in `LineStats.skipped`, never buffered whole. */
export const MAX_CORPUS_LINE_BYTES = 1 << 20;

export interface LineStats {
  /** Bytes read so far (for progress). */
  bytes: number;
  /** Lines skipped because they were longer than MAX_CORPUS_LINE_BYTES. */
  skipped: number;
  /** When present, every line counted as it ends (empty and skipped ones too), for line numbers. */
  lines?: number;
  /** When present, the lines of a "jsonl" corpus skipped because they are not a case. */
  invalid?: number;
  /** The first of those, by its line number (when `lines` is counted) and why. */
  firstInvalid?: { line: number | null; reason: string };
}

const decoder = new TextDecoder('utf-8');

/**
 * The lines of a byte stream (split at LF, a CR before it dropped, empty lines skipped), decoded as
 * UTF-8 with U+FFFD for what is not. At most one line is held at a time; a line longer than
 * `maxLineBytes` is skipped without being kept.
 */
export async function* readLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, stats: LineStats = { bytes: 0, skipped: 0 }, maxLineBytes = MAX_CORPUS_LINE_BYTES): AsyncGenerator<string> {
  let parts: Uint8Array[] = [];
  let partBytes = 0;
  let overlong = false;
  const finish = (last: Uint8Array): string | null => {
    if (stats.lines !== undefined) stats.lines++;
    let bytes: Uint8Array;
    if (partBytes === 0) bytes = last;
    else {
      bytes = new Uint8Array(partBytes + last.length);
      let at = 0;
      for (const p of parts) {
        bytes.set(p, at);
        at += p.length;
      }
      bytes.set(last, at);
    }
    parts = [];
    partBytes = 0;
    if (overlong || bytes.length > maxLineBytes) {
      overlong = false;
      stats.skipped++;
      return null;
    }
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 13) end--;
    return end === 0 ? null : decoder.decode(bytes.subarray(0, end));
  };
  for await (const chunk of chunks) {
    stats.bytes += chunk.length;
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      const line = finish(chunk.subarray(start, i));
      start = i + 1;
      if (line !== null) yield line;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (overlong || partBytes + rest.length > maxLineBytes) {
        overlong = true;
        parts = [];
        partBytes = 0;
      } else {
        parts.push(Uint8Array.from(rest));
        partBytes += rest.length;
      }
    }
  }
  if (partBytes > 0 || overlong) {
    const line = finish(new Uint8Array(0));
    if (line !== null) yield line;
  }
}

/** One case from one line of a "text" corpus: the input, or the input, a TAB and the base (empty: none). */
export function caseFromTextLine(line: string): CompareCase {
  const tab = line.indexOf('\t');
  if (tab === -1) return { input: line, base: null };
  const base = line.slice(tab + 1);
  return { input: line.slice(0, tab), base: base === '' ? null : base };
}

/**
 * One case from one line of a "jsonl" corpus: a JSON object with a string `input` and a `base` that
 * is a string, null or absent (none); other members are ignored. Returns why not, as a string, for
 * a line that is not such an object.
 */
export function caseFromJsonLine(line: string): CompareCase | string {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch (e) {
    const message = (e as Error).message;
    return `not JSON: ${message.length > 120 ? `${message.slice(0, 120)}…` : message}`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object';
  const { input, base } = data as { input?: unknown; base?: unknown };
  if (typeof input !== 'string') return 'no string "input"';
  if (base !== undefined && base !== null && typeof base !== 'string') return '"base" is neither a string nor null';
  return { input, base: base ?? null };
}

/**
 * The cases of a line file, streamed. In a "jsonl" corpus, a line of white space only is skipped as
 * an empty one is, and a line that is not a case is skipped and counted in `stats.invalid`.
 */
export async function* linesCorpus(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, format: LineFormat, stats: LineStats = { bytes: 0, skipped: 0 }): AsyncGenerator<CompareCase> {
  for await (const line of readLines(chunks, stats)) {
    if (format === 'lines') yield { input: line, base: null };
    else if (format === 'text') yield caseFromTextLine(line);
    else if (!/^\s*$/.test(line)) {
      const c = caseFromJsonLine(line);
      if (typeof c !== 'string') {
        yield c;
        continue;
      }
      stats.invalid = (stats.invalid ?? 0) + 1;
      stats.firstInvalid ??= { line: stats.lines ?? null, reason: c };
    }
  }
}

/** WPT urltestdata: an array of comments (strings) and objects with input and base. Throws when it is not an array. */
export function parseWptCorpus(text: string): CompareCase[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('not a JSON array');
  const cases: CompareCase[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) continue;
    const { input, base } = item as { input?: unknown; base?: unknown };
    if (typeof input !== 'string') continue;
    cases.push({ input, base: typeof base === 'string' ? base : null });
  }
  return cases;
}

interface FastCheck {
  sample<T>(arb: unknown, params: { numRuns: number; seed: number }): T[];
  oneof(...arbs: unknown[]): unknown;
}
interface Arbitraries {
  urlString: { map(f: (s: string) => CompareCase): unknown };
  urlWithBase: unknown;
}

/** How many generated cases are drawn at a time (each draw has its own seed, derived from --seed). */
export const GENERATE_CHUNK = 1000;

/**
 * `count` cases drawn from the grammar: absolute URLs from the entry rule `url` (with the
 * preprocessing noise the parser removes) and, as often, an input with a base URL of each kind.
 * The same seed gives the same cases. fast-check is loaded here, on first use, not before.
 */
export function* generatedCorpus(count: number, seed: number): Generator<CompareCase> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fc = require('fast-check') as FastCheck;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const arbs = require('./arbitraries') as Arbitraries;
  const arb = fc.oneof(
    arbs.urlString.map((input) => ({ input, base: null })),
    arbs.urlWithBase,
  );
  for (let done = 0, k = 0; done < count; k++) {
    const n = Math.min(GENERATE_CHUNK, count - done);
    const chunkSeed = (Math.imul(seed | 0, 0x9e3779b1) + Math.imul(k + 1, 0x85ebca6b)) | 0;
    for (const c of fc.sample<CompareCase>(arb, { numRuns: n, seed: chunkSeed })) yield { input: c.input, base: c.base ?? null };
    done += n;
  }
}
