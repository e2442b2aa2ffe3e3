// `url-grammar viewer [url] [--base <url>] [--encoding <label>] [--out <file>] [--open]`: the live
// viewer page (built by this package's `npm run build` into dist/index.html, one self-contained file).
//
//   (no option)  prints the page's file: URL, with the URL, base and encoding in its fragment
//   --out        writes a copy of the page to <file> and prints that file's URL
//   --open       opens the page in the system's browser (xdg-open, open or start)

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { usageError, type CommandSpec } from 'url-grammar/cli';

/**
 * Where the built page is: this package's dist/index.html, seen from dist/ (built) or from src/
 * (the sources, under ts-node). src/index.html is the page's template, not the page.
 */
export function viewerPage(): string | null {
  const candidates = [join(__dirname, 'index.html'), join(__dirname, '..', 'dist', 'index.html')].filter((f) => !f.endsWith(join('src', 'index.html')));
  return candidates.find((f) => existsSync(f)) ?? null;
}

/** The permalink fragment the page reads: #url=...&base=...&encoding=... */
export function viewerFragment(url: string | undefined, base: string | undefined, encoding: string | undefined): string {
  if (url === undefined) return '';
  const p = new URLSearchParams({ url });
  if (base !== undefined && base !== '') p.set('base', base);
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) p.set('encoding', encoding);
  return `#${p.toString()}`;
}

function opener(): [string, string[]] {
  if (process.platform === 'darwin') return ['open', []];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""']];
  return ['xdg-open', []];
}

interface ViewerOptions {
  base?: string;
  encoding?: string;
  out?: string;
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
    open: { type: 'boolean', description: "open the page in the system's browser" },
  },
  run(args, options, io) {
    const url = args.url as string | undefined;
    const opts = options as ViewerOptions;
    if (url === undefined && (opts.base !== undefined || opts.encoding !== undefined)) throw usageError('--base and --encoding need a URL to show');
    const page = viewerPage();
    // an internal error (exit 70): the package ships the page, a clone builds it
    if (page === null) throw new Error('the viewer page is not built (dist/index.html of @url-grammar/viewer): run npm run build');
    let file = page;
    if (opts.out !== undefined) {
      file = resolve(opts.out);
      try {
        // the folder must exist (a recursive mkdir under /proc never returns on Linux)
        copyFileSync(page, file);
      } catch (e) {
        throw usageError(`cannot write ${opts.out}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const href = pathToFileURL(file).href + viewerFragment(url, opts.base, opts.encoding);
    io.out(`${href}\n`);
    if (opts.open) {
      const [command, args] = opener();
      const r = spawnSync(command, [...args, href], { stdio: 'ignore', timeout: 15_000 });
      if (r.error || r.status !== 0) {
        io.err(`url-grammar: could not open a browser with ${command}${r.error ? `: ${r.error.message}` : ` (exit ${r.status})`}; open the URL above\n`);
        io.setExitCode(1);
      }
    }
  },
};
