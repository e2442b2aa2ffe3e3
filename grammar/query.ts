// The query: https://url.spec.whatwg.org/#query-state

import { charset, N, rule, sequence, zeroOrMore, type Rule } from './vocabulary';

export const QUERY_RULES: Rule[] = [
  rule('query-part', 'query-state', '"?" and the query.', sequence('?', N('query'))),
  rule('query', 'query-state', 'The query: up to "#".', zeroOrMore(charset('query code point', '#', true)), 'query'),
];
