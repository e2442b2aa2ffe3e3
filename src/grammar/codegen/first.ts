// The static facts about a shape that the generator decides by: what it can start with (its FIRST
// set), whether it can match the empty string, and whether it can leave a mark. They are
// questions about the grammar alone, asked again and again for the same shapes while code is
// written, so they are answered once per shape and kept here, apart from the code that uses the
// answers (the pattern recognisers and the emitter).

import type { Grammar, Shape } from '../../../grammar/vocabulary';
import { isMarkFree } from '../analysis';
import { charsetOf } from './charsets';

export interface First {
  table: Uint8Array;
  nonAscii: boolean;
  nullable: boolean;
  open: boolean;
}

/** The FIRST sets and mark-freedom of the shapes of one grammar, cached per shape. */
export class ShapeFacts {
  private readonly freeCache = new Map<Shape, boolean>();
  private readonly freeButUnmarkedCache = new Map<Shape, boolean>();
  private readonly firstCache = new Map<Shape, First>();

  /** `unmarked`: the fields generated without a mark of their own (GenerateOptions.unmarked). */
  constructor(
    private readonly g: Grammar,
    private readonly unmarked: ReadonlySet<string>,
  ) {}

  /**
   * True when `shape` (with the rules it refers to) can produce no mark (cached). A rule of an
   * unmarked field can: a run of it leaves one mark (the emitter's separatedRunBody).
   */
  markFree(shape: Shape): boolean {
    let free = this.freeCache.get(shape);
    if (free === undefined) {
      free = isMarkFree(this.g, shape);
      this.freeCache.set(shape, free);
    }
    return free;
  }

  /** True when nothing in `shape` marks but rules of unmarked fields (cached). */
  markFreeButUnmarked(shape: Shape): boolean {
    let free = this.freeButUnmarkedCache.get(shape);
    if (free === undefined) {
      free = isMarkFree(this.g, shape, new Set(), this.unmarked);
      this.freeButUnmarkedCache.set(shape, free);
    }
    return free;
  }

  /**
   * What `shape` can start with (its FIRST set over ASCII, and whether a code unit >= 0x80 can
   * start it), whether it can match the empty string, and `open` when that cannot be known
   * statically (lookahead, a context terminal, recursion): then nothing is gated on it.
   */
  first(shape: Shape, seen: Set<string> = new Set()): First {
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
}

/** A set over ASCII: 1 for each code unit in it; null when any code unit may be in it. */
type UnitSet = Uint8Array | null;

const union = (a: UnitSet, b: UnitSet): UnitSet => (a === null || b === null ? null : a.map((x, c) => x | b[c]));

/**
 * The code units a match of `shape` can end with (its LAST set, FIRST's mirror) over ASCII, and
 * whether it can match the empty string; null for the set when any code unit may end one (a code
 * unit from U+0080 up, a context terminal, recursion).
 */
function lastOf(g: Grammar, shape: Shape, facts: ShapeFacts, seen: Set<string>): { last: UnitSet; nullable: boolean } {
  switch (shape.kind) {
    case 'terminal':
    case 'charset': {
      // a literal ends with its last code unit, which FIRST of that code unit alone gives
      const f = facts.first(shape.kind === 'terminal' ? { ...shape, text: shape.text.slice(-1) } : shape);
      return { last: f.nonAscii ? null : f.table, nullable: shape.kind === 'terminal' && shape.text === '' };
    }
    case 'sequence':
    case 'choice': {
      let last: UnitSet = new Uint8Array(128);
      const items = shape.kind === 'sequence' ? [...shape.items].reverse() : shape.items;
      let nullable = shape.kind === 'sequence';
      for (const item of items) {
        const r = lastOf(g, item, facts, seen);
        last = union(last, r.last);
        if (shape.kind === 'choice') nullable ||= r.nullable;
        else if (!r.nullable) return { last, nullable: false };
      }
      return { last, nullable };
    }
    case 'optional':
    case 'zeroOrMore':
      return { last: lastOf(g, shape.item, facts, seen).last, nullable: true };
    case 'oneOrMore':
      return lastOf(g, shape.item, facts, seen);
    case 'nonTerminal': {
      const r = g[shape.name];
      if (!r || seen.has(shape.name)) return { last: null, nullable: true };
      seen.add(shape.name);
      const out = lastOf(g, r.shape, facts, seen);
      seen.delete(shape.name);
      return out;
    }
    case 'end':
    case 'lookahead':
    case 'not':
      return { last: new Uint8Array(128), nullable: true };
    default:
      return { last: null, nullable: true };
  }
}

/**
 * The FIRST and LAST sets of rule `name` of `g` over ASCII (1 for each code unit a match can
 * start, and end, with); null for either when any code unit may (the set is open, a code unit
 * from U+0080 up can be there, or the rule can match the empty string): for a quick test that
 * spares a match that cannot succeed.
 */
export function firstAndLastOf(g: Grammar, name: string): { first: UnitSet; last: UnitSet } {
  const facts = new ShapeFacts(g, new Set());
  const rule: Shape = { kind: 'nonTerminal', name };
  const f = facts.first(rule);
  const l = lastOf(g, rule, facts, new Set());
  const empty = f.nullable || l.nullable;
  return { first: f.open || f.nonAscii || empty ? null : f.table, last: empty ? null : l.last };
}
