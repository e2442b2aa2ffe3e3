// `url-grammar lint <paths...|-> [options]`: find the URLs of text, Markdown and HTML files and
// report each URL with validation errors (one finding per URL, listing every error), as it is found:
//   text   `file:line:column: [warning ]types message <url>` (text-report.ts), line and column
//          1-based, the column counted in UTF-16 code units (as ESLint counts them); then the
//          summary `N errors in M files (F files linted)` on standard error, so that standard
//          output holds only findings
//   json   one JSON array of findings; jsonl one finding per line; sarif one SARIF 2.1.0 log for
//          the whole run
// Paths: files, folders (walked), quoted globs (expanded), "!pattern" to leave files out; files.ts
// says which files and what is skipped (.gitignore, node_modules, the config's "ignores",
// --ignore-pattern). "-" reads standard input (saying so on standard error when it is a terminal).
// No path at all is a usage error (exit 2, the help on standard error), as it is for ESLint without
// a flat config and for markdownlint-cli2: a CI step `url-grammar lint $FILES` whose variable came
// out empty, or `url-grammar lint < /dev/null`, must not pass by linting nothing.
// The configuration file (.url-grammar.jsonc, .url-grammar.json or package.json's "url-grammar"
// key, found upward: config.ts) sets ignores, a severity per error type, the base. Disable
// comments in the documents turn findings off (disable.ts), unless --no-inline-config.
// The habits of ESLint's command line, with its meanings: --quiet (errors only: warnings are neither
// shown nor counted, but with --max-warnings they are still counted for it, and under --fix a
// warning's URL is not fixed), --max-warnings N (exit 1 past N warnings; -1, the default, no limit),
// -o/--output-file (what would go to standard output goes to the file instead, through the core's
// safe writer), --color/--no-color, --print-config <file>, --version.
// Files are read as streams (CliIO.openRead), in bounded memory; --fix reads each file twice (the
// findings, then the rewrite with the fixes, through CliIO.writeStream), --fix-dry-run reads each
// file whole (it shows the rewrite as a unified diff). --fix writes through the core's safe writer
// (url-grammar/cli's write.ts, behind processIO): a new file beside the old, its mode and owner
// kept, a symbolic link's target rewritten, a file with other hard links refused. The first pass
// notes what the file is (fstat of the descriptor it reads) and a digest of its bytes; the second
// must read the same file with the same bytes, and the writer checks the file is still that one
// before it replaces it: an edit between the passes, or another --fix run on the same file, makes
// this one refuse (`error: cannot write <file>: it changed since it was read; not rewritten`)
// rather than write text made from the old content. A refused file's fixes count as not made.
// After --fix the summary counts what is left: the findings whose URL was fixed are not in it.
// File names and arguments in messages go through `printable`: a name cannot forge a line.
//
//   exit 0: no error left (warnings do not count, unless there are more than --max-warnings);
//   1: at least one error left, or more warnings than --max-warnings; 2: bad arguments (no path, an
//   empty file name among them: nothing is linted), a bad configuration file, a file that cannot
//   be read or written (the output file too), a file that is not text (not valid UTF-8, or with
//   NUL bytes and no BOM: it is still linted, ./encoding), or a folder or glob with nothing to
//   lint (the other files are still linted)
// A file is read in the encoding its BOM names (UTF-8, UTF-16LE, UTF-16BE), else as UTF-8; --fix
// rewrites UTF-8 files only (a UTF-16 file's fixes are said not made).

import { createHash, type Hash } from 'node:crypto';
import { resolve, sep } from 'node:path';
import { fixesPatch } from './patch';
import { parseURL, VALIDATION_ERRORS, type ValidationErrorType } from 'url-grammar';
import { changedSinceRead, commandHelp, createColors, printable, quoted, sameIdentity, systemReason, toWriteError, usageError, useColor, type CliIO, type CommandSpec, type FileIdentity } from 'url-grammar/cli';
import { applyFixes, kindFromPath, lintText, type LeftOut, type LintDiagnostic, type LintFix, type SourceKind } from './lint';
import { decodeDocument, encodingOfBOM, notTextMessage, type NotText, type TextEncodingName } from './encoding';
import { MAX_ATTRIBUTES } from './html';
import { lintBytes } from './run';
import { ConfigError, loadConfig, severityFrom, severityOf, type LintConfig } from './config';
import { expandArguments, IgnoreRules, readSmallFile, usableIgnorePattern, type SmallFileError } from './files';
import { FileSuppressions, formatSuppressions, leftOver, MAX_SUPPRESSIONS_BYTES, parseSuppressions, SUPPRESSIONS_FILE, SuppressionsError, updatedCounts, type SuppressionCounts } from './suppressions';
import { rewriteWithFixes } from './rewrite';
import { jsonlReporter, jsonReporter, OUTPUT_FORMATS, sarifReporter, shownFileName, summary, type Reporter } from './formats';
import { shownURL, textReporter } from './text-report';

