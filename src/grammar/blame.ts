// Where a failed match failed, and in which rule: a grammar analysis for error messages.
//
// The compiled parser (./compile.ts) says how far a failed match got (`explain().furthest`) and
// what it expected there, but not which rules were running at that point. This walks the same
// rule tree the same way, and keeps, for every failure at the furthest offset, the stack of rules
// it happened in, and the rules whose matches ended exactly there. The walk mirrors the compiled
// parser step by step: the parts the compiler fuses into one regular expression run here as the
// very same expression (`fusedSource`), and failures merge the way parsimmon merges them (the
// furthest wins; equal offsets add up). So its `furthest` is the compiled parser's; the tests
// check that on every WPT input.
//
// It is slower than the compiled parser (it is an interpreter and copies rule stacks), so it is
// meant for inputs that are already known not to match.

import type { Grammar, Shape } from '../../grammar/vocabulary';
import { fusedSource, type CompileContext } from './compile';
import { isMarkFree, lookupRule } from './analysis';

/** A rule being matched, and where its match started. */
export interface Frame {
  rule: string;
  start: number;
}

/** One failure at the furthest offset: what was expected, inside which rules. */
export interface BlameFailure {
  expected: string;
  /** The rules it happened in, outermost (the entry rule) first. */
  stack: Frame[];
}

export interface Blame {
  /** How far the match got: the compiled parser's `explain().furthest`. */
  furthest: number;
  /**
   * What would have been accepted at `furthest`: the compiled parser's `expected` (with compound
   * shapes named after their rule), and before it the item of each repetition that stopped there.
   */
  expected: string[];
  failures: BlameFailure[];
  /** Rules whose match ended at `furthest`, innermost first. */
  endedThere: Array<Frame & { end: number }>;
  /** The rule this failure belongs to (see `blameRule`), and where that rule's match started. */
  rule: string;
  start: number;
}

interface Reply {
  ok: boolean;
  index: number;
  furthest: number;
  fails: BlameFailure[];
}

const success = (index: number): Reply => ({ ok: true, index, furthest: -1, fails: [] });

/** parsimmon's mergeReplies: keep the furthest failure information of the two. */
function merge(result: Reply, last: Reply | undefined): Reply {
  if (!last || result.furthest > last.furthest) return result;
  const fails = result.furthest === last.furthest ? last.fails.concat(result.fails) : last.fails;
  return { ok: result.ok, index: result.index, furthest: last.furthest, fails };
}

/**
 * What a failing fused shape expected: as compile.ts describes it, except that a lookahead, a
 * negative lookahead or a choice of such descriptions says what it looks for, and any other
 * compound shape is named after the rule it is in.
 */
function describe(shape: Shape, owner: string): string {
  switch (shape.kind) {
    case 'terminal':
      return JSON.stringify(shape.text);
    case 'charset':
      return shape.negated ? `not ${shape.label}` : shape.label;
    case 'contextTerminal':
      return `the ${shape.param}`;
    case 'nonTerminal':
      return shape.name;
    case 'end':
      return 'end of input';
    case 'lookahead':
      return describe(shape.item, owner);
    case 'not': {
      const inner = describe(shape.item, owner);
      return inner === owner ? owner : `not ${inner}`;
    }
    case 'choice': {
      const parts = shape.items.map((s) => describe(s, owner));
      return parts.includes(owner) ? owner : parts.join(' or ');
    }
    default:
      return owner;
  }
}

class Walker {
  private readonly stack: Frame[] = [];
  readonly ended: Array<Frame & { end: number }> = [];
  private readonly fusedCache = new Map<Shape, RegExp | null>();

  constructor(
    private readonly g: Grammar,
    private readonly ctx: CompileContext,
    private readonly input: string,
  ) {}

  /** The sticky expression for `shape` when the compiler fuses it, else null. */
  private fused(shape: Shape): RegExp | null {
    let re = this.fusedCache.get(shape);
    if (re === undefined) {
      re = isMarkFree(this.g, shape) ? new RegExp(fusedSource(this.g, shape, this.ctx), 'y') : null;
      this.fusedCache.set(shape, re);
    }
    return re;
  }

  private fail(index: number, expected: string, extra?: Frame): Reply {
    const stack = extra ? [...this.stack, extra] : [...this.stack];
    return { ok: false, index, furthest: index, fails: [{ expected, stack }] };
  }

  private owner(): string {
    return this.stack.length ? this.stack[this.stack.length - 1].rule : '';
  }

  rule(name: string, i: number): Reply {
    const frame: Frame = { rule: name, start: i };
    this.stack.push(frame);
    const r = this.run(lookupRule(this.g, name).shape, i, true);
    this.stack.pop();
    if (r.ok) this.ended.push({ ...frame, end: r.index });
    return r;
  }

  /** Runs `shape` at `i`; `ruleBody`: it is a whole rule's shape (a failure is then named after the rule). */
  run(shape: Shape, i: number, ruleBody = false): Reply {
    const re = this.fused(shape);
    if (re) {
      const end = this.fusedEnd(re, shape, i);
      const named = shape.kind === 'nonTerminal' ? { rule: shape.name, start: i } : undefined;
      if (end >= 0) {
        if (named) this.ended.push({ ...named, end });
        return success(end);
      }
      const leaf = shape.kind === 'terminal' || shape.kind === 'charset' || shape.kind === 'end' || shape.kind === 'contextTerminal';
      return this.fail(i, ruleBody && !leaf ? this.owner() : describe(shape, this.owner()), named);
    }
    return this.structural(shape, i);
  }

