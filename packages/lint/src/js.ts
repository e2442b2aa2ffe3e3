// URLs in JavaScript and TypeScript sources (.js, .mjs, .cjs, .ts, .mts, .cts): the URLs of each
// string literal's value and of each template literal without substitutions (the whole value when
// it is one URL, that is, starts with one and holds no white space; else its prose URLs, text.ts),
// and the prose URLs of each comment. A string is read as the program means it: its escapes decoded
// (decodeStringBody, the reading the ESLint rule uses too), each unit of the value mapped back to
// the source it was written as, so that an error on a character written as an escape spans the
// whole escape and a fix writes the serialization escaped for the literal's quote. A string with
// an escape decodeStringBody does not know, a template literal with substitutions (its URL may go
// on in a `${...}`), a regular expression and an unterminated literal give nothing. JSX is not
// read here (.jsx and .tsx files are text): a JSX attribute's string has no backslash escapes.
//
// The source is cut into tokens by js-tokens, which reads TypeScript's syntax as JavaScript tokens
// (a type annotation is names and punctuators) and never throws. A document given in chunks
// (JSFinder) is read from a line break on once JS_PIECE units have been read since the last cut:
// the cuts depend on the text only, not on how it was chunked, so `lintText` and the command's
// streamed read agree. A token longer than JS_PIECE_HARD (a template or comment that never ends)
// is cut where the text held reaches that length.

import jsTokens from 'js-tokens';
import { Decoded, foundFrom, shifted, type FoundURL, type URLContext } from './found';
import { proseURLs } from './text';

const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const HEX = /x([0-9A-Fa-f]{2})/y;
const UNICODE = /u([0-9A-Fa-f]{4})/y;
const CODE_POINT = /u\{([0-9A-Fa-f]+)\}/y;
const OCTAL = /(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/y;

/** The match of the sticky `re` at text[i], or null (no slice of the text: a long literal stays linear). */
function at(re: RegExp, text: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(text);
}

/**
 * Decodes the body of a string literal (without its quotes) that starts at source offset
 * `offset`; `template` for a template literal (CR LF and CR read as LF, no octal escapes). Each
 * unit of the value keeps the source range [start, end) it was written as. Returns null on an
 * escape it does not know.
 */
export function decodeStringBody(body: string, offset: number, template: boolean): Decoded | null {
  const out = new Decoded();
  const push = (s: string, start: number, end: number) => out.push(s, offset + start, offset + end);
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c === '\r' && template) {
      const len = body[i + 1] === '\n' ? 2 : 1;
      push('\n', i, i + len);
      i += len;
      continue;
    }
    if (c !== '\\') {
      const cp = body.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      // each unit of a pair is its own unit in the source too
      for (let k = 0; k < len; k++) push(body[i + k], i + k, i + k + 1);
      i += len;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return null;
    let m: RegExpExecArray | null;
    if (next === '\r' || next === '\n' || next === '\u2028' || next === '\u2029') {
      // a line continuation: nothing
      i += next === '\r' && body[i + 2] === '\n' ? 3 : 2;
    } else if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, next)) {
      push(SIMPLE_ESCAPES[next], i, i + 2);
      i += 2;
    } else if ((m = at(HEX, body, i + 1))) {
      push(String.fromCharCode(parseInt(m[1], 16)), i, i + 1 + m[0].length);
      i += 1 + m[0].length;
    } else if ((m = at(UNICODE, body, i + 1) ?? at(CODE_POINT, body, i + 1))) {
      const cp = parseInt(m[1], 16);
      if (cp > 0x10ffff) return null;
      push(String.fromCodePoint(cp), i, i + 1 + m[0].length);
      i += 1 + m[0].length;
    } else if (next === '0' && !/^[0-9]/.test(body.slice(i + 2, i + 3))) {
      push('\0', i, i + 2);
      i += 2;
    } else if (/[0-9]/.test(next)) {
      if (template) return null;
      if (next === '8' || next === '9') {
        push(next, i, i + 2);
        i += 2;
      } else {
        // a legacy octal escape (sloppy-mode scripts only)
        m = at(OCTAL, body, i + 1)!;
        push(String.fromCharCode(parseInt(m[0], 8)), i, i + 1 + m[0].length);
        i += 1 + m[0].length;
      }
    } else if (next === 'x' || next === 'u') {
      return null;
    } else {
      // an identity escape: \\ \' \" \` \$ and any other character
      const cp = body.codePointAt(i + 1)!;
      const len = cp > 0xffff ? 2 : 1;
      push(body.slice(i + 1, i + 1 + len), i, i + 1 + len);
      i += 1 + len;
    }
  }
  return out;
}