const KINDS = ['auto', 'text', 'markdown', 'html', 'js'] as const;

export type { LintRecord } from './formats';

interface LintCommandOptions {
  format: string;
  base?: string;
  kind: string;
  fix?: boolean;
  fixDryRun?: boolean;
  config?: string;
  noConfig?: boolean;
  rule?: string[];
  quiet?: boolean;
  maxWarnings?: string;
  ignorePattern?: string[];
  noGitignore?: boolean;
  noInlineConfig?: boolean;
  outputFile?: string;
  color?: boolean;
  noColor?: boolean;
  printConfig?: string;
  version?: boolean;
  showSkipped?: boolean;
  suppressAll?: boolean;
  pruneSuppressions?: boolean;
  suppressionsLocation?: string;
  passOnUnprunedSuppressions?: boolean;
}

/** The configuration for this run: --config, or the nearest file upward, or none (--no-config); --rule and --no-gitignore on top. */
function configuration(opts: LintCommandOptions): LintConfig {
  if (opts.config !== undefined && opts.noConfig) throw usageError('--config and --no-config do not go together');
  let config: LintConfig;
  try {
    config = loadConfig(process.cwd(), opts.noConfig ? null : opts.config);
  } catch (e) {
    if (e instanceof ConfigError) throw usageError(`the configuration file ${e.message}`);
    throw e;
  }
  for (const r of opts.rule ?? []) {
    const m = /^([A-Za-z0-9-]+)=(.*)$/.exec(r);
    if (!m || !Object.prototype.hasOwnProperty.call(VALIDATION_ERRORS, m[1])) throw usageError(`--rule wants <validation error type>=error|warning|off, not ${quoted(r)}`);
    // (ESLint's numbers come as digits here)
    const severity = severityFrom(/^[0-2]$/.test(m[2]) ? Number(m[2]) : m[2]);
    if (severity === null) throw usageError(`--rule ${m[1]}: the severity is error, warning (or warn) or off (or 2, 1, 0), not ${quoted(m[2])}`);
    config.rules[m[1] as ValidationErrorType] = severity;
  }
  if (opts.noGitignore) config.gitignore = false;
  return config;
}

/** --max-warnings: a whole number, -1 for no limit (ESLint's default). */
function maxWarnings(text: string | undefined): number {
  if (text === undefined) return -1;
  if (!/^(-1|0|[1-9][0-9]{0,8})$/.test(text)) throw usageError(`--max-warnings wants a whole number (-1: no limit), not ${quoted(text)}`);
  return Number(text);
}

/** Checks patterns of --ignore-pattern or of "!" arguments: the `ignore` package must be able to use each. */
function checkPatterns(patterns: readonly string[], what: (p: string) => string): void {
  for (const p of patterns) {
    if (p.trim() === '' || p.trim().startsWith('#')) throw usageError(`${what(p)}: an empty pattern (or a comment) leaves nothing out`);
    if (!usableIgnorePattern(p)) throw usageError(`${what(p)}: this pattern cannot be used as an ignore rule`);
  }
}

/** One line for a file that cannot be read. */
function readError(e: unknown): string {
  // (a system message may hold the file's name)
  return systemReason(e) ?? printable((e instanceof Error ? e.message : String(e)).split('\n')[0]);
}

/** Whether `e` is the core's WriteError (by name: this package may hold another copy of the core). */
function isWriteError(e: unknown): e is Error & { reason: string } {
  return e instanceof Error && e.name === 'WriteError' && typeof (e as { reason?: unknown }).reason === 'string';
}