  /**
   * Where the fused expression `re` for `shape` ends a match at `i`, or -1. Past a million or two
   * repetitions V8's regular expressions give up with a RangeError (their backtracking stack, as
   * in compile.ts's fused()): then the shape is walked structurally, recording nothing, so that
   * the result is what the expression would have said.
   */
  private fusedEnd(re: RegExp, shape: Shape, i: number): number {
    re.lastIndex = i;
    try {
      const m = re.exec(this.input);
      return m ? i + m[0].length : -1;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      const ended = this.ended.length;
      const r = shape.kind === 'nonTerminal' ? this.run(lookupRule(this.g, shape.name).shape, i) : this.structural(shape, i);
      this.ended.length = ended;
      return r.ok ? r.index : -1;
    }
  }

  /** Runs a shape that is not fused, or whose fused expression gave up: part by part. */
  private structural(shape: Shape, i: number): Reply {
    switch (shape.kind) {
      case 'sequence': {
        let last: Reply | undefined;
        let at = i;
        for (const item of shape.items) {
          last = merge(this.run(item, at), last);
          if (!last.ok) return last;
          at = last.index;
        }
        return merge(success(at), last);
      }
      case 'choice': {
        let last: Reply | undefined;
        for (const item of shape.items) {
          last = merge(this.run(item, i), last);
          if (last.ok) return last;
        }
        return last!;
      }
      case 'optional': {
        const r = this.run(shape.item, i);
        return r.ok ? r : merge(success(i), r);
      }
      case 'zeroOrMore':
      case 'oneOrMore': {
        // compile.ts's repeat(): only the last attempt's failure information is kept
        let at = i;
        let count = 0;
        let last: Reply;
        for (;;) {
          last = this.run(shape.item, at);
          if (!last.ok || last.index === at) break;
          at = last.index;
          count++;
        }
        if (count < (shape.kind === 'oneOrMore' ? 1 : 0)) return last;
        return { ok: true, index: at, furthest: last.furthest, fails: last.fails };
      }
      case 'lookahead': {
        const r = this.run(shape.item, i);
        return r.ok ? { ...r, index: i } : r;
      }
      case 'not': {
        const r = this.run(shape.item, i);
        return r.ok ? this.fail(i, describe(shape, this.owner())) : success(i);
      }
      case 'nonTerminal':
        return this.rule(shape.name, i);
      default:
        // terminals, charsets, context terminals and the end are always fused
        throw new Error(`grammar: unexpected ${shape.kind}`);
    }
  }
}

const sameFrame = (a: Frame, b: Frame) => a.rule === b.rule && a.start === b.start;

/**
 * The rule a failure at `furthest` belongs to, for a message: of the rules whose matches ended at
 * `furthest` (started before it, or a rule with a `field`, which is a component even when empty),
 * the deepest rule all failures there happened in, and the rules that failures happened in and
 * that started before `furthest`: the one that started last. On a tie, a rule that ended there
 * comes first (innermost first), then the common rule, then the deepest failing rule. Token
 * rules are never blamed: what goes wrong at their edge is their caller's business (an IPv6 piece
 * that ends where a ninth piece would start is an IPv6 address with too many pieces).
 */
function blameRule(
  g: Grammar,
  furthest: number,
  failures: BlameFailure[],
  endedThere: Array<Frame & { end: number }>,
  entry: string,
  tokens: ReadonlySet<string>,
): Frame {
  const candidates: Frame[] = [];
  for (const e of endedThere) if (!tokens.has(e.rule) && (e.start < furthest || lookupRule(g, e.rule).field)) candidates.push(e);
  // the deepest frame every failure stack shares
  let common: Frame | undefined;
  if (failures.length) {
    const first = failures[0].stack;
    for (let d = 0; d < first.length; d++) {
      if (failures.every((f) => f.stack.length > d && sameFrame(f.stack[d], first[d]))) common = first[d];
      else break;
    }
  }
  if (common && !tokens.has(common.rule)) candidates.push(common);
  for (const f of failures) {
    for (let d = f.stack.length - 1; d >= 0; d--) {
      const frame = f.stack[d];
      if (frame.start < furthest && !tokens.has(frame.rule)) candidates.push(frame);
    }
  }
  let best: Frame = { rule: entry, start: 0 };
  let bestStart = -1;
  for (const c of candidates) {
    if (c.start > bestStart) {
      best = c;
      bestStart = c.start;
    }
  }
  return { rule: best.rule, start: best.start };
}

/**
 * Runs `entry` of `g` on `input` the way the compiled parser does, and when the match fails,
 * says where and in which rules. Returns null when the entry rule matches.
 */
export interface BlameOptions {
  /** Rules that are never blamed themselves (see `blameRule`). */
  tokens?: ReadonlySet<string>;
}

export function blame(g: Grammar, entry: string, input: string, ctx: CompileContext = {}, options: BlameOptions = {}): Blame | null {
  const w = new Walker(g, ctx, input);
  const r = w.rule(entry, 0);
  if (r.ok) return null;
  const furthest = r.furthest;
  const endedThere = w.ended.filter((e) => e.end === furthest);
  // A repetition that stopped at `furthest` would have taken one more item there: the compiled
  // parser fuses such a repetition and so does not say so, but it belongs in what was expected.
  const more: string[] = [];
  for (const e of endedThere) {
    const shape = lookupRule(g, e.rule).shape;
    if (shape.kind === 'zeroOrMore' || shape.kind === 'oneOrMore') more.push(describe(shape.item, e.rule));
  }
  const expected = [...new Set([...more, ...r.fails.map((f) => f.expected)])];
  const { rule, start } = blameRule(g, furthest, r.fails, endedThere, entry, options.tokens ?? new Set());
  return { furthest, expected, failures: r.fails, endedThere, rule, start };
}
