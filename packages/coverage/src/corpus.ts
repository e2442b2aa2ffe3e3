// The inputs a coverage run measures: URL inputs (with their base URL) and setter calls, read
// from the formats of the web-platform-tests URL data and from plain text.
//
//   urltestdata.json      [{ input, base, ... }, "comment", ...]: each input with its base
//   setters_tests.json    { attribute: [{ href, new_value, ... }] }: each href as a URL input,
//                         and the setter call
//   toascii.json,         [{ input, output }]: a host, as WPT runs it: new URL("https://" + input
//   IdnaTestV2.json         + "/x"); toascii.json's also through the host and hostname setters
//   text                  one case a line: "input" or "input<TAB>base" (as url-grammar compare reads)

import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The URL API setters that run the basic URL parser with a state override. */
export const SETTERS = ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
export type Setter = (typeof SETTERS)[number];

export type Case =
  | { kind: 'url'; input: string; base: string | null }
  | { kind: 'setter'; href: string; setter: Setter; value: string };

export interface Corpus {
  /** The file's name (for the report). */
  name: string;
  cases: Case[];
  /** Entries of the file that are not a case of any kind this reads (counted, not fatal). */
  skipped: number;
  /** Cases left out for their size: a string of one longer than MAX_CASE_LENGTH (counted, not fatal). */
  tooLong?: number;
}

/**
 * The longest string a case may hold (its input, base, href or setter value), in UTF-16 code units:
 * 256 Ki. Measuring a case costs some 700 bytes of memory for each unit while it is traced (a
 * 1 Mi input: 770 MB; a 9 MB one ended the process), and a longer input exercises no rule a
 * shorter one does not: a longer case is left out and counted, as compare skips lines over 1 MiB.
 */
export const MAX_CASE_LENGTH = 1 << 18;

/** Whether a string of `c` is longer than MAX_CASE_LENGTH. */
function tooLong(c: Case): boolean {
  if (c.kind === 'url') return c.input.length > MAX_CASE_LENGTH || (c.base !== null && c.base.length > MAX_CASE_LENGTH);
  return c.href.length > MAX_CASE_LENGTH || c.value.length > MAX_CASE_LENGTH;
}

/** `corpus` without the cases too long to measure (MAX_CASE_LENGTH), counted in `tooLong`. */
function bounded(corpus: Corpus): Corpus {
  let over = 0;
  const cases: Case[] = [];
  for (const c of corpus.cases) {
    if (tooLong(c)) over++;
    else cases.push(c);
  }
  return over === 0 ? corpus : { ...corpus, cases, tooLong: (corpus.tooLong ?? 0) + over };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A host of toascii.json or IdnaTestV2.json as WPT runs it. */
const hostURL = (host: string) => `https://${host}/x`;

/** The cases of a parsed JSON document in one of the WPT formats; throws an Error saying what is wrong otherwise. */
export function casesFromJSON(data: unknown, name: string): Corpus {
  const cases: Case[] = [];
  let skipped = 0;
  if (Array.isArray(data)) {
    const objects = data.filter(isObject);
    // toascii.json and IdnaTestV2.json: { input, output } and never a base
    const hosts = objects.length > 0 && objects.every((o) => 'output' in o && !('base' in o));
    for (const entry of data) {
      if (typeof entry === 'string') continue; // a comment
      if (!isObject(entry) || typeof entry.input !== 'string') {
        skipped++;
        continue;
      }
      if (hosts) {
        cases.push({ kind: 'url', input: hostURL(entry.input), base: null });
        // toascii.json's hosts go through the host and hostname setters too (IdnaTestV2's do not in WPT)
        if (/^toascii/i.test(basename(name))) {
          for (const setter of ['host', 'hostname'] as const) cases.push({ kind: 'setter', href: 'https://x/x', setter, value: entry.input });
        }
      } else {
        const base = entry.base;
        if (base !== undefined && base !== null && typeof base !== 'string') {
          skipped++;
          continue;
        }
        cases.push({ kind: 'url', input: entry.input, base: base ?? null });
      }
    }
    return { name, cases, skipped };
  }
  if (isObject(data)) {
    let any = false;
    for (const [attribute, tests] of Object.entries(data)) {
      if (attribute === 'comment' || !Array.isArray(tests)) continue;
      any = true;
      for (const t of tests) {
        if (!isObject(t) || typeof t.href !== 'string' || typeof t.new_value !== 'string') {
          skipped++;
          continue;
        }
        cases.push({ kind: 'url', input: t.href, base: null });
        if ((SETTERS as readonly string[]).includes(attribute)) cases.push({ kind: 'setter', href: t.href, setter: attribute as Setter, value: t.new_value });
      }
    }
    if (any) return { name, cases, skipped };
  }
  throw new Error(`${name} is JSON, but not in a format of the WPT URL data (urltestdata.json, setters_tests.json, toascii.json, IdnaTestV2.json)`);
}

/** One case a line: "input", or "input<TAB>base"; empty lines are skipped, and lines longer than MAX_CASE_LENGTH counted in `tooLong`. */
export function casesFromText(text: string, name: string): Corpus {
  const cases: Case[] = [];
  let over = 0;
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const next = end + 1;
    if (end > at && text.charCodeAt(end - 1) === 13) end--;
    // (a line too long is never sliced out of the text)
    if (end - at > 2 * MAX_CASE_LENGTH + 1) over++;
    else if (end > at) {
      const line = text.slice(at, end);
      const tab = line.indexOf('\t');
      const c: Case = tab < 0 ? { kind: 'url', input: line, base: null } : { kind: 'url', input: line.slice(0, tab), base: line.slice(tab + 1) };
      if (tooLong(c)) over++;
      else cases.push(c);
    }
    at = next;
  }
  return over === 0 ? { name, cases, skipped: 0 } : { name, cases, skipped: 0, tooLong: over };
}

/** A corpus file's content: JSON when it parses as JSON (or its name ends in .json), text otherwise. */
export function readCorpus(bytes: Uint8Array, name: string): Corpus {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const trimmed = text.trimStart();
  if (name.endsWith('.json') || trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      if (name.endsWith('.json')) throw new Error(`${name} is not JSON: ${(e as Error).message}`);
      return casesFromText(text, name);
    }
    return bounded(casesFromJSON(data, name));
  }
  return casesFromText(text, name);
}

/** The WPT files the package ships as its default corpus (dist/corpus/). */
export const DEFAULT_CORPUS_FILES = ['urltestdata.json', 'setters_tests.json', 'toascii.json', 'IdnaTestV2.json'] as const;

/** Where the shipped WPT files are: dist/corpus/, seen from dist/ (built) or from src/ (the sources, under ts-node). */
export function defaultCorpusDir(): string {
  const candidates = [join(__dirname, 'corpus'), join(__dirname, '..', 'dist', 'corpus')];
  const dir = candidates.find((d) => existsSync(join(d, DEFAULT_CORPUS_FILES[0])));
  if (!dir) throw new Error('the WPT corpus is not built (dist/corpus/ of @url-grammar/coverage): run npm run build');
  return dir;
}

/** The default corpus: the WPT URL data the package ships. */
export function defaultCorpus(): Corpus[] {
  const dir = defaultCorpusDir();
  return DEFAULT_CORPUS_FILES.map((f) => readCorpus(readFileSync(join(dir, f)), f));
}
