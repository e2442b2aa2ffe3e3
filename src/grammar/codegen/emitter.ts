// The emitter: the part of the generator that writes code. It walks the rules from the entry
// rule and writes, for each shape, an expression of the position to match at, asking the other
// parts what to write: the FIRST sets whether an alternative can be skipped (first.ts), the
// recognisers whether a shape is a run it can take in one loop (patterns.ts), the field stack
// which flags the code it writes raises (flags.ts), and the templates for the text that does not
// depend on the grammar (templates.ts). What it owns is the state of the code being written: the
// functions, tables, temporaries and fields of one matcher.
//
// Code is generated as expressions, inlined into each other: a rule or shape becomes an
// expression of the position to match at, whose value is the position after the match, or -1
// when it does not match (leaving the marks as they were). Only repetitions (a loop) and rules
// that refer to themselves get functions of their own. Intermediate positions live in the
// enclosing function's temporaries, so a whole URL is matched in a handful of calls.

import type { Grammar, Shape } from '../../../grammar/vocabulary';
import type { CompileContext } from '../compile';
import { isASCIILetter, testedCharsetOf, type Charset } from './charsets';
import { ShapeFacts } from './first';
import { FieldStack, flaggedTable, literalFlags, separatorFlagTable, type FlagsByField } from './flags';
import { charsetRunOfChoice, markedRuns, separatedRuns, type MarkedRuns, type PatternContext, type SeparatedRuns } from './patterns';
import { flaggedShortRun, functionSource, highRange, highTest, moduleSource, plainRun, runClass, runWithBackoff, tablesSource } from './templates';

/**
 * How a program is written, beside what it matches (GenerateOptions). The defaults are the
 * matchers generateEntry makes, and the matcher of the parser's hot path (src/grammar/core-matchers.ts):
 * every rule inlined where it is used, the context written in.
 */
export interface ProgramStyle {
  /**
   * Every rule a function of its own, called where it is used, instead of its code inlined at
   * each use: the same matches, in a fraction of the text, for the matchers the parser runs
   * rarely (several entry rules in one program then share their rules' functions).
   */
  ruleFunctions?: boolean;
  /**
   * A context terminal read from the program's CTX argument when it runs, instead of its value
   * written in: one program for every base scheme. (Not with flags.)
   */
  contextParams?: boolean;
}

/**
 * What one program's code is made of: its functions, charset tables, run expressions and fields,
 * with the counters that name them. A Generator has one of its own; Generators that write into
 * one Program `byContent` (see Generator.programSource) share them, each function, charset,
 * expression and field taken once by its content: a rule written the same way for two sets of
 * options is then one function. (The matchers generateEntry makes never share, so that their
 * code, tables and numbering stay what they were.)
 */
export class Program {
  readonly fns: string[] = [];
  readonly charsets: Charset[] = [];
  /** Sticky regular expressions (as source) for long runs of a charset: R0, R1, ... in the generated code. */
  readonly regexes: string[] = [];
  /** How many flagged runs have a cache of expressions by the flags already raised: S0, S1, ... */
  saturatedCaches = 0;
  readonly fields: string[] = [];
  /** For each entry of `fields`: the rule whose marks have that index ('' for the runs of an unmarked field). */
  readonly fieldRules: string[] = [];
  /** For each entry of `fields`: the separator table when its marks are runs (see FastMatcher.separators). */
  readonly separators: (Uint8Array | null)[] = [];
  functionCount = 0;
  ruleCount = 0;
  /** By content (with `byContent`): a function's text (its name left out) to its name, a charset, an expression or a field to its index. */
  private readonly known = new Map<string, string | number>();

  constructor(readonly byContent = false) {}

  /** `make()` unless something of the same `key` is known (with `byContent`): its index or name. */
  once<T extends string | number>(key: () => string, make: () => T): T {
    if (!this.byContent) return make();
    const k = key();
    const hit = this.known.get(k);
    if (hit !== undefined) return hit as T;
    const made = make();
    this.known.set(k, made);
    return made;
  }
}

const tableKey = (t: ArrayLike<number>) => Array.prototype.join.call(t, ',');

export class Generator implements PatternContext {
  /** The rules that have a function of their own, by name: the function's name. */
  readonly ruleIds = new Map<string, string>();
  readonly facts: ShapeFacts;
  /** The fields of the rules being generated, innermost last (a rule with a field pushes it). */
  readonly fieldStack: FieldStack;
  /** Rules being inlined right now: a rule met again inside itself becomes a function. */
  readonly open = new Set<string>();
  /** The temporaries of the function being generated (a stack: a loop's function nests). */
  private readonly temps: number[] = [];
  /** The index of the charset the last charsetTest wrote. */
  private lastCharset = -1;

