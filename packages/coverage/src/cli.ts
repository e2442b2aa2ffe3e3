// `url-grammar coverage [--corpus FILE]... [--json] [--report out.html]`: what a corpus
// exercises of the URL Standard as url-grammar's rules say it (src/measure.ts), printed with
// what is not exercised first. `url-grammar coverage --write-corpus FILE`: the generated
// conformance corpus (src/generate.ts), in urltestdata.json's format.
//
//   (no --corpus)  the WPT URL data this package ships (urltestdata, setters, toascii, IdnaTestV2)
//   --corpus       a file in one of the WPT formats, or text with one "input" or
//                  "input<TAB>base" a line ("-": standard input); repeatable
//   --json         the whole report as JSON on standard output
//   --report       also writes the report as one HTML page (.html) or as JSON (.json), through the
//                  core's safe writer; a file that cannot be written is found before the run
//   --write-corpus writes the generated corpus to FILE (replacing it), and says on standard error
//                  what it holds and which targets it found no input for (exit 1 if any)
//   --fuzz N       instead: the validity fuzzer (src/fuzz.ts) on N inputs drawn from the grammar
//                  (--seed S: the same seed, the same inputs), as text or with --json; streamed
//                  (the inputs are drawn, examined and forgotten one at a time: bounded memory for
//                  any N up to 10,000,000), with a count of those examined on a terminal
//   --corpus lines and cases longer than 256 Ki UTF-16 code units are skipped and counted
//
// Exit status: 0 when the report is made (or the corpus written with an input for every target);
// 1 when --write-corpus found no input for some target; 2 for bad arguments, a corpus that cannot
// be read or is not in a format this reads, or a file that cannot be written.

import { checkWritable, printable, usageError, writeFileSafely, type CliIO, type CommandSpec } from 'url-grammar/cli';
import { defaultCorpus, readCorpus, type Corpus } from './corpus';
import { fuzz, fuzzText } from './fuzz';
import { corpusFileText, generateCorpus } from './generate';
import { measure } from './measure';
import { htmlReport, textReport } from './report';

interface CoverageOptions {
  corpus?: string[];
  json?: boolean;
  report?: string;
  writeCorpus?: string;
  fuzz?: string;
  seed?: string;
}

/** A whole number from `min` to `max` given to `option`, or a usage error. */
function wholeNumber(text: string, option: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw usageError(`${option} ${printable(JSON.stringify(text))}: a whole number from ${min} to ${max}`);
  return Number(text);
}

/** The system's reason for a failed read, in words (ENOENT: "no such file or directory"). */
function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const m = /^[A-Z]+: (.*?)(, \w+ .*)?$/.exec(err.message ?? '');
  return m ? m[1] : String(err.message ?? e);
}

/** The corpora named on the command line, read through `io` (usage errors, one line each, for what cannot be read). */
export function readCorpora(files: readonly string[], io: CliIO): Corpus[] {
  return files.map((file) => {
    let bytes: Uint8Array;
    try {
      bytes = io.readFile(file);
    } catch (e) {
      throw usageError(`cannot read the corpus ${printable(file)}: ${reason(e)}`);
    }
    try {
      return readCorpus(bytes, file === '-' ? 'standard input' : file);
    } catch (e) {
      throw usageError(printable((e as Error).message));
    }
  });
}

function reportFormat(file: string): 'html' | 'json' {
  if (/\.html?$/i.test(file)) return 'html';
  if (/\.json$/i.test(file)) return 'json';
  throw usageError(`--report ${printable(file)}: the file's name says its format: .html or .json`);
}

