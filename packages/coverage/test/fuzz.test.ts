// The validity fuzzer: it keeps the inputs on which parser-validity and writing-validity disagree
// (as the core's explain says), minimised and grouped, and each group cites url.bs on both sides.

import { expect } from 'chai';
import { explain } from 'url-grammar';
import { Analyzer } from '../src/analysis';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { citations, disagreement, forEachFuzzInput, fuzz, fuzzInputs, fuzzText, Smallest } from '../src/fuzz';
import { forEachGrammarCandidate, grammarCandidates } from '../src/generate';
import { sizeOf } from '../src/analysis';

const CORE_CLI = join(__dirname, '..', '..', '..', 'dist', 'src', 'cli.js');

/** A case as the report writes it ("input" or "input" against "base") back to input and base. */
function parseExample(e: string): { input: string; base: string | null } {
  const m = /^("(?:[^"\\]|\\.)*")(?: against ("(?:[^"\\]|\\.)*"))?$/.exec(e)!;
  return { input: JSON.parse(m[1]) as string, base: m[2] ? (JSON.parse(m[2]) as string) : null };
}

describe('the validity fuzzer', function () {
  this.timeout(300_000);
  const report = fuzz({ count: 1500, seed: 1 });

  it('finds disagreements (lone surrogates, which the URL API makes U+FFFD and the writing rules refuse) and groups them', () => {
    expect(report.examined).to.be.greaterThan(report.drawn * 3);
    expect(report.disagreements).to.be.greaterThan(0);
    expect(report.groups.length).to.be.greaterThan(0);
    expect(report.groups.reduce((n, g) => n + g.count, 0)).to.equal(report.disagreements);
  });

  it('each example is in its group by the core\'s explain, and minimal: no code point can go', () => {
    const analyzer = new Analyzer(true);
    for (const g of report.groups) {
      for (const e of g.examples) {
        const c = parseExample(e);
        const x = explain(c.input, { baseURL: c.base });
        expect(x.disagreement, e).to.not.equal(null);
        expect(x.parserValid, e).to.equal(g.direction === 'parser-valid, writing-invalid');
        const cps = [...c.input];
        for (let i = 0; i < cps.length; i++) {
          const smaller = cps.slice(0, i).join('') + cps.slice(i + 1).join('');
          const a = analyzer.analyze(smaller, c.base);
          const d = a && disagreement(a);
          expect(d !== null && d.direction === g.direction && d.key === g.key, `${JSON.stringify(smaller)} is still in ${g.key}`).to.equal(false);
        }
      }
    }
  });

  it('cites url.bs on both sides of every group: the writing rule, and the parser state that read the part', () => {
    for (const g of report.groups) {
      for (const side of [g.parser, g.writing]) {
        expect(side.passages.length, `${g.key}: ${side.what}`).to.be.greaterThan(0);
        for (const p of side.passages) {
          expect(p.line).to.be.greaterThan(0);
          expect(p.text.length).to.be.greaterThan(10);
        }
      }
      if (g.direction === 'parser-valid, writing-invalid') {
        // the writing rules are the group's, each with its definition; the parser's side is a state
        expect(g.writing.what.startsWith(`writing rule ${g.key.split('+').join(', ')} (offset `), g.writing.what).to.equal(true);
        expect(g.writing.passages).to.have.length(g.key.split('+').length);
        for (const p of g.writing.passages) expect(p.text).to.match(/ must be | is | are /);
        expect(g.parser.what).to.match(/-state, through the URL grammar's rule \S+: no validation error$/);
        expect(g.parser.passages[0].text).to.match(/ state /);
      }
    }
    const text = fuzzText(report);
    expect(text).to.match(/^url-grammar coverage --fuzz 1500 --seed 1: [\d,]+ inputs/);
    expect(text).to.match(/^ {4}url\.bs line \d+: /m);
  });

  it('the other direction: a validation error on a valid URL string cites the error\'s steps and the writing rule that allows the place', () => {
    // No input of this direction is known (the fuzz finds none): the citation is checked on an
    // input whose error is real and whose writing verdict is set aside by hand.
    const analyzer = new Analyzer(true);
    const input = 'https://u@a/';
    const a = { ...analyzer.analyze(input, null)!, problems: 0, broken: [] };
    expect(disagreement(a)).to.deep.equal({ direction: 'writing-valid, parser-invalid', key: 'invalid-credentials' });
    const c = citations({ input, base: null }, a, 'writing-valid, parser-invalid');
    expect(c.parser.what).to.equal('invalid-credentials at [9, 10)');
    expect(c.parser.passages.map((p) => p.text).join(' ')).to.match(/Invalid-credentials validation error/);
    // (the writing grammar has no match here to place the error in: the whole valid URL string is cited)
    expect(c.writing.what).to.match(/^writing rule valid-url-string, /);
    expect(c.writing.passages[0].text).to.match(/^A valid URL string must be/);
  });
});

describe('the validity fuzzer streams: any --fuzz count up to 10,000,000 in bounded memory', function () {
  this.timeout(120_000);

  it('the draws come one at a time: a visit that stops after 1,000 of --fuzz 10000000 stops the draws (none are gathered first)', () => {
    let visits = 0;
    const stop = new Error('enough');
    expect(() =>
      forEachGrammarCandidate(10_000_000, 1, () => {
        if (++visits === 1000) throw stop;
      }),
    ).to.throw(stop);
    expect(visits).to.equal(1000);
    visits = 0;
    expect(() =>
      forEachFuzzInput(10_000_000, 1, new Analyzer(true, 100), () => {
        if (++visits === 1000) throw stop;
      }),
    ).to.throw(stop);
    expect(visits).to.equal(1000);
  });

  it('the same draws, in the same order, as fast-check\'s sample (what the generated corpus was made from); the edits of each valid draw right after it', () => {
    const streamed: Array<{ input: string; base: string | null }> = [];
    forEachGrammarCandidate(200, 5, (c) => void streamed.push(c));
    expect(streamed).to.deep.equal(grammarCandidates(200, 5));
    expect(streamed).to.have.length(600);
    const inputs = fuzzInputs(200, 5, new Analyzer(true));
    // every draw, in order (a subsequence), with the edits of the valid ones between them
    let j = 0;
    for (const c of inputs) if (j < streamed.length && c.input === streamed[j].input && c.base === streamed[j].base) j++;
    expect(j).to.equal(600);
    expect(inputs.length).to.be.greaterThan(600);
  });

  it('a group keeps only its few smallest inputs: the same as a stable sort by size of all of them, cut', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ input: fc.string({ maxLength: 6 }), base: fc.option(fc.constantFrom('a:', 'http://h/'), { nil: null }) }), { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (cases, k) => {
        const keep = new Smallest(k);
        for (const c of cases) keep.offer(c);
        const sorted = [...cases].sort((x, y) => sizeOf(x.input, x.base) - sizeOf(y.input, y.base)).slice(0, k);
        expect(keep.candidates).to.deep.equal(sorted);
      }),
    );
  });

  it('--fuzz 2000 runs in a heap of 96 MB (the analyses it remembers are bounded; the whole of them took more than 128 MB)', () => {
    const r = spawnSync(process.execPath, ['--max-old-space-size=96', CORE_CLI, 'coverage', '--fuzz', '2000', '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(r.status, r.stderr.slice(-2000)).to.equal(0);
    expect((JSON.parse(r.stdout) as { drawn: number; examined: number }).drawn).to.equal(2000);
  });
});
