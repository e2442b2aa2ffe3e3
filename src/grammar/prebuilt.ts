// The core's matchers as the build generated them: the parser (src/parse.ts) and the host steps
// (src/semantic/host.ts) ask here, with generateEntry's arguments, for the matcher they would
// otherwise generate, and get it from the modules in ./generated/ (written when the package is
// built, by src/grammar/core-matchers.ts): no code is made from a string at run time, so the core
// runs where that is forbidden (a page whose Content-Security-Policy has no 'unsafe-eval', a
// browser extension, a Cloudflare Worker).
//
// A matcher is found by a fingerprint of what it was generated from: the grammar's rules and the
// options (guard, flags, unmarked fields), with the entry rule. A grammar or a flag table edited
// since the build therefore finds nothing, and the matcher is then generated here as
// generateEntry makes it (the only way a stale build could answer; the tests check that the
// core's own matchers are all found, see test/prebuilt-matchers.test.ts).

/* eslint-disable @typescript-eslint/no-require-imports */
import type { Grammar } from '../../grammar/vocabulary';
import { cachedPerEntry } from './analysis';
import type { FastMatcher, GenerateOptions } from './codegen';
import type * as Codegen from './codegen';
import type { Charset } from './codegen/charsets';
import { contextTerminal, saturated } from './codegen/templates';
import type { CompileContext } from './compile';

/** A program of a generated file, as src/grammar/codegen/program-file.ts writes it. */
export interface ProgramData {
  make(
    cs: readonly Charset[],
    fields: readonly string[],
    rules: readonly string[],
    separators: readonly (Uint8Array | null)[],
    sat: typeof saturated,
    ctx: CompileContext,
    entry: number,
    ct: typeof contextTerminal,
  ): FastMatcher;
  charsets: readonly Charset[];
  fields: readonly string[];
  rules: readonly string[];
  separators: readonly (Uint8Array | null)[];
}

/**
 * Where a matcher is: its file, its program and the entry rule's index in the program, and, for
 * a program with its context written in, that context's base scheme (null when the program reads
 * it from CTX).
 */
export type IndexEntry = [file: PrebuiltFile, program: number, entry: number, baseScheme: string | null];

/** The generated files, each loaded on first use (a literal require each, so that bundlers find them). */
const FILES = {
  'url-no-base': () => require('./generated/url-no-base.js') as { programs: ProgramData[] },
  url: () => require('./generated/url.js') as { programs: ProgramData[] },
  host: () => require('./generated/host.js') as { programs: ProgramData[] },
};
export type PrebuiltFile = keyof typeof FILES;
export const PREBUILT_FILES = Object.keys(FILES) as PrebuiltFile[];

let index: Readonly<Record<string, IndexEntry>> | undefined;
const loaded = new Map<PrebuiltFile, ProgramData[]>();

// ---- fingerprints ------------------------------------------------------------------------------

/**
 * A fingerprint of `text`: two 32-bit multiplicative hashes of its UTF-8 bytes taken as 32-bit
 * words (TextEncoder and JSON.stringify do most of the work natively, and the loop is short: the
 * URL grammar's 15 kB take a fraction of a millisecond at start-up), in base 36. No edit will
 * collide with it by chance. (The words are in the platform's byte order: built on a machine of
 * the other order, nothing would be found, and every matcher would be generated at run time.)
 */