/** What the first pass of --fix saw: the file's identity (when the IO tells it) and its bytes' digest. */
interface FirstRead {
  identity?: FileIdentity;
  digest: string;
}

/** `chunks` passed on unchanged, each also fed to `hash`. */
async function* hashed(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, hash: Hash): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

async function* single(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** This package's version (SARIF names it as the tool's; --version prints it) and its README (the homepage: SARIF's informationUri). */
function packageInfo(): { version: string; homepage?: string } {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { version, homepage } = require('../package.json') as { version: string; homepage?: unknown };
    return { version, ...(typeof homepage === 'string' ? { homepage } : {}) };
  } catch {
    return { version: 'unknown' };
  }
}

/**
 * Where the report goes: standard output, or with -o the file, written through the IO's safe
 * writer (a new file beside it, which takes its name when the report is whole: an existing file is
 * never left half-written). Streamed when the IO can (writeStream), kept whole otherwise.
 */
interface Sink {
  out(s: string): void;
  /** Waits for what was written so far (the reader's or the disk's backpressure). */
  drained?(): Promise<void>;
  /** Finishes the file; throws a WriteError when it cannot be written. */
  close(): Promise<void>;
  /** Gives up (the run failed): the file is left as it was. */
  abort(): void;
}

function outputSink(io: CliIO, file: string | undefined): Sink {
  if (file === undefined) return { out: (s) => io.out(s), drained: io.drained ? () => io.drained!() : undefined, close: async () => undefined, abort: () => undefined };
  const writing = (e: unknown) => (isWriteError(e) ? e : toWriteError(file, e));
  if (io.writeStream) {
    let w: ReturnType<NonNullable<CliIO['writeStream']>>;
    try {
      w = io.writeStream(file);
    } catch (e) {
      throw writing(e);
    }
    let failed: unknown = null;
    let last: Promise<void> = Promise.resolve();
    return {
      out(s) {
        if (failed) return;
        try {
          const r = w.write(s);
          // (the writer keeps the pieces in order: only the latest needs waiting for)
          if (r) last = r.catch((e) => void (failed ??= e));
        } catch (e) {
          failed ??= e;
        }
      },
      drained: () => last,
      async close() {
        await last;
        if (failed) {
          w.abort?.();
          throw writing(failed);
        }
        await w.end().catch((e) => Promise.reject(writing(e)));
      },
      abort: () => w.abort?.(),
    };
  }
  if (!io.writeFile) throw usageError('--output-file: this command line cannot write files');
  const parts: string[] = [];
  return {
    out: (s) => void parts.push(s),
    async close() {
      try {
        io.writeFile!(file, parts.join(''));
      } catch (e) {
        throw writing(e);
      }
    },
    abort: () => undefined,
  };
}

/** --print-config: the configuration that applies to `file`, as JSON. */
function printedConfig(file: string, config: LintConfig, opts: LintCommandOptions, excludes: string[]): object {
  const cwd = process.cwd();
  const rules: Record<string, string> = {};
  for (const type of Object.keys(VALIDATION_ERRORS)) rules[type] = severityOf(config.rules, type);
  const ignoreRules = new IgnoreRules({ cwd, ignores: config.ignores, ignoreRoot: config.root, gitignore: config.gitignore, ignorePatterns: opts.ignorePattern, excludes });
  const path = resolve(cwd, file);
  return {
    file,
    configFile: config.file,
    kind: opts.kind !== 'auto' ? opts.kind : file === '-' ? 'text' : kindFromPath(file),
    // whether a walk or a glob passes over it (a file named on the command line is linted anyway)
    ignored: file !== '-' && ignoreRules.ignored(path, false),
    ignores: config.ignores,
    ignorePatterns: opts.ignorePattern ?? [],
    gitignore: config.gitignore,
    base: opts.base ?? config.base ?? null,
    inlineConfig: !opts.noInlineConfig,
    rules,
  };
}

