// URLs in HTML: the href, src, action, formaction, cite, poster, srcset (each candidate) and data
// (on <object>) attribute values of every start tag, with character references decoded and each
// decoded unit keeping the span of the text it came from.
//
// parse5's tokenizer reads the document in chunks (HTMLFinder.write), so a file of any size is
// read in bounded memory: only the text from the end of the last finished token on is kept. Like
// parse5's SAX parser, this switches the tokenizer into raw text for <script>, <style>,
// <textarea>, <title>, <xmp>, <iframe>, <noembed>, <noframes>, <noscript> and <plaintext>; unlike
// a tree builder it does not follow the insertion modes, so it reads <![CDATA[ as CDATA inside
// <svg> and <math> by counting their start and end tags. None of this changes which attribute
// values are found.

import { Tokenizer, TokenizerMode, type Token } from 'parse5';
import { characterReference, Decoded, DecodingMode, foundFrom, type FoundURL, type URLContext } from './found';

const HTML_WS = /[\t\n\f\r ]/;

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

/** The attribute's value text[start, end) with character references decoded, each unit mapped to the text. */
export function decodeAttributeValue(text: string, start: number, end: number, offset = 0): Decoded {
  const d = new Decoded();
  let i = start;
  while (i < end) {
    const c = text[i];
    if (c === '&') {
      const ref = characterReference(text, i, end, DecodingMode.Attribute);
      if (ref) {
        d.push(ref.value, offset + i, offset + i + ref.length);
        i += ref.length;
        continue;
      }
    }
    if (c === '\r') {
      // the input stream's newline normalisation: CR LF and CR become LF
      const len = text[i + 1] === '\n' && i + 1 < end ? 2 : 1;
      d.push('\n', offset + i, offset + i + len);
      i += len;
      continue;
    }
    d.push(c === '\u0000' ? '\ufffd' : c, offset + i, offset + i + 1);
    i++;
  }
  return d;
}

const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'cite', 'poster', 'srcset', 'data']);

const TEXT_MODES: Record<string, number> = {
  script: TokenizerMode.SCRIPT_DATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  noscript: TokenizerMode.RAWTEXT,
  textarea: TokenizerMode.RCDATA,
  title: TokenizerMode.RCDATA,
  plaintext: TokenizerMode.PLAINTEXT,
};

/** [start, end) of the value inside `name = "value"` at text[start, end) and its quote, or null without "=". */
function attributeValueSpan(text: string, start: number, end: number, nameLength: number): { start: number; end: number; quote: string } | null {
  let i = start + nameLength;
  while (i < end && HTML_WS.test(text[i])) i++;
  if (text[i] !== '=') return null;
  i++;
  while (i < end && HTML_WS.test(text[i])) i++;
  const q = text[i];
  if ((q === '"' || q === "'") && end - i >= 2 && text[end - 1] === q) return { start: i + 1, end: end - 1, quote: q };
  return { start: i, end, quote: '' };
}

/** Finds the URLs of an HTML document given in chunks; offsets count from the document's start. */
export class HTMLFinder {
  /** The document text from `windowStart` on (what a pending token may still need). */
  private window = '';
  private windowStart = 0;
  /** Every token up to here is finished. */
  private safe = 0;
  private found: FoundURL[] = [];
  private foreignDepth = 0;
  private readonly tokenizer: Tokenizer;

  constructor() {
    const seen = (token: { location?: Token.Location | null }) => {
      if (token.location) this.safe = Math.max(this.safe, token.location.endOffset);
    };
    this.tokenizer = new Tokenizer(
      { sourceCodeLocationInfo: true },
      {
        onStartTag: (token) => {
          this.startTag(token);
          seen(token);
        },
        onEndTag: (token) => {
          if ((token.tagName === 'svg' || token.tagName === 'math') && this.foreignDepth > 0) this.foreignDepth--;
          this.tokenizer.inForeignNode = this.foreignDepth > 0;
          seen(token);
        },
        onComment: seen,
        onDoctype: seen,
        onCharacter: seen,
        onNullCharacter: seen,
        onWhitespaceCharacter: seen,
        onEof: () => {},
      },
    );
  }

  /** Where the text still kept starts (everything before it is done with). */
  get keptFrom(): number {
    return this.windowStart;
  }

  /** Reads the next chunk (`last` for the final one) and returns the URLs found so far. */
  write(chunk: string, last: boolean): FoundURL[] {
    this.window += chunk;
    this.tokenizer.write(chunk, last);
    const drop = Math.min(this.safe - this.windowStart, this.window.length);
    if (drop > 0) {
      this.window = this.window.slice(drop);
      this.windowStart += drop;
    }
    const out = this.found;
    this.found = [];
    return out;
  }

  private startTag(token: Token.TagToken): void {
    const name = token.tagName;
    if (Object.prototype.hasOwnProperty.call(TEXT_MODES, name) && !this.tokenizer.inForeignNode) this.tokenizer.state = TEXT_MODES[name];
    if ((name === 'svg' || name === 'math') && !token.selfClosing) this.foreignDepth++;
    this.tokenizer.inForeignNode = this.foreignDepth > 0;
    const locs = token.location?.attrs;
    if (!locs) return;
    const seenNames = new Set<string>();
    for (const attr of token.attrs) {
      const attrName = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
      // a repeated attribute is dropped by the tokenizer; its location is the first one's
      if (seenNames.has(attrName)) continue;
      seenNames.add(attrName);
      if (!URL_ATTRIBUTES.has(attrName)) continue;
      if (attrName === 'data' && name !== 'object') continue;
      const loc = locs[attrName];
      if (!loc) continue;
      const w = this.windowStart;
      const value = attributeValueSpan(this.window, loc.startOffset - w, loc.endOffset - w, attrName.length);
      if (!value) continue;
      const d = decodeAttributeValue(this.window, value.start, value.end, w);
      const regionStart = value.start + w;
      const regionEnd = value.end + w;
      const context: URLContext = value.quote === '"' ? 'html-double' : value.quote === "'" ? 'html-single' : 'html-unquoted';
      if (d.value !== attr.value) {
        // not what the tokenizer made of it (should not happen): the whole value, unmapped
        const whole = new Decoded();
        whole.push(attr.value, regionStart, regionEnd);
        this.found.push({ ...foundFrom(whole, regionStart, regionEnd), context: 'implied' });
        continue;
      }
      if (attrName === 'srcset') {
        for (const [s, e] of srcsetURLs(d.value)) this.found.push({ ...foundFrom(d, regionStart, regionEnd, s, e), context, srcset: true });
      } else {
        this.found.push({ ...foundFrom(d, regionStart, regionEnd), context });
      }
    }
  }
}

/** The URLs in the URL attributes of the HTML `text` (a whole document or a fragment). */
export function htmlURLs(text: string): FoundURL[] {
  return new HTMLFinder().write(text, true);
}