function fingerprint(text: string): string {
  const bytes = new Uint8Array(((text.length * 3) & ~3) + 4);
  const { written } = new TextEncoder().encodeInto(text, bytes);
  const words = new Int32Array(bytes.buffer, 0, (written + 3) >> 2);
  let h1 = 0x9e3779b9 ^ written;
  let h2 = 0x85ebca6b;
  for (let i = 0; i < words.length; i++) {
    h1 = Math.imul(h1 ^ words[i], 2654435761);
    h2 = Math.imul(h2 ^ words[i], 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}

const grammarPrints = new WeakMap<Grammar, string>();
const optionPrints = new WeakMap<GenerateOptions, string>();

/** What a matcher of `g` is generated from: each rule's name, field and shape (not its prose). */
export function grammarFingerprint(g: Grammar): string {
  let print = grammarPrints.get(g);
  if (print === undefined) {
    // (a shape's keys come in the order the grammar's vocabulary writes them, here as at build time)
    const names = Object.keys(g).sort();
    print = fingerprint(JSON.stringify(names.map((n) => [n, g[n].field ?? null, g[n].shape])));
    grammarPrints.set(g, print);
  }
  return print;
}

/** What a matcher's options come to: the guard, the flags (their tables) and the unmarked fields. */
export function optionsFingerprint(options: GenerateOptions): string {
  let print = optionPrints.get(options);
  if (print === undefined) {
    const flags = options.flags ?? {};
    const tables = Object.keys(flags)
      .sort()
      .map((k) => {
        const f = flags[k as keyof typeof flags]!;
        return [k, Array.from(f.table), f.nonAscii, f.partStart ?? 0];
      });
    print = fingerprint(JSON.stringify([options.guard === true, tables, [...(options.unmarked ?? [])].sort()]));
    optionPrints.set(options, print);
  }
  return print;
}

/** The index key of a matcher: grammar, entry rule, options. */
export function prebuiltKey(g: Grammar, entry: string, options: GenerateOptions): string {
  return `${grammarFingerprint(g)} ${entry} ${optionsFingerprint(options)}`;
}

// ---- loading -----------------------------------------------------------------------------------

const NO_OPTIONS: GenerateOptions = {};
const caches = new WeakMap<GenerateOptions, WeakMap<Grammar, Map<string, FastMatcher>>>();
let generatedHere = 0;

/**
 * The matcher generateEntry(g, entry, ctx, options) would give, from the generated files when
 * they hold it; cached per grammar, entry rule, base scheme and options object.
 */
export function coreMatcher(g: Grammar, entry: string, ctx: CompileContext = {}, options: GenerateOptions = NO_OPTIONS): FastMatcher {
  let cache = caches.get(options);
  if (cache === undefined) {
    cache = new WeakMap();
    caches.set(options, cache);
  }
  return cachedPerEntry(cache, g, entry, ctx.baseScheme, () => load(g, entry, ctx, options));
}

/** The index of the generated files; a build without them is broken, and says so. */
function generatedIndex(): Readonly<Record<string, IndexEntry>> {
  try {
    return require('./generated/index.js') as Record<string, IndexEntry>;
  } catch (e) {
    throw new Error(`url-grammar: the generated matchers (grammar/generated/, beside this module) are missing: \`npm run build\` makes them (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
}

function load(g: Grammar, entry: string, ctx: CompileContext, options: GenerateOptions): FastMatcher {
  index ??= generatedIndex();
  const key = prebuiltKey(g, entry, options);
  const found = Object.prototype.hasOwnProperty.call(index, key) ? index[key] : undefined;
  if (found !== undefined) {
    const [file, k, entryIndex, baseScheme] = found;
    if (baseScheme === null || baseScheme === (ctx.baseScheme ?? '')) {
      let programs = loaded.get(file);
      if (programs === undefined) {
        programs = FILES[file]().programs;
        loaded.set(file, programs);
      }
      const p = programs[k];
      return p.make(p.charsets, p.fields, p.rules, p.separators, saturated, { ...ctx }, entryIndex, contextTerminal);
    }
  }
  // not generated for this grammar (edited since the build, or a user's change to it): made here
  generatedHere++;
  return (require('./codegen') as typeof Codegen).generateEntry(g, entry, ctx, options);
}

/** How many matchers the core had to generate at run time because no generated file held them (0 in a sound build). */
export function matchersGeneratedAtRunTime(): number {
  return generatedHere;
}
