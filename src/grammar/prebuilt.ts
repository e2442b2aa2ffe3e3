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

/** `value` as JSON with object keys sorted and typed arrays as arrays: the same text for the same content. */
function canonical(value: unknown): string {
  if (ArrayBuffer.isView(value)) return `[${Array.from(value as Uint8Array).join(',')}]`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof RegExp) return JSON.stringify(String(value));
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    const parts: string[] = [];
    for (const k of keys) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined && typeof v !== 'function') parts.push(`${JSON.stringify(k)}:${canonical(v)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** 53 bits of a string's hash (cyrb53), in base 36: with two seeds, a fingerprint no edit will collide with by chance. */
function hash(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function fingerprint(text: string): string {
  return `${hash(text, 1)}.${hash(text, 2)}`;
}

const grammarPrints = new WeakMap<Grammar, string>();
const optionPrints = new WeakMap<GenerateOptions, string>();

/** What a matcher of `g` is generated from: each rule's name, field and shape (not its prose). */
export function grammarFingerprint(g: Grammar): string {
  let print = grammarPrints.get(g);
  if (print === undefined) {
    const names = Object.keys(g).sort();
    print = fingerprint(canonical(names.map((n) => [n, g[n].field ?? null, g[n].shape])));
    grammarPrints.set(g, print);
  }
  return print;
}

/** What a matcher's options come to: the guard, the flags (their tables) and the unmarked fields. */
export function optionsFingerprint(options: GenerateOptions): string {
  let print = optionPrints.get(options);
  if (print === undefined) {
    print = fingerprint(canonical({ guard: options.guard === true, flags: options.flags ?? null, unmarked: [...(options.unmarked ?? [])].sort() }));
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
    throw new Error(`url-grammar: the generated matchers (grammar/generated/ beside src/grammar/prebuilt) are missing: \`npm run build\` makes them (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
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
