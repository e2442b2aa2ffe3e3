// `url-grammar parse <url> [--base <url>] [--json]`: how one URL parses: its components, what
// the grammar found where, and each validation error with a caret line under its span.

import { URL_ATTRIBUTES, readRecordOf } from '../api/url';
import { URL, hasPublicSuffixList, hostPublicSuffix, hostRegistrableDomain, isSpecialScheme, parseWithDiagnostics, type IntermediateRecord, type Span } from '../index';
import type { ValidationError } from '../semantic/errors';
import { reportedBy } from '../spec-link';
import { createColors, requireParsableBase, useColor, type Colors } from './io';
import type { CommandSpec } from './command';
import { printable, quoted } from './printable';

export { printable, quoted } from './printable';

const plain = createColors(false);

/** Inputs up to this many code units are echoed whole on each caret line (as they always were). */
export const CARET_LINE_WHOLE = 200;
/** On a longer input, how many code units a caret line shows on each side of the error. */
export const CARET_CONTEXT = 60;
/** The input and base lines at the top of a report show at most this many code units. */
export const INPUT_LINE_MAX = 1000;
/** How many validation errors (and writing problems) the text output lists; --json lists them all. */
export const LISTED_MAX = 100;

const isHigh = (s: string, i: number) => i >= 0 && i < s.length && (s.charCodeAt(i) & 0xfc00) === 0xd800;
const isLow = (s: string, i: number) => i >= 0 && i < s.length && (s.charCodeAt(i) & 0xfc00) === 0xdc00;

/** `at`, moved back by one when it would cut a surrogate pair in two (so a cut keeps whole pairs). */
function pairBoundary(s: string, at: number): number {
  return isHigh(s, at - 1) && isLow(s, at) ? at - 1 : at;
}

/**
 * The input on one line and a caret line under [start, end). An input of up to CARET_LINE_WHOLE
 * code units is shown whole; a longer one is clipped to `context` code units on each side of the
 * error, with "…" where it was cut (never inside a surrogate pair), and an error longer than twice
 * `context` is shown from its start only. The caret column counts the code points of the line.
 */
export function caretLines(input: string, start: number, end: number, context = CARET_CONTEXT): [string, string] {
  // The line is made of the pieces the carets are measured on, each made printable by itself: an
  // escaped code point widens the line and the carets alike, and an error on one spans its escape.
  if (input.length <= CARET_LINE_WHOLE) {
    const before = printable(input.slice(0, start));
    const inside = printable(input.slice(start, end));
    const width = Math.max(1, [...inside].length);
    return [before + inside + printable(input.slice(end)), ' '.repeat([...before].length) + '^'.repeat(width)];
  }
  // a long error is shown from its start: its carets run on under the "…" that ends the line
  const spanCut = end - start > 2 * context;
  const shownEnd = spanCut ? pairBoundary(input, start + 2 * context) : end;
  const from = pairBoundary(input, Math.max(0, start - context));
  const to = spanCut ? shownEnd : Math.max(shownEnd, pairBoundary(input, Math.min(input.length, shownEnd + context)));
  const head = from > 0 ? '…' : '';
  const tail = to < input.length ? '…' : '';
  const before = printable(input.slice(from, start));
  const inside = printable(input.slice(start, shownEnd));
  const width = Math.max(1, [...inside].length + (spanCut ? 1 : 0));
  return [head + before + inside + printable(input.slice(shownEnd, to)) + tail, ' '.repeat([...head].length + [...before].length) + '^'.repeat(width)];
}

/** `s` for the top of a report: printable, and cut after `max` code units (keeping whole pairs) with its length said. */
export function clippedLine(s: string, max = INPUT_LINE_MAX): string {
  if (s.length <= max) return printable(s);
  return `${printable(s.slice(0, pairBoundary(s, max)))}… (${s.length} code units; --json shows it whole)`;
}

/**
 * Lines for the first `max` of `items` (each by `lines`), then one line for how many more there are
 * (`noun` in the singular): a long input can have tens of thousands of validation errors, which
 * only --json lists.
 */
export function listedLines<T>(items: readonly T[], noun: string, lines: (item: T) => string[], max = LISTED_MAX): string[] {
  const out: string[] = [];
  if (items.length === 0) out.push('  none');
  for (const item of items.slice(0, max)) for (const l of lines(item)) out.push(l);
  const more = items.length - max;
  if (more > 0) out.push(`  … and ${more} more ${noun}${more === 1 ? '' : 's'} (--json lists them all)`);
  return out;
}

/** A validation error's lines: its type, span, the state or algorithm that reports it and its message, then the input with carets under the span. */
export function errorLines(input: string, e: ValidationError, pc: Colors = plain): string[] {
  const tag = e.failure ? pc.red(`${e.type} (failure)`) : pc.yellow(e.type);
  const [line, carets] = caretLines(input, e.start, e.end);
  return [`  ${tag} at [${e.start}, ${e.end}), reported by ${reportedBy(e).text}: ${printable(e.message)}`, `    ${line}`, `    ${pc.cyan(carets)}`];
}