  constructor(
    readonly g: Grammar,
    private readonly ctx: CompileContext,
    readonly guard = false,
    flagsByField: FlagsByField = {},
    readonly unmarked: ReadonlySet<string> = new Set(),
    readonly style: ProgramStyle = {},
    readonly program: Program = new Program(),
  ) {
    if (style.contextParams && Object.keys(flagsByField).length > 0) throw new Error('matcher generator: contextParams is not for a matcher with flags');
    this.facts = new ShapeFacts(g, unmarked);
    this.fieldStack = new FieldStack(flagsByField);
  }

  get charsets(): Charset[] {
    return this.program.charsets;
  }
  get fields(): string[] {
    return this.program.fields;
  }
  get fieldRules(): string[] {
    return this.program.fieldRules;
  }
  get separators(): (Uint8Array | null)[] {
    return this.program.separators;
  }

  /** The module source of the matcher for rule `entry`. */
  source(entry: string, notes = true): string {
    const top = this.rule(entry);
    const p = this.program;
    return moduleSource(top, tablesSource(p.charsets.length, p.regexes, p.saturatedCaches), p.fns, notes);
  }

  /**
   * The source of one program for the entry rules of `parts`, each part's generator writing into
   * the same Program (`byContent` for them to share what they write alike): it matches from the
   * entry rule of index ENTRY (ENTRY, like CTX, is an argument of the program), counting through
   * the parts in order. A part that is `prechecked` was generated unguarded for a guarded matcher:
   * its scan fails first on any input with a TAB, LF, CR or surrogate from `start` on, which is
   * the guarded matcher's answer on every entry rule that must reach the input's end (the caller
   * checks that), and otherwise matches as the unguarded one, as the guarded one does.
   */
  static programSource(parts: readonly { gen: Generator; entries: readonly string[]; prechecked?: boolean }[]): string {
    const program = parts[0].gen.program;
    if (parts.some((part) => part.gen.program !== program)) throw new Error('matcher generator: the parts of a program write into one Program');
    const tops: string[] = [];
    let firstPrechecked = -1;
    for (const part of parts) {
      if (part.prechecked && firstPrechecked < 0) firstPrechecked = tops.length;
      else if (!part.prechecked && firstPrechecked >= 0) throw new Error('matcher generator: prechecked parts come last');
      for (const e of part.entries) tops.push(part.gen.rule(e));
    }
    const select = `const TOP = [${tops.join(', ')}][ENTRY];`;
    const precheck = firstPrechecked < 0 ? [] : [`const PRECHECK = ENTRY >= ${firstPrechecked} ? /[\\t\\n\\r\\uD800-\\uDFFF]/g : null;`];
    const prelude = firstPrechecked < 0 ? '' : `if (PRECHECK !== null) { PRECHECK.lastIndex = start === undefined ? 0 : start; if (PRECHECK.test(s)) return -1; }`;
    return moduleSource('TOP', tablesSource(program.charsets.length, program.regexes, program.saturatedCaches), [...program.fns, select, ...precheck], false, prelude);
  }

  /** The index of charset `cs` in the program's charsets (T`index` in the code). */
  private charset(cs: Charset): number {
    const nonAscii = typeof cs.nonAscii === 'boolean' ? String(cs.nonAscii) : String(cs.nonAscii);
    return this.program.once(
      () => `charset ${cs.table.constructor.name} ${tableKey(cs.table)} ${nonAscii} ${cs.raiseNonAscii ?? 0}`,
      () => this.program.charsets.push(cs) - 1,
    );
  }

  /** The index of a run's sticky expression (R`index` in the code). */
  private regex(source: string): number {
    return this.program.once(
      () => `regex ${source}`,
      () => this.program.regexes.push(source) - 1,
    );
  }

  /** The index of a field's marks (in FIELDS, RULES and SEPARATORS), for `rule` ('' for runs) and `separators` when its marks are runs. */
  private field(field: string, rule: string, separators: Uint8Array | null = null): number {
    const p = this.program;
    return p.once(
      () => `field ${field} ${rule} ${separators === null ? '' : tableKey(separators)}`,
      () => {
        const k = p.fields.push(field) - 1;
        p.fieldRules.push(rule);
        if (separators !== null) p.separators[k] = separators;
        return k;
      },
    );
  }

