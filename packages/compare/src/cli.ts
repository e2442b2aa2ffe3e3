// `url-grammar compare`: how often other URL parsers agree with url-grammar, component by component,
// on a corpus, and where they differ (the first disagreements of each kind, and classes of
// disagreement with their shortest examples). Argument parsing and printing only: the work is in
// the other modules of this package.
//
// Corpora: the bundled real-world one (corpus/real-urls.txt, one URL per line as written in the
// wild, tabs included) plus every input of WPT's urltestdata.json (corpus/) with its base, by default;
// --corpus files (one case per line: the input, or the input, a TAB and the base; "-" is standard
// input; a .json file is WPT urltestdata; a .jsonl file, or any with --corpus-format jsonl, holds a
// JSON object per line, {"input": …, "base": …}, for inputs with tabs or any other character),
// read in pieces; --generate N inputs drawn from the
// grammar (--seed makes them reproducible).
//
// Parsers: the built-in ones run on worker threads; the adapters of the manifest
// (adapters/manifest.json, or --manifest) and --adapter name=command run as child processes through
// the JSON-lines protocol of docs/compare-protocol.md, batched, each request under --timeout once
// the adapter has started, its start under --startup-timeout (said on standard error while it lasts).
// --list says which are available here and how to install the others. Answers are compared by
// meaning (--equivalence meaning, ./meaning) unless --equivalence exact.
//
// Output: a text summary; --json the whole report as JSON; --jsonl one line per case (as it goes);
// --report out.html / out.md / out.csv a document. A progress bar goes to standard error on a terminal.
// What came from a parser, a corpus or an adapter is shown, never obeyed: exact in --json and
// --jsonl, escaped for the terminal in the text and on standard error (./report's show and
// terminalText), escaped for HTML or Markdown in the reports.
// The first Ctrl-C stops reading: the cases read so far are still counted and reported; a second
// one stops waiting for those in flight. Either way everything gathered is written (the --jsonl
// lines of every case counted, the --report files marked partial, --json), and the exit status is
// 130. Every adapter process, and whatever it started (a browser, a daemon that left its group), is
// ended when the command ends (./processes).
//
// --against build:DIR adds the url-grammar built in DIR (another checkout or version) as a parser:
// the report then shows what moved between that build and this one.
//
// Exit 0 when the comparison ran (disagreements are its result, not an error); 1 when a parser that
// was asked for by name (--against, --adapter) is unavailable or could not answer every case (the
// text output says why; with --json or --jsonl, one line on standard error does), or
// when any parser answered none of the cases, or when a --report or --wpt-candidates file could not
// be written at the end after all (a disk full: the output is still printed, and one line each on
// standard error says why); 2 for bad arguments, found before the run starts (an unknown parser, an
// --against that names none, a corpus file that cannot be read, a folder among them, a --report or
// --wpt-candidates file that cannot be created, a DIR without a built url-grammar); 130 when
// stopped by Ctrl-C (143 by SIGTERM, 129 by SIGHUP: nothing more is written then). The output
// files are written through the core's safe writer (url-grammar/cli): checked before the run
// without creating anything, and replaced only when their new content is whole, so a run that
// fails, or a disk that fills, leaves what was there as it was.

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  BUILTIN_PARSERS,
  COMPONENTS,
  builtinAvailability,
  builtinVersion,
  childProcessAdapter,
  DEFAULT_STARTUP_TIMEOUT_MS,
  isBuiltinParser,
  MAX_TIMER_MS,
  type AdapterReport,
  type BuiltinParser,
  type CompareCase,
  type CompareReport,
  type ParserAdapter,
  type Value,
} from './compare';
import { caseFromTextLine, generatedCorpus, linesCorpus, MAX_CORPUS_LINE_BYTES, parseWptCorpus, type LineFormat, type LineStats } from './corpus';
import { adapterVersion, checkAvailable, readManifest, resolveArgv, type Availability, type ManifestEntry } from './manifest';
import { formatClassesText, formatPairsText, jsonText, renderReport, reportFromJson, show, terminalText, type CompareJson } from './report';
import { CorpusHash, gitCommit, osText, REPORT_FORMAT, sha256, shellWord, type Provenance } from './provenance';
import { SPEC_COMMIT, SPEC_URL } from './spec';
import { EQUIVALENCES, FORGIVEN, type Equivalence } from './meaning';
import { BROWSER_ENGINES, CandidateCollector, candidatesJson, wptCandidates } from './candidates';
import type { PairReport } from './pairs';
import { compareStream, type StreamReport } from './stream';
import type { ClassReport } from './classes';
import { checkWritable, createColors, usageError, useColor, writeFileSafely, type CliIO, type Colors, type CommandSpec } from 'url-grammar/cli';

export { parseWptCorpus };


/** The built-in parsers compared when --against is not given. */
export const DEFAULT_AGAINST = ['node', 'whatwg-url', 'url-parse'] as const;

/** The bundled corpus, relative to the package root. */
export const DEFAULT_CORPUS = [
  { file: 'corpus/real-urls.txt', format: 'lines' },
  { file: 'corpus/urltestdata.json', format: 'wpt' },
  // hand-checkable URL-confusion inputs (the attack families of Claroty and Snyk, 2022, path
  // traversal by encoded dots, host spellings), so that a default run shows each class at work
  { file: 'corpus/confusion.jsonl', format: 'jsonl' },
] as const;

/** The adapters manifest, relative to the package root. */
export const DEFAULT_MANIFEST = 'adapters/manifest.json';

/** Per request, for adapters in other processes (ms). */
const DEFAULT_TIMEOUT_MS = 10_000;
/** For everything one adapter process does (ms): none to speak of, since a corpus may be millions of lines. */
const DEFAULT_TOTAL_TIMEOUT_MS = MAX_TIMER_MS;

const usage = usageError;

/** The folder with this package's package.json, from src/ or dist/ alike. */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === '@url-grammar/compare') return dir;
      } catch {
        // not ours: go on up
      }
    }
    if (dirname(dir) === dir) return join(from, '..');
  }
}

function lines(text: string): string[] {
  const out = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  return out.filter((l) => l !== '');
}

/** One case per line: the input, or the input, a TAB and the base (an empty base: none). Empty lines are skipped. */
export function parseCorpusText(text: string): CompareCase[] {
  return lines(text).map(caseFromTextLine);
}

/** One input per line, exactly as written (tabs are part of the URL); no bases. */
export function parseLinesCorpus(text: string): CompareCase[] {
  return lines(text).map((input) => ({ input, base: null }));
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
  corpusFormat?: string;
  generate?: string;
  seed?: string;
  against?: string;
  adapter?: string[];
  manifest?: string;
  list?: boolean;
  json?: boolean;
  jsonl?: boolean;
  report?: string[];
  maxExamples?: string;
  timeout?: string;
  startupTimeout?: string;
  totalTimeout?: string;
  equivalence?: string;
  workers?: string;
  wptCandidates?: string;
}

