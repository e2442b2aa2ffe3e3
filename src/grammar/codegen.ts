// The fast backend of the rule compiler: grammar rule objects -> one generated JavaScript matcher
// per entry rule.
//
// src/grammar/compile.ts is the reference backend: parsimmon parsers that also say, when a match
// fails, how far it got and what was expected (the writing checker and the diagrams use that).
// On the parser's hot path that bookkeeping is most of the cost, so this backend compiles the same
// rules to plain code: one function per rule and per shape, charsets as lookup tables, PEG
// semantics (ordered choice, greedy repetition that never gives back, lookahead and not) kept
// exactly. It produces the same marks as the reference backend; test/grammar-backends.test.ts
// checks that on every WPT input, the real-world corpus and random strings.
//
// The generated code is built from the rule objects alone: no hand-written scanner.

import type { Grammar, RecordField, Shape } from '../../grammar/vocabulary';
import type { CompileContext, Mark, Match } from './compile';
import { cachedPerEntry, isMarkFree } from './analysis';

export interface FastMatcher {
  /** Matches from `start` (default 0): the end and the marks, or null. */
  (input: string, start?: number): Match | null;
  /**
   * The same match without building mark objects: returns the end or -1, and leaves the marks in
   * `flat` as (field index into `fields`, start, end) triples until the next call.
   */
  scan(input: string, start?: number): number;
  readonly flat: readonly number[];
  readonly fields: readonly RecordField[];
}

interface First {
  table: Uint8Array;
  nonAscii: boolean;
  nullable: boolean;
  open: boolean;
}

interface Charset {
  table: Uint8Array; // 1 where an ASCII code unit is in the set
  nonAscii: boolean | RegExp; // whether a code unit >= 0x80 is in the set (or a test for it)
}

