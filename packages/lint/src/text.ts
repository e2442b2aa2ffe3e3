// URLs in prose: a scheme from KNOWN_SCHEMES followed by ":", or any scheme followed by "://",
// then everything up to white space, "<", ">", '"', "`" or an unbalanced "]"; trailing
// ".,;:!?'" (in Markdown also "*_~") and an unbalanced ")" are left out, as is a candidate that is
// nothing but "scheme:" or "scheme://". An unbalanced "}" at the end is left out too
// ("{https://x.org/}" as YARD and LaTeX write a link), but where Markdown has a GFM literal
// autolink ("http://" or "https://"), which keeps it. Prose URLs never cross a line, which is
// what lets a text file be read in pieces of whole lines (but one that man hyphenated, read on
// into the next lines of its piece: at a piece's end it is left out, as hyphenated).
//
// A candidate is reported only when a reader would take it for a URL written as one. What is
// plainly something else is left out (`notAURL` and `notWrittenAsURL` below):
//   - a scheme joined to the next word by a hyphen: "http:-URLs", "file:-based";
//   - "file:" not followed by "/" or "\": "file:12", "file:linenumber" (a file URL is
//     hierarchical: in prose it is written file:///path, file:/path or file://host/path);
//   - YARD's links to files, "{file:doc/x.md}" and "{include:file:doc/x.md}";
//   - qualified names: a scheme followed or preceded by "::", as in "HTTP::Request", "Net::FTP",
//     "http::geturl", "LWP::Protocol::http::Socket", and git's "http::<address>" transports;
//   - without "//", a scheme not written in lower case ("HTTP:Response", Ruby's
//     "#<File:/dev/tty>"), and a special scheme followed by a port number only ("http:80",
//     "https:443->http"): words before a colon, not URLs;
//   - placeholders and templates: braces ("http://localhost:{{port}}/x", "https://{host}/api",
//     "https://x.org/users/{id}", "${BASE}"), shell variables ("http://$URL", "$(host)", "$HOST"),
//     printf conversions ("http://%s", ".../commit/%H": a "%" and a letter that are no
//     percent-encoding), and a port that is a word ("ssh://host:port/path", "https://host:PORT");
//     a "<" ends a URL, so "https://<host>/" is nothing but its scheme and is left out too;
//   - regular expressions and wildcards: ".*" or ".+" anywhere, "(?" or "[^", a "*" in the host
//     ("http://.*example.org", "https://*.example.org");
//   - syntax notation: brackets in the authority that hold no IP address ("ssh://[user@]host.xz",
//     "http://host[:port]/path"); an IPv6 address with a zone ("[fe80::1%eth0]") is an address;
//   - back-references and Python's templates ("ssh://\1\2/\3", "$1", "%(algo)s"), elisions
//     ("http://.../x", "https://../p", "…" inside), curl's globs ("file[1-100].txt"), a regular
//     expression's anchor or escape before the scheme ("/^http:/i", "\bhttps://") and its classes
//     ("\S+"), an escape right after the scheme ("http:\/\/x" in JSON, "file:\n" in a string);
//   - a special scheme without "//" followed by a bare word, outside quotes: a tool's setting
//     ("set ftp:passive-mode 1").
// Those of the last four groups may have been meant as URLs: with `leftOut`, proseURLs says each
// (lint counts them and --show-skipped lists them); the others are words, passed over in silence.
// These rules hold in text files, and in Markdown where no GFM literal autolink starts (GFM
// links "http://" and "https://" URLs whatever they hold: there the reader sees a link, and lint
// keeps GFM's extent and reports it).
//
// Where prose ends a URL, in text and Markdown: before punctuation of any script but ASCII
// (quotes, brackets, "。", "…"); before a "|" followed by a scheme, white space or the end (POD's
// "L<url|url>", pipes, alternatives); before ";", "," or "&" in the host. In a GFM literal
// autolink too, where what GFM links past that point is the sentence's (gfmLiteral: no fix).
// Where prose ends a URL in a text file (whose text often holds another language's escapes):
//   - before a backslash that escapes the text around the URL: one followed by ASCII punctuation
//     ("\[[#269](https://github.com/o/r/pull/269)\]" is the URL ".../pull/269"; "\_", "\(",
//     "\#"), by a string escape ("\xC3", "\u00e9", "\n", "\t"), or by the end of the line or
//     white space (a line continuation). A backslash followed by another letter or digit stays in
//     the URL ("https://x.org\docs" is a URL with a backslash); in a file: URL every backslash
//     stays (Windows paths: "file:\\host\share");
//   - before a control character (a stray form feed or ^Z at the end of a line);
//   - before the "-" of an arrow "->".
// A URL that ends a line with "-" is left out: it was cut by hyphenation at the line's end, and
// its rest is on the next line; one that ends it with U+2010, the hyphen man's formatter adds, is
// read on across the line without it (joinHyphenated), with no fix.
//
// A fix needs a URL whose extent is certain. In a text file that is one with nothing around it
// but white space (or the start or end of the line), or enclosed in <...>, "...", '...' or
// `...`: a URL cut before an escape, trailing punctuation or a parenthesis, or written next to
// other text, gets no fix (`uncertain` says why); and in text or Markdown, a URL holding text of
// a script written without spaces (CJK, Thai...) has no certain end either.

