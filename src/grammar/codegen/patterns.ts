// The pattern recognisers: shapes of the grammar that the emitter writes as one tight loop instead
// of the code it writes for each piece (a path's segments and separators as one run, a run of a
// charset inside a choice). Each is a question about the shape and the rules it refers to, with
// a PEG argument for why the loop matches exactly what the pieces would; they are kept here, as
// plain functions of an explicit context, so that the argument can be read apart from the code
// that is written once the answer is yes.

import type { Grammar, RecordField, Shape } from '../../../grammar/vocabulary';
import { charsetOf, runSetApartFrom, singleUnitTable, type Charset, type CharsetShape } from './charsets';
import type { ShapeFacts } from './first';
import type { FieldStack, FlagKey } from './flags';

/** What the recognisers read of the generator: the grammar, its options and where it is. */
export interface PatternContext {
  readonly g: Grammar;
  /** GenerateOptions.guard: the charsets of runs leave out TAB, LF and CR. */
  readonly guard: boolean;
  /** GenerateOptions.unmarked, as a set. */
  readonly unmarked: ReadonlySet<string>;
  readonly facts: ShapeFacts;
  readonly fieldStack: FieldStack;
  /** The rules being inlined right now: one met again inside itself is not looked through. */
  readonly open: ReadonlySet<string>;
  /** The rules that have a function of their own already. */
  readonly ruleIds: ReadonlyMap<string, string>;
}

/** A run of a charset, with the fields (and rule flag keys) of the rules on the way to it. */
export interface CharsetRepetition {
  set: CharsetShape;
  fields: FlagKey[];
}

/** separatedRuns' analysis: the union's charset, X when it leads, X, and the unmarked field of the parts (if any). */
export interface SeparatedRuns {
  union: Charset;
  lead: Uint8Array | null;
  x: Uint8Array;
  field: RecordField | null;
  /** The bits of the parts' fields that matter only at a part's start (FieldFlags.partStart). */
  partStart: number;
}

/** markedRuns' analysis: the rule R of the parts, its field, its run of A, X and the fields around X, and whether X leads. */
export interface MarkedRuns {
  rule: string;
  field: RecordField;
  a: CharsetRepetition;
  x: Uint8Array;
  xFields: FlagKey[];
  lead: boolean;
}

/** charsetRunOfChoice's analysis: the choice's one charset, and its other alternatives in order. */
export interface ChoiceRun {
  charset: CharsetShape;
  others: Shape[];
}

/**
 * `shape` with mark-free rules looked through (and one-item sequences unwrapped), with the
 * fields of the unmarked rules passed on the way; null when a rule on the way would mark.
 */
function resolve(ctx: PatternContext, shape: Shape, fields: FlagKey[]): Shape | null {
  for (;;) {
    if (shape.kind === 'sequence' && shape.items.length === 1) shape = shape.items[0];
    else if (shape.kind === 'nonTerminal') {
      const r = ctx.g[shape.name];
      if (!r || ctx.open.has(shape.name)) return null;
      if (r.field) {
        if (!ctx.unmarked.has(r.field)) return null;
        fields.push(r.field);
      }
      const key = ctx.fieldStack.ruleKey(shape.name);
      if (key !== null) fields.push(key);
      shape = r.shape;
    } else return shape;
  }
}

/** A run of a charset: `zeroOrMore(charset)`, looked through rules; with the fields on the way. */
function charsetRepetition(ctx: PatternContext, shape: Shape): CharsetRepetition | null {
  const fields: FlagKey[] = [];
  const s = resolve(ctx, shape, fields);
  if (!s || s.kind !== 'zeroOrMore') return null;
  const item = resolve(ctx, s.item, fields);
  if (!item || item.kind !== 'charset') return null;
  return { set: item, fields };
}

/**
 * Runs of a charset A separated by single code units of a charset X that A does not hold:
 * `sequence(A*, zeroOrMore(sequence(X, A*)))` (with `lead` false) or `zeroOrMore(sequence(X,
 * A*))` (with `lead` true: the first code unit must be in X), with nothing inside that marks
 * (a path whose segments are generated without marks). Under PEG both match exactly the
 * longest run of code units of A or X (from one of X, for `lead`): each X is one code unit,
 * and where neither set goes on both stop. The union is one run, which a long path crosses in
 * native code instead of a loop and a call per segment. Null when `shape` is not of that form.
 */