/** --write-corpus: the generated corpus, written whole (or not at all); its summary on standard error. */
function writeGeneratedCorpus(file: string, io: CliIO): void {
  checkWritable(file, { replace: true });
  const corpus = generateCorpus();
  writeFileSafely(file, corpusFileText(corpus), { replace: true });
  const purposes = corpus.cases.flatMap((c) => c.purposes);
  const count = (kind: string) => purposes.filter((p) => p.kind === kind).length;
  io.err(`${printable(file)}: ${corpus.cases.length} cases: ${count('error')} for validation error types, ${count('writing')} for writing rules, ${count('branch')} for branches the WPT data leaves unexercised\n`);
  for (const m of corpus.missing) io.err(`no input found for ${m}\n`);
  io.setExitCode(corpus.missing.length ? 1 : 0);
}

export const command: CommandSpec = {
  name: 'coverage',
  description: 'what a corpus exercises of the URL Standard as the grammar says it: every branch of the URL, host and writing grammars, every validation error type, state override and writing rule',
  arguments: [],
  options: {
    corpus: {
      type: 'string',
      value: '<file>',
      multiple: true,
      description: 'the cases: a WPT file (urltestdata.json, setters_tests.json, toascii.json or IdnaTestV2.json format), or text with one "input" or "input<TAB>base" a line; "-" is standard input (repeatable; default: the WPT URL data the package ships)',
    },
    json: { type: 'boolean', description: 'print the whole report as JSON' },
    report: { type: 'string', value: '<file>', description: 'also write the report to a file: .html (one self-contained page) or .json' },
    fuzz: { type: 'string', value: '<n>', description: 'instead: the validity fuzzer on n inputs drawn from the grammar, grouped by the writing rule or validation error on which parser-validity and writing-validity disagree' },
    seed: { type: 'string', value: '<n>', description: 'the seed of --fuzz (default 1): the same seed, the same inputs' },
    'write-corpus': {
      type: 'string',
      value: '<file>',
      description: 'instead: write the generated conformance corpus (urltestdata.json format): an input for every validation error type, every writing rule and every branch the WPT data leaves unexercised',
    },
  },
  run(_args, options, io) {
    const opts = options as CoverageOptions;
    if (opts.seed !== undefined && opts.fuzz === undefined) throw usageError('--seed goes with --fuzz');
    if (opts.fuzz !== undefined) {
      if (opts.corpus || opts.report !== undefined || opts.writeCorpus !== undefined) throw usageError('--fuzz goes alone (or with --seed and --json): its inputs are drawn from the grammar');
      // (on a terminal, how far it has got: --fuzz 10000000 examines some 120 million inputs)
      const progress = io.progressStream;
      const report = fuzz({
        count: wholeNumber(opts.fuzz, '--fuzz', 1, 10_000_000),
        seed: opts.seed === undefined ? 1 : wholeNumber(opts.seed, '--seed', 0, 2 ** 31 - 1),
        ...(progress ? { onProgress: (n: number) => void progress.write(`\rcoverage --fuzz: ${n.toLocaleString('en-US')} inputs examined`) } : {}),
      });
      if (progress) progress.write('\r\u001b[K');
      io.out(opts.json ? JSON.stringify(report, null, 1) + '\n' : fuzzText(report, printable));
      io.setExitCode(0);
      return;
    }
    if (opts.writeCorpus !== undefined) {
      if (opts.corpus || opts.json || opts.report !== undefined) throw usageError('--write-corpus goes alone: the corpus it writes is measured against the WPT data the package ships');
      writeGeneratedCorpus(opts.writeCorpus, io);
      return;
    }
    const format = opts.report === undefined ? null : reportFormat(opts.report);
    // a report that cannot be written is found before the run, not after it
    if (opts.report !== undefined) checkWritable(opts.report, { replace: true });
    const corpora = opts.corpus && opts.corpus.length ? readCorpora(opts.corpus, io) : defaultCorpus();
    const report = measure(corpora);
    if (opts.report !== undefined) writeFileSafely(opts.report, format === 'html' ? htmlReport(report) : JSON.stringify(report, null, 1) + '\n', { replace: true });
    io.out(opts.json ? JSON.stringify(report, null, 1) + '\n' : textReport(report, printable));
    io.setExitCode(0);
  },
};
