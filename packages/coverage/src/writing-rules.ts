// The writing rules, as the standard names them: each definition of url.bs's "URL writing" and
// "host writing" sections that the writing grammar (grammar/writing.ts) implements is one rule,
// named by its anchor. A grammar rule belongs to the definition its `spec` names (the rule
// `path-segment-unit` is part of the URL-path-segment string), and the checks the writing checker
// makes on the grammar's marks (src/check/writing.ts) carry the standard's names already.

import { WRITING_ENTRY_RULES, WRITING_GRAMMAR } from 'url-grammar/grammar';
import { reachableRules } from './reach';

/** The writing checker's problems that are not a grammar rule's: their rule names and anchors. */
export const WRITING_CHECKS: ReadonlyArray<{ name: string; spec: string; what: string }> = [
  { name: 'valid-domain', spec: 'valid-domain', what: 'the domain parser with beStrict set succeeds on the host and the result does not end in a number' },
];

/** The anchor (writing rule) a problem of the writing checker belongs to: its grammar rule's, or the check's own. */
export function writingRuleOf(problemRule: string): string {
  const r = Object.prototype.hasOwnProperty.call(WRITING_GRAMMAR, problemRule) ? WRITING_GRAMMAR[problemRule] : undefined;
  return r ? r.spec : problemRule;
}

/**
 * The writing rules a URL string can violate: the anchors of the rules the valid-URL-string entry
 * rules reach (the ones for a host string or a port string alone are other entry points), without
 * the definitions of code-point sets (a set is used by a rule, it is not a rule a string can
 * break), plus the checks.
 */
export function urlWritingRules(): string[] {
  const rules = reachableRules(WRITING_GRAMMAR, Object.values(WRITING_ENTRY_RULES.validURLString));
  const anchors = new Set<string>();
  for (const name of rules) {
    const r = WRITING_GRAMMAR[name];
    // a rule that is one charset (forbidden-host-code-point) defines a set
    if (r.shape.kind === 'charset') continue;
    anchors.add(r.spec);
  }
  for (const c of WRITING_CHECKS) anchors.add(c.spec);
  return [...anchors];
}
