// URLs in HTML: the URL attributes of every start tag, with character references decoded and each
// decoded unit keeping the span of the text it came from:
//   - href, xlink:href, src, action, formaction, cite, poster, and data on <object>: one URL each,
//     less its leading and trailing ASCII whitespace (the standard allows it there);
//   - srcset, and imagesrcset on <link>: each image candidate's URL;
//   - ping on <a> and <area>: each of its space-separated URLs;
//   - content on <meta http-equiv="refresh">: the URL the refresh goes to, if it names one.
//
// parse5's tokenizer reads the document in chunks (HTMLFinder.write), so a file of any size is
// read in bounded memory: only the text from the end of the last finished token on is kept. Like
// parse5's SAX parser, this switches the tokenizer into raw text for <script>, <style>,
// <textarea>, <title>, <xmp>, <iframe>, <noembed>, <noframes>, <noscript> and <plaintext>; unlike
// a tree builder it does not follow the insertion modes, so it reads <![CDATA[ as CDATA inside
// <svg> and <math> by counting their start and end tags. None of this changes which attribute
// values are found.
//
// Bounded memory. parse5 builds each attribute value, comment, tag name and run of text a
// character at a time (a string concatenation each, some 32 bytes of memory per character until
// the token ends: a 50 MB attribute took 4.6 GB), and keeps all its input from the start of the
// token. So the text is fed in steps of STEP, and when, after one, the tokenizer is building such
// a string past MAX_URL_LENGTH, the characters that would only be added to it are not fed at all
// (they change nothing else: see BUILDING) up to the one that ends it. An attribute value longer
// than MAX_URL_LENGTH is not checked. Where text was left out (here, or by the caller: `skip`),
// the tokenizer's offsets are moved back to the document's (`gapAt`).

import { Tokenizer, TokenizerMode, type Token } from 'parse5';
import { boundNumericReferences, characterReference, Decoded, DecodingMode, foundFrom, MAX_URL_LENGTH, type FoundURL, type URLContext } from './found';

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

/**
 * [start, end) of an attribute's URL less its leading and trailing ASCII whitespace. The attributes
 * that hold one URL (href, src, action, ...) must hold a "valid URL potentially surrounded by
 * spaces" (HTML §2.4.1 URLs: Terminology,
 * https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-url-potentially-surrounded-by-spaces),
 * so the whitespace around the URL is not an error of the document.
 */
export function strippedURL(value: string): [number, number] {
  let start = 0;
  let end = value.length;
  while (start < end && HTML_WS.test(value[start])) start++;
  while (end > start && HTML_WS.test(value[end - 1])) end--;
  return [start, end];
}

/**
 * The URLs of a ping attribute: [start, end) of each token. HTML §4.6.2 Links created by a and
 * area elements makes ping a set of space-separated tokens, each a URL, and hyperlink auditing
 * (https://html.spec.whatwg.org/multipage/links.html#hyperlink-auditing) splits the value on ASCII
 * whitespace and parses each token.
 */
export function pingURLs(value: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let pos = 0;
  while (pos < value.length) {
    while (pos < value.length && HTML_WS.test(value[pos])) pos++;
    const start = pos;
    while (pos < value.length && !HTML_WS.test(value[pos])) pos++;
    if (pos > start) out.push([start, pos]);
  }
  return out;
}

/**
 * [start, end) of the URL in the content of a <meta http-equiv="refresh">, or null when the value
 * names none (a refresh of the document itself, or a value the user agent ignores). This follows
 * the shared declarative refresh steps of HTML §4.2.5.3 Pragma directives
 * (https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps).
 */
