// The fast backend of the rule compiler: grammar rule objects -> one generated JavaScript matcher
// per entry rule.
//
// src/grammar/compile.ts is the reference backend: parsimmon parsers that also say, when a match
// fails, how far it got and what was expected (the writing checker and the diagrams use that).
// On the parser's hot path that bookkeeping is most of the cost, so this backend compiles the same
// rules to plain code: one function per rule and per shape, charsets as lookup tables, PEG
// semantics (ordered choice, greedy repetition that never gives back, lookahead and not) kept
// exactly. It produces the same marks as the reference backend; test/grammar-backends.test.ts
// checks that on every WPT input, the real-world corpus and random strings.
//
// The generated code is built from the rule objects alone: no hand-written scanner.

import type { Grammar, RecordField, Shape } from '../../grammar/vocabulary';
import type { CompileContext, Mark, Match } from './compile';
import { cachedPerEntry, isMarkFree } from './analysis';

export interface FastMatcher {
  /** Matches from `start` (default 0): the end and the marks, or null. */
  (input: string, start?: number): Match | null;
  /**
   * The same match without building mark objects: returns the end or -1, and leaves the marks in
   * `flat[0 .. used())` as (field index into `fields`, start, end) triples until the next call
   * (entries past `used()` are left over from earlier calls).
   */
  scan(input: string, start?: number): number;
  readonly flat: readonly number[];
  /** How many entries of `flat` the last scan filled. */
  used(): number;
  readonly fields: readonly RecordField[];
  /** For each field index: the grammar rule whose mark it is ('' for the runs of an unmarked field, see `separators`). */
  readonly rules: readonly string[];
  /**
   * For a field index whose marks are runs (GenerateOptions.unmarked): the code units that
   * separate its runs' parts; null for every other field. A run mark spans `A* (X A*)*` with X
   * these code units: the field's own marks are then the maximal parts between them.
   */
  readonly separators: readonly (Uint8Array | null)[];
  /**
   * The field flags (GenerateOptions.flags) that the last scan raised, ORed together; 0 when the
   * matcher was generated without flags.
   */
  flags(): number;
}

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

/** separatedRuns' analysis: the union's charset, X when it leads, X, and the unmarked field of the parts (if any). */
interface SeparatedRuns {
  union: Charset;
  lead: Uint8Array | null;
  x: Uint8Array;
  field: RecordField | null;
  /** The bits of the parts' fields that matter only at a part's start (FieldFlags.partStart). */
  partStart: number;
}

interface First {
  table: Uint8Array;
  nonAscii: boolean;
  nullable: boolean;
  open: boolean;
}

interface Charset {
  table: Uint8Array | Uint32Array; // 1 where an ASCII code unit is in the set (with flags: see charsetTest)
  nonAscii: boolean | RegExp; // whether a code unit >= 0x80 is in the set (or a test for it)
  raiseNonAscii?: number; // for separatedRuns' union: the flags a code unit >= 0x80 raises
}

