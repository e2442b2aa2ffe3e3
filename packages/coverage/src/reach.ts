// Which rules of a grammar its entry rules reach: what a coverage run can exercise at all.

import type { Grammar, Shape } from 'url-grammar/grammar';

/**
 * The rules whose matches can be part of a match of `entries` in `g` (the entries themselves
 * included). A rule referred to only inside a lookahead or a not is not among them: what those
 * test never becomes part of the match, and tracing does not count it.
 */
export function reachableRules(g: Grammar, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (s: Shape): void => {
    switch (s.kind) {
      case 'nonTerminal':
        if (seen.has(s.name)) return;
        seen.add(s.name);
        visit(g[s.name].shape);
        return;
      case 'sequence':
      case 'choice':
        s.items.forEach(visit);
        return;
      case 'optional':
      case 'zeroOrMore':
      case 'oneOrMore':
        visit(s.item);
        return;
      default:
        return;
    }
  };
  for (const e of entries) {
    if (seen.has(e)) continue;
    seen.add(e);
    visit(g[e].shape);
  }
  return seen;
}
