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
// file whole (it shows the rewrite as a unified diff).
//
//   exit 0: no error left (warnings do not count); 1: at least one; 2: bad arguments (an empty
//   file name among them: nothing is linted), a bad configuration file, a file that cannot be read
//   or a folder or glob with nothing to lint (the other files are still linted)

import { createTwoFilesPatch } from 'diff';
import { parseURL, VALIDATION_ERRORS } from 'url-grammar';
import { createColors, usageError, useColor, type CliIO, type CommandSpec } from 'url-grammar/cli';
import { applyFixes, decodeUTF8, kindFromPath, lintText, type LintDiagnostic, type LintFix, type SourceKind } from './lint';
import { lintBytes } from './run';
import { ConfigError, loadConfig, SEVERITIES, type LintConfig, type Severity } from './config';
import { expandArguments } from './files';
import { rewriteWithFixes, startsWithBOM } from './rewrite';
import { jsonlReporter, jsonReporter, OUTPUT_FORMATS, sarifReporter, summary, textReporter, type Reporter } from './formats';

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
    if (!m || !(VALIDATION_ERRORS as Record<string, unknown>)[m[1]]) throw usageError(`--rule wants <validation error type>=error|warning|off, not ${JSON.stringify(r)}`);
    if (!(SEVERITIES as readonly string[]).includes(m[2])) throw usageError(`--rule ${m[1]}: the severity is error, warning or off, not ${JSON.stringify(m[2])}`);
    config.rules[m[1] as keyof typeof config.rules] = m[2] as Severity;
  }
  return config;
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
      throw usageError(`unknown format ${JSON.stringify(opts.format)} (expected ${OUTPUT_FORMATS.join(', ')})`);
    }
    if (!(KINDS as readonly string[]).includes(opts.kind)) {
      throw usageError(`unknown kind ${JSON.stringify(opts.kind)} (expected ${KINDS.join(', ')})`);
    }
    const config = configuration(opts);
    const baseText = opts.base ?? config.base;
    const base = baseText === undefined ? undefined : parseURL(baseText);
    if (base === null) throw usageError(`the base URL does not parse: ${JSON.stringify(baseText)}${opts.base === undefined ? ` (in ${config.file})` : ''}`);
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
    let errors = 0;
    let warnings = 0;
    let remaining = 0;
    let filesWithErrors = 0;
    let fixedURLs = 0;
    let linted = 0;
    for (const arg of expanded) {
      if (arg.problem) {
        io.err(`error: ${arg.argument}: ${arg.problem}\n`);
        unreadable = true;
      }
      for (const path of arg.files) {
        const name = path === '-' ? '<stdin>' : path;
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
            if (!valid) io.err(`${name}: not valid UTF-8 (decoded with U+FFFD)\n`);
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
              io.out(createTwoFilesPatch(name, name, bom + text, bom + fixed));
            }
          } else if (opts.fix) {
            // first pass: the findings and their fixes, streamed; second pass: the rewrite
            const applied = new Map<number, LintFix>();
            const r = await lintBytes(
              io.openRead ? io.openRead(path) : single(io.readFile(path)),
              { ...lintOptions(kind), fixes: true },
              (d: LintDiagnostic) => {
                reporter.report(name, d);
                count(d);
                if (d.fix) applied.set(d.fix.start, d.fix);
              },
              () => io.err(`${name}: not valid UTF-8 (decoded with U+FFFD)\n`),
              io.drained ? () => io.drained!() : undefined,
            );
            if (applied.size > 0) {
              if (!r.valid) {
                io.err(`${name}: not rewritten (not valid UTF-8)\n`);
                // what would have been fixed is left, and counts
                remaining += [...applied.values()].length;
              } else {
                fixedURLs += applied.size;
                await rewrite(io, path, [...applied.values()]);
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
              () => io.err(`${name}: not valid UTF-8 (decoded with U+FFFD)\n`),
              io.drained ? () => io.drained!() : undefined,
            );
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
    }
    const totals = { errors, warnings, filesWithErrors, files: linted, ...(opts.fix ? { fixed: fixedURLs } : {}) };
    reporter.end(totals);
    // (nothing linted and a path that could not be: its one-line error says it all)
    if (opts.format === 'text' && !(unreadable && linted === 0)) io.err(summary(totals) + '\n');
    io.setExitCode(unreadable ? 2 : remaining > 0 ? 1 : 0);
  },
};

/** Rewrites `path` with `fixes`: piece by piece through CliIO.writeStream, or whole through writeFile. */
async function rewrite(io: CliIO, path: string, fixes: LintFix[]): Promise<void> {
  const again = () => (io.openRead ? io.openRead(path) : single(io.readFile(path)));
  if (io.writeStream) {
    const w = io.writeStream(path);
    await rewriteWithFixes(again(), fixes, (t) => w.write(t));
    await w.end();
    return;
  }
  if (!io.writeFile) throw new Error('this IO cannot write files');
  const parts: string[] = [];
  await rewriteWithFixes(again(), fixes, (t) => void parts.push(t));
  io.writeFile(path, parts.join(''));
}