export function refreshURL(input: string): [number, number] | null {
  const n = input.length;
  const skipWhitespace = (p: number): number => {
    while (p < n && HTML_WS.test(input[p])) p++;
    return p;
  };
  const isDigit = (p: number): boolean => p < n && input[p] >= '0' && input[p] <= '9';
  const isLetter = (p: number, upper: string): boolean => input[p] === upper || input[p] === upper.toLowerCase();
  // The refresh state's steps return at once for an empty content attribute.
  if (n === 0) return null;
  // Let position point at the start of input, then skip ASCII whitespace.
  let pos = skipWhitespace(0);
  // Collect the ASCII digits of the time. When there are none, the steps go on only if the code
  // point at position is "." (a time such as ".5").
  const timeStart = pos;
  while (isDigit(pos)) pos++;
  if (pos === timeStart && input[pos] !== '.') return null;
  // Collect ASCII digits and "." after it, and ignore them (the fraction of the time).
  while (isDigit(pos) || input[pos] === '.') pos++;
  // If position is not past the end: the code point there must be ";", "," or ASCII whitespace
  // (else the steps return); skip ASCII whitespace, one ";" or "," and ASCII whitespace again.
  if (pos < n) {
    if (input[pos] !== ';' && input[pos] !== ',' && !HTML_WS.test(input[pos])) return null;
    pos = skipWhitespace(pos);
    if (input[pos] === ';' || input[pos] === ',') pos++;
    pos = skipWhitespace(pos);
  }
  // Past the end, there is no URL: the refresh reloads the document's own URL.
  if (pos >= n) return null;
  // Let urlString be the rest of input. If it starts with "U" or "u", try "URL", then ASCII
  // whitespace, "=" and ASCII whitespace; where one of "R", "L" or "=" is missing, jump to the step
  // labeled parse, which parses urlString as it is. Without the "U", jump to the step labeled skip
  // quotes.
  const urlString = pos;
  if (isLetter(pos, 'U')) {
    pos++;
    if (!isLetter(pos, 'R') || !isLetter(pos + 1, 'L')) return [urlString, n];
    pos = skipWhitespace(pos + 2);
    if (input[pos] !== '=') return [urlString, n];
    pos = skipWhitespace(pos + 1);
  }
  // Skip quotes: after an opening "'" or '"', urlString is the rest of input truncated at the
  // first code point equal to that quote; else it is the rest of input.
  const quote = input[pos];
  if (quote === "'" || quote === '"') {
    const close = input.indexOf(quote, pos + 1);
    return [pos + 1, close < 0 ? n : close];
  }
  return [pos, n];
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

/** How an attribute holds URLs: one URL, image candidates, space-separated URLs, or a refresh. */
type URLSyntax = 'url' | 'srcset' | 'ping' | 'refresh';

/** Whether a meta start tag's http-equiv attribute is in the refresh state (an ASCII case-insensitive "refresh"). */
function isRefreshPragma(token: Token.TagToken): boolean {
  const httpEquiv = token.attrs.find((a) => a.name === 'http-equiv');
  return httpEquiv !== undefined && httpEquiv.value.replace(/[A-Z]/g, (c) => c.toLowerCase()) === 'refresh';
}

/** How attribute `attr` of start tag `token` holds URLs, or null when it holds none. */
function urlSyntax(token: Token.TagToken, attr: string): URLSyntax | null {
  const tag = token.tagName;
  switch (attr) {
    case 'href':
    case 'xlink:href':
    case 'src':
    case 'action':
    case 'formaction':
    case 'cite':
    case 'poster':
      return 'url';
    case 'data':
      return tag === 'object' ? 'url' : null;
    case 'srcset':
      return 'srcset';
    case 'imagesrcset':
      // The link element's imagesrcset is a srcset attribute (HTML §4.2.4 The link element).
      return tag === 'link' ? 'srcset' : null;
    case 'ping':
      return tag === 'a' || tag === 'area' ? 'ping' : null;
    case 'content':
      return tag === 'meta' && isRefreshPragma(token) ? 'refresh' : null;
    default:
      return null;
  }
}

/** [start, end) of each URL in the decoded value of an attribute of syntax `syntax`. */
function attributeURLs(value: string, syntax: URLSyntax): Array<[number, number]> {
  switch (syntax) {
    case 'url':
      return [strippedURL(value)];
    case 'srcset':
      return srcsetURLs(value);
    case 'ping':
      return pingURLs(value);
    case 'refresh': {
      const url = refreshURL(value);
      return url ? [url] : [];
    }
  }
}

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

/** How much text the tokenizer is fed at a time (what a string it builds may grow by before it is checked). */
const STEP = 16 * 1024;

/** Which string the tokenizer builds in a state (see BUILDING). */
type Builds = 'value' | 'name' | 'tag' | 'comment' | 'doctype' | 'text';

/**
 * The tokenizer states in which it builds a string a character at a time, each with the string
 * it builds and the characters that, there, are only added to that string (the tokenizer stays in
 * the state and does nothing else with them: leaving them out changes nothing but the string).
 * The state numbers are parse5's own, learnt by feeding a tokenizer the start of each construct
 * (so another version of parse5 that numbers them otherwise is still read right).
 */
const BUILDING: ReadonlyMap<number, { builds: Builds; only: (c: number) => boolean }> = (() => {
  const ws = (c: number) => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
  const probes: Array<[string, Builds, (c: number) => boolean]> = [
    ['<a b="', 'value', (c) => c !== 0x22],
    ["<a b='", 'value', (c) => c !== 0x27],
    ['<a b=c', 'value', (c) => !ws(c) && c !== 0x3e],
    ['<a b', 'name', (c) => !ws(c) && c !== 0x2f && c !== 0x3e && c !== 0x3d],
    ['<a', 'tag', (c) => !ws(c) && c !== 0x2f && c !== 0x3e],
    ['<!--a', 'comment', (c) => c !== 0x2d && c !== 0x3c],
    ['<!--a--', 'comment', (c) => c === 0x2d],
    ['<!--a<', 'comment', (c) => c === 0x3c],
    ['<?a', 'comment', (c) => c !== 0x3e],
    ['<!DOCTYPE a', 'doctype', (c) => !ws(c) && c !== 0x3e],
    ['<!DOCTYPE a PUBLIC "', 'doctype', (c) => c !== 0x22 && c !== 0x3e],
    ["<!DOCTYPE a PUBLIC '", 'doctype', (c) => c !== 0x27 && c !== 0x3e],
    ['<!DOCTYPE a SYSTEM "', 'doctype', (c) => c !== 0x22 && c !== 0x3e],
    ["<!DOCTYPE a SYSTEM '", 'doctype', (c) => c !== 0x27 && c !== 0x3e],
    ['a', 'text', (c) => c !== 0x3c],
  ];
  const states = new Map<number, { builds: Builds; only: (c: number) => boolean }>();
  const noop = () => {};
  const handler = { onComment: noop, onDoctype: noop, onStartTag: noop, onEndTag: noop, onEof: noop, onCharacter: noop, onNullCharacter: noop, onWhitespaceCharacter: noop };
  for (const [start, builds, only] of probes) {
    const t = new Tokenizer({}, handler);
    t.write(start, false);
    states.set(t.state, { builds, only });
  }
  // the text of raw text elements, read until "<" (or, in <plaintext>, to the end)
  for (const mode of [TokenizerMode.RCDATA, TokenizerMode.RAWTEXT, TokenizerMode.SCRIPT_DATA]) states.set(mode, { builds: 'text', only: (c) => c !== 0x3c });
  states.set(TokenizerMode.PLAINTEXT, { builds: 'text', only: () => true });
  states.set(TokenizerMode.CDATA_SECTION, { builds: 'text', only: (c) => c !== 0x5d });
  return states;
})();

/**
 * The most attributes one tag keeps (1,024): parse5 looks for a repeated name among all those
 * before it (a tag of 200,000 attributes took 183 s), and keeps every one until the tag ends.
 * The rest of such a tag, up to its ">", is not read, nor given to the tokenizer (but for the
 * quote that closes the value it is in): the tags are counted (HTMLFinder.truncatedTags). An
 * attribute of a URL comes, in any page a person or a tool writes, long before.
 */
export const MAX_ATTRIBUTES = 1024;

/**
 * Where in a start tag the tokenizer is, as far as finding the tag's end goes (HTML's tokenizer
 * states, https://html.spec.whatwg.org/multipage/parsing.html#tokenization): tag name, before,
 * in and after an attribute name, before an attribute value, in a double-quoted, single-quoted or
 * unquoted value, after a quoted value, in a self-closing start tag.
 */
type TagState = 'tag' | 'before-name' | 'name' | 'after-name' | 'before-value' | 'double' | 'single' | 'unquoted' | 'after-quoted' | 'self-closing';

/** parse5's numbers of those states, learnt by feeding a tokenizer the start of each (as BUILDING). */
const TAG_STATES: ReadonlyMap<number, TagState> = (() => {
  const probes: Array<[string, TagState]> = [
    ['<a', 'tag'],
    ['<a ', 'before-name'],
    ['<a b', 'name'],
    ['<a b ', 'after-name'],
    ['<a b=', 'before-value'],
    ['<a b="', 'double'],
    ["<a b='", 'single'],
    ['<a b=c', 'unquoted'],
    ['<a b="c"', 'after-quoted'],
    ['<a /', 'self-closing'],
  ];
  const noop = () => {};
  const handler = { onComment: noop, onDoctype: noop, onStartTag: noop, onEndTag: noop, onEof: noop, onCharacter: noop, onNullCharacter: noop, onWhitespaceCharacter: noop };
  const states = new Map<number, TagState>();
  for (const [start, state] of probes) {
    const t = new Tokenizer({}, handler);
    t.write(start, false);
    states.set(t.state, state);
  }
  return states;
})();

const isTagSpace = (c: number) => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;

/** The state after `c` (a UTF-16 unit) in `state`, or null when `c` ends the tag (">"). */
function nextTagState(state: TagState, c: number): TagState | null {
  switch (state) {
    case 'double':
      return c === 0x22 ? 'after-quoted' : 'double';
    case 'single':
      return c === 0x27 ? 'after-quoted' : 'single';
    case 'unquoted':
      return c === 0x3e ? null : isTagSpace(c) ? 'before-name' : 'unquoted';
    case 'before-value':
      return isTagSpace(c) ? 'before-value' : c === 0x22 ? 'double' : c === 0x27 ? 'single' : c === 0x3e ? null : 'unquoted';
    case 'tag':
      return c === 0x3e ? null : isTagSpace(c) ? 'before-name' : c === 0x2f ? 'self-closing' : 'tag';
    case 'name':
      return c === 0x3e ? null : isTagSpace(c) ? 'after-name' : c === 0x2f ? 'self-closing' : c === 0x3d ? 'before-value' : 'name';
    case 'after-name':
      return c === 0x3e ? null : isTagSpace(c) ? 'after-name' : c === 0x2f ? 'self-closing' : c === 0x3d ? 'before-value' : 'name';
    case 'after-quoted':
    case 'self-closing':
      // (a character other than these is read again as before an attribute name)
      if (c === 0x3e) return null;
      if (state === 'after-quoted' && isTagSpace(c)) return 'before-name';
      if (state === 'after-quoted' && c === 0x2f) return 'self-closing';
      return nextTagState('before-name', c);
    case 'before-name':
      return c === 0x3e ? null : isTagSpace(c) ? 'before-name' : c === 0x2f ? 'self-closing' : 'name';
  }
}

/**
 * parse5's tokenizer, telling how long the string it is building has grown; reading a numeric
 * character reference of any length (boundNumericReferences), and at most MAX_ATTRIBUTES
 * attributes of one tag.
 */
class BoundedTokenizer extends Tokenizer {
  /** Tags with more than MAX_ATTRIBUTES attributes (the rest of each is not read). */
  truncatedTags = 0;
  /** Whether the start tag being read has had an attribute left out. */
  overflowed = false;

  constructor(...args: ConstructorParameters<typeof Tokenizer>) {
    super(...args);
    boundNumericReferences(this.entityDecoder);
  }

  protected override _createStartTagToken(): void {
    this.overflowed = false;
    super._createStartTagToken();
  }

  protected override _createEndTagToken(): void {
    this.overflowed = false;
    super._createEndTagToken();
  }

  protected override _leaveAttrName(): void {
    const token = this.currentToken as Token.TagToken | null;
    if (token && token.attrs.length >= MAX_ATTRIBUTES) {
      // (what parse5 would do with it, a repeated name or not, is not looked at: it is left out)
      if (!this.overflowed) this.truncatedTags++;
      this.overflowed = true;
      return;
    }
    // parse5's own: a repeated name is dropped, a new one kept with its place (a search among at
    // most MAX_ATTRIBUTES names)
    super._leaveAttrName();
  }

  /** Where in a start tag the tokenizer is (in a character reference: in the value it is in), or null. */
  tagState(): TagState | null {
    return TAG_STATES.get(this.state) ?? TAG_STATES.get(this.returnState) ?? null;
  }

  /** What the tokenizer is building a character at a time and how long it is, or null. */
  building(): { length: number; only: (c: number) => boolean } | null {
    const b = BUILDING.get(this.state);
    if (!b) return null;
    const token = this.currentToken;
    let length = 0;
    switch (b.builds) {
      case 'value':
        length = this.currentAttr.value.length;
        break;
      case 'name':
        length = this.currentAttr.name.length;
        break;
      case 'tag':
        length = token && 'tagName' in token ? token.tagName.length : 0;
        break;
      case 'comment':
        length = token && 'data' in token ? token.data.length : 0;
        break;
      case 'doctype':
        if (token && 'forceQuirks' in token) length = Math.max(token.name?.length ?? 0, token.publicId?.length ?? 0, token.systemId?.length ?? 0);
        break;
      case 'text':
        length = this.currentCharacterToken?.chars.length ?? 0;
        break;
    }
    return { length, only: b.only };
  }
}

/** Finds the URLs of an HTML document given in chunks; offsets count from the document's start (or `offset`). */
export class HTMLFinder {
  /** The text fed to the tokenizer from `windowStart` on (what a pending token may still need). */
  private window = '';
  private windowStart = 0;
  /** How much text the tokenizer was fed. */
  private fed = 0;
  /** Every token up to here (in the tokenizer's offsets, as the window's) is finished. */
  private safe = 0;
  private found: FoundURL[] = [];
  private foreignDepth = 0;
  private readonly tokenizer: BoundedTokenizer;
  /**
   * Where text was left out: at each of these offsets of the tokenizer, `gapEnds` says how much
   * was left out in all up to and with it. Those before the window are folded into `before`.
   */
  private gapAt: number[] = [];
  private gapEnds: number[] = [];
  private before: number;
  /** Leaving out what only adds to the string being built (see the top of this file). */
  private eliding: ((c: number) => boolean) | null = null;
  /**
   * Leaving out the rest of a start tag past MAX_ATTRIBUTES attributes, up to its ">": where in
   * the tag the text left out has got to, how much of it there is, and what the tokenizer is given
   * in place of its last characters to close the value it is in (a quote).
   */
  private skippingTag: { state: TagState; length: number; close: string } | null = null;

  /** `offset`: where in the document the text given starts. */
  constructor(offset = 0) {
    this.before = offset;
    const seen = (token: { location?: Token.Location | null }) => {
      if (token.location) this.safe = Math.max(this.safe, token.location.endOffset);
    };
    this.tokenizer = new BoundedTokenizer(
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

  /** How many tags had more than MAX_ATTRIBUTES attributes (the rest of each was not read). */
  get truncatedTags(): number {
    return this.tokenizer.truncatedTags;
  }

  /** Where the text still kept starts, in the document (everything before it is done with). */
  get keptFrom(): number {
    return this.windowStart + this.shiftBefore(this.windowStart);
  }

  /** Reads the next chunk (`last` for the final one) and returns the URLs found so far. */
  write(chunk: string, last: boolean): FoundURL[] {
    let i = 0;
    while (i < chunk.length) {
      if (this.skippingTag) {
        const t = this.skippingTag;
        let j = i;
        let state: TagState | null = t.state;
        for (; j < chunk.length; j++) {
          state = nextTagState(state, chunk.charCodeAt(j));
          if (state === null) break;
          t.state = state;
        }
        t.length += j - i;
        i = j;
        if (state !== null) continue;
        // the ">" is next: what was left out less the closing quote, which stands for its last
        // character (it held one: a quoted value ends with its quote), then the ">" as it is
        this.skippingTag = null;
        this.gap(t.length - t.close.length);
        if (t.close !== '') {
          this.window += t.close;
          this.fed += t.close.length;
          this.tokenizer.write(t.close, false);
        }
        continue;
      }
      if (this.eliding) {
        const only = this.eliding;
        let j = i;
        while (j < chunk.length && only(chunk.charCodeAt(j))) j++;
        this.gap(j - i);
        i = j;
        if (j < chunk.length) this.eliding = null;
        continue;
      }
      const part = chunk.slice(i, i + STEP);
      i += part.length;
      this.window += part;
      this.fed += part.length;
      this.tokenizer.write(part, false);
      if (this.tokenizer.overflowed) {
        // a tag past MAX_ATTRIBUTES: the rest of it is not given to the tokenizer
        const state = this.tokenizer.tagState();
        if (state !== null) {
          this.skippingTag = { state, length: 0, close: state === 'double' ? '"' : state === 'single' ? "'" : '' };
          continue;
        }
      }
      const b = this.tokenizer.building();
      if (b && b.length > MAX_URL_LENGTH) this.eliding = b.only;
    }
    if (last) this.tokenizer.write('', true);
    const drop = Math.min(this.safe - this.windowStart, this.window.length);
    if (drop > 0) {
      this.window = this.window.slice(drop);
      this.windowStart += drop;
      // gaps before the window are not needed one by one any more
      let k = 0;
      while (k < this.gapAt.length && this.gapAt[k] < this.windowStart) k++;
      if (k > 0) {
        this.before += this.gapEnds[k - 1];
        this.gapAt = this.gapAt.slice(k);
        this.gapEnds = this.gapEnds.slice(k).map((n) => n - this.gapEnds[k - 1]);
      }
    }
    const out = this.found;
    this.found = [];
    return out;
  }

  /** `length` characters of the document, next, are not given (they held nothing to find). */
  skip(length: number): void {
    this.gap(length);
  }

  private gap(length: number): void {
    if (length <= 0) return;
    const n = this.gapAt.length;
    const total = (n > 0 ? this.gapEnds[n - 1] : 0) + length;
    if (n > 0 && this.gapAt[n - 1] === this.fed) this.gapEnds[n - 1] = total;
    else {
      this.gapAt.push(this.fed);
      this.gapEnds.push(total);
    }
  }

  /** How far the document is ahead of the tokenizer's offsets before `at` (gaps at `at` not counted). */
  private shiftBefore(at: number): number {
    let lo = 0;
    let hi = this.gapAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.gapAt[mid] < at) lo = mid + 1;
      else hi = mid;
    }
    return this.before + (lo > 0 ? this.gapEnds[lo - 1] : 0);
  }

  /** Whether text was left out within [start, end] (the tokenizer's offsets). */
  private gapWithin(start: number, end: number): boolean {
    for (let k = this.gapAt.length - 1; k >= 0 && this.gapAt[k] >= start; k--) if (this.gapAt[k] <= end) return true;
    return false;
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
      const syntax = urlSyntax(token, attrName);
      if (!syntax) continue;
      const loc = locs[attrName];
      if (!loc) continue;
      // a value longer than any URL lint checks, or one that text was left out of
      if (attr.value.length > MAX_URL_LENGTH || this.gapWithin(loc.startOffset, loc.endOffset)) continue;
      const w = this.windowStart;
      const value = attributeValueSpan(this.window, loc.startOffset - w, loc.endOffset - w, attrName.length);
      if (!value) continue;
      // the document's offsets: the window's, moved by what was left out before the value
      const base = w + this.shiftBefore(loc.startOffset);
      let d = decodeAttributeValue(this.window, value.start, value.end, base);
      const regionStart = value.start + base;
      const regionEnd = value.end + base;
      let context: URLContext = value.quote === '"' ? 'html-double' : value.quote === "'" ? 'html-single' : 'html-unquoted';
      if (d.value !== attr.value) {
        // This is not what the tokenizer made of the value (it should not happen): the URLs are
        // taken from the tokenizer's value, each unit mapped to the whole value, and never fixed.
        d = new Decoded();
        d.push(attr.value, regionStart, regionEnd);
        context = 'implied';
      }
      for (const [s, e] of attributeURLs(d.value, syntax)) {
        const found: FoundURL = { ...foundFrom(d, regionStart, regionEnd, s, e), context };
        if (syntax === 'srcset') found.srcset = true;
        this.found.push(found);
      }
    }
  }
}

/** The URLs in the URL attributes of the HTML `text` (a whole document or a fragment). */
export function htmlURLs(text: string): FoundURL[] {
  return new HTMLFinder().write(text, true);
}