export const command: CommandSpec = {
  name: 'lint',
  description: 'find the URLs in text, Markdown and HTML files and report their validation errors',
  arguments: [
    {
      name: 'paths',
      description:
        'files, folders (walked for .md, .html and .txt files) or quoted globs; "-": standard input; "!pattern": leave out what the pattern matches (.gitignore syntax). .md/.markdown are Markdown, .html/.htm HTML, .js/.ts (.mjs, .cjs, .mts, .cts) JavaScript (string literals and comments), the rest text',
      variadic: true,
    },
  ],
  options: {
    format: { type: 'string', value: '<format>', description: OUTPUT_FORMATS.join(', '), default: 'text' },
    base: { type: 'string', value: '<url>', description: 'resolve relative link targets against this URL (without it they are not checked)' },
    kind: { type: 'string', value: '<kind>', description: `${KINDS.join(', ')} (auto: from the file name; standard input is text)`, default: 'auto' },
    config: { type: 'string', value: '<file>', description: 'the configuration file (default: the nearest .url-grammar.jsonc, .url-grammar.json or package.json with a "url-grammar" key, upward)' },
    'no-config': { type: 'boolean', description: 'read no configuration file' },
    'print-config': { type: 'string', value: '<file>', description: 'print the configuration that applies to this file, as JSON, and lint nothing' },
    rule: { type: 'string', value: '<type=severity>', multiple: true, description: 'a severity for one validation error type: error, warning (warn) or off, or 2, 1, 0 (repeatable; over the configuration file)' },
    'ignore-pattern': { type: 'string', value: '<pattern>', multiple: true, description: 'leave out of walks and globs what this .gitignore pattern matches, relative to the working directory (repeatable)' },
    'no-gitignore': { type: 'boolean', description: 'do not skip what .gitignore files ignore' },
    'no-inline-config': { type: 'boolean', description: 'obey no url-grammar-disable comment in the documents' },
    quiet: { type: 'boolean', description: 'report errors only: warnings are not shown, nor counted (but for --max-warnings)' },
    'max-warnings': { type: 'string', value: '<n>', description: 'exit 1 when there are more than n warnings (-1: no limit)', default: '-1' },
    fix: { type: 'boolean', description: 'replace each URL by its serialization where that is safe, in place' },
    'fix-dry-run': { type: 'boolean', description: 'print the changes --fix would make, as a unified diff, and change nothing' },
    'output-file': { type: 'string', value: '<file>', short: 'o', description: 'write the report to this file (replaced if it exists) instead of standard output' },
    color: { type: 'boolean', description: 'colour the text output (default: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it)' },
    'no-color': { type: 'boolean', description: 'do not colour the text output' },
    'suppress-all': { type: 'boolean', description: `record every error found in the suppressions file (${SUPPRESSIONS_FILE}): later runs report only new ones` },
    'prune-suppressions': { type: 'boolean', description: 'lower the suppressions file\'s counts to the errors left' },
    'suppressions-location': { type: 'string', value: '<file>', description: `the suppressions file (default: ${SUPPRESSIONS_FILE} in the working directory)` },
    'pass-on-unpruned-suppressions': { type: 'boolean', description: 'do not exit 2 when the suppressions file counts errors that are gone' },
    'show-skipped': { type: 'boolean', description: 'list on standard error what looked like a URL but was skipped as a likely template, pattern or escape (the summary counts them)' },
    version: { type: 'boolean', description: "print this package's version" },
  },
  async run(args, options, io) {
    const given = (args.paths as string[] | undefined) ?? [];
    const opts = options as unknown as LintCommandOptions;
    const { version, homepage } = packageInfo();
    if (opts.version) {
      io.out(version + '\n');
      return;
    }
    if (!(OUTPUT_FORMATS as readonly string[]).includes(opts.format)) {
      throw usageError(`unknown format ${quoted(opts.format)} (expected ${OUTPUT_FORMATS.join(', ')})`);
    }
    if (!(KINDS as readonly string[]).includes(opts.kind)) {
      throw usageError(`unknown kind ${quoted(opts.kind)} (expected ${KINDS.join(', ')})`);
    }
    if (opts.color && opts.noColor) throw usageError('--color and --no-color do not go together');
    if (opts.outputFile === '') throw usageError('--output-file: an empty file name');
    const limit = maxWarnings(opts.maxWarnings);
    checkPatterns(opts.ignorePattern ?? [], (p) => `--ignore-pattern ${quoted(p)}`);
    // "!pattern" arguments leave files out; the others are what to lint
    const excludes = given.filter((a) => a.startsWith('!')).map((a) => a.slice(1));
    checkPatterns(excludes, (p) => `the argument ${quoted('!' + p)}`);
    const files = given.filter((a) => !a.startsWith('!'));
    const config = configuration(opts);
    const baseText = opts.base ?? config.base;
    const base = baseText === undefined ? undefined : parseURL(baseText);
    if (base === null) throw usageError(`the base URL does not parse: ${quoted(baseText ?? '')}${opts.base === undefined ? ` (in ${shownFileName(config.file ?? '')})` : ''}`);
    if (opts.printConfig !== undefined) {
      if (files.length > 0) throw usageError('--print-config takes its one file as its value: give no paths to lint with it');
      if (opts.printConfig === '') throw usageError('--print-config: an empty file name');
      const sink = outputSink(io, opts.outputFile);
      sink.out(JSON.stringify(printedConfig(opts.printConfig, config, opts, excludes), null, 2) + '\n');
      await sink.close();
      return;
    }
    const fixing = opts.fix === true || opts.fixDryRun === true;
    if (opts.fix && opts.fixDryRun) throw usageError('--fix and --fix-dry-run do not go together');
    // an empty argument names no file (a variable that expanded to nothing, say): it is refused
    // before anything is linted, rather than reported as a file that cannot be read
    const empty = given.indexOf('');
    if (empty !== -1) throw usageError(`an empty file name (file argument ${empty + 1} of ${given.length}): name a file, or "-" for standard input`);
    if (files.length === 0) {
      // (the help is several lines: written here, not as a one-line usage error)
      io.err(`error: no path to lint${given.length ? ' (only "!" patterns, which leave files out)' : ''}: name files, folders or globs, or "-" for standard input\n\n${commandHelp(command)}`);
      io.setExitCode(2);
      return;
    }
    if (opts.fix && files.includes('-')) throw usageError('--fix rewrites files: it cannot take standard input');
    if (opts.fixDryRun && opts.format !== 'text') throw usageError('--fix-dry-run prints a diff: it goes with --format text only');

    const suppressions = loadSuppressions(io, opts);
    const expanded = expandArguments(files, { cwd: process.cwd(), ignores: config.ignores, ignoreRoot: config.root, gitignore: config.gitignore, ignorePatterns: opts.ignorePattern, excludes });
    // the report's destination is opened before anything is linted: a path that cannot be written
    // is said at once, not after the whole run
    const sink = outputSink(io, opts.outputFile);
    // colour: as asked, else never in a file, else as the IO says (a terminal, NO_COLOR, FORCE_COLOR)
    const pc = createColors(opts.color ? true : opts.noColor || opts.outputFile !== undefined ? false : useColor(io));
    const out = opts.fixDryRun ? (s: string) => io.err(s) : (s: string) => sink.out(s);
    const reporter: Reporter =
      opts.format === 'json' ? jsonReporter(out) : opts.format === 'jsonl' ? jsonlReporter(out) : opts.format === 'sarif' ? sarifReporter(out, { version, informationUri: homepage }) : textReporter(out, { showFixes: fixing, color: pc });
    const fixes = fixing || opts.format !== 'text';
    // what the finders skipped as likely templates, patterns or escapes: counted, and listed with --show-skipped
    let skipped = 0;
    const leftOut = (shown: string) => (l: LeftOut) => {
      skipped++;
      if (opts.showSkipped) io.err(`${shown}:${l.line}:${l.column}: skipped (${l.reason}) ${shownURL(l.text)}\n`);
    };
    const lintOptions = (kind: SourceKind, shown: string) => ({ kind, base, fixes, rules: config.rules, directives: !opts.noInlineConfig, leftOut: leftOut(shown) });
    const afterChunk = sink.drained ? () => sink.drained!() : undefined;

    let unreadable = false;
    let unwritten = false;
    // a file not all text (not valid UTF-8, or NUL bytes with no BOM): exit status 2
    let undecodable = false;
    // what the summary counts: every finding reported, less, after --fix, those whose URL was fixed
    let errors = 0;
    let warnings = 0;
    let filesWithErrors = 0;
    // what the exit status counts: the errors and the warnings left (after --fix or --fix-dry-run,
    // those whose URL has no fix), the warnings --quiet hides too
    let errorsLeft = 0;
    let warningsLeft = 0;
    let fixedURLs = 0;
    let linted = 0;
    // the suppressions: findings left out, and each linted file's errors by type
    let suppressedFindings = 0;
    const foundByFile = new Map<string, ReadonlyMap<string, number>>();
    try {
      for (const arg of expanded) {
        if (arg.problem) {
          io.err(`error: ${shownFileName(arg.argument)}: ${printable(arg.problem)}\n`);
          unreadable = true;
        }
        for (const path of arg.files) {
          const name = path === '-' ? '<stdin>' : path;
          // the name as messages print it (as the text format does)
          const shown = shownFileName(name);
          const kind: SourceKind = opts.kind !== 'auto' ? (opts.kind as SourceKind) : path === '-' ? 'text' : kindFromPath(path);
          // this file's findings: reported, the warnings among them, those with a fix, and the warnings --quiet hid
          const tally = { found: 0, warnings: 0, fixable: 0, fixableWarnings: 0, hidden: 0 };
          const applied = new Map<number, LintFix>();
          // a finding: reported (and its fix kept) unless --quiet hides it
          const take = (d: LintDiagnostic) => {
            const warning = d.severity === 'warning';
            if (warning && opts.quiet) {
              tally.hidden++;
              return;
            }
            reporter.report(name, d);
            tally.found++;
            if (warning) tally.warnings++;
            if (fixing && d.fix) {
              tally.fixable++;
              if (warning) tally.fixableWarnings++;
              applied.set(d.fix.start, d.fix);
            }
          };
          // through the file's suppressions, when there is a suppressions file or one is being made
          const key = suppressionKey(name);
          const gate = suppressions && path !== '-' ? new FileSuppressions(suppressions.counts.get(key) ?? new Map(), take, opts.suppressAll === true) : null;
          const emit = gate ? (d: LintDiagnostic) => gate.push(d) : take;
          const finish = () => {
            if (!gate) return;
            suppressedFindings += gate.end();
            foundByFile.set(key, gate.found);
          };
          // whether the fixes were made (--fix) or would be (--fix-dry-run)
          let fixed = false;
          // bytes that are not text (./encoding): said, and the exit status 2, the findings still reported
          const notTextFile = (why: NotText, encoding: TextEncodingName) => {
            io.err(`${shown}: ${notTextMessage(why, encoding)}\n`);
            undecodable = true;
          };
          // what was left out of an HTML document, said (html.ts MAX_ATTRIBUTES)
          const sayTruncated = (tags: number | undefined) => {
            if (tags) io.err(`${shown}: ${tags} tag${tags === 1 ? '' : 's'} with more than ${MAX_ATTRIBUTES.toLocaleString('en-US')} attributes: the rest of ${tags === 1 ? 'it' : 'each'} not read\n`);
          };
          try {
            if (opts.fixDryRun) {
              const bytes = io.readFile(path);
              const { text, encoding, notText } = decodeDocument(bytes);
              if (notText) notTextFile(notText, encoding);
              for (const d of lintText(text, { ...lintOptions(kind, shown), fixes: true })) emit(d);
              finish();
              fixed = true;
              const fixedText = applyFixes(text, [...applied.values()]);
              if (fixedText !== text) {
                fixedURLs += applied.size;
                // the BOM the decoder dropped is shown as the file has it: the diff does not change it
                const bom = encodingOfBOM(bytes) ? '\uFEFF' : '';
                sink.out(fixesPatch(name, name, bom + text, [...applied.values()], bom.length));
              }
            } else if (opts.fix) {
              // first pass: the findings and their fixes, streamed, and what the file is; second pass:
              // the rewrite, of that same file
              const hash = createHash('sha256');
              const first: FirstRead = { digest: '' };
              const r = await lintBytes(
                hashed(io.openRead ? io.openRead(path, (identity) => (first.identity = identity)) : single(io.readFile(path)), hash),
                { ...lintOptions(kind, shown), fixes: true },
                emit,
                notTextFile,
                afterChunk,
              );
              finish();
              first.digest = hash.digest('hex');
              sayTruncated(r.truncatedTags);
              if (applied.size > 0) {
                if (!r.valid) {
                  // what would have been fixed is left, and counts
                  io.err(`${shown}: not rewritten (${r.notText === 'nul' ? 'not text in UTF-8' : 'not valid UTF-8'})\n`);
                } else if (r.encoding !== 'utf-8') {
                  io.err(`${shown}: not rewritten (${r.encoding === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE'}: --fix writes UTF-8 files only)\n`);
                } else {
                  try {
                    await rewrite(io, path, [...applied.values()], first);
                    fixedURLs += applied.size;
                    fixed = true;
                  } catch (e) {
                    if (!isWriteError(e)) throw e;
                    // the findings stand (they were reported); the fixes were not made, and count
                    io.err(`error: cannot write ${shown}: ${e.reason}\n`);
                    unwritten = true;
                  }
                }
              }
            } else {
              if (path === '-' && io.stdinIsTTY) io.err('url-grammar lint: reading standard input (end it with Ctrl-D)\n');
              const chunks = io.openRead ? io.openRead(path) : single(io.readFile(path));
              const r = await lintBytes(chunks, lintOptions(kind, shown), emit, notTextFile, afterChunk);
              finish();
              sayTruncated(r.truncatedTags);
            }
          } catch (e) {
            if (e instanceof Error && e.name === 'UsageError') throw e;
            io.err(`error: cannot read ${shown}: ${readError(e)}\n`);
            unreadable = true;
            continue;
          }
          linted++;
          const gone = fixed ? tally.fixable : 0;
          const goneWarnings = fixed ? tally.fixableWarnings : 0;
          errorsLeft += tally.found - tally.warnings - (gone - goneWarnings);
          warningsLeft += tally.warnings - goneWarnings + tally.hidden;
          // the summary: after --fix, what is left; otherwise (--fix-dry-run too: nothing changed) all
          const counted = opts.fix ? tally.found - gone : tally.found;
          errors += counted;
          warnings += opts.fix ? tally.warnings - goneWarnings : tally.warnings;
          if (counted > 0) filesWithErrors++;
        }
      }
    } catch (e) {
      // (an internal error: no half report is left under the output file's name, nor a new file beside it)
      sink.abort();
      throw e;
    }
    const totals = { errors, warnings, filesWithErrors, files: linted, ...(opts.fix ? { fixed: fixedURLs } : {}), ...(skipped ? { skipped } : {}), ...(suppressedFindings ? { suppressed: suppressedFindings } : {}) };
    const suppressionsFailed = suppressions ? finishSuppressions(io, opts, suppressions, foundByFile) : false;
    reporter.end(totals);
    let outputFailed = false;
    try {
      await sink.close();
    } catch (e) {
      if (!isWriteError(e)) throw e;
      io.err(`error: cannot write ${shownFileName(opts.outputFile ?? '')}: ${e.reason}\n`);
      outputFailed = true;
    }
    // (nothing linted and a path that could not be: its one-line error says it all)
    if (opts.format === 'text' && !(unreadable && linted === 0)) io.err(summary(totals) + '\n');
    const tooManyWarnings = limit >= 0 && warningsLeft > limit;
    if (tooManyWarnings) io.err(`url-grammar lint found too many warnings (${warningsLeft}; maximum: ${limit})\n`);
    io.setExitCode(unreadable || unwritten || outputFailed || suppressionsFailed || undecodable ? 2 : errorsLeft > 0 || tooManyWarnings ? 1 : 0);
  },
};