function charsetOf(set: string, negated: boolean): Charset {
  const re = new RegExp(`[${set}]`);
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = re.test(String.fromCharCode(c)) !== negated ? 1 : 0;
  // A set written with ASCII only, and no \u escape above U+007F, holds no code unit >= 0x80.
  const escapes = [...set.matchAll(/\\u([0-9A-Fa-f]{4})/g)].map((m) => parseInt(m[1], 16));
  const asciiOnly = !/[^\x00-\x7F]|\\[pPuU]\{/.test(set) && escapes.every((cp) => cp < 0x80);
  const nonAscii: boolean | RegExp = asciiOnly ? negated : new RegExp(`[${negated ? '^' : ''}${set}]`);
  return { table, nonAscii };
}

/** Whether `c` is an ASCII letter. */
function isASCIILetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

class Generator {
  private readonly fns: string[] = [];
  private readonly ruleIds = new Map<string, number>();
  private count = 0;
  readonly charsets: Charset[] = [];
  /** Sticky regular expressions (as source) for long runs of a charset: R0, R1, ... in the generated code. */
  readonly regexes: string[] = [];
  /** How many flagged runs have a cache of expressions by the flags already raised: S0, S1, ... */
  private saturatedCaches = 0;
  readonly fields: string[] = [];
  /** For each entry of `fields`: the rule whose marks have that index ('' for the runs of an unmarked field). */
  readonly fieldRules: string[] = [];
  /** For each entry of `fields`: the separator table when its marks are runs (see FastMatcher.separators). */
  readonly separators: (Uint8Array | null)[] = [];

  constructor(
    private readonly g: Grammar,
    private readonly ctx: CompileContext,
    private readonly guard = false,
    private readonly flagsByField: FlagsByField = {},
    private readonly unmarked: ReadonlySet<string> = new Set(),
  ) {}

  /** The fields of the rules being generated, innermost last (a rule with a field pushes it). */
  private readonly fieldStack: FlagKey[] = [];

  /**
   * The flags that code consumed here raises: those of every field on the stack (a code unit
   * inside a nested field is inside the outer one too), or null when none has flags.
   */
  private currentFlags(): { table: number[]; nonAscii: number } | null {
    let out: { table: number[]; nonAscii: number } | null = null;
    for (const field of this.fieldStack) {
      const f = this.flagsByField[field];
      if (!f) continue;
      out ??= { table: new Array<number>(128).fill(0), nonAscii: 0 };
      for (let c = 0; c < 128; c++) out.table[c] |= f.table[c] ?? 0;
      out.nonAscii |= f.nonAscii;
    }
    return out;
  }

  private readonly freeCache = new Map<Shape, boolean>();
  private readonly freeButUnmarkedCache = new Map<Shape, boolean>();

  /**
   * True when `shape` (with the rules it refers to) can produce no mark (cached). A rule of an
   * unmarked field can: a run of it leaves one mark (separatedRunBody).
   */
  private markFree(shape: Shape): boolean {
    let free = this.freeCache.get(shape);
    if (free === undefined) {
      free = isMarkFree(this.g, shape);
      this.freeCache.set(shape, free);
    }
    return free;
  }

  /** True when nothing in `shape` marks but rules of unmarked fields (cached). */
  private markFreeButUnmarked(shape: Shape): boolean {
    let free = this.freeButUnmarkedCache.get(shape);
    if (free === undefined) {
      free = isMarkFree(this.g, shape, new Set(), this.unmarked);
      this.freeButUnmarkedCache.set(shape, free);
    }
    return free;
  }

  private readonly firstCache = new Map<Shape, First>();

  /**
   * What `shape` can start with (its FIRST set over ASCII, and whether a code unit >= 0x80 can
   * start it), whether it can match the empty string, and `open` when that cannot be known
   * statically (lookahead, a context terminal, recursion): then nothing is gated on it.
   */
  private first(shape: Shape, seen: Set<string> = new Set()): First {
    const hit = this.firstCache.get(shape);
    if (hit) return hit;
    const out: First = { table: new Uint8Array(128), nonAscii: false, nullable: false, open: false };
    const add = (f: First) => {
      for (let c = 0; c < 128; c++) if (f.table[c]) out.table[c] = 1;
      out.nonAscii ||= f.nonAscii;
      out.open ||= f.open;
    };
    switch (shape.kind) {
      case 'terminal': {
        if (shape.text === '') out.nullable = true;
        else {
          const c = shape.text.charCodeAt(0);
          if (c >= 0x80) out.nonAscii = true;
          else {
            out.table[c] = 1;
            if (shape.caseInsensitive) {
              out.table[String.fromCharCode(c).toLowerCase().charCodeAt(0)] = 1;
              out.table[String.fromCharCode(c).toUpperCase().charCodeAt(0)] = 1;
            }
          }
        }
        break;
      }
      case 'charset': {
        const cs = charsetOf(shape.set, !!shape.negated);
        out.table.set(cs.table);
        out.nonAscii = cs.nonAscii !== false;
        break;
      }
      case 'sequence': {
        out.nullable = true;
        for (const item of shape.items) {
          const f = this.first(item, seen);
          add(f);
          if (!f.nullable) {
            out.nullable = false;
            break;
          }
        }
        break;
      }
      case 'choice':
        for (const item of shape.items) {
          const f = this.first(item, seen);
          add(f);
          out.nullable ||= f.nullable;
        }
        break;
      case 'optional':
      case 'zeroOrMore':
        add(this.first(shape.item, seen));
        out.nullable = true;
        break;
      case 'oneOrMore': {
        const f = this.first(shape.item, seen);
        add(f);
        out.nullable = f.nullable;
        break;
      }
      case 'nonTerminal': {
        const r = this.g[shape.name];
        if (!r || seen.has(shape.name)) {
          out.open = true;
          break;
        }
        seen.add(shape.name);
        const f = this.first(r.shape, seen);
        seen.delete(shape.name);
        add(f);
        out.nullable = f.nullable;
        break;
      }
      default:
        // lookahead, not, end, context terminals: not known statically
        out.open = true;
        out.nullable = true;
    }
    this.firstCache.set(shape, out);
    return out;
  }

  /**
   * `expr` guarded by a test of the code unit at position `v` against the FIRST set of `shape`
   * (an LL(1) prediction that skips an alternative that cannot match), when the set says
   * anything: a condition to put before `expr`, or null.
   */
  private gate(shape: Shape, v: string): string | null {
    // a terminal or a charset tests its first code unit itself
    if (shape.kind === 'terminal' || shape.kind === 'charset') return null;
    const f = this.first(shape);
    if (f.open || f.nullable) return null;
    const k = this.charsets.push({ table: f.table, nonAscii: f.nonAscii }) - 1;
    return `(${v} < len && ((c = CCA.call(input, ${v})) < 128 ? T${k}[c] === 1 : ${f.nonAscii}))`;
  }

  /** `shape` at `v` behind its FIRST-set gate: the new position, or -1. */
  private gated(shape: Shape, v: string): string {
    const g = this.gate(shape, v);
    const expr = this.shape(shape, v);
    return g === null ? expr : `(${g} ? ${expr} : -1)`;
  }

  /**
   * `shape` with mark-free rules looked through (and one-item sequences unwrapped), with the
   * fields of the unmarked rules passed on the way; null when a rule on the way would mark.
   */
  private resolve(shape: Shape, fields: FlagKey[]): Shape | null {
    for (;;) {
      if (shape.kind === 'sequence' && shape.items.length === 1) shape = shape.items[0];
      else if (shape.kind === 'nonTerminal') {
        const r = this.g[shape.name];
        if (!r || this.open.has(shape.name)) return null;
        if (r.field) {
          if (!this.unmarked.has(r.field)) return null;
          fields.push(r.field);
        }
        const key = this.ruleFlagKey(shape.name);
        if (key !== null) fields.push(key);
        shape = r.shape;
      } else return shape;
    }
  }

  /** A run of a charset: `zeroOrMore(charset)`, looked through rules; with the fields on the way. */
  private charsetRepetition(shape: Shape): { set: Extract<Shape, { kind: 'charset' }>; fields: FlagKey[] } | null {
    const fields: FlagKey[] = [];
    const s = this.resolve(shape, fields);
    if (!s || s.kind !== 'zeroOrMore') return null;
    const item = this.resolve(s.item, fields);
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
  private separatedRuns(shape: Shape): SeparatedRuns | null {
    let lead = false;
    let a: ReturnType<Generator['charsetRepetition']>;
    let rest: Shape;
    if (shape.kind === 'sequence' && shape.items.length === 2) {
      a = this.charsetRepetition(shape.items[0]);
      rest = shape.items[1];
    } else if (shape.kind === 'zeroOrMore') {
      a = null;
      lead = true;
      rest = shape;
    } else return null;
    if (!lead && a === null) return null;
    if (!this.markFreeButUnmarked(shape)) return null;
    const restFields: FlagKey[] = [];
    const loop = this.resolve(rest, restFields);
    if (!loop || loop.kind !== 'zeroOrMore') return null;
    const seq = this.resolve(loop.item, restFields);
    if (!seq || seq.kind !== 'sequence' || seq.items.length !== 2) return null;
    const xFields = [...restFields];
    const x = this.resolve(seq.items[0], xFields);
    const b = this.charsetRepetition(seq.items[1]);
    if (!x || !b) return null;
    const bFields = [...restFields, ...b.fields];
    if (a !== null) {
      if (a.set.set !== b.set.set || !!a.set.negated !== !!b.set.negated || a.fields.join() !== b.fields.join() || restFields.length > 0) return null;
    }
    const xTable = singleUnitTable(x);
    const as = xTable && this.runSetApartFrom(b.set, xTable);
    if (!xTable || !as) return null;
    // the union's table: 1 | the flags each code unit raises where it is consumed
    const withFields = (fields: FlagKey[]) => {
      this.fieldStack.push(...fields);
      try {
        return this.currentFlags();
      } finally {
        this.fieldStack.length -= fields.length;
      }
    };
    const aFlags = withFields(bFields);
    const xFlags = withFields(xFields);
    const table = new Uint32Array(128);
    for (let c = 0; c < 128; c++) {
      if (as.table[c] === 1) table[c] = 1 | (aFlags ? aFlags.table[c] : 0);
      else if (xTable[c] === 1) table[c] = 1 | (xFlags ? xFlags.table[c] : 0);
    }
    const union: Charset = { table, nonAscii: as.nonAscii, raiseNonAscii: as.nonAscii && aFlags ? aFlags.nonAscii : 0 };
    let partStart = 0;
    for (const f of bFields) partStart |= this.flagsByField[f]?.partStart ?? 0;
    return { union, lead: lead ? xTable : null, x: xTable, field: (bFields.find((f) => this.unmarked.has(f)) as RecordField | undefined) ?? null, partStart };
  }

  /**
   * The same form as separatedRuns, with the runs of A being a rule R with a field that is
   * marked: `sequence(R, zeroOrMore(sequence(X, R)))` (or `zeroOrMore(sequence(X, R))`, `lead`),
   * where R's shape is `zeroOrMore(charset A)` with nothing inside that marks, and X is one ASCII
   * code unit not in A (a path and its segments). It matches as the rules do, a mark for each run
   * of A, in one loop: no call, gate or temporary per segment. Null when `shape` is not of that form.
   */
  private markedRuns(shape: Shape): { rule: string; field: RecordField; a: { set: Extract<Shape, { kind: 'charset' }>; fields: FlagKey[] }; x: Uint8Array; xFields: FlagKey[]; lead: boolean } | null {
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
    const r = this.g[again.name];
    if (!r || !r.field || this.unmarked.has(r.field) || this.open.has(again.name) || this.ruleIds.has(again.name)) return null;
    if (!this.markFree(r.shape)) return null;
    const a = this.charsetRepetition(r.shape);
    if (!a) return null;
    a.fields.unshift(r.field);
    const xFields: FlagKey[] = [];
    const x = this.resolve(xShape, xFields);
    if (!x || !this.markFree(xShape)) return null;
    const xTable = singleUnitTable(x);
    if (!xTable || !this.runSetApartFrom(a.set, xTable)) return null;
    return { rule: again.name, field: r.field, a, x: xTable, xFields, lead };
  }

  /** The function body for markedRuns. */
  private markedRunsBody(runs: NonNullable<ReturnType<Generator['markedRuns']>>): string {
    const fieldIndex = this.fields.push(runs.field) - 1;
    this.fieldRules.push(runs.rule);
    this.fieldStack.push(...runs.a.fields);
    let run: string;
    try {
      run = this.charsetRun(runs.a.set.set, !!runs.a.set.negated);
    } finally {
      this.fieldStack.length -= runs.a.fields.length;
    }
    this.fieldStack.push(...runs.xFields);
    let xFlags: { table: number[]; nonAscii: number } | null;
    try {
      xFlags = this.currentFlags();
    } finally {
      this.fieldStack.length -= runs.xFields.length;
    }
    const xk = this.charsets.push({ table: runs.x, nonAscii: false }) - 1;
    let raise = '';
    if (xFlags && xFlags.table.some((bits, c) => bits !== 0 && runs.x[c] === 1)) {
      const fk = this.charsets.push({ table: Uint32Array.from(xFlags.table, (bits, c) => (runs.x[c] === 1 ? bits : 0)), nonAscii: false }) - 1;
      raise = `fl |= T${fk}[c]; `;
    }
    const separator = `if (q < len && (c = CCA.call(input, q)) < 128 && T${xk}[c] === 1) { ${raise}q++; s = q; } else break;`;
    const mark = `marks[nm] = ${fieldIndex}; marks[nm + 1] = s; marks[nm + 2] = q; nm += 3;`;
    const loop = runs.lead ? `for (;;) { ${separator} ${run} ${mark} }` : `for (;;) { ${run} ${mark} ${separator} }`;
    return `let q = p, s = p; ${loop} return q;`;
  }

  /**
   * The charset of a run of A (as this generator tests it: a guarded matcher takes no TAB, LF or
   * CR), when its non-ASCII part is all or nothing and it has none of the code units of `x`.
   */
  private runSetApartFrom(set: Extract<Shape, { kind: 'charset' }>, x: Uint8Array): Charset | null {
    const as = charsetOf(set.set, !!set.negated);
    if (typeof as.nonAscii !== 'boolean') return null;
    if (this.guard) for (const c of GUARDED_ASCII) as.table[c] = 0;
    for (let c = 0; c < 128; c++) if (x[c] === 1 && as.table[c] === 1) return null;
    return as;
  }

  /** The function body for separatedRuns: a run of the union, taken as charsetRun takes one. */
  private separatedRunBody(runs: SeparatedRuns): string {
    const k = this.charsets.push(runs.union) - 1;
    // the separators' table, for the leading one and for the part-start test (one table for both)
    const xk = runs.lead || runs.partStart !== 0 ? this.charsets.push({ table: runs.x, nonAscii: false }) - 1 : -1;
    const raise = runs.union.raiseNonAscii ?? 0;
    let high = String(runs.union.nonAscii);
    if (this.guard && runs.union.nonAscii !== false) high = `(c < 0xd800 || c > 0xdfff) && ${high}`;
    if (raise !== 0) high = `${high} && (fa |= ${raise}) !== 0`;
    const test = `(q < len && ((c = CCA.call(input, q)) < 128 ? (u = T${k}[c]) !== 0 && (fa |= u) !== 0 : ${high}))`;
    const cls = runClass(runs.union.table, runs.union.nonAscii ? this.highRange() : '', raise, 0);
    const loop =
      cls === ''
        ? `while (${test}) q++;`
        : runWithBackoff(
            test,
            this.regexes.push(`/[${cls}]*/y`) - 1,
            this.saturating(k, runs.union.nonAscii === true, raise),
            flaggedShortRun(
              k,
              this.highTest(runs.union.nonAscii === true),
              runs.union.nonAscii === true ? raise : 0,
              runs.partStart === 0 ? null : { bits: runs.partStart, x: xk },
            ),
          );
    let start = '';
    if (runs.lead) start = `if (!(q < len && (c = CCA.call(input, q)) < 128 && T${xk}[c] === 1)) return q; `;
    // One mark for the whole run, under the unmarked field: the parts between separators are its
    // marks, which the caller finds by the separator table (FastMatcher.separators). A run after
    // a leading separator (not empty, or it returned above) is marked from just after it.
    let mark = '';
    if (runs.field !== null) {
      const k = this.fields.push(runs.field) - 1;
      this.fieldRules.push('');
      this.separators[k] = runs.x;
      mark = `marks[nm] = ${k}; marks[nm + 1] = ${runs.lead ? 'p + 1' : 'p'}; marks[nm + 2] = q; nm += 3; `;
    }
    return `let q = p; ${start}{ let fa = 0; ${loop} fl |= fa; } ${mark}return q;`;
  }

  /**
   * For a choice with exactly one charset alternative whose code units no other alternative can
   * start with (and no other alternative that can match empty or is not known statically): that
   * charset, and the other alternatives in order.
   */
  private charsetRunOfChoice(shape: Shape): { charset: Extract<Shape, { kind: 'charset' }>; others: Shape[] } | null {
    if (shape.kind !== 'choice') return null;
    const sets = shape.items.filter((s): s is Extract<Shape, { kind: 'charset' }> => s.kind === 'charset');
    if (sets.length !== 1) return null;
    const charset = sets[0];
    const cs = charsetOf(charset.set, !!charset.negated);
    const others = shape.items.filter((s) => s !== charset);
    for (const o of others) {
      const f = this.first(o);
      if (f.open || f.nullable) return null;
      if (f.nonAscii && cs.nonAscii !== false) return null;
      for (let c = 0; c < 128; c++) if (f.table[c] && cs.table[c]) return null;
    }
    return { charset, others };
  }

  // Code is generated as expressions, inlined into each other: a rule or shape becomes an
  // expression of the position to match at, whose value is the position after the match, or -1
  // when it does not match (leaving the marks as they were). Only repetitions (a loop) and rules
  // that refer to themselves get functions of their own. Intermediate positions live in the
  // enclosing function's temporaries, so a whole URL is matched in a handful of calls.

  /** The temporaries of the function being generated (a stack: a loop's function nests). */
  private temps: number[] = [];

  private temp(): string {
    return `t${this.temps[this.temps.length - 1]++}`;
  }

  /** A function `name(p)` whose body is built by `body` (which may allocate temporaries). */
  private fn(name: string, body: () => string, comment = ''): void {
    this.temps.push(0);
    const text = body();
    const n = this.temps.pop()!;
    const decls = ['c', 'u', 'k', ...Array.from({ length: n }, (_, k) => `t${k}`)].join(', ');
    this.fns.push(`function ${name}(input, p) { input = '' + input; const len = input.length; let ${decls};${comment}\n  ${text}\n}`);
  }

  private fresh(): string {
    return `f${this.count++}`;
  }

  /** Rules being inlined right now: a rule met again inside itself becomes a function. */
  private readonly open = new Set<string>();

  /** The expression for rule `name` at `v`: inlined, or a call when the rule is recursive. */
  private ruleAt(name: string, v: string): string {
    if (this.open.has(name) || this.ruleIds.has(name)) return `${this.rule(name)}(input, ${v})`;
    this.open.add(name);
    try {
      return this.ruleBody(name, v);
    } finally {
      this.open.delete(name);
    }
  }

  /** `rule:NAME` when the caller gave flags for the code units rule NAME consumes; otherwise null. */
  private ruleFlagKey(name: string): FlagKey | null {
    const key = `rule:${name}` as const;
    return this.flagsByField[key] ? key : null;
  }

  /** A rule's match at `v`, with its mark when it has a field (and the rule's own flags raised). */
  private ruleBody(name: string, v: string): string {
    const key = this.ruleFlagKey(name);
    if (key === null) return this.fieldRuleBody(name, v);
    this.fieldStack.push(key);
    try {
      return this.fieldRuleBody(name, v);
    } finally {
      this.fieldStack.pop();
    }
  }

  private fieldRuleBody(name: string, v: string): string {
    const r = this.g[name];
    if (!r) throw new Error(`grammar: no rule named "${name}"`);
    if (!r.field) return this.shape(r.shape, v);
    if (this.unmarked.has(r.field)) {
      // generated without its marks: only its flags remain
      this.fieldStack.push(r.field);
      try {
        return this.shape(r.shape, v);
      } finally {
        this.fieldStack.pop();
      }
    }
    const fieldIndex = this.fields.push(r.field) - 1;
    this.fieldRules.push(name);
    const q = this.temp();
    this.fieldStack.push(r.field);
    try {
      if (this.markFree(r.shape)) {
        // nothing inside can mark: push the mark once the body has matched
        return (
          `((${q} = ${this.shape(r.shape, v)}) < 0 ? -1 : ` +
          `(marks[nm] = ${fieldIndex}, marks[nm + 1] = ${v}, marks[nm + 2] = ${q}, nm += 3, ${q}))`
        );
      }
      // this rule's mark comes before the marks of what it contains
      const m = this.temp();
      return (
        `(${m} = nm, marks[nm] = ${fieldIndex}, marks[nm + 1] = ${v}, marks[nm + 2] = -1, nm += 3, ` +
        `(${q} = ${this.shape(r.shape, v)}) < 0 ? (nm = ${m}, -1) : (marks[${m} + 2] = ${q}, ${q}))`
      );
    } finally {
      this.fieldStack.pop();
    }
  }

  /** The function `rN(p)` for rule `name` (generated once): the entry rule and recursive rules. */
  rule(name: string): string {
    const known = this.ruleIds.get(name);
    if (known !== undefined) return `r${known}`;
    const id = this.ruleIds.size;
    this.ruleIds.set(name, id);
    const fn = `r${id}`;
    this.open.add(name);
    this.fn(fn, () => `return ${this.ruleBody(name, 'p')};`, ` // rule ${JSON.stringify(name)}`);
    this.open.delete(name);
    return fn;
  }

  /** An expression that matches `text` at `v`: the position after it, or -1. */
  private literal(text: string, caseInsensitive: boolean, v: string): string {
    const checks: string[] = [];
    // Inside a field with flags: the bits its code units raise, known here for most; for a
    // letter matched in either case, found at run time. When every such letter raises nothing in
    // lower case and the same bits in upper case (a scheme's flags), the code units read for the
    // test are ANDed into `k` as they are read, and bit 0x20 of `k` then says whether one was in
    // upper case: no code unit is read a second time. Otherwise each letter's bits are looked up
    // in the flags table, reading it again.
    const flags = this.currentFlags();
    let known = 0;
    const letters: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (caseInsensitive && isASCIILetter(c) && flags && (flags.table[c | 0x20] !== 0 || flags.table[c & ~0x20] !== 0)) letters.push(i);
    }
    const upperBits = letters.length === 0 ? 0 : flags!.table[text.charCodeAt(letters[0]) & ~0x20];
    const byCase = upperBits !== 0 && letters.every((i) => flags!.table[text.charCodeAt(i) | 0x20] === 0 && flags!.table[text.charCodeAt(i) & ~0x20] === upperBits);
    const looked: string[] = [];
    let flagTable = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const at = i === 0 ? v : `${v} + ${i}`;
      if (caseInsensitive && isASCIILetter(c)) {
        if (!letters.includes(i)) checks.push(`(CCA.call(input, ${at}) | 0x20) === ${c | 0x20}`);
        else if (byCase) checks.push(i === letters[0] ? `((k = CCA.call(input, ${at})) | 0x20) === ${c | 0x20}` : `((c = CCA.call(input, ${at})) | 0x20) === ${c | 0x20} && (k &= c, true)`);
        else {
          checks.push(`(CCA.call(input, ${at}) | 0x20) === ${c | 0x20}`);
          if (flagTable < 0) flagTable = this.charsets.push({ table: Uint32Array.from(flags!.table), nonAscii: false }) - 1;
          looked.push(`T${flagTable}[CCA.call(input, ${at})]`);
        }
      } else {
        checks.push(`CCA.call(input, ${at}) === ${c}`);
        if (flags) known |= c < 128 ? flags.table[c] : flags.nonAscii;
      }
    }
    if (checks.length === 0) return v;
    // Never a read past the end: charCodeAt there is NaN and fails the test just the same, but a
    // read out of bounds makes V8 throw away the optimised code of the whole rule (a real-world
    // corpus that never ends inside a literal runs fast until one input does, then slower).
    checks.unshift(text.length === 1 ? `${v} < len` : `${v} + ${text.length} <= len`);
    const raise = [...(known !== 0 ? [String(known)] : []), ...(byCase ? [`((k & 0x20) === 0 ? ${upperBits} : 0)`] : looked)];
    const after = raise.length === 0 ? `${v} + ${text.length}` : `(fl |= ${raise.join(' | ')}, ${v} + ${text.length})`;
    return `(${checks.join(' && ')} ? ${after} : -1)`;
  }

  /**
   * A statement that advances `q` over a run of code units of the set: a loop over the first
   * RUN_LOOP, then, when the run goes on, a sticky regular expression of the same set (`[...]*`),
   * which V8 compiles to native code: on a long component the engine's scan is several times
   * faster than a loop of charCodeAt and table lookups, and on a short one the loop is cheaper
   * than a call. A set with a non-ASCII part that is neither all nor nothing keeps the plain loop.
   */
  private charsetRun(set: string, negated: boolean): string {
    // flags raised in the run are gathered in a local and stored once, after it
    const test = this.charsetTest(set, negated, 'q', 'fa');
    const cs = this.charsets[this.charsets.length - 1];
    const flagged = this.currentFlags();
    const open = flagged ? '{ let fa = 0; ' : '';
    const close = flagged ? ' fl |= fa; }' : '';
    if (typeof cs.nonAscii !== 'boolean') return `${open}while (${test}) q++;${close}`;
    // Inside a field with flags, the expression takes only the code units that raise none (table
    // value 1): it stops before one that does, which the loop then takes (raising its flags), and
    // the run goes on.
    const cls = runClass(cs.table, cs.nonAscii ? this.highRange() : '', flagged ? flagged.nonAscii : 0, 0);
    if (cls === '') return `${open}while (${test}) q++;${close}`;
    const k = this.regexes.push(`/[${cls}]*/y`) - 1;
    const t = this.charsets.length - 1;
    const high = this.highTest(cs.nonAscii);
    if (flagged) {
      const short = flaggedShortRun(t, high, cs.nonAscii ? flagged.nonAscii : 0);
      return `${open}${runWithBackoff(test, k, this.saturating(t, cs.nonAscii, flagged.nonAscii), short)}${close}`;
    }
    const short = `while (q < len && ((c = CCA.call(input, q)) < 128 ? T${t}[c] === 1 : ${high})) q++;`;
    return `${open}if (len - q <= ${RUN_LOOP}) ${short} else for (;;) { const q0 = q + ${RUN_LOOP}; while (q < q0 && ${test}) q++; if (q < q0) break; R${k}.lastIndex = q; R${k}.test(input); q = R${k}.lastIndex; }${close}`;
  }

  /** Whether a non-ASCII code unit `c` is in a set whose non-ASCII part is all (true) or nothing (false): a guarded matcher takes no surrogate. */
  private highTest(nonAscii: boolean): string {
    return this.guard && nonAscii ? '(c < 0xd800 || c > 0xdfff)' : String(nonAscii);
  }

  /**
   * The arguments of the generated `saturated` for a flagged run whose code units are charset
   * `t` (table values 1 | bits): its own cache of expressions, the table, the non-ASCII range
   * when the set has it, and the bits that non-ASCII code units raise.
   */
  private saturating(t: number, nonAscii: boolean, raiseNonAscii: number): string {
    const cache = this.saturatedCaches++;
    return `S${cache}, T${t}, ${JSON.stringify(nonAscii ? this.highRange() : '')}, ${raiseNonAscii}`;
  }

  /** A run's non-ASCII code units in a character class: all from U+0080 up, less the surrogates when guarded. */
  private highRange(): string {
    return this.guard ? '\\x80-\\uD7FF\\uE000-\\uFFFF' : '\\x80-\\uFFFF';
  }

  /** A condition: the code unit at `v` is in the set (uses a local `c`). */
  private charsetTest(set: string, negated: boolean, v: string, acc = 'fl'): string {
    const cs = charsetOf(set, negated);
    if (this.guard) for (const c of GUARDED_ASCII) cs.table[c] = 0;
    const flags = this.currentFlags();
    if (flags) {
      // table values: 0 not in the set, 1 in it and raising nothing, 1 | bits otherwise
      const table = new Uint32Array(128);
      for (let c = 0; c < 128; c++) table[c] = cs.table[c] === 1 ? 1 | flags.table[c] : 0;
      cs.table = table;
    }
    const k = this.charsets.push(cs) - 1;
    const nonAscii = cs.nonAscii;
    let high = typeof nonAscii === 'boolean' ? String(nonAscii) : `CS[${k}].nonAscii.test(input[${v}])`;
    if (this.guard && nonAscii !== false) high = `(c < 0xd800 || c > 0xdfff) && ${high}`;
    if (flags) {
      const raiseHigh = flags.nonAscii !== 0 && nonAscii !== false ? `${high} && (${acc} |= ${flags.nonAscii}) !== 0` : high;
      return `(${v} < len && ((c = CCA.call(input, ${v})) < 128 ? (u = T${k}[c]) !== 0 && (${acc} |= u) !== 0 : ${raiseHigh}))`;
    }
    return `(${v} < len && ((c = CCA.call(input, ${v})) < 128 ? T${k}[c] === 1 : ${high}))`;
  }

  /**
   * An expression that matches `shape` at position `v` (the name of a variable that the
   * expression does not assign): the position after the match, or -1 with the marks as they were.
   */
  shape(shape: Shape, v: string): string {
    switch (shape.kind) {
      case 'terminal':
        return this.literal(shape.text, !!shape.caseInsensitive, v);
      case 'contextTerminal': {
        const value = this.ctx[shape.param];
        return value === undefined ? '-1' : this.literal(value, !!shape.caseInsensitive, v);
      }
      case 'charset':
        return `(${this.charsetTest(shape.set, !!shape.negated, v)} ? ${v} + 1 : -1)`;
      case 'end':
        return `(${v} === len ? ${v} : -1)`;
      case 'nonTerminal':
        return this.ruleAt(shape.name, v);
      case 'choice': {
        // the first alternative that matches; a failed one has left the marks as they were
        const q = this.temp();
        const alts = shape.items.map((s) => {
          const g = this.gate(s, v);
          const test = `(${q} = ${this.shape(s, v)}) >= 0`;
          return `${g === null ? test : `(${g} && ${test})`} ? ${q} : `;
        });
        return `(${alts.join('')}-1)`;
      }
      case 'optional': {
        const q = this.temp();
        return `((${q} = ${this.gated(shape.item, v)}) < 0 ? ${v} : ${q})`;
      }
      case 'sequence': {
        if (shape.items.length === 1) return this.shape(shape.items[0], v);
        const runs = this.unmarked.size > 0 ? this.separatedRuns(shape) : null;
        if (runs) {
          const fn = this.fresh();
          this.fn(fn, () => this.separatedRunBody(runs));
          return `${fn}(input, ${v})`;
        }
        const marked = this.markedRuns(shape);
        if (marked) {
          const fn = this.fresh();
          this.fn(fn, () => this.markedRunsBody(marked));
          return `${fn}(input, ${v})`;
        }
        const free = this.markFree(shape);
        const q = this.temp();
        const m = free ? '' : this.temp();
        // each item starts where the one before ended; a failure after the first item drops the
        // marks the items before it left
        const steps = shape.items.map((s, k) => {
          const at = k === 0 ? v : q;
          const fail = free || k === 0 ? '-1' : `(nm = ${m}, -1)`;
          return `(${q} = ${this.shape(s, at)}) < 0 ? ${fail} : `;
        });
        return `(${free ? '' : `${m} = nm, `}${steps.join('')}${q})`;
      }
      case 'zeroOrMore':
      case 'oneOrMore': {
        const runs = this.unmarked.size > 0 && shape.kind === 'zeroOrMore' ? this.separatedRuns(shape) : null;
        if (runs) {
          const fn = this.fresh();
          this.fn(fn, () => this.separatedRunBody(runs));
          return `${fn}(input, ${v})`;
        }
        const marked = shape.kind === 'zeroOrMore' ? this.markedRuns(shape) : null;
        if (marked) {
          const fn = this.fresh();
          this.fn(fn, () => this.markedRunsBody(marked));
          return `${fn}(input, ${v})`;
        }
        const min = shape.kind === 'oneOrMore' ? 1 : 0;
        const run = this.charsetRunOfChoice(shape.item);
        const fn = this.fresh();
        this.fn(fn, () => {
          if (shape.item.kind === 'charset') {
            // the common case: a run of code points from a set
            return `let q = p; ${this.charsetRun(shape.item.set, !!shape.item.negated)} return q - p >= ${min} ? q : -1;`;
          }
          if (run) {
            // a choice with one charset alternative that no other alternative can start with: at
            // any place at most one alternative can match, so take runs of the charset in a tight
            // loop and try the others where it stops (the same match as the choice, item by item)
            const loop = this.charsetRun(run.charset.set, !!run.charset.negated);
            const others = run.others.map((o) => `(r = ${this.gated(o, 'q')}) >= 0`).join(' || ');
            return (
              `let q = p, r = -1;\n` +
              `  for (;;) { ${loop} if (!(${others}) || r === q) break; q = r; }\n` +
              `  return q - p >= ${min} ? q : -1;`
            );
          }
          const item = this.gated(shape.item, 'q');
          return (
            `let q = p, n = 0;\n` +
            `  for (;;) { const r = ${item}; if (r < 0 || r === q) break; q = r; n++; }\n` +
            `  return n >= ${min} ? q : -1;`
          );
        });
        return `${fn}(input, ${v})`;
      }
      case 'lookahead':
      case 'not': {
        const q = this.temp();
        const want = shape.kind === 'lookahead' ? `${q} >= 0` : `${q} < 0`;
        if (this.markFree(shape.item)) return `((${q} = ${this.shape(shape.item, v)}), ${want} ? ${v} : -1)`;
        const m = this.temp();
        return `(${m} = nm, ${q} = ${this.shape(shape.item, v)}, nm = ${m}, ${want} ? ${v} : -1)`;
      }
    }
  }

  source(entry: string): string {
    const top = this.rule(entry);
    const tables =
      this.charsets.map((_, k) => `const T${k} = CS[${k}].table;`).join('\n') +
      this.regexes.map((re, k) => `\nconst R${k} = ${re};`).join('') +
      Array.from({ length: this.saturatedCaches }, (_, k) => `\nconst S${k} = new Map();`).join('');
    // The input travels as every function's first argument, and positions as the second and
    // as return values. (Read from a variable of the enclosing scope instead, the input was a
    // value TurboFan knew nothing of in each function that read it, and the loops over its code
    // units ran slower.) Marks are kept flat, three numbers each (field
    // index, start, end), in one array reused from call to call; `scan` leaves them there for
    // the caller to read before the next call. The array is shortened only when a long input has
    // left it much larger than the marks of this scan (giving storage back on every scan would
    // mean allocating it again on the next): `used()` says how much is current.
    return (
      '"use strict";\n' +
      '// Code units are read through String.prototype.charCodeAt itself, not `input.charCodeAt`: a\n' +
      '// property read of charCodeAt on strings of many kinds (sliced, flat, one- or two-byte,\n' +
      '// internalized, thin...) turns megamorphic after a program has passed enough kinds of strings,\n' +
      '// and then every read of a code unit is a slow call; a call through the function stays fast.\n' +
      'const CCA = String.prototype.charCodeAt;\n' +
      "// Each function first writes `input = '' + input`: for a string, V8 compiles that to a check\n" +
      '// that it is one, and no copy. Without it, in a process that had parsed varied URLs first\n' +
      '// (kinds of string of every sort), the same functions ran measurably slower on the same inputs\n' +
      '// than in a fresh one; with it, they did not (issue 21).\n' +
      'const marks = [];\n' +
      'let nm = 0; // how many entries of marks are in use: dropping marks is one assignment\n' +
      'let fl = 0; // the field flags raised so far (only ever ORed: a match given up keeps what it raised)\n' +
      tables +
      '\n' +
      this.fns.join('\n') +
      `\nfunction scan(s, start) {\n` +
      `  nm = 0; fl = 0;\n` +
      `  const end = ${top}(s, start === undefined ? 0 : start);\n` +
      `  if (marks.length > 65536 && nm < marks.length >> 2) marks.length = nm; // after a long input, give the storage back\n` +
      `  return end;\n}\n` +
      `function used() { return nm; }\n` +
      `function flags() { return fl; }\n` +
      `function match(s, start) {\n` +
      `  const end = scan(s, start);\n` +
      `  if (end < 0) return null;\n` +
      `  const found = [];\n` +
      `  for (let i = 0; i < nm; i += 3) found.push({ field: FIELDS[marks[i]], start: marks[i + 1], end: marks[i + 2] });\n` +
      `  return { end, marks: found };\n}\n` +
      `match.scan = scan; match.flat = marks; match.used = used; match.fields = FIELDS; match.rules = RULES; match.separators = SEPARATORS; match.flags = flags;\n` +
      `return match;`
    );
  }
}