function charsetOf(set: string, negated: boolean): Charset {
  const re = new RegExp(`[${set}]`);
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = re.test(String.fromCharCode(c)) !== negated ? 1 : 0;
  // A set written with ASCII only, and no \u escape above U+007F, holds no code unit >= 0x80.
  const escapes = [...set.matchAll(/\\u([0-9A-Fa-f]{4})/g)].map((m) => parseInt(m[1], 16));
  const asciiOnly = !/[^\x00-\x7F]|\\[pPuU]\{/.test(set) && escapes.every((cp) => cp < 0x80);
  const nonAscii: boolean | RegExp = asciiOnly ? negated : new RegExp(`[${negated ? '^' : ''}${set}]`);
  return { table, nonAscii };
}

class Generator {
  private readonly fns: string[] = [];
  private readonly ruleIds = new Map<string, number>();
  private count = 0;
  readonly charsets: Charset[] = [];
  readonly fields: string[] = [];

  constructor(
    private readonly g: Grammar,
    private readonly ctx: CompileContext,
  ) {}

  private readonly freeCache = new Map<Shape, boolean>();

  /** True when `shape` (with the rules it refers to) can produce no mark (cached). */
  private markFree(shape: Shape): boolean {
    let free = this.freeCache.get(shape);
    if (free === undefined) {
      free = isMarkFree(this.g, shape);
      this.freeCache.set(shape, free);
    }
    return free;
  }

  private readonly firstCache = new Map<Shape, First>();

  /**
   * What `shape` can start with (its FIRST set over ASCII, and whether a code unit >= 0x80 can
   * start it), whether it can match the empty string, and `open` when that cannot be known
   * statically (lookahead, a context terminal, recursion): then nothing is gated on it.
   */
  private first(shape: Shape, seen: Set<string> = new Set()): First {
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

  /**
   * `expr` guarded by a test of the code unit at `pos` against the FIRST set of `shape` (an LL(1)
   * prediction that skips an alternative that cannot match), when the set says anything.
   */
  private gated(shape: Shape, expr: string): string {
    // a terminal or a charset tests its first code unit itself
    if (shape.kind === 'terminal' || shape.kind === 'charset') return expr;
    const f = this.first(shape);
    if (f.open || f.nullable) return expr;
    const k = this.charsets.push({ table: f.table, nonAscii: f.nonAscii }) - 1;
    return `((pos < len && ((c = input.charCodeAt(pos)) < 128 ? T${k}[c] === 1 : ${f.nonAscii})) && ${expr})`;
  }

  /**
   * For a choice with exactly one charset alternative whose code units no other alternative can
   * start with (and no other alternative that can match empty or is not known statically): that
   * charset, and the other alternatives in order.
   */
  private charsetRunOfChoice(shape: Shape): { charset: Extract<Shape, { kind: 'charset' }>; others: Shape[] } | null {
    if (shape.kind !== 'choice') return null;
    const sets = shape.items.filter((s): s is Extract<Shape, { kind: 'charset' }> => s.kind === 'charset');
    if (sets.length !== 1) return null;
    const charset = sets[0];
    const cs = charsetOf(charset.set, !!charset.negated);
    const others = shape.items.filter((s) => s !== charset);
    for (const o of others) {
      const f = this.first(o);
      if (f.open || f.nullable) return null;
      if (f.nonAscii && cs.nonAscii !== false) return null;
      for (let c = 0; c < 128; c++) if (f.table[c] && cs.table[c]) return null;
    }
    return { charset, others };
  }

  private fresh(): string {
    return `f${this.count++}`;
  }

  rule(name: string): string {
    const known = this.ruleIds.get(name);
    if (known !== undefined) return `r${known}`;
    const r = this.g[name];
    if (!r) throw new Error(`grammar: no rule named "${name}"`);
    const id = this.ruleIds.size;
    this.ruleIds.set(name, id);
    const fn = `r${id}`;
    const body = this.shape(r.shape);
    if (r.field && this.markFree(r.shape)) {
      // nothing inside can mark: push the mark once the body has matched
      const fieldIndex = this.fields.push(r.field) - 1;
      this.fns.push(
        `function ${fn}() { // rule ${JSON.stringify(name)}\n` +
          `  const s = pos; let c; if (!${body}) return false;\n` +
          `  marks[nm] = ${fieldIndex}; marks[nm + 1] = s; marks[nm + 2] = pos; nm += 3; return true;\n}`,
      );
    } else if (r.field) {
      // this rule's mark comes before the marks of what it contains
      const fieldIndex = this.fields.push(r.field) - 1;
      this.fns.push(
        `function ${fn}() { // rule ${JSON.stringify(name)}\n` +
          `  const s = pos, m = nm; marks[nm] = ${fieldIndex}; marks[nm + 1] = s; marks[nm + 2] = -1; nm += 3;\n` +
          `  let c; if (!${body}) { nm = m; return false; }\n` +
          `  marks[m + 2] = pos; return true;\n}`,
      );
    } else {
      this.fns.push(`function ${fn}() { let c; return ${body}; } // rule ${JSON.stringify(name)}`);
    }
    return fn;
  }

  /** An expression that matches `text` here, advancing `pos` (no state changes on failure). */
  private literal(text: string, caseInsensitive: boolean): string {
    const checks: string[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const at = i === 0 ? 'pos' : `pos + ${i}`;
      const isLetter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
      if (caseInsensitive && isLetter) checks.push(`(input.charCodeAt(${at}) | 0x20) === ${c | 0x20}`);
      else checks.push(`input.charCodeAt(${at}) === ${c}`);
    }
    return `(${checks.join(' && ') || 'true'} && (pos += ${text.length}, true))`;
  }

  /** A condition: the code unit at `pos` is in the set (uses a local `c`). */
  private charsetTest(set: string, negated: boolean): string {
    const k = this.charsets.push(charsetOf(set, negated)) - 1;
    const nonAscii = this.charsets[k].nonAscii;
    const high = typeof nonAscii === 'boolean' ? String(nonAscii) : `CS[${k}].nonAscii.test(input[pos])`;
    return `(pos < len && ((c = input.charCodeAt(pos)) < 128 ? T${k}[c] === 1 : ${high}))`;
  }

  /** An expression that matches `shape` here: true and `pos` advanced, or false and nothing changed. */
  shape(shape: Shape): string {
    let body: string;
    switch (shape.kind) {
      case 'terminal':
        return this.literal(shape.text, !!shape.caseInsensitive);
      case 'contextTerminal': {
        const value = this.ctx[shape.param];
        return value === undefined ? 'false' : this.literal(value, !!shape.caseInsensitive);
      }
      case 'charset':
        return `(${this.charsetTest(shape.set, !!shape.negated)} && (pos++, true))`;
      case 'end':
        return '(pos === len)';
      case 'nonTerminal':
        return `${this.rule(shape.name)}()`;
      case 'choice':
        return `(${shape.items.map((s) => this.gated(s, this.shape(s))).join(' || ')})`;
      case 'optional':
        return `(${this.gated(shape.item, this.shape(shape.item))}, true)`;
      case 'sequence': {
        const items = shape.items.map((s) => this.shape(s));
        if (items.length === 1) return items[0];
        const free = this.markFree(shape);
        body =
          (free ? 'const s = pos;\n' : 'const s = pos, m = nm;\n') +
          items.map((e) => `  if (!${e}) { pos = s;${free ? '' : ' nm = m;'} return false; }`).join('\n') +
          '\n  return true;';
        break;
      }
      case 'zeroOrMore':
      case 'oneOrMore': {
        const min = shape.kind === 'oneOrMore' ? 1 : 0;
        const run = this.charsetRunOfChoice(shape.item);
        if (shape.item.kind === 'charset') {
          // the common case: a run of code points from a set
          const test = this.charsetTest(shape.item.set, !!shape.item.negated);
          body = `const s = pos; while (${test}) pos++; return pos - s >= ${min};`;
        } else if (run) {
          // a choice with one charset alternative that no other alternative can start with: at
          // any place at most one alternative can match, so take runs of the charset in a tight
          // loop and try the others where it stops (the same match as the choice, item by item)
          const test = this.charsetTest(run.charset.set, !!run.charset.negated);
          const others = run.others.map((o) => this.gated(o, this.shape(o))).join(' || ');
          body =
            `const s = pos;\n` +
            `  for (;;) { while (${test}) pos++; const p = pos; if (!(${others}) || pos === p) break; }\n` +
            `  return pos - s >= ${min};`;
        } else {
          const item = this.gated(shape.item, this.shape(shape.item));
          body =
            `let n = 0; for (;;) { const p = pos; if (!${item} || pos === p) break; n++; }\n` +
            `  return n >= ${min};`;
        }
        break;
      }
      case 'lookahead':
      case 'not': {
        const item = this.shape(shape.item);
        const want = shape.kind === 'lookahead' ? 'ok' : '!ok';
        body = this.markFree(shape.item)
          ? `const s = pos; const ok = ${item}; pos = s; return ${want};`
          : `const s = pos, m = nm; const ok = ${item}; pos = s; nm = m; return ${want};`;
        break;
      }
    }
    const fn = this.fresh();
    this.fns.push(`function ${fn}() { let c; ${body} }`);
    return `${fn}()`;
  }

  source(entry: string): string {
    const top = this.rule(entry);
    const tables = this.charsets.map((_, k) => `const T${k} = CS[${k}].table;`).join('\n');
    // Marks are kept flat, three numbers each (field index, start, end), in one array reused
    // from call to call; `scan` leaves them there for the caller to read before the next call.
    return (
      '"use strict";\n' +
      'let input = "", len = 0, pos = 0;\n' +
      'const marks = [];\n' +
      'let nm = 0; // how many entries of marks are in use: dropping marks is one assignment\n' +
      tables +
      '\n' +
      this.fns.join('\n') +
      `\nfunction scan(s, start) {\n` +
      `  input = s; len = s.length; pos = start === undefined ? 0 : start; nm = 0;\n` +
      `  const ok = ${top}();\n` +
      `  input = "";\n` +
      `  if (marks.length > nm) marks.length = nm; // once, at the end: flat holds exactly the marks\n` +
      `  return ok ? pos : -1;\n}\n` +
      `function match(s, start) {\n` +
      `  const end = scan(s, start);\n` +
      `  if (end < 0) return null;\n` +
      `  const found = [];\n` +
      `  for (let i = 0; i < nm; i += 3) found.push({ field: FIELDS[marks[i]], start: marks[i + 1], end: marks[i + 2] });\n` +
      `  return { end, marks: found };\n}\n` +
      `match.scan = scan; match.flat = marks; match.fields = FIELDS;\n` +
      `return match;`
    );
  }
}

const cache = new WeakMap<Grammar, Map<string, FastMatcher>>();

/**
 * The generated matcher for `entry`, compiled once per grammar, entry rule and context. It is not
 * re-entrant, which nothing needs: matching calls no user code.
 */
export function generateEntry(g: Grammar, entry: string, ctx: CompileContext = {}): FastMatcher {
  return cachedPerEntry(cache, g, entry, ctx.baseScheme, () => {
    const gen = new Generator(g, ctx);
    const source = gen.source(entry);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function('CS', 'FIELDS', source) as (cs: Charset[], fields: string[]) => FastMatcher;
    return make(gen.charsets, gen.fields);
  });
}

/** The generated source for `entry` (for reading and debugging). */
export function generatedSource(g: Grammar, entry: string, ctx: CompileContext = {}): string {
  return new Generator(g, ctx).source(entry);
}

export type { Mark };
