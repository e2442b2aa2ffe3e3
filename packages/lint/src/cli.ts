// `url-grammar lint [files...|-] [--format text|json|jsonl|sarif] [--base <url>] [--kind ...]
// [--fix | --fix-dry-run]`: find the URLs of text, Markdown and HTML files (this package says
// which) and report each validation error, as it is found:
//   text   `file:line:column: type message`, line and column 1-based, the column counted in UTF-16
//          code units (as ESLint counts them); then the summary `N errors in M files (F files
//          linted)` on standard error, so that standard output holds only the findings
//   json   one JSON array of findings; jsonl one finding per line; sarif SARIF 2.1.0
// "-", or no file, reads standard input (saying so on standard error when it is a terminal).
// Files are read as streams (CliIO.openRead), in bounded memory, except with --fix and --fix-dry-run, which read
// each file whole (they rewrite it, or show the rewrite as a unified diff).
//
//   exit 0: no validation error (left); 1: at least one; 2: bad arguments (an empty file name
//   among them: nothing is linted) or a file that cannot be read (the other files are still linted)

import { createTwoFilesPatch } from 'diff';
import { parseURL } from 'url-grammar';
import { createColors, usageError, useColor, type CliIO, type CommandSpec } from 'url-grammar/cli';
import { applyFixes, decodeUTF8, kindFromPath, lintText, type LintDiagnostic, type LintFix, type SourceKind } from './lint';
import { lintBytes } from './run';
import { jsonlReporter, jsonReporter, OUTPUT_FORMATS, sarifReporter, summary, textReporter, type Reporter } from './formats';

const KINDS = ['auto', 'text', 'markdown', 'html'] as const;

export type { LintRecord } from './formats';

interface LintCommandOptions {
  format: string;
  base?: string;
  kind: string;
  fix?: boolean;
  fixDryRun?: boolean;
}

/** One line for a file that cannot be read. */
function readError(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  const known: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'is a directory',
    ENOTDIR: 'not a directory',
  };
  if (typeof code === 'string' && Object.prototype.hasOwnProperty.call(known, code)) return known[code];
  const message = e instanceof Error ? e.message : String(e);
  return message.split('\n')[0];
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
  arguments: [{ name: 'files', description: 'the files ("-" or none: standard input); .md/.markdown are Markdown, .html/.htm HTML, the rest text', variadic: true }],
  options: {
    format: { type: 'string', value: '<format>', description: OUTPUT_FORMATS.join(', '), default: 'text' },
    base: { type: 'string', value: '<url>', description: 'resolve relative link targets against this URL (without it they are not checked)' },
    kind: { type: 'string', value: '<kind>', description: `${KINDS.join(', ')} (auto: from the file name; standard input is text)`, default: 'auto' },
    fix: { type: 'boolean', description: 'replace each URL by its serialization where that is safe, in place' },
    'fix-dry-run': { type: 'boolean', description: 'print the changes --fix would make, as a unified diff, and change nothing' },
  },
  async run(args, options, io) {
    const files = (args.files as string[] | undefined) ?? [];
    const opts = options as unknown as LintCommandOptions;
    const version = packageVersion();
    if (!(OUTPUT_FORMATS as readonly string[]).includes(opts.format)) {
      throw usageError(`unknown format ${JSON.stringify(opts.format)} (expected ${OUTPUT_FORMATS.join(', ')})`);
    }
    if (!(KINDS as readonly string[]).includes(opts.kind)) {
      throw usageError(`unknown kind ${JSON.stringify(opts.kind)} (expected ${KINDS.join(', ')})`);
    }
    const base = opts.base === undefined ? undefined : parseURL(opts.base);
    if (base === null) throw usageError(`the base URL does not parse: ${JSON.stringify(opts.base)}`);
    const fixing = opts.fix === true || opts.fixDryRun === true;
    if (opts.fix && opts.fixDryRun) throw usageError('--fix and --fix-dry-run do not go together');
    // an empty argument names no file (a variable that expanded to nothing, say): it is refused
    // before anything is linted, rather than reported as a file that cannot be read
    const empty = files.indexOf('');
    if (empty !== -1) throw usageError(`an empty file name (file argument ${empty + 1} of ${files.length}): name a file, or "-" for standard input`);
    const paths = files.length === 0 ? ['-'] : files;
    if (opts.fix && paths.includes('-')) throw usageError('--fix rewrites files: it cannot take standard input');
    if (opts.fixDryRun && opts.format !== 'text') throw usageError('--fix-dry-run prints a diff: it goes with --format text only');

    const pc = createColors(useColor(io));
    const out = opts.fixDryRun ? (s: string) => io.err(s) : (s: string) => io.out(s);
    const reporter: Reporter =
      opts.format === 'json' ? jsonReporter(out) : opts.format === 'jsonl' ? jsonlReporter(out) : opts.format === 'sarif' ? sarifReporter(out, { version }) : textReporter(out, { showFixes: fixing, color: pc });
    const fixes = fixing || opts.format !== 'text';

    let unreadable = false;
    let errors = 0;
    let remaining = 0;
    let filesWithErrors = 0;
    let fixedURLs = 0;
    let linted = 0;
    for (const path of paths) {
      const name = path === '-' ? '<stdin>' : path;
      const kind: SourceKind = opts.kind !== 'auto' ? (opts.kind as SourceKind) : path === '-' ? 'text' : kindFromPath(path);
      let found = 0;
      try {
        if (fixing) {
          const bytes = io.readFile(path);
          const { text, valid } = decodeUTF8(bytes);
          if (!valid) io.err(`${name}: not valid UTF-8 (decoded with U+FFFD)\n`);
          const ds = lintText(text, { kind, base, fixes: true });
          const applied = new Map<number, LintFix>();
          for (const d of ds) {
            reporter.report(name, d);
            if (d.fix) applied.set(d.fix.start, d.fix);
            else remaining++;
          }
          found = ds.length;
          const fixed = applyFixes(text, [...applied.values()]);
          if (fixed !== text) {
            fixedURLs += applied.size;
            if (opts.fix) {
              if (!valid) io.err(`${name}: not rewritten (not valid UTF-8)\n`);
              else if (!io.writeFile) throw new Error('this IO cannot write files');
              else io.writeFile(path, fixed);
            } else {
              io.out(createTwoFilesPatch(name, name, text, fixed));
            }
          }
        } else {
          if (path === '-' && io.stdinIsTTY) io.err('url-grammar lint: reading standard input (end it with Ctrl-D)\n');
          const chunks = io.openRead ? io.openRead(path) : single(io.readFile(path));
          const r = await lintBytes(
            chunks,
            { kind, base, fixes },
            (d: LintDiagnostic) => reporter.report(name, d),
            () => io.err(`${name}: not valid UTF-8 (decoded with U+FFFD)\n`),
            io.drained ? () => io.drained!() : undefined,
          );
          found = r.diagnostics;
          remaining += found;
        }
      } catch (e) {
        if (e instanceof Error && e.name === 'UsageError') throw e;
        io.err(`error: cannot read ${name}: ${readError(e)}\n`);
        unreadable = true;
        continue;
      }
      linted++;
      errors += found;
      if (found > 0) filesWithErrors++;
    }
    const totals = { errors, filesWithErrors, files: linted, ...(opts.fix ? { fixed: fixedURLs } : {}) };
    reporter.end(totals);
    if (opts.format === 'text') io.err(summary(totals) + '\n');
    io.setExitCode(unreadable ? 2 : remaining > 0 ? 1 : 0);
  },
};
