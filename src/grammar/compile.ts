// The rule compiler: grammar rule objects -> parsimmon parsers.
//
// Each parser's value is the list of record marks ({ field, start, end }) its match produced, in
// input order. A rule with a `field` adds one mark spanning its match.
//
// Every part of a rule tree that produces no mark is fused into one sticky regular expression.
// PEG semantics are kept exactly: each repetition, option and choice in a fused expression is made
// atomic with the `(?=(X))\N` idiom (JavaScript has no possessive quantifiers), so a fused
// expression never gives back what a repetition took and never revisits a committed alternative.
// That also keeps every fused expression linear in the input.
//
// compileTracedEntry is the same compiler with tracing on: the parser it returns also says which
// way each match went at every branch point of the grammar (./branches.ts), for measuring what a
// set of inputs exercises. Tracing is decided when a parser is compiled, and compileEntry's
// parsers are compiled without it, so it costs them nothing.

import P from 'parsimmon';
import type { Grammar, RecordField, Shape } from '../../grammar/vocabulary';
import { cachedPerEntry, isMarkFree, lookupRule as lookup } from './analysis';
import { branchCatalogue, childPath, repetitionOutcome, type BranchCatalogue } from './branches';

export interface Mark {
  field: RecordField;
  start: number;
  end: number;
}

export interface Match {
  /** Where the match ended (the entry rule may stop before the end of the input). */
  end: number;
  /** The marks of the rules with a `field`, in input order. */
  marks: Mark[];
}

export interface Failure {
  /** The furthest offset any alternative reached. */
  furthest: number;
  /** What would have been accepted there, as descriptions of terminals and rules. */
  expected: string[];
}

export interface CompileContext {
  /** The base URL's scheme, for the rules that compare against it. */
  baseScheme?: string;
}

export interface EntryParser {
  (input: string, start?: number): Match | null;
  /** Like the call itself, but says where and why a failed match stopped. */
  explain(input: string, start?: number): Match | Failure;
  readonly rule: string;
}

type MarkParser = P.Parser<Mark[]>;

/** What a parsimmon parser's action returns at run time (parsimmon's own, untyped, reply). */
interface RawReply {
  status: boolean;
  index: number;
  value: Mark[];
  furthest: number;
  expected: string[];
}

/** Calls a parser's action directly: `_` is parsimmon's (stable, pinned) internal entry point. */
function step(p: MarkParser, input: string, i: number): RawReply {
  return (p as unknown as { _(input: string, i: number): RawReply })._(input, i);
}

/** Wraps an action as a parser. */
function parser(action: (input: string, i: number) => RawReply): MarkParser {
  return P(action as unknown as (input: string, i: number) => P.Reply<Mark[]>);
}

function success(index: number, value: Mark[]): RawReply {
  return P.makeSuccess(index, value) as unknown as RawReply;
}

function failure(index: number, expected: string): RawReply {
  return P.makeFailure(index, expected) as unknown as RawReply;
}

const NO_MARKS: Mark[] = [];
Object.freeze(NO_MARKS);

// ---- fused regular expressions ----------------------------------------------------------------

function escapeLiteral(text: string, caseInsensitive: boolean): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    if (caseInsensitive && /[a-z]/i.test(ch) && lower !== upper) out += `[${lower}${upper}]`;
    else out += ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  }
  return out;
}

class RegexBuilder {
  private groups = 0;
  constructor(
    private readonly g: Grammar,
    private readonly ctx: CompileContext,
  ) {}

  /** `(?=(body))\N`: match `body` once, the way PEG does, with no backtracking into it. */
  private atomic(body: () => string): string {
    // Groups are numbered by where they open, so take the number before building the body.
    const n = ++this.groups;
    return `(?=(${body()}))\\${n}`;
  }

  source(shape: Shape): string {
    switch (shape.kind) {
      case 'terminal':
        return escapeLiteral(shape.text, !!shape.caseInsensitive);
      case 'charset':
        return shape.negated ? `[^${shape.set}]` : `[${shape.set}]`;
      case 'contextTerminal': {
        const value = this.ctx[shape.param];
        // A missing context value matches nothing.
        return value === undefined ? '(?!)' : escapeLiteral(value, !!shape.caseInsensitive);
      }
      case 'end':
        return '(?![\\s\\S])';
      case 'sequence':
        return shape.items.map((s) => this.source(s)).join('');
      case 'choice':
        return this.atomic(() => shape.items.map((s) => this.source(s)).join('|'));
      case 'optional':
        return this.atomic(() => `(?:${this.source(shape.item)})?`);
      case 'zeroOrMore':
        return this.atomic(() => `(?:${this.source(shape.item)})*`);
      case 'oneOrMore':
        return this.atomic(() => `(?:${this.source(shape.item)})+`);
      case 'lookahead':
        return `(?=${this.source(shape.item)})`;
      case 'not':
        return `(?!${this.source(shape.item)})`;
      case 'nonTerminal':
        return `(?:${this.source(lookup(this.g, shape.name).shape)})`;
    }
  }
}

