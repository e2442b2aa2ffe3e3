// Small analyses of the rule tree that several consumers share (the compilers, the failure
// blamer): each is a pure function of the grammar and a shape.

import type { Grammar, Rule, Shape } from '../../grammar/vocabulary';

/** The rule named `name`; a missing rule is a mistake in the grammar. */
export function lookupRule(g: Grammar, name: string): Rule {
  const r = Object.prototype.hasOwnProperty.call(g, name) ? g[name] : undefined;
  if (!r) throw new Error(`grammar: no rule named "${name}"`);
  return r;
}

/** The shapes directly inside `shape` (a non-terminal's rule is not inside it). */
export function shapeChildren(shape: Shape): readonly Shape[] {
  switch (shape.kind) {
    case 'sequence':
    case 'choice':
      return shape.items;
    case 'optional':
    case 'zeroOrMore':
    case 'oneOrMore':
    case 'lookahead':
    case 'not':
      return [shape.item];
    default:
      return [];
  }
}

/**
 * True when `shape`, with the rules it refers to, can produce no record mark (no rule with a
 * `field` is reachable, other than the fields in `unmarked`: a matcher generated with those
 * unmarked gives them no mark of their own, only one per run that contains them, which its
 * generator accounts for). Recursion counts as marking, so a recursive rule is never fused.
 */
export function isMarkFree(g: Grammar, shape: Shape, seen: Set<string> = new Set(), unmarked?: ReadonlySet<string>): boolean {
  if (shape.kind === 'nonTerminal') {
    const r = lookupRule(g, shape.name);
    if ((r.field && !unmarked?.has(r.field)) || seen.has(r.name)) return false;
    seen.add(r.name);
    const free = isMarkFree(g, r.shape, seen, unmarked);
    seen.delete(r.name);
    return free;
  }
  return shapeChildren(shape).every((s) => isMarkFree(g, s, seen, unmarked));
}

/**
 * A cache of compiled entry rules: one value per grammar, entry rule and context (the context is
 * the base scheme, the one parameter rules can read). `make` runs on a miss.
 */
export function cachedPerEntry<T>(
  cache: WeakMap<Grammar, Map<string, T>>,
  g: Grammar,
  entry: string,
  baseScheme: string | undefined,
  make: () => T,
): T {
  let perGrammar = cache.get(g);
  if (!perGrammar) {
    perGrammar = new Map();
    cache.set(g, perGrammar);
  }
  const key = `${entry}\u0000${baseScheme ?? ''}`;
  let hit = perGrammar.get(key);
  if (hit === undefined) {
    hit = make();
    perGrammar.set(key, hit);
  }
  return hit;
}
