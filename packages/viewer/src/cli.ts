// `url-grammar viewer [url] [--base <url>] [--encoding <label>] [--out <file>] [--open]`: the live
// viewer page (built by `npm run build` into dist/viewer/index.html, one self-contained file).
//
//   (no option)  prints the page's file: URL, with the URL, base and encoding in its fragment
//   --out        writes a copy of the page to <file> and prints that file's URL
//   --open       opens the page in the system's browser (xdg-open, open or start)

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { usageError, type CliIO } from './io';

/**
 * Where the built page is: dist/viewer/ seen from src/cli/ (run from the sources), or beside
 * dist/src/ (built). From the sources, ../../viewer/ is the page's template, not the page: the
 * dist/ candidate comes first.
 */
export function viewerPage(): string | null {
  const candidates = [join(__dirname, '..', '..', 'dist', 'viewer', 'index.html'), join(__dirname, '..', '..', 'viewer', 'index.html')];
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

export function register(program: Command, io: CliIO): void {
  program
    .command('viewer')
    .description('the live viewer page: components beside the browser\'s, spans, errors, verdicts, diagrams')
    .argument('[url]', 'the URL to show first')
    .option('--base <url>', 'the base URL')
    .option('--encoding <label>', 'the document encoding (affects the query)')
    .option('--out <file>', 'write a copy of the page to this file')
    .option('--open', 'open the page in the system\'s browser')
    .action((url: string | undefined, opts: ViewerOptions) => {
      if (url === undefined && (opts.base !== undefined || opts.encoding !== undefined)) throw usageError('--base and --encoding need a URL to show');
      const page = viewerPage();
      // an internal error (exit 70): the package ships the page, a clone builds it
      if (page === null) throw new Error('the viewer page is not built (dist/viewer/index.html): run npm run build');
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
    });
}
