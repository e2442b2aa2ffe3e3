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

import { plain, type FoundURL } from './found';

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