export function separatedRuns(ctx: PatternContext, shape: Shape): SeparatedRuns | null {
  let lead = false;
  let a: CharsetRepetition | null;
  let rest: Shape;
  if (shape.kind === 'sequence' && shape.items.length === 2) {
    a = charsetRepetition(ctx, shape.items[0]);
    rest = shape.items[1];
  } else if (shape.kind === 'zeroOrMore') {
    a = null;
    lead = true;
    rest = shape;
  } else return null;
  if (!lead && a === null) return null;
  if (!ctx.facts.markFreeButUnmarked(shape)) return null;
  const restFields: FlagKey[] = [];
  const loop = resolve(ctx, rest, restFields);
  if (!loop || loop.kind !== 'zeroOrMore') return null;
  const seq = resolve(ctx, loop.item, restFields);
  if (!seq || seq.kind !== 'sequence' || seq.items.length !== 2) return null;
  const xFields = [...restFields];
  const x = resolve(ctx, seq.items[0], xFields);
  const b = charsetRepetition(ctx, seq.items[1]);
  if (!x || !b) return null;
  const bFields = [...restFields, ...b.fields];
  if (a !== null) {
    if (a.set.set !== b.set.set || !!a.set.negated !== !!b.set.negated || a.fields.join() !== b.fields.join() || restFields.length > 0) return null;
  }
  const xTable = singleUnitTable(x);
  const as = xTable && runSetApartFrom(b.set, xTable, ctx.guard);
  if (!xTable || !as) return null;
  // the union's table: 1 | the flags each code unit raises where it is consumed
  const aFlags = ctx.fieldStack.within(bFields, () => ctx.fieldStack.current());
  const xFlags = ctx.fieldStack.within(xFields, () => ctx.fieldStack.current());
  const table = new Uint32Array(128);
  for (let c = 0; c < 128; c++) {
    if (as.table[c] === 1) table[c] = 1 | (aFlags ? aFlags.table[c] : 0);
    else if (xTable[c] === 1) table[c] = 1 | (xFlags ? xFlags.table[c] : 0);
  }
  const union: Charset = { table, nonAscii: as.nonAscii, raiseNonAscii: as.nonAscii && aFlags ? aFlags.nonAscii : 0 };
  const partStart = ctx.fieldStack.partStart(bFields);
  return { union, lead: lead ? xTable : null, x: xTable, field: (bFields.find((f) => ctx.unmarked.has(f)) as RecordField | undefined) ?? null, partStart };
}

/**
 * The same form as separatedRuns, with the runs of A being a rule R with a field that is
 * marked: `sequence(R, zeroOrMore(sequence(X, R)))` (or `zeroOrMore(sequence(X, R))`, `lead`),
 * where R's shape is `zeroOrMore(charset A)` with nothing inside that marks, and X is one ASCII
 * code unit not in A (a path and its segments). It matches as the rules do, a mark for each run
 * of A, in one loop: no call, gate or temporary per segment. Null when `shape` is not of that form.
 */
export function markedRuns(ctx: PatternContext, shape: Shape): MarkedRuns | null {
  let lead = false;
  let first: Shape | null = null;
  let rest: Shape;
  if (shape.kind === 'sequence' && shape.items.length === 2) {
    first = shape.items[0];
    rest = shape.items[1];
  } else if (shape.kind === 'zeroOrMore') {
    lead = true;
    rest = shape;
  } else return null;
  if (rest.kind !== 'zeroOrMore' || rest.item.kind !== 'sequence' || rest.item.items.length !== 2) return null;
  const [xShape, again] = rest.item.items;
  if (again.kind !== 'nonTerminal' || (first !== null && (first.kind !== 'nonTerminal' || first.name !== again.name))) return null;
  const r = ctx.g[again.name];
  if (!r || !r.field || ctx.unmarked.has(r.field) || ctx.open.has(again.name) || ctx.ruleIds.has(again.name)) return null;
  if (!ctx.facts.markFree(r.shape)) return null;
  const a = charsetRepetition(ctx, r.shape);
  if (!a) return null;
  a.fields.unshift(r.field);
  const xFields: FlagKey[] = [];
  const x = resolve(ctx, xShape, xFields);
  if (!x || !ctx.facts.markFree(xShape)) return null;
  const xTable = singleUnitTable(x);
  if (!xTable || !runSetApartFrom(a.set, xTable, ctx.guard)) return null;
  return { rule: again.name, field: r.field, a, x: xTable, xFields, lead };
}

/**
 * For a choice with exactly one charset alternative whose code units no other alternative can
 * start with (and no other alternative that can match empty or is not known statically): that
 * charset, and the other alternatives in order. At any place at most one alternative can then
 * match, so a repetition of the choice can take runs of the charset in a tight loop and try the
 * others where it stops.
 */
export function charsetRunOfChoice(ctx: PatternContext, shape: Shape): ChoiceRun | null {
  if (shape.kind !== 'choice') return null;
  const sets = shape.items.filter((s): s is CharsetShape => s.kind === 'charset');
  if (sets.length !== 1) return null;
  const charset = sets[0];
  const cs = charsetOf(charset.set, !!charset.negated);
  const others = shape.items.filter((s) => s !== charset);
  for (const o of others) {
    const f = ctx.facts.first(o);
    if (f.open || f.nullable) return null;
    if (f.nonAscii && cs.nonAscii !== false) return null;
    for (let c = 0; c < 128; c++) if (f.table[c] && cs.table[c]) return null;
  }
  return { charset, others };
}
