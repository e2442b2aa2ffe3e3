// The reference backend's tracing option (compileTracedEntry, src/grammar/compile.ts): which way a
// match went at each branch point of the grammar (src/grammar/branches.ts). On a small grammar
// whose paths are known by hand, and on every WPT input: a traced parser matches exactly as the
// untraced one does.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { branchCatalogue } from '../src/grammar/branches';
import { compileEntry, compileTracedEntry } from '../src/grammar/compile';
import { ENTRY_RULES, URL_GRAMMAR } from '../grammar/url';
import { WRITING_ENTRY_RULES, WRITING_GRAMMAR } from '../grammar/writing';
import { charset, choice, end, grammarOf, lookahead, N, oneOrMore, optional, rule, sequence, zeroOrMore, type Grammar } from '../grammar/vocabulary';

// s: ( a "x" | b ) ( &a [a!c]+ )? "."* EOF      a: "a"+ (a field)      b: ( "b" | "c" )*
// On "aac" a matches twice, in the first alternative (which then fails on "c") and in the
// lookahead, and neither is part of the match: a must not be reported.
const TOY: Grammar = grammarOf(
  rule(
    's',
    'url',
    'toy',
    sequence(choice(sequence(N('a'), 'x'), N('b')), optional(sequence(lookahead(N('a')), oneOrMore(charset('a, ! or c', 'a!c')))), zeroOrMore('.'), end()),
  ),
  rule('a', 'url', 'toy', oneOrMore(charset('a', 'a')), 'scheme'),
  rule('b', 'url', 'toy', zeroOrMore(choice('b', 'c'))),
);

/** The path of one input through `g`, as "rule @path: outcome" strings, each once, sorted. */
function pathOf(g: Grammar, entry: string, input: string): string[] {
  const { points } = branchCatalogue(g);
  const { taken } = compileTracedEntry(g, entry)(input);
  const out = new Set<string>();
  for (let i = 0; i < taken.length; i += 4) {
    const p = points[taken[i]];
    out.add(`${p.rule}${p.kind === 'rule' ? '' : ` @${p.path}`}: ${p.outcomes[taken[i + 1]]}`);
  }
  return [...out].sort();
}

describe('compileTracedEntry: the way each match went', () => {
  it('lists every branch point of a grammar once: each rule, choice, optional and repetition, none inside a lookahead', () => {
    const points = branchCatalogue(TOY).points.map((p) => `${p.rule} ${p.kind} @${p.path} ${p.outcomes.join('/')}`);
    expect(points).to.deep.equal([
      's rule @ matched',
      's choice @0 alternative 1/alternative 2',
      's optional @1 taken/skipped',
      's oneOrMore @1.0.1 one/many',
      's zeroOrMore @2 zero/one/many',
      'a rule @ matched',
      'a oneOrMore @ one/many',
      'b rule @ matched',
      'b zeroOrMore @ zero/one/many',
      'b choice @0 alternative 1/alternative 2',
    ]);
  });

  it('reports the path of the match that is kept, not of the alternatives tried and given up, nor of lookaheads', () => {
    expect(pathOf(TOY, 's', 'ax')).to.deep.equal(['a: matched', 'a @: one', 's: matched', 's @0: alternative 1', 's @1: skipped', 's @2: zero'].sort());
    expect(pathOf(TOY, 's', 'aac')).to.deep.equal(['b: matched', 'b @: zero', 's: matched', 's @0: alternative 2', 's @1: taken', 's @1.0.1: many', 's @2: zero'].sort());
    expect(pathOf(TOY, 's', 'bc..')).to.deep.equal(
      ['b: matched', 'b @: many', 'b @0: alternative 1', 'b @0: alternative 2', 's: matched', 's @0: alternative 2', 's @1: skipped', 's @2: many'].sort(),
    );
    expect(pathOf(TOY, 's', 'c!.')).to.deep.equal([]); // (no a before "!": the lookahead fails, and "!" is left over)
  });

  it('says where each part of the match is: a rule\'s match, a repetition\'s items, a choice\'s alternative', () => {
    const { points } = branchCatalogue(TOY);
    const { taken } = compileTracedEntry(TOY, 's')('bcaa..');
    const spans: string[] = [];
    for (let i = 0; i < taken.length; i += 4) {
      const p = points[taken[i]];
      spans.push(`${p.rule} ${p.kind} ${p.outcomes[taken[i + 1]]} [${taken[i + 2]}, ${taken[i + 3]})`);
    }
    // inner parts first: b's alternatives, its repetition, the rule b, then what holds them
    expect(spans).to.deep.equal([
      'b choice alternative 1 [0, 1)',
      'b choice alternative 2 [1, 2)',
      'b zeroOrMore many [0, 2)',
      'b rule matched [0, 2)',
      's choice alternative 2 [0, 2)',
      's oneOrMore many [2, 4)',
      's optional taken [2, 4)',
      's zeroOrMore many [4, 6)',
      's rule matched [0, 6)',
    ]);
  });

  it('matches exactly as compileEntry does, marks and end, on every WPT input (URL and writing grammars)', () => {
    const cases = (JSON.parse(readFileSync(join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as unknown[]).filter(
      (c): c is { input: string } => typeof c === 'object' && c !== null,
    );
    const pairs: Array<[Grammar, string]> = [
      [URL_GRAMMAR, ENTRY_RULES.none],
      [URL_GRAMMAR, ENTRY_RULES.other],
      [WRITING_GRAMMAR, WRITING_ENTRY_RULES.validURLString.none],
    ];
    let matched = 0;
    for (const [g, entry] of pairs) {
      const plain = compileEntry(g, entry);
      const traced = compileTracedEntry(g, entry);
      for (const { input } of cases) {
        const t = traced(input);
        expect(t.match, `${entry} on ${JSON.stringify(input)}`).to.deep.equal(plain(input));
        if (t.match) matched++;
        // a trace is a branch point, one of its outcomes and its span, each time; a failed match reports nothing
        expect(t.taken.length % 4).to.equal(0);
        for (let i = 0; i < t.taken.length; i += 4) expect(0 <= t.taken[i + 2] && t.taken[i + 2] <= t.taken[i + 3] && t.taken[i + 3] <= input.length).to.equal(true);
        if (!t.match) expect(t.taken).to.deep.equal([]);
      }
    }
    expect(matched).to.be.greaterThan(1000);
  });

  it('compileEntry is untouched by tracing: its parsers are not the traced ones, and stay cached apart', () => {
    const traced = compileTracedEntry(URL_GRAMMAR, 'url');
    const plain = compileEntry(URL_GRAMMAR, 'url');
    expect(traced).to.not.equal(plain);
    expect(compileTracedEntry(URL_GRAMMAR, 'url')).to.equal(traced);
    expect(compileEntry(URL_GRAMMAR, 'url')).to.equal(plain);
    expect('taken' in (plain('https://a/') as object)).to.equal(false);
  });
});
