// Charsets as the generated matchers test them: a lookup table for the ASCII code units and a
// rule for the rest. Every other part of the generator reads charsets (the FIRST sets, the
// pattern recognisers, the emitter), and none of them owns them, so they stand on their own here.

import type { Shape } from '../../../grammar/vocabulary';

export type CharsetShape = Extract<Shape, { kind: 'charset' }>;

export interface Charset {
  table: Uint8Array | Uint32Array; // 1 where an ASCII code unit is in the set (with flags: see the emitter's charsetTest)
  nonAscii: boolean | RegExp; // whether a code unit >= 0x80 is in the set (or a test for it)
  raiseNonAscii?: number; // for separatedRuns' union: the flags a code unit >= 0x80 raises
}

/** TAB, LF and CR: the code units a guarded matcher treats as in no charset. */
export const GUARDED_ASCII = [0x09, 0x0a, 0x0d];

export function charsetOf(set: string, negated: boolean): Charset {
  const re = new RegExp(`[${set}]`);
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = re.test(String.fromCharCode(c)) !== negated ? 1 : 0;
  // A set written with ASCII only, and no \u escape above U+007F, holds no code unit >= 0x80.
  const escapes = [...set.matchAll(/\\u([0-9A-Fa-f]{4})/g)].map((m) => parseInt(m[1], 16));
  const asciiOnly = !/[^\x00-\x7F]|\\[pPuU]\{/.test(set) && escapes.every((cp) => cp < 0x80);
  const nonAscii: boolean | RegExp = asciiOnly ? negated : new RegExp(`[${negated ? '^' : ''}${set}]`);
  return { table, nonAscii };
}

/** The charset of `set` as a matcher tests it: a guarded matcher takes no TAB, LF or CR. */
export function testedCharsetOf(set: string, negated: boolean, guard: boolean): Charset {
  const cs = charsetOf(set, negated);
  if (guard) for (const c of GUARDED_ASCII) cs.table[c] = 0;
  return cs;
}

/**
 * The charset of a run of A (as a matcher tests it), when its non-ASCII part is all or nothing
 * and it has none of the code units of `x`; otherwise null.
 */
export function runSetApartFrom(set: CharsetShape, x: Uint8Array, guard: boolean): Charset | null {
  const as = testedCharsetOf(set.set, !!set.negated, guard);
  if (typeof as.nonAscii !== 'boolean') return null;
  for (let c = 0; c < 128; c++) if (x[c] === 1 && as.table[c] === 1) return null;
  return as;
}

/** For a shape that matches exactly one ASCII code unit (a charset, a one-character terminal): its table; otherwise null. */
export function singleUnitTable(x: Shape): Uint8Array | null {
  if (x.kind === 'charset') {
    const cs = charsetOf(x.set, !!x.negated);
    return cs.nonAscii === false ? Uint8Array.from(cs.table) : null;
  }
  if (x.kind === 'terminal' && x.text.length === 1 && x.text.charCodeAt(0) < 128 && !x.caseInsensitive) {
    const table = new Uint8Array(128);
    table[x.text.charCodeAt(0)] = 1;
    return table;
  }
  return null;
}

/** Whether `c` is an ASCII letter. */
export function isASCIILetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}