  // ---- functions, temporaries, rules ------------------------------------------------------------

  private temp(): string {
    return `t${this.temps[this.temps.length - 1]++}`;
  }

  /**
   * A function `name(p)` whose body is built by `body` (which may allocate temporaries): its name,
   * which is another's when the program shares by content and has the same function already.
   */
  private fn(name: string, body: () => string, comment = ''): string {
    this.temps.push(0);
    const text = body();
    const n = this.temps.pop()!;
    return this.program.once(
      () => functionSource('', n, comment, text),
      () => {
        this.program.fns.push(functionSource(name, n, comment, text));
        return name;
      },
    );
  }

  private fresh(): string {
    return `f${this.program.functionCount++}`;
  }

  /** The function `rN(p)` for rule `name` (generated once): the entry rule and recursive rules. */
  private rule(name: string): string {
    const known = this.ruleIds.get(name);
    if (known !== undefined) return known;
    const reserved = `r${this.program.ruleCount++}`;
    this.ruleIds.set(name, reserved);
    this.open.add(name);
    const fn = this.fn(reserved, () => `return ${this.ruleBody(name, 'p')};`, ` // rule ${JSON.stringify(name)}`);
    this.open.delete(name);
    this.ruleIds.set(name, fn);
    return fn;
  }

  /** The expression for rule `name` at `v`: inlined, or a call when the rule is recursive. */
  private ruleAt(name: string, v: string): string {
    if (this.style.ruleFunctions || this.open.has(name) || this.ruleIds.has(name)) return `${this.rule(name)}(input, ${v})`;
    this.open.add(name);
    try {
      return this.ruleBody(name, v);
    } finally {
      this.open.delete(name);
    }
  }

  /** A rule's match at `v`, with its mark when it has a field (and the rule's own flags raised). */
  private ruleBody(name: string, v: string): string {
    const key = this.fieldStack.ruleKey(name);
    if (key === null) return this.fieldRuleBody(name, v);
    return this.fieldStack.within([key], () => this.fieldRuleBody(name, v));
  }

