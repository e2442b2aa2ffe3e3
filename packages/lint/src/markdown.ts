// URLs in Markdown, as micromark (the CommonMark parser under mdast-util-from-markdown) reads
// them, with the exact offsets of each construct:
//   - inline link and image destinations `[a](here "title")`, `[a](<here>)`, and reference
//     definitions `[id]: here`, with backslash escapes and character references decoded;
//   - autolinks `<scheme:...>` (and `<user@host>` as `mailto:`);
//   - the URL attributes of raw HTML, inline or in HTML blocks, through html.ts;
//   - in the rest of the prose: GFM literal autolinks (`https://...`, `www.` read as
//     `http://www.`, e-mail addresses read as `mailto:`, and GFM's extended protocol autolinks
//     `mailto:me@example.com` and `xmpp:me@example.com/resource` as written), then the prose URLs
//     of text.ts;
//   - nothing inside code spans, fenced or indented code blocks, or HTML comments.
//
// Speed. micromark is exact but slow (about 1 MB/s on link-heavy text), so a piece of text is
// first cut into top-level blocks by a scanner of its own (the fast path, further down), which
// handles the common blocks itself: blank lines, ATX headings, paragraphs, fenced and indented
// code, thematic breaks, and list items made of one paragraph; and, inside them, every inline
// construct (code spans, links, images, references, autolinks, raw HTML tags on one line,
// escapes, character references, GFM literal autolinks), each a transcription of the micromark
// construct it stands for. Anything else (block quotes, nested blocks in list items, HTML
// blocks, setext headings, tabs in indentation, a tag across lines...) goes to micromark, in
// stretches of whole blocks. A stretch is parsed on its own, so it must start and end where a
// top-level block starts whatever came before: it starts where the fast path left off (a block
// boundary it knows), and ends before a line at the left margin that follows a blank line or is
// an ATX heading, a list item or a code fence (such a line closes every open block but a fenced
// code block or an HTML block); micromark's own events then tell whether the stretch ended
// inside a top-level fenced code block or HTML block, and if so the stretch is made longer.
//
// Reference definitions are kept in a Set (micromark's parser reads them through `includes` and
// adds through `push`): those of earlier pieces and of the whole current piece count, as they
// would if micromark parsed the piece whole. A stretch parsed before a later block of the same
// piece added a definition is parsed again if it has a "]".
//
// A large document is parsed in pieces (MarkdownSplitter), cut before such lines as above: a line
// at the left margin, not white space, after a blank line; or an ATX heading or a bullet list
// item ("- x", "* x", "+ x") at the left margin. Never inside a fenced code block or an HTML block
// as far as the splitter can tell; and where it is wrong, the parser finds it out (its last
// block is still open at the end of the piece) and reads that block on, line by line, in the next
// pieces until it ends (MarkdownParser.push, Held). What a piece boundary can still change: a
// reference link `[text][id]` whose definition comes in a LATER piece is not recognised as a link
// (definitions of earlier pieces are carried forward, so those resolve); its text is then read as
// prose, which finds the same URLs in it.
//
// Bounds. Whatever the document, a piece is bounded (MarkdownSplitter: SPLIT_SOFT, SPLIT_HARD,
// and LongRuns for runs without white space), so micromark, which holds hundreds of bytes of
// events per character, is never given more than a few hundred kB; a fenced code block or HTML
// block that never ends is read on line by line (Held), whatever its length; and a line is read
// as nested 100 levels deep at most (MAX_NESTING). Only documents no one writes meet the cuts
// that can change what is found.

import { parse, postprocess, preprocess } from 'micromark';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { characterReference, Decoded, DecodingMode, foundFrom, isRelative, plain, type FoundURL, type URLContext } from './found';
import { HTMLFinder, htmlURLs } from './html';
import { gfmLiteral, isWhiteSpace, LongRuns, proseURLs } from './text';

const ASCII_PUNCTUATION = /[!-\/:-@\[-`{-~]/;

/** A link destination text[start, end) decoded: backslash escapes of ASCII punctuation, character references. */
export function decodeMarkdown(text: string, start: number, end: number): Decoded {
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

/** `text` written with an implied prefix (`http://` before `www.`, `mailto:` before an address). */
function implied(prefix: string, text: string, start: number, end: number): FoundURL {
  const d = new Decoded();
  d.push(prefix, start, start);
  for (let i = start; i < end; i++) d.push(text[i], i, i + 1);
  return { ...foundFrom(d, start, end), context: 'implied' };
}

/** The destination text[s, e) of a link or definition, decoded (the same as decodeMarkdown gives). */
function destinationFound(text: string, s: number, e: number, pointy: boolean, definition: boolean): FoundURL {
  const context: URLContext = pointy ? 'markdown-pointy' : 'markdown-destination';
  let f: FoundURL;
  // Without "\" or "&" decoding changes nothing, and foundFrom would give exactly this.
  if (hasEscapeOrReference(text, s, e)) f = { ...foundFrom(decodeMarkdown(text, s, e), s, e), context };
  else {
    const url = text.slice(s, e);
    f = { url, start: s, end: e, relative: isRelative(url), context };
  }
  if (definition) f.definition = true;
  return f;
}

/**
 * The prose URLs of a link's or definition's title, text[s, e) between its marks: the title as
 * it renders (backslash escapes and character references decoded, as for a destination), read as
 * the prose of a Markdown paragraph, each URL mapped back to the text it was written as. The
 * mark before s says which characters end the title.
 *
 * Where a fix may go: a URL written as it is (nothing decoded in it) is prose ('text'), and its
 * serialization can be written in its place as it stands: a fix is a valid URL string, which
 * holds no '"' and no "\", and holds "'", "(" or ")" only where the URL already did, which a
 * title that those end cannot hold unescaped. A URL with escapes or references in it is replaced
 * escaped as a destination is ('markdown-destination': "\" before "\", "&" of a reference and
 * unbalanced parentheses, each read back the same in a title), unless it holds a character that
 * ends its title ("'" in '...', "(" or ")" in (...)), which that escaping leaves bare: then it
 * gets no fix ('markdown-title').
 */
function titleURLs(text: string, s: number, e: number, out: FoundURL[]): void {
  // (every prose URL has a ":" after its scheme, and decoding makes no ":" of anything else)
  const colon = text.indexOf(':', s);
  if (colon < 0 || colon >= e) return;
  const d = decodeMarkdown(text, s, e);
  const mark = text[s - 1];
  for (const p of proseURLs(d.value, 'markdown')) {
    // the URL's units in d.value (prose may map them too), then to the document through d
    const units = p.starts && p.ends ? p.starts.map((from, i) => [from, p.ends![i]]) : Array.from(p.url, (_, i) => [p.start + i, p.start + i + 1]);
    const mapped = new Decoded();
    for (let i = 0; i < units.length; i++) mapped.push(p.url[i], d.starts[units[i][0]], d.ends[units[i][1] - 1]);
    const f = foundFrom(mapped, s, e);
    if (!f.starts) f.context = 'text';
    else if (mark === "'" ? f.url.includes("'") : mark === '(' ? /[()]/.test(f.url) : false) f.context = 'markdown-title';
    else f.context = 'markdown-destination';
    out.push(f);
  }
}

/** An empty destination (`[a]()`, `[a](<>)`, `[id]: <>`) at `at`. */
function emptyDestination(at: number, definition: boolean): FoundURL {
  const f: FoundURL = { url: '', start: at, end: at, relative: true, context: 'markdown-pointy' };
  if (definition) f.definition = true;
  return f;
}

function hasEscapeOrReference(text: string, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 || c === 38) return true;
  }
  return false;
}

/**
 * The URL of a GFM e-mail autolink literal text[s, e). GFM's autolink extension also links
 * "extended protocol autolinks": `mailto:` or `xmpp:` right before the address (and after no
 * ASCII letter or digit, as cmark-gfm checks it, case-sensitively), the protocol kept as written;
 * after an `xmpp:` address, an optional "/" and a resource of letters, digits, "@" and "." (a
 * trailing "." left out). Nothing else: `mailto:me@example.com?subject=x` links
 * `mailto:me@example.com`, and the rest is text. micromark's extension has no protocol literals
 * ("To do" in its source), so they are added here. Returns the URL and where it ends.
 */
function emailLiteral(text: string, s: number, e: number): FoundURL {
  let start = s;
  let end = e;
  const before = (n: number) => s - n === 0 || !isAsciiAlphanumeric(text.charCodeAt(s - n - 1));
  if (s >= 7 && text.startsWith('mailto:', s - 7) && before(7)) start = s - 7;
  else if (s >= 5 && text.startsWith('xmpp:', s - 5) && before(5)) {
    start = s - 5;
    if (text.charCodeAt(e) === 47) {
      let q = e + 1;
      for (;;) {
        const c = text.charCodeAt(q);
        if (isAsciiAlphanumeric(c) || c === 64 || c === 46) q++;
        else break;
      }
      while (q > e + 1 && text.charCodeAt(q - 1) === 46) q--;
      if (q > e + 1) end = q;
    }
  }
  if (start === s) return implied('mailto:', text, s, e);
  return { ...plain(text, start, end), context: 'text' };
}