/** Why lines of a corpus file were left out, and how many for each reason. */
export interface SkippedLines {
  /** Lines longer than MAX_CORPUS_LINE_BYTES (never read whole). */
  tooLong: number;
  /** Lines of a JSON-lines corpus that are not a case (not JSON, not an object, no string input, a base neither string nor null). */
  invalid: number;
  /** The first of those: its line number and why (only when there is one). */
  firstInvalid?: { line: number | null; reason: string };
}

/** The formats --corpus-format names (a .json file's WPT format goes by its name only). */
const CORPUS_FORMATS: readonly LineFormat[] = ['text', 'lines', 'jsonl'];

export interface Source {
  name: string;
  cases: number;
  /** The lines left out (always none for a WPT file or --generate, which have no lines to skip). */
  skipped: SkippedLines;
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

/**
 * A limit in ms for a timer (--timeout, --startup-timeout, --total-timeout): a whole number of at
 * least 1; one past what a timer holds (MAX_TIMER_MS, about 24.8 days: setTimeout would fire after
 * 1 ms) is clamped to it, with a note.
 */
export function timerOption(text: string | undefined, fallback: number, option: string, note: (text: string) => void): number {
  if (text === undefined) return fallback;
  if (!/^[0-9]+$/.test(text) || /^0+$/.test(text)) throw usage(`${option} wants a whole number of at least 1 (ms), not ${JSON.stringify(text)}`);
  // (compared as digits: a number past 2^53 would be rounded)
  const digits = text.replace(/^0+/, '');
  const max = String(MAX_TIMER_MS);
  if (digits.length > max.length || (digits.length === max.length && digits > max)) {
    note(`${option} ${digits} ms is more than a timer holds: using ${fmt(MAX_TIMER_MS)} ms (about 24.8 days)`);
    return MAX_TIMER_MS;
  }
  return Number(digits);
}

/**
 * The most worker threads --workers gives: the cores this process may use (os.availableParallelism),
 * less the one that reads, counts and writes; at least 1. A thread is some 4 MB and 15 ms to start,
 * and more threads than cores only take turns.
 */
export function maxWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * --workers: a whole number (0: none); undefined for the default. More than maxWorkers() is clamped
 * to it, with a note. (The pool never starts more than the batches it is given need either:
 * ./pool.)
 */
export function workerCount(text: string | undefined, note: (text: string) => void, max: number = maxWorkers()): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text)) throw usage(`--workers wants a whole number (0: none), not ${JSON.stringify(text)}`);
  const digits = text.replace(/^0+(?=.)/, '');
  if (digits.length > String(max).length || Number(digits) > max) {
    note(`--workers ${digits} is more than the ${fmt(max + 1)} core${max + 1 === 1 ? '' : 's'} here can run at once (one reads and counts): using ${fmt(max)}`);
    return max;
  }
  return Number(digits);
}

/** One part of the corpus: how to read it, and how much of the progress total it is. */
interface Part {
  name: string;
  /** Progress units (bytes of a line file, cases otherwise); undefined: not known (standard input). */
  size: number | undefined;
  read(): AsyncIterable<CompareCase> | Iterable<CompareCase>;
  /** Progress units done so far. */
  done(): number;
  count: number;
  /** The lines left out so far. */
  skipped(): SkippedLines;
  /**
   * Optional: opens the part and reads its first piece before the run, so that a path that cannot
   * be read (a folder, no permission) is a usage error before anything is compared, not a failure
   * in the middle of the run; a usage error when it cannot be read.
   */
  open?(): Promise<void>;
  /** Optional: lets go of what `open` opened, when the run does not start after all. */
  close?(): Promise<void>;
  /** Optional, for a file: the SHA-256 of its bytes read so far (all of them once it is read to its end). */
  sha256?(): string;
}

