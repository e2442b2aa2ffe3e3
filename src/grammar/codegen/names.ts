// The names a matcher is generated from, checked before any code is written: the entry rule, the
// rules the grammar refers to from it, and the names in the options (`rule:NAME` flag keys, the
// unmarked fields). Code elsewhere names grammar rules and fields by string, and the emitter
// reads a name it does not find as "nothing here" (no flags to raise, no field to leave
// unmarked, a FIRST set it cannot know): a misspelt name would give a matcher that quietly does
// less than asked. The check is apart from the emitter so that it runs once, on the grammar and
// options as given, and says which name is wrong.

import type { Grammar, Shape } from '../../../grammar/vocabulary';
import { shapeChildren } from '../analysis';
import { checkFlagKeys, type FlagsByField } from './flags';

/** Whether `g` has a rule named `name` (its own: a name such as "constructor" is no rule). */
function hasRule(g: Grammar, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(g, name);
}

/**
 * Throws an Error naming the first name that is not in `g`: `entry` when it is no rule, a
 * non-terminal reference in a rule that `entry` reaches, a `rule:NAME` key of `flags`, or a field
 * of `unmarked` that no rule of `g` marks.
 */
export function checkNames(g: Grammar, entry: string, flags: FlagsByField | undefined, unmarked: readonly string[]): void {
  if (!hasRule(g, entry)) throw new Error(`matcher generator: the entry rule "${entry}" is not a rule of the grammar`);
  // every rule the entry reaches, each visited once
  const reached = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length > 0) {
    const name = pending.pop()!;
    const refs: string[] = [];
    collectReferences(g[name].shape, refs);
    for (const ref of refs) {
      if (!hasRule(g, ref)) throw new Error(`matcher generator: rule "${name}" refers to "${ref}", which is not a rule of the grammar`);
      if (!reached.has(ref)) {
        reached.add(ref);
        pending.push(ref);
      }
    }
  }
  if (flags !== undefined) checkFlagKeys(g, flags);
  for (const field of unmarked) {
    if (!Object.values(g).some((r) => r.field === field)) {
      throw new Error(`matcher generator: the unmarked field "${field}" is the field of no rule of the grammar`);
    }
  }
}

/** The names of the rules `shape` refers to, outside any rule of its own. */
function collectReferences(shape: Shape, out: string[]): void {
  if (shape.kind === 'nonTerminal') out.push(shape.name);
  for (const s of shapeChildren(shape)) collectReferences(s, out);
}
