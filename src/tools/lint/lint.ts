// Linting URLs in documents: find the URLs of a plain-text, Markdown or HTML file, parse each with
// parseWithDiagnostics and report every validation error at its place in the file.
//
// Offsets are UTF-16 code units of the decoded text (JavaScript string indices); lines and
// columns are 1-based, columns counted in UTF-16 code units from the start of the line, as
// ESLint counts them. An error span [start, end) becomes line:column .. endLine:endColumn with
// the end exclusive (the column just after the last unit), also as ESLint does.
//
// What is found where:
//   text      absolute URLs in prose: a scheme from KNOWN_SCHEMES followed by ":", or any
//             scheme followed by "://", then everything up to white space, "<", ">", '"', "`" or
//             an unbalanced "]"; trailing ".,;:!?'" and unbalanced ")" are left out, as is a
//             candidate that is nothing but "scheme:" or "scheme://"
//   markdown  inline link and image targets `[text](target "title")`, reference definitions
//             `[id]: target`, autolinks `<scheme:...>`, the URL attributes of inline HTML, then
//             prose URLs in the rest; fenced code blocks, code spans and HTML comments are skipped;
//             backslash escapes and character references in targets are decoded
//   html      href, src, action, formaction, cite, poster, srcset (each candidate) and data (on
//             <object>) attributes of every element (parse5 tokenises; character references are
//             decoded, and each decoded unit keeps the span of the text it came from)
// Relative targets (no scheme) are checked only when a base URL is given.

import { EntityDecoder, DecodingMode, htmlDecodeTree } from 'entities/decode';
import { parse as parseHTML } from 'parse5';
import { parseURL, parseWithDiagnostics } from '../../parse';
import type { URLRecord } from '../../record';
import type { ValidationErrorType } from '../../semantic/errors';

export type SourceKind = 'text' | 'markdown' | 'html';

/** A URL found in a document. */
export interface FoundURL {
  /** The URL as the document means it (character references and escapes decoded). */
  url: string;
  /** [start, end) of the URL's text in the document. */
  start: number;
  end: number;
  /** Whether the URL has no scheme (a relative reference: checked only against a base URL). */
  relative: boolean;
  /**
   * Present only when `url` is not the document's text [start, end) unchanged: for each UTF-16
   * unit of `url`, the [start, end) in the document of the text it was decoded from.
   */
  starts?: number[];
  ends?: number[];
}

export interface LintDiagnostic {
  /** 1-based line and column (UTF-16 units) of the error's start; end exclusive. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** [start, end) in the text. */
  start: number;
  end: number;
  url: string;
  type: ValidationErrorType;
  failure: boolean;
  message: string;
}

export interface LintOptions {
  kind: SourceKind;
  /** Relative URLs are resolved against it; without it they are skipped. */
  base?: string | URLRecord;
}

/** Schemes that count in prose even without "//" after the colon. */
export const KNOWN_SCHEMES: readonly string[] = ['http', 'https', 'ftp', 'ws', 'wss', 'file', 'mailto', 'tel', 'data', 'javascript', 'blob'];

