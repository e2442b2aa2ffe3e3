// `url-grammar lint [paths...|-] [--format text|json|jsonl|sarif] [--base <url>] [--kind ...]
// [--config <file> | --no-config] [--rule <type>=<severity>] [--fix | --fix-dry-run]`: find the URLs
// of text, Markdown and HTML files and report each validation error, as it is found:
//   text   `file:line:column: type message` (warnings marked), line and column 1-based, the column
//          counted in UTF-16 code units (as ESLint counts them); then the summary `N errors in M
//          files (F files linted)` on standard error, so that standard output holds only findings
//   json   one JSON array of findings; jsonl one finding per line; sarif one SARIF 2.1.0 log for
//          the whole run
// Paths: files, folders (walked), quoted globs (expanded); files.ts says which files and what is
// skipped (.gitignore, node_modules, the config's "ignores"). "-", or no path, reads standard
// input (saying so on standard error when it is a terminal). The configuration file
// (.url-grammar.json, found upward: config.ts) sets ignores, a severity per error type, the base.
// Disable comments in the documents turn findings off (disable.ts).
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
// File names and arguments in messages go through `printable`: a name cannot forge a line.
//
//   exit 0: no error left (warnings do not count); 1: at least one; 2: bad arguments (an empty
//   file name among them: nothing is linted), a bad configuration file, a file that cannot be read
//   or written, or a folder or glob with nothing to lint (the other files are still linted)

import { createHash, type Hash } from 'node:crypto';
import { fixesPatch } from './patch';
import { parseURL, VALIDATION_ERRORS } from 'url-grammar';
import { changedSinceRead, createColors, printable, quoted, sameIdentity, systemReason, toWriteError, usageError, useColor, type CliIO, type CommandSpec, type FileIdentity } from 'url-grammar/cli';
import { applyFixes, decodeUTF8, kindFromPath, lintText, type LintDiagnostic, type LintFix, type SourceKind } from './lint';
import { lintBytes } from './run';
import { ConfigError, loadConfig, SEVERITIES, type LintConfig, type Severity } from './config';
import { expandArguments } from './files';
import { rewriteWithFixes, startsWithBOM } from './rewrite';
import { jsonlReporter, jsonReporter, OUTPUT_FORMATS, sarifReporter, shownFileName, summary, textReporter, type Reporter } from './formats';

const KINDS = ['auto', 'text', 'markdown', 'html'] as const;

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
}

/** The configuration for this run: --config, or the nearest file upward, or none (--no-config); --rule on top. */
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
    if (!m || !(VALIDATION_ERRORS as Record<string, unknown>)[m[1]]) throw usageError(`--rule wants <validation error type>=error|warning|off, not ${quoted(r)}`);
    if (!(SEVERITIES as readonly string[]).includes(m[2])) throw usageError(`--rule ${m[1]}: the severity is error, warning or off, not ${quoted(m[2])}`);
    config.rules[m[1] as keyof typeof config.rules] = m[2] as Severity;
  }
  return config;
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

