// `url-grammar compare [--corpus file] [--against node,whatwg-url,url-parse] [--adapter name=command]
//  [--json] [--max-examples N] [--timeout ms]`: how often other URL parsers agree with url-grammar,
// component by component, on a corpus, and the first disagreements of each kind.
//
// The default corpus is the bundled real-world one (bench/real-urls.txt, one URL per line as written
// in the wild, tabs included) plus every input of test/wpt/urltestdata.json with its base. A
// --corpus file has one case per line: the input, or the input, a TAB and the base; a .json file is
// read as WPT urltestdata (an array of objects with input and base; strings are comments).
//
// --adapter runs a parser in another process through the JSON-lines protocol of
// docs/compare-protocol.md. The CLI runs synchronously, so each such process gets every request at
// once on its standard input and must answer them all and exit within --timeout.
//
// Exit 0 when the comparison ran (disagreements are its result, not an error); 1 when a parser that
// was asked for by name (--against, --adapter) is unavailable or could not answer every case;
// 2 for bad arguments (an unknown parser, a corpus file that cannot be read).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Command } from 'commander';
import { createColors } from 'picocolors';
import {
  BUILTIN_PARSERS,
  COMPONENTS,
  builtinAdapter,
  childProcessAdapter,
  compareParsersSync,
  isBuiltinParser,
  type AdapterReport,
  type CompareCase,
  type CompareReport,
  type ParserAdapter,
  type Value,
} from '../tools/compare/compare';
import { usageError, type CliIO } from './io';

type Colors = ReturnType<typeof createColors>;

/** The built-in parsers compared when --against is not given. */
export const DEFAULT_AGAINST = ['node', 'whatwg-url', 'url-parse'] as const;

/** The bundled corpus, relative to the package root. */
export const DEFAULT_CORPUS = [
  { file: 'bench/real-urls.txt', format: 'lines' },
  { file: 'test/wpt/urltestdata.json', format: 'wpt' },
] as const;

const DEFAULT_TIMEOUT_MS = 300_000;

const usage = usageError;

/** The folder with url-grammar's package.json, from src/cli/ or dist/src/cli/ alike. */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'url-grammar') return dir;
      } catch {
        // not ours: go on up
      }
    }
    if (dirname(dir) === dir) return join(from, '..', '..');
  }
}

function lines(text: string): string[] {
  const out = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  return out.filter((l) => l !== '');
}

/** One case per line: the input, or the input, a TAB and the base (an empty base: none). Empty lines are skipped. */
export function parseCorpusText(text: string): CompareCase[] {
  return lines(text).map((l) => {
    const tab = l.indexOf('\t');
    if (tab === -1) return { input: l, base: null };
    const base = l.slice(tab + 1);
    return { input: l.slice(0, tab), base: base === '' ? null : base };
  });
}

/** One input per line, exactly as written (tabs are part of the URL); no bases. */
export function parseLinesCorpus(text: string): CompareCase[] {
  return lines(text).map((input) => ({ input, base: null }));
}

/** WPT urltestdata: an array of comments (strings) and objects with input and base. */
export function parseWptCorpus(text: string): CompareCase[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('not a JSON array');
  const cases: CompareCase[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) continue;
    const { input, base } = item as { input?: unknown; base?: unknown };
    if (typeof input !== 'string') continue;
    cases.push({ input, base: typeof base === 'string' ? base : null });
  }
  return cases;
}