/**
 * The fused expression as a parser. A regular expression engine keeps a backtracking entry per
 * iteration of a repetition, and V8's gives up with a RangeError ("Maximum call stack size
 * exceeded") after a million or two: on that input the same shape is matched by `structural`,
 * which repeats in a loop and fuses only the parts without a repetition. Same PEG, same result.
 */
function fused(g: Grammar, shape: Shape, ctx: CompileContext, description: string, structural: () => MarkParser): MarkParser {
  const source = new RegexBuilder(g, ctx).source(shape);
  const re = new RegExp(source, 'y');
  let fallback: MarkParser | undefined;
  return parser((input, i) => {
    re.lastIndex = i;
    let m: RegExpExecArray | null;
    try {
      m = re.exec(input);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      fallback ??= structural();
      const r = step(fallback, input, i);
      return r.status ? success(r.index, NO_MARKS) : failure(i, description);
    }
    return m ? success(i + m[0].length, NO_MARKS) : failure(i, description);
  });
}

/** Whether a shape has a repetition anywhere in it (through the rules it names, too). */
function hasRepetition(g: Grammar, shape: Shape, seen = new Set<string>()): boolean {
  switch (shape.kind) {
    case 'zeroOrMore':
    case 'oneOrMore':
      return true;
    case 'sequence':
    case 'choice':
      return shape.items.some((s) => hasRepetition(g, s, seen));
    case 'optional':
    case 'lookahead':
    case 'not':
      return hasRepetition(g, shape.item, seen);
    case 'nonTerminal':
      if (seen.has(shape.name)) return false;
      seen.add(shape.name);
      return hasRepetition(g, lookup(g, shape.name).shape, seen);
    default:
      return false;
  }
}

// ---- structural parsers -----------------------------------------------------------------------

function concatMarks(parts: Mark[][]): Mark[] {
  let out: Mark[] = NO_MARKS;
  for (const p of parts) {
    if (p.length === 0) continue;
    out = out.length === 0 ? p : out.concat(p);
  }
  return out;
}

/**
 * PEG repetition: as many as match; a match that consumes nothing ends the repetition. `counted`
 * (tracing only) is told how many items a successful repetition took, and where it started and ended.
 */
function repeat(item: MarkParser, min: number, counted?: (count: number, start: number, end: number) => void): MarkParser {
  return parser((input, i) => {
    const start = i;
    // The repetition's own array, so appending stays linear however many items match.
    let marks: Mark[] = NO_MARKS;
    let count = 0;
    let last: RawReply | undefined;
    for (;;) {
      const r = step(item, input, i);
      last = r;
      if (!r.status || r.index === i) break;
      if (r.value.length) {
        if (marks === NO_MARKS) marks = [];
        for (const m of r.value) marks.push(m);
      }
      i = r.index;
      count++;
    }
    if (count < min) return last!;
    if (counted) counted(count, start, i);
    const ok = success(i, marks);
    // keep the furthest-failure information for error messages
    ok.furthest = last ? last.furthest : -1;
    ok.expected = last ? last.expected : [];
    return ok;
  });
}

function describe(shape: Shape): string {
  switch (shape.kind) {
    case 'terminal':
      return JSON.stringify(shape.text);
    case 'charset':
      return shape.label; // a label names what the set matches, negated or not
    case 'contextTerminal':
      return `the ${shape.param}`;
    case 'nonTerminal':
      return shape.name;
    case 'end':
      return 'end of input';
    default:
      return ''; // a compound shape is described by the rule it belongs to
  }
}

/**
 * Where a tracing parser writes the way its match went: four numbers each time, a branch point's
 * index in the catalogue, the index of its outcome, and where in the input that part of the match
 * started and ended. What a part of the input that is given up (an
 * alternative that fails, a lookahead) wrote is cut off again, so that what is left when the entry
 * rule matches is the path of that match alone.
 */
