// `url-grammar viewer [url] [--base <url>] [--encoding <label>] [--out <file> [--force]] [--open]`:
// the live viewer page (built by this package's `npm run build` into dist/index.html, one
// self-contained file).
//
//   (no option)  prints the page's file: URL, with the URL, base and encoding in its fragment
//   --out        writes a copy of the page to <file> and prints that file's URL; through the core's
//                safe writer (url-grammar/cli): an existing file is replaced only with --force (a
//                symbolic link's target then, the link kept), a folder, device or FIFO never, and
//                a failure (no space left, ...) leaves what was there as it was: one line, exit 2
//   --open       opens the page in the system's browser (xdg-open, open, or rundll32's
//                FileProtocolHandler on Windows), run directly, never through a shell

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseURL } from 'url-grammar';
import { requireParsableBase, usageError, writeFileSafely, type CommandSpec } from 'url-grammar/cli';
import { fragmentOf } from './permalink';

/**
 * Where the built page is: this package's dist/index.html, seen from dist/ (built) or from src/
 * (the sources, under ts-node). src/index.html is the page's template, not the page.
 */
export function viewerPage(): string | null {
  const candidates = [join(__dirname, 'index.html'), join(__dirname, '..', 'dist', 'index.html')].filter((f) => !f.endsWith(join('src', 'index.html')));
  return candidates.find((f) => existsSync(f)) ?? null;
}

/**
 * The permalink fragment the page reads: #url=...&base=...&encoding=..., written as the page
 * writes its own (./permalink.ts: a lone surrogate kept as its generalized UTF-8 bytes, where
 * URLSearchParams would write U+FFFD). A base of undefined or "" is no base.
 */
export function viewerFragment(url: string | undefined, base: string | undefined, encoding: string | undefined): string {
  if (url === undefined) return '';
  return fragmentOf({ url, base: base === undefined || base === '' ? null : base, encoding: encoding === undefined || /^utf-?8$/i.test(encoding) ? 'UTF-8' : encoding, second: null });
}

/**
 * The labels of the Encoding Standard's replacement encoding: TextDecoder refuses them by design
 * (https://encoding.spec.whatwg.org/#dom-textdecoder), yet they are labels, and the URL parser
 * takes them (their output encoding is UTF-8).
 */
const REPLACEMENT_LABELS = new Set(['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement']);

/**
 * Whether `label` is an Encoding Standard label (ASCII case-insensitive, ASCII whitespace around it
 * ignored). Node's TextDecoder knows the labels of every encoding it decodes; the parser itself
 * tells the rest (x-user-defined, and ISO-8859-16 where Node's ICU lacks it), since with a legacy
 * encoding "é" in a query is no longer UTF-8's %C3%A9; the replacement labels are the ones left.
 */
export function isEncodingLabel(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  if (parseURL('https://h/?\u00e9', { encoding: label })?.query !== '%C3%A9') return true;
  return REPLACEMENT_LABELS.has(label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase()));
}

/**
 * The program that opens `href` in the system's browser, and its arguments, with the href as the
 * last: a program run directly, never a shell, on any platform. (`cmd /c start` on Windows read the
 * "&" of the permalink's fragment as the end of a command, and what followed as another.) On
 * Windows, rundll32 hands the href to url.dll's FileProtocolHandler, which opens it as a click on a
 * link would: the rest of its command line is the href, read by no shell.
 */
export function opener(href: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [href]];
  if (platform === 'win32') return ['rundll32.exe', ['url.dll,FileProtocolHandler', href]];
  return ['xdg-open', [href]];
}

interface ViewerOptions {
  base?: string;
  encoding?: string;
  out?: string;
  force?: boolean;
  open?: boolean;
}

export const command: CommandSpec = {
  name: 'viewer',
  description: "the live viewer page: components beside the browser's, spans, errors, verdicts, diagrams",
  arguments: [{ name: 'url', description: 'the URL to show first' }],
  options: {
    base: { type: 'string', value: '<url>', description: 'the base URL' },
    encoding: { type: 'string', value: '<label>', description: 'the document encoding (affects the query)' },
    out: { type: 'string', value: '<file>', description: 'write a copy of the page to this file' },
    force: { type: 'boolean', description: 'with --out: replace the file if it exists' },
    open: { type: 'boolean', description: "open the page in the system's browser" },
  },
  run(args, options, io) {
    const url = args.url as string | undefined;
    const opts = options as ViewerOptions;
    if (url === undefined && (opts.base !== undefined || opts.encoding !== undefined)) throw usageError('--base and --encoding need a URL to show');
    // as parse and check do: a base that does not parse would only show an error in the page
    requireParsableBase(opts.base, (b) => parseURL(b) !== null);
    if (opts.force && opts.out === undefined) throw usageError('--force goes with --out');
    if (opts.encoding !== undefined && !isEncodingLabel(opts.encoding)) {
      throw usageError(`unknown encoding ${JSON.stringify(opts.encoding)} (an Encoding Standard label, e.g. utf-8, windows-1252, shift_jis)`);
    }
    const page = viewerPage();
    // an internal error (exit 70): the package ships the page, a clone builds it
    if (page === null) throw new Error('the viewer page is not built (dist/index.html of @url-grammar/viewer): run npm run build');
    let file = page;
    if (opts.out !== undefined) {
      file = resolve(opts.out);
      // the folder must exist (a recursive mkdir under /proc never returns on Linux); a WriteError
      // ("cannot write <file>: <reason>") is one line and exit 2, as a usage error is
      writeFileSafely(opts.out, readFileSync(page), { replace: opts.force === true });
    }
    const href = pathToFileURL(file).href + viewerFragment(url, opts.base, opts.encoding);
    io.out(`${href}\n`);
    if (opts.open) {
      const [command, args] = opener(href);
      const r = spawnSync(command, args, { stdio: 'ignore', timeout: 15_000, shell: false });
      if (r.error || r.status !== 0) {
        io.err(`url-grammar: could not open a browser with ${command}${r.error ? `: ${r.error.message}` : ` (exit ${r.status})`}; open the URL above\n`);
        io.setExitCode(1);
      }
    }
  },
};
