// fast-check generators for the URL API's setters, from the rules for the component each sets
// (test-only: compare --generate needs only the URL generators of @url-grammar/compare's arbitraries (packages/compare/src/arbitraries.ts),
// and building these takes tens of megabytes that a long compare run should not carry).

import fc from 'fast-check';
import { URL_GRAMMAR } from '../../grammar/url';
import { choice, N, sequence, type Shape } from '../../grammar/vocabulary';
import { arbitraryFromRule, arbitraryFromShape, hostString, relativeReference, urlOptions, urlString, type GenerateOptions } from '@url-grammar/compare/arbitraries';

export const SETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
export type SetterName = (typeof SETTERS)[number];

const rule = (name: string, options: GenerateOptions = {}) => arbitraryFromRule(URL_GRAMMAR, name, urlOptions(options));
const shape = (s: Shape, options: GenerateOptions = {}) => arbitraryFromShape(URL_GRAMMAR, s, urlOptions(options));

/** Short strings of any code units (lone surrogates included). */
export const anyString = fc.string({ unit: 'binary', maxLength: 12 });

const hostValue = fc.oneof(
  { arbitrary: rule('override-special-host'), weight: 2 },
  { arbitrary: rule('override-other-host'), weight: 1 },
  { arbitrary: rule('override-file-host'), weight: 1 },
  { arbitrary: hostString, weight: 2 },
  { arbitrary: fc.tuple(hostString, shape(sequence(':', N('special-port')))).map(([h, p]) => h + p), weight: 1 },
);

/** Values for each setter, from the rules for the component it sets (and some of any shape). */
export const SETTER_VALUES: Record<SetterName, fc.Arbitrary<string>> = {
  href: fc.oneof(urlString, relativeReference),
  protocol: fc.oneof(rule('scheme'), rule('override-scheme'), rule('special-scheme'), rule('file-scheme'), shape(sequence(N('scheme'), choice(':', '://', '/', ' ', '%3A', ':x')))),
  username: fc.oneof(rule('special-userinfo'), rule('other-userinfo')),
  password: fc.oneof(rule('special-userinfo'), rule('other-userinfo')),
  host: hostValue,
  hostname: hostValue,
  port: fc.oneof(rule('override-port'), rule('special-port'), shape(sequence(N('override-port'), N('special-path-start')))),
  pathname: fc.oneof(rule('override-special-path'), rule('override-other-path'), rule('special-path-start')),
  search: fc.oneof(rule('override-query'), rule('query-part'), rule('query')),
  hash: fc.oneof(rule('override-fragment'), rule('fragment-part')),
};

export interface SetterCall {
  setter: SetterName;
  value: string;
}

/** One setter call: an attribute and a value for it (sometimes a value of any shape). */
export const setterCall: fc.Arbitrary<SetterCall> = fc.oneof(
  ...SETTERS.map((setter) => ({
    arbitrary: fc.record({
      setter: fc.constant(setter),
      value: fc.oneof({ arbitrary: SETTER_VALUES[setter], weight: 5 }, { arbitrary: anyString, weight: 1 }),
    }),
    weight: setter === 'href' ? 1 : 3,
  })),
);

/** A sequence of setter calls. */
export const setterCalls = (maxLength = 6): fc.Arbitrary<SetterCall[]> => fc.array(setterCall, { minLength: 1, maxLength });
