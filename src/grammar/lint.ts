// Grammar lint: mistakes a grammar can make that the compiler would not report, or would only
// report as a wrong parse or a hang. Each finding is one line naming the rule.
//
//   - a non-terminal naming no rule (and an entry rule that is not a rule);
//   - a rule no entry rule reaches (when the entry rules are given);
//   - a repetition (zeroOrMore, oneOrMore) over something that can match the empty string: PEG
//     repetition stops at the first empty match, so the repetition is a mistake or dead weight;
//   - an alternative of a choice that can never be taken, because an earlier alternative always
//     succeeds on every input the later one could match (an earlier alternative that always
//     succeeds, or a terminal that is a prefix of the later one's: "http" before "https");
//   - left recursion: a rule that can reach itself without consuming input (the compiled parser
//     would never return);
//   - a charset whose set is not a valid regular-expression class body.
//
// The analyses are the usual PEG ones (nullable, always succeeds, the literal prefix every match
// starts with), computed as fixpoints over the rules.

import type { Grammar, Rule, Shape } from '../../grammar/vocabulary';
import { charsetRanges, shapeToEBNF } from './ebnf';
import { shapeChildren } from './analysis';

function has(g: Grammar, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(g, name);
}


/** Every shape inside `shape`, itself first. */
function* walk(shape: Shape): Generator<Shape> {
  yield shape;
  for (const c of shapeChildren(shape)) yield* walk(c);
}

/** A short form of a shape for messages. */
function show(shape: Shape): string {
  const text = shapeToEBNF(shape);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

// ---- nullable and infallible ----------------------------------------------------------------------

/** A property of shapes that depends on the rules they name, computed as a least fixpoint. */
function fixpoint(g: Grammar, step: (shape: Shape, ofRule: (name: string) => boolean) => boolean): (shape: Shape) => boolean {
  const known = new Set<string>();
  const ofRule = (name: string) => known.has(name);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of Object.values(g)) {
      if (!known.has(r.name) && step(r.shape, ofRule)) {
        known.add(r.name);
        changed = true;
      }
    }
  }
  return (shape) => step(shape, ofRule);
}

/** Can `shape` succeed without consuming input? */
function nullableStep(shape: Shape, ofRule: (name: string) => boolean): boolean {
  switch (shape.kind) {
    case 'terminal':
      return shape.text === '';
    case 'charset':
    case 'contextTerminal':
      return false;
    case 'end':
    case 'lookahead':
    case 'not':
    case 'optional':
    case 'zeroOrMore':
      return true;
    case 'oneOrMore':
      return nullableStep(shape.item, ofRule);
    case 'sequence':
      return shape.items.every((s) => nullableStep(s, ofRule));
    case 'choice':
      return shape.items.some((s) => nullableStep(s, ofRule));
    case 'nonTerminal':
      return ofRule(shape.name);
  }
}

/** Does `shape` succeed on every input? */
function infallibleStep(shape: Shape, ofRule: (name: string) => boolean): boolean {
  switch (shape.kind) {
    case 'terminal':
      return shape.text === '';
    case 'charset':
    case 'contextTerminal':
    case 'end':
    case 'not':
      return false;
    case 'optional':
    case 'zeroOrMore':
      return true;
    case 'oneOrMore':
    case 'lookahead':
      return infallibleStep(shape.item, ofRule);
    case 'sequence':
      return shape.items.every((s) => infallibleStep(s, ofRule));
    case 'choice':
      return shape.items.some((s) => infallibleStep(s, ofRule));
    case 'nonTerminal':
      return ofRule(shape.name);
  }
}

// ---- literal prefixes ---------------------------------------------------------------------------

/** The code units one position of the input may hold. */
type Unit = ReadonlySet<number>;

/** Sets larger than this are not tracked (they never decide a prefix question in practice). */
const MAX_UNIT = 256;

function unitsOfText(text: string, caseInsensitive: boolean): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const set = new Set<number>([text.charCodeAt(i)]);
    if (caseInsensitive && /[A-Za-z]/.test(ch)) {
      set.add(ch.toLowerCase().charCodeAt(0));
      set.add(ch.toUpperCase().charCodeAt(0));
    }
    out.push(set);
  }
  return out;
}

function unitOfCharset(shape: Extract<Shape, { kind: 'charset' }>): Unit | null {
  if (shape.negated) return null;
  let ranges;
  try {
    ranges = charsetRanges(shape.set);
  } catch {
    return null;
  }
  const set = new Set<number>();
  for (const [lo, hi] of ranges) {
    if (set.size + (hi - lo + 1) > MAX_UNIT) return null;
    for (let c = lo; c <= hi; c++) set.add(c);
  }
  return set;
}

