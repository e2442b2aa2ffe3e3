// Linting URLs in documents: find the URLs of a plain-text, Markdown or HTML file (text.ts,
// markdown.ts, html.ts say what is found where), parse each with parseWithDiagnostics and report
// each URL with validation errors once, listing every error at its place in the file
// (finding.ts), with a fix where fix.ts allows one.
//
// Not reported: invalid-credentials for a user name without a password on a URL of a scheme
// that is not special ("ssh://git@github.com/o/r", "git+ssh://me@host/repo", "sftp://me@host/").
// The standard makes every "@" in an authority a validation error, for URLs a browser opens;
// these schemes are meant to carry the user to log in as, and no password is written down. A
// password is reported on any scheme ("rfb://:secret@host"), and a user name on a special one
// ("https://me@example.com/").
//
// Offsets are UTF-16 code units of the decoded text (JavaScript string indices); lines and
// columns are 1-based, columns counted in UTF-16 code units from the start of the line, as
// ESLint counts them. An error span [start, end) becomes line:column .. endLine:endColumn with
// the end exclusive (the column just after the last unit), also as ESLint does.
//
// LintSession reads a document in chunks, in bounded memory, and hands back diagnostics as it
// goes: text by lines, Markdown by pieces of top-level blocks (markdown.ts), HTML through parse5's
// tokenizer (html.ts). lintText is the same on a whole string.
// Relative targets (no scheme) are checked only when a base URL is given.

import { isSpecialScheme, parseURL, parseWithDiagnostics, type URLRecord } from 'url-grammar';
import { MAX_URL_LENGTH, sourceSpan, type FoundURL, type SourceKind } from './found';
import { planFix, type FixPlan } from './fix';
import { HTMLFinder } from './html';
import { MarkdownParser, MarkdownSplitter } from './markdown';
import { isWhiteSpace, LongRuns, proseURLs, type Stretch } from './text';
import { FindingFilter, type FindingRules } from './disable';
import { findingMessage, type Grouped, type LintError } from './finding';
import { JSFinder, jsURLs } from './js';

export { MAX_URL_LENGTH, sourceSpan, type FoundURL, type SourceKind, type URLContext } from './found';
export { KNOWN_SCHEMES } from './text';
export { srcsetURLs } from './html';
export { planFix, type FixPlan, type FixContext } from './fix';
export { findingMessage, type LintError } from './finding';

/** A replacement of document text [start, end). */
export interface LintFix {
  start: number;
  end: number;
  text: string;
  /** 1-based line and column (UTF-16 units) of start and end, as for a diagnostic. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * One URL with validation errors (finding.ts). Its place, type and failure are those of its first
 * error; `errors` lists them all, in document order.
 */
export interface LintDiagnostic extends Grouped<LintError> {
  url: string;
  /** With `fixes`: the URL's replacement, or why there is none. */
  fix?: LintFix;
  noFix?: string;
}

export interface LintOptions {
  kind: SourceKind;
  /** Relative URLs are resolved against it; without it they are skipped. */
  base?: string | URLRecord;
  /** Work out a fix (or why none) for each URL with errors (default false). */
  fixes?: boolean;
  /** A severity per validation error type: "error" (the default), "warning" or "off" (not reported). */
  rules?: FindingRules['rules'];
  /** Obey the document's disable comments, `url-grammar-disable-next-line` and the rest (default true; see disable.ts). */
  directives?: boolean;
  /**
   * Told of each candidate in prose that the finder left out as a likely template, pattern or
   * escape (`http://%s`, `https://{host}/`, `http:\/\/x`, a URL hyphenated at a line's end...: text.ts).
   * Such a candidate is not linted.
   */
  leftOut?: (l: LeftOut) => void;
}

/** A candidate URL left out (LintOptions.leftOut): its text, why, and where it is. */
export interface LeftOut {
  text: string;
  reason: string;
  start: number;
  end: number;
  /** 1-based, as a finding's. */
  line: number;
  column: number;
}

/** The kind of document a file name stands for: .md/.markdown, .html/.htm, .js/.ts (and .mjs, .cjs, .mts, .cts), else text. */
export function kindFromPath(path: string): SourceKind {
  const m = /\.([A-Za-z0-9]+)$/.exec(path);
  const ext = m ? m[1].toLowerCase() : '';
  if (ext === 'md' || ext === 'markdown' || ext === 'mdown' || ext === 'mkd') return 'markdown';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  if (/^[mc]?[jt]s$/.test(ext)) return 'js';
  return 'text';
}

/** Decodes bytes as UTF-8 (a leading BOM dropped); `valid` is false when U+FFFD had to replace something. */
export function decodeUTF8(bytes: Uint8Array): { text: string; valid: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder('utf-8').decode(bytes), valid: false };
  }
}

