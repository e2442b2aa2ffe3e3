// The corpus of real lines (test/data/real-lines.json: see test/real-lines.test.ts) and its score.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintText } from '../../src/lint';

export interface RealLine {
  source: string;
  text: string;
  /** The URLs of the line that are written as URLs and have validation errors. */
  urls: string[];
}

export const REAL_LINES: RealLine[] = JSON.parse(readFileSync(join(__dirname, '..', 'data', 'real-lines.json'), 'utf8'));

/** True and false positives and misses over `lines` (kind text), with the lines that have any. */
export function score(lines: readonly RealLine[]): { tp: number; fp: number; fn: number; wrong: Array<{ source: string; flagged: string[]; urls: string[] }> } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const wrong: Array<{ source: string; flagged: string[]; urls: string[] }> = [];
  for (const l of lines) {
    const flagged = [...new Set(lintText(l.text, { kind: 'text' }).map((d) => d.url))];
    const hits = flagged.filter((u) => l.urls.includes(u)).length;
    tp += hits;
    fp += flagged.length - hits;
    fn += l.urls.filter((u) => !flagged.includes(u)).length;
    if (hits !== flagged.length || hits !== l.urls.length) wrong.push({ source: l.source, flagged, urls: l.urls });
  }
  return { tp, fp, fn, wrong };
}
