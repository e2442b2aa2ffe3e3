// Path helpers: https://url.spec.whatwg.org/#url-path-segment and the Windows drive letter quirks.

import type { URLRecord } from '../record';

/** https://url.spec.whatwg.org/#single-dot-path-segment */
export function isSingleDotSegment(s: string): boolean {
  return s === '.' || (s.length === 3 && s.toLowerCase() === '%2e');
}

/** https://url.spec.whatwg.org/#double-dot-path-segment */
export function isDoubleDotSegment(s: string): boolean {
  switch (s.length) {
    case 2:
      return s === '..';
    case 4: {
      const l = s.toLowerCase();
      return l === '.%2e' || l === '%2e.';
    }
    case 6:
      return s.toLowerCase() === '%2e%2e';
    default:
      return false;
  }
}

const isAsciiAlpha = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** https://url.spec.whatwg.org/#windows-drive-letter */
export function isWindowsDriveLetter(s: string): boolean {
  return s.length === 2 && isAsciiAlpha(s.charCodeAt(0)) && (s[1] === ':' || s[1] === '|');
}

/** https://url.spec.whatwg.org/#normalized-windows-drive-letter */
export function isNormalizedWindowsDriveLetter(s: string): boolean {
  return s.length === 2 && isAsciiAlpha(s.charCodeAt(0)) && s[1] === ':';
}

/** https://url.spec.whatwg.org/#start-with-a-windows-drive-letter, for `s` from offset `at`. */
export function startsWithWindowsDriveLetter(s: string, at = 0): boolean {
  if (s.length - at < 2) return false;
  if (!isAsciiAlpha(s.charCodeAt(at)) || (s[at + 1] !== ':' && s[at + 1] !== '|')) return false;
  if (s.length - at === 2) return true;
  const third = s[at + 2];
  return third === '/' || third === '\\' || third === '?' || third === '#';
}

/** https://url.spec.whatwg.org/#shorten-a-urls-path */
export function shortenPath(url: URLRecord): void {
  const path = url.path as string[];
  if (url.scheme === 'file' && path.length === 1 && isNormalizedWindowsDriveLetter(path[0])) return;
  path.pop();
}
