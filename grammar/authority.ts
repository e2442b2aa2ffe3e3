// The authority: https://url.spec.whatwg.org/#authority-state, #host-state, #port-state,
// #file-host-state. These rules find where userinfo, host and port are; what the host text means
// (domain, IPv4, IPv6, opaque host) is the host grammar's business (grammar/host.ts).

import { notDelimiter } from './common';
import { charset, choice, end, lookahead, N, optional, rule, sequence, zeroOrMore, type Rule } from './vocabulary';

function authorityRules(special: boolean): Rule[] {
  const p = special ? 'special' : 'other';
  const kind = special ? 'a special URL' : 'a URL that is not special';
  const notAt = notDelimiter(special, 'authority code point other than "@"', '@');
  const hostPort = sequence(N(`${p}-host`), optional(sequence(':', N(`${p}-port`))));
  const authorityEnd = special ? charset('"/", "\\", "?" or "#"', '/\\\\?#') : charset('"/", "?" or "#"', '/?#');
  return [
    rule(
      `${p}-authority`,
      'authority-state',
      `The authority of ${kind}: optional userinfo and "@", then host, then optional ":" and port.`,
      // Userinfo is everything before the authority's last "@". Host and port never contain "@",
      // so an authority without one is host and port alone, which is tried first: the common
      // case then reads the authority once.
      choice(
        sequence(hostPort, lookahead(choice(authorityEnd, end()))),
        sequence(N(`${p}-userinfo`), '@', hostPort),
      ),
    ),
    rule(
      `${p}-userinfo`,
      'authority-state',
      'Everything before the last "@" of the authority (earlier "@"s become "%40").',
      sequence(zeroOrMore(notAt), zeroOrMore(sequence('@', zeroOrMore(notAt), lookahead('@')))),
      'userinfo',
    ),
    rule(
      `${p}-host`,
      'host-state',
      'The host text: up to a ":" that is not inside "[" and "]" (and never an "@": what precedes one is userinfo).',
      zeroOrMore(
        choice(
          sequence('[', zeroOrMore(notDelimiter(special, 'code point other than "]" and "@"', '\\]@')), optional(']')),
          notDelimiter(special, 'host code point other than ":", "[" and "@"', ':\\[@'),
        ),
      ),
      'host',
    ),
    rule(
      `${p}-port`,
      'port-state',
      'The port text (ASCII digits when valid; never an "@", as for the host).',
      zeroOrMore(notDelimiter(special, 'port code point', '@')),
      'port',
    ),
  ];
}

export const AUTHORITY_RULES: Rule[] = [
  ...authorityRules(true),
  ...authorityRules(false),
  rule(
    'file-host',
    'file-host-state',
    'The host of a file URL (a Windows drive letter here is a path segment instead).',
    zeroOrMore(notDelimiter(true, 'file host code point')),
    'host',
  ),
  rule('authority-slashes', 'path-or-authority-state', 'The "//" before an authority.', sequence('/', '/'), 'slashes'),
  rule(
    'special-slashes',
    'special-authority-ignore-slashes-state',
    'The "/" and "\\" before the authority of a special URL ("//" is valid).',
    zeroOrMore(charset('"/" or "\\"', '/\\\\')),
    'slashes',
  ),
  rule(
    'file-slashes',
    'file-slash-state',
    'The two "/" (or "\\") before the host of a file URL.',
    sequence(N('separator'), N('separator')),
    'slashes',
  ),
];