/** The suppressions of a run: the file's place, whether it was there, and its counts. */
interface RunSuppressions {
  file: string;
  counts: SuppressionCounts;
}

/** `name` as a key of the suppressions file: as lint shows it, with "/". */
function suppressionKey(name: string): string {
  return sep === '/' ? name : name.split(sep).join('/');
}

/** The suppressions file of this run, or null when there is none and none is being made. */
function loadSuppressions(io: CliIO, opts: LintCommandOptions): RunSuppressions | null {
  if (opts.suppressAll && opts.pruneSuppressions) throw usageError('--suppress-all and --prune-suppressions do not go together');
  if (opts.suppressionsLocation === '') throw usageError('--suppressions-location: an empty file name');
  const file = resolve(process.cwd(), opts.suppressionsLocation ?? SUPPRESSIONS_FILE);
  const named = shownFileName(opts.suppressionsLocation ?? SUPPRESSIONS_FILE);
  let text: string;
  try {
    text = readSmallFile(file, MAX_SUPPRESSIONS_BYTES);
  } catch (e) {
    const code = (e as SmallFileError).code;
    if (code !== 'ENOENT') throw usageError(`the suppressions file ${named} ${(e as Error).message}`);
    if (opts.pruneSuppressions) throw usageError(`--prune-suppressions: there is no suppressions file ${named}`);
    return opts.suppressAll ? { file, counts: new Map() } : null;
  }
  try {
    return { file, counts: parseSuppressions(text, (t) => Object.prototype.hasOwnProperty.call(VALIDATION_ERRORS, t)) };
  } catch (e) {
    if (e instanceof SuppressionsError) throw usageError(`the suppressions file ${named} ${e.message}`);
    throw e;
  }
}