/** Splits a command line into words: spaces separate, quotes ('…', "…") and backslashes escape; no expansion. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end === -1) throw new Error('an unterminated single quote');
      word += command.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length && '"\\$`'.includes(command[j + 1])) j++;
        word += command[j];
      }
      if (j >= command.length) throw new Error('an unterminated double quote');
      inWord = true;
      i = j;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

interface CompareOptionsCli {
  corpus?: string[];
  against?: string;
  adapter?: string[];
  json?: boolean;
  maxExamples?: string;
  timeout?: string;
}

interface Source {
  name: string;
  cases: number;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function nonNegativeInteger(text: string | undefined, fallback: number, option: string, min = 0): number {
  if (text === undefined) return fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw usage(`${option} wants a whole number${min > 0 ? ` of at least ${min}` : ''}, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function loadCorpus(io: CliIO, files: string[] | undefined): { cases: CompareCase[]; sources: Source[] } {
  const cases: CompareCase[] = [];
  const sources: Source[] = [];
  const add = (name: string, got: CompareCase[]) => {
    for (const c of got) cases.push(c);
    sources.push({ name, cases: got.length });
  };
  const read = (path: string, shown: string, format: 'text' | 'lines' | 'wpt') => {
    let bytes: Buffer;
    try {
      bytes = io.readFile(path);
    } catch (e) {
      throw usage(`cannot read the corpus file ${JSON.stringify(shown)}: ${(e as Error).message}`);
    }
    const text = new TextDecoder('utf-8').decode(bytes);
    try {
      add(shown, format === 'wpt' ? parseWptCorpus(text) : format === 'lines' ? parseLinesCorpus(text) : parseCorpusText(text));
    } catch (e) {
      throw usage(`the corpus file ${JSON.stringify(shown)} is not WPT urltestdata JSON: ${(e as Error).message}`);
    }
  };
  if (files && files.length > 0) {
    for (const f of files) read(f, f, /\.json$/i.test(f) ? 'wpt' : 'text');
  } else {
    const root = packageRoot();
    const present = DEFAULT_CORPUS.filter((d) => existsSync(join(root, d.file)));
    if (present.length === 0) {
      throw usage(`the bundled corpus (${DEFAULT_CORPUS.map((d) => d.file).join(', ')}) is not in this installation (${root}): pass --corpus <file>`);
    }
    for (const d of present) read(join(root, d.file), relative(root, join(root, d.file)).split('\\').join('/'), d.format);
  }
  return { cases, sources };
}

interface Chosen {
  adapters: ParserAdapter[];
  /** Names asked for explicitly: their trouble changes the exit status. */
  explicit: Set<string>;
}

function chooseAdapters(opts: CompareOptionsCli, timeoutMs: number): Chosen {
  const explicit = new Set<string>();
  const adapters: ParserAdapter[] = [];
  const names = new Set<string>();
  let against: string[];
  if (opts.against === undefined) against = [...DEFAULT_AGAINST];
  else {
    against = opts.against.trim() === 'none' ? [] : opts.against.split(',').map((s) => s.trim()).filter((s) => s !== '');
    for (const n of against) explicit.add(n);
  }
  for (const n of against) {
    if (!isBuiltinParser(n)) {
      throw usage(`unknown parser ${JSON.stringify(n)} in --against (built in: ${BUILTIN_PARSERS.join(', ')}; others come with --adapter name=command)`);
    }
    if (names.has(n)) continue;
    names.add(n);
    adapters.push(builtinAdapter(n));
  }
  for (const spec of opts.adapter ?? []) {
    const eq = spec.indexOf('=');
    const name = eq === -1 ? '' : spec.slice(0, eq).trim();
    if (!/^[A-Za-z0-9._-]+$/.test(name)) throw usage(`--adapter wants name=command (a name of letters, digits, ".", "_" or "-"), not ${JSON.stringify(spec)}`);
    if (names.has(name)) throw usage(`the parser name ${JSON.stringify(name)} is used twice`);
    if (isBuiltinParser(name)) throw usage(`the parser name ${JSON.stringify(name)} is a built-in parser's: choose another for --adapter`);
    let words: string[];
    try {
      words = splitCommand(spec.slice(eq + 1));
    } catch (e) {
      throw usage(`the command of --adapter ${name} has ${(e as Error).message}`);
    }
    if (words.length === 0) throw usage(`--adapter ${name} has no command`);
    names.add(name);
    explicit.add(name);
    adapters.push(childProcessAdapter(name, words[0], words.slice(1), { totalTimeoutMs: timeoutMs }));
  }
  return { adapters, explicit };
}

const fmt = (n: number) => n.toLocaleString('en-US');

function percent(agreed: number, compared: number): string {
  if (agreed === compared) return '100%';
  return `${(Math.floor((agreed / compared) * 10_000) / 100).toFixed(2)}%`;
}

function cell(agreed: number, compared: number): string {
  return compared === 0 ? '-' : `${fmt(agreed)}/${fmt(compared)} ${percent(agreed, compared)}`;
}

/**
 * A string in quotes on one line, with JSON's escapes, and \uXXXX for what a terminal would not
 * show: C1 controls, line and paragraph separators, zero-width and bidi formatting characters.
 */
