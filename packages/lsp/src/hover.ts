// Hover on a URL: what the viewer shows of it, in a few lines. Its href and components (the URL
// API's), the three verdicts of the core's explain (parses, parser-valid, grammar-valid: a valid
// URL string by the writing rules), each validation error with the state or algorithm that reports
// it (the core's reportedBy, from the error's own state and step, linked into url.bs at the
// commit url-grammar implements by the core's specLink), and a permalink into the viewer page.
//
// The URL under the cursor is found by lint's own finder (findURLs) in the block around it: the
// lines up to a blank line (at most WINDOW_LINES and WINDOW_UNITS each way), so that a hover
// costs the same in a document of any length.

import { pathToFileURL } from 'node:url';
import { findURLs, type FoundURL, type SourceKind } from '@url-grammar/lint';
import { viewerFragment, viewerPage } from '@url-grammar/viewer';
import { explain, parseURL, reportedBy, specLink, URL as WhatwgURL } from 'url-grammar';
import { printable } from 'url-grammar/cli';

const WINDOW_LINES = 40;
const WINDOW_UNITS = 16 * 1024;

/** The lines around `offset` up to a blank line each way (bounded): [start, end) of `text`. */
export function blockAround(text: string, offset: number): { start: number; end: number } {
  const isBreak = (c: number) => c === 10 || c === 13;
  let start = offset;
  while (start > 0 && !isBreak(text.charCodeAt(start - 1))) start--;
  for (let n = 0; n < WINDOW_LINES && start > 0 && offset - start < WINDOW_UNITS; n++) {
    let s = start - 1;
    if (s > 0 && text.charCodeAt(s) === 10 && text.charCodeAt(s - 1) === 13) s--;
    let from = s;
    while (from > 0 && !isBreak(text.charCodeAt(from - 1))) from--;
    if (/^[ \t]*$/.test(text.slice(from, s))) break;
    start = from;
  }
  let end = offset;
  while (end < text.length && !isBreak(text.charCodeAt(end))) end++;
  for (let n = 0; n < WINDOW_LINES && end < text.length && end - offset < WINDOW_UNITS; n++) {
    let e = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    const from = e;
    while (e < text.length && !isBreak(text.charCodeAt(e))) e++;
    if (/^[ \t]*$/.test(text.slice(from, e))) break;
    end = e;
  }
  return { start, end };
}

/** The URL found at `offset` of `text` (in the block around it), with its place in `text`. */
export function urlAt(text: string, offset: number, kind: SourceKind): FoundURL | null {
  const block = blockAround(text, offset);
  const found = findURLs(text.slice(block.start, block.end), { kind });
  const at = offset - block.start;
  const f = found.find((x) => x.start <= at && at <= x.end);
  return f ? { ...f, start: f.start + block.start, end: f.end + block.start } : null;
}

/** `s` as Markdown inline code, whatever backticks it holds; controls escaped. */
function code(s: string): string {
  const t = printable(s);
  let run = 0;
  for (const m of t.matchAll(/`+/g)) run = Math.max(run, m[0].length);
  const fence = '`'.repeat(run + 1);
  const pad = t.startsWith('`') || t.endsWith('`') || t === '' ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** What the hover says of `url` (as the document means it), in Markdown or plain text. */
export function describeURL(url: string, base: string | undefined, markdown: boolean): string {
  const c = markdown ? code : (s: string) => printable(s);
  const link = (label: string, href: string) => (markdown ? `[${label}](<${href}>)` : `${label} (${href})`);
  const lines: string[] = [];
  const relative = !/^[\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.\-]*:/.test(url);
  if (relative && base === undefined) {
    lines.push(`${markdown ? '**URL**' : 'URL'} ${c(url)}: a relative reference. No base URL is set (the configuration's "base", or the "base" setting), so it is not checked.`);
    return lines.join('\n');
  }
  const baseRecord = base === undefined ? undefined : (parseURL(base) ?? undefined);
  const e = explain(url, { baseURL: baseRecord ?? null });
  lines.push(`${markdown ? '**URL**' : 'URL'} ${c(url)}${base !== undefined && relative ? ` against ${c(base)}` : ''}`, '');
  if (e.parses) {
    const parsed = new WhatwgURL(url, base);
    lines.push(`href: ${c(parsed.href)}`);
    for (const name of COMPONENTS) if (parsed[name] !== '') lines.push(`${markdown ? '- ' : '  '}${name}: ${c(parsed[name])}`);
    lines.push('');
  }
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  lines.push(`parses: ${yes(e.parses)} · parser-valid: ${yes(e.parserValid)} · grammar-valid (a valid URL string): ${yes(e.grammarValid)}`);
  if (e.disagreement) lines.push('', printable(e.disagreement));
  if (e.errors.length > 0) {
    lines.push('', `${e.errors.length === 1 ? 'Validation error' : `${e.errors.length} validation errors`}:`);
    for (const x of e.errors) {
      const by = reportedBy(x);
      lines.push(`${markdown ? '- ' : '  '}${c(x.type)}${x.failure ? ' (a failure)' : ''} at [${x.start}, ${x.end}): ${x.message} Reported by ${link(by.text, specLink(by.anchor))}.`);
    }
  }
  const page = viewerPage();
  if (page !== null) lines.push('', link('Open in the viewer', pathToFileURL(page).href + viewerFragment(url, base, undefined)));
  return lines.join('\n');
}