/** For a shape that matches exactly one ASCII code unit (a charset, a one-character terminal): its table; otherwise null. */
function singleUnitTable(x: Shape): Uint8Array | null {
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

/**
 * How many code units of a run the generated loop takes before it hands the rest to the run's
 * sticky expression. A call of an expression costs more than the loop over a usual component, so
 * only long runs gain by it: with 16, the usual host, path and query of a real-world URL paid
 * for one or more calls that the loop would have beaten.
 */
const RUN_LOOP = 256;

/**
 * A flagged run that ends within RUN_LOOP code units of the input's end (the usual component),
 * taken to its end with no expression: `T${t}` has 1 for a member raising nothing and 1 | bits
 * for one raising bits (0 for none), `high` says whether a non-ASCII `c` is a member and
 * `raiseHigh` is what one raises. The inner loop takes the members that raise nothing with one
 * test each; the one it stops at is then taken with its bits, or ends the run.
 *
 * Both forms test `q < len` against the input's own length, so V8 can drop the bounds check of
 * each read; the bounded loops that hand long runs to the expression cannot.
 */
function flaggedShortRun(t: number, high: string, raiseHigh: number, partStart: { bits: number; x: number } | null = null): string {
  const takeHigh = raiseHigh !== 0 ? `{ fa |= ${raiseHigh}; q++; }` : 'q++;';
  // In a run of parts (separatedRunBody, which starts at p), the part-start bits of a code unit
  // that neither starts the run nor follows a separator (T`x`) are dropped.
  const drop = partStart === null ? '' : `if ((u & ${partStart.bits}) !== 0 && q !== p && T${partStart.x}[CCA.call(input, q - 1)] !== 1) u &= ${~partStart.bits}; `;
  return (
    `for (;;) { while (q < len && (c = CCA.call(input, q)) < 128 && T${t}[c] === 1) q++; if (q === len) break; ` +
    `if (c < 128) { u = T${t}[c]; if (u === 0) break; ${drop}fa |= u; q++; } else if (${high}) ${takeHigh} else break; }`
  );
}

/**
 * A run whose expression R`k` takes only some of the code units `test` takes (those raising no
 * flag): the loop takes `span` code units, then the expression as far as it goes, and so on.
 * When the expression stopped short (code units raising flags are frequent), the loop's next
 * stretch is doubled, up to 1024, so that a run dense with them is not a call every RUN_LOOP
 * code units; a long stretch for the expression brings it back to RUN_LOOP.
 */
function runWithBackoff(test: string, k: number, saturating: string, short: string): string {
  return (
    `if (len - q <= ${RUN_LOOP}) ${short} else ` +
    `{ let span = ${RUN_LOOP}, re = R${k}, raised = 0; for (;;) { const q0 = q + span; while (q < q0 && ${test}) q++; if (q < q0) break; ` +
    `if ((fa | fl) !== raised) { raised = fa | fl; re = saturated(${saturating}, raised); } ` +
    `re.lastIndex = q; re.test(input); const r = re.lastIndex; ` +
    `span = r - q >= span ? ${RUN_LOOP} : span < 1024 ? span * 2 : 1024; q = r; } }`
  );
}

/**
 * The inside of a character class (ASCII code units as \xNN escapes, then `high`) for the code
 * units of a run whose table is `table` (values 1 | the bits each raises, 0 when not in the run)
 * and whose non-ASCII range `high` (empty when it has none) raises `highBits`: those whose bits
 * are all in `raised`. With `raised` 0, the code units that raise nothing.
 */
function runClass(table: ArrayLike<number>, high: string, highBits: number, raised: number): string {
  let cls = '';
  for (let c = 0; c < 128; c++) if (table[c] !== 0 && (table[c] & ~1 & ~raised) === 0) cls += `\\x${c.toString(16).padStart(2, '0')}`;
  if (high !== '' && (highBits & ~raised) === 0) cls += high;
  return cls;
}

/**
 * Given to every generated matcher (as `saturated`). A flag once raised stays raised, so in a
 * run, a code unit whose flags are all raised already changes nothing but the position: the
 * expression of a run can take those too. This makes (once per run, in the run's own `cache`,
 * and set of raised flags) the expression of the run's code units (see runClass) whose bits are
 * all in `raised`. A run dense with a flagged code unit (the dots of a path of dot segments) is
 * then crossed by the expression after the first one.
 */
function saturated(cache: Map<number, RegExp>, table: ArrayLike<number>, high: string, highBits: number, raised: number): RegExp {
  let re = cache.get(raised);
  if (re === undefined) {
    const cls = runClass(table, high, highBits, raised);
    re = new RegExp(cls === '' ? '(?:)' : `[${cls}]*`, 'y');
    cache.set(raised, re);
  }
  return re;
}

/** TAB, LF and CR: the code units a guarded matcher treats as in no charset. */
const GUARDED_ASCII = [0x09, 0x0a, 0x0d];

export interface GenerateOptions {
  /**
   * A guarded matcher treats TAB, LF, CR and every surrogate as in no charset. No rule has them
   * in a literal, so no match can consume one: a guarded matcher fails on any input that holds
   * one, and on any other input matches exactly as the unguarded matcher does. The parser runs it
   * on input that is not yet preprocessed: success means that the input needed no more than the
   * trimming of its ends (no tab or newline to remove, no lone surrogate to replace).
   */
  guard?: boolean;
  /**
   * Flags to raise per field (see FieldFlags): the matcher ORs together the bits of every code
   * unit that a rule with a flagged field consumes, and `flags()` reports them after a scan.
   * Bits are only ever added, never taken back when an alternative is given up: a bit that is
   * clear is a promise (no code unit with it was consumed in that field by the match), a bit
   * that is set is not. A key `rule:NAME` gives flags for the code units that rule NAME
   * consumes, wherever it is used. A matcher with flags is cached per flags object.
   */
  flags?: FlagsByField;
  /**
   * Fields whose rules are matched without a mark each (their flags are still raised). With
   * `segment` here, a path is matched as one run of segment and separator code units, and leaves
   * one mark for the run (FastMatcher.separators says how it divides into the segments' marks).
   * A matcher with unmarked fields is cached per flags object and list of fields.
   */
  unmarked?: readonly RecordField[];
}

const cache = new WeakMap<Grammar, Map<string, FastMatcher>>();
const guardedCache = new WeakMap<Grammar, Map<string, FastMatcher>>();
const flaggedCaches = new WeakMap<FlagsByField, { plain: WeakMap<Grammar, Map<string, FastMatcher>>; guarded: WeakMap<Grammar, Map<string, FastMatcher>> }>();

function cacheFor(guard: boolean, flags: FlagsByField | undefined): WeakMap<Grammar, Map<string, FastMatcher>> {
  if (flags === undefined) return guard ? guardedCache : cache;
  let caches = flaggedCaches.get(flags);
  if (caches === undefined) {
    caches = { plain: new WeakMap(), guarded: new WeakMap() };
    flaggedCaches.set(flags, caches);
  }
  return guard ? caches.guarded : caches.plain;
}

/**
 * The generated matcher for `entry`, compiled once per grammar, entry rule, context and options.
 * It is not re-entrant, which nothing needs: matching calls no user code.
 */
export function generateEntry(g: Grammar, entry: string, ctx: CompileContext = {}, options: GenerateOptions = {}): FastMatcher {
  const guard = options.guard === true;
  const unmarked = options.unmarked ?? [];
  const key = unmarked.length === 0 ? entry : `${entry}\u0000-${[...unmarked].sort().join(',')}`;
  return cachedPerEntry(cacheFor(guard, options.flags), g, key, ctx.baseScheme, () => {
    const gen = new Generator(g, ctx, guard, options.flags, new Set(unmarked));
    const source = gen.source(entry);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function('CS', 'FIELDS', 'RULES', 'SEPARATORS', 'saturated', source) as (
      cs: Charset[],
      fields: string[],
      rules: string[],
      separators: (Uint8Array | null)[],
      sat: typeof saturated,
    ) => FastMatcher;
    return make(gen.charsets, gen.fields, gen.fieldRules, Array.from(gen.fields, (_, k) => gen.separators[k] ?? null), saturated);
  });
}

/** The generated source for `entry` (for reading and debugging). */
export function generatedSource(g: Grammar, entry: string, ctx: CompileContext = {}, options: GenerateOptions = {}): string {
  return new Generator(g, ctx, options.guard === true, options.flags, new Set(options.unmarked ?? [])).source(entry);
}

export type { Mark };
