// lint's text format, one line per finding:
//
//   file:line:column: [warning ]types message <url>[ (no fix: why)]
//
//   - line and column are those of the URL's first error (1-based, the column in UTF-16 code units);
//   - types: every validation error type the URL has, in order, each once, separated by ","
//     (one word, so that the line still splits on spaces); a finding that has no `errors` list
//     (lint before one finding per URL) gives its one `type`;
//   - "warning" marks a finding whose severity is warning (the configuration's); errors are not
//     marked, as ESLint's unix format does not mark them;
//   - the URL as it is in the document, cut after SHOWN_URL_LENGTH code units ("…"): the JSON
//     formats keep it whole;
//   - with fixes asked for (--fix, --fix-dry-run), why a finding has no fix.
//
// In colour (see cli.ts: a terminal, --color, FORCE_COLOR), errors are red and warnings yellow,
// the URL cyan and the reason dim. Everything taken from the document or the file system goes
// through `printable` (the file name through shownFileName): a name or a URL cannot forge a line.

import { printable, type Colors } from 'url-grammar/cli';
import { shownFileName, type Reporter } from './formats';
import type { LintDiagnostic } from './lint';

/** How much of a URL the text format shows (a data: URL may be 64 KiB). */
export const SHOWN_URL_LENGTH = 200;

/** The styles the text format uses. */
export type TextColors = Pick<Colors, 'red' | 'yellow' | 'cyan' | 'dim'>;

const PLAIN: TextColors = { red: (s) => s, yellow: (s) => s, cyan: (s) => s, dim: (s) => s };

export interface TextReporterOptions {
  /** Show why a finding has no fix. */
  showFixes?: boolean;
  /** How file names are shown (tests): see shownFileName. */
  platform?: string;
  color?: TextColors;
}

/** Every type of a finding, in order, each once: its `errors` when it has them, else its `type`. */
export function findingTypes(d: LintDiagnostic): string[] {
  const errors = (d as { errors?: ReadonlyArray<{ type: string }> }).errors;
  if (!errors || errors.length === 0) return [d.type];
  return [...new Set(errors.map((e) => e.type))];
}

/** The URL as the text format shows it: cut after SHOWN_URL_LENGTH code units, never inside a pair. */
export function shownURL(url: string): string {
  if (url.length <= SHOWN_URL_LENGTH) return printable(url);
  let end = SHOWN_URL_LENGTH;
  const last = url.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return printable(url.slice(0, end)) + '…';
}

export function textReporter(out: (s: string) => void, options: TextReporterOptions = {}): Reporter {
  const c = options.color ?? PLAIN;
  return {
    report(file, d) {
      const warning = d.severity === 'warning';
      const paint = warning ? c.yellow : c.red;
      const types = paint(findingTypes(d).join(','));
      // the message and the reason are lint's own words today; printable keeps them one line if
      // they ever quote the document
      let line = `${shownFileName(file, options.platform)}:${d.line}:${d.column}: ${warning ? `${c.yellow('warning')} ` : ''}${types} ${printable(d.message)} ${c.cyan(`<${shownURL(d.url)}>`)}`;
      if (options.showFixes && d.noFix !== undefined) line += c.dim(` (no fix: ${printable(d.noFix)})`);
      out(line + '\n');
    },
    end() {},
  };
}
