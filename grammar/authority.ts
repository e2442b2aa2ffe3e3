// The authority: https://url.spec.whatwg.org/#authority-state, #host-state, #port-state,
// #file-host-state. These rules find where userinfo, host and port are; what the host text means
// (domain, IPv4, IPv6, opaque host) is the host grammar's business (grammar/host.ts).

import { notDelimiter } from './common';
import { charset, choice, lookahead, N, optional, rule, sequence, zeroOrMore, type Rule } from './vocabulary';

function authorityRules(special: boolean): Rule[] {
  const p = special ? 'special' : 'other';
  const kind = special ? 'a special URL' : 'a URL that is not special';
  const notAt = notDelimiter(special, 'authority code point other than "@"', '@');
  return [
    rule(
      `${p}-authority`,
      'authority-state',
      `The authority of ${kind}: optional userinfo and "@", then host, then optional ":" and port.`,
      sequence(optional(sequence(N(`${p}-userinfo`), '@')), N(`${p}-host`), optional(sequence(':', N(`${p}-port`)))),
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
      'The host text: up to a ":" that is not inside "[" and "]".',
      zeroOrMore(
        choice(
          sequence('[', zeroOrMore(notDelimiter(special, 'code point other than "]"', '\\]')), optional(']')),
          notDelimiter(special, 'host code point other than ":" and "["', ':\\['),
        ),
      ),
      'host',
    ),
    rule(
      `${p}-port`,
      'port-state',
      'The port text (ASCII digits when valid).',
      zeroOrMore(notDelimiter(special, 'port code point')),
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
