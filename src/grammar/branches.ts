// The branch points of a grammar: every place in its rules where a match can go more than one
// way, as the coverage of a set of inputs counts them. Each rule is one (it matched, or it was
// never reached), and so is each choice (which alternative), each optional (taken or skipped) and
// each repetition (zero, one or many times; one or many for oneOrMore).
//
// A branch point is named by its rule and its place in the rule's shape: the child indexes from
// the rule's shape down to it (`special-authority 0.1`: the second item of the rule's first
// alternative). The shapes themselves cannot name it, since one shape object may sit in several
// rules (grammar/url.ts shares its "query and fragment" tail between five). What is inside a
// lookahead or a not is left out: it never becomes part of the match, so no input "goes through"
// it. The tracing compiler (compileTracedEntry in ./compile.ts) reports a match as the indexes of
// this list, so the list is the catalogue and the trace only numbers into it.

import type { Grammar, Shape } from '../../grammar/vocabulary';

export type BranchKind = 'rule' | 'choice' | 'optional' | 'zeroOrMore' | 'oneOrMore';

export interface BranchPoint {
  /** Its place in the grammar's list (what a trace reports). */
  index: number;
  rule: string;
  /** The child indexes from the rule's shape down to this node, dot-separated ('' for the shape itself, and for the rule). */
  path: string;
  kind: BranchKind;
  /**
   * The ways a match can go here, in the order a trace numbers them: 'matched' for a rule;
   * 'alternative 1', 'alternative 2', ... for a choice; 'taken', 'skipped' for an optional;
   * 'zero', 'one', 'many' for zeroOrMore; 'one', 'many' for oneOrMore.
   */
  outcomes: readonly string[];
  /** The grammar's own shape object at this place (the rule's shape for a rule). */
  shape: Shape;
}

/** The outcome a repetition of `count` items reports (an index into its outcomes). */
export function repetitionOutcome(kind: 'zeroOrMore' | 'oneOrMore', count: number): number {
  const outcome = count >= 2 ? 2 : count;
  return kind === 'oneOrMore' ? outcome - 1 : outcome;
}

const OUTCOMES = {
  optional: ['taken', 'skipped'],
  zeroOrMore: ['zero', 'one', 'many'],
  oneOrMore: ['one', 'many'],
} as const;

export interface BranchCatalogue {
  points: readonly BranchPoint[];
  /** The index of the branch point at `path` in the shape of `rule` (not the rule's own), or -1 when there is none there. */
  indexOf(rule: string, path: string): number;
  /** The index of the rule's own branch point (it matched). */
  ruleIndex(rule: string): number;
}

const catalogues = new WeakMap<Grammar, BranchCatalogue>();

/** The child path of item `k` below `path`. */
export function childPath(path: string, k: number): string {
  return path === '' ? String(k) : `${path}.${k}`;
}

/** Every branch point of `g`, rule by rule in the grammar's order, each rule's in pre-order. */
export function branchCatalogue(g: Grammar): BranchCatalogue {
  const hit = catalogues.get(g);
  if (hit) return hit;
  const points: BranchPoint[] = [];
  const byKey = new Map<string, number>();
  const add = (rule: string, path: string, kind: BranchKind, outcomes: readonly string[], shape: Shape) => {
    // (a rule whose shape is a choice has two branch points at the same place: the rule's, and the choice's)
    byKey.set(kind === 'rule' ? `${rule}\u0000rule` : `${rule}\u0000${path}`, points.length);
    points.push({ index: points.length, rule, path, kind, outcomes, shape });
  };
  const walk = (rule: string, shape: Shape, path: string) => {
    switch (shape.kind) {
      case 'sequence':
        shape.items.forEach((s, k) => walk(rule, s, childPath(path, k)));
        return;
      case 'choice':
        add(rule, path, 'choice', shape.items.map((_, k) => `alternative ${k + 1}`), shape);
        shape.items.forEach((s, k) => walk(rule, s, childPath(path, k)));
        return;
      case 'optional':
      case 'zeroOrMore':
      case 'oneOrMore':
        add(rule, path, shape.kind, OUTCOMES[shape.kind], shape);
        walk(rule, shape.item, childPath(path, 0));
        return;
      default:
        // terminals, charsets, references (their rule is a branch point of its own), and
        // lookahead and not, whose insides are never part of a match
        return;
    }
  };
  for (const r of Object.values(g)) {
    add(r.name, '', 'rule', ['matched'], r.shape);
    walk(r.name, r.shape, '');
  }
  const catalogue: BranchCatalogue = {
    points,
    indexOf: (rule, path) => byKey.get(`${rule}\u0000${path}`) ?? -1,
    ruleIndex: (rule) => byKey.get(`${rule}\u0000rule`) ?? -1,
  };
  catalogues.set(g, catalogue);
  return catalogue;
}