interface Tracer {
  catalogue: BranchCatalogue;
  journal: number[];
}

/** Whether a shape has no branch point outside lookaheads and nots (so tracing has nothing to say in it). */
function isTraceFree(shape: Shape): boolean {
  switch (shape.kind) {
    case 'sequence':
      return shape.items.every(isTraceFree);
    case 'choice':
    case 'optional':
    case 'zeroOrMore':
    case 'oneOrMore':
    case 'nonTerminal':
      return false;
    default:
      return true;
  }
}

class Compiler {
  private readonly rules = new Map<string, MarkParser>();
  constructor(
    private readonly g: Grammar,
    private readonly ctx: CompileContext,
    private readonly tracer?: Tracer,
  ) {}

  rule(name: string): MarkParser {
    const cached = this.rules.get(name);
    if (cached) return cached;
    const r = lookup(this.g, name);
    // Placeholder first, so that a recursive reference resolves lazily.
    let compiled: MarkParser | undefined;
    const lazy: MarkParser = parser((input, i) => step(compiled!, input, i));
    this.rules.set(name, lazy);
    let body = this.shape(r.shape, name, name, '');
    if (r.field) {
      const field = r.field;
      const inner = body;
      body = parser((input, i) => {
        const res = step(inner, input, i);
        if (!res.status) return res;
        const mark: Mark = { field, start: i, end: res.index };
        const marks = res.value.length ? [mark, ...res.value] : [mark];
        return { ...res, value: marks };
      });
    }
    if (this.tracer) body = this.recorded(body, this.tracer.catalogue.ruleIndex(name), 0);
    compiled = body;
    return lazy;
  }

  /**
   * `shape`, which is at `path` in the shape of `rule` (tracing names branch points by that
   * place; a rule inlined into another has none of its own there, so `rule` is undefined).
   */
  shape(shape: Shape, description: string, rule?: string, path = ''): MarkParser {
    if (isMarkFree(this.g, shape) && (!this.tracer || isTraceFree(shape))) {
      const desc = describe(shape) || description;
      return fused(this.g, shape, this.ctx, desc, () => this.structural(shape, desc, rule, path));
    }
    return this.structural(shape, description, rule, path);
  }

  /** A shape as parsimmon combinators: repetitions as loops; parts with no repetition fused. */
  private structural(shape: Shape, description: string, rule?: string, path = ''): MarkParser {
    if (isMarkFree(this.g, shape) && !hasRepetition(this.g, shape) && (!this.tracer || isTraceFree(shape))) {
      return fused(this.g, shape, this.ctx, describe(shape) || description, () => {
        throw new Error('grammar: a fused expression without repetition overflowed');
      });
    }
    const item = (s: Shape, k: number) => this.shape(s, description, rule, childPath(path, k));
    const tracer = this.tracer;
    const at = tracer && rule !== undefined ? tracer.catalogue.indexOf(rule, path) : -1;
    switch (shape.kind) {
      case 'sequence':
        return P.seq(...shape.items.map(item)).map(concatMarks);
      case 'choice':
        if (at >= 0) return P.alt(...shape.items.map((s, k) => this.recorded(item(s, k), at, k)));
        return P.alt(...shape.items.map(item));
      case 'optional':
        if (at >= 0) return this.recorded(item(shape.item, 0), at, 0).or(this.recorded(P.succeed(NO_MARKS), at, 1));
        return item(shape.item, 0).or(P.succeed(NO_MARKS));
      case 'zeroOrMore':
      case 'oneOrMore': {
        const min = shape.kind === 'oneOrMore' ? 1 : 0;
        if (at < 0) return repeat(item(shape.item, 0), min);
        const kind = shape.kind;
        return repeat(this.progressOnly(item(shape.item, 0)), min, (count, start, end) => tracer!.journal.push(at, repetitionOutcome(kind, count), start, end));
      }
      case 'lookahead':
        return P.lookahead(this.scoped(item(shape.item, 0))).map(() => NO_MARKS);
      case 'not':
        return P.notFollowedBy(this.scoped(item(shape.item, 0))).map(() => NO_MARKS);
      case 'nonTerminal':
        // (traced, every rule is its own parser, so that its branch points are named by it)
        return isMarkFree(this.g, shape) && !tracer ? this.structural(lookup(this.g, shape.name).shape, description) : this.rule(shape.name);
      default:
        // terminals, charsets, context terminals and end are always mark-free
        throw new Error(`grammar: unexpected ${shape.kind}`);
    }
  }