function readBytes(io: CliIO, path: string, shown: string): Buffer {
  try {
    return io.readFile(path);
  } catch (e) {
    throw usage(`cannot read the corpus file ${JSON.stringify(shown)}: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** The pieces of a file read in pieces, the first of them already read (see `Part.open`). */
interface OpenedChunks {
  chunks: AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Starts reading `source` and waits for its first piece (a file that cannot be read fails here,
 * as a folder does with EISDIR), then gives every piece, that one first. Stopping early, or
 * `close`, ends the reading (a file stream is closed).
 */
async function openChunks(source: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<OpenedChunks> {
  const iterable = source();
  const it: AsyncIterator<Uint8Array> | Iterator<Uint8Array> = Symbol.asyncIterator in iterable ? (iterable as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]() : (iterable as Iterable<Uint8Array>)[Symbol.iterator]();
  const first = await it.next();
  let ended = first.done === true;
  const close = async () => {
    if (ended) return;
    ended = true;
    await it.return?.();
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const r = await it.next();
        if (r.done) {
          ended = true;
          return;
        }
        yield r.value;
      }
    } finally {
      await close();
    }
  }
  return { chunks: chunks(), close };
}

function linePart(io: CliIO, path: string, shown: string, format: LineFormat): Part {
  let size: number | undefined;
  let chunks: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  let opened: OpenedChunks | null = null;
  let open: (() => Promise<void>) | undefined;
  const cannotRead = (e: unknown) => usage(`cannot read the corpus file ${JSON.stringify(shown)}: ${firstLine(e)}`);
  if (io.openRead && io.fileSize) {
    try {
      size = io.fileSize(path);
    } catch (e) {
      throw cannotRead(e);
    }
    const openRead = io.openRead.bind(io);
    chunks = () => opened?.chunks ?? openRead(path);
    // a file is opened and its first piece read before the run (standard input is not: it may be
    // a terminal, and whatever reads it waits for the run)
    if (path !== '-') {
      open = async () => {
        try {
          opened = await openChunks(() => openRead(path));
        } catch (e) {
          throw cannotRead(e);
        }
      };
    }
  } else {
    const bytes = readBytes(io, path, shown);
    size = bytes.length;
    chunks = () => [bytes];
  }
  const stats: LineStats = { bytes: 0, skipped: 0, lines: 0, invalid: 0 };
  // the file's SHA-256, over the pieces as they are read (standard input has none: it is no file)
  const hash = path === '-' ? null : createHash('sha256');
  async function* hashed(pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const piece of pieces) {
      hash?.update(piece);
      yield piece;
    }
  }
  const part: Part = {
    name: shown,
    size,
    ...(hash ? { sha256: () => hash.copy().digest('hex') } : {}),
    count: 0,
    done: () => stats.bytes,
    // The reader skips a line for its length; the JSON-lines format also for not being a case.
    skipped: () => ({ tooLong: stats.skipped, invalid: stats.invalid ?? 0, ...(stats.firstInvalid ? { firstInvalid: stats.firstInvalid } : {}) }),
    ...(open ? { open, close: async () => opened?.close() } : {}),
    async *read() {
      for await (const c of linesCorpus(hashed(chunks()), format, stats)) {
        part.count++;
        yield c;
      }
    },
  };
  return part;
}

function listPart(name: string, cases: CompareCase[]): Part {
  const part: Part = {
    name,
    size: cases.length,
    count: 0,
    done: () => part.count,
    skipped: () => ({ tooLong: 0, invalid: 0 }),
    *read() {
      for (const c of cases) {
        part.count++;
        yield c;
      }
    },
  };
  return part;
}

function wptPart(io: CliIO, path: string, shown: string): Part {
  const bytes = readBytes(io, path, shown);
  const text = new TextDecoder('utf-8').decode(bytes);
  try {
    const digest = sha256(bytes);
    const part = listPart(shown, parseWptCorpus(text));
    part.sha256 = () => digest;
    return part;
  } catch (e) {
    throw usage(`the corpus file ${JSON.stringify(shown)} is not WPT urltestdata JSON: ${(e as Error).message}`);
  }
}

function generatedPart(count: number, seed: number): Part {
  const part: Part = {
    name: `--generate ${count} --seed ${seed}`,
    size: count,
    count: 0,
    done: () => part.count,
    skipped: () => ({ tooLong: 0, invalid: 0 }),
    *read() {
      for (const c of generatedCorpus(count, seed)) {
        part.count++;
        yield c;
      }
    },
  };
  return part;
}

function corpusParts(io: CliIO, opts: CompareOptionsCli): Part[] {
  const parts: Part[] = [];
  const files = opts.corpus ?? [];
  const format = opts.corpusFormat as LineFormat | undefined;
  if (format !== undefined) {
    if (!CORPUS_FORMATS.includes(format)) throw usage(`--corpus-format wants one of ${CORPUS_FORMATS.join(', ')}, not ${JSON.stringify(format)}`);
    if (files.length === 0) throw usage('--corpus-format goes with --corpus');
  }
  for (const f of files) {
    // An explicit --corpus-format is the format of every --corpus file; otherwise the name says it.
    if (format !== undefined) parts.push(f === '-' ? linePart(io, '-', '<stdin>', format) : linePart(io, f, f, format));
    else if (f === '-') parts.push(linePart(io, '-', '<stdin>', 'text'));
    else if (/\.json$/i.test(f)) parts.push(wptPart(io, f, f));
    else if (/\.jsonl$/i.test(f)) parts.push(linePart(io, f, f, 'jsonl'));
    else parts.push(linePart(io, f, f, 'text'));
  }
  if (opts.generate !== undefined) {
    const n = nonNegativeInteger(opts.generate, 0, '--generate', 1);
    parts.push(generatedPart(n, nonNegativeInteger(opts.seed, 1, '--seed')));
  } else if (opts.seed !== undefined) {
    throw usage('--seed goes with --generate');
  }
  if (parts.length === 0) {
    const root = packageRoot();
    const present = DEFAULT_CORPUS.filter((d) => existsSync(join(root, d.file)));
    if (present.length === 0) {
      throw usage(`the bundled corpus (${DEFAULT_CORPUS.map((d) => d.file).join(', ')}) is not in this installation (${root}): pass --corpus <file>`);
    }
    for (const d of present) {
      const shown = relative(root, join(root, d.file)).split('\\').join('/');
      parts.push(d.format === 'wpt' ? wptPart(io, join(root, d.file), shown) : linePart(io, join(root, d.file), shown, d.format));
    }
  }
  return parts;
}

async function* chain(parts: Part[]): AsyncGenerator<CompareCase> {
  for (const p of parts) yield* p.read();
}

interface Chosen {
  builtins: BuiltinParser[];
  /** url-grammar built elsewhere (--against build:DIR). */
  builds: Build[];
  adapters: ParserAdapter[];
  /** Names asked for explicitly: their trouble changes the exit status. */
  explicit: Set<string>;
}

function manifestPath(opts: CompareOptionsCli): { path: string; given: boolean } {
  return opts.manifest !== undefined ? { path: opts.manifest, given: true } : { path: join(packageRoot(), DEFAULT_MANIFEST), given: false };
}

/** The manifest's entries: [] when the default one is not there; a usage error when a given one cannot be read. */
function loadManifest(opts: CompareOptionsCli): ManifestEntry[] {
  const { path, given } = manifestPath(opts);
  if (!given && !existsSync(path)) return [];
  try {
    return readManifest(path);
  } catch (e) {
    throw usage((e as Error).message);
  }
}

function chooseAdapters(opts: CompareOptionsCli, manifest: ManifestEntry[], timeouts: { requestTimeoutMs: number; startupTimeoutMs: number; totalTimeoutMs: number; onStatus?: (message: string) => void }): Chosen {
  const explicit = new Set<string>();
  const builtins: BuiltinParser[] = [];
  const builds: Build[] = [];
  const adapters: ParserAdapter[] = [];
  const names = new Set<string>();
  const root = packageRoot();
  const fromManifest = (e: ManifestEntry, checked: boolean): ParserAdapter | null => {
    const avail = checkAvailable(e, root);
    if (!avail.available) {
      if (checked) return null;
      return { name: e.name, unavailable: `${avail.reason}; to install: ${e.install || 'see adapters/'}`, parse: () => Promise.reject(new Error('unavailable')) };
    }
    const [cmd, ...args] = resolveArgv(e.command);
    // a build on first use runs before the first request, not against its timeout
    const prepare = e.prepare ? resolveArgv(e.prepare) : null;
    return childProcessAdapter(e.name, cmd, args, { ...timeouts, cwd: root, ...(prepare ? { prepare: { command: prepare[0], args: prepare.slice(1) } } : {}), version: adapterVersion(e, root) ?? undefined });
  };
  let against: string[];
  const all = opts.against?.trim() === 'all';
  if (opts.against === undefined) against = [...DEFAULT_AGAINST];
  else if (all) against = [...BUILTIN_PARSERS.filter((n) => n !== 'url-grammar'), ...manifest.map((e) => e.name)];
  else {
    const none = opts.against.trim() === 'none';
    against = none ? [] : opts.against.split(',').map((s) => s.trim()).filter((s) => s !== '');
    // "" or ", ," names nothing: "none" says so on purpose, an empty value is more likely a mistake
    if (!none && against.length === 0) {
      throw usage(`--against names no parser (${JSON.stringify(opts.against)}): give parser names, comma-separated (${BUILTIN_PARSERS.join(', ')}, the adapters of --list or build:DIR), "all" or "none"`);
    }
    for (const n of against) explicit.add(n);
  }
  for (const n of against) {
    if (names.has(n)) continue;
    const entry = manifest.find((e) => e.name === n);
    if (n.startsWith(BUILD_PREFIX)) {
      builds.push(resolveBuild(n));
    } else if (isBuiltinParser(n)) {
      if (n !== 'url-grammar') builtins.push(n);
    } else if (entry) {
      // one this machine lacks is reported as unavailable, with how to install it (an exit status
      // of 1 only when it was asked for by name)
      const a = fromManifest(entry, false);
      if (a) adapters.push(a);
    } else {
      const known = [...BUILTIN_PARSERS, ...manifest.map((e) => e.name)];
      throw usage(`unknown parser ${JSON.stringify(n)} in --against (known: ${known.join(', ')}; others come with --adapter name=command)`);
    }
    names.add(n);
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
    adapters.push(childProcessAdapter(name, words[0], words.slice(1), timeouts));
  }
  return { builtins, builds, adapters, explicit };
}

/**
 * `compare --list`: every parser compare knows, whether it runs here, and how to install it if
 * not. `availability` tells for the manifest's entries, `builtin` for the built-in parsers (by
 * default, whether each one's package resolves from this package). With `version`, a second table
 * follows: each available parser's versions (asked only of the available ones).
 */
export function formatList(
  manifest: ManifestEntry[],
  manifestFile: string | null,
  availability: (e: ManifestEntry) => Availability,
  builtin: (name: BuiltinParser) => Availability = (n) => builtinAvailability(n),
  version?: (parser: BuiltinParser | ManifestEntry) => string | null,
): string {
  const rows: string[][] = [['parser', 'kind', 'available', 'notes']];
  const versions: Array<[string, string]> = [];
  const versionOf = (name: string, available: boolean, p: BuiltinParser | ManifestEntry) => {
    // a version is the first line a command printed: shown as text, not obeyed as terminal controls
    if (version) versions.push([name, available ? terminalText(version(p) ?? 'unknown') : '-']);
  };
  for (const n of BUILTIN_PARSERS) {
    const a = builtin(n);
    rows.push([n, 'in-process (JavaScript)', a.available ? 'yes' : 'no', !a.available ? terminalText(a.reason ?? '') : n === 'url-grammar' ? 'the reference' : '']);
    versionOf(n, a.available, n);
  }
  const lines: string[] = [];
  for (const e of manifest) {
    const a = availability(e);
    rows.push([e.name, terminalText(`adapter (${e.language || 'other'})`), a.available ? 'yes' : 'no', terminalText(a.available ? e.title : `${a.reason}; install: ${e.install || '(not given)'}`)]);
    versionOf(e.name, a.available, e);
  }
  const widths = rows[0].map((_, i) => (i === 3 ? 0 : rows.reduce((w, r) => Math.max(w, r[i].length), 0)));
  for (const r of rows) lines.push(r.map((c, i) => (i === 3 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
  if (versions.length > 0) {
    // indented, so that no line of it starts with a parser's name as the rows above do
    const width = versions.reduce((w, [n]) => Math.max(w, n.length), 0);
    lines.push('', 'versions:');
    for (const [n, v] of versions) lines.push(`  ${n.padEnd(width)}  ${v}`);
  }
  lines.push('', manifestFile === null ? `no adapters manifest (${DEFAULT_MANIFEST} is not in this installation)` : `adapters from ${manifestFile}`);
  return lines.join('\n') + '\n';
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
 * show: C1 controls, line and paragraph separators, zero-width and bidi formatting characters
 * (./report's show; a message, a name or other text from a parser or a corpus goes through
 * terminalText instead).
 */
export function quoted(s: string): string {
  return show(s);
}

function showValue(v: Value, component: string): string {
  if (v === null) return 'failure';
  if (Array.isArray(v)) return `[${v.map(quoted).join(', ')}]`;
  return component === 'parse' ? `parses: ${quoted(v)}` : quoted(v);
}

export interface CompareOutput extends CompareReport {
  corpus: { cases: number; sources: Source[] };
}

/** A size in bytes in words: "1 MiB", "64 KiB", "1000 bytes". */
function sizeText(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${fmt(bytes / (1 << 20))} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${fmt(bytes / (1 << 10))} KiB`;
  return `${fmt(bytes)} byte${bytes === 1 ? '' : 's'}`;
}

/**
 * One line for each source that had lines left out: how many, and why ("skipped 2 lines of c.txt:
 * 2 over 1 MiB"; "skipped 1 line of c.jsonl: 1 not a case (line 3: not a JSON object)").
 */
export function skippedLines(sources: readonly Source[]): string[] {
  const lines: string[] = [];
  for (const s of sources) {
    const { tooLong, invalid, firstInvalid } = s.skipped;
    const total = tooLong + invalid;
    if (total === 0) continue;
    const why: string[] = [];
    if (tooLong > 0) why.push(`${fmt(tooLong)} over ${sizeText(MAX_CORPUS_LINE_BYTES)}`);
    if (invalid > 0) {
      const first = firstInvalid ? ` (${invalid === 1 ? '' : 'the first: '}${firstInvalid.line !== null ? `line ${fmt(firstInvalid.line)}: ` : ''}${terminalText(firstInvalid.reason)})` : '';
      why.push(`${fmt(invalid)} not a case${first}`);
    }
    lines.push(`skipped ${fmt(total)} line${total === 1 ? '' : 's'} of ${terminalText(s.name)}: ${why.join(', ')}`);
  }
  return lines;
}

/** The table of agreement, then the first disagreements of each kind, then what could not run. */
export function formatCompareReport(out: CompareOutput, pc: Colors = createColors(false)): string {
  const lines: string[] = [];
  // what came from a parser, a corpus or an adapter (names, messages, values) is escaped for the
  // terminal (terminalText, quoted): it can neither move the cursor nor reorder or forge a line
  const srcs = out.corpus.sources.map((s) => `${fmt(s.cases)} from ${terminalText(s.name)}`).join(', ');
  lines.push(`${pc.bold('url-grammar compare')}: ${fmt(out.cases)} cases (${srcs}); reference ${terminalText(out.reference)}`);
  for (const l of skippedLines(out.corpus.sources)) lines.push(`(${l})`);
  if (out.referenceErrors > 0) lines.push(`(${fmt(out.referenceErrors)} cases left out: the reference could not answer them)`);
  const shown = out.adapters.filter((a) => a.available);
  if (shown.length > 0) {
    const rows: string[][] = [['component', ...shown.map((a) => terminalText(a.name))]];
    rows.push(['answered', ...shown.map((a) => `${fmt(a.answered)}/${fmt(out.cases)}`)]);
    for (const k of COMPONENTS) rows.push([k, ...shown.map((a) => cell(a.components[k].agreed, a.components[k].compared))]);
    const widths = rows[0].map((_, i) => rows.reduce((w, r) => Math.max(w, r[i].length), 0));
    const eq = (out as { equivalence?: string }).equivalence;
    const how = eq === 'meaning' ? ' by meaning (a difference only in notation is not counted: see "notation only" below; --equivalence exact counts it)' : eq === 'exact' ? ' as exact text' : '';
    lines.push('', `agreement with ${terminalText(out.reference)}${how} (agreed/compared; "-": not reported by that parser)`);
    rows.forEach((r, j) => {
      const text = r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
      lines.push(j === 0 ? pc.bold(text) : text);
    });
  }
  // parser against parser, when the report has the pairs (compareStream's do)
  const pairs = (out as { pairs?: PairReport[] }).pairs;
  if (pairs && pairs.length > 0) for (const l of formatPairsText(pairs, pc)) lines.push(l);
  for (const a of out.adapters) {
    if (!a.available) lines.push('', `${pc.bold(terminalText(a.name))}: unavailable (${terminalText(a.unavailable ?? 'no reason given')})`);
  }
  for (const a of shown) for (const l of adapterSections(a, out.maxExamples, pc)) lines.push(l);
  return lines.join('\n') + '\n';
}

function adapterSections(a: AdapterReport, maxExamples: number, pc: Colors): string[] {
  const lines: string[] = [];
  const name = terminalText(a.name);
  const where = (input: string, base: string | null) => {
    lines.push(`    input   ${quoted(input)}`);
    if (base !== null) lines.push(`    base    ${quoted(base)}`);
  };
  if (a.adapterErrors > 0) {
    lines.push('', pc.bold(`${name}: could not answer ${fmt(a.adapterErrors)} case${a.adapterErrors === 1 ? '' : 's'}`));
    for (const m of a.adapterErrorMessages) {
      lines.push(`  ${fmt(m.count)}× ${terminalText(m.message)}`);
      where(m.input, m.base);
    }
  }
  for (const k of COMPONENTS) {
    const t = a.components[k];
    const differ = t.compared - t.agreed;
    if (differ === 0) continue;
    const first = t.examples.length < differ ? `; the first ${t.examples.length}` : '';
    lines.push('', pc.bold(`${name} · ${k}: ${fmt(differ)} of ${fmt(t.compared)} differ${maxExamples === 0 ? '' : first}`));
    for (const d of t.examples) {
      where(d.input, d.base);
      lines.push(`    ours    ${showValue(d.ours, k)}`);
      lines.push(`    theirs  ${showValue(d.theirs, k)}${d.message !== undefined ? ` (${terminalText(d.message)})` : ''}`);
      lines.push('');
    }
    if (lines[lines.length - 1] === '') lines.pop();
  }
  return lines;
}

/** The disagreement classes in a few lines (the text output's last section). */
export function formatClasses(classes: readonly ClassReport[], pc: Colors = createColors(false)): string[] {
  const hit = classes.filter((c) => c.cases > 0);
  if (hit.length === 0) return [];
  // each class with its step, its description, the permissive side and its biggest root causes (./report)
  return formatClassesText(hit, pc);
}

interface Progress {
  update(): void;
  stop(): void;
}

/** A progress bar on standard error (cli-progress), only when it is a terminal; nothing otherwise. */
function startProgress(io: CliIO, parts: Part[], cases: () => number): Progress {
  const stream = io.progressStream;
  if (!stream) return { update: () => undefined, stop: () => undefined };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cliProgress = require('cli-progress') as typeof import('cli-progress');
  const sizes = parts.map((p) => p.size);
  const known = sizes.every((s) => s !== undefined);
  const total = known ? sizes.reduce<number>((a, b) => a + (b ?? 0), 0) : 0;
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: known ? 'compare |{bar}| {percentage}% | {cases} cases | {rate} cases/s | ETA {eta_formatted}' : 'compare | {cases} cases | {rate} cases/s',
      hideCursor: true,
      clearOnComplete: true,
      fps: 5,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const payload = () => {
    const n = cases();
    const s = (Date.now() - started) / 1000;
    return { cases: fmt(n), rate: s > 0 ? fmt(Math.round(n / s)) : '0' };
  };
  bar.start(Math.max(1, total), 0, payload());
  return {
    update: () => bar.update(known ? parts.reduce((a, p) => a + p.done(), 0) : 0, payload()),
    stop: () => bar.stop(),
  };
}

export const command: CommandSpec = {
  name: 'compare',
  description: 'how often other URL parsers agree with url-grammar, component by component, and where they differ',
  arguments: [],
  options: {
    corpus: { type: 'string', value: '<file>', multiple: true, description: 'the cases: one per line, "input" or "input<TAB>base"; "-" is standard input; a .json file is WPT urltestdata; a .jsonl file has one JSON object per line, {"input": "...", "base": "..." or null}, for inputs with a tab or any other character (repeatable; default: the bundled real-world corpus and the WPT inputs)' },
    'corpus-format': { type: 'string', value: '<format>', description: 'how every --corpus file is read, whatever its name: text ("input" or "input<TAB>base"), lines (one input per line, tabs and all, no base) or jsonl (one JSON object per line; lines that are not one are skipped and counted)' },
    generate: { type: 'string', value: '<n>', description: 'n more cases drawn from the grammar itself (instead of the default corpus)' },
    seed: { type: 'string', value: '<n>', description: 'the seed of --generate (default 1): the same seed, the same cases' },
    against: { type: 'string', value: '<names>', description: `parsers to compare, comma-separated: built in (${BUILTIN_PARSERS.join(', ')}) or from the adapters manifest; build:DIR for the url-grammar built in DIR (another checkout or version: the report shows what moved); "all" (every one available here) or "none" (default ${DEFAULT_AGAINST.join(',')})` },
    adapter: { type: 'string', value: '<name=command>', multiple: true, description: 'a parser in another process, speaking the JSON-lines protocol of docs/compare-protocol.md (repeatable)' },
    manifest: { type: 'string', value: '<file>', description: `the adapters manifest (default ${DEFAULT_MANIFEST} in the package)` },
    list: { type: 'boolean', description: 'list the parsers: which are available here, and how to install the others' },
    json: { type: 'boolean', description: 'print the whole report as JSON' },
    jsonl: { type: 'boolean', description: 'print one JSON line per case as it is compared (the summary goes to standard error)' },
    report: { type: 'string', value: '<file>', multiple: true, description: 'also write the report: .html (one self-contained page, to filter and search, with every listed case), .md, .csv (every listed case of every root cause, one row per parser), or .json (what --json prints; .json.gz gzipped), each with its provenance (repeatable)' },
    'max-examples': { type: 'string', value: '<n>', description: 'how many disagreements of each kind to show (default 5)' },
    timeout: { type: 'string', value: '<ms>', description: `how long an adapter process may go without answering a waiting request, once it has started (default ${DEFAULT_TIMEOUT_MS})` },
    'startup-timeout': { type: 'string', value: '<ms>', description: `how long an adapter process may take from its start to its first answer, apart from --timeout: a browser or a JVM takes seconds on a loaded machine (default ${DEFAULT_STARTUP_TIMEOUT_MS})` },
    equivalence: { type: 'string', value: '<how>', description: `how answers are compared: meaning (default: case, percent-encoding of unreserved characters, an empty path as "/", a default port, decoded userinfo and host spellings are not differences; RFC 3986 section 6) or exact (as text)` },
    'total-timeout': { type: 'string', value: '<ms>', description: 'how long an adapter process may take for the whole corpus (default: no limit); every limit in ms is at most 2147483647 (about 24.8 days, what a timer holds): more is clamped, with a note' },
    workers: { type: 'string', value: '<n>', description: 'worker threads for the built-in parsers (0: none; default: one fewer than the cores, 1 to 4); at most one fewer than the cores (more is clamped, with a note), started only as the cases need them' },
    'wpt-candidates': { type: 'string', value: '<file>', description: "write, in WPT's urltestdata.json format, minimised inputs on which the browser engines (chromium, firefox, webkit; two at least) differ from the standard in a way no WPT input shows, judged by behaviour (each engine's difference and its url.bs step, not the literal input), url-grammar's answer the expectation (at most 50, each minimised while its behaviour holds, with at most 128 inputs re-asked)" },
  },
  async run(_args, options, io) {
    const opts = options as unknown as CompareOptionsCli;
    const manifest = loadManifest(opts);
    if (opts.list) {
      const { path } = manifestPath(opts);
      const root = packageRoot();
      io.out(formatList(manifest, existsSync(path) ? relative(root, path).split('\\').join('/') || path : null, (e) => checkAvailable(e, root), undefined, (p) => (typeof p === 'string' ? builtinVersion(p) : adapterVersion(p, root))));
      io.setExitCode(0);
      return;
    }
    if (opts.json && opts.jsonl) throw usage('--json and --jsonl cannot go together');
    for (const r of opts.report ?? []) if (!/\.(html?|md|markdown|csv|json|json\.gz)$/i.test(r)) throw usage(`--report wants a file ending in .html, .md, .csv, .json or .json.gz, not ${JSON.stringify(r)}`);
    const equivalence = (opts.equivalence ?? 'meaning') as Equivalence;
    if (!EQUIVALENCES.includes(equivalence)) throw usage(`--equivalence wants ${EQUIVALENCES.join(' or ')}, not ${JSON.stringify(opts.equivalence)}`);
    const maxExamples = nonNegativeInteger(opts.maxExamples, 5, '--max-examples');
    const note = (text: string) => io.err(`compare: ${text}\n`);
    const requestTimeoutMs = timerOption(opts.timeout, DEFAULT_TIMEOUT_MS, '--timeout', note);
    const startupTimeoutMs = timerOption(opts.startupTimeout, DEFAULT_STARTUP_TIMEOUT_MS, '--startup-timeout', note);
    const totalTimeoutMs = timerOption(opts.totalTimeout, DEFAULT_TOTAL_TIMEOUT_MS, '--total-timeout', note);
    const workers = workerCount(opts.workers, note);
    const parts = corpusParts(io, opts);
    const { builtins, builds, adapters, explicit } = chooseAdapters(opts, manifest, { requestTimeoutMs, startupTimeoutMs, totalTimeoutMs, onStatus: (m) => io.err(`compare: ${terminalText(m)}\n`) });
    const candidates = opts.wptCandidates === undefined ? undefined : candidateSetup(adapters);
    // every file written at the end can be: found out now, before the run, not after it
    const reportFiles = (opts.report ?? []).map((f) => checkOutputFile(f, 'the report'));
    const candidatesFile = candidates && opts.wptCandidates !== undefined ? checkOutputFile(opts.wptCandidates, 'the WPT candidates') : undefined;
    // and every corpus file can be read (a folder cannot): its first piece is read now
    const openedParts: Part[] = [];
    try {
      for (const p of parts) {
        if (!p.open) continue;
        await p.open();
        openedParts.push(p);
      }
    } catch (e) {
      await Promise.all(openedParts.map((p) => p.close?.()));
      throw e;
    }

    let counted = 0;
    const progress = startProgress(io, parts, () => counted);
    const stop = new AbortController();
    // Ctrl-C once: no more cases are read, those in flight are still compared; twice: those in
    // flight are not waited for. Either way what was gathered is written, and the exit status is
    // 130. A third quits at once (the adapters are still ended, by compare's exit hook).
    const abandon = new AbortController();
    let interrupts = 0;
    const onInterrupt = () => {
      interrupts++;
      if (interrupts === 1) {
        io.err('\ncompare: stopping: the cases already read are still compared, then everything gathered is written (Ctrl-C again to stop waiting for them)\n');
        stop.abort();
      } else if (interrupts === 2) {
        io.err('\ncompare: not waiting for the cases in flight: writing what was gathered (Ctrl-C again to quit at once, writing nothing more)\n');
        abandon.abort();
      } else {
        process.exit(130);
      }
      removeInterrupt = io.onInterrupt?.(onInterrupt);
    };
    let removeInterrupt = io.onInterrupt?.(onInterrupt);
    const write = (text: string) => (io.write ? io.write(text) : io.out(text));
    let buffered = '';
    const corpusHash = new CorpusHash();
    let report: StreamReport;
    try {
      report = await compareStream(chain(parts), {
        builtins,
        builds: builds.map((b) => ({ name: b.name, module: b.dir })),
        adapters,
        workers,
        maxExamples,
        equivalence,
        signal: stop.signal,
        abandon: abandon.signal,
        observe: (c, names, outcomes) => {
          corpusHash.add(c);
          candidates?.collector.observe(c, names, outcomes);
        },
        onCase: opts.jsonl
          ? (r) => {
              buffered += JSON.stringify(r) + '\n';
              if (buffered.length >= 1 << 16) {
                const t = buffered;
                buffered = '';
                return write(t);
              }
            }
          : undefined,
        onProgress: (n) => {
          counted = n;
          progress.update();
        },
      });
      if (buffered !== '') await write(buffered);
    } finally {
      progress.stop();
    }
    // a file that cannot be written after all (a disk full) loses nothing else: the output is still
    // printed, then one line for each such file, and the exit status is 1
    const unwritten: string[] = [];
    const provenance = provenanceOf(opts, report, parts, corpusHash);
    if (candidates && candidatesFile) {
      const failure = await writeCandidates(io, candidatesFile, candidates, report.stopped, provenance);
      if (failure !== null) unwritten.push(failure);
    }
    const sources: Source[] = parts.map((p) => ({ name: p.name, cases: p.count, skipped: p.skipped() }));
    const skipped = skippedLines(sources);
    const out = { provenance, corpus: { cases: report.cases, sources }, ...report, ...(report.equivalence === 'meaning' ? { forgiven: FORGIVEN.map((f) => f.text) } : {}) };
    const skippedNote = skipped.map((l) => ` ${l[0].toUpperCase()}${l.slice(1)}.`).join('');
    const partialNote = report.stopped ? `Partial report: the run was stopped by Ctrl-C after ${fmt(report.cases)} cases, and only those are counted. ` : '';
    const buildNote = builds.map((b) => ` ${buildHeading(b)}: ${b.name} is that build, compared with this one.`).join('');
    const produced = `${partialNote}Produced by url-grammar compare${report.stopped ? ' (partial)' : ''}.${buildNote}${skippedNote}`;
    const whole = { ...(builds.length > 0 ? { ...out, builds: builds.map((b) => ({ name: b.name, dir: b.dir, version: b.version })) } : out), note: produced };
    const json = jsonText(whole, 2) + '\n';
    // every document is made from the JSON as it reads back, so that the JSON report alone makes
    // the others again (reportFromJson): the committed zoo report is checked so
    const doc = reportFiles.length > 0 ? reportFromJson(JSON.parse(json) as CompareJson) : null;
    for (const r of reportFiles) {
      const failure = writeOutputFile(r, /\.json$/i.test(r.file) ? json : /\.json\.gz$/i.test(r.file) ? gzipSync(json, { level: 9 }) : renderReport(r.file, doc!));
      if (failure !== null) unwritten.push(failure);
    }
    if (opts.json) io.out(json);
    else if (opts.jsonl) {
      // standard output holds the cases only: what was left out goes with the summary
      for (const l of skipped) io.err(`compare: ${l}\n`);
      io.err(`compare: ${fmt(report.cases)} cases, ${report.adapters.map((a) => `${terminalText(a.name)} ${a.available ? `${rate(a)} agree on href` : 'unavailable'}`).join(', ')}\n`);
    } else {
      const pc = createColors(useColor(io));
      const stopped = report.stopped ? `(partial: stopped by Ctrl-C; only the ${fmt(report.cases)} cases read before it are counted)\n` : '';
      io.out(stopped + formatBuildChanges(report, builds, pc) + formatCompareReport(out, pc) + (formatClasses(report.classes, pc).join('\n') + '\n').replace(/^\n$/, ''));
    }
    // a parser that answered nothing, asked for by name or not, is a failed run: one line each, why
    const silent = report.adapters.filter((a) => (a.available ? a.answered === 0 && a.adapterErrors > 0 : explicit.has(a.name)));
    for (const a of silent) {
      io.err(`compare: ${terminalText(a.name)} answered none of the ${fmt(report.cases)} cases: ${terminalText(a.available ? (a.adapterErrorMessages[0]?.message ?? 'no reason given') : `unavailable (${a.unavailable ?? 'no reason given'})`)}\n`);
    }
    // one asked for by name that could not answer some cases makes the status 1 too: the text output
    // says so; --json and --jsonl, whose standard output is for machines, say it here in one line
    if (opts.json || opts.jsonl) {
      for (const a of report.adapters) {
        if (explicit.has(a.name) && a.available && a.adapterErrors > 0 && a.answered > 0) io.err(`compare: ${partialFailure(a, report.cases)}\n`);
      }
    }
    for (const u of unwritten) io.err(`error: ${terminalText(u)}\n`);
    const trouble = silent.length > 0 || unwritten.length > 0 || report.adapters.some((a) => explicit.has(a.name) && (!a.available || a.adapterErrors > 0));
    // once interrupted, a Ctrl-C while this process winds down must not end it by the signal (its
    // exit status is 130 either way); a listener does not keep it alive
    if (interrupts === 0) removeInterrupt?.();
    // stopped by Ctrl-C: 130, as a shell reports a command ended by it, once everything is written
    io.setExitCode(report.stopped ? 130 : trouble ? 1 : 0);
  },
};

/**
 * Why a parser did not answer every case, in one line: how many it could not answer, of how many,
 * and the reasons it gave (the most frequent first, as many as the report kept).
 */
export function partialFailure(a: AdapterReport, cases: number): string {
  const reasons = [...a.adapterErrorMessages].sort((x, y) => y.count - x.count);
  const why =
    reasons.length === 0
      ? 'no reason kept (--max-examples 0)'
      : reasons
          .slice(0, 3)
          .map((m) => `${fmt(m.count)}× ${m.message}`)
          .join('; ') + (reasons.length > 3 ? `; and ${fmt(reasons.length - 3)} other reason${reasons.length === 4 ? '' : 's'}` : '');
  return terminalText(`${a.name} could not answer ${fmt(a.adapterErrors)} of the ${fmt(cases)} cases: ${why}`);
}

/** A file written at the end of the run (--report, --wpt-candidates), checked before it. */
export interface OutputFile {
  /** As given. */
  file: string;
  /** What it holds, for messages: "the report", "the WPT candidates". */
  what: string;
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

/** The safe writer's reason for a WriteError (by name: this package may hold another copy of the core), else the first line. */
function writeReason(e: unknown): string {
  const reason = (e as { reason?: unknown } | null)?.reason;
  return e instanceof Error && e.name === 'WriteError' && typeof reason === 'string' ? reason : firstLine(e);
}

/**
 * Checks, before the run, that `file` can be written at its end through the core's safe writer
 * (url-grammar/cli): its folder exists and this user may write in it, and it is not a folder, a
 * device, a FIFO or a file this user could not replace; a usage error (exit 2) in one line
 * otherwise. Nothing is created and nothing changes.
 */
export function checkOutputFile(file: string, what: string): OutputFile {
  try {
    checkWritable(file, { replace: true });
  } catch (e) {
    throw usage(`cannot write ${what} ${JSON.stringify(file)}: ${writeReason(e)}`);
  }
  return { file, what };
}

/**
 * Writes an output file at the end of the run, through the core's safe writer: the new content
 * goes to a new file beside it, which takes its name only when whole, so a failure (a full disk)
 * leaves the file that was there as it was, and no new file behind. Null when written, otherwise
 * the one line that says why not.
 */
function writeOutputFile(out: OutputFile, text: string | Uint8Array): string | null {
  try {
    writeFileSafely(out.file, text, { replace: true });
    return null;
  } catch (e) {
    return `cannot write ${out.what} ${JSON.stringify(out.file)}: ${writeReason(e)}`;
  }
}

/** --wpt-candidates: the browser engines of the run (two at least, or a usage error), and a collector for their root causes. */
function candidateSetup(adapters: readonly ParserAdapter[]): { collector: CandidateCollector; browsers: ParserAdapter[] } {
  const browsers = adapters.filter((a) => BROWSER_ENGINES.includes(a.name));
  if (browsers.length < 2) {
    throw usage(`--wpt-candidates needs two browser engines or more among the parsers (adapters named ${BROWSER_ENGINES.join(', ')}; here: ${browsers.map((b) => b.name).join(', ') || 'none'})`);
  }
  if (!existsSync(join(packageRoot(), DEFAULT_CORPUS[1].file))) throw usage(`--wpt-candidates needs WPT's urltestdata.json (${DEFAULT_CORPUS[1].file}), which is not in this installation`);
  const answering = browsers.filter((b) => b.unavailable === undefined);
  return { collector: new CandidateCollector(new Set(answering.map((b) => b.name))), browsers: answering };
}

/**
 * Finds, minimises and writes the WPT candidates; null when written, otherwise the one line that
 * says why not (the comparison's own output is printed either way). "written to" is said only once
 * the file is written.
 */
async function writeCandidates(io: CliIO, out: OutputFile, setup: { collector: CandidateCollector; browsers: ParserAdapter[] }, stopped: boolean, provenance: Provenance): Promise<string | null> {
  if (stopped) {
    // the browsers are not asked again after Ctrl-C: the file says so rather than holding unchecked inputs
    return writeOutputFile(out, candidatesJson({ candidates: [], seen: setup.collector.causes().length, covered: 0, asks: 0 }, { note: 'The run was stopped by Ctrl-C before the candidates were checked against WPT and minimised: none are written.', provenance }));
  }
  let found: Awaited<ReturnType<typeof wptCandidates>>;
  try {
    const wpt = parseWptCorpus(readFileSync(join(packageRoot(), DEFAULT_CORPUS[1].file), 'utf8'));
    found = await wptCandidates(setup.collector, setup.browsers, wpt, { onStatus: (m) => io.err(`compare: --wpt-candidates: ${terminalText(m)}\n`) });
  } catch (e) {
    return `cannot find the WPT candidates for ${JSON.stringify(out.file)}: ${firstLine(e)}`;
  }
  const failure = writeOutputFile(out, candidatesJson(found, { provenance }));
  const counts = `${found.seen} behaviours where a browser differs from the standard, ${found.covered} of them shown by WPT inputs (each engine behaviour), ${found.collapsed ?? 0} collapsed into a candidate${found.unminimised ? `, ${found.unminimised} not minimised within the bound (left out)` : ''}; ${found.asks} inputs asked of one engine each`;
  if (failure !== null) return `${failure} (${found.candidates.length} candidates found, not written; ${counts})`;
  io.err(`compare: --wpt-candidates: ${found.candidates.length} written to ${terminalText(out.file)} (${counts})\n`);
  return null;
}

/** The command line that makes the same report: `url-grammar compare` and every option given, in the order --help lists them. */
export function commandLine(opts: Record<string, unknown>): string {
  const words = ['url-grammar', 'compare'];
  for (const [long, spec] of Object.entries(command.options)) {
    const v = opts[long.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())];
    if (v === undefined || v === false) continue;
    if (spec.type === 'boolean') words.push(`--${long}`);
    else for (const x of Array.isArray(v) ? v : [v]) words.push(`--${long}`, shellWord(String(x)));
  }
  return words.join(' ');
}

/** The version in a package.json, or "unknown". */
function packageVersion(file: string): string {
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Where the report comes from (./provenance), once the run has ended. */
function provenanceOf(opts: CompareOptionsCli, report: StreamReport, parts: readonly Part[], corpus: CorpusHash): Provenance {
  const root = packageRoot();
  const git = gitCommit(root);
  let core = 'unknown';
  try {
    core = packageVersion(require.resolve('url-grammar/package.json'));
  } catch {
    // not resolvable: left unknown
  }
  return {
    format: REPORT_FORMAT,
    date: new Date().toISOString(),
    urlGrammar: { version: core, compare: packageVersion(join(root, 'package.json')), commit: git?.commit ?? null, modified: git?.modified ?? false },
    command: commandLine(opts as Record<string, unknown>),
    os: osText(),
    node: process.versions.node,
    parsers: [{ name: report.reference, version: builtinVersion('url-grammar') }, ...report.adapters.map((a) => ({ name: a.name, version: a.version ?? null }))],
    spec: { commit: SPEC_COMMIT, url: SPEC_URL },
    corpus: { cases: corpus.cases, sha256: corpus.digest(), files: parts.flatMap((p) => (p.sha256 ? [{ name: p.name, sha256: p.sha256() }] : [])) },
  };
}

function rate(a: AdapterReport): string {
  const t = a.components.href;
  return t.compared === 0 ? '-' : percent(t.agreed, t.compared);
}

/** `--against build:DIR`: a url-grammar built in DIR (another checkout or version of it). */
export const BUILD_PREFIX = 'build:';

export interface Build {
  /** As asked for: "build:DIR". */
  name: string;
  /** The folder, absolute. */
  dir: string;
  /** The version in its package.json. */
  version: string;
}

/**
 * The build `build:DIR` names, or a usage error (exit 2) in one line when DIR does not hold a built
 * url-grammar: a package.json of url-grammar and the module its "main" names (dist/, after npm
 * install or npm run build there).
 */
export function resolveBuild(name: string): Build {
  const given = name.slice(BUILD_PREFIX.length);
  if (given === '') throw usage(`${name} names no folder: --against build:DIR, DIR a checkout of url-grammar with its dist/ built`);
  const dir = resolve(given);
  const why = (reason: string) => usage(`--against ${name}: ${dir} does not hold a built url-grammar (${reason})`);
  let pkg: { name?: unknown; version?: unknown; main?: unknown };
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as typeof pkg;
  } catch (e) {
    throw why(`no readable package.json: ${(e as Error).message.split('\n')[0]}`);
  }
  if (pkg.name !== 'url-grammar') throw why(`its package.json names ${JSON.stringify(pkg.name ?? null)}, not url-grammar`);
  const main = join(dir, typeof pkg.main === 'string' ? pkg.main : 'index.js');
  if (!existsSync(main)) throw why(`no ${relative(dir, main).split('\\').join('/')}: build it there first (npm install, or npm run build)`);
  return { name, dir, version: typeof pkg.version === 'string' ? pkg.version : 'unknown' };
}

/** "changes against build DIR (url-grammar 0.1.0 in /abs/DIR)". */
function buildHeading(b: Build): string {
  return terminalText(`changes against build ${b.name.slice(BUILD_PREFIX.length)} (url-grammar ${b.version} in ${b.dir})`);
}

/**
 * The text output's first section when builds are compared: for each, what moved between this build
 * (the reference) and that one, component by component ("ours" below is this build, "theirs" that).
 */
export function formatBuildChanges(report: { adapters: readonly AdapterReport[] }, builds: readonly Build[], pc: Colors = createColors(false)): string {
  const lines: string[] = [];
  for (const b of builds) {
    const a = report.adapters.find((r) => r.name === b.name);
    if (!a) continue;
    lines.push(pc.bold(buildHeading(b)));
    if (!a.available || a.answered === 0) {
      lines.push(`  no answers from that build${terminalText(a.unavailable ? `: ${a.unavailable}` : a.adapterErrorMessages[0] ? `: ${a.adapterErrorMessages[0].message}` : '')}`);
      continue;
    }
    const moved = COMPONENTS.map((k) => [k, a.components[k].compared - a.components[k].agreed] as const).filter(([, n]) => n > 0);
    lines.push(moved.length === 0 ? `  nothing moved: every answer of ${fmt(a.answered)} cases is the same` : `  moved: ${moved.map(([k, n]) => `${k} ${fmt(n)}`).join(', ')} (of ${fmt(a.answered)} cases; "ours" below is this build, "theirs" that one)`);
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n\n';
}
