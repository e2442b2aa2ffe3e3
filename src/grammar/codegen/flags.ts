// Field flags (GenerateOptions.flags): bits a generated matcher raises for the code units it
// consumes inside given fields or rules, so that its caller learns, from one scan, whether a
// component holds a code unit of interest. Its user is the matcher for no base (src/parse.ts;
// the tables are in src/semantic/normalized.ts): commonOffsets and the tests the semantic pass's
// href output asks at the top of its steps (src/semantic/href.ts) read the bits. It reaches into much of the emitted code (literals, charset
// tests, runs), so what it needs is gathered here: the public types, the stack of fields the code
// being written is inside, and the tables of bits. The emitter and the pattern recognisers ask
// this file and otherwise write the same code with or without flags; taking the feature out is
// deleting this file and the call sites that ask it.

import type { Grammar, RecordField } from '../../../grammar/vocabulary';
import { isASCIILetter } from './charsets';

/**
 * Per-field flags for a generated matcher to raise as it scans (GenerateOptions.flags): for each
 * ASCII code unit, the bits it raises when a rule with that field consumes it (0: none), and the
 * bits any code unit from U+0080 up raises. Bits 1 to 29 are the caller's; bit 0 is the
 * matcher's own.
 */
export interface FieldFlags {
  readonly table: Uint8Array | Uint16Array | Uint32Array;
  readonly nonAscii: number;
  /**
   * Bits of `table` that matter only where a code unit starts one of the field's parts in a run
   * of parts (GenerateOptions.unmarked): the run's first code unit, or one right after a
   * separator. The matcher may leave them unraised for the same code unit elsewhere (it does in
   * a run's usual loop); it still raises them wherever it cannot tell.
   */
  readonly partStart?: number;
}
/** A record field, or `rule:NAME` for the code units that rule NAME consumes wherever it is used. */
export type FlagKey = RecordField | `rule:${string}`;
export type FlagsByField = Readonly<Partial<Record<FlagKey, FieldFlags>>>;

/** The bits that code consumed at some place raises: per ASCII code unit, and for any from U+0080 up. */
export interface RaisedFlags {
  table: number[];
  nonAscii: number;
}

/**
 * The fields (and `rule:NAME` keys) of the rules whose code is being written, innermost last: a
 * rule with a field pushes it while its body is written, and code consumed there raises the
 * flags of every field on the stack.
 */
export class FieldStack {
  private readonly stack: FlagKey[] = [];

  constructor(private readonly byField: FlagsByField) {}

  /**
   * The flags that code consumed here raises: those of every field on the stack (a code unit
   * inside a nested field is inside the outer one too), or null when none has flags.
   */
  current(): RaisedFlags | null {
    let out: RaisedFlags | null = null;
    for (const field of this.stack) {
      const f = this.byField[field];
      if (!f) continue;
      out ??= { table: new Array<number>(128).fill(0), nonAscii: 0 };
      for (let c = 0; c < 128; c++) out.table[c] |= f.table[c] ?? 0;
      out.nonAscii |= f.nonAscii;
    }
    return out;
  }

  /** `body`'s result, with `fields` on the stack while it runs. */
  within<T>(fields: readonly FlagKey[], body: () => T): T {
    this.stack.push(...fields);
    try {
      return body();
    } finally {
      this.stack.length -= fields.length;
    }
  }

  /** `rule:NAME` when the caller gave flags for the code units rule NAME consumes; otherwise null. */
  ruleKey(name: string): FlagKey | null {
    const key = `rule:${name}` as const;
    return this.byField[key] ? key : null;
  }

  /** The bits of `fields` that matter only at a part's start (FieldFlags.partStart). */
  partStart(fields: readonly FlagKey[]): number {
    let bits = 0;
    for (const f of fields) bits |= this.byField[f]?.partStart ?? 0;
    return bits;
  }
}

/** A charset's table with flags: 0 not in the set, 1 in it and raising nothing, 1 | bits otherwise. */
export function flaggedTable(table: ArrayLike<number>, flags: RaisedFlags): Uint32Array {
  const out = new Uint32Array(128);
  for (let c = 0; c < 128; c++) out[c] = table[c] === 1 ? 1 | flags.table[c] : 0;
  return out;
}

/**
 * For the separators `x` of a run of marked parts (the emitter's markedRunsBody): the bits each
 * raises (0 for a code unit that is no separator), or null when none raises any.
 */
export function separatorFlagTable(x: Uint8Array, flags: RaisedFlags | null): Uint32Array | null {
  if (!flags || !flags.table.some((bits, c) => bits !== 0 && x[c] === 1)) return null;
  return Uint32Array.from(flags.table, (bits, c) => (x[c] === 1 ? bits : 0));
}

/** How a literal's letters matched in either case raise their flags (see literalFlags). */
export interface LiteralFlags {
  /** The indexes of the letters, matched in either case, that raise bits in one case or both. */
  readonly letters: readonly number[];
  /** The bits the first of them raises in upper case. */
  readonly upperBits: number;
  /**
   * True when every one of them raises nothing in lower case and `upperBits` in upper case (a
   * scheme's flags): then one test of the code units read says whether any was in upper case.
   */
  readonly byCase: boolean;
}

/**
 * The letters of a literal whose flags can only be known at run time (a letter matched in either
 * case whose two cases raise different bits), under the flags `flags` of the place it is in.
 */
export function literalFlags(text: string, caseInsensitive: boolean, flags: RaisedFlags | null): LiteralFlags {
  const letters: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (caseInsensitive && isASCIILetter(c) && flags && (flags.table[c | 0x20] !== 0 || flags.table[c & ~0x20] !== 0)) letters.push(i);
  }
  const upperBits = letters.length === 0 ? 0 : flags!.table[text.charCodeAt(letters[0]) & ~0x20];
  const byCase = upperBits !== 0 && letters.every((i) => flags!.table[text.charCodeAt(i) | 0x20] === 0 && flags!.table[text.charCodeAt(i) & ~0x20] === upperBits);
  return { letters, upperBits, byCase };
}

/** Throws when a `rule:NAME` key of `flags` names no rule of `g`: its flags would never be raised. */
export function checkFlagKeys(g: Grammar, flags: FlagsByField): void {
  for (const key of Object.keys(flags)) {
    if (!key.startsWith('rule:')) continue;
    const name = key.slice('rule:'.length);
    if (!Object.prototype.hasOwnProperty.call(g, name)) {
      throw new Error(`matcher generator: flags are given for rule "${name}" (key "${key}"), which is not a rule of the grammar`);
    }
  }
}