/**
 * After a run: with --suppress-all or --prune-suppressions, writes the new counts through the
 * safe writer; otherwise says when the file counts errors that are gone. Returns whether that
 * makes the run fail (exit 2).
 */
function finishSuppressions(io: CliIO, opts: LintCommandOptions, s: RunSuppressions, found: ReadonlyMap<string, ReadonlyMap<string, number>>): boolean {
  const named = shownFileName(opts.suppressionsLocation ?? SUPPRESSIONS_FILE);
  if (opts.suppressAll || opts.pruneSuppressions) {
    const text = formatSuppressions(updatedCounts(s.counts, found, opts.suppressAll ? 'all' : 'prune'));
    if (!io.writeFile) throw usageError('the suppressions file: this command line cannot write files');
    try {
      io.writeFile(s.file, text);
    } catch (e) {
      io.err(`error: cannot write ${named}: ${isWriteError(e) ? e.reason : readError(e)}\n`);
      return true;
    }
    return false;
  }
  let files = 0;
  for (const [file, counts] of s.counts) if (found.has(file) && leftOver(counts, found.get(file)!).length > 0) files++;
  if (files === 0) return false;
  io.err(`${named} counts errors that are gone from ${files} file${files === 1 ? '' : 's'}: run with --prune-suppressions to lower its counts${opts.passOnUnprunedSuppressions ? '' : ' (or --pass-on-unpruned-suppressions)'}\n`);
  return !opts.passOnUnprunedSuppressions;
}

