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
//     all the entry rules of one kind of matcher (every mark; the guarded runs) in one program
//     that shares them, the base scheme read when the program runs (ProgramStyle.contextParams):
//     one program for every special scheme;
//   - the host rules (ipv4-last-label, ipv4-address, ipv6-address) likewise, in one program:
//     20 kB instead of 68 kB (a host's matcher is a few dozen nanoseconds of a URL's parse either
//     way: measured on 2,000 IPv4 hosts, 6 ns a host inlined, 12 ns with rule functions);
//   - each table once per file, each charset once (src/grammar/codegen/program-file.ts).
// With these, the three files are 164 kB (and 89 kB minified in the browser bundle), of which the
// no-base matcher is 55 kB: the rest is every other matcher the core runs.

import { HOST_GRAMMAR } from '../../grammar/host';
import { STATE_OVERRIDES } from '../../grammar/overrides';
import { ENTRY_RULES, URL_GRAMMAR } from '../../grammar/url';
import type { Grammar } from '../../grammar/vocabulary';
import { RUNS_MATCHER } from '../parse';
import { NORMALIZED_MATCHER } from '../semantic/normalized';
import type { GenerateOptions } from './codegen';
import { Generator, type ProgramStyle } from './codegen/emitter';
import { checkNames } from './codegen/names';
import { programFile, type ProgramText } from './codegen/program-file';
import { prebuiltKey, PREBUILT_FILES, type IndexEntry, type PrebuiltFile } from './prebuilt';

/** One program: the entry rules it starts from, with what it is generated from. */
export interface ProgramSpec {
  file: PrebuiltFile;
  about: string;
  grammar: Grammar;
  entries: readonly string[];
  options: GenerateOptions;
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
    entries: [ENTRY_RULES.none],
    options: NORMALIZED_MATCHER,
    style: {},
  },
  {
    file: 'url',
    about: 'every mark: the URL with each kind of base (and none), and the state overrides',
    grammar: URL_GRAMMAR,
    entries: [ENTRY_RULES.none, ...BASES, ...OVERRIDE_RULES],
    options: {},
    style: RARE,
  },
  {
    file: 'url',
    about: 'guarded, the path as runs: the URL with each kind of base',
    grammar: URL_GRAMMAR,
    entries: BASES,
    options: RUNS_MATCHER,
    style: RARE,
  },
  { file: 'host', about: 'the host rules', grammar: HOST_GRAMMAR, entries: ['ipv4-last-label', 'ipv4-address', 'ipv6-address'], options: {}, style: RARE },
];

/** The source and data of one program. */
export function programText(spec: ProgramSpec): ProgramText {
  const { grammar: g, entries, options } = spec;
  for (const e of entries) checkNames(g, e, options.flags, options.unmarked ?? []);
  const gen = new Generator(g, {}, options.guard === true, options.flags, new Set(options.unmarked ?? []), spec.style);
  const body = entries.length === 1 && !spec.style.ruleFunctions ? gen.source(entries[0], false) : gen.programSource(entries);
  return {
    about: `${spec.about} (entry rules: ${entries.join(', ')})`,
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
      spec.entries.forEach((entry, e) => {
        const key = prebuiltKey(spec.grammar, entry, spec.options);
        if (key in index) throw new Error(`core matchers: ${entry} with these options is generated twice`);
        index[key] = [file, k, e, spec.style.contextParams ? null : ''];
      });
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
