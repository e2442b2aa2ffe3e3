// Where a report comes from, so that a finding can be cited and checked: when it was made, by which
// url-grammar (its version and commit), with which command, on which system, against which parsers
// (each one's version), which text of the URL Standard (the whatwg/url commit url-grammar
// implements, ./spec) and which corpus (its SHA-256). Every report carries it (--json as
// `provenance`, --report .html, .md and .csv in their header) with a block ready to cite.
//
// The corpus's SHA-256 is that of its cases written as JSON lines, `{"input": …, "base": …}` each
// (JSON.stringify, in the order they were compared, a newline after each): the form --corpus-format
// jsonl reads, so a corpus written out so hashes to the same value whatever files it came from, and
// a generated corpus (--generate) has one too. Each file it read has its own SHA-256 as well, of its
// bytes.

import { createHash, type Hash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { arch, release, type } from 'node:os';
import type { CompareCase } from './compare';

/**
 * The version of the reports' format: what --json holds and how the documents are made from it.
 * Raised with every change of either, so that a report made before says so (the committed zoo
 * report's test compares it, docs/zoo/).
 */
export const REPORT_FORMAT = 2;

/** The repository url-grammar is developed in (its package.json's). */
export const REPOSITORY = 'https://github.com/url-grammar/url-grammar';

export interface ParserProvenance {
  name: string;
  /** What the parser is, with its versions (the adapter's or the built-in's); null when unknown. */
  version: string | null;
}

export interface Provenance {
  /** REPORT_FORMAT of the code that made it. */
  format: number;
  /** When the run ended, ISO 8601 in UTC. */
  date: string;
  /** url-grammar (the reference) and @url-grammar/compare: their versions, and the commit of the checkout they ran from. */
  urlGrammar: { version: string; compare: string; commit: string | null; modified: boolean };
  /** The command line that makes the same report. */
  command: string;
  /** The operating system, and the Node that ran compare. */
  os: string;
  node: string;
  /** Every parser compared, the reference first. */
  parsers: ParserProvenance[];
  /** The text of the URL Standard url-grammar implements: whatwg/url at this commit. */
  spec: { commit: string; url: string };
  /** The corpus: its cases, their SHA-256 (see the top of this file), and each file's. */
  corpus: { cases: number; sha256: string; files: Array<{ name: string; sha256: string }> };
}

/** The SHA-256 of a corpus, fed one case at a time in order. */
export class CorpusHash {
  private readonly hash: Hash = createHash('sha256');
  cases = 0;
  add(c: CompareCase): void {
    this.hash.update(`${JSON.stringify({ input: c.input, base: c.base })}\n`);
    this.cases++;
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** The hex SHA-256 of some bytes. */
export const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** A word for a shell: as it is when it holds nothing a shell reads, otherwise in single quotes. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=,@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/** The operating system in words: the distribution's name (os-release) and the kernel's. */
export function osText(): string {
  let pretty: string | null = null;
  try {
    const m = /^PRETTY_NAME=(.*)$/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (m) pretty = m[1].replace(/^"(.*)"$/, '$1');
  } catch {
    // not Linux, or no os-release
  }
  const kernel = `${type()} ${release()} ${arch()}`;
  return pretty ? `${pretty} (${kernel})` : kernel;
}

/**
 * The commit of the git checkout `dir` is in, and whether its tracked files differ from it; null
 * when it is not in one (an installed package) or git cannot say.
 */
export function gitCommit(dir: string): { commit: string; modified: boolean } | null {
  try {
    const run = (args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    const commit = run(['rev-parse', 'HEAD']).trim();
    if (!/^[0-9a-f]{40}$/.test(commit)) return null;
    const modified = run(['status', '--porcelain', '--untracked-files=no']).trim() !== '';
    return { commit, modified };
  } catch {
    return null;
  }
}

/** A date as the citation gives it: the day, in UTC. */
const day = (iso: string) => iso.slice(0, 10);

/**
 * The block to cite a report by: one paragraph in words, then a BibTeX entry, both from the
 * provenance alone (the same report, the same block).
 */
export function citation(p: Provenance): { text: string; bibtex: string } {
  const commit = p.urlGrammar.commit ? ` at commit ${p.urlGrammar.commit.slice(0, 12)}${p.urlGrammar.modified ? ' (with local changes)' : ''}` : '';
  const parsers = p.parsers.slice(1).map((x) => (x.version ? `${x.name} (${x.version})` : x.name));
  const text =
    `url-grammar compare: ${p.corpus.cases.toLocaleString('en-US')} cases (corpus SHA-256 ${p.corpus.sha256}) compared with the URL Standard as url-grammar ${p.urlGrammar.version}${commit} implements it (whatwg/url ${p.spec.commit}), ` +
    `against ${parsers.length === 0 ? 'no other parser' : parsers.join(', ')}; ${day(p.date)}, ${p.os}, Node ${p.node}. ${REPOSITORY}. Command: ${p.command}`;
  const key = `url-grammar-compare-${day(p.date)}-${p.corpus.sha256.slice(0, 8)}`;
  const bib = (s: string) => s.replace(/[{}\\]/g, (c) => `\\${c}`);
  const bibtex = [
    `@misc{${key},`,
    `  title = {{url-grammar compare}: ${bib(p.corpus.cases.toLocaleString('en-US'))} cases against the {URL} {Standard} (whatwg/url ${bib(p.spec.commit)})},`,
    `  author = {{url-grammar contributors}},`,
    `  year = {${p.date.slice(0, 4)}},`,
    `  howpublished = {\\url{${REPOSITORY}${p.urlGrammar.commit ? `/tree/${p.urlGrammar.commit}` : ''}}},`,
    `  note = {url-grammar ${bib(p.urlGrammar.version)}${bib(commit)}; ${bib(day(p.date))}; corpus SHA-256 ${p.corpus.sha256}; ${bib(p.os)}; command: ${bib(p.command)}},`,
    '}',
  ].join('\n');
  return { text, bibtex };
}

/** The provenance in lines of "what: value", for a document's header (the date, the versions, the command, the system, the spec, the corpus). */
export function provenanceLines(p: Provenance): Array<[string, string]> {
  const commit = p.urlGrammar.commit ? `commit ${p.urlGrammar.commit}${p.urlGrammar.modified ? ' (with local changes)' : ''}` : 'no commit (not run from a git checkout)';
  return [
    ['date', p.date],
    ['url-grammar', `${p.urlGrammar.version} (@url-grammar/compare ${p.urlGrammar.compare}), ${commit}`],
    ['command', p.command],
    ['system', `${p.os}, Node ${p.node}`],
    ['parsers', p.parsers.map((x) => `${x.name} (${x.version ?? 'version unknown'})`).join('; ')],
    ['URL Standard', `whatwg/url ${p.spec.commit} (${p.spec.url})`],
    ['corpus', `${p.corpus.cases.toLocaleString('en-US')} cases, SHA-256 ${p.corpus.sha256}${p.corpus.files.length > 0 ? ` (${p.corpus.files.map((f) => `${f.name}: SHA-256 ${f.sha256}`).join('; ')})` : ''}`],
    ['report format', String(p.format)],
  ];
}
