// Code-point sets and small rules that several areas of the URL grammar share.
// The parser grammar runs on the input after the standard's preprocessing (leading and trailing
// C0 control or space trimmed, ASCII tab or newline removed), so those never appear here.

import { charset, rule, type Rule, type Shape } from './vocabulary';

export const ASCII_ALPHA = charset('ASCII alpha', 'A-Za-z');

/**
 * https://url.spec.whatwg.org/#url-code-points below U+0080: ASCII alphanumeric and
 * !$&'()*+,-./:;=?@_~, as a regular-expression class body. (The rest are U+00A0 to U+10FFFD less
 * the surrogates and the noncharacters: isURLCodePoint in src/semantic/units.ts, and the writing
 * grammar's url-code-point rule over UTF-16 code units.)
 */
export const ASCII_URL_CODE_POINTS = "A-Za-z0-9!$&'()*+,\\-./:;=?@_~";
export const ASCII_DIGIT = charset('ASCII digit', '0-9');
export const ANY = charset('any code point', '', true);

/** "/" or "\": both end a component in a special URL. */
export const SLASH_OR_BACKSLASH = charset('"/" or "\\"', '/\\\\');

/**
 * The code points that end the authority, a host, a port or a path segment: "/", "?" and "#",
 * and also "\" when the URL is special. `exclude` names more code points to leave out of the set
 * (as a character-class body), `label` says what the complement is.
 */
export function notDelimiter(special: boolean, label: string, exclude = ''): Shape {
  return charset(label, (special ? '/\\\\?#' : '/?#') + exclude, true);
}

export const COMMON_RULES: Rule[] = [
  rule(
    'separator',
    'path-state',
    'A path separator in a special URL: "/", or "\\" (a validation error).',
    SLASH_OR_BACKSLASH,
  ),
];