/** The URLs in `text`, in document order. */
export function findURLs(text: string, options: { kind: SourceKind; prose?: boolean }): FoundURL[] {
  let found: FoundURL[];
  if (options.kind === 'html') found = new HTMLFinder().write(text, true);
  else if (options.kind === 'markdown') found = new MarkdownParser({ prose: options.prose }).find(text);
  else if (options.kind === 'js') found = jsURLs(text);
  else found = proseURLs(text, 'text');
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** 1-based line and column (UTF-16 units) of each offset in `text`; CR LF, CR and LF end lines. */
export function positions(text: string): (offset: number) => { line: number; column: number } {
  const index = new LineIndex();
  index.append(text);
  return (offset) => index.locate(offset);
}

/**
 * Line starts of a document read in chunks, from a point on (what is dropped is forgotten):
 * `append` the text in order, `locate` an offset, `drop` what is no longer needed.
 */
export class LineIndex {
  private starts: number[] = [0];
  /** The line number of starts[first]. */
  private firstLine = 1;
  private first = 0;
  private length = 0;
  private lastWasCR = false;

  append(text: string): void {
    const base = this.length;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        if (i === 0 && this.lastWasCR) this.starts[this.starts.length - 1] = base + 1;
        else this.starts.push(base + i + 1);
      } else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(base + i + 1);
      }
    }
    this.lastWasCR = text.length > 0 && text.charCodeAt(text.length - 1) === 13;
    this.length += text.length;
  }

  locate(offset: number): { line: number; column: number } {
    let lo = this.first;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: this.firstLine + lo - this.first, column: offset - this.starts[lo] + 1 };
  }

  /** Forgets the lines that end before `offset`. */
  drop(offset: number): void {
    while (this.first + 1 < this.starts.length && this.starts[this.first + 1] <= offset) {
      this.first++;
      this.firstLine++;
    }
    if (this.first > 4096 && this.first * 2 > this.starts.length) {
      this.starts = this.starts.slice(this.first);
      this.first = 0;
    }
  }
}

/**
 * Whether `url` has a scheme that is not special and a user name without a password before the
 * "@" of its authority (see the top of this file). Read from the text, so that it holds for a
 * URL that does not parse too ("ipc://@/tmp/x").
 */