class Prefixes {
  private readonly busy = new Set<string>();
  constructor(
    private readonly g: Grammar,
    private readonly infallible: (shape: Shape) => boolean,
  ) {}

  private viaRule<T>(name: string, fallback: T, f: (r: Rule) => T): T {
    if (!has(this.g, name) || this.busy.has(name)) return fallback;
    this.busy.add(name);
    try {
      return f(this.g[name]);
    } finally {
      this.busy.delete(name);
    }
  }

  /**
   * When `shape` consumes one fixed sequence of positions and succeeds on any input that starts
   * with something in them: those positions (a terminal, a positive charset, a sequence of such).
   */
  exactGuaranteed(shape: Shape): Unit[] | null {
    switch (shape.kind) {
      case 'terminal':
        return unitsOfText(shape.text, !!shape.caseInsensitive);
      case 'charset': {
        const u = unitOfCharset(shape);
        return u ? [u] : null;
      }
      case 'sequence': {
        const out: Unit[] = [];
        for (const s of shape.items) {
          const part = this.exactGuaranteed(s);
          if (!part) return null;
          out.push(...part);
        }
        return out;
      }
      case 'nonTerminal':
        return this.viaRule(shape.name, null, (r) => this.exactGuaranteed(r.shape));
      default:
        return null;
    }
  }

  /** A prefix P such that `shape` succeeds on every input that starts with something in P. */
  guaranteed(shape: Shape): Unit[] | null {
    if (this.infallible(shape)) return [];
    const exact = this.exactGuaranteed(shape);
    if (exact) return exact;
    switch (shape.kind) {
      case 'sequence': {
        const out: Unit[] = [];
        let i = 0;
        for (; i < shape.items.length; i++) {
          const part = this.exactGuaranteed(shape.items[i]);
          if (!part) break;
          out.push(...part);
        }
        const rest = shape.items.slice(i + 1);
        if (!rest.every((s) => this.infallible(s))) return null;
        const last = this.guaranteed(shape.items[i]);
        return last ? [...out, ...last] : null;
      }
      case 'choice': {
        let best: Unit[] | null = null;
        for (const s of shape.items) {
          const p = this.guaranteed(s);
          if (p && (!best || p.length < best.length)) best = p;
        }
        return best;
      }
      case 'lookahead':
        return this.guaranteed(shape.item);
      case 'nonTerminal':
        return this.viaRule(shape.name, null, (r) => this.guaranteed(r.shape));
      default:
        return null;
    }
  }

  /** When every match of `shape` consumes one fixed sequence of positions: those positions. */
  private exact(shape: Shape): Unit[] | null {
    switch (shape.kind) {
      case 'end':
      case 'lookahead':
      case 'not':
        return [];
      case 'sequence': {
        const out: Unit[] = [];
        for (const s of shape.items) {
          const part = this.exact(s);
          if (!part) return null;
          out.push(...part);
        }
        return out;
      }
      case 'nonTerminal':
        return this.viaRule(shape.name, null, (r) => this.exact(r.shape));
      default:
        return this.exactGuaranteed(shape);
    }
  }

  /** Positions every match of `shape` starts with (possibly none). */
  required(shape: Shape): Unit[] {
    const exact = this.exact(shape);
    if (exact) return exact;
    switch (shape.kind) {
      case 'sequence': {
        const out: Unit[] = [];
        for (const s of shape.items) {
          const part = this.exact(s);
          if (part) {
            out.push(...part);
            continue;
          }
          out.push(...this.required(s));
          break;
        }
        return out;
      }
      case 'choice': {
        // the longest common prefix, each position the union of the alternatives' sets
        const all = shape.items.map((s) => this.required(s));
        if (all.length === 0) return [];
        const n = Math.min(...all.map((p) => p.length));
        const out: Unit[] = [];
        for (let k = 0; k < n; k++) {
          const union = new Set<number>();
          for (const p of all) for (const c of p[k]) union.add(c);
          out.push(union);
        }
        return out;
      }
      case 'oneOrMore':
        return this.required(shape.item);
      case 'nonTerminal':
        return this.viaRule(shape.name, [], (r) => this.required(r.shape));
      default:
        return [];
    }
  }
}

function subset(a: Unit, b: Unit): boolean {
  for (const c of a) if (!b.has(c)) return false;
  return true;
}

/** True when every input `later` could match starts with something in `earlier`'s guaranteed prefix. */
function hidden(guaranteed: Unit[], required: Unit[]): boolean {
  return guaranteed.length <= required.length && guaranteed.every((u, k) => subset(required[k], u));
}

// ---- the lint -----------------------------------------------------------------------------------

/**
 * The problems found in `grammar`, one line each (empty when there is none). `entryRules`, when
 * given, are the rules parsing starts from: a rule none of them reaches is reported as unused.
 */
