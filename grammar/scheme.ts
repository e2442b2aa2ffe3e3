// Schemes: https://url.spec.whatwg.org/#scheme-state
//
// The scheme start and scheme states as rules. Each scheme rule looks ahead for ":" without
// consuming it, so that a run of scheme code points not followed by ":" is no scheme at all (the
// standard then starts over in the no scheme state: here, the next alternative of the entry rule).

import { ASCII_ALPHA } from './common';
import { charset, choice, contextTerminal, lookahead, rule, sequence, T, zeroOrMore, type Rule, type Shape } from './vocabulary';

const ci = (text: string) => T(text, true);

/**
 * https://url.spec.whatwg.org/#special-scheme: the special schemes, each with its default port
 * (https://url.spec.whatwg.org/#default-port) and the kind of origin its URLs have
 * (https://url.spec.whatwg.org/#concept-url-origin: a tuple of scheme, host and port; for "file"
 * the standard leaves it to the implementation, and this one, as browsers do, makes it opaque).
 * The one place these facts are written: the grammar's scheme rules, isSpecialScheme and
 * defaultPort (src/record.ts), the origin (src/serialize.ts) and every package read them here.
 */
export const SPECIAL_SCHEMES: Readonly<Record<string, { readonly defaultPort: number | null; readonly origin: 'tuple' | 'opaque' }>> = {
  ftp: { defaultPort: 21, origin: 'tuple' },
  file: { defaultPort: null, origin: 'opaque' },
  http: { defaultPort: 80, origin: 'tuple' },
  https: { defaultPort: 443, origin: 'tuple' },
  ws: { defaultPort: 80, origin: 'tuple' },
  wss: { defaultPort: 443, origin: 'tuple' },
};

/**
 * The special schemes other than "file" (which has states of its own), as a choice of ASCII
 * case-insensitive literals in the table's order, except that a scheme comes before any that is
 * a prefix of it: an ordered choice takes the first that matches, and "http" must not take the
 * start of "https".
 */
export function specialSchemeOtherThanFile(): Shape {
  const names: string[] = [];
  for (const name of Object.keys(SPECIAL_SCHEMES)) {
    if (name === 'file') continue;
    const prefix = names.findIndex((n) => name.startsWith(n));
    if (prefix < 0) names.push(name);
    else names.splice(prefix, 0, name);
  }
  return choice(...names.map(ci));
}

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
    sequence(specialSchemeOtherThanFile(), lookahead(':')),
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
