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
//
// generateEntry makes a matcher's code when it is first asked for and compiles it with `new
// Function`: for a grammar built or changed at run time. The matchers the core itself runs are
// generated when the package is built instead, by the same generator, into modules of their own
// (src/grammar/core-matchers.ts writes them, src/grammar/prebuilt.ts loads them), so that the core
// makes no code from strings at run time.
//
// This file is the generator's public face: the matcher's type, the options, the caches, and the
// two calls (generateEntry, generatedSource). The generator itself is in parts, one analysis per
// file, in src/grammar/codegen/:
//
//   names.ts      the names a matcher is generated from, checked before anything is written
//   charsets.ts   charsets as lookup tables, as the matchers test them
//   first.ts      FIRST sets and mark-freedom: the static facts about a shape, cached
//   patterns.ts   the pattern recognisers: shapes written as one loop (a path's segments)
//   flags.ts      field flags (GenerateOptions.flags), for their one user, the normalised-URL check
//   emitter.ts    the code writer: walks the rules and writes one expression per shape (or, for
//                 the prebuilt matchers the core runs rarely, a function per rule: ProgramStyle)
//   templates.ts  the text that does not depend on the grammar, and the run-time helpers
//   program-file.ts  a file of prebuilt programs, with their tables (build time only)

import type { Grammar, RecordField } from '../../grammar/vocabulary';
import type { CompileContext, Mark, Match } from './compile';
import { cachedPerEntry } from './analysis';
import type { Charset } from './codegen/charsets';
import { Generator } from './codegen/emitter';
import type { FlagsByField } from './codegen/flags';
import { checkNames } from './codegen/names';
import { saturated } from './codegen/templates';

export type { FieldFlags, FlagKey, FlagsByField } from './codegen/flags';

export interface FastMatcher {
  /** Matches from `start` (default 0): the end and the marks, or null. */
  (input: string, start?: number): Match | null;
  /**
   * The same match without building mark objects: returns the end or -1, and leaves the marks in
   * `flat[0 .. used())` as (field index into `fields`, start, end) triples until the next call
   * (entries past `used()` are left over from earlier calls).
   */
  scan(input: string, start?: number): number;
  readonly flat: readonly number[];
  /** How many entries of `flat` the last scan filled. */
  used(): number;
  readonly fields: readonly RecordField[];
  /** For each field index: the grammar rule whose mark it is ('' for the runs of an unmarked field, see `separators`). */
  readonly rules: readonly string[];
  /**
   * For a field index whose marks are runs (GenerateOptions.unmarked): the code units that
   * separate its runs' parts; null for every other field. A run mark spans `A* (X A*)*` with X
   * these code units: the field's own marks are then the maximal parts between them.
   */
  readonly separators: readonly (Uint8Array | null)[];
  /**
   * The field flags (GenerateOptions.flags) that the last scan raised, ORed together; 0 when the
   * matcher was generated without flags.
   */
  flags(): number;
}

export interface GenerateOptions {
  /**
   * A guarded matcher treats TAB, LF, CR and every surrogate as in no charset. No rule has them
   * in a literal, so no match can consume one: a guarded matcher fails on any input that holds
   * one, and on any other input matches exactly as the unguarded matcher does. The parser runs it
   * on input that is not yet preprocessed: success means that the input needed no more than the
   * trimming of its ends (no tab or newline to remove, no lone surrogate to replace).
   */
  guard?: boolean;
  /**
   * Flags to raise per field (see FieldFlags): the matcher ORs together the bits of every code
   * unit that a rule with a flagged field consumes, and `flags()` reports them after a scan.
   * Bits are only ever added, never taken back when an alternative is given up: a bit that is
   * clear is a promise (no code unit with it was consumed in that field by the match), a bit
   * that is set is not. A key `rule:NAME` gives flags for the code units that rule NAME
   * consumes, wherever it is used. A matcher with flags is cached per flags object.
   */
  flags?: FlagsByField;
  /**
   * Fields whose rules are matched without a mark each (their flags are still raised). With
   * `segment` here, a path is matched as one run of segment and separator code units, and leaves
   * one mark for the run (FastMatcher.separators says how it divides into the segments' marks).
   * A matcher with unmarked fields is cached per flags object and list of fields.
   */
  unmarked?: readonly RecordField[];
}

const cache = new WeakMap<Grammar, Map<string, FastMatcher>>();
const guardedCache = new WeakMap<Grammar, Map<string, FastMatcher>>();
const flaggedCaches = new WeakMap<FlagsByField, { plain: WeakMap<Grammar, Map<string, FastMatcher>>; guarded: WeakMap<Grammar, Map<string, FastMatcher>> }>();

function cacheFor(guard: boolean, flags: FlagsByField | undefined): WeakMap<Grammar, Map<string, FastMatcher>> {
  if (flags === undefined) return guard ? guardedCache : cache;
  let caches = flaggedCaches.get(flags);
  if (caches === undefined) {
    caches = { plain: new WeakMap(), guarded: new WeakMap() };
    flaggedCaches.set(flags, caches);
  }
  return guard ? caches.guarded : caches.plain;
}

/**
 * The generated matcher for `entry`, compiled once per grammar, entry rule, context and options.
 * It is not re-entrant, which nothing needs: matching calls no user code. Throws when a name it is
 * given (the entry rule, a `rule:NAME` flag key, an unmarked field) or a rule the entry reaches
 * refers to is not in the grammar.
 */
export function generateEntry(g: Grammar, entry: string, ctx: CompileContext = {}, options: GenerateOptions = {}): FastMatcher {
  const guard = options.guard === true;
  const unmarked = options.unmarked ?? [];
  const key = unmarked.length === 0 ? entry : `${entry}\u0000-${[...unmarked].sort().join(',')}`;
  return cachedPerEntry(cacheFor(guard, options.flags), g, key, ctx.baseScheme, () => {
    checkNames(g, entry, options.flags, unmarked);
    const gen = new Generator(g, ctx, guard, options.flags, new Set(unmarked));
    const source = gen.source(entry);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function('CS', 'FIELDS', 'RULES', 'SEPARATORS', 'saturated', source) as (
      cs: Charset[],
      fields: string[],
      rules: string[],
      separators: (Uint8Array | null)[],
      sat: typeof saturated,
    ) => FastMatcher;
    return make(gen.charsets, gen.fields, gen.fieldRules, Array.from(gen.fields, (_, k) => gen.separators[k] ?? null), saturated);
  });
}

/** The generated source for `entry` (for reading and debugging). */
export function generatedSource(g: Grammar, entry: string, ctx: CompileContext = {}, options: GenerateOptions = {}): string {
  checkNames(g, entry, options.flags, options.unmarked ?? []);
  return new Generator(g, ctx, options.guard === true, options.flags, new Set(options.unmarked ?? [])).source(entry);
}

export type { Mark };
