// A file of prebuilt matchers: the text of a CommonJS module that holds generated programs as
// functions (the same code generateEntry would hand to `new Function`, here written out when the
// package is built) with the data each program is instantiated with: its charsets, fields, rules
// and separators. src/grammar/core-matchers.ts says which programs the core's files hold;
// src/grammar/prebuilt.ts loads them. Nothing here runs at run time.
//
// The tables are the bulk of the data, and most of them repeat between programs (the ASCII
// letters, the digits, a path's code points): each is written once per file, by content, and
// shared by every program that tests it.

import type { Charset } from './charsets';
import { MODULE_NOTES } from './templates';

/** One program as it goes into a file (see ProgramData in src/grammar/prebuilt.ts for how it is read). */
export interface ProgramText {
  /** What it is, for the comment above it. */
  about: string;
  /** The program's source: what `new Function('CS', 'FIELDS', 'RULES', 'SEPARATORS', 'saturated', ...)` would compile. */
  body: string;
  charsets: readonly Charset[];
  fields: readonly string[];
  rules: readonly string[];
  separators: readonly (Uint8Array | null)[];
}

/** The arguments every program takes, in order (src/grammar/prebuilt.ts passes them). */
export const PROGRAM_PARAMETERS = ['CS', 'FIELDS', 'RULES', 'SEPARATORS', 'saturated', 'CTX', 'ENTRY', 'contextTerminal'] as const;

type Table = Uint8Array | Uint16Array | Uint32Array;

/** The tables of a file, each once: the name of its constant by content. */
class Tables {
  readonly declarations: string[] = [];
  private readonly byContent = new Map<string, string>();

  name(t: Table): string {
    const kind = t.constructor.name;
    const key = `${kind}:${Array.from(t).join(',')}`;
    let name = this.byContent.get(key);
    if (name === undefined) {
      name = `T${this.byContent.size}`;
      this.byContent.set(key, name);
      this.declarations.push(`const ${name} = ${tableSource(t)};${setComment(t)}`);
    }
    return name;
  }
}

/**
 * A table as source: `bits('<32 hex digits>')` for a Uint8Array of 128 zeros and ones (bit c of
 * the number is entry c), else the typed array of its entries as runs of equal values.
 */
function tableSource(t: Table): string {
  if (t instanceof Uint8Array && t.length === 128 && t.every((v) => v === 0 || v === 1)) {
    let hex = '';
    for (let c = 0; c < 128; c += 4) hex += (t[c] | (t[c + 1] << 1) | (t[c + 2] << 2) | (t[c + 3] << 3)).toString(16);
    return `bits('${hex}')`;
  }
  // runs of equal entries, [value, count] pairs: a table's entries come in long runs
  const runs: string[] = [];
  for (let c = 0; c < t.length; ) {
    let n = 1;
    while (c + n < t.length && t[c + n] === t[c]) n++;
    runs.push(`${t[c]}, ${n}`);
    c += n;
  }
  return `runs(${t.constructor.name}, [${runs.join(', ')}])`;
}

/** A comment naming the ASCII code units a table holds (for a reader), as ranges. */
function setComment(t: Table): string {
  if (t.length !== 128) return '';
  const shown = (c: number) => (c > 0x20 && c < 0x7f ? String.fromCharCode(c) : `\\x${c.toString(16).padStart(2, '0')}`);
  let out = '';
  for (let c = 0; c < 128; c++) {
    if (t[c] === 0) continue;
    let last = c;
    while (last < 127 && t[last + 1] !== 0) last++;
    out += last - c >= 2 ? `${shown(c)}-${shown(last)}` : last > c ? shown(c) + shown(last) : shown(c);
    c = last;
  }
  return out === '' ? ' // (none)' : ` // ${out.replace(/\*\//g, '*\\/')}`;
}

/** The charsets of a file, each once: the name of its constant (its table by name, its non-ASCII part as a boolean or a regular expression literal). */
class Charsets {
  readonly declarations: string[] = [];
  private readonly byContent = new Map<string, string>();

  constructor(private readonly tables: Tables) {}

  name(cs: Charset): string {
    const nonAscii = typeof cs.nonAscii === 'boolean' ? String(cs.nonAscii) : `/${cs.nonAscii.source}/${cs.nonAscii.flags}`;
    const source = `{ table: ${this.tables.name(cs.table)}, nonAscii: ${nonAscii} }`;
    let name = this.byContent.get(source);
    if (name === undefined) {
      name = `C${this.byContent.size}`;
      this.byContent.set(source, name);
      this.declarations.push(`const ${name} = ${source};`);
    }
    return name;
  }
}

/**
 * The text of a file of `programs`, headed by `header` (comment lines: what made it and from
 * what). It exports `programs`, in order: each `{ make, charsets, fields, rules, separators }`,
 * `make` taking PROGRAM_PARAMETERS.
 */
export function programFile(header: string, programs: readonly ProgramText[]): string {
  const tables = new Tables();
  const charsets = new Charsets(tables);
  const written = programs.map((p, k) => {
    const data =
      `  {\n    make: program${k},\n` +
      `    charsets: [${p.charsets.map((cs) => charsets.name(cs)).join(', ')}],\n` +
      `    fields: ${JSON.stringify(p.fields)},\n` +
      `    rules: ${JSON.stringify(p.rules)},\n` +
      `    separators: [${p.separators.map((s) => (s === null ? 'null' : tables.name(s))).join(', ')}],\n  }`;
    const source = `// ${p.about}\nfunction program${k}(${PROGRAM_PARAMETERS.join(', ')}) {\n${p.body}\n}\n`;
    return { source, data };
  });
  return (
    header +
    "'use strict';\n" +
    '// Each program below is a function of the charsets (CS), the fields, rules and separators of its\n' +
    '// marks, the helper `saturated` (src/grammar/codegen/templates.ts) and, for one written for\n' +
    '// several entry rules, the context (CTX), the entry rule to start from (ENTRY) and the helper\n' +
    '// `contextTerminal`; it returns the matcher (FastMatcher, src/grammar/codegen.ts).\n' +
    '// In every program:\n' +
    MODULE_NOTES.charCodeAt +
    MODULE_NOTES.input +
    '// `marks` holds the marks of the last scan flat, three numbers each (field index, start, end),\n' +
    '// `nm` how many of its entries are in use and `fl` the field flags raised so far.\n\n' +
    '/** A table of 128 zeros and ones from 32 hexadecimal digits (bit c of the number is entry c). */\n' +
    'function bits(hex) {\n' +
    '  const t = new Uint8Array(128);\n' +
    '  for (let c = 0; c < 128; c++) t[c] = (parseInt(hex[c >> 2], 16) >> (c & 3)) & 1;\n' +
    '  return t;\n}\n' +
    '/** A table of type `Type` from runs of equal entries: [value, count, value, count, ...]. */\n' +
    'function runs(Type, pairs) {\n' +
    '  let length = 0;\n' +
    '  for (let i = 1; i < pairs.length; i += 2) length += pairs[i];\n' +
    '  const t = new Type(length);\n' +
    '  for (let i = 0, c = 0; i < pairs.length; c += pairs[i + 1], i += 2) t.fill(pairs[i], c, c + pairs[i + 1]);\n' +
    '  return t;\n}\n\n' +
    written.map((w) => w.source).join('\n') +
    '\n// ---- the tables, each once, and what each program is instantiated with ----\n' +
    tables.declarations.join('\n') +
    '\n' +
    charsets.declarations.join('\n') +
    '\n\nexports.programs = [\n' +
    written.map((w) => w.data).join(',\n') +
    ',\n];\n'
  );
}