function userWithoutPassword(url: string): boolean {
  const m = /^[\u0000-\u0020]*([A-Za-z][A-Za-z0-9+.\-]*):\/\/([^\/?#]*)@/.exec(url);
  return m !== null && !isSpecialScheme(m[1].toLowerCase()) && !m[2].includes(':');
}

function resolveBase(base: LintOptions['base']): URLRecord | undefined {
  if (base === undefined) return undefined;
  const b = typeof base === 'string' ? parseURL(base) : base;
  if (!b) throw new TypeError(`the base URL does not parse: ${JSON.stringify(base)}`);
  return b;
}

/**
 * Cuts text, given in chunks, at line breaks into pieces of about `target` units (prose URLs
 * never cross a line). A line longer than `longLine` is cut after white space, which no prose URL
 * holds either: there is some at least every MAX_URL_LENGTH units, as LongRuns leaves out longer
 * runs without it (and cuts the text there). Only the new text is searched, so a long line costs
 * linear time, and a piece is at most about longLine + MAX_URL_LENGTH units.
 */
class LineSplitter {
  private readonly runs = new LongRuns();
  private pending = '';
  private pendingStart = 0;
  constructor(
    private readonly target = 128 * 1024,
    private readonly longLine = 1024 * 1024,
  ) {}
  push(chunk: string): Stretch[] {
    const out: Stretch[] = [];
    for (const s of this.runs.push(chunk)) this.take(s, out);
    return out;
  }
  end(): Stretch[] {
    const out: Stretch[] = [];
    for (const s of this.runs.end()) this.take(s, out);
    if (this.pending.length > 0) out.push({ text: this.pending, offset: this.pendingStart });
    this.pending = '';
    return out;
  }
  private take(s: Stretch, out: Stretch[]): void {
    if (this.pending.length > 0 && s.offset !== this.pendingStart + this.pending.length) {
      // a run was left out: what came before it is a piece (it ends where a URL ends)
      out.push({ text: this.pending, offset: this.pendingStart });
      this.pending = '';
    }
    if (this.pending.length === 0) this.pendingStart = s.offset;
    const chunk = s.text;
    const before = this.pending.length;
    this.pending += chunk;
    if (this.pending.length < this.target) return;
    // the last line break in the chunk, not a CR that may be half of CR LF
    let at = Math.max(chunk.lastIndexOf('\n'), chunk.lastIndexOf('\r', chunk.length - 2));
    if (at < 0 && this.pending.length > this.longLine) {
      at = chunk.length - 1;
      while (at >= 0 && !isWhiteSpace(chunk.charCodeAt(at))) at--;
    }
    if (at < 0) return;
    const cut = before + at + 1;
    out.push({ text: this.pending.slice(0, cut), offset: this.pendingStart });
    this.pending = this.pending.slice(cut);
    this.pendingStart += cut;
  }
}

/**
 * Lints one document given in chunks: `push` each chunk of text in order and collect what it
 * returns, then `end`. Memory stays bounded by the size of a piece, not of the document.
 */
export class LintSession {
  private readonly base: URLRecord | undefined;
  private readonly lines = new LineIndex();
  private readonly html?: HTMLFinder;
  private readonly js?: JSFinder;
  private readonly markdown?: MarkdownParser;
  private readonly splitter?: MarkdownSplitter | LineSplitter;

  constructor(private readonly options: LintOptions) {
    this.base = resolveBase(options.base);
    if (options.kind === 'html') this.html = new HTMLFinder();
    else if (options.kind === 'js') this.js = new JSFinder();
    else if (options.kind === 'markdown') {
      this.markdown = new MarkdownParser({ leftOut: options.leftOut !== undefined });
      this.splitter = new MarkdownSplitter();
    } else this.splitter = new LineSplitter();
  }

  /** How many tags of an HTML document had more than MAX_ATTRIBUTES attributes (the rest of each not read: html.ts). */
  get truncatedTags(): number {
    return this.html?.truncatedTags ?? 0;
  }

  push(chunk: string): LintDiagnostic[] {
    this.lines.append(chunk);
    const finder = this.html ?? this.js;
    if (finder) {
      const out = this.report(finder.write(chunk, false));
      this.lines.drop(finder.keptFrom);
      return out;
    }
    return this.pieces(this.splitter!.push(chunk));
  }

  end(): LintDiagnostic[] {
    const finder = this.html ?? this.js;
    if (finder) return this.report(finder.write('', true));
    const out = this.pieces(this.splitter!.end());
    // what the Markdown parser kept back (a block still open at the end of a piece)
    if (this.markdown) for (const d of this.report(this.markdown.end())) out.push(d);
    return out;
  }

  private pieces(pieces: Array<{ text: string; offset: number; continued?: boolean }>): LintDiagnostic[] {
    const out: LintDiagnostic[] = [];
    for (const p of pieces) {
      if (this.markdown) {
        // the parser may keep the end of a piece back: lines are dropped only before it
        for (const d of this.report(this.markdown.push(p.text, p.offset, p.continued))) out.push(d);
        this.lines.drop(this.markdown.keptFrom);
        continue;
      }
      const left: FoundURL[] | undefined = this.options.leftOut ? [] : undefined;
      const found = proseURLs(p.text, 'text', left).map((f) => ({ ...f, start: f.start + p.offset, end: f.end + p.offset }));
      if (left) for (const f of left) found.push({ ...f, start: f.start + p.offset, end: f.end + p.offset });
      for (const d of this.report(found)) out.push(d);
      this.lines.drop(p.offset + p.text.length);
    }
    return out;
  }

  private report(found: readonly FoundURL[]): LintDiagnostic[] {
    const out: LintDiagnostic[] = [];
    for (const f of found) {
      if (f.leftOut !== undefined) {
        const at = this.lines.locate(f.start);
        this.options.leftOut?.({ text: f.url, reason: f.leftOut, start: f.start, end: f.end, line: at.line, column: at.column });
        continue;
      }
      if (f.relative && !this.base) continue;
      // (a URL longer than any a person writes is not checked: see MAX_URL_LENGTH)
      if (f.url.length > MAX_URL_LENGTH) continue;
      const parsed = parseWithDiagnostics(f.url, { baseURL: this.base });
      let errors = parsed.errors;
      if (errors.some((e) => e.type === 'invalid-credentials') && userWithoutPassword(f.url)) errors = errors.filter((e) => e.type !== 'invalid-credentials');
      if (errors.length === 0) continue;
      let fix: LintFix | undefined;
      let noFix: string | undefined;
      if (this.options.fixes) {
        const plan: FixPlan = f.uncertain ? { fix: false, reason: `the URL's extent in the text is not certain: ${f.uncertain}` } : planFix(f.url, f.context ?? 'text', { srcset: f.srcset });
        if (plan.fix) {
          const a = this.lines.locate(f.start);
          const b = this.lines.locate(f.end);
          fix = { start: f.start, end: f.end, text: plan.text, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
        }
        else noFix = plan.reason;
      }
      const seen = new Set<string>();
      const listed: LintError[] = [];
      for (const e of errors) {
        const key = `${e.type} ${e.start} ${e.end}`;
        if (seen.has(key)) continue; // the parser may meet the same error twice at one place
        seen.add(key);
        const [start, end] = sourceSpan(f, e.start, e.end);
        const s = this.lines.locate(start);
        const t = this.lines.locate(end);
        listed.push({ type: e.type, failure: e.failure, message: e.message, state: e.state, step: e.step, start, end, line: s.line, column: s.column, endLine: t.line, endColumn: t.column });
      }
      // in document order; errors at one place in the parser's order
      if (listed.length > 1) listed.sort((a, b) => a.start - b.start || a.end - b.end);
      // (the fields in one order, as setErrors gives them: one shape for every finding)
      const first = listed[0];
      const d: LintDiagnostic = {
        line: first.line,
        column: first.column,
        endLine: first.endLine,
        endColumn: first.endColumn,
        start: first.start,
        end: first.end,
        url: f.url,
        type: first.type,
        failure: first.failure,
        message: findingMessage(listed),
        errors: listed,
      };
      if (fix) d.fix = fix;
      if (noFix !== undefined) d.noFix = noFix;
      out.push(d);
    }
    return out.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}

/**
 * Every URL in `text` with validation errors, one finding each, in document order, less the
 * errors its disable comments or `options.rules` turn off, each with its severity.
 */
export function lintText(text: string, options: LintOptions): LintDiagnostic[] {
  // a byte order mark is no part of the document (micromark and parse5 drop it): lint what follows
  // it, with every position still counted in `text`, so that applyFixes(text, ...) is right
  if (text.charCodeAt(0) === 0xfeff) {
    const told = options.leftOut;
    const leftOut = told && ((l: LeftOut) => told({ ...l, start: l.start + 1, end: l.end + 1, column: l.line === 1 ? l.column + 1 : l.column }));
    return lintText(text.slice(1), { ...options, leftOut }).map(afterBOM);
  }
  const session = new LintSession(options);
  const filter = new FindingFilter<LintDiagnostic>(options.kind, options);
  filter.text(text);
  filter.end();
  return filter.take([...session.push(text), ...session.end()]);
}

/** A finding of the text after a byte order mark, with its places counted from before it. */
export function afterBOM(d: LintDiagnostic): LintDiagnostic {
  const shift = <T extends { start: number; end: number; line: number; column: number; endLine: number; endColumn: number }>(x: T): T => ({
    ...x,
    start: x.start + 1,
    end: x.end + 1,
    column: x.line === 1 ? x.column + 1 : x.column,
    endColumn: x.endLine === 1 ? x.endColumn + 1 : x.endColumn,
  });
  const out = shift(d);
  out.errors = d.errors.map(shift);
  if (d.fix) out.fix = shift(d.fix);
  return out;
}

/** `text` with the fixes applied (overlapping or repeated ones once, the first wins). */
export function applyFixes(text: string, fixes: ReadonlyArray<Pick<LintFix, 'start' | 'end' | 'text'>>): string {
  const sorted = [...fixes].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const f of sorted) {
    if (f.start < at) continue;
    parts.push(text.slice(at, f.start), f.text);
    at = f.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
