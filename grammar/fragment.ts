// The fragment: https://url.spec.whatwg.org/#fragment-state

import { ANY } from './common';
import { N, rule, sequence, zeroOrMore, type Rule } from './vocabulary';

export const FRAGMENT_RULES: Rule[] = [
  rule('fragment-part', 'fragment-state', '"#" and the fragment.', sequence('#', N('fragment'))),
  rule('fragment', 'fragment-state', 'The fragment: the rest of the input.', zeroOrMore(ANY), 'fragment'),
];