export interface MarkdownFindOptions {
  /** Also prose: GFM literal autolinks and the prose URLs of text.ts (default true). */
  prose?: boolean;
  /** Also the candidates in prose that text.ts leaves out, each with its `leftOut` (default false). */
  leftOut?: boolean;
  /**
   * Handle the common blocks without micromark (default true). The results are the same either
   * way; false is there to check that they are.
   */
  fast?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Characters, as micromark classifies them. micromark reads UTF-16 code units (its `preprocess`
// uses charCodeAt) but gives tabs, line endings and the virtual spaces after a tab negative codes;
// here those are the characters themselves, and every test below that micromark makes with
// `markdownLineEndingOrSpace` or `asciiControl` gives the same answer for them. A piece that has
// U+0000 (which micromark replaces) or U+FEFF (which it drops at the start) never takes the fast
// path.

function isAsciiAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isAsciiAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isAsciiPunctuation(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

/** micromark-util-character's asciiAtext: [#-'*+\--9=?A-Z^-~]. */
function isAsciiAtext(c: number): boolean {
  return (c >= 35 && c <= 39) || c === 42 || c === 43 || (c >= 45 && c <= 57) || c === 61 || c === 63 || (c >= 65 && c <= 90) || (c >= 94 && c <= 126);
}

/** What GFM allows in the local part of an e-mail literal. */
function isGfmAtext(c: number): boolean {
  return c === 43 || c === 45 || c === 46 || c === 95 || isAsciiAlphanumeric(c);
}

function isControl(c: number): boolean {
  return c < 32 || c === 127;
}

function isSpaceOrLineEnding(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isLineEnding(c: number): boolean {
  return c === 10 || c === 13;
}

const UNICODE_WHITESPACE = /\s/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;

function isUnicodeWhitespace(c: number): boolean {
  return c < 128 ? c === 32 || (c >= 9 && c <= 13) : UNICODE_WHITESPACE.test(String.fromCharCode(c));
}

function isUnicodePunctuation(c: number): boolean {
  return c < 128 ? isAsciiPunctuation(c) : UNICODE_PUNCTUATION.test(String.fromCharCode(c));
}

/** micromark-util-normalize-identifier: how labels are compared. */
function normalizeLabel(value: string): string {
  return value.replace(/[\t\n\r ]+/g, ' ').replace(/^ | $/g, '').toLowerCase().toUpperCase();
}

/**
 * `text` with the markers of its simple block quotes turned into spaces: what the fast path then
 * reads as paragraphs, finding what micromark finds in the quotes (tldr's pages, and many
 * READMEs, open with one: "> Description.\n> More information: <https://...>."). A simple quote
 * is a run of lines that each start with ">" at the left margin, after a blank line (or at the
 * start), each line either ">" alone or "> " and text that starts with a letter, "[", "(", "!" or
 * a quote mark: its content is paragraphs whose lines start two columns in, which open no block.
 * Read so, a quote's paragraphs have the same inline content at the same offsets (the white space
 * at the start of a paragraph's line is no part of it), its definitions are the document's, and
 * the line after it ends or continues its last paragraph as it does the quote's (a lazy line). A
 * quote with anything else in it is left as it is, for micromark.
 */
function withSimpleQuotesOpened(text: string): string {
  if (text.charCodeAt(0) !== 62 && text.indexOf('\n>') < 0 && text.indexOf('\r>') < 0) return text;
  const parts = text.split(/(?<=\r\n|\n|\r(?!\n))/);
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].charCodeAt(0) !== 62 || (i > 0 && !/^[ \t]*(?:\r\n|\n|\r)$/.test(parts[i - 1]))) continue;
    let j = i;
    let simple = true;
    while (j < parts.length && parts[j].charCodeAt(0) === 62) {
      if (!/^>(?:[\r\n]|$| [\p{L}\[(!"'])/u.test(parts[j])) simple = false;
      j++;
    }
    if (simple) {
      for (let k = i; k < j; k++) parts[k] = parts[k].startsWith('> ') ? '  ' + parts[k].slice(2) : ' ' + parts[k].slice(1);
      changed = true;
    }
    i = j - 1;
  }
  return changed ? parts.join('') : text;
}

/** micromark's parsers without and with GFM's literals (see DefinedLabels.parser). */
const PARSERS: Array<ReturnType<typeof parse> | undefined> = [];

/** The labels defined so far: a Set, seen by micromark as the array it expects. */
class DefinedLabels {
  private readonly labels = new Set<string>();
  /** What micromark's parser calls: `includes` for a label, `push` for a definition. */
  readonly view = {
    includes: (label: string) => this.labels.has(label),
    push: (label: string) => this.labels.add(label).size,
  } as unknown as string[];

  get size(): number {
    return this.labels.size;
  }

  /**
   * A micromark parser (with GFM's literals or without) that reads these labels. Making one
   * combines micromark's constructs, which costs as much as parsing a paragraph (and more than a
   * small file's whole parse), so one of each is made once in the process and used for every part
   * of every document: what it keeps of a document is only which labels are defined (`defined`,
   * read when used) and which of its lines were lazy (`lazy`, by line number), both set here before
   * each part, which it parses at once.
   */
  parser(gfm: boolean): ReturnType<typeof parse> {
    let parser = PARSERS[gfm ? 1 : 0];
    if (!parser) {
      parser = parse(gfm ? { extensions: [GFM] } : {});
      PARSERS[gfm ? 1 : 0] = parser;
    }
    parser.defined = this.view;
    parser.lazy = {};
    return parser;
  }

  has(label: string): boolean {
    return this.labels.has(label);
  }

  add(label: string): void {
    this.labels.add(label);
  }
}

/**
 * Whether text[start, end) can hold anything that gives a finding or a definition. Proof that a
 * part without any of these gives none, with or without a base URL:
 *   - a link destination, empty or not, is written right after "](" (inline links and images:
 *     the "(" must follow the "]" at once), or after "]:" (a definition, which also is the only
 *     way a part defines a label that later parts may use);
 *   - autolinks and raw HTML (inline or blocks) start with "<";
 *   - GFM literal autolinks: `http://` and `https://` have ":", e-mail addresses "@", and the
 *     `www.` ones "www." (any case);
 *   - prose URLs (text.ts) need ":" after their scheme.
 * A part without these still has its blocks (code, say), which give nothing.
 */
const CANDIDATE = /[:@<]|\]\(|[wW]{3}\./;

function hasCandidate(text: string, start: number, end: number): boolean {
  return CANDIDATE.test(start === 0 && end === text.length ? text : text.slice(start, end));
}

// ---------------------------------------------------------------------------------------------
// micromark

const SKIP = new Set(['codeText', 'codeFenced', 'codeIndented', 'resource', 'definition', 'autolink', 'literalAutolink', 'htmlFlow', 'htmlText']);

const GFM = gfmAutolinkLiteral();

/** What one part of a piece gave. */
interface Part {
  /** [from, to) in the piece. */
  from: number;
  to: number;
  found: FoundURL[];
  /** Ranges that prose must not see (code, destinations, autolinks, HTML...). */
  skipped: Array<[number, number]>;
  /** Whether its last top-level block (a fenced code block or HTML block) is still open at `to`. */
  open: boolean;
  /** When open: a line that may close that block matches this (the first such line is where to look again). */
  closer?: RegExp;
  /** When open: where the open block's first line starts, and whether it is a fenced code block or HTML. */
  openFrom?: number;
  openKind?: 'code' | 'html';
  /** For a part micromark parsed: how many labels were defined when it did. */
  definedAt: number;
  /** For a part the fast path read: the inline content to scan, as [start, end) pairs. */
  inline?: number[];
  /** The labels its definitions define (the fast path adds them when the part is taken). */
  labels?: string[];
  /**
   * The titles of its links, images and definitions (not those in an image's description), as
   * [start, end) pairs of the text between the quotes or parentheses: read as prose (titleURLs).
   */
  titles: number[];
}

/** The kind (1 to 7) of the HTML block that starts at text[at] ("<" after up to three spaces). */
function htmlBlockKind(text: string, at: number, end: number): number {
  const line = text.slice(at, Math.min(end, at + 32));
  if (/^<(?:script|pre|style|textarea)(?:[ \t>]|$)/i.test(line)) return 1;
  if (line.startsWith('<!--')) return 2;
  if (line.startsWith('<?')) return 3;
  if (line.startsWith('<![CDATA[')) return 5;
  if (/^<![A-Za-z]/.test(line)) return 4;
  if (HTML_BLOCK_6.test(text.slice(at, Math.min(end, at + 16)))) return 6;
  return 7;
}

/** The tag names of HTML blocks of kind 6 (CommonMark 0.31, as micromark-util-html-tag-name lists them). */
const HTML_BLOCK_6 = new RegExp(
  '^</?(?:' +
    [
      'address', 'article', 'aside', 'base', 'basefont', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup', 'dd', 'details', 'dialog', 'dir', 'div',
      'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html',
      'iframe', 'legend', 'li', 'link', 'main', 'menu', 'menuitem', 'nav', 'noframes', 'ol', 'optgroup', 'option', 'p', 'param', 'search', 'section', 'summary',
      'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul',
    ].join('|') +
    ')(?:[ \\t>]|/>|$)',
  'i',
);

/** The end condition of an HTML block of kinds 1 to 5. */
const HTML_BLOCK_END: Record<number, RegExp> = { 1: /<\/(?:script|pre|style|textarea)>/i, 2: /-->/, 3: /\?>/, 4: />/, 5: /\]\]>/ };
/** How many characters of the start condition the end condition must come after. */
const HTML_BLOCK_START_LENGTH: Record<number, number> = { 1: 1, 2: 4, 3: 2, 4: 2, 5: 9 };

/** A line that closes a fenced code block opened by `fence` (a run of "`" or "~"). */
function fenceCloser(fence: string): RegExp {
  return new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
}

const BLANK_LINE = /^[ \t]*$/;

/**
 * Whether, in micromark's events of sub (a stretch), the last top-level block is a fenced code
 * block or an HTML block still open at the end: a line after it would belong to it. A fenced
 * code block is closed when it has its closing fence; an HTML block of kinds 1 to 5 when its end
 * condition came; of kinds 6 and 7 when a blank line follows it. When unsure, open (which only
 * makes the stretch longer). Returns, for an open block, what a line that may close it matches,
 * where the block starts in sub and which it is; else null.
 */
function openAtEnd(events: ReturnType<typeof postprocess>, sub: string): { closer: RegExp; start: number; kind: 'code' | 'html' } | null {
  let depth = 0;
  let last = -1;
  for (let k = 0; k < events.length; k++) {
    const [kind, token] = events[k];
    if (kind === 'enter') {
      if (depth === 0 && token.type !== 'lineEnding' && token.type !== 'lineEndingBlank' && token.type !== 'linePrefix' && token.type !== 'whitespace') last = k;
      depth++;
    } else depth--;
  }
  if (last < 0) return null;
  const token = events[last][1];
  const closer = blockCloser(token, events, last, sub);
  return closer ? { closer, start: token.start.offset, kind: token.type === 'codeFenced' ? 'code' : 'html' } : null;
}

/** For openAtEnd: what closes the top-level block `token` (events[last]) when it is open at the end of sub, or null. */
function blockCloser(token: ReturnType<typeof postprocess>[number][1], events: ReturnType<typeof postprocess>, last: number, sub: string): RegExp | null {
  if (token.type === 'codeFenced') {
    let fences = 0;
    for (let k = last + 1; k < events.length && events[k][1] !== token; k++) {
      if (events[k][0] === 'enter' && events[k][1].type === 'codeFencedFence') fences++;
    }
    if (fences >= 2) return null;
    const fence = /^[ \t]*(`+|~+)/.exec(sub.slice(token.start.offset, token.end.offset));
    return fence ? fenceCloser(fence[1]) : /^ {0,3}(?:`{3,}|~{3,})[ \t]*$/;
  }
  if (token.type === 'htmlFlow') {
    const s = token.start.offset;
    const e = token.end.offset;
    const at = sub.indexOf('<', s);
    if (at < 0 || at >= e) return BLANK_LINE;
    const kind = htmlBlockKind(sub, at, e);
    if (kind <= 5) return HTML_BLOCK_END[kind].test(sub.slice(at + HTML_BLOCK_START_LENGTH[kind], e)) ? null : HTML_BLOCK_END[kind];
    return /^(?:\r\n|\r(?!\n)|\n)[ \t]*[\r\n]/.test(sub.slice(e, e + 64)) ? null : BLANK_LINE;
  }
  return null;
}

/**
 * The most block quotes and list items a line opens, one inside the other, that micromark is given.
 * micromark's time grows with the square of the depth (a line of 16,000 "- " takes a minute, 128,000
 * "> " take 845 MB); no document written for people comes near 100 levels.
 */
export const MAX_NESTING = 100;

/**
 * `sub` with each line's container markers past the first MAX_NESTING turned into "x": a ">", or
 * a list item's marker as listItem reads it (bullet or ordinal) with the white space after it.
 * What follows them is then read as the text of a paragraph at that depth, so its links and
 * literal URLs are still found, at the same offsets (the length does not change). Lines within
 * the limit, and so every document written for people, are left as they are.
 *
 * A line also goes on with the list items it is indented under, which needs 2 columns or more of
 * indentation each ("- " is the narrowest marker): so a marker after w columns of white space
 * (less one for each marker before it, the space that follows a marker) is counted as that many
 * markers and half w. A list nested 2,000 deep by indentation alone is so read as 100 levels,
 * then text.
 */
function withNestingCapped(sub: string): string {
  let out: string[] | null = null;
  let last = 0;
  const n = sub.length;
  for (let at = 0; at < n; ) {
    const nl = sub.indexOf('\n', at);
    const e = nl < 0 ? n : nl;
    let markers = 0;
    let columns = 0;
    let i = at;
    for (;;) {
      for (; i < e; i++) {
        const c = sub.charCodeAt(i);
        if (c === 0x20) columns++;
        else if (c === 0x09) columns += 4 - (columns % 4);
        else break;
      }
      if (i >= e) break;
      // a ">", or a list item's marker with the white space after it (listItem, as the fast path reads one)
      let end = i + 1;
      if (sub.charCodeAt(i) !== 0x3e) {
        const item = listItem(sub, i, e, 0);
        if (item === null) break;
        end = item.content < 0 ? e : item.content;
      }
      if (++markers + Math.max(0, (columns - markers + 1) >> 1) > MAX_NESTING) {
        out ??= [];
        out.push(sub.slice(last, i), 'x'.repeat(end - i));
        last = end;
      }
      i = end;
    }
    at = e + 1;
  }
  if (out === null) return sub;
  out.push(sub.slice(last));
  return out.join('');
}

/**
 * micromark on text[from, to) (which starts a top-level block): its findings and skipped ranges
 * in piece offsets, and whether it ends inside an open block.
 */
function micromarkPart(text: string, from: number, to: number, prose: boolean, defined: DefinedLabels): Part {
  const sub = withNestingCapped(text.slice(from, to));
  const part: Part = { from, to, found: [], skipped: [], open: false, definedAt: 0, titles: [] };
  const parser = defined.parser(prose);
  const events = postprocess(parser.document().write(preprocess()(sub, undefined, true)));
  const openBlock = openAtEnd(events, sub);
  if (openBlock) {
    part.open = true;
    part.closer = openBlock.closer;
    // the block's first line, from its start
    let at = openBlock.start;
    while (at > 0 && sub.charCodeAt(at - 1) !== 10 && sub.charCodeAt(at - 1) !== 13) at--;
    part.openFrom = from + at;
    part.openKind = openBlock.kind;
  }
  part.definedAt = defined.size;
  const found = part.found;
  const skipped = part.skipped;
  // the open constructs, to know when a URL is in an image's description (which renders as
  // its alt text: a link or image written there is no URL of the document), and whether a
  // resource or definition had a destination at all ("[a]()" and "[a](<>)" have an empty one)
  const open: string[] = [];
  let inAlt = 0;
  let destination: { at: number; seen: boolean; definition: boolean } | null = null;
  // the end of an `xmpp:` literal's resource, inside which micromark's own literals do not count
  let literalEnd = -1;
  for (const [kind, token] of events) {
    const s = token.start.offset + from;
    const e = token.end.offset + from;
    const type = token.type as string;
    if (kind === 'exit') {
      open.pop();
      if (type === 'label' && open[open.length - 1] === 'image') inAlt--;
      if ((type === 'resource' || type === 'definition') && destination) {
        if (!destination.seen && inAlt === 0) found.push(emptyDestination(destination.at, destination.definition));
        destination = null;
      }
      continue;
    }
    open.push(type);
    if (type === 'label' && open[open.length - 2] === 'image') inAlt++;
    if (type === 'resource' || type === 'definition') destination = { at: s + 1, seen: false, definition: type === 'definition' };
    if (destination && (type === 'resourceDestinationLiteralMarker' || type === 'definitionDestinationLiteralMarker') && text[s] === '<') destination.at = e;
    if (type === 'resourceDestinationString' || type === 'definitionDestinationString') destination!.seen = true;
    // literals: the inner token says which kind (the outer `literalAutolink` has the same range)
    if (type === 'literalAutolink') continue;
    if (type === 'literalAutolinkHttp' || type === 'literalAutolinkWww' || type === 'literalAutolinkEmail') {
      if (s < literalEnd) continue;
      const f = type === 'literalAutolinkHttp' ? gfmLiteral(text, s, e) : type === 'literalAutolinkWww' ? implied('http://', text, s, e) : emailLiteral(text, s, e);
      // (what GFM links, even past the URL that gfmLiteral keeps, is no prose)
      const linkEnd = type === 'literalAutolinkHttp' ? e : f.end;
      skipped.push([f.start, linkEnd]);
      literalEnd = linkEnd;
      if (inAlt === 0) found.push(f);
      continue;
    }
    if (SKIP.has(type)) skipped.push([s, e]);
    if (inAlt > 0) continue;
    switch (type) {
      case 'resourceDestinationString':
      case 'definitionDestinationString':
        found.push(destinationFound(text, s, e, text[s - 1] === '<', type === 'definitionDestinationString'));
        break;
      case 'resourceTitleString':
      case 'definitionTitleString':
        part.titles.push(s, e);
        break;
      case 'autolinkProtocol':
        found.push({ ...plain(text, s, e), context: 'markdown-autolink' });
        break;
      case 'autolinkEmail':
        found.push(implied('mailto:', text, s, e));
        break;
      case 'htmlFlow':
      case 'htmlText':
        for (const f of htmlURLs(sub.slice(s - from, e - from))) found.push(moved(f, s));
        break;
      default:
        break;
    }
  }
  return part;
}

/** `f` moved by `delta`, in place (a finding this file made and nobody else holds). */
function moved(f: FoundURL, delta: number): FoundURL {
  if (delta === 0) return f;
  f.start += delta;
  f.end += delta;
  if (f.starts && f.ends) {
    for (let i = 0; i < f.starts.length; i++) {
      f.starts[i] += delta;
      f.ends[i] += delta;
    }
  }
  return f;
}

// ---------------------------------------------------------------------------------------------
// The fast path: inline content.
//
// Each method below is the micromark construct of the same name read as a loop over the text,
// with micromark's `null` (the end of the content) at `this.end`. The main loop is micromark's
// text tokenizer: at each character the constructs that start with it are tried in micromark's
// order (the GFM literals before CommonMark's own), and a character where none succeeds is data.
// A character where micromark would try none (a letter after a letter, for instance) is data
// here too. `previous` is the character before, whitespace at the start of the content.

/** A "[" or "![" that no "]" has closed yet. */
interface Opener {
  at: number;
  image: boolean;
  /** A link formed after it: it can no longer be one (links do not nest). */
  inactive: boolean;
}

/** Returned by a construct that the fast path does not read (the block goes to micromark). */
const BAIL = -2;

class InlineScanner {
  private end = 0;
  private start = 0;
  /** For each length of backtick run, a position from which no run of that length follows. */
  private readonly noCloser = new Map<number, number>();

  constructor(
    private readonly text: string,
    private readonly defined: DefinedLabels,
    private readonly literals: boolean,
    private readonly part: Part,
  ) {}

  /** Reads the inline content text[start, end); false when it meets what it does not read. */
  scan(start: number, end: number): boolean {
    const text = this.text;
    this.start = start;
    this.end = end;
    this.noCloser.clear();
    const openers: Opener[] = [];
    let p = start;
    while (p < end) {
      const c = text.charCodeAt(p);
      if (c === 92) {
        // characterEscape: "\" and ASCII punctuation; else "\" is data (or a hard break)
        p += p + 1 < end && isAsciiPunctuation(text.charCodeAt(p + 1)) ? 2 : 1;
      } else if (c === 96) {
        let n = 1;
        while (p + n < end && text.charCodeAt(p + n) === 96) n++;
        const close = this.codeText(p + n, n);
        if (close < 0) p += n;
        else {
          this.part.skipped.push([p, close]);
          p = close;
        }
      } else if (c === 60) {
        let q = this.autolink(p);
        if (q === 0) q = this.htmlText(p);
        if (q === BAIL) return false;
        p = q > 0 ? q : p + 1;
      } else if (c === 33) {
        if (p + 1 < end && text.charCodeAt(p + 1) === 91) {
          openers.push({ at: p, image: true, inactive: false });
          p += 2;
        } else p++;
      } else if (c === 91) {
        openers.push({ at: p, image: false, inactive: false });
        p++;
      } else if (c === 93) {
        p = this.labelEnd(openers, p);
      } else if (this.literals && openers.length === 0 && isGfmAtext(c)) {
        // GFM literals are not recognised after a "[" or "![" that is still open
        const q = this.literal(p, c);
        p = q > 0 ? q : p + 1;
      } else p++;
    }
    return true;
  }

  private code(q: number): number {
    return q < this.end ? this.text.charCodeAt(q) : -1;
  }

  /** codeText: the end of the code span whose opening run of n backticks ends at q, or -1. */
  private codeText(q: number, n: number): number {
    const text = this.text;
    const known = this.noCloser.get(n);
    if (known !== undefined && q >= known) return -1;
    let i = q;
    while (i < this.end) {
      const at = text.indexOf('`', i);
      if (at < 0 || at >= this.end) break;
      let m = 1;
      while (at + m < this.end && text.charCodeAt(at + m) === 96) m++;
      if (m === n) return at + m;
      i = at + m;
    }
    this.noCloser.set(n, q);
    return -1;
  }

  /** autolink at "<": its end, or 0. */
  private autolink(p: number): number {
    let q = p + 1;
    let c = this.code(q);
    let size = 0;
    let email = false;
    if (isAsciiAlpha(c)) {
      q++;
      c = this.code(q);
      if (c === 43 || c === 45 || c === 46 || isAsciiAlphanumeric(c)) {
        size = 1;
        for (;;) {
          c = this.code(q);
          if (c === 58) {
            q++;
            // urlInside
            for (;;) {
              c = this.code(q);
              if (c === 62) {
                this.part.skipped.push([p, q + 1]);
                this.part.found.push({ ...plain(this.text, p + 1, q), context: 'markdown-autolink' });
                return q + 1;
              }
              if (c < 0 || c === 32 || c === 60 || isControl(c)) return 0;
              q++;
            }
          }
          if ((c === 43 || c === 45 || c === 46 || isAsciiAlphanumeric(c)) && size++ < 32) q++;
          else break;
        }
        size = 0;
      }
    } else if (c === 64) return 0;
    // emailAtext
    for (;;) {
      c = this.code(q);
      if (c === 64) {
        q++;
        break;
      }
      if (c >= 0 && isAsciiAtext(c)) q++;
      else return 0;
    }
    // emailAtSignOrDot, emailLabel, emailValue
    let state: 'atSignOrDot' | 'label' | 'value' = 'atSignOrDot';
    for (;;) {
      c = this.code(q);
      if (state === 'atSignOrDot') {
        if (!isAsciiAlphanumeric(c)) return 0;
        state = 'label';
      }
      if (state === 'label') {
        if (c === 46) {
          q++;
          size = 0;
          state = 'atSignOrDot';
          continue;
        }
        if (c === 62) {
          email = true;
          break;
        }
      }
      // emailValue
      if ((c === 45 || isAsciiAlphanumeric(c)) && size++ < 63) {
        state = c === 45 ? 'value' : 'label';
        q++;
      } else return 0;
    }
    if (!email) return 0;
    this.part.skipped.push([p, q + 1]);
    this.part.found.push(implied('mailto:', this.text, p + 1, q));
    return q + 1;
  }

  /** htmlText at "<" (tags on one line; comments and the like are not read here): its end, 0, or BAIL. */
  private htmlText(p: number): number {
    let q = p + 1;
    let c = this.code(q);
    if (c === 33) {
      const d = this.code(q + 1);
      return d === 45 || d === 91 || isAsciiAlpha(d) ? BAIL : 0;
    }
    if (c === 63) return BAIL;
    if (c === 47) {
      // tagCloseStart, tagClose, tagCloseBetween
      q++;
      if (!isAsciiAlpha(this.code(q))) return 0;
      q++;
      while (this.code(q) === 45 || isAsciiAlphanumeric(this.code(q))) q++;
      for (;;) {
        c = this.code(q);
        if (isLineEnding(c)) return BAIL;
        if (c === 32 || c === 9) q++;
        else break;
      }
      return c === 62 ? this.tag(p, q + 1) : 0;
    }
    if (!isAsciiAlpha(c)) return 0;
    // tagOpen
    q++;
    while (this.code(q) === 45 || isAsciiAlphanumeric(this.code(q))) q++;
    c = this.code(q);
    if (!(c === 47 || c === 62 || isSpaceOrLineEnding(c))) return 0;
    for (;;) {
      // tagOpenBetween
      c = this.code(q);
      if (c === 47) return this.code(q + 1) === 62 ? this.tag(p, q + 2) : 0;
      if (c === 58 || c === 95 || isAsciiAlpha(c)) {
        // tagOpenAttributeName
        q++;
        for (;;) {
          c = this.code(q);
          if (c === 45 || c === 46 || c === 58 || c === 95 || isAsciiAlphanumeric(c)) q++;
          else break;
        }
        // tagOpenAttributeNameAfter
        for (;;) {
          c = this.code(q);
          if (isLineEnding(c)) return BAIL;
          if (c === 32 || c === 9) q++;
          else break;
        }
        if (c !== 61) continue;
        q++;
        // tagOpenAttributeValueBefore
        for (;;) {
          c = this.code(q);
          if (c < 0 || c === 60 || c === 61 || c === 62 || c === 96) return 0;
          if (isLineEnding(c)) return BAIL;
          if (c === 32 || c === 9) q++;
          else break;
        }
        if (c === 34 || c === 39) {
          const marker = c;
          q++;
          for (;;) {
            c = this.code(q);
            if (c === marker) break;
            if (c < 0) return 0;
            if (isLineEnding(c)) return BAIL;
            q++;
          }
          q++;
          // tagOpenAttributeValueQuotedAfter
          c = this.code(q);
          if (!(c === 47 || c === 62 || isSpaceOrLineEnding(c))) return 0;
          continue;
        }
        q++;
        // tagOpenAttributeValueUnquoted
        for (;;) {
          c = this.code(q);
          if (c < 0 || c === 34 || c === 39 || c === 60 || c === 61 || c === 96) return 0;
          if (c === 47 || c === 62 || isSpaceOrLineEnding(c)) break;
          q++;
        }
        continue;
      }
      if (isLineEnding(c)) return BAIL;
      if (c === 32 || c === 9) {
        q++;
        continue;
      }
      return c === 62 ? this.tag(p, q + 1) : 0;
    }
  }

  private tag(p: number, end: number): number {
    this.part.skipped.push([p, end]);
    for (const f of htmlURLs(this.text.slice(p, end))) this.part.found.push(moved(f, p));
    return end;
  }

  /** labelEnd at "]": where scanning goes on. */
  private labelEnd(openers: Opener[], p: number): number {
    const text = this.text;
    const opener = openers[openers.length - 1];
    if (!opener) return p + 1;
    openers.pop();
    if (opener.inactive) return p + 1;
    const defined = this.defined.has(normalizeLabel(text.slice(opener.at + (opener.image ? 2 : 1), p)));
    const after = p + 1;
    const c = this.code(after);
    let end = -1;
    let resource: { end: number; s: number; e: number; pointy: boolean; ts: number; te: number } | null = null;
    if (c === 40) {
      resource = this.resource(after);
      if (resource) end = resource.end;
      else if (defined) end = after;
    } else if (c === 91) {
      const label = this.label(after);
      if (label > 0 && this.defined.has(normalizeLabel(text.slice(after + 1, label - 1)))) end = label;
      else if (defined && this.code(after + 1) === 93) end = after + 2;
    } else if (defined) end = after;
    if (end < 0) return p + 1;
    const found = this.part.found;
    const titles = this.part.titles;
    if (opener.image) {
      // nothing in an image's description is a URL of the document
      while (found.length > 0 && found[found.length - 1].start >= opener.at) found.pop();
      while (titles.length > 0 && titles[titles.length - 2] >= opener.at) titles.length -= 2;
    } else for (const o of openers) if (!o.image) o.inactive = true;
    if (resource) {
      this.part.skipped.push([after, resource.end]);
      found.push(resource.s < 0 ? emptyDestination(resource.e, false) : destinationFound(text, resource.s, resource.e, resource.pointy, false));
      // (an empty title has no text, and micromark gives it no string)
      if (resource.te > resource.ts) titles.push(resource.ts, resource.te);
    }
    return end;
  }

  /**
   * The resource "(...)" at q: its end, its destination [s, e) (s = -1 when it has none: then e
   * is where micromark puts the empty one), and its title's text [ts, te) between the marks
   * (empty when it has none), or null.
   */
  private resource(q: number): { end: number; s: number; e: number; pointy: boolean; ts: number; te: number } | null {
    const at = q + 1;
    q = this.whitespace(at);
    let s = -1;
    let e = at;
    let pointy = false;
    let ts = 0;
    let te = 0;
    if (this.code(q) !== 41) {
      const d = destination(this.text, q, this.end, 32);
      if (!d) return null;
      if (d.e > d.s) {
        s = d.s;
        e = d.e;
      } else e = d.s;
      pointy = d.pointy;
      q = d.end;
      if (isSpaceOrLineEnding(this.code(q))) {
        q = this.whitespace(q);
        const m = this.code(q);
        if (m === 34 || m === 39 || m === 40) {
          ts = q + 1;
          q = title(this.text, q, this.end);
          if (q < 0) return null;
          te = q - 1;
          q = this.whitespace(q);
        }
      }
    }
    if (this.code(q) !== 41) return null;
    return { end: q + 1, s, e, pointy, ts, te };
  }

  private whitespace(q: number): number {
    while (q < this.end && isSpaceOrLineEnding(this.text.charCodeAt(q))) q++;
    return q;
  }

  /** A reference label "[...]" at q: its end, or -1. */
  private label(q: number): number {
    return label(this.text, q, this.end);
  }

  /** The GFM literals at p (an atext character): where the literal ends, or 0. */
  private literal(p: number, c: number): number {
    const text = this.text;
    const previous = p > this.start ? text.charCodeAt(p - 1) : -1;
    // emailAutolink: not after atext or "/"
    if (!(previous === 47 || isGfmAtext(previous))) {
      const e = this.email(p);
      if (e > 0) return this.literalFound(emailLiteral(text, p, e));
    }
    // protocolAutolink: not after an ASCII letter
    if ((c === 72 || c === 104) && !isAsciiAlpha(previous)) {
      const e = this.protocol(p);
      if (e > 0) return this.literalFound(gfmLiteral(text, p, e), e);
    }
    // wwwAutolink: at the start, or after whitespace, "(", "*", "_", "[", "]" or "~"
    if ((c === 87 || c === 119) && (previous < 0 || previous === 40 || previous === 42 || previous === 95 || previous === 91 || previous === 93 || previous === 126 || isSpaceOrLineEnding(previous))) {
      const e = this.www(p);
      if (e > 0) return this.literalFound(implied('http://', text, p, e));
    }
    return 0;
  }

  /** A literal found: `f`, and the text GFM links up to `linkEnd` (past f's end: see gfmLiteral), which is no prose. */
  private literalFound(f: FoundURL, linkEnd = f.end): number {
    this.part.skipped.push([f.start, linkEnd]);
    this.part.found.push(f);
    return linkEnd;
  }

  private email(p: number): number {
    let q = p;
    while (isGfmAtext(this.code(q))) q++;
    if (this.code(q) !== 64) return 0;
    q++;
    let dot = false;
    let data = false;
    for (;;) {
      const c = this.code(q);
      if (c === 46) {
        // emailDomainDotTrail: a dot not followed by a letter or digit ends the address
        if (!isAsciiAlphanumeric(this.code(q + 1))) break;
        dot = true;
        q++;
      } else if (c === 45 || c === 95 || isAsciiAlphanumeric(c)) {
        data = true;
        q++;
      } else break;
    }
    return data && dot && isAsciiAlpha(this.text.charCodeAt(q - 1)) ? q : 0;
  }

  private protocol(p: number): number {
    let q = p + 1;
    let buffer = 1;
    while (isAsciiAlpha(this.code(q)) && buffer < 5) {
      q++;
      buffer++;
    }
    if (this.code(q) !== 58) return 0;
    const scheme = this.text.slice(p, q).toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return 0;
    q++;
    if (this.code(q) !== 47 || this.code(q + 1) !== 47) return 0;
    q += 2;
    const c = this.code(q);
    if (c < 0 || isControl(c) || isUnicodeWhitespace(c) || isUnicodePunctuation(c)) return 0;
    const d = this.domain(q);
    return d < 0 ? 0 : this.path(d);
  }

  private www(p: number): number {
    for (let i = 1; i < 3; i++) {
      const c = this.code(p + i);
      if (c !== 87 && c !== 119) return 0;
    }
    if (this.code(p + 3) !== 46 || p + 4 >= this.end) return 0;
    const d = this.domain(p);
    return d < 0 ? 0 : this.path(d);
  }

  private domain(q: number): number {
    let underscoreInLast = false;
    let underscoreInLastLast = false;
    let seen = false;
    for (;;) {
      const c = this.code(q);
      if (c === 46 || c === 95) {
        if (this.trail(q)) break;
        if (c === 95) underscoreInLast = true;
        else {
          underscoreInLastLast = underscoreInLast;
          underscoreInLast = false;
        }
        q++;
        continue;
      }
      if (c < 0 || isUnicodeWhitespace(c) || (c !== 45 && isUnicodePunctuation(c))) break;
      seen = true;
      q++;
    }
    return underscoreInLastLast || underscoreInLast || !seen ? -1 : q;
  }

  private path(q: number): number {
    let opened = 0;
    let closed = 0;
    for (;;) {
      const c = this.code(q);
      if (c === 40) {
        opened++;
        q++;
        continue;
      }
      if (c === 41 && closed < opened) {
        closed++;
        q++;
        continue;
      }
      if (c === 33 || c === 34 || c === 38 || c === 39 || c === 41 || c === 42 || c === 44 || c === 46 || c === 58 || c === 59 || c === 60 || c === 63 || c === 93 || c === 95 || c === 126) {
        if (this.trail(q)) return q;
        if (c === 41) closed++;
        q++;
        continue;
      }
      if (c < 0 || isUnicodeWhitespace(c)) return q;
      q++;
    }
  }

  /** Whether trailing punctuation (which a literal leaves out) starts at q. */
  private trail(q: number): boolean {
    for (;;) {
      const c = this.code(q);
      if (c === 33 || c === 34 || c === 39 || c === 41 || c === 42 || c === 44 || c === 46 || c === 58 || c === 59 || c === 63 || c === 95 || c === 126) {
        q++;
        continue;
      }
      if (c === 38) {
        // a character reference at the end
        q++;
        if (!isAsciiAlpha(this.code(q))) return false;
        while (isAsciiAlpha(this.code(q))) q++;
        if (this.code(q) !== 59) return false;
        q++;
        continue;
      }
      if (c === 93) {
        q++;
        const d = this.code(q);
        if (d < 0 || d === 40 || d === 91 || isUnicodeWhitespace(d)) return true;
        continue;
      }
      return c === 60 || c < 0 || isUnicodeWhitespace(c);
    }
  }
}

/**
 * factoryDestination at q: a destination "<...>" or raw (parentheses nested at most `limit`
 * deep), as [s, e) and where it ends; null when there is none.
 */
function destination(text: string, q: number, end: number, limit: number): { s: number; e: number; end: number; pointy: boolean } | null {
  const at = (i: number) => (i < end ? text.charCodeAt(i) : -1);
  let c = at(q);
  if (c === 60) {
    const s = q + 1;
    q = s;
    for (;;) {
      c = at(q);
      if (c === 62) return { s, e: q, end: q + 1, pointy: true };
      if (c < 0 || c === 60 || isLineEnding(c)) return null;
      q++;
      if (c === 92) {
        const d = at(q);
        if (d === 60 || d === 62 || d === 92) q++;
      }
    }
  }
  if (c < 0 || c === 32 || c === 41 || isControl(c)) return null;
  const s = q;
  let balance = 0;
  for (;;) {
    c = at(q);
    if (balance === 0 && (c < 0 || c === 41 || isSpaceOrLineEnding(c))) return { s, e: q, end: q, pointy: false };
    if (balance < limit && c === 40) {
      balance++;
      q++;
      continue;
    }
    if (c === 41) {
      balance--;
      q++;
      continue;
    }
    if (c < 0 || c === 32 || c === 40 || isControl(c)) return null;
    q++;
    if (c === 92) {
      const d = at(q);
      if (d === 40 || d === 41 || d === 92) q++;
    }
  }
}

/** factoryTitle at q ('"', "'" or "("): its end, or -1. */
function title(text: string, q: number, end: number): number {
  const open = text.charCodeAt(q);
  const marker = open === 40 ? 41 : open;
  q++;
  for (;;) {
    if (q >= end) return -1;
    const c = text.charCodeAt(q);
    if (c === marker) return q + 1;
    q++;
    if (c === 92) {
      const d = q < end ? text.charCodeAt(q) : -1;
      if (d === marker || d === 92) q++;
    }
  }
}

/** factoryLabel at q ("["): the end of the label "[...]" (at most 999 characters, not blank), or -1. */
function label(text: string, q: number, end: number): number {
  let size = 0;
  let seen = false;
  q++;
  for (;;) {
    if (size > 999 || q >= end) return -1;
    const c = text.charCodeAt(q);
    if (c === 91) return -1;
    if (c === 93) return seen ? q + 1 : -1;
    if (isLineEnding(c)) {
      q++;
      continue;
    }
    // labelInside: until "[", "]", a line ending or the end, at most 1000 characters
    for (;;) {
      const d = q < end ? text.charCodeAt(q) : -1;
      if (d < 0 || d === 91 || d === 93 || isLineEnding(d) || size++ > 999) break;
      q++;
      if (!seen) seen = d !== 32 && d !== 9;
      if (d === 92) {
        const e = q < end ? text.charCodeAt(q) : -1;
        if (e === 91 || e === 92 || e === 93) {
          q++;
          size++;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The fast path: blocks.
//
// `unit` reads, from a line where a top-level block starts (nothing open before it), one group
// of lines that it understands whole, and says where the next such line is: blank lines; an
// indented code block; an ATX heading; a fenced code block; a thematic break; a paragraph, with
// the reference definitions at its start; a list item whose content is one paragraph. It gives
// up (null) on anything else, and on any line it cannot place for certain; the group then goes
// to micromark. How each line is classified follows CommonMark 0.31 as micromark reads it.

/** The lines of a piece: where each starts and where its content ends (before the line ending). */
class Lines {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly count: number;

  constructor(readonly text: string) {
    const n = text.length;
    const cr = text.indexOf('\r') >= 0;
    let i = 0;
    while (i < n) {
      let j: number;
      if (cr) {
        j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 10 || c === 13) break;
          j++;
        }
      } else {
        j = text.indexOf('\n', i);
        if (j < 0) j = n;
      }
      this.starts.push(i);
      this.ends.push(j);
      if (j < n && text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) i = j + 2;
      else i = j + 1;
    }
    this.count = this.starts.length;
  }

  /** Where line k starts (the text's length past the last line). */
  start(k: number): number {
    return k < this.count ? this.starts[k] : this.text.length;
  }
}

/** A line's indentation: its width in columns (tabs to the next multiple of 4), its first other character. */
interface Indent {
  columns: number;
  at: number;
  tab: boolean;
}

function indentOf(text: string, s: number, e: number): Indent {
  let columns = 0;
  let tab = false;
  let i = s;
  for (; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) columns++;
    else if (c === 9) {
      columns += 4 - (columns % 4);
      tab = true;
    } else break;
  }
  return { columns, at: i, tab };
}

/** An ATX heading opening "#" to "######" then white space or the end of the line, at `at`. */
function isATX(text: string, at: number, e: number): boolean {
  let n = 0;
  while (at + n < e && text.charCodeAt(at + n) === 35) n++;
  if (n < 1 || n > 6) return false;
  const c = at + n < e ? text.charCodeAt(at + n) : -1;
  return c < 0 || c === 32 || c === 9;
}

/** The opening fence at `at`: its character and length, or null. */
function fenceOpen(text: string, at: number, e: number): { char: number; length: number } | null {
  const c = text.charCodeAt(at);
  if (c !== 96 && c !== 126) return null;
  let n = 0;
  while (at + n < e && text.charCodeAt(at + n) === c) n++;
  if (n < 3) return null;
  if (c === 96 && text.indexOf('`', at + n) >= 0 && text.indexOf('`', at + n) < e) return null;
  return { char: c, length: n };
}

/** Whether line [s, e) closes a fence. */
function fenceCloses(text: string, s: number, e: number, fence: { char: number; length: number }): boolean {
  const ind = indentOf(text, s, e);
  if (ind.columns > 3) return false;
  let i = ind.at;
  while (i < e && text.charCodeAt(i) === fence.char) i++;
  if (i - ind.at < fence.length) return false;
  while (i < e && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i === e;
}

/** A thematic break "***", "---", "___" (spaces and tabs between allowed) at `at`. */
function isThematicBreak(text: string, at: number, e: number): boolean {
  const c = text.charCodeAt(at);
  if (c !== 42 && c !== 45 && c !== 95) return false;
  let n = 0;
  for (let i = at; i < e; i++) {
    const d = text.charCodeAt(i);
    if (d === c) n++;
    else if (d !== 32 && d !== 9) return false;
  }
  return n >= 3;
}

/** A setext heading underline "===" or "---" (then only white space) at `at`. */
function isSetextUnderline(text: string, at: number, e: number): boolean {
  const c = text.charCodeAt(at);
  if (c !== 61 && c !== 45) return false;
  let i = at;
  while (i < e && text.charCodeAt(i) === c) i++;
  while (i < e && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i === e;
}

/**
 * A list item's start at `at`: a bullet "-", "+", "*" or 1 to 9 digits and "." or ")", then
 * white space or the end of the line. `content` is where its first line's content starts, -1
 * when that line has none; `offset` is the column the item's content is at; `one` is whether an
 * ordered item's number is the single digit 1 (the only one that interrupts a paragraph);
 * `tab` whether there is a tab right after the marker.
 */
function listItem(text: string, at: number, e: number, columns: number): { content: number; offset: number; ordered: boolean; one: boolean; tab: boolean } | null {
  let i = at;
  const c = text.charCodeAt(i);
  let ordered = false;
  if (c === 45 || c === 43 || c === 42) i++;
  else {
    while (i < e && i - at < 9 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    if (i === at || i >= e) return null;
    const m = text.charCodeAt(i);
    if (m !== 46 && m !== 41) return null;
    ordered = true;
    i++;
  }
  const one = ordered && i - at === 2 && c === 49;
  const marker = columns + (i - at);
  if (i === e) return { content: -1, offset: marker + 1, ordered, one, tab: false };
  const d = text.charCodeAt(i);
  if (d !== 32 && d !== 9) return null;
  let spaces = 0;
  let tab = false;
  let j = i;
  while (j < e && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) {
    if (text.charCodeAt(j) === 9) tab = true;
    spaces++;
    j++;
  }
  if (j === e) return { content: -1, offset: marker + 1, ordered, one, tab };
  return { content: j, offset: spaces > 4 ? marker + 1 : marker + spaces, ordered, one, tab: tab || spaces > 4 };
}

type LineRole = 'continue' | 'stop' | 'bail';

class BlockScanner {
  constructor(
    private readonly text: string,
    private readonly lines: Lines,
  ) {}

  private blank(k: number): boolean {
    const text = this.text;
    const e = this.lines.ends[k];
    for (let i = this.lines.starts[k]; i < e; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9) return false;
    }
    return true;
  }

  /** The group of lines from line k (a block boundary), as a Part ending at a block boundary; or null. */
  unit(k: number): (Part & { endLine: number }) | null {
    const { text, lines } = this;
    const n = lines.count;
    const s = lines.starts[k];
    const e = lines.ends[k];
    const part = { from: s, to: 0, found: [], skipped: [], open: false, definedAt: 0, inline: [], labels: [], titles: [], endLine: k } as Part & { endLine: number };
    const done = (line: number) => {
      part.endLine = line;
      part.to = lines.start(line);
      return part;
    };
    if (this.blank(k)) {
      while (k < n && this.blank(k)) k++;
      return done(k);
    }
    const ind = indentOf(text, s, e);
    if (ind.columns >= 4) {
      // an indented code block: a boundary here follows no paragraph and no list item
      let last = k;
      k++;
      while (k < n && (this.blank(k) || indentOf(text, lines.starts[k], lines.ends[k]).columns >= 4)) {
        if (!this.blank(k)) last = k;
        k++;
      }
      part.skipped.push([s, lines.ends[last]]);
      return done(k);
    }
    if (ind.tab) return null;
    const at = ind.at;
    const c = text.charCodeAt(at);
    if (c === 35 && isATX(text, at, e)) {
      let cs = at;
      while (cs < e && text.charCodeAt(cs) === 35) cs++;
      while (cs < e && (text.charCodeAt(cs) === 32 || text.charCodeAt(cs) === 9)) cs++;
      let ce = e;
      while (ce > cs && (text.charCodeAt(ce - 1) === 32 || text.charCodeAt(ce - 1) === 9)) ce--;
      // the closing sequence: "#"s at the end, after white space (or all there is)
      let h = ce;
      while (h > cs && text.charCodeAt(h - 1) === 35) h--;
      if (h < ce && (h === cs || text.charCodeAt(h - 1) === 32 || text.charCodeAt(h - 1) === 9)) {
        ce = h;
        while (ce > cs && (text.charCodeAt(ce - 1) === 32 || text.charCodeAt(ce - 1) === 9)) ce--;
      }
      if (ce > cs) part.inline!.push(cs, ce);
      return done(k + 1);
    }
    if (c === 96 || c === 126) {
      const fence = fenceOpen(text, at, e);
      if (fence) {
        let j = k + 1;
        while (j < n && !fenceCloses(text, lines.starts[j], lines.ends[j], fence)) j++;
        if (j >= n) {
          part.open = true;
          part.closer = fenceCloser(text.slice(at, at + fence.length));
          part.openFrom = s;
          part.openKind = 'code';
          part.skipped.push([s, text.length]);
          return done(n);
        }
        part.skipped.push([s, lines.ends[j]]);
        return done(j + 1);
      }
    }
    if ((c === 42 || c === 45 || c === 95) && isThematicBreak(text, at, e)) return done(k + 1);
    if (c === 62) return null;
    if (c === 60 && this.htmlStart(at, e, false)) return null;
    const item = c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57) ? listItem(text, at, e, ind.columns) : null;
    if (item) {
      if (item.content < 0 || item.tab) return null;
      // the item's first line must open a paragraph
      if (this.startsBlock(item.content, e)) return null;
      return this.paragraph(part, k, item.content, item.offset, done);
    }
    return this.paragraph(part, k, at, -1, done);
  }

  /** Whether the line's content at `at` would open a block other than a paragraph (at a boundary). */
  private startsBlock(at: number, e: number): boolean {
    const text = this.text;
    const c = text.charCodeAt(at);
    if (c === 35) return isATX(text, at, e);
    if (c === 96 || c === 126) return fenceOpen(text, at, e) !== null;
    if (c === 62) return true;
    if (c === 60) return this.htmlStart(at, e, false);
    if (c === 42 || c === 45 || c === 95 || c === 43 || (c >= 48 && c <= 57)) {
      if (isThematicBreak(text, at, e)) return true;
      if (c !== 95 && listItem(text, at, e, 0)) return true;
    }
    return false;
  }

  /**
   * Whether an HTML block may start at `at`: kinds 1 to 6 by their start condition; kind 7 (a
   * whole tag alone on its line; never inside a paragraph) whenever the line starts with a tag
   * and ends with ">", which takes in every such line.
   */
  private htmlStart(at: number, e: number, inParagraph: boolean): boolean {
    const text = this.text;
    if (htmlBlockKind(text, at, e) <= 6) return true;
    if (inParagraph) return false;
    const d = text.charCodeAt(at + 1);
    if (!(isAsciiAlpha(d) || d === 47)) return false;
    let end = e;
    while (end > at && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
    return text.charCodeAt(end - 1) === 62;
  }

  /**
   * What line k is to an open paragraph (of a list item whose content is at column `offset`, or
   * at the top level when offset < 0): its continuation, a block that ends it at the left margin
   * (a boundary), or something else.
   */
  private role(k: number, offset: number): LineRole {
    const { text, lines } = this;
    const s = lines.starts[k];
    const e = lines.ends[k];
    const ind = indentOf(text, s, e);
    if (offset >= 0 && ind.tab) return 'bail';
    const inside = offset >= 0 && ind.columns >= offset;
    // four columns past where a block could start: never a block start, so a continuation
    if (ind.columns - (inside ? offset : 0) >= 4) return 'continue';
    if (ind.tab) return 'bail';
    const at = ind.at;
    const c = text.charCodeAt(at);
    const margin = ind.columns === 0 && !inside;
    if (c === 35) return isATX(text, at, e) ? (margin ? 'stop' : 'bail') : 'continue';
    if (c === 96 || c === 126) return fenceOpen(text, at, e) ? (margin ? 'stop' : 'bail') : 'continue';
    if (c === 62) return 'bail';
    if (c === 60) return this.htmlStart(at, e, true) ? 'bail' : 'continue';
    if (c === 61) return isSetextUnderline(text, at, e) ? 'bail' : 'continue';
    if (c === 42 || c === 45 || c === 95 || c === 43 || (c >= 48 && c <= 57)) {
      if (isSetextUnderline(text, at, e) || isThematicBreak(text, at, e)) return 'bail';
      if (c === 95) return 'continue';
      const item = listItem(text, at, e, ind.columns);
      if (!item) return 'continue';
      if (offset >= 0 && !inside) {
        // past a list item: another list item closes it (any number, as micromark reads it)
        return margin && item.content >= 0 && !item.tab ? 'stop' : 'bail';
      }
      // a list item interrupts a paragraph when it has content and, ordered, is numbered 1
      if (item.content < 0 || (item.ordered && !item.one)) return item.content < 0 ? 'bail' : 'continue';
      return margin && !item.tab ? 'stop' : 'bail';
    }
    return 'continue';
  }

  /** A paragraph whose first line is line k, content from `at`; offset as for `role`. */
  private paragraph(part: Part & { endLine: number }, k: number, at: number, offset: number, done: (line: number) => Part & { endLine: number }): (Part & { endLine: number }) | null {
    const { lines } = this;
    const n = lines.count;
    let last = k;
    let j = k + 1;
    for (; j < n; j++) {
      if (this.blank(j)) break;
      const role = this.role(j, offset);
      if (role === 'bail') return null;
      if (role === 'stop') break;
      last = j;
    }
    const ce = lines.ends[last];
    const start = this.definitions(part, at, ce);
    if (start < 0) return null;
    if (start < ce) part.inline!.push(start, ce);
    if (j < n && this.blank(j)) {
      while (j < n && this.blank(j)) j++;
      // after a list item and a blank line, an indented line would go on with the item
      if (offset >= 0 && j < n && indentOf(this.text, lines.starts[j], lines.ends[j]).columns > 0) return null;
    }
    return done(j);
  }

  /**
   * The reference definitions at the start of a paragraph's content [at, ce): their findings and
   * labels go to `part`; returns where the rest of the content starts.
   */
  private definitions(part: Part, at: number, ce: number): number {
    const text = this.text;
    let q = at;
    while (q < ce && text.charCodeAt(q) === 91) {
      const d = definition(text, q, ce);
      if (!d) break;
      part.labels!.push(normalizeLabel(text.slice(q + 1, d.labelEnd - 1)));
      part.skipped.push([q, d.end]);
      part.found.push(d.s < 0 ? emptyDestination(d.e, true) : destinationFound(text, d.s, d.e, d.pointy, true));
      if (d.te > d.ts) part.titles.push(d.ts, d.te);
      q = d.end;
      if (q < ce) {
        // the line ending, then the next line's indentation
        q += text.charCodeAt(q) === 13 && text.charCodeAt(q + 1) === 10 ? 2 : 1;
        while (q < ce && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q++;
      }
    }
    return q;
  }
}

/**
 * micromark's definition construct at q ("["), in content that ends at ce: where its label ends,
 * its destination [s, e) (s = -1 for "<>": e is then where micromark puts the empty one), its
 * title's text [ts, te) between the marks (empty when it has none), and where it ends (a line
 * ending, or ce); null when there is none.
 */
function definition(text: string, q: number, ce: number): { labelEnd: number; s: number; e: number; pointy: boolean; ts: number; te: number; end: number } | null {
  const labelEnd = label(text, q, ce);
  if (labelEnd < 0 || labelEnd >= ce || text.charCodeAt(labelEnd) !== 58) return null;
  const skipWhitespace = (i: number) => {
    while (i < ce && isSpaceOrLineEnding(text.charCodeAt(i))) i++;
    return i;
  };
  const skipSpace = (i: number) => {
    while (i < ce && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
    return i;
  };
  const d = destination(text, skipWhitespace(labelEnd + 1), ce, Infinity);
  if (!d) return null;
  let end = -1;
  let ts = 0;
  let te = 0;
  if (d.end < ce && isSpaceOrLineEnding(text.charCodeAt(d.end))) {
    // a title, after white space (maybe on the next line), then only white space on its line
    const t = skipWhitespace(d.end);
    const m = t < ce ? text.charCodeAt(t) : -1;
    if (m === 34 || m === 39 || m === 40) {
      const after = title(text, t, ce);
      if (after > 0) {
        const z = skipSpace(after);
        if (z >= ce || isLineEnding(text.charCodeAt(z))) {
          end = z;
          ts = t + 1;
          te = after - 1;
        }
      }
    }
  }
  if (end < 0) {
    const z = skipSpace(d.end);
    if (z < ce && !isLineEnding(text.charCodeAt(z))) return null;
    end = z;
  }
  return { labelEnd, s: d.pointy && d.e === d.s ? -1 : d.s, e: d.e, pointy: d.pointy, ts, te, end };
}

// ---------------------------------------------------------------------------------------------
// The parser

/**
 * Parses Markdown pieces one after another, carrying the reference definitions of earlier
 * pieces forward. `find` returns a piece's URLs with offsets counted from `offset`; `push` and
 * `end` do the same for a document given piece by piece (MarkdownSplitter). A piece whose last
 * top-level block is a fenced code block or an HTML block still open at its end (the splitter
 * was wrong there, or cut it as too long) leaves that block open for the next: its lines are
 * read as they come, until the line that closes it (see Held), and only then is Markdown read
 * again. So a block of any length is read in bounded memory, and exactly: a fenced code block
 * holds nothing, an HTML block's URLs are what html.ts finds in it, fed piece by piece.
 */
export class MarkdownParser {
  private readonly defined = new DefinedLabels();
  /** Where the text read so far ends (where the next piece should start). */
  private next = 0;
  /** The block left open by the last piece, if any. */
  private held: Held | null = null;

  constructor(private readonly options: MarkdownFindOptions = {}) {}

  /** Where the text still needed starts (all before it is done with). */
  get keptFrom(): number {
    return this.held ? Math.min(this.held.keptFrom, this.next) : this.next;
  }

  /** The URLs of one piece, parsed whole. */
  find(text: string, offset = 0): FoundURL[] {
    return this.piece(text, offset, false).found;
  }

  /**
   * The URLs of the next piece of a document (which starts at `offset`), as far as they are
   * certain. A `continued` piece (see Piece) starts inside blocks it does not see, such as list
   * items nested deep: its lines indented 4 columns or more, which would read as code at the top
   * level, are read as text (their first character taken for a letter), so that their URLs are
   * still found.
   */
  push(text: string, offset: number, continued = false): FoundURL[] {
    const out: FoundURL[] = [];
    if (offset > this.next && this.held) {
      // text was left out (a run too long to hold a URL): the block open goes on past it
      this.held.skip(offset - this.next);
    }
    this.next = offset + text.length;
    if (this.held) {
      const taken = this.held.push(text, out);
      if (this.held.closed) this.held = null;
      if (taken === text.length) return out;
      text = text.slice(taken);
      offset += taken;
    }
    if (continued) text = asText(text);
    const r = this.piece(text, offset, true);
    for (const f of r.found) out.push(f);
    if (r.held) {
      this.held = r.held;
      r.held.push(text.slice(r.done), out);
    }
    return out;
  }

  /** The URLs of the block left open, at the end of the document. */
  end(): FoundURL[] {
    const out: FoundURL[] = [];
    this.held?.end(out);
    this.held = null;
    return out;
  }

  /**
   * The URLs of text (offsets counted from `offset`). With `hold`, a last block that is still
   * open is left out and `done` says where it starts.
   */
  private piece(text: string, offset: number, hold: boolean): { found: FoundURL[]; done: number; held?: Held } {
    const prose = this.options.prose !== false;
    const defined = this.defined;
    const parts: Part[] = [];
    if (this.options.fast === false || text.indexOf('\0') >= 0 || text.indexOf('\uFEFF') >= 0) {
      if (text.length > 0) parts.push(micromarkPart(text, 0, text.length, prose, defined));
    } else {
      text = withSimpleQuotesOpened(text);
      const lines = new Lines(text);
      const blocks = new BlockScanner(text, lines);
      const n = lines.count;
      const take = (u: Part) => {
        for (const l of u.labels!) defined.add(l);
        parts.push(u);
      };
      let k = 0;
      while (k < n) {
        const u = blocks.unit(k);
        if (u) {
          take(u);
          k = u.endLine;
          continue;
        }
        // micromark, from line k to a line where a block starts whatever came before, and after
        // that a block the fast path reads (or the end)
        let end = k;
        let next: (Part & { endLine: number }) | null = null;
        let part: Part | undefined;
        for (;;) {
          if (part && part.open && part.closer) {
            // the block open at `end` goes on at least to the first line that may close it
            const closer = part.closer;
            while (end < n && !closer.test(text.slice(lines.starts[end], lines.ends[end]))) end++;
          }
          do {
            end = nextBoundary(text, lines, end);
            next = end < n ? blocks.unit(end) : null;
          } while (end < n && !next);
          // without a candidate (see CANDIDATE) there is nothing to find, and no literal: only
          // whether the stretch ends inside a block matters, which GFM's literals do not change
          const from = lines.starts[k];
          const to = lines.start(end);
          part = micromarkPart(text, from, to, prose && hasCandidate(text, from, to), defined);
          if (!part.open || end >= n) break;
        }
        parts.push(part!);
        k = end;
        if (next) {
          take(next);
          k = next.endLine;
        }
      }
    }
    // the end of the piece, if its last block is still open, is read as the block goes on (what
    // came before the block in the same part is read again without it)
    let done = text.length;
    let held: Held | undefined;
    if (hold && parts.length > 0 && parts[parts.length - 1].open) {
      const last = parts.pop()!;
      done = last.openFrom ?? last.from;
      if (done > last.from) parts.push(micromarkPart(text, last.from, done, prose && hasCandidate(text, last.from, done), defined));
      held = new Held(last.closer ?? BLANK_LINE, last.openKind === 'html', offset + done);
    }
    // micromark's parts that came before a definition of the piece are read again; then the
    // fast path's inline content, with every definition known
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part.inline) {
        if (!this.inline(text, part, prose)) parts[i] = micromarkPart(text, part.from, part.to, prose, defined);
      } else if (part.definedAt < defined.size && text.slice(part.from, part.to).includes(']')) parts[i] = micromarkPart(text, part.from, part.to, prose, defined);
    }
    const found: FoundURL[] = [];
    const skipped: Array<[number, number]> = [];
    for (const part of parts) {
      for (const f of part.found) found.push(f);
      for (const r of part.skipped) skipped.push(r);
      if (prose) for (let i = 0; i < part.titles.length; i += 2) titleURLs(text, part.titles[i], part.titles[i + 1], found);
    }
    if (prose) {
      // prose: the text with every construct above blanked (offsets unchanged)
      skipped.sort((a, b) => a[0] - b[0]);
      const pieces: string[] = [];
      let at = 0;
      for (const [s, e] of skipped) {
        if (e <= at) continue;
        const from = Math.max(s, at);
        pieces.push(text.slice(at, from), ' '.repeat(e - from));
        at = e;
      }
      if (at < done) pieces.push(text.slice(at, done));
      let blanked = pieces.join('');
      if (blanked.length > done) blanked = blanked.slice(0, done);
      const left: FoundURL[] | undefined = this.options.leftOut ? [] : undefined;
      for (const f of proseURLs(blanked, 'markdown', left)) found.push({ ...f, context: 'text' });
      if (left) for (const f of left) found.push(f);
    }
    found.sort((a, b) => a.start - b.start || a.end - b.end);
    if (offset !== 0) for (const f of found) moved(f, offset);
    return { found, done, held };
  }

  /** The fast path's inline content of a part; false when it has something only micromark reads. */
  private inline(text: string, part: Part, prose: boolean): boolean {
    const ranges = part.inline!;
    if (ranges.length === 0) return true;
    if (!hasCandidate(text, ranges[0], ranges[ranges.length - 1])) return true;
    const scanner = new InlineScanner(text, this.defined, prose, part);
    for (let i = 0; i < ranges.length; i += 2) if (!scanner.scan(ranges[i], ranges[i + 1])) return false;
    return true;
  }
}

/** `text` with each line indented 4 columns or more starting with "x" for its first space or tab (MarkdownParser.push). */
function asText(text: string): string {
  return text.replace(/^(?: {4}| {0,3}\t)/gm, (m) => 'x' + m.slice(1));
}

/**
 * A top-level fenced code block or HTML block that a piece left open, read line by line as the
 * document goes on (MarkdownParser.push): a fenced code block until the line that closes it
 * (`closer`), which is its last; an HTML block of kinds 1 to 5 until the line with its end
 * condition, which is its last; of kinds 6 and 7 until a blank line, which is not its. Each line
 * of an HTML block goes to an HTMLFinder as it comes (what micromark's htmlFlow token holds,
 * read as htmlURLs reads it whole). A line is kept only as far as a closing line can need it.
 */
class Held {
  private readonly html: HTMLFinder | null;
  /** The line read so far (no line break yet): its start, or its end only once it is long. */
  private line = '';
  private long = false;
  /** The end condition of an HTML block of kinds 1 to 5 was met on the line so far. */
  private met = false;
  /** The last text ended with a CR: a LF next is the rest of that line break. */
  private cr = false;
  private first = true;
  /** The line that ends the block was read. */
  closed = false;

  constructor(
    private readonly closer: RegExp,
    html: boolean,
    start: number,
  ) {
    this.html = html ? new HTMLFinder(start) : null;
  }

  /** Where the text the HTMLFinder still holds starts. */
  get keptFrom(): number {
    return this.html ? this.html.keptFrom : Infinity;
  }

  /**
   * Reads `text`, the document's next, as the block goes on (its URLs to `out`): returns how much
   * of it is the block's (all of it while the block is still open). The first text given is the
   * block's own start, which the parser saw open to its end.
   */
  push(text: string, out: FoundURL[]): number {
    const first = this.first;
    this.first = false;
    let i = 0;
    if (this.cr && text.charCodeAt(0) === 10) i = 1;
    this.cr = false;
    let end = text.length;
    while (i < text.length) {
      let j = i;
      while (j < text.length && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
      this.add(text, i, j);
      if (j === text.length) break;
      const eol = text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10 ? 2 : 1;
      if (eol === 1 && text.charCodeAt(j) === 13 && j + 1 === text.length) this.cr = true;
      const closes = !first && this.closes();
      this.line = '';
      this.long = false;
      this.met = false;
      if (closes) {
        // a blank line ends an HTML block of kinds 6 and 7 and is not its; a closing line is
        end = this.closer === BLANK_LINE ? i : j + eol;
        this.closed = true;
        break;
      }
      i = j + eol;
    }
    if (this.html) for (const f of this.html.write(text.slice(0, end), this.closed)) out.push(f);
    return end;
  }

  /** A run of `length` characters without white space was left out of the line being read. */
  skip(length: number): void {
    this.long = true;
    this.html?.skip(length);
  }

  /** At the end of the document: what the HTML block still holds. */
  end(out: FoundURL[]): void {
    if (this.html) for (const f of this.html.write('', true)) out.push(f);
  }

  /** Adds text[i, j) to the line being read. */
  private add(text: string, i: number, j: number): void {
    if (j === i) return;
    this.line += text.slice(i, j);
    if (this.line.length > 4096) {
      // no closing fence or blank line is this long; an end condition (a few characters) is
      // looked for before all but the end of the line is let go
      if (this.closer !== BLANK_LINE && !this.closer.source.startsWith('^') && this.closer.test(this.line)) this.met = true;
      this.line = this.line.slice(-64);
      this.long = true;
    }
  }

  /** Whether the line just read closes the block. */
  private closes(): boolean {
    if (this.met) return true;
    if (this.long && (this.closer === BLANK_LINE || this.closer.source.startsWith('^'))) return false;
    return this.closer.test(this.line);
  }
}

/**
 * The first line after line k that starts a top-level block whatever came before it, unless a
 * fenced code block or an HTML block is open there (micromark checks that): a line at the left
 * margin that follows a blank line, or is an ATX heading, a list item with content, or a code
 * fence. The fences seen on the way are followed, so as not to stop inside one.
 */
function nextBoundary(text: string, lines: Lines, k: number): number {
  const n = lines.count;
  let fence: { char: number; length: number } | null = null;
  let blank = false;
  for (let j = k; j < n; j++) {
    const s = lines.starts[j];
    const e = lines.ends[j];
    const ind = indentOf(text, s, e);
    const isBlank = ind.at === e;
    if (j > k && !fence && !isBlank && ind.columns === 0) {
      const c = text.charCodeAt(s);
      if (blank) return j;
      if (c === 35 && isATX(text, s, e)) return j;
      if ((c === 96 || c === 126) && fenceOpen(text, s, e)) return j;
      if (c === 45 || c === 43 || c === 42) {
        const item = listItem(text, s, e, 0);
        if (item && item.content >= 0) return j;
      }
    }
    if (fence) {
      if (fenceCloses(text, s, e, fence)) fence = null;
      continue;
    }
    blank = isBlank;
    if (!isBlank && ind.columns < 4) fence = fenceOpen(text, ind.at, e);
  }
  return n;
}

/** The URLs of a whole Markdown document (one piece). */
export function markdownURLs(text: string, options: MarkdownFindOptions = {}): FoundURL[] {
  return new MarkdownParser(options).find(text);
}

// ---------------------------------------------------------------------------------------------
// Pieces

/** The end condition of an HTML block of kinds 1 to 5 that does not end on its start line, or null. */
function htmlBlockEnd(line: string): RegExp | null {
  const m = /^ {0,3}<(?:(script|pre|style|textarea)(?=[\s>]|$)|(!--)|(\?)|(!\[CDATA\[)|(![A-Za-z]))/i.exec(line);
  if (!m) return null;
  const end = m[1] ? /<\/(?:script|pre|style|textarea)>/i : m[2] ? /-->/ : m[3] ? /\?>/ : m[4] ? /\]\]>/ : />/;
  return end.test(line.slice(m[0].length)) ? null : end;
}

/** An HTML block of kinds 1 to 5 starts on the line. */
const HTML_BLOCK_1_TO_5 = /^ {0,3}<(?:(?:script|pre|style|textarea)(?=[\s>]|$)|!--|\?|!\[CDATA\[|![A-Za-z])/i;
/** A whole open or closing tag, alone on its line (an HTML block of kind 7 where no paragraph is open). */
const HTML_BLOCK_7 = /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*[ \t]*\/?>|<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$/;

/**
 * What a line costs micromark, roughly: its length, and 8 more for each ASCII punctuation
 * character, where micromark's constructs start (a block quote marker, a list item's, a link's
 * brackets...). micromark holds about 250 bytes of events per character of plain prose, and up to
 * 3 kB per character of nested markers or links; this weight keeps the memory of a piece within
 * about 150 MB for a weight of SPLIT_HARD (see below), whatever it holds.
 */
function lineWeight(text: string, start: number, end: number): number {
  let w = end - start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) w += PUNCTUATION_WEIGHT[c];
  }
  return w;
}

/** 8 for each ASCII punctuation character, by code. */
const PUNCTUATION_WEIGHT = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (isAsciiPunctuation(c)) t[c] = 8;
  return t;
})();

/**
 * A piece past this weight (lineWeight) is cut before the next line at the left margin (a line
 * that starts with a character other than white space), even where no top-level block starts
 * whatever came before; past SPLIT_HARD, before the next line whatever it is, and a line past
 * SPLIT_HARD by itself after white space in it. A document written for people has a place where a
 * top-level block starts far more often (a blank line then a line at the margin, a heading, a
 * bullet), so these cuts are only met in a very long block quote, list item, table or HTML block,
 * or in what no one writes (80,000 lines of nested quotes, a list nested 2,000 deep).
 */
export const SPLIT_SOFT = 64 * 1024;
export const SPLIT_HARD = 256 * 1024;

/**
 * A piece of a Markdown document, at `offset`. `continued`: it was cut off the text before it
 * where no block starts (past SPLIT_HARD, inside a line, or after a run LongRuns left out), so
 * its lines may be inside blocks it does not see (see MarkdownParser.push).
 */
export interface Piece {
  text: string;
  offset: number;
  continued?: boolean;
}

/**
 * Cuts Markdown text, given in chunks, into pieces that parse the same apart as together (see the
 * top of this file), and that are bounded in size. `push` returns the pieces completed so far,
 * each with its offset in the document; `end` returns the rest. The text first goes through
 * LongRuns (runs of more than MAX_URL_LENGTH characters without white space are left out, which
 * also cuts the piece there). A piece is cut past SPLIT_SOFT and SPLIT_HARD as they say: there,
 * unlike at the other cuts, a construct that goes on across the cut (a link whose text goes on on
 * the next line, the lines of a list item indented under it, a fenced code block inside a list
 * item) may read differently; a top-level fenced code block or HTML block cut through is still
 * read whole (MarkdownParser.push).
 */
export class MarkdownSplitter {
  private readonly runs = new LongRuns();
  private pending = '';
  private pendingStart = 0;
  /** Where the next line to look at starts, in `pending`. */
  private scan = 0;
  private fence: { char: string; length: number } | null = null;
  /** In an HTML block of kinds 1 to 5: what ends it. */
  private html: RegExp | null = null;
  /** In an HTML block of kinds 6 or 7, which a blank line ends: nothing in it is a fence or a block start. */
  private htmlUntilBlank = false;
  private afterBlank = false;
  /** The line before was paragraph text (an HTML block of kind 7 cannot start then). */
  private paragraph = false;
  /** No line break in `pending` before here (from `scan` on): where to look for the next one. */
  private searched = 0;
  /** The weight (lineWeight) of the lines of the piece before `scan`. */
  private weight = 0;
  /** The next piece starts where no block starts (see Piece). */
  private continued = false;
  /** The weight of the line at `scan` up to `weighed` (it has no line break yet). */
  private lineSoFar = 0;
  private weighed = 0;

  /** `soft` and `hard`: SPLIT_SOFT and SPLIT_HARD, unless a test wants to see them at work on a small document. */
  constructor(
    private readonly target = 16 * 1024,
    private readonly soft = SPLIT_SOFT,
    private readonly hard = SPLIT_HARD,
  ) {}

  push(chunk: string): Piece[] {
    const out: Piece[] = [];
    for (const s of this.runs.push(chunk)) this.take(s, out);
    return out;
  }

  end(): Piece[] {
    const out: Piece[] = [];
    for (const s of this.runs.end()) this.take(s, out);
    for (const p of this.cut(true)) out.push(p);
    if (this.pending.length > 0) out.push(this.piece(this.pending, this.pendingStart));
    this.pending = '';
    return out;
  }

  /** A piece, marked when it starts where no block starts (see Piece). */
  private piece(text: string, offset: number): Piece {
    const p: Piece = { text, offset };
    if (this.continued) p.continued = true;
    this.continued = false;
    return p;
  }

  private take(s: { text: string; offset: number }, out: Piece[]): void {
    if (this.pending.length > 0 && s.offset !== this.pendingStart + this.pending.length) {
      // a long run was left out: the text before it is a piece of its own
      for (const p of this.cut(true)) out.push(p);
      if (this.pending.length > 0) out.push(this.piece(this.pending, this.pendingStart));
      this.restart(s.offset);
      this.continued = true;
    }
    if (this.pending.length === 0) this.restart(s.offset);
    this.pending += s.text;
    for (const p of this.cut(false)) out.push(p);
  }

  /** An empty piece at `offset`, read from the start of a line. */
  private restart(offset: number): void {
    this.pending = '';
    this.pendingStart = offset;
    this.scan = 0;
    this.searched = 0;
    this.weight = 0;
    this.lineSoFar = 0;
    this.weighed = 0;
  }

  private cut(last: boolean): Piece[] {
    const out: Piece[] = [];
    const text = this.pending;
    let pieceStart = 0;
    let i = this.scan;
    const eol = /\r\n|\r|\n/g;
    const cutAt = (at: number, continued = false) => {
      out.push(this.piece(text.slice(pieceStart, at), this.pendingStart + pieceStart));
      pieceStart = at;
      this.weight = 0;
      this.continued = continued;
    };
    for (;;) {
      eol.lastIndex = Math.max(i, this.searched);
      const m = eol.exec(text);
      if (!m) {
        this.searched = Math.max(0, text.length - 1);
        break;
      }
      // a CR at the very end may be the first half of CR LF
      if (m[0] === '\r' && m.index === text.length - 1 && !last) break;
      const line = text.slice(i, m.index);
      const lineStart = i;
      i = m.index + m[0].length;
      const weight = this.lineSoFar + lineWeight(text, Math.min(m.index, Math.max(lineStart, this.weighed)), m.index);
      this.lineSoFar = 0;
      this.weighed = i;
      // a piece past its bounds is cut before this line (see SPLIT_SOFT)
      if (lineStart > pieceStart) {
        if (this.weight >= this.soft && line.length > 0 && !/^[ \t]/.test(line)) cutAt(lineStart);
        else if (this.weight >= this.hard) cutAt(lineStart, true);
      }
      this.weight += weight;
      if (this.fence) {
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
        if (close && close[1][0] === this.fence.char && close[1].length >= this.fence.length) this.fence = null;
        continue;
      }
      if (this.html) {
        if (this.html.test(line)) this.html = null;
        continue;
      }
      if (/^[ \t]*$/.test(line)) {
        this.afterBlank = true;
        this.htmlUntilBlank = false;
        this.paragraph = false;
        continue;
      }
      // inside an HTML block that a blank line ends, a fence or a heading is HTML
      if (this.htmlUntilBlank) continue;
      const blockStart = (this.afterBlank && /^[^ \t]/.test(line)) || /^(?:#{1,6}(?:[ \t]|$)|[-+*][ \t]+\S)/.test(line);
      if (blockStart && lineStart > pieceStart && lineStart - pieceStart >= this.target) {
        // (the weight of this line goes with the new piece)
        cutAt(lineStart);
        this.weight = weight;
      }
      this.afterBlank = false;
      const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
      if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
        this.fence = { char: open[1][0], length: open[1].length };
        this.paragraph = false;
      } else if (HTML_BLOCK_1_TO_5.test(line)) {
        this.html = htmlBlockEnd(line);
        this.paragraph = false;
      } else if (/^ {0,3}</.test(line) && (HTML_BLOCK_6.test(line.replace(/^ {0,3}/, '')) || (!this.paragraph && HTML_BLOCK_7.test(line)))) {
        this.htmlUntilBlank = true;
        this.paragraph = false;
      } else this.paragraph = !/^ {0,3}(?:#{1,6}(?:[ \t]|$)|(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$)/.test(line);
    }
    // the line still open (no line break yet): past SPLIT_HARD by itself, it is cut after its
    // last white space (there is some: LongRuns leaves no longer run without it)
    if (text.length > this.weighed) {
      this.lineSoFar += lineWeight(text, Math.max(i, this.weighed), text.length);
      this.weighed = text.length;
    }
    if (this.lineSoFar >= this.hard) {
      // (not after a CR at the very end: a LF may follow it)
      let at = text.charCodeAt(text.length - 1) === 13 ? text.length - 1 : text.length;
      while (at > i && !isWhiteSpace(text.charCodeAt(at - 1))) at--;
      if (at > i && at > pieceStart) {
        cutAt(at, true);
        i = at;
        this.lineSoFar = lineWeight(text, at, text.length);
        this.searched = at;
      }
    }
    this.pending = text.slice(pieceStart);
    this.pendingStart += pieceStart;
    this.scan = i - pieceStart;
    this.searched = Math.max(0, this.searched - pieceStart);
    this.weighed = Math.max(0, this.weighed - pieceStart);
    return out;
  }
}
