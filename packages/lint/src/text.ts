// URLs in prose: a scheme from KNOWN_SCHEMES followed by ":", or any scheme followed by "://",
// then everything up to white space, "<", ">", '"', "`" or an unbalanced "]"; trailing
// ".,;:!?'" (in Markdown also "*_~") and an unbalanced ")" are left out, as is a candidate that
// is nothing but "scheme:" or "scheme://". Prose URLs never cross a line, which is what lets a
// text file be read line by line.

import { plain, type FoundURL } from './found';

/** Schemes that count in prose even without "//" after the colon. */
export const KNOWN_SCHEMES: readonly string[] = ['http', 'https', 'ftp', 'ws', 'wss', 'file', 'mailto', 'tel', 'data', 'javascript', 'blob'];

const PROSE_STOP = /[\s<>"`]/;
const PROSE_SCHEME = /(?<![A-Za-z0-9+.\-])[A-Za-z][A-Za-z0-9+.\-]*:/g;

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
    let end = afterColon;
    let depth = 0;
    let opens = 0;
    let closes = 0;
    for (; end < text.length; end++) {
      const c = text[end];
      if (PROSE_STOP.test(c)) break;
      if (c === '[') depth++;
      else if (c === ']') {
        if (depth === 0) break;
        depth--;
      } else if (c === '(') opens++;
      else if (c === ')') closes++;
    }
    for (;;) {
      const last = text[end - 1];
      if (end > afterColon && trailing.includes(last)) end--;
      else if (end > afterColon && last === ')' && closes > opens) {
        end--;
        closes--;
      } else break;
    }
    re.lastIndex = Math.max(end, afterColon);
    if (/^\/*$/.test(text.slice(afterColon, end))) continue;
    found.push(plain(text, start, end));
  }
  return found;
}