export function quoted(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function showValue(v: Value, component: string): string {
  if (v === null) return 'failure';
  if (Array.isArray(v)) return `[${v.map(quoted).join(', ')}]`;
  return component === 'parse' ? `parses: ${quoted(v)}` : quoted(v);
}

export interface CompareOutput extends CompareReport {
  corpus: { cases: number; sources: Source[] };
}

/** The table of agreement, then the first disagreements of each kind, then what could not run. */
export function formatCompareReport(out: CompareOutput, pc: Colors = createColors(false)): string {
  const lines: string[] = [];
  const srcs = out.corpus.sources.map((s) => `${fmt(s.cases)} from ${s.name}`).join(', ');
  lines.push(`${pc.bold('url-grammar compare')}: ${fmt(out.cases)} cases (${srcs}); reference ${out.reference}`);
  if (out.referenceErrors > 0) lines.push(`(${fmt(out.referenceErrors)} cases left out: the reference could not answer them)`);
  const shown = out.adapters.filter((a) => a.available);
  if (shown.length > 0) {
    const rows: string[][] = [['component', ...shown.map((a) => a.name)]];
    rows.push(['answered', ...shown.map((a) => `${fmt(a.answered)}/${fmt(out.cases)}`)]);
    for (const k of COMPONENTS) rows.push([k, ...shown.map((a) => cell(a.components[k].agreed, a.components[k].compared))]);
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    lines.push('', `agreement with ${out.reference} (agreed/compared; "-": not reported by that parser)`);
    rows.forEach((r, j) => {
      const text = r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
      lines.push(j === 0 ? pc.bold(text) : text);
    });
  }
  for (const a of out.adapters) {
    if (!a.available) lines.push('', `${pc.bold(a.name)}: unavailable (${a.unavailable ?? 'no reason given'})`);
  }
  for (const a of shown) lines.push(...adapterSections(a, out.maxExamples, pc));
  return lines.join('\n') + '\n';
}

function adapterSections(a: AdapterReport, maxExamples: number, pc: Colors): string[] {
  const lines: string[] = [];
  const where = (input: string, base: string | null) => {
    lines.push(`    input   ${quoted(input)}`);
    if (base !== null) lines.push(`    base    ${quoted(base)}`);
  };
  if (a.adapterErrors > 0) {
    lines.push('', pc.bold(`${a.name}: could not answer ${fmt(a.adapterErrors)} case${a.adapterErrors === 1 ? '' : 's'}`));
    for (const m of a.adapterErrorMessages) {
      lines.push(`  ${fmt(m.count)}× ${m.message}`);
      where(m.input, m.base);
    }
  }
  for (const k of COMPONENTS) {
    const t = a.components[k];
    const differ = t.compared - t.agreed;
    if (differ === 0) continue;
    const first = t.examples.length < differ ? `; the first ${t.examples.length}` : '';
    lines.push('', pc.bold(`${a.name} · ${k}: ${fmt(differ)} of ${fmt(t.compared)} differ${maxExamples === 0 ? '' : first}`));
    for (const d of t.examples) {
      where(d.input, d.base);
      lines.push(`    ours    ${showValue(d.ours, k)}`);
      lines.push(`    theirs  ${showValue(d.theirs, k)}${d.message !== undefined ? ` (${d.message})` : ''}`);
      lines.push('');
    }
    if (lines[lines.length - 1] === '') lines.pop();
  }
  return lines;
}

export function register(program: Command, io: CliIO): void {
  program
    .command('compare')
    .description('how often other URL parsers agree with url-grammar, component by component, and where they differ')
    .option('--corpus <file>', 'the cases: one per line, "input" or "input<TAB>base"; a .json file is WPT urltestdata (repeatable; default: the bundled real-world corpus and the WPT inputs)', collect)
    .option('--against <names>', `built-in parsers to compare, comma-separated, or "none" (${BUILTIN_PARSERS.join(', ')}; default ${DEFAULT_AGAINST.join(',')})`)
    .option('--adapter <name=command>', 'a parser in another process, speaking the JSON-lines protocol of docs/compare-protocol.md (repeatable)', collect)
    .option('--json', 'print JSON')
    .option('--max-examples <n>', 'how many disagreements of each kind to show (default 5)')
    .option('--timeout <ms>', `how long each --adapter process may take for the whole corpus (default ${DEFAULT_TIMEOUT_MS})`)
    .action((opts: CompareOptionsCli) => {
      const maxExamples = nonNegativeInteger(opts.maxExamples, 5, '--max-examples');
      const timeoutMs = nonNegativeInteger(opts.timeout, DEFAULT_TIMEOUT_MS, '--timeout', 1);
      const { adapters, explicit } = chooseAdapters(opts, timeoutMs);
      const { cases, sources } = loadCorpus(io, opts.corpus);
      const report = compareParsersSync(cases, adapters, { maxExamples });
      const out: CompareOutput = { corpus: { cases: cases.length, sources }, ...report };
      io.out(opts.json ? JSON.stringify(out, null, 2) + '\n' : formatCompareReport(out, createColors(io.isTTY)));
      const trouble = report.adapters.some((a) => explicit.has(a.name) && (!a.available || a.adapterErrors > 0));
      io.setExitCode(trouble ? 1 : 0);
    });
}