function recordRows(r: IntermediateRecord): Array<[string, Span]> {
  const rows: Array<[string, Span]> = [];
  const add = (name: string, s: Span | null) => s && rows.push([name, s]);
  add('scheme', r.scheme);
  add('slashes', r.slashes);
  add('username', r.username);
  add('password', r.password);
  add('host', r.host);
  add('port', r.port);
  r.path.forEach((s, i) => add(`path[${i}]`, s));
  add('opaque path', r.opaquePath);
  add('query', r.query);
  add('fragment', r.fragment);
  return rows;
}

export interface ParseReport {
  input: string;
  base: string | null;
  parses: boolean;
  components: Record<string, string> | null;
  /** https://url.spec.whatwg.org/#host-public-suffix of the URL's host (null: none, or no URL). */
  publicSuffix: string | null;
  /** Whether a Public Suffix List was at hand (tldts installed, or one supplied); without one, both are null. */
  publicSuffixList: boolean;
  /** https://url.spec.whatwg.org/#host-registrable-domain of the URL's host. */
  registrableDomain: string | null;
  record: IntermediateRecord | null;
  errors: ValidationError[];
}

export function parseReport(input: string, base: string | undefined): ParseReport {
  let components: Record<string, string> | null = null;
  let publicSuffix: string | null = null;
  let publicSuffixList = true;
  let registrableDomain: string | null = null;
  const parsed = URL.parse(input, base);
  if (parsed) {
    components = {};
    for (const g of URL_ATTRIBUTES) components[g] = parsed[g];
    const { scheme, host } = readRecordOf(parsed);
    if (host !== null) {
      // the host of a URL that is not special is opaque: it has neither
      const opaque = !isSpecialScheme(scheme);
      if (hasPublicSuffixList()) {
        publicSuffix = hostPublicSuffix(host, { opaque });
        registrableDomain = hostRegistrableDomain(host, { opaque });
      } else publicSuffixList = false;
    }
  }
  const d = parseWithDiagnostics(input, { baseURL: base });
  return { input, base: base ?? null, parses: parsed !== null, components, publicSuffix, publicSuffixList, registrableDomain, record: d.record, errors: d.errors };
}

const nullOrQuoted = (s: string | null) => (s === null ? 'null' : quoted(s));

export function formatParseReport(rep: ParseReport, pc: Colors = plain): string {
  const out: string[] = [];
  const head = (s: string) => pc.bold(s);
  out.push(`${head('input')}     ${clippedLine(rep.input)}`);
  if (rep.base !== null) out.push(`${head('base')}      ${clippedLine(rep.base)}`);
  out.push(`${head('parses')}    ${rep.parses ? pc.green('yes') : pc.red('no (failure)')}`);
  if (rep.components) {
    out.push('', head('components'));
    for (const [k, v] of Object.entries(rep.components)) out.push(`  ${k.padEnd(9)} ${quoted(v)}`);
    out.push('', `${head('host')} (the Public Suffix List; null for an IP address or an opaque host)`);
    if (!rep.publicSuffixList) out.push('  (no Public Suffix List here: npm install tldts, an optional peer dependency of url-grammar)');
    else out.push(`  public suffix       ${nullOrQuoted(rep.publicSuffix)}`, `  registrable domain  ${nullOrQuoted(rep.registrableDomain)}`);
  }
  if (rep.record) {
    out.push('', `${head('record')} (what the grammar found; [start, end) in the input; rule ${rep.record.rule})`);
    for (const [name, s] of recordRows(rep.record)) {
      out.push(`  ${name.padEnd(11)} [${s.start}, ${s.end})  ${quoted(s.text)}`);
    }
  }
  out.push('', head(`validation errors (${rep.errors.length})`));
  for (const l of listedLines(rep.errors, 'validation error', (e) => errorLines(rep.input, e, pc))) out.push(l);
  return out.join('\n');
}

export const command: CommandSpec = {
  name: 'parse',
  description: 'parse a URL: its components, what the grammar found where, and its validation errors',
  arguments: [{ name: 'url', description: 'the URL (or relative reference, with --base)', required: true }],
  options: {
    base: { type: 'string', value: '<url>', description: 'the base URL to resolve against' },
    json: { type: 'boolean', description: 'print JSON' },
  },
  run({ url }, opts, io) {
    const base = opts.base as string | undefined;
    requireParsableBase(base, URL.canParse);
    const rep = parseReport(url as string, base);
    io.setExitCode(rep.parses ? 0 : 1);
    io.out((opts.json ? JSON.stringify(rep, null, 2) : formatParseReport(rep, createColors(useColor(io)))) + '\n');
  },
};