  private fieldRuleBody(name: string, v: string): string {
    const r = this.g[name];
    if (!r) throw new Error(`grammar: no rule named "${name}"`);
    if (!r.field) return this.shape(r.shape, v);
    // generated without its marks: only its flags remain
    if (this.unmarked.has(r.field)) return this.fieldStack.within([r.field], () => this.shape(r.shape, v));
    const fieldIndex = this.field(r.field, name);
    const q = this.temp();
    return this.fieldStack.within([r.field], () => {
      if (this.facts.markFree(r.shape)) {
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
    });
  }

  // ---- shapes ---------------------------------------------------------------------------------

  /**
   * `expr` guarded by a test of the code unit at position `v` against the FIRST set of `shape`
   * (an LL(1) prediction that skips an alternative that cannot match), when the set says
   * anything: a condition to put before `expr`, or null.
   */
  private gate(shape: Shape, v: string): string | null {
    // a terminal or a charset tests its first code unit itself
    if (shape.kind === 'terminal' || shape.kind === 'charset') return null;
    const f = this.facts.first(shape);
    if (f.open || f.nullable) return null;
    const k = this.charset({ table: f.table, nonAscii: f.nonAscii });
    return `(${v} < len && ((c = CCA.call(input, ${v})) < 128 ? T${k}[c] === 1 : ${f.nonAscii}))`;
  }

  /** `shape` at `v` behind its FIRST-set gate: the new position, or -1. */
  private gated(shape: Shape, v: string): string {
    const g = this.gate(shape, v);
    const expr = this.shape(shape, v);
    return g === null ? expr : `(${g} ? ${expr} : -1)`;
  }

  /**
   * An expression that matches `shape` at position `v` (the name of a variable that the
   * expression does not assign): the position after the match, or -1 with the marks as they were.
   */
  private shape(shape: Shape, v: string): string {
    switch (shape.kind) {
      case 'terminal':
        return this.literal(shape.text, !!shape.caseInsensitive, v);
      case 'contextTerminal': {
        if (this.style.contextParams) return `contextTerminal(input, ${v}, CTX.${shape.param}, ${!!shape.caseInsensitive})`;
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
      case 'sequence':
        return this.sequence(shape, v);
      case 'zeroOrMore':
      case 'oneOrMore':
        return this.repetition(shape, v);
      case 'lookahead':
      case 'not': {
        const q = this.temp();
        const want = shape.kind === 'lookahead' ? `${q} >= 0` : `${q} < 0`;
        if (this.facts.markFree(shape.item)) return `((${q} = ${this.shape(shape.item, v)}), ${want} ? ${v} : -1)`;
        const m = this.temp();
        return `(${m} = nm, ${q} = ${this.shape(shape.item, v)}, nm = ${m}, ${want} ? ${v} : -1)`;
      }
    }
  }

  private sequence(shape: Extract<Shape, { kind: 'sequence' }>, v: string): string {
    if (shape.items.length === 1) return this.shape(shape.items[0], v);
    const runs = this.unmarked.size > 0 ? separatedRuns(this, shape) : null;
    if (runs) {
      const fn = this.fn(this.fresh(), () => this.separatedRunBody(runs));
      return `${fn}(input, ${v})`;
    }
    const marked = markedRuns(this, shape);
    if (marked) {
      const fn = this.fn(this.fresh(), () => this.markedRunsBody(marked));
      return `${fn}(input, ${v})`;
    }
    const free = this.facts.markFree(shape);
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

  private repetition(shape: Extract<Shape, { kind: 'zeroOrMore' | 'oneOrMore' }>, v: string): string {
    const runs = this.unmarked.size > 0 && shape.kind === 'zeroOrMore' ? separatedRuns(this, shape) : null;
    if (runs) {
      const fn = this.fn(this.fresh(), () => this.separatedRunBody(runs));
      return `${fn}(input, ${v})`;
    }
    const marked = shape.kind === 'zeroOrMore' ? markedRuns(this, shape) : null;
    if (marked) {
      const fn = this.fn(this.fresh(), () => this.markedRunsBody(marked));
      return `${fn}(input, ${v})`;
    }
    const min = shape.kind === 'oneOrMore' ? 1 : 0;
    const run = charsetRunOfChoice(this, shape.item);
    const fn = this.fn(this.fresh(), () => {
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

  // ---- literals and charsets ------------------------------------------------------------------

  /** An expression that matches `text` at `v`: the position after it, or -1. */
  private literal(text: string, caseInsensitive: boolean, v: string): string {
    const checks: string[] = [];
    // Inside a field with flags: the bits its code units raise, known here for most; for a
    // letter matched in either case, found at run time. When every such letter raises nothing in
    // lower case and the same bits in upper case (a scheme's flags), the code units read for the
    // test are ANDed into `k` as they are read, and bit 0x20 of `k` then says whether one was in
    // upper case: no code unit is read a second time. Otherwise each letter's bits are looked up
    // in the flags table, reading it again.
    const flags = this.fieldStack.current();
    let known = 0;
    const { letters, upperBits, byCase } = literalFlags(text, caseInsensitive, flags);
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
          if (flagTable < 0) flagTable = this.charset({ table: Uint32Array.from(flags!.table), nonAscii: false });
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

  /** A condition: the code unit at `v` is in the set (uses a local `c`; flags are ORed into `acc`). */
  private charsetTest(set: string, negated: boolean, v: string, acc = 'fl'): string {
    const cs = testedCharsetOf(set, negated, this.guard);
    const flags = this.fieldStack.current();
    // table values: 0 not in the set, 1 in it and raising nothing, 1 | bits otherwise
    if (flags) cs.table = flaggedTable(cs.table, flags);
    const k = this.charset(cs);
    this.lastCharset = k;
    const nonAscii = cs.nonAscii;
    let high = typeof nonAscii === 'boolean' ? String(nonAscii) : `CS[${k}].nonAscii.test(input[${v}])`;
    if (this.guard && nonAscii !== false) high = `(c < 0xd800 || c > 0xdfff) && ${high}`;
    if (flags) {
      const raiseHigh = flags.nonAscii !== 0 && nonAscii !== false ? `${high} && (${acc} |= ${flags.nonAscii}) !== 0` : high;
      return `(${v} < len && ((c = CCA.call(input, ${v})) < 128 ? (u = T${k}[c]) !== 0 && (${acc} |= u) !== 0 : ${raiseHigh}))`;
    }
    return `(${v} < len && ((c = CCA.call(input, ${v})) < 128 ? T${k}[c] === 1 : ${high}))`;
  }

  // ---- runs -----------------------------------------------------------------------------------

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
    const t = this.lastCharset;
    const cs = this.program.charsets[t];
    const flagged = this.fieldStack.current();
    const open = flagged ? '{ let fa = 0; ' : '';
    const close = flagged ? ' fl |= fa; }' : '';
    if (typeof cs.nonAscii !== 'boolean') return `${open}while (${test}) q++;${close}`;
    // Inside a field with flags, the expression takes only the code units that raise none (table
    // value 1): it stops before one that does, which the loop then takes (raising its flags), and
    // the run goes on.
    const cls = runClass(cs.table, cs.nonAscii ? highRange(this.guard) : '', flagged ? flagged.nonAscii : 0, 0);
    if (cls === '') return `${open}while (${test}) q++;${close}`;
    const k = this.regex(`/[${cls}]*/y`);
    const high = highTest(this.guard, cs.nonAscii);
    if (flagged) {
      const short = flaggedShortRun(t, high, cs.nonAscii ? flagged.nonAscii : 0);
      return `${open}${runWithBackoff(test, k, this.saturating(t, cs.nonAscii, flagged.nonAscii), short)}${close}`;
    }
    return `${open}${plainRun(test, t, k, high)}${close}`;
  }

  /**
   * The arguments of the generated `saturated` for a flagged run whose code units are charset
   * `t` (table values 1 | bits): its own cache of expressions, the table, the non-ASCII range
   * when the set has it, and the bits that non-ASCII code units raise.
   */
  private saturating(t: number, nonAscii: boolean, raiseNonAscii: number): string {
    const cache = this.program.saturatedCaches++;
    return `S${cache}, T${t}, ${JSON.stringify(nonAscii ? highRange(this.guard) : '')}, ${raiseNonAscii}`;
  }

  /** The function body for separatedRuns: a run of the union, taken as charsetRun takes one. */
  private separatedRunBody(runs: SeparatedRuns): string {
    const k = this.charset(runs.union);
    // the separators' table, for the leading one and for the part-start test (one table for both)
    const xk = runs.lead || runs.partStart !== 0 ? this.charset({ table: runs.x, nonAscii: false }) : -1;
    const raise = runs.union.raiseNonAscii ?? 0;
    let high = String(runs.union.nonAscii);
    if (this.guard && runs.union.nonAscii !== false) high = `(c < 0xd800 || c > 0xdfff) && ${high}`;
    if (raise !== 0) high = `${high} && (fa |= ${raise}) !== 0`;
    const test = `(q < len && ((c = CCA.call(input, q)) < 128 ? (u = T${k}[c]) !== 0 && (fa |= u) !== 0 : ${high}))`;
    const cls = runClass(runs.union.table, runs.union.nonAscii ? highRange(this.guard) : '', raise, 0);
    const loop =
      cls === ''
        ? `while (${test}) q++;`
        : runWithBackoff(
            test,
            this.regex(`/[${cls}]*/y`),
            this.saturating(k, runs.union.nonAscii === true, raise),
            flaggedShortRun(
              k,
              highTest(this.guard, runs.union.nonAscii === true),
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
      const k = this.field(runs.field, '', runs.x);
      mark = `marks[nm] = ${k}; marks[nm + 1] = ${runs.lead ? 'p + 1' : 'p'}; marks[nm + 2] = q; nm += 3; `;
    }
    return `let q = p; ${start}{ let fa = 0; ${loop} fl |= fa; } ${mark}return q;`;
  }

  /** The function body for markedRuns. */
  private markedRunsBody(runs: MarkedRuns): string {
    const fieldIndex = this.field(runs.field, runs.rule);
    const run = this.fieldStack.within(runs.a.fields, () => this.charsetRun(runs.a.set.set, !!runs.a.set.negated));
    const xFlags = this.fieldStack.within(runs.xFields, () => this.fieldStack.current());
    const xk = this.charset({ table: runs.x, nonAscii: false });
    let raise = '';
    const raised = separatorFlagTable(runs.x, xFlags);
    if (raised !== null) {
      const fk = this.charset({ table: raised, nonAscii: false });
      raise = `fl |= T${fk}[c]; `;
    }
    const separator = `if (q < len && (c = CCA.call(input, q)) < 128 && T${xk}[c] === 1) { ${raise}q++; s = q; } else break;`;
    const mark = `marks[nm] = ${fieldIndex}; marks[nm + 1] = s; marks[nm + 2] = q; nm += 3;`;
    const loop = runs.lead ? `for (;;) { ${separator} ${run} ${mark} }` : `for (;;) { ${run} ${mark} ${separator} }`;
    return `let q = p, s = p; ${loop} return q;`;
  }
}
