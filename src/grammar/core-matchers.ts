// The core's matchers, generated when the package is built: which programs go into which file of
// src/grammar/generated/ (and dist/src/grammar/generated/), and the text of those files. The one
// entry point is coreMatcherFiles(); scripts/generate-matchers.js writes what it returns (`npm run
// build:core` between compiling and bundling, the tests' setup before any test, each only where the
// text differs from what is on disk), and src/grammar/prebuilt.ts loads it. Build time only:
// nothing at run time imports this module (package.json's files leave it out).
//
// What is generated is every matcher the core asks for: the entry rule of each kind of base URL
// (src/parse.ts: for each, every mark, and the guarded runs it tries first), the entry rules of
// the state overrides (applyStateOverride) and the host rules (src/semantic/host.ts).
//
// How, given that these files are part of what the package installs (twice: readable in
// dist/src, and minified inside dist/browser/url-grammar.mjs). Each matcher written as
// generateEntry writes it inlines every rule it reaches, so each entry rule carries most of the
// grammar: the 30 matchers come to 1.48 MB of source (a special base alone is 5 x 183 kB, one
// per scheme). So:
//   - the matcher of `new URL(s)` (no base, guarded, with the flags of src/semantic/normalized.ts)
//     is written exactly as generateEntry writes it: everything inlined, the hot path unchanged;
//   - the others are written with each rule a function of its own (ProgramStyle.ruleFunctions),
//     all the URL's in one program, the base scheme read when the program runs
//     (ProgramStyle.contextParams): one program for every special scheme;
//   - in that program a function written alike for two entry rules is one function (Program's
//     `byContent`), and the guarded entry rules (the bases' runs) are written unguarded behind a
//     precheck for the code units the guard keeps out (Generator.programSource), so that they
//     share every rule but those of the path with the unguarded ones: 57 kB instead of 86 kB
//     (two programs, one per set of options), 29 kB instead of 47 kB minified;
//   - the host rules (ipv4-last-label, ipv4-address, ipv6-address) likewise, in one program:
//     18 kB instead of 68 kB (a host's matcher is a few dozen nanoseconds of a URL's parse either
//     way: measured on 2,000 IPv4 hosts, 6 ns a host inlined, 12 ns with rule functions);
//   - each table once per file, each charset once (src/grammar/codegen/program-file.ts).
// With these, the three files are 133 kB (70 kB minified in the browser bundle), of which the
// no-base matcher is 55 kB (32 kB): the rest is every other matcher the core runs.

import { HOST_GRAMMAR } from '../../grammar/host';
import { STATE_OVERRIDES } from '../../grammar/overrides';
import { ENTRY_RULES, URL_GRAMMAR } from '../../grammar/url';
import type { Grammar } from '../../grammar/vocabulary';
import { RUNS_MATCHER } from '../parse';
import { NORMALIZED_MATCHER } from '../semantic/normalized';
import type { GenerateOptions } from './codegen';
import { Generator, Program, type ProgramStyle } from './codegen/emitter';
import { checkNames } from './codegen/names';
import { programFile, type ProgramText } from './codegen/program-file';
import { prebuiltKey, PREBUILT_FILES, type IndexEntry, type PrebuiltFile } from './prebuilt';

/** Entry rules of one program generated with the same options. */
export interface ProgramPart {
  entries: readonly string[];
  options: GenerateOptions;
}

/** One program: the entry rules it starts from (its parts' in order), with what it is generated from. */
export interface ProgramSpec {
  file: PrebuiltFile;
  about: string;
  grammar: Grammar;
  parts: readonly ProgramPart[];
  style: ProgramStyle;
}

const RARE: ProgramStyle = { ruleFunctions: true, contextParams: true };

const OVERRIDE_RULES = [...new Set(Object.values(STATE_OVERRIDES).flatMap((byKind) => Object.values(byKind)))];
const BASES = (['other', 'opaque', 'file', 'special'] as const).map((k) => ENTRY_RULES[k]);

/** Every program of the core, in the order the files hold them. */
export const CORE_PROGRAMS: readonly ProgramSpec[] = [
  {
    file: 'url-no-base',
    about: 'new URL(s): the URL with no base, guarded, with the flags of src/semantic/normalized.ts and the path as runs',
    grammar: URL_GRAMMAR,
    parts: [{ entries: [ENTRY_RULES.none], options: NORMALIZED_MATCHER }],
    style: {},
  },
  {
    file: 'url',
    about: 'every other URL matcher: with every mark, the URL with each kind of base (and none) and the state overrides; guarded, the path as runs, the URL with each kind of base',
    grammar: URL_GRAMMAR,
    parts: [
      { entries: [ENTRY_RULES.none, ...BASES, ...OVERRIDE_RULES], options: {} },
      { entries: BASES, options: RUNS_MATCHER },
    ],
    style: RARE,
  },
  { file: 'host', about: 'the host rules', grammar: HOST_GRAMMAR, parts: [{ entries: ['ipv4-last-label', 'ipv4-address', 'ipv6-address'], options: {} }], style: RARE },
];

