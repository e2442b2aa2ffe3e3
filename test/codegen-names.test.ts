// The matcher generator (src/grammar/codegen.ts) refuses a name that is not in the grammar: an
// entry rule, a rule that a reached rule refers to, a `rule:NAME` flag key, an unmarked field.
// Code names rules and fields by string, and a misspelt one used to give a matcher that quietly
// did less than asked (flags never raised, a field left marked) or failed with a TypeError from
// deep inside the generator.

import { expect } from 'chai';
import { HOST_GRAMMAR } from '../grammar/host';
import { ENTRY_RULES, URL_GRAMMAR } from '../grammar/url';
import { charset, grammarOf, lookahead, N, optional, rule, sequence, zeroOrMore } from '../grammar/vocabulary';
import { generateEntry, generatedSource, type FlagsByField, type GenerateOptions } from '../src/grammar/codegen';

/** Both ways of generating a matcher, each of which must check the names. */
const GENERATORS: [string, (...args: Parameters<typeof generateEntry>) => unknown][] = [
  ['generateEntry', generateEntry],
  ['generatedSource', generatedSource],
];

const NO_FLAGS = { table: new Uint8Array(128), nonAscii: 0 };

/** A small grammar with a reference to a rule it lacks, reached from `top` through `middle`. */
const DANGLING = grammarOf(
  rule('top', 'test', 'A letter, then the middle.', sequence('a', N('middle'))),
  rule('middle', 'test', 'Maybe the missing rule.', optional(sequence(lookahead('b'), N('missing')))),
  rule('letters', 'test', 'Letters.', zeroOrMore(charset('letter', 'a-z')), 'segment'),
  rule('apart', 'test', 'Not reached from top.', N('elsewhere')),
  rule('fine', 'test', 'Letters, reaching no missing rule.', sequence('x', N('letters'))),
);

describe('the matcher generator checks the names it is given', () => {
  for (const [name, generate] of GENERATORS) {
    describe(name, () => {
      it('throws when the entry rule is not a rule of the grammar', () => {
        expect(() => generate(URL_GRAMMAR, 'no-such-rule')).to.throw(Error, 'the entry rule "no-such-rule" is not a rule of the grammar');
        // a name every object has is still no rule
        expect(() => generate(URL_GRAMMAR, 'constructor')).to.throw(Error, 'the entry rule "constructor" is not a rule of the grammar');
        expect(() => generate(HOST_GRAMMAR, ENTRY_RULES.none)).to.throw(Error, `the entry rule "${ENTRY_RULES.none}" is not a rule of the grammar`);
      });

      it('throws when a rule the entry reaches refers to a rule the grammar lacks, and names both', () => {
        expect(() => generate(DANGLING, 'top')).to.throw(Error, 'rule "middle" refers to "missing", which is not a rule of the grammar');
        expect(() => generate(DANGLING, 'apart')).to.throw(Error, 'rule "apart" refers to "elsewhere", which is not a rule of the grammar');
        const toString = grammarOf(rule('top', 'test', 'Refers to a name every object has.', N('toString')));
        expect(() => generate(toString, 'top')).to.throw(Error, 'rule "top" refers to "toString", which is not a rule of the grammar');
      });

      it('does not look at rules the entry does not reach', () => {
        expect(() => generate(DANGLING, 'fine')).not.to.throw();
      });

      it('throws when a rule:NAME flag key names no rule', () => {
        const flags: FlagsByField = { 'rule:seperator': NO_FLAGS };
        expect(() => generate(URL_GRAMMAR, ENTRY_RULES.none, {}, { guard: true, flags })).to.throw(
          Error,
          'flags are given for rule "seperator" (key "rule:seperator"), which is not a rule of the grammar',
        );
        // a rule of the grammar that this entry does not reach is a name, not a mistake
        expect(() => generate(DANGLING, 'fine', {}, { flags: { 'rule:apart': NO_FLAGS } })).not.to.throw();
        expect(() => generate(URL_GRAMMAR, ENTRY_RULES.none, {}, { flags: { 'rule:separator': NO_FLAGS } })).not.to.throw();
      });

      it('throws when an unmarked field is the field of no rule of the grammar', () => {
        expect(() => generate(HOST_GRAMMAR, 'ipv4-address', {}, { unmarked: ['segment'] })).to.throw(
          Error,
          'the unmarked field "segment" is the field of no rule of the grammar',
        );
        const options: GenerateOptions = { guard: true, unmarked: ['segment', 'ipv4Part'] };
        expect(() => generate(URL_GRAMMAR, ENTRY_RULES.none, {}, options)).to.throw(Error, 'the unmarked field "ipv4Part" is the field of no rule of the grammar');
        expect(() => generate(DANGLING, 'fine', {}, { unmarked: ['segment'] })).not.to.throw();
      });
    });
  }

  it('caches no matcher for names it refused: asked again, it throws again', () => {
    const flags: FlagsByField = { 'rule:nothing': NO_FLAGS };
    for (let i = 0; i < 2; i++) expect(() => generateEntry(URL_GRAMMAR, ENTRY_RULES.none, {}, { flags })).to.throw(Error, '"rule:nothing"');
  });
});