  // ---- tracing: each keeps the journal to what the match that is kept went through ----

  /** `p`, noting outcome `outcome` of branch point `at` when it matches; forgetting what it noted when it does not. */
  private recorded(p: MarkParser, at: number, outcome: number): MarkParser {
    const journal = this.tracer!.journal;
    return parser((input, i) => {
      const before = journal.length;
      const r = step(p, input, i);
      if (r.status) journal.push(at, outcome, i, r.index);
      else journal.length = before;
      return r;
    });
  }

  /** A repetition's item: what it noted counts only when it matched and consumed (else the repetition ends there). */
  private progressOnly(p: MarkParser): MarkParser {
    const journal = this.tracer!.journal;
    return parser((input, i) => {
      const before = journal.length;
      const r = step(p, input, i);
      if (!r.status || r.index === i) journal.length = before;
      return r;
    });
  }

  /** The inside of a lookahead or not: never part of the match, so nothing it notes is kept. */
  private scoped(p: MarkParser): MarkParser {
    if (!this.tracer) return p;
    const journal = this.tracer.journal;
    return parser((input, i) => {
      const before = journal.length;
      const r = step(p, input, i);
      journal.length = before;
      return r;
    });
  }
}

const cache = new WeakMap<Grammar, Map<string, EntryParser>>();

/**
 * The parser for `entry`, compiled once per grammar, entry rule and context, then cached.
 */
export function compileEntry(g: Grammar, entry: string, ctx: CompileContext = {}): EntryParser {
  return cachedPerEntry(cache, g, entry, ctx.baseScheme, () => {
    const entryParser = new Compiler(g, ctx).rule(entry);
    const run = (input: string, start = 0): Match | null => {
      const r = step(entryParser, input, start);
      return r.status ? { end: r.index, marks: r.value } : null;
    };
    const explain = (input: string, start = 0): Match | Failure => {
      const r = step(entryParser, input, start);
      return r.status
        ? { end: r.index, marks: r.value }
        : { furthest: r.furthest, expected: [...new Set(r.expected)] };
    };
    return Object.assign(run, { explain, rule: entry }) as EntryParser;
  });
}

/** A match, and the way it went at each branch point (see ./branches.ts) it went through. */
export interface TracedMatch {
  /** The match, as compileEntry's parser gives it, or null when the entry rule does not match. */
  match: Match | null;
  /**
   * For each time the match went through a branch point, four numbers: its index in
   * branchCatalogue(g).points, the index of the outcome in that point's `outcomes`, and the
   * [start, end) of the input that part of the match took (for a rule: its match). Inner parts
   * come before the parts that hold them. Empty when there is no match. A branch point a match
   * goes through several times appears several times.
   */
  taken: number[];
}

export interface TracedEntryParser {
  (input: string, start?: number): TracedMatch;
  readonly rule: string;
}

const tracedCache = new WeakMap<Grammar, Map<string, TracedEntryParser>>();

/**
 * The parser for `entry` with tracing on: the same compiler and the same rules as compileEntry
 * (nothing is fused that holds a branch point, so every choice, optional, repetition and rule
 * reports which way it went), with the same matches. Slower than compileEntry's parser; for
 * measuring coverage, never for parsing.
 */
export function compileTracedEntry(g: Grammar, entry: string, ctx: CompileContext = {}): TracedEntryParser {
  return cachedPerEntry(tracedCache, g, entry, ctx.baseScheme, () => {
    const tracer: Tracer = { catalogue: branchCatalogue(g), journal: [] };
    const entryParser = new Compiler(g, ctx, tracer).rule(entry);
    const run = (input: string, start = 0): TracedMatch => {
      tracer.journal.length = 0;
      const r = step(entryParser, input, start);
      const taken = r.status ? tracer.journal.slice() : [];
      tracer.journal.length = 0;
      return { match: r.status ? { end: r.index, marks: r.value } : null, taken };
    };
    return Object.assign(run, { rule: entry }) as TracedEntryParser;
  });
}

/** The fused regular expression for a mark-free shape (exposed for tests and the grammar lint). */
export function fusedSource(g: Grammar, shape: Shape, ctx: CompileContext = {}): string {
  return new RegexBuilder(g, ctx).source(shape);
}
