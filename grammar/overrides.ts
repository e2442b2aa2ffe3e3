// Entry rules for the basic URL parser's state overrides: https://url.spec.whatwg.org/#basic-url-parser
// (its "state override" argument, which the URL API's setters use). Each override becomes "start at
// rule X": the rule matches the part of the value the standard's state machine reads from that
// state; what follows it is ignored, as the standard's "return" ignores it.

import { ANY, ASCII_DIGIT } from './common';
import { charset, N, not, optional, rule, sequence, zeroOrMore, type Rule } from './vocabulary';

/** The entry rule for each state override, by the URL's kind (special other than file, file, other). */
export const STATE_OVERRIDES = {
  'scheme start': { special: 'override-scheme', file: 'override-scheme', other: 'override-scheme' },
  host: { special: 'override-special-host', file: 'override-file-host', other: 'override-other-host' },
  hostname: { special: 'override-special-host', file: 'override-file-host', other: 'override-other-host' },
  port: { special: 'override-port', file: 'override-port', other: 'override-port' },
  'path start': { special: 'override-special-path', file: 'override-special-path', other: 'override-other-path' },
  query: { special: 'override-query', file: 'override-query', other: 'override-query' },
  fragment: { special: 'override-fragment', file: 'override-fragment', other: 'override-fragment' },
} as const;

export type StateOverride = keyof typeof STATE_OVERRIDES;

export const OVERRIDE_RULES: Rule[] = [
  rule('override-scheme', 'scheme-start-state', 'The protocol setter: a scheme and ":".', sequence(N('scheme'), ':')),
  rule(
    'override-special-host',
    'host-state',
    'The host and hostname setters on a special URL: a host, then optional ":" and port digits.',
    sequence(N('special-host'), not('@'), optional(sequence(':', N('override-port')))),
  ),
  rule(
    'override-other-host',
    'host-state',
    'The host and hostname setters on a URL that is not special.',
    sequence(N('other-host'), not('@'), optional(sequence(':', N('override-port')))),
  ),
  rule('override-file-host', 'file-host-state', 'The host and hostname setters on a file URL.', N('file-host')),
  rule(
    'override-port',
    'port-state',
    'The port setter: ASCII digits (whatever follows them is ignored).',
    zeroOrMore(ASCII_DIGIT),
    'port',
  ),
  rule(
    'override-special-path',
    'path-start-state',
    'The pathname setter on a special URL: "?" and "#" are part of a segment here.',
    sequence(optional(N('separator')), N('override-special-segment'), zeroOrMore(sequence(N('separator'), N('override-special-segment')))),
  ),
  rule(
    'override-other-path',
    'path-start-state',
    'The pathname setter on a URL that is not special.',
    sequence(optional('/'), N('override-other-segment'), zeroOrMore(sequence('/', N('override-other-segment')))),
  ),
  rule(
    'override-special-segment',
    'path-state',
    'A pathname setter segment of a special URL: up to "/" or "\\".',
    zeroOrMore(charset('path code point', '/\\\\', true)),
    'segment',
  ),
  rule(
    'override-other-segment',
    'path-state',
    'A pathname setter segment of a URL that is not special: up to "/".',
    zeroOrMore(charset('path code point', '/', true)),
    'segment',
  ),
  rule('override-query', 'query-state', 'The search setter: the whole value is the query.', zeroOrMore(ANY), 'query'),
  rule('override-fragment', 'fragment-state', 'The hash setter: the whole value is the fragment.', N('fragment')),
];

