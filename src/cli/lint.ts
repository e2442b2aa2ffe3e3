// `url-grammar lint [files...|-] [--format text|json] [--base <url>] [--kind auto|text|markdown|html]`:
// find the URLs of text, Markdown and HTML files (src/tools/lint/lint.ts says which) and report each
// validation error as `file:line:column: type message`, line and column 1-based, the column
// counted in UTF-16 code units (as ESLint counts them). "-", or no file, reads standard input.
//
//   exit 0: no validation error; 1: at least one; 2: bad arguments or a file that cannot be read
//   (the other files are still linted)

import type { Command } from 'commander';
import { parseURL } from '../parse';
import { decodeUTF8, kindFromPath, lintText, type SourceKind } from '../tools/lint/lint';
import { usageError, type CliIO } from './io';

const FORMATS = ['text', 'json'] as const;
const KINDS = ['auto', 'text', 'markdown', 'html'] as const;

const usage = usageError;

interface LintCommandOptions {
  format: string;
  base?: string;
  kind: string;
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

export interface LintRecord {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  url: string;
  type: string;
  failure: boolean;
  message: string;
}

export function register(program: Command, io: CliIO): void {
  program
    .command('lint')
    .description('find the URLs in text, Markdown and HTML files and report their validation errors')
    .argument('[files...]', 'the files ("-" or none: standard input); .md/.markdown are Markdown, .html/.htm HTML, the rest text')
    .option('--format <format>', FORMATS.join(', '), 'text')
    .option('--base <url>', 'resolve relative link targets against this URL (without it they are not checked)')
    .option('--kind <kind>', `${KINDS.join(', ')} (auto: from the file name; standard input is text)`, 'auto')
    .action((files: string[], opts: LintCommandOptions) => {
      if (!(FORMATS as readonly string[]).includes(opts.format)) {
        throw usage(`unknown format ${JSON.stringify(opts.format)} (expected ${FORMATS.join(', ')})`);
      }
      if (!(KINDS as readonly string[]).includes(opts.kind)) {
        throw usage(`unknown kind ${JSON.stringify(opts.kind)} (expected ${KINDS.join(', ')})`);
      }
      const base = opts.base === undefined ? undefined : parseURL(opts.base);
      if (base === null) throw usage(`the base URL does not parse: ${JSON.stringify(opts.base)}`);

      const records: LintRecord[] = [];
      let unreadable = false;
      for (const path of files.length === 0 ? ['-'] : files) {
        const name = path === '-' ? '<stdin>' : path;
        let bytes: Buffer;
        try {
          bytes = io.readFile(path);
        } catch (e) {
          io.err(`error: cannot read ${name}: ${readError(e)}\n`);
          unreadable = true;
          continue;
        }
        const { text, valid } = decodeUTF8(bytes);
        if (!valid) io.err(`${name}: not valid UTF-8 (decoded with U+FFFD)\n`);
        const kind: SourceKind = opts.kind !== 'auto' ? (opts.kind as SourceKind) : path === '-' ? 'text' : kindFromPath(path);
        for (const d of lintText(text, { kind, base })) {
          records.push({ file: name, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, url: d.url, type: d.type, failure: d.failure, message: d.message });
        }
      }

      if (opts.format === 'json') io.out(JSON.stringify(records, null, 2) + '\n');
      else for (const r of records) io.out(`${r.file}:${r.line}:${r.column}: ${r.type} ${r.message}\n`);
      io.setExitCode(unreadable ? 2 : records.length > 0 ? 1 : 0);
    });
}