/** The URLs of a string or template literal `token` at `offset`, its value read as the program means it. */
function literalURLs(token: string, offset: number, template: boolean, out: FoundURL[]): void {
  const decoded = decodeStringBody(token.slice(1, -1), offset + 1, template);
  if (!decoded || !decoded.value.includes(':')) return;
  const context: URLContext = template ? 'js-template' : token[0] === '"' ? 'js-double' : 'js-single';
  const value = decoded.value;
  const prose = proseURLs(value, 'text');
  // a value that is one URL (it starts with one and holds no white space) is the URL, whole: the
  // quotes end it, not the punctuation or backslash escapes that end a URL in prose
  if (prose.length > 0 && prose[0].start === 0 && !/\s/.test(value)) {
    const f = foundFrom(decoded, offset + 1, offset + token.length - 1);
    f.context = context;
    out.push(f);
    return;
  }
  for (const p of prose) {
    const f = foundFrom(decoded, offset + 1, offset + token.length - 1, p.start, p.end);
    f.context = context;
    if (p.uncertain) f.uncertain = p.uncertain;
    out.push(f);
  }
}

/** The URLs of the tokens of `text` (at document offset `offset`) before text offset `upTo`. */
function tokenURLs(tokens: Iterable<{ type: string; value: string; closed?: boolean }>, offset: number, upTo: number, out: FoundURL[]): void {
  let at = 0;
  for (const t of tokens) {
    if (at >= upTo) break;
    const start = at;
    at += t.value.length;
    switch (t.type) {
      case 'StringLiteral':
        if (t.closed) literalURLs(t.value, offset + start, false, out);
        break;
      case 'NoSubstitutionTemplate':
        if (t.closed) literalURLs(t.value, offset + start, true, out);
        break;
      case 'SingleLineComment':
      case 'MultiLineComment':
        if (t.value.includes(':')) for (const f of proseURLs(t.value, 'text')) out.push(shifted(f, offset + start));
        break;
      default:
        break;
    }
  }
}

/** The URLs of a whole JavaScript or TypeScript source, in document order. */
export function jsURLs(text: string): FoundURL[] {
  const finder = new JSFinder();
  return [...finder.write(text, false), ...finder.write('', true)];
}

/** The text read since the last cut before a line break ends a piece (see the top of this file). */
export const JS_PIECE = 64 * 1024;
/** The most text held without a line break outside a token: past it, the piece is cut anyway. */
export const JS_PIECE_HARD = 1024 * 1024;

/**
 * Finds the URLs of a JavaScript or TypeScript source given in chunks: `write` each chunk in
 * order (`last` with the final one); each call returns the URLs of the pieces completed.
 */
export class JSFinder {
  private pending = '';
  /** The document offset of `pending`. */
  private at = 0;

  /** Where the text still held starts. */
  get keptFrom(): number {
    return this.at;
  }

  write(chunk: string, last: boolean): FoundURL[] {
    const out: FoundURL[] = [];
    this.pending += chunk;
    for (;;) {
      const text = this.pending;
      if (last) {
        tokenURLs(jsTokens(text), this.at, text.length, out);
        this.cut(text.length);
        return out;
      }
      if (text.length < JS_PIECE) return out;
      // the first line break outside a token past JS_PIECE, not at the very end (a CR there may
      // be half of a CR LF, and the token before it may go on in the next chunk)
      let at = 0;
      let cut = -1;
      let lastBreak = -1;
      for (const t of jsTokens(text)) {
        at += t.value.length;
        if (at >= text.length) break;
        if (t.type !== 'LineTerminatorSequence') continue;
        lastBreak = at;
        if (at >= JS_PIECE) {
          cut = at;
          break;
        }
      }
      if (cut === -1) {
        if (text.length <= JS_PIECE_HARD) return out;
        // no line break outside a token in a megabyte: a piece ends at the last one, or here
        cut = lastBreak > 0 ? lastBreak : text.length;
      }
      tokenURLs(jsTokens(text.slice(0, cut)), this.at, cut, out);
      this.cut(cut);
    }
  }

  private cut(at: number): void {
    this.pending = this.pending.slice(at);
    this.at += at;
  }
}