/** The kind of document a file name stands for: .md/.markdown, .html/.htm, else text. */
export function kindFromPath(path: string): SourceKind {
  const m = /\.([A-Za-z0-9]+)$/.exec(path);
  const ext = m ? m[1].toLowerCase() : '';
  if (ext === 'md' || ext === 'markdown' || ext === 'mdown' || ext === 'mkd') return 'markdown';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
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

// ---------------------------------------------------------------------------------------------
// Decoded text with its way back to the document

/** A string built piece by piece, each UTF-16 unit remembering the document span it came from. */
class Decoded {
  value = '';
  starts: number[] = [];
  ends: number[] = [];
  push(s: string, start: number, end: number): void {
    for (let i = 0; i < s.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
    this.value += s;
  }
}

/** The document span of [s, e) of a decoded string whose units came from `starts`/`ends`. */
function mapSpan(starts: readonly number[], ends: readonly number[], regionStart: number, regionEnd: number, s: number, e: number): [number, number] {
  const n = starts.length;
  const at = (i: number) => (i < n ? starts[i] : n > 0 ? ends[n - 1] : regionEnd);
  if (e <= s) {
    const p = s <= 0 ? (n > 0 ? starts[0] : regionStart) : at(s);
    return [p, p];
  }
  return [at(s), ends[Math.min(e, n) - 1]];
}

/** The document span of [start, end) of `found.url`. */
export function sourceSpan(found: FoundURL, start: number, end: number): [number, number] {
  if (!found.starts || !found.ends) return [found.start + start, found.start + end];
  return mapSpan(found.starts, found.ends, found.start, found.end, start, end);
}

function foundFrom(d: Decoded, regionStart: number, regionEnd: number, s = 0, e = d.value.length): FoundURL {
  const url = d.value.slice(s, e);
  const starts = d.starts.slice(s, e);
  const ends = d.ends.slice(s, e);
  const [start, end] = mapSpan(d.starts, d.ends, regionStart, regionEnd, s, e);
  const identity = starts.every((p, i) => p === start + i && ends[i] === p + 1);
  const f: FoundURL = { url, start, end, relative: isRelative(url) };
  if (!identity) {
    f.starts = starts;
    f.ends = ends;
  }
  return f;
}

function plain(text: string, start: number, end: number): FoundURL {
  const url = text.slice(start, end);
  return { url, start, end, relative: isRelative(url) };
}

/** No scheme: what the URL parser would treat as a relative reference. */
function isRelative(url: string): boolean {
  return !/^[\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.\-]*:/.test(url);
}

// Character references, decoded by entities (parse5's own decoder).
const refCodePoints: number[] = [];
const refDecoder = new EntityDecoder(htmlDecodeTree, (cp) => void refCodePoints.push(cp));

/** The character reference at text[at] ("&"): its length and what it means, or null. */
function characterReference(text: string, at: number, limit: number, mode: DecodingMode): { length: number; value: string } | null {
  refCodePoints.length = 0;
  refDecoder.startEntity(mode);
  let n = refDecoder.write(text.slice(at, limit), 1);
  if (n < 0) n = refDecoder.end();
  if (n <= 0 || refCodePoints.length === 0) return null;
  return { length: n, value: String.fromCodePoint(...refCodePoints) };
}

// ---------------------------------------------------------------------------------------------
// Prose

const PROSE_STOP = /[\s<>"`]/;
const PROSE_SCHEME = /(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*:/g;

function count(s: string, c: string): number {
  let n = 0;
  for (const x of s) if (x === c) n++;
  return n;
}

/** Absolute URLs in prose (see the top of this file). */
function proseURLs(text: string, kind: SourceKind): FoundURL[] {
  const found: FoundURL[] = [];
  const trailing = kind === 'markdown' ? ".,;:!?'*_~" : ".,;:!?'";
  PROSE_SCHEME.lastIndex = 0;
  for (let m = PROSE_SCHEME.exec(text); m; m = PROSE_SCHEME.exec(text)) {
    const start = m.index;
    const afterColon = start + m[0].length;
    const scheme = m[0].slice(0, -1).toLowerCase();
    if (!KNOWN_SCHEMES.includes(scheme) && !text.startsWith('//', afterColon)) continue;
    let end = afterColon;
    let depth = 0;
    for (; end < text.length; end++) {
      const c = text[end];
      if (PROSE_STOP.test(c)) break;
      if (c === '[') depth++;
      else if (c === ']') {
        if (depth === 0) break;
        depth--;
      }
    }
    const opens = count(text.slice(start, end), '(');
    let closes = count(text.slice(start, end), ')');
    for (;;) {
      const last = text[end - 1];
      if (end > afterColon && trailing.includes(last)) end--;
      else if (end > afterColon && last === ')' && closes > opens) {
        end--;
        closes--;
      } else break;
    }
    PROSE_SCHEME.lastIndex = Math.max(end, afterColon);
    if (/^\/*$/.test(text.slice(afterColon, end))) continue;
    found.push(plain(text, start, end));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// HTML

const HTML_WS = /[\t\n\f\r ]/;

/** The attribute's value with character references decoded, each unit mapped to the document. */
function decodeAttributeValue(text: string, start: number, end: number): Decoded {
  const d = new Decoded();
  let i = start;
  while (i < end) {
    const c = text[i];
    if (c === '&') {
      const ref = characterReference(text, i, end, DecodingMode.Attribute);
      if (ref) {
        d.push(ref.value, i, i + ref.length);
        i += ref.length;
        continue;
      }
    }
    if (c === '\r') {
      // the input stream's newline normalisation: CR LF and CR become LF
      const len = text[i + 1] === '\n' && i + 1 < end ? 2 : 1;
      d.push('\n', i, i + len);
      i += len;
      continue;
    }
    if (c === '\u0000') {
      d.push('\ufffd', i, i + 1);
      i++;
      continue;
    }
    d.push(c, i, i + 1);
    i++;
  }
  return d;
}

/** The URL candidates of a srcset value: [start, end) of each URL in the decoded value. */
export function srcsetURLs(value: string): Array<[number, number]> {
  // https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute
  const out: Array<[number, number]> = [];
  let pos = 0;
  const n = value.length;
  while (pos < n) {
    while (pos < n && (HTML_WS.test(value[pos]) || value[pos] === ',')) pos++;
    if (pos >= n) break;
    const start = pos;
    while (pos < n && !HTML_WS.test(value[pos])) pos++;
    let end = pos;
    if (value[end - 1] === ',') {
      while (end > start && value[end - 1] === ',') end--;
    } else {
      // descriptors up to a comma outside parentheses
      let inParens = false;
      for (; pos < n; pos++) {
        const c = value[pos];
        if (inParens) {
          if (c === ')') inParens = false;
        } else if (c === '(') inParens = true;
        else if (c === ',') {
          pos++;
          break;
        }
      }
    }
    if (end > start) out.push([start, end]);
  }
  return out;
}

const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'cite', 'poster', 'srcset', 'data']);

interface HTMLNode {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string; prefix?: string }>;
  sourceCodeLocation?: { attrs?: Record<string, { startOffset: number; endOffset: number }> } | null;
  childNodes?: HTMLNode[];
  content?: HTMLNode;
}

/** The URLs in the URL attributes of the HTML in `text`. */
function htmlURLs(text: string): FoundURL[] {
  const found: FoundURL[] = [];
  const doc = parseHTML(text, { sourceCodeLocationInfo: true }) as unknown as HTMLNode;
  const visit = (node: HTMLNode): void => {
    const locs = node.sourceCodeLocation?.attrs;
    if (node.attrs && locs) {
      for (const attr of node.attrs) {
        const name = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
        if (!URL_ATTRIBUTES.has(name)) continue;
        if (name === 'data' && node.tagName !== 'object') continue;
        const loc = locs[name] ?? locs[attr.name];
        if (!loc) continue;
        const value = attributeValueSpan(text, loc.startOffset, loc.endOffset, name.length);
        if (!value) continue;
        const d = decodeAttributeValue(text, value[0], value[1]);
        if (d.value !== attr.value) {
          // not what the tokenizer made of it (should not happen): the whole value, unmapped
          const whole = new Decoded();
          whole.push(attr.value, value[0], value[1]);
          found.push(foundFrom(whole, value[0], value[1]));
          continue;
        }
        if (name === 'srcset') {
          for (const [s, e] of srcsetURLs(d.value)) found.push(foundFrom(d, value[0], value[1], s, e));
        } else {
          found.push(foundFrom(d, value[0], value[1]));
        }
      }
    }
    for (const c of node.childNodes ?? []) visit(c);
    if (node.content) visit(node.content);
  };
  visit(doc);
  return found;
}

/** [start, end) of the value inside `name = "value"` at text[start, end), or null without "=". */
function attributeValueSpan(text: string, start: number, end: number, nameLength: number): [number, number] | null {
  let i = start + nameLength;
  while (i < end && HTML_WS.test(text[i])) i++;
  if (text[i] !== '=') return null;
  i++;
  while (i < end && HTML_WS.test(text[i])) i++;
  const q = text[i];
  if ((q === '"' || q === "'") && end - i >= 2 && text[end - 1] === q) return [i + 1, end - 1];
  return [i, end];
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** `text` with the given ranges blanked (line breaks kept), so offsets stay as they were. */
function blank(text: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  if (ranges.length === 0) return text;
  const chars = text.split('');
  for (const [s, e] of ranges) for (let i = s; i < e; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
  return chars.join('');
}

/** Fenced code blocks, code spans and HTML comments: where a Markdown file's text is not prose. */
function markdownCodeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  // fenced code blocks, line by line
  const lineRe = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  let fence: { char: string; length: number; start: number } | null = null;
  for (let m = lineRe.exec(text); m && m[0] !== ''; m = lineRe.exec(text)) {
    const line = m[0].replace(/[\r\n]+$/, '');
    const lineEnd = m.index + m[0].length;
    if (fence) {
      const close = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) {
        ranges.push([fence.start, lineEnd]);
        fence = null;
      }
    } else {
      const open = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})(.*)$/.exec(line);
      if (open && !(open[1][0] === '`' && open[2].includes('`'))) fence = { char: open[1][0], length: open[1].length, start: m.index };
    }
  }
  if (fence) ranges.push([fence.start, text.length]);
  const fenced = blank(text, ranges);
  // where blank lines are: a code span does not cross one
  const blanks: number[] = [];
  const blankLine = /(?:\r\n|\r|\n)[ \t]*(?=\r|\n)/g;
  for (let m = blankLine.exec(fenced); m; m = blankLine.exec(fenced)) blanks.push(m.index);
  const nextBlank = (after: number): number => {
    let lo = 0;
    let hi = blanks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (blanks[mid] > after) hi = mid;
      else lo = mid + 1;
    }
    return lo < blanks.length ? blanks[lo] : Infinity;
  };
  // then code spans and HTML comments, left to right: whichever starts first wins
  const tokens = /`+|<!--/g;
  let openRun: RegExpExecArray | null = null;
  let openBlank = Infinity;
  for (let m = tokens.exec(fenced); m; m = tokens.exec(fenced)) {
    if (m[0] === '<!--') {
      if (openRun && openBlank > m.index) continue; // inside a code span
      openRun = null;
      const close = fenced.indexOf('-->', m.index + 4);
      // an unclosed comment runs to the end only as an HTML block (at the start of a line)
      if (close < 0 && !/(?:^|[\r\n])[ \t]{0,3}$/.test(fenced.slice(Math.max(0, m.index - 4), m.index))) continue;
      const end = close < 0 ? fenced.length : close + 3;
      ranges.push([m.index, end]);
      tokens.lastIndex = end;
    } else if (!openRun) {
      if (!escaped(fenced, m.index)) {
        openRun = m;
        openBlank = nextBlank(m.index);
      } else if (m[0].length > 1) {
        // "\``": the escape takes one backtick, the rest opens
        tokens.lastIndex = m.index + 1;
      }
    } else if (openBlank < m.index) {
      // the opener found no closer before a blank line: it was literal; this run may open
      openRun = escaped(fenced, m.index) ? null : m;
      openBlank = nextBlank(m.index);
    } else if (m[0].length === openRun[0].length) {
      ranges.push([openRun.index, m.index + m[0].length]);
      openRun = null;
    }
  }
  // an opener without a closer is literal text: nothing to skip
  return ranges;
}