/** Whether rule `entry` matches only up to the input's end (it is a sequence that ends with `end`). */
function reachesTheEnd(g: Grammar, entry: string): boolean {
  const shape = g[entry].shape;
  return shape.kind === 'sequence' && shape.items.length > 0 && shape.items[shape.items.length - 1].kind === 'end';
}

/**
 * The source and data of one program. Written inlined (the no-base matcher), it is what
 * generateEntry writes. Written with rule functions, its parts share one Program by content: a
 * rule written alike for two parts is one function. A guarded part is written unguarded and
 * prechecked (Generator.programSource), so that its rules are written as the unguarded part's are
 * and shared with them: the guarded and the unguarded entry rules of each kind of base differ
 * then only where the path's segments are runs in one and marked in the other.
 */
export function programText(spec: ProgramSpec): ProgramText {
  const g = spec.grammar;
  for (const { entries, options } of spec.parts) for (const e of entries) checkNames(g, e, options.flags, options.unmarked ?? []);
  const generator = (options: GenerateOptions, guard: boolean, program?: Program) =>
    new Generator(g, {}, guard, options.flags, new Set(options.unmarked ?? []), spec.style, program);
  let gen: Generator;
  let body: string;
  if (!spec.style.ruleFunctions) {
    const [part] = spec.parts;
    if (spec.parts.length !== 1 || part.entries.length !== 1) throw new Error('core matchers: a program written inlined has one entry rule');
    gen = generator(part.options, part.options.guard === true);
    body = gen.source(part.entries[0], false);
  } else {
    const program = new Program(true);
    const parts = spec.parts.map((part) => {
      const prechecked = part.options.guard === true;
      for (const e of part.entries) {
        if (prechecked && !reachesTheEnd(g, e)) throw new Error(`core matchers: ${e} is guarded by a precheck, and must match up to the end`);
      }
      return { gen: generator(part.options, false, program), entries: part.entries, prechecked };
    });
    body = Generator.programSource(parts);
    gen = parts[0].gen;
  }
  return {
    about: `${spec.about} (entry rules: ${spec.parts.map((p) => p.entries.join(', ')).join('; ')})`,
    body,
    charsets: gen.charsets,
    fields: gen.fields,
    rules: gen.fieldRules,
    separators: Array.from(gen.fields, (_, k) => gen.separators[k] ?? null),
  };
}

const HEADER =
  '// GENERATED FILE: do not edit. Made by `npm run build` (scripts/generate-matchers.js, through\n' +
  '// coreMatcherFiles in src/grammar/core-matchers.ts, which says why the matchers are written as\n' +
  '// they are) from the rules of grammar/*.ts and the matcher options of src/parse.ts and\n' +
  '// src/semantic/normalized.ts, by the generator in src/grammar/codegen/. Loaded by\n' +
  '// src/grammar/prebuilt.ts. An edit to any of those is reflected here by the next build (and by\n' +
  "// the tests' setup, test/support/generated-matchers.ts).\n";

/**
 * The generated files, by name (without ".js"): one per PREBUILT_FILES entry, and "index", which
 * says where each matcher is (see IndexEntry).
 */
export function coreMatcherFiles(programs: readonly ProgramSpec[] = CORE_PROGRAMS): Record<string, string> {
  const out: Record<string, string> = {};
  const index: Record<string, IndexEntry> = {};
  for (const file of PREBUILT_FILES) {
    const specs = programs.filter((p) => p.file === file);
    specs.forEach((spec, k) => {
      let e = 0;
      for (const part of spec.parts) {
        for (const entry of part.entries) {
          const key = prebuiltKey(spec.grammar, entry, part.options);
          if (key in index) throw new Error(`core matchers: ${entry} with these options is generated twice`);
          index[key] = [file, k, e++, spec.style.contextParams ? null : ''];
        }
      }
    });
    out[file] = programFile(HEADER, specs.map(programText));
  }
  out.index =
    HEADER +
    "'use strict';\n" +
    '// Where each matcher is, by the fingerprint of its grammar, its entry rule and the fingerprint of\n' +
    "// its options (src/grammar/prebuilt.ts): [file, program, entry rule's index in the program,\n" +
    "// the base scheme written in ('' for none), or null when the program reads it when it runs].\n" +
    `module.exports = {\n${Object.entries(index)
      .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
      .join('\n')}\n};\n`;
  return out;
}
