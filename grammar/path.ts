// Paths: https://url.spec.whatwg.org/#path-start-state, #path-state, #cannot-be-a-base-url-path-state

import { notDelimiter } from './common';
import { charset, N, optional, rule, sequence, zeroOrMore, type Rule } from './vocabulary';

export const PATH_RULES: Rule[] = [
  rule(
    'special-segment',
    'path-state',
    'A path segment of a special URL: up to "/", "\\", "?" or "#".',
    zeroOrMore(notDelimiter(true, 'path code point')),
    'segment',
  ),
  rule(
    'other-segment',
    'path-state',
    'A path segment of a URL that is not special: up to "/", "?" or "#".',
    zeroOrMore(notDelimiter(false, 'path code point')),
    'segment',
  ),
  rule(
    'special-path',
    'path-state',
    'Segments separated by "/" or "\\".',
    sequence(N('special-segment'), zeroOrMore(sequence(N('separator'), N('special-segment')))),
  ),
  rule(
    'special-path-start',
    'path-start-state',
    'The path after the authority of a special URL: never empty, at least one segment.',
    sequence(optional(N('separator')), N('special-path')),
  ),
  rule(
    'other-path',
    'path-state',
    'Segments separated by "/".',
    sequence(N('other-segment'), zeroOrMore(sequence('/', N('other-segment')))),
  ),
  rule(
    'other-path-after-authority',
    'path-start-state',
    'The path after the authority of a URL that is not special: empty, or "/"-led segments.',
    zeroOrMore(sequence('/', N('other-segment'))),
  ),
  rule(
    'opaque-path',
    'cannot-be-a-base-url-path-state',
    'An opaque path: everything up to "?" or "#".',
    zeroOrMore(charset('opaque path code point', '?#', true)),
    'opaquePath',
  ),
];
