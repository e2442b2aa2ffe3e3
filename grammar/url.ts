// How the parts combine into a URL: https://url.spec.whatwg.org/#url-parsing
//
// One entry rule per parsing context. The standard's basic URL parser decides, at the scheme and
// in the no scheme state, what the input is relative to; here each kind of base URL has its own
// entry rule, and src/parse.ts picks the entry rule for the base it is given.

import { AUTHORITY_RULES } from './authority';
import { COMMON_RULES } from './common';
import { FRAGMENT_RULES } from './fragment';
import { OVERRIDE_RULES } from './overrides';
import { PATH_RULES } from './path';
import { QUERY_RULES } from './query';
import { SCHEME_RULES } from './scheme';
import { choice, end, grammarOf, lookahead, N, optional, rule, sequence, type Rule } from './vocabulary';

const queryAndFragment = [optional(N('query-part')), optional(N('fragment-part'))];

const REST_RULES: Rule[] = [
  rule(
    'special-url-rest',
    'special-authority-slashes-state',
    'After a special scheme: slashes, the authority, the path, query and fragment.',
    sequence(N('special-slashes'), N('special-authority'), N('special-path-start'), ...queryAndFragment),
  ),
  rule(
    'file-url-rest',
    'file-state',
    'After "file:" (or a relative reference against a file URL): host and path, query and fragment.',
    sequence(
      choice(
        sequence(N('file-slashes'), N('file-host'), N('special-path-start')),
        sequence(N('separator'), N('special-path')),
        N('special-path'),
      ),
      ...queryAndFragment,
    ),
  ),
  rule(
    'other-url-rest',
    'scheme-state',
    'After a scheme that is not special: an authority and path, a path, or an opaque path.',
    sequence(
      choice(
        sequence(N('authority-slashes'), N('other-authority'), N('other-path-after-authority')),
        sequence('/', N('other-path')),
        N('opaque-path'),
      ),
      ...queryAndFragment,
    ),
  ),
  rule(
    'relative-special',
    'relative-state',
    'A reference relative to a special base URL: scheme-relative, path-absolute or path-relative.',
    sequence(
      choice(
        sequence(lookahead(sequence(N('separator'), N('separator'))), N('special-slashes'), N('special-authority'), N('special-path-start')),
        sequence(N('separator'), N('special-path')),
        N('special-path'),
      ),
      ...queryAndFragment,
    ),
  ),
  rule(
    'relative-other',
    'relative-state',
    'A reference relative to a base URL that is not special and has a path that is not opaque.',
    sequence(
      choice(
        sequence(N('authority-slashes'), N('other-authority'), N('other-path-after-authority')),
        sequence('/', N('other-path')),
        N('other-path'),
      ),
      ...queryAndFragment,
    ),
  ),
];

const absolute = [
  sequence(N('file-scheme'), ':', N('file-url-rest')),
  sequence(N('special-scheme'), ':', N('special-url-rest')),
  sequence(N('scheme'), ':', N('other-url-rest')),
];

/** The entry rules, by the kind of base URL. */
export const ENTRY_RULES = {
  none: 'url',
  special: 'url-with-special-base',
  file: 'url-with-file-base',
  other: 'url-with-other-base',
  opaque: 'url-with-opaque-base',
} as const;

export type BaseKind = keyof typeof ENTRY_RULES;

const ENTRIES: Rule[] = [
  rule('url', 'concept-basic-url-parser', 'An absolute URL (there is no base URL).', sequence(choice(...absolute), end())),
  rule(
    'url-with-special-base',
    'no-scheme-state',
    'A URL, or a reference relative to a special base URL (other than file).',
    sequence(
      choice(
        absolute[0],
        sequence(N('same-scheme-as-base'), ':', N('relative-special')),
        ...absolute.slice(1),
        N('relative-special'),
      ),
      end(),
    ),
  ),
  rule(
    'url-with-file-base',
    'no-scheme-state',
    'A URL, or a reference relative to a file URL.',
    sequence(choice(...absolute, N('file-url-rest')), end()),
  ),
  rule(
    'url-with-other-base',
    'no-scheme-state',
    'A URL, or a reference relative to a base URL that is not special.',
    sequence(choice(...absolute, N('relative-other')), end()),
  ),
  rule(
    'url-with-opaque-base',
    'no-scheme-state',
    'A URL, or a fragment-only reference against a base URL with an opaque path.',
    sequence(choice(...absolute, sequence(lookahead('#'), N('fragment-part'))), end()),
  ),
];

export const URL_GRAMMAR = grammarOf(
  ...ENTRIES,
  ...REST_RULES,
  ...SCHEME_RULES,
  ...AUTHORITY_RULES,
  ...PATH_RULES,
  ...QUERY_RULES,
  ...FRAGMENT_RULES,
  ...COMMON_RULES,
  ...OVERRIDE_RULES,
);
