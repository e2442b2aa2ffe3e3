// Path helpers: https://url.spec.whatwg.org/#url-path-segment and the Windows drive letter quirks.

import type { URLRecord } from '../record';

/**
 * Which dot segment s[start, end) is: 1 for a single-dot path segment ("." or "%2e"), 2 for a
 * double-dot one (".." or "%2e" twice, in either spelling of each dot), 0 for neither
 * (https://url.spec.whatwg.org/#single-dot-path-segment, #double-dot-path-segment; "%2e" is
 * ASCII case-insensitive). On a span, so that a segment need not be made a string to be asked.
 */
export function dotSegmentAt(s: string, start: number, end: number): 0 | 1 | 2 {
  let i = start;
  let dots = 0;
  while (i < end && dots < 3) {
    if (s.charCodeAt(i) === 0x2e) i += 1;
    else if (end - i >= 3 && s.charCodeAt(i) === 0x25 && s.charCodeAt(i + 1) === 0x32 && (s.charCodeAt(i + 2) | 0x20) === 0x65) i += 3;
    else return 0;
    dots++;
  }
  return dots === 1 ? 1 : dots === 2 ? 2 : 0;
}

/** Whether a segment whose first code unit is `c` may be a dot segment (dotSegmentAt): one starts with "." or "%". */
export function mayStartDotSegment(c: number): boolean {
  return c === 0x2e || c === 0x25;
}

/** https://url.spec.whatwg.org/#single-dot-path-segment */
export function isSingleDotSegment(s: string): boolean {
  return dotSegmentAt(s, 0, s.length) === 1;
}

/** https://url.spec.whatwg.org/#double-dot-path-segment */
export function isDoubleDotSegment(s: string): boolean {
  return dotSegmentAt(s, 0, s.length) === 2;
}

const isAsciiAlpha = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * https://url.spec.whatwg.org/#windows-drive-letter for s[at, at + 2): an ASCII alpha followed by
 * ":" or "|". On a span, so that the input need not be sliced to be asked.
 */
export function isWindowsDriveLetterAt(s: string, at: number): boolean {
  return at + 2 <= s.length && isAsciiAlpha(s.charCodeAt(at)) && (s[at + 1] === ':' || s[at + 1] === '|');
}

/** https://url.spec.whatwg.org/#windows-drive-letter */
export function isWindowsDriveLetter(s: string): boolean {
  return s.length === 2 && isWindowsDriveLetterAt(s, 0);
}

/** https://url.spec.whatwg.org/#normalized-windows-drive-letter: a Windows drive letter whose second code point is ":". */
export function isNormalizedWindowsDriveLetter(s: string): boolean {
  return isWindowsDriveLetter(s) && s[1] === ':';
}

/** https://url.spec.whatwg.org/#start-with-a-windows-drive-letter, for `s` from offset `at`. */
export function startsWithWindowsDriveLetter(s: string, at = 0): boolean {
  if (!isWindowsDriveLetterAt(s, at)) return false;
  if (s.length - at === 2) return true;
  const third = s[at + 2];
  return third === '/' || third === '\\' || third === '?' || third === '#';
}

/**
 * https://url.spec.whatwg.org/#shorten-a-urls-path step 3: whether shortening the path of a URL
 * whose scheme is `scheme` leaves it as it is. The path has `size` segments; `first` gives the
 * first (asked only when the answer depends on it: the path state's span steps keep segments as
 * spans of the input, and make one a string only then).
 */
export function shortenLeavesPath(scheme: string, size: number, first: () => string): boolean {
  return scheme === 'file' && size === 1 && isNormalizedWindowsDriveLetter(first());
}

/** https://url.spec.whatwg.org/#shorten-a-urls-path */
export function shortenPath(url: URLRecord): void {
  const path = url.path as string[];
  if (shortenLeavesPath(url.scheme, path.length, () => path[0])) return;
  // 4. remove the last item, if any
  path.pop();
}