export function lintGrammar(grammar: Grammar, entryRules?: readonly string[]): string[] {
  const problems: string[] = [];
  const rules = Object.values(grammar);

  // names
  for (const r of rules) {
    const missing = new Set<string>();
    for (const s of walk(r.shape)) if (s.kind === 'nonTerminal' && !has(grammar, s.name)) missing.add(s.name);
    for (const name of missing) problems.push(`rule "${r.name}": refers to "${name}", which is not a rule of the grammar`);
  }

  // reachability
  if (entryRules) {
    const reached = new Set<string>();
    const todo: string[] = [];
    for (const e of entryRules) {
      if (!has(grammar, e)) problems.push(`entry rule "${e}" is not a rule of the grammar`);
      else if (!reached.has(e)) {
        reached.add(e);
        todo.push(e);
      }
    }
    while (todo.length) {
      const r = grammar[todo.pop()!];
      for (const s of walk(r.shape)) {
        if (s.kind === 'nonTerminal' && has(grammar, s.name) && !reached.has(s.name)) {
          reached.add(s.name);
          todo.push(s.name);
        }
      }
    }
    for (const r of rules) if (!reached.has(r.name)) problems.push(`rule "${r.name}" is unused: no entry rule reaches it`);
  }

  const nullable = fixpoint(grammar, nullableStep);
  const infallible = fixpoint(grammar, infallibleStep);
  const prefixes = new Prefixes(grammar, infallible);

  for (const r of rules) {
    for (const s of walk(r.shape)) {
      // repetition over the empty string
      if ((s.kind === 'zeroOrMore' || s.kind === 'oneOrMore') && nullable(s.item)) {
        problems.push(`rule "${r.name}": ${s.kind} over something that can match the empty string: ${show(s.item)}`);
      }
      // alternatives hidden by an earlier one
      if (s.kind === 'choice') {
        const guaranteed = s.items.map((alt) => prefixes.guaranteed(alt));
        s.items.forEach((alt, j) => {
          for (let i = 0; i < j; i++) {
            const p = guaranteed[i];
            if (p && hidden(p, prefixes.required(alt))) {
              const why = p.length === 0 ? 'always succeeds' : 'succeeds on every input it could match';
              problems.push(
                `rule "${r.name}": alternative ${j + 1} of a choice (${show(alt)}) is never taken: alternative ${i + 1} (${show(s.items[i])}) ${why}`,
              );
              break;
            }
          }
        });
      }
      // charsets that do not compile
      if (s.kind === 'charset') {
        try {
          new RegExp(`[${s.negated ? '^' : ''}${s.set}]`);
        } catch (e) {
          problems.push(`rule "${r.name}": the charset "${s.label}" is not a valid class body: ${(e as Error).message}`);
        }
      }
    }
  }

  // left recursion: rules reachable at the start of a rule without consuming input
  const leftCalls = new Map<string, Set<string>>();
  const collectLeft = (shape: Shape, out: Set<string>): void => {
    switch (shape.kind) {
      case 'nonTerminal':
        out.add(shape.name);
        break;
      case 'sequence':
        for (const item of shape.items) {
          collectLeft(item, out);
          if (!nullable(item)) break;
        }
        break;
      case 'choice':
        for (const item of shape.items) collectLeft(item, out);
        break;
      case 'optional':
      case 'zeroOrMore':
      case 'oneOrMore':
      case 'lookahead':
      case 'not':
        collectLeft(shape.item, out);
        break;
      default:
        break;
    }
  };
  for (const r of rules) {
    const out = new Set<string>();
    collectLeft(r.shape, out);
    leftCalls.set(r.name, out);
  }
  const reported = new Set<string>();
  for (const r of rules) {
    // breadth-first from r's left calls, remembering the way, until r comes back
    const from = new Map<string, string>();
    const queue = [...(leftCalls.get(r.name) ?? [])].filter((n) => has(grammar, n));
    for (const n of queue) from.set(n, r.name);
    let found = false;
    for (let q = 0; q < queue.length && !found; q++) {
      const n = queue[q];
      if (n === r.name) {
        found = true;
        break;
      }
      for (const m of leftCalls.get(n) ?? []) {
        if (has(grammar, m) && !from.has(m)) {
          from.set(m, n);
          queue.push(m);
        }
      }
    }
    if (!found) continue;
    const cycle = [r.name];
    for (let n = from.get(r.name)!; n !== r.name; n = from.get(n)!) cycle.unshift(n);
    cycle.unshift(r.name);
    const key = [...cycle.slice(1)].sort().join('\u0000');
    if (reported.has(key)) continue;
    reported.add(key);
    problems.push(`rule "${r.name}" is left-recursive: ${cycle.join(' -> ')} without consuming input`);
  }

  return problems;
}
