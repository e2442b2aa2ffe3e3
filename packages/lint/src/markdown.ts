// URLs in Markdown, through micromark (the CommonMark parser under mdast-util-from-markdown),
// whose events give the exact offsets of each construct:
//   - inline link and image destinations `[a](here "title")`, `[a](<here>)`, and reference
//     definitions `[id]: here`, with backslash escapes and character references decoded;
//   - autolinks `<scheme:...>` (and `<user@host>` as `mailto:`);
//   - the URL attributes of raw HTML, inline or in HTML blocks, through html.ts;
//   - in the rest of the prose: GFM literal autolinks (`https://...`, `www.` read as
//     `http://www.`, e-mail addresses read as `mailto:`), then the prose URLs of text.ts;
//   - nothing inside code spans, fenced or indented code blocks, or HTML comments.
//
// A large document is parsed in pieces (MarkdownSplitter): a piece ends before a line that starts
// a top-level block whatever came before it: a line at the left margin, not white space, after a
// blank line; or an ATX heading or a bullet list item ("- x", "* x", "+ x") at the left margin
// (both interrupt a paragraph and close any open list item or block quote). Never inside a
// fenced code block, an HTML block that a blank line does not end (<script>, <pre>, <style>,
// <textarea>, comments, processing instructions, declarations, CDATA), or before the next blank
// line after a line that starts with "<" (it may open an HTML block that ends there). What a piece boundary can still change: a reference link
// `[text][id]` whose definition comes in a LATER piece is not recognised as a link (definitions of
// earlier pieces are carried forward, so those resolve); its text is then read as prose, which
// finds the same URLs in it. A fence that is never closed, or an HTML block of one of those kinds
// that never ends, makes the rest of the document one piece.

import { parse, postprocess, preprocess } from 'micromark';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { characterReference, Decoded, DecodingMode, foundFrom, plain, shifted, type FoundURL } from './found';
import { htmlURLs } from './html';
import { proseURLs } from './text';

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

export interface MarkdownFindOptions {
  /** Also prose: GFM literal autolinks and the prose URLs of text.ts (default true). */
  prose?: boolean;
}

const SKIP = new Set(['codeText', 'codeFenced', 'codeIndented', 'resource', 'definition', 'autolink', 'literalAutolink', 'htmlFlow', 'htmlText']);

/**
 * Parses Markdown pieces one after another, carrying the reference definitions of earlier
 * pieces forward; `find` returns each piece's URLs with offsets counted from `offset`.
 */
export class MarkdownParser {
  /** Normalised labels of the definitions seen so far. */
  private defined: string[] = [];

  constructor(private readonly options: MarkdownFindOptions = {}) {}

  find(text: string, offset = 0): FoundURL[] {
    const prose = this.options.prose !== false;
    const parser = parse(prose ? { extensions: [gfmAutolinkLiteral()] } : {});
    parser.defined = this.defined;
    const events = postprocess(parser.document().write(preprocess()(text, undefined, true)));
    this.defined = parser.defined;
    const found: FoundURL[] = [];
    const skipped: Array<[number, number]> = [];
    // the open constructs, to know when a URL is in an image's description (which renders as
    // its alt text: a link or image written there is no URL of the document), and whether a
    // resource or definition had a destination at all ("[a]()" and "[a](<>)" have an empty one)
    const open: string[] = [];
    let inAlt = 0;
    let destination: { at: number; seen: boolean; definition: boolean } | null = null;
    for (const [kind, token] of events) {
      const s = token.start.offset;
      const e = token.end.offset;
      const type = token.type as string;
      if (kind === 'exit') {
        open.pop();
        if (type === 'label' && open[open.length - 1] === 'image') inAlt--;
        if ((type === 'resource' || type === 'definition') && destination) {
          if (!destination.seen && inAlt === 0) {
            const f: FoundURL = { url: '', start: destination.at, end: destination.at, relative: true, context: 'markdown-pointy' };
            if (destination.definition) f.definition = true;
            found.push(f);
          }
          destination = null;
        }
        continue;
      }
      open.push(type);
      if (type === 'label' && open[open.length - 2] === 'image') inAlt++;
      if (type === 'resource' || type === 'definition') destination = { at: s + 1, seen: false, definition: type === 'definition' };
      if (destination && (type === 'resourceDestinationLiteralMarker' || type === 'definitionDestinationLiteralMarker') && text[s] === '<') destination.at = e;
      if (SKIP.has(type)) skipped.push([s, e]);
      if (type === 'resourceDestinationString' || type === 'definitionDestinationString') destination!.seen = true;
      if (inAlt > 0) continue;
      switch (type) {
        case 'resourceDestinationString':
        case 'definitionDestinationString': {
          const pointy = text[s - 1] === '<';
          const f: FoundURL = { ...foundFrom(decodeMarkdown(text, s, e), s, e), context: pointy ? 'markdown-pointy' : 'markdown-destination' };
          if (type === 'definitionDestinationString') f.definition = true;
          found.push(f);
          break;
        }
        case 'autolinkProtocol':
          found.push({ ...plain(text, s, e), context: 'markdown-autolink' });
          break;
        case 'autolinkEmail':
          found.push(implied('mailto:', text, s, e));
          break;
        case 'literalAutolinkHttp':
          found.push({ ...plain(text, s, e), context: 'text' });
          break;
        case 'literalAutolinkWww':
          found.push(implied('http://', text, s, e));
          break;
        case 'literalAutolinkEmail':
          if (/^(?:mailto|xmpp):/i.test(text.slice(s, e))) found.push({ ...plain(text, s, e), context: 'implied' });
          else found.push(implied('mailto:', text, s, e));
          break;
        case 'htmlFlow':
        case 'htmlText':
          for (const f of htmlURLs(text.slice(s, e))) found.push(shifted(f, s));
          break;
        default:
          break;
      }
    }
    if (prose) {
      // prose: the text with every construct above blanked (offsets unchanged)
      skipped.sort((a, b) => a[0] - b[0]);
      const parts: string[] = [];
      let at = 0;
      for (const [s, e] of skipped) {
        if (e <= at) continue;
        const from = Math.max(s, at);
        parts.push(text.slice(at, from), ' '.repeat(e - from));
        at = e;
      }
      parts.push(text.slice(at));
      for (const f of proseURLs(parts.join(''), 'markdown')) found.push({ ...f, context: 'text' });
    }
    found.sort((a, b) => a.start - b.start || a.end - b.end);
    return offset === 0 ? found : found.map((f) => shifted(f, offset));
  }
}