/** Whether text[at] is escaped by an odd number of backslashes before it. */
function escaped(text: string, at: number): boolean {
  let n = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

const ASCII_PUNCTUATION = /[!-\/:-@\[-`{-~]/;

/** A link destination's text decoded: backslash escapes of ASCII punctuation, character references. */
function decodeMarkdown(text: string, start: number, end: number): Decoded {
  const d = new Decoded();
  let i = start;
  while (i < end) {
    const c = text[i];
    if (c === '\\' && i + 1 < end && ASCII_PUNCTUATION.test(text[i + 1])) {
      d.push(text[i + 1], i, i + 2);
      i += 2;
      continue;
    }
    if (c === '&') {
      const ref = characterReference(text, i, end, DecodingMode.Strict);
      if (ref) {
        d.push(ref.value, i, i + ref.length);
        i += ref.length;
        continue;
      }
    }
    d.push(c, i, i + 1);
    i++;
  }
  return d;
}

/** A link destination at text[at]: the [start, end) of its text (inside "<>" for the pointy form) and where it stops. */
function linkDestination(text: string, at: number): { start: number; end: number; after: number } | null {
  if (text[at] === '<') {
    let i = at + 1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\\' && i + 1 < text.length && ASCII_PUNCTUATION.test(text[i + 1])) {
        i++;
        continue;
      }
      if (c === '\n' || c === '\r' || c === '<') return null;
      if (c === '>') return { start: at + 1, end: i, after: i + 1 };
    }
    return null;
  }
  let depth = 0;
  let i = at;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && ASCII_PUNCTUATION.test(text[i + 1])) {
      i++;
      continue;
    }
    if (c <= ' ' || c === '\u007f') break;
    if (c === '(') {
      // as cmark does, at most 32 nested parentheses
      if (++depth > 32) return null;
    } else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  if (depth !== 0 || i === at) return null;
  return { start: at, end: i, after: i };
}

/** Spaces and tabs, then at most one line break and more spaces and tabs. */
function skipLinkSpace(text: string, i: number): number {
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
  else if (text[i] === '\n' || text[i] === '\r') i++;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

/** A link title at text[i] ("...", '...' or (...)): where it ends, or null. */
function linkTitle(text: string, i: number): number | null {
  const open = text[i];
  const close = open === '(' ? ')' : open;
  if (open !== '"' && open !== "'" && open !== '(') return null;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text[j] === close) return j + 1;
    if (open === '(' && text[j] === '(') return null;
  }
  return null;
}

function markdownURLs(text: string): FoundURL[] {
  const masked0 = blank(text, markdownCodeRanges(text));
  const found: FoundURL[] = [];
  const taken: Array<[number, number]> = [];
  const take = (f: FoundURL, region: [number, number]) => {
    found.push(f);
    taken.push(region);
  };

  // autolinks <scheme:...>
  const autolink = /<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^\u0000-\u0020<>]*)>/g;
  for (let m = autolink.exec(masked0); m; m = autolink.exec(masked0)) {
    if (escaped(masked0, m.index)) continue;
    take(plain(text, m.index + 1, m.index + 1 + m[1].length), [m.index, m.index + m[0].length]);
  }
  let masked = blank(masked0, taken);

  // inline links and images: "](" destination title? ")"
  for (let i = masked.indexOf(']('); i >= 0; i = masked.indexOf('](', i + 1)) {
    if (escaped(masked, i)) continue;
    const at = skipLinkSpace(masked, i + 2);
    const dest = masked[at] === ')' ? null : linkDestination(masked, at);
    if (!dest) continue;
    let j = skipLinkSpace(masked, dest.after);
    if (j > dest.after) {
      const t = linkTitle(masked, j);
      if (t !== null) j = skipLinkSpace(masked, t);
    }
    if (masked[j] !== ')') continue;
    if (dest.end > dest.start) take(foundFrom(decodeMarkdown(text, dest.start, dest.end), dest.start, dest.end), [dest.start, dest.end]);
  }

  // reference definitions: [label]: destination
  // (not footnotes "[^1]: text"; a label is not only white space)
  const definition = /^(?:[ \t]*>)*[ \t]{0,3}\[((?:[^\\\[\]]|\\[\s\S]){1,999})\]:/gm;
  for (let m = definition.exec(masked); m; m = definition.exec(masked)) {
    if (m[1].startsWith('^') || !/\S/.test(m[1])) continue;
    const at = skipLinkSpace(masked, m.index + m[0].length);
    const dest = linkDestination(masked, at);
    if (!dest) continue;
    const next = masked[dest.after];
    if (next !== undefined && !/\s/.test(next)) continue;
    if (dest.end > dest.start) take(foundFrom(decodeMarkdown(text, dest.start, dest.end), dest.start, dest.end), [dest.start, dest.end]);
  }
  masked = blank(masked0, taken);

  // inline HTML (parsed in the masked copy: a value that runs into blanked text is left out)
  if (/<[A-Za-z]/.test(masked)) {
    for (const f of htmlURLs(masked)) {
      if (masked.slice(f.start, f.end) === text.slice(f.start, f.end)) take(f, [f.start, f.end]);
    }
    masked = blank(masked0, taken);
  }

  // prose (blanked text is white space, where a prose URL stops: each is text's own slice)
  return found.concat(proseURLs(masked, 'markdown'));
}

// ---------------------------------------------------------------------------------------------

/** The URLs in `text`, in document order. */
export function findURLs(text: string, options: { kind: SourceKind }): FoundURL[] {
  let found: FoundURL[];
  if (options.kind === 'html') found = htmlURLs(text);
  else if (options.kind === 'markdown') found = markdownURLs(text);
  else found = proseURLs(text, 'text');
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** 1-based line and column (UTF-16 units) of each offset in `text`; CR LF, CR and LF end lines. */
export function positions(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/** Every validation error of every URL in `text`, in document order. */
export function lintText(text: string, options: LintOptions): LintDiagnostic[] {
  let base: URLRecord | undefined;
  if (options.base !== undefined) {
    const b = typeof options.base === 'string' ? parseURL(options.base) : options.base;
    if (!b) throw new TypeError(`the base URL does not parse: ${JSON.stringify(options.base)}`);
    base = b;
  }
  const at = positions(text);
  const out: LintDiagnostic[] = [];
  for (const f of findURLs(text, { kind: options.kind })) {
    if (f.relative && !base) continue;
    const seen = new Set<string>();
    for (const e of parseWithDiagnostics(f.url, { baseURL: base }).errors) {
      const key = `${e.type} ${e.start} ${e.end}`;
      if (seen.has(key)) continue; // the parser may meet the same error twice at one place
      seen.add(key);
      const [start, end] = sourceSpan(f, e.start, e.end);
      const s = at(start);
      const t = at(end);
      out.push({ line: s.line, column: s.column, endLine: t.line, endColumn: t.column, start, end, url: f.url, type: e.type, failure: e.failure, message: e.message });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