import { isSpecialScheme, SPECIAL_SCHEMES } from 'url-grammar';
import { Decoded, foundFrom, MAX_URL_LENGTH, plain, type FoundURL } from './found';

/** Schemes that count in prose even without "//" after the colon. */
export const KNOWN_SCHEMES: readonly string[] = [...Object.keys(SPECIAL_SCHEMES), 'mailto', 'tel', 'data', 'javascript', 'blob'];

const PROSE_STOP = /[\s<>"`]/;
const PROSE_SCHEME = /(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*:/g;
const ASCII_PUNCTUATION = /[!-\/:-@\[-`{-~]/;
/**
 * What follows a backslash that starts a string escape of C, JavaScript, Python...: "\n", "\t"
 * and "\r" only when no lower-case letter follows (in "https://example.com\news" the backslash
 * starts a name, as in a Windows path), or when the URL is in quotes.
 */
const STRING_ESCAPE = /^(?:[xX][0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{|U[0-9A-Fa-f]{8}|[ntr](?![a-z])|0)/;
/** The same in a file: URL, whose backslashes are a Windows path's: no letter or digit may follow. */
const FILE_STRING_ESCAPE = /^[ntr](?![A-Za-z0-9])/;
/** Punctuation of any script but ASCII (Unicode's P categories): quotes, brackets, dashes, "。", "…". */
const UNICODE_PUNCTUATION = /\p{P}/u;
/** Hyphens a formatter puts at the end of a line when it breaks a word (man writes U+2010). */
const LINE_END_HYPHENS = '-\u2010\u2011\u00ad';
/**
 * Scripts written without spaces between words, and the CJK symbols and full-width forms: text in
 * them may run on from a URL with nothing between them, so a URL that holds any has no certain end.
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff00-\uffef]/u;

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

/**
 * Why `written:` at text[start] is plainly no URL, whatever follows: a qualified name, a word
 * before a colon, a protocol and its port, a tool's setting. Null when it may start one. (Such
 * words are not counted as left out: they are no URLs.)
 */
function notAURL(text: string, start: number, afterColon: number, written: string, slashes: boolean): string | null {
  if (text[afterColon] === ':' || text.slice(Math.max(0, start - 2), start) === '::') return 'a qualified name';
  if (slashes) return null;
  if (written !== written.toLowerCase()) return 'a word before a colon';
  if (isSpecialScheme(written) && written !== 'file') {
    if (/^\d+(?![\w.\/])/.test(text.slice(afterColon, afterColon + 8))) return 'a protocol and its port';
    // "set ftp:passive-mode 1", "http:proxy": a word with no host, path or address in it (but
    // in quotes or "<...>" it is written as a URL: "http:foo")
    if (!/["'<]/.test(text[start - 1] ?? '') && /^[A-Za-z][\w-]*(?![\w.\/\\@:?#%-])/.test(text.slice(afterColon, afterColon + 64))) return 'a setting';
  }
  return null;
}

/**
 * Why `written:` at text[start] is left out as the notation of something else (counted and
 * listed as left out): a regular expression's anchor or escape before it.
 */
function patternBefore(text: string, start: number): string | null {
  const before = text[start - 1];
  if (before === '^') return 'a regular expression ("^" before the scheme)';
  if (before === '\\') return 'a regular expression or an escape ("\\" before the scheme)';
  return null;
}

/** Why the candidate `url` is a placeholder, a pattern or notation rather than a URL, or null. */
function notWrittenAsURL(url: string): string | null {
  if (/[{}]/.test(url) || /\$[{(A-Z_0-9]/.test(url)) return 'a template or a variable';
  if (/\\[1-9]/.test(url)) return 'a back-reference ("\\1")';
  if (/\.\.\./.test(url)) return 'an elision ("...")';
  const authority = /^[A-Za-z][A-Za-z0-9+.\-]*:[\/\\]{2}([^\/?#\\]*)/.exec(url)?.[1];
  // (an IPv6 address's zone, "[fe80::1%eth0]", is no printf conversion)
  const outsideBrackets = authority === undefined ? url : url.replace(/\[[0-9A-Fa-f:.]*%[\w.~%-]*\]/, '[]');
  if (/%(?![0-9A-Fa-f]{2})[A-Za-z{(]/.test(outsideBrackets)) return 'a printf conversion';
  if (/\.[*+]|\(\?|\[\^|\\[dDwWsS][*+?{]/.test(url)) return 'a regular expression';
  if (/\[(?:[0-9]+-[0-9]+|[A-Za-z]-[A-Za-z])(?::[0-9]+)?\]/.test(url)) return 'a glob (a range in brackets, as curl reads it)';
  if (authority !== undefined) {
    if (/^\.+$/.test(authority)) return 'an elision (a host of dots)';
    if (authority.includes('*')) return 'a wildcard';
    if (/\$[a-z]/.test(authority)) return 'a variable';
    for (const m of authority.matchAll(/\[([^\]]*)\]/g)) if (!/^(?:[0-9A-Fa-f:.]+(?:%[\w.~%-]+)?|[vV][0-9A-Fa-f]+\..+)$/.test(m[1])) return 'syntax notation';
    const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
    if (/:[A-Za-z_][\w-]*$/.test(hostPort) && !hostPort.startsWith('[')) return 'a port that is a word';
  }
  return null;
}

/** Whether c is white space, or nothing (the start or end of the text). */
function spaceOrEdge(c: string | undefined): boolean {
  return c === undefined || /\s/.test(c);
}

/** Whether text[at] ends its line (or the text). */
function lineEndAt(text: string, at: number): boolean {
  return at >= text.length || text[at] === '\n' || text[at] === '\r';
}

const ENCLOSING: Record<string, string> = { '<': '>', '"': '"', "'": "'", '`': '`' };

/** Why a URL found in prose has no certain end when it holds text of a script written without spaces. */
const RUNS_INTO_UNSPACED = 'it runs into text of a script written without spaces (CJK, Thai...), which may be the sentence after it';

/**
 * A GFM literal autolink ("http://" or "https://") text[s, e): GFM's extent, up to the first
 * punctuation of a script other than ASCII (a closing quote or bracket, "。", "…": GFM would link
 * it, but it is the sentence's, not the URL's), less the ASCII punctuation GFM leaves out at the
 * end. Where the link GFM makes goes on past that, or holds text of a script written without
 * spaces, the finding has no fix (`uncertain`): a fix would rewrite text that is not the URL.
 */
export function gfmLiteral(text: string, s: number, e: number): FoundURL {
  let end = s;
  while (end < e && !unicodePunctuationAt(text, end)) end++;
  const cut = end < e;
  if (cut) while (end > s && '?!.,:*_~\''.includes(text[end - 1])) end--;
  const f: FoundURL = { ...plain(text, s, end), context: 'text' };
  if (cut) f.uncertain = `GFM links the text after it too (from ${JSON.stringify(text[end])} on)`;
  else if (UNSPACED.test(f.url)) f.uncertain = RUNS_INTO_UNSPACED;
  return f;
}

/**
 * Absolute URLs in prose, each as the text's own slice (see the top of this file). With
 * `leftOut`, each candidate left out as a likely template, pattern or escape is pushed there,
 * with why in its `leftOut` (what lint counts and lists as left out).
 */
export function proseURLs(text: string, kind: 'text' | 'markdown', leftOut?: FoundURL[]): FoundURL[] {
  const found: FoundURL[] = [];
  const trailing = kind === 'markdown' ? ".,;:!?'*_~" : ".,;:!?'";
  const re = new RegExp(PROSE_SCHEME.source, 'g');
  const leave = (from: number, to: number, why: string) => {
    if (leftOut) leftOut.push({ ...plain(text, from, to), leftOut: why });
  };
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index;
    const afterColon = start + m[0].length;
    const written = m[0].slice(0, -1);
    const scheme = written.toLowerCase();
    const special = isSpecialScheme(scheme);
    // a special scheme's slashes may be written as backslashes ("https:\\host\share")
    const slashes = text.startsWith('//', afterColon) || (special && /^[\/\\]{2}/.test(text.slice(afterColon, afterColon + 2)));
    if (!KNOWN_SCHEMES.includes(scheme) && !slashes) continue;
    if (!startsURL(text, start, afterColon, scheme)) continue;
    // where GFM links a literal autolink, the reader sees a link: its extent is GFM's, and every
    // rule below but the extent's is left to it
    const gfm = kind === 'markdown' && text.startsWith('//', afterColon) && (scheme === 'http' || scheme === 'https');
    if (!gfm && notAURL(text, start, afterColon, written, slashes)) continue;
    if (gfm) {
      // GFM's extent (to white space, "<", ">", '"', "`" or an unbalanced "]"), less its trailing
      // punctuation and an unbalanced ")"
      let e = afterColon;
      for (let depth = 0; e < text.length && !PROSE_STOP.test(text[e]); e++) {
        if (text[e] === '[') depth++;
        else if (text[e] === ']' && depth-- === 0) break;
      }
      const f = gfmLiteral(text, start, proseEnd(text, afterColon, e, trailing, { braces: false, arrows: false }));
      re.lastIndex = Math.max(f.end, afterColon);
      if (!/^\/*$/.test(text.slice(afterColon, f.end))) found.push(f);
      continue;
    }
    const escapes = kind === 'text' && scheme !== 'file';
    const fileEscapes = kind === 'text' && scheme === 'file';
    let end = afterColon;
    // a special scheme's backslashes after the colon are its slashes, not escapes
    if (special && slashes) while (end < afterColon + 2 && text[end] === '\\') end++;
    let depth = 0;
    let inAuthority = slashes;
    // a URL in quotes is in a string, where "\n" is a newline whatever follows it
    const inString = text[start - 1] === '"' || text[start - 1] === "'";
    let cutAt: string | null = null;
    let stop: string | null = null;
    for (; end < text.length; end++) {
      const c = text[end];
      if (PROSE_STOP.test(c)) break;
      const code = c.charCodeAt(0);
      if (kind === 'text' && (code < 0x20 || code === 0x7f)) {
        cutAt = 'a control character';
        break;
      }
      if (unicodePunctuationAt(text, end)) {
        stop = c;
        break;
      }
      if (c === '\\' && escapes) {
        const next = text[end + 1];
        if (next === undefined || /\s/.test(next) || ASCII_PUNCTUATION.test(next) || STRING_ESCAPE.test(text.slice(end + 1, end + 10)) || (inString && /[ntr]/.test(next))) {
          cutAt = 'a backslash escape';
          break;
        }
      }
      if (c === '\\' && fileEscapes && FILE_STRING_ESCAPE.test(text.slice(end + 1, end + 3))) {
        cutAt = 'a backslash escape';
        break;
      }
      // POD's "L<text|url>", a regular expression's alternatives ("mailto:|ftp:"), a shell's pipe
      // ("x.json| jq"): a "|" before a scheme, white space or the end ends a URL ("?chl=a|b" holds it)
      if (c === '|' && (spaceOrEdge(text[end + 1]) || /^[A-Za-z][A-Za-z0-9+.\-]*:/.test(text.slice(end + 1, end + 34)))) break;
      if (inAuthority) {
        // (the slashes after the scheme start it; the next slash, "?" or "#" ends it)
        if (c === '/' || c === '?' || c === '#' || (c === '\\' && special)) inAuthority = end < afterColon + 2;
        // no host holds ";", "," or "&": what follows is a tool's syntax, another URL, or the
        // next parameter of the query the URL stands in ("tr=udp://host:80&tr=...")
        else if (c === ';' || c === ',' || c === '&') break;
      }
      if (c === '[') depth++;
      else if (c === ']') {
        if (depth === 0) break;
        depth--;
      }
    }
    const scanned = end;
    end = proseEnd(text, afterColon, end, trailing, { braces: true, arrows: kind === 'text' });
    re.lastIndex = Math.max(end, afterColon);
    if (/^[\/\\]*$/.test(text.slice(afterColon, end))) {
      // nothing but the scheme: an escaped URL ("http:\/\/x.org" in JSON) is left out, and said
      if (cutAt === 'a backslash escape') {
        // (the word is the candidate left out: what follows in it is not looked at again)
        const e = wordEnd(text, scanned);
        leave(start, e, 'an escape ("\\" after the scheme: JSON, a regular expression or a string)');
        re.lastIndex = e;
      }
      continue;
    }
    // a URL hyphenated at the end of its line goes on in the next one
    if (scanned === end && kind === 'text' && LINE_END_HYPHENS.includes(text[end - 1]) && lineEndAt(text, end)) {
      leave(start, end, 'hyphenated at the end of its line (its rest is on the next)');
      continue;
    }
    if (stop !== null && LINE_END_HYPHENS.includes(stop) && lineEndAt(text, scanned + 1)) {
      // man's U+2010 is a hyphen its formatter added: the URL goes on, without it, on the next line
      const joined = stop === '\u2010' && kind === 'text' ? joinHyphenated(text, start, scanned, trailing) : null;
      if (!joined) {
        leave(start, scanned + 1, 'hyphenated at the end of its line (its rest is on the next)');
        continue;
      }
      re.lastIndex = joined.end;
      const why = patternBefore(text, start) ?? notWrittenAsURL(joined.url);
      if (why) leave(start, joined.end, why);
      else found.push({ ...joined, uncertain: 'it is broken across lines by the hyphenation of the page' });
      continue;
    }
    if (stop === '\u2026' && !spaceOrEdge(text[scanned + 1])) {
      const e = wordEnd(text, scanned);
      leave(start, e, 'an elision ("…")');
      re.lastIndex = e;
      continue;
    }
    const f = plain(text, start, end);
    const why = patternBefore(text, start) ?? notWrittenAsURL(f.url);
    if (why) {
      leave(start, end, why);
      continue;
    }
    if (kind === 'text') {
      const before = text[start - 1];
      const after = text[end];
      const bounded = (spaceOrEdge(before) && spaceOrEdge(after)) || (before !== undefined && ENCLOSING[before] !== undefined && ENCLOSING[before] === after);
      if (cutAt) f.uncertain = `it is cut before ${cutAt}`;
      else if (!bounded) f.uncertain = end < scanned ? 'it may end before or after the punctuation that follows it' : 'it is written against other text';
    }
    if (!f.uncertain && UNSPACED.test(f.url)) f.uncertain = RUNS_INTO_UNSPACED;
    found.push(f);
  }
  return found;
}

/** Whether text[at] is punctuation of a script other than ASCII. */
function unicodePunctuationAt(text: string, at: number): boolean {
  return text.charCodeAt(at) >= 0x80 && UNICODE_PUNCTUATION.test(text[at]);
}

/**
 * A URL that a formatter hyphenated: text[start, hyphen) then, on each next line after its
 * indentation, the rest, until one does not end in U+2010 (at most 8 lines). The URL maps each of
 * its units back to the text. Null when a line has no rest.
 */
function joinHyphenated(text: string, start: number, hyphen: number, trailing: string): FoundURL | null {
  const d = new Decoded();
  let from = start;
  for (let lines = 0; lines < 8; lines++) {
    for (let i = from; i < hyphen; i++) d.push(text[i], i, i + 1);
    let p = hyphen + 1;
    if (text[p] === '\r') p++;
    if (text[p] === '\n') p++;
    while (text[p] === ' ' || text[p] === '\t') p++;
    let q = p;
    while (q < text.length && !PROSE_STOP.test(text[q]) && !unicodePunctuationAt(text, q)) q++;
    if (q === p) return null;
    if (text[q] === '\u2010' && lineEndAt(text, q + 1)) {
      from = p;
      hyphen = q;
      continue;
    }
    q = proseEnd(text, p, q, trailing, { braces: true, arrows: true });
    if (q === p) return null;
    for (let i = p; i < q; i++) d.push(text[i], i, i + 1);
    return foundFrom(d, start, q);
  }
  return null;
}

/** Where a word that starts a candidate ends: the next white space or prose stop. */
function wordEnd(text: string, from: number): number {
  let e = from;
  while (e < text.length && !PROSE_STOP.test(text[e])) e++;
  return e;
}

/**
 * The end of a prose URL whose scan stopped at `end`: trailing punctuation, an unbalanced ")",
 * with `braces` an unbalanced "}" (GFM keeps it), and with `arrows` the "-" of an arrow "->".
 */
function proseEnd(text: string, afterColon: number, end: number, trailing: string, options: { braces: boolean; arrows: boolean }): number {
  let opens = 0;
  let closes = 0;
  let braceOpens = 0;
  let braceCloses = 0;
  for (let i = afterColon; i < end; i++) {
    const c = text[i];
    if (c === '(') opens++;
    else if (c === ')') closes++;
    else if (c === '{') braceOpens++;
    else if (c === '}') braceCloses++;
  }
  for (;;) {
    const last = text[end - 1];
    if (end <= afterColon) break;
    if (trailing.includes(last)) end--;
    else if (last === ')' && closes > opens) {
      end--;
      closes--;
    } else if (options.braces && last === '}' && braceCloses > braceOpens) {
      // The brace closes what the URL stands in, as in YARD's "{https://x.org/}" or LaTeX's
      // "\url{https://x.org/}".
      end--;
      braceCloses--;
    } else if (options.arrows && last === '-' && text[end] === '>') end--;
    else break;
  }
  return end;
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