/**
 * Rewrites `path` with `fixes`: piece by piece through CliIO.writeStream, or whole through
 * writeFile. The file read again must be the one `first` read (the same identity, the same bytes),
 * and the writer is told to expect it still: otherwise a WriteError, and nothing is written.
 */
async function rewrite(io: CliIO, path: string, fixes: LintFix[], first: FirstRead): Promise<void> {
  const hash = createHash('sha256');
  const again = hashed(
    io.openRead
      ? io.openRead(path, (identity) => {
          if (first.identity && !sameIdentity(identity, first.identity)) throw changedSinceRead(path);
        })
      : single(io.readFile(path)),
    hash,
  );
  const unchanged = () => {
    if (hash.digest('hex') !== first.digest) throw changedSinceRead(path);
  };
  // what the writing throws is a write error, whatever the IO made of it; what the reading
  // throws stays a read error
  const writing = (e: unknown) => (isWriteError(e) ? e : toWriteError(path, e));
  if (io.writeStream) {
    const w = (() => {
      try {
        return io.writeStream(path, first.identity);
      } catch (e) {
        throw writing(e);
      }
    })();
    const put = (text: string): void | Promise<void> => {
      let r: void | Promise<void>;
      try {
        r = w.write(text);
      } catch (e) {
        throw writing(e);
      }
      return r ? r.catch((e) => Promise.reject(writing(e))) : undefined;
    };
    try {
      await rewriteWithFixes(again, fixes, put);
      unchanged();
      await w.end().catch((e) => Promise.reject(writing(e)));
    } catch (e) {
      w.abort?.();
      throw e;
    }
    return;
  }
  if (!io.writeFile) throw new Error('this IO cannot write files');
  const parts: string[] = [];
  await rewriteWithFixes(again, fixes, (t) => void parts.push(t));
  unchanged();
  try {
    io.writeFile(path, parts.join(''), first.identity);
  } catch (e) {
    throw writing(e);
  }
}
