// Schemes: https://url.spec.whatwg.org/#scheme-state
//
// The scheme start and scheme states as rules. Each scheme rule looks ahead for ":" without
// consuming it, so that a run of scheme code points not followed by ":" is no scheme at all (the
// standard then starts over in the no scheme state: here, the next alternative of the entry rule).

import { ASCII_ALPHA } from './common';
import { charset, choice, contextTerminal, lookahead, rule, sequence, T, zeroOrMore, type Rule } from './vocabulary';

const ci = (text: string) => T(text, true);

export const SCHEME_RULES: Rule[] = [
  rule(
    'scheme',
    'scheme-state',
    'Any scheme: an ASCII alpha, then ASCII alphanumerics, "+", "-" or ".", before ":".',
    sequence(ASCII_ALPHA, zeroOrMore(charset('ASCII alphanumeric, "+", "-", "."', 'A-Za-z0-9+\\-.')), lookahead(':')),
    'scheme',
  ),
  rule(
    'special-scheme',
    'special-scheme',
    'A special scheme other than "file" (ASCII case-insensitive), before ":".',
    sequence(choice(ci('https'), ci('http'), ci('wss'), ci('ws'), ci('ftp')), lookahead(':')),
    'scheme',
  ),
  rule('file-scheme', 'file-state', 'The "file" scheme (ASCII case-insensitive), before ":".', sequence(ci('file'), lookahead(':')), 'scheme'),
  rule(
    'same-scheme-as-base',
    'special-relative-or-authority-state',
    "The base URL's special scheme again (ASCII case-insensitive), before \":\": what follows is relative to the base.",
    sequence(contextTerminal('baseScheme', true), lookahead(':')),
    'scheme',
  ),
];