/** This package's version (SARIF names it as the tool's). */
function packageVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export const command: CommandSpec = {
  name: 'lint',
  description: 'find the URLs in text, Markdown and HTML files and report their validation errors',
  arguments: [
    {
      name: 'paths',
      description: 'files, folders (walked for .md, .html and .txt files) or quoted globs; "-" or none: standard input. .md/.markdown are Markdown, .html/.htm HTML, the rest text',
      variadic: true,
    },
  ],
  options: {
    format: { type: 'string', value: '<format>', description: OUTPUT_FORMATS.join(', '), default: 'text' },
    base: { type: 'string', value: '<url>', description: 'resolve relative link targets against this URL (without it they are not checked)' },
    kind: { type: 'string', value: '<kind>', description: `${KINDS.join(', ')} (auto: from the file name; standard input is text)`, default: 'auto' },
    config: { type: 'string', value: '<file>', description: 'the configuration file (default: the nearest .url-grammar.json upward)' },
    'no-config': { type: 'boolean', description: 'read no configuration file' },
    rule: { type: 'string', value: '<type=severity>', multiple: true, description: 'a severity for one validation error type: error, warning or off (repeatable; over the configuration file)' },
    fix: { type: 'boolean', description: 'replace each URL by its serialization where that is safe, in place' },
    'fix-dry-run': { type: 'boolean', description: 'print the changes --fix would make, as a unified diff, and change nothing' },
  },
  async run(args, options, io) {
    const files = (args.paths as string[] | undefined) ?? [];
    const opts = options as unknown as LintCommandOptions;
    const version = packageVersion();
    if (!(OUTPUT_FORMATS as readonly string[]).includes(opts.format)) {
      throw usageError(`unknown format ${quoted(opts.format)} (expected ${OUTPUT_FORMATS.join(', ')})`);
    }
    if (!(KINDS as readonly string[]).includes(opts.kind)) {
      throw usageError(`unknown kind ${quoted(opts.kind)} (expected ${KINDS.join(', ')})`);
    }
    const config = configuration(opts);
    const baseText = opts.base ?? config.base;
    const base = baseText === undefined ? undefined : parseURL(baseText);
    if (base === null) throw usageError(`the base URL does not parse: ${quoted(baseText ?? '')}${opts.base === undefined ? ` (in ${shownFileName(config.file ?? '')})` : ''}`);
    const fixing = opts.fix === true || opts.fixDryRun === true;
    if (opts.fix && opts.fixDryRun) throw usageError('--fix and --fix-dry-run do not go together');
    // an empty argument names no file (a variable that expanded to nothing, say): it is refused
    // before anything is linted, rather than reported as a file that cannot be read
    const empty = files.indexOf('');
    if (empty !== -1) throw usageError(`an empty file name (file argument ${empty + 1} of ${files.length}): name a file, or "-" for standard input`);
    if (opts.fix && (files.length === 0 || files.includes('-'))) throw usageError('--fix rewrites files: it cannot take standard input');
    if (opts.fixDryRun && opts.format !== 'text') throw usageError('--fix-dry-run prints a diff: it goes with --format text only');

    const expanded = expandArguments(files.length === 0 ? ['-'] : files, { cwd: process.cwd(), ignores: config.ignores, ignoreRoot: config.root, gitignore: config.gitignore });
    const pc = createColors(useColor(io));
    const out = opts.fixDryRun ? (s: string) => io.err(s) : (s: string) => io.out(s);
    const reporter: Reporter =
      opts.format === 'json' ? jsonReporter(out) : opts.format === 'jsonl' ? jsonlReporter(out) : opts.format === 'sarif' ? sarifReporter(out, { version }) : textReporter(out, { showFixes: fixing, color: pc });
    const fixes = fixing || opts.format !== 'text';
    const lintOptions = (kind: SourceKind) => ({ kind, base, fixes, rules: config.rules });

    let unreadable = false;
    let unwritten = false;
    let errors = 0;
    let warnings = 0;
    let remaining = 0;
    let filesWithErrors = 0;
    let fixedURLs = 0;
    let linted = 0;
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
        let found = 0;
        const count = (d: LintDiagnostic) => {
          found++;
          if (d.severity === 'warning') warnings++;
          else if (!(fixing && d.fix)) remaining++;
        };
        try {
          if (opts.fixDryRun) {
            const bytes = io.readFile(path);
            const { text, valid } = decodeUTF8(bytes);
            if (!valid) io.err(`${shown}: not valid UTF-8 (decoded with U+FFFD)\n`);
            const ds = lintText(text, { ...lintOptions(kind), fixes: true });
            const applied = new Map<number, LintFix>();
            for (const d of ds) {
              reporter.report(name, d);
              count(d);
              if (d.fix) applied.set(d.fix.start, d.fix);
            }
            const fixed = applyFixes(text, [...applied.values()]);
            if (fixed !== text) {
              fixedURLs += applied.size;
              // the BOM the decoder dropped is shown as the file has it: the diff does not change it
              const bom = startsWithBOM(bytes) ? '\uFEFF' : '';
              io.out(fixesPatch(name, name, bom + text, [...applied.values()], bom.length));
            }
          } else if (opts.fix) {
            // first pass: the findings and their fixes, streamed, and what the file is; second pass:
            // the rewrite, of that same file
            const applied = new Map<number, LintFix>();
            const hash = createHash('sha256');
            const first: FirstRead = { digest: '' };
            const r = await lintBytes(
              hashed(io.openRead ? io.openRead(path, (identity) => (first.identity = identity)) : single(io.readFile(path)), hash),
              { ...lintOptions(kind), fixes: true },
              (d: LintDiagnostic) => {
                reporter.report(name, d);
                count(d);
                if (d.fix) applied.set(d.fix.start, d.fix);
              },
              () => io.err(`${shown}: not valid UTF-8 (decoded with U+FFFD)\n`),
              io.drained ? () => io.drained!() : undefined,
            );
            first.digest = hash.digest('hex');
            if (applied.size > 0) {
              if (!r.valid) {
                io.err(`${shown}: not rewritten (not valid UTF-8)\n`);
                // what would have been fixed is left, and counts
                remaining += applied.size;
              } else {
                try {
                  await rewrite(io, path, [...applied.values()], first);
                  fixedURLs += applied.size;
                } catch (e) {
                  if (!isWriteError(e)) throw e;
                  // the findings stand (they were reported); the fixes were not made, and count
                  io.err(`error: cannot write ${shown}: ${e.reason}\n`);
                  remaining += applied.size;
                  unwritten = true;
                }
              }
            }
          } else {
            if (path === '-' && io.stdinIsTTY) io.err('url-grammar lint: reading standard input (end it with Ctrl-D)\n');
            const chunks = io.openRead ? io.openRead(path) : single(io.readFile(path));
            await lintBytes(
              chunks,
              lintOptions(kind),
              (d: LintDiagnostic) => {
                reporter.report(name, d);
                count(d);
              },
              () => io.err(`${shown}: not valid UTF-8 (decoded with U+FFFD)\n`),
              io.drained ? () => io.drained!() : undefined,
            );
          }
        } catch (e) {
          if (e instanceof Error && e.name === 'UsageError') throw e;
          io.err(`error: cannot read ${shown}: ${readError(e)}\n`);
          unreadable = true;
          continue;
        }
        linted++;
        errors += found;
        if (found > 0) filesWithErrors++;
      }
    }
    const totals = { errors, warnings, filesWithErrors, files: linted, ...(opts.fix ? { fixed: fixedURLs } : {}) };
    reporter.end(totals);
    // (nothing linted and a path that could not be: its one-line error says it all)
    if (opts.format === 'text' && !(unreadable && linted === 0)) io.err(summary(totals) + '\n');
    io.setExitCode(unreadable || unwritten ? 2 : remaining > 0 ? 1 : 0);
  },
};

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