/** The URLs of a whole Markdown document (one piece). */
export function markdownURLs(text: string, options: MarkdownFindOptions = {}): FoundURL[] {
  return new MarkdownParser(options).find(text);
}

// ---------------------------------------------------------------------------------------------
// Pieces

/** The end condition of an HTML block that a blank line does not end, for its start line, or null. */
function htmlBlockEnd(line: string): RegExp | null {
  const m = /^ {0,3}<(?:(script|pre|style|textarea)(?=[\s>]|$)|(!--)|(\?)|(!\[CDATA\[)|(![A-Za-z]))/i.exec(line);
  if (!m) return null;
  const end = m[1] ? /<\/(?:script|pre|style|textarea)>/i : m[2] ? /-->/ : m[3] ? /\?>/ : m[4] ? /\]\]>/ : />/;
  return end.test(line.slice(m[0].length)) ? null : end;
}

/**
 * Cuts Markdown text, given in chunks, into pieces that parse the same apart as together (see the
 * top of this file). `push` returns the pieces completed so far, each with its offset in the
 * document; `end` returns the rest.
 */
export class MarkdownSplitter {
  private pending = '';
  private pendingStart = 0;
  /** Where the next line to look at starts, in `pending`. */
  private scan = 0;
  private fence: { char: string; length: number } | null = null;
  private html: RegExp | null = null;
  private afterBlank = false;
  /** A line starting with "<" may have opened an HTML block that only a blank line ends. */
  private htmlUntilBlank = false;
  /** No line break in `pending` before here (from `scan` on): where to look for the next one. */
  private searched = 0;

  constructor(private readonly target = 16 * 1024) {}

  push(chunk: string): Array<{ text: string; offset: number }> {
    this.pending += chunk;
    return this.cut(false);
  }

  end(): Array<{ text: string; offset: number }> {
    const out = this.cut(true);
    if (this.pending.length > 0) out.push({ text: this.pending, offset: this.pendingStart });
    this.pending = '';
    return out;
  }

  private cut(last: boolean): Array<{ text: string; offset: number }> {
    const out: Array<{ text: string; offset: number }> = [];
    const text = this.pending;
    let pieceStart = 0;
    let i = this.scan;
    const eol = /\r\n|\r|\n/g;
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
        continue;
      }
      const blockStart = (this.afterBlank && /^[^ \t]/.test(line)) || (!this.htmlUntilBlank && /^(?:#{1,6}(?:[ \t]|$)|[-+*][ \t]+\S)/.test(line));
      if (blockStart && lineStart - pieceStart >= this.target) {
        out.push({ text: text.slice(pieceStart, lineStart), offset: this.pendingStart + pieceStart });
        pieceStart = lineStart;
      }
      this.afterBlank = false;
      if (/^ {0,3}</.test(line)) this.htmlUntilBlank = true;
      const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
      if (open && !(open[1][0] === '`' && open[2].includes('`'))) this.fence = { char: open[1][0], length: open[1].length };
      else this.html = htmlBlockEnd(line);
    }
    this.pending = text.slice(pieceStart);
    this.pendingStart += pieceStart;
    this.scan = i - pieceStart;
    this.searched = Math.max(0, this.searched - pieceStart);
    return out;
  }
}
