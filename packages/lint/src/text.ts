// URLs in prose: a scheme from KNOWN_SCHEMES followed by ":", or any scheme followed by "://",
// then everything up to white space, "<", ">", '"', "`" or an unbalanced "]"; trailing
// ".,;:!?'" (in Markdown also "*_~") and an unbalanced ")" are left out, as is a candidate that is
// nothing but "scheme:" or "scheme://". In a text file an unbalanced "}" at the end is left out
// too ("{https://x.org/}" as YARD and LaTeX write a link); Markdown keeps it, as GFM's literal
// autolinks do. Prose URLs never cross a line, which is what lets a text file be read line by
// line.
//
// Some words of prose look like the start of a URL and are not one (see `startsURL`):
//   - a scheme joined to the next word by a hyphen, as in "http:-URLs" or "file:-based";
//   - "file:" not followed by "/" or "\", as in "file:12" or "file:linenumber" (a file URL is
//     hierarchical: in prose it is written file:///path, file:/path or file://host/path);
//   - YARD's links to files, "{file:doc/x.md}" and "{include:file:doc/x.md}".

import { MAX_URL_LENGTH, plain, type FoundURL } from './found';

/** Schemes that count in prose even without "//" after the colon. */
export const KNOWN_SCHEMES: readonly string[] = ['http', 'https', 'ftp', 'ws', 'wss', 'file', 'mailto', 'tel', 'data', 'javascript', 'blob'];

const PROSE_STOP = /[\s<>"`]/;
const PROSE_SCHEME = /(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*:/g;

/** What YARD writes before a file name in its braces: "{file:" or "{include:file:". */
const YARD_FILE = /\{(?:include:)?$/;

/**
 * Whether `scheme:` at text[start] (its colon just before `afterColon`) starts a URL in prose.
 * No URL of a known scheme has a rest that starts with "-": a special scheme is followed by
 * slashes or a host, mailto by an address or "?", tel by "+" or a digit, data by a media type or
 * ",", javascript by code and blob by an origin. A hyphen there makes the scheme a word of a
 * compound ("http:-URLs"). A "scheme:" with nothing after it passes here and is left out later,
 * as a candidate that is nothing but the scheme.
 */
function startsURL(text: string, start: number, afterColon: number, scheme: string): boolean {
  const next = text[afterColon];
  if (next === '-') return false;
  if (scheme === 'file') {
    if (next !== '/' && next !== '\\') return false;
    if (YARD_FILE.test(text.slice(Math.max(0, start - 9), start))) return false;
  }
  return true;
}

/** Absolute URLs in prose, each as the text's own slice. */
export function proseURLs(text: string, kind: 'text' | 'markdown'): FoundURL[] {
  const found: FoundURL[] = [];
  const trailing = kind === 'markdown' ? ".,;:!?'*_~" : ".,;:!?'";
  const re = new RegExp(PROSE_SCHEME.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index;
    const afterColon = start + m[0].length;
    const scheme = m[0].slice(0, -1).toLowerCase();
    if (!KNOWN_SCHEMES.includes(scheme) && !text.startsWith('//', afterColon)) continue;
    if (!startsURL(text, start, afterColon, scheme)) continue;
    let end = afterColon;
    let depth = 0;
    let opens = 0;
    let closes = 0;
    let braceOpens = 0;
    let braceCloses = 0;
    for (; end < text.length; end++) {
      const c = text[end];
      if (PROSE_STOP.test(c)) break;
      if (c === '[') depth++;
      else if (c === ']') {
        if (depth === 0) break;
        depth--;
      } else if (c === '(') opens++;
      else if (c === ')') closes++;
      else if (c === '{') braceOpens++;
      else if (c === '}') braceCloses++;
    }
    for (;;) {
      const last = text[end - 1];
      if (end > afterColon && trailing.includes(last)) end--;
      else if (end > afterColon && last === ')' && closes > opens) {
        end--;
        closes--;
      } else if (kind === 'text' && end > afterColon && last === '}' && braceCloses > braceOpens) {
        // The brace closes what the URL stands in, as in YARD's "{https://x.org/}" or LaTeX's
        // "\url{https://x.org/}".
        end--;
        braceCloses--;
      } else break;
    }
    re.lastIndex = Math.max(end, afterColon);
    if (/^\/*$/.test(text.slice(afterColon, end))) continue;
    found.push(plain(text, start, end));
  }
  return found;
}

/** JavaScript's white space (`\s`), by code: what ends a prose URL, and a run of LongRuns. */
export function isWhiteSpace(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** A stretch of a document, `text` at `offset`. */
export interface Stretch {
  text: string;
  offset: number;
}

/**
 * Passes a document on, given in chunks, less every run of more than MAX_URL_LENGTH characters
 * without white space: no URL lint checks is in one (a prose URL ends at white space; so does a
 * Markdown link's destination, but in angle brackets). `push` returns the stretches of text that
 * are whole so far, each with its offset; where a run was left out, the next stretch starts after
 * it (a gap). What is held between pushes is the run at the end (at most MAX_URL_LENGTH), so that
 * a line of any length is read in bounded memory, and a splitter always finds white space to cut
 * a long line at.
 *
 * A long run holds one of every STRIDE characters at least, so only those are looked at (and the
 * run around each, to its ends): the text of a document written for people is hardly read at all.
 */
export class LongRuns {
  /** The run at the end of what came so far (it may go on in the next chunk), and its offset. */
  private held = '';
  private heldAt = 0;
  /** Where the next chunk starts in the document. */
  private at = 0;
  /** In a long run, left out up to its end. */
  private skipping = false;

  push(chunk: string): Stretch[] {
    const out: Stretch[] = [];
    const at = this.at;
    const n = chunk.length;
    this.at += n;
    const space = (k: number) => isWhiteSpace(chunk.charCodeAt(k));
    let from = 0;
    if (this.skipping || this.held.length > 0) {
      // the run that went on into this chunk: where it ends
      while (from < n && !space(from)) from++;
      const run = this.held.length + from;
      if (this.skipping || run > MAX_URL_LENGTH) {
        this.held = '';
        this.skipping = from === n;
        if (this.skipping) return out;
      } else if (from === n) {
        this.held += chunk;
        return out;
      } else {
        out.push({ text: this.held, offset: this.heldAt });
        this.held = '';
        from = 0;
      }
    }
    // the long runs: each holds one of the points looked at
    for (let p = from + STRIDE - 1; p < n; p += STRIDE) {
      if (space(p)) continue;
      let a = p;
      while (a > from && !space(a - 1)) a--;
      let b = p + 1;
      while (b < n && !space(b)) b++;
      if (b - a > MAX_URL_LENGTH) {
        if (a > from) out.push({ text: chunk.slice(from, a), offset: at + from });
        if (b === n) {
          this.skipping = true;
          return out;
        }
        from = b;
      }
      // the next point past this run
      if (b > p + 1) p += Math.floor((b - 1 - p) / STRIDE) * STRIDE;
    }
    // the run at the end waits for what follows it
    let keep = n;
    while (keep > from && !space(keep - 1)) keep--;
    if (keep > from) out.push({ text: chunk.slice(from, keep), offset: at + from });
    this.held = chunk.slice(keep);
    this.heldAt = at + keep;
    return out;
  }

  /** What is held at the end of the document. */
  end(): Stretch[] {
    const out = this.held.length > 0 ? [{ text: this.held, offset: this.heldAt }] : [];
    this.held = '';
    return out;
  }
}

/** How far apart the characters are that LongRuns looks at. */
const STRIDE = MAX_URL_LENGTH >> 1;
