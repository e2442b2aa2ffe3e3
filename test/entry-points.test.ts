// The entry points cannot disagree (issue 44): `new URL`, `URL.parse`, `URL.canParse`, toString and
// toJSON, `parseURL`, `basicURLParse`, `parseWithDiagnostics` and `URL.recordOf` give the same
// href and the same URL record for every input; a URL object held as its href reads the same as
// one held as its record, origin included (the origin's one function on the record); and after
// any sequence of setter calls both objects still read the same, and the href is the
// serialization of the record under it. Over every WPT urltestdata input (with its base), strings
// the grammar generates (with and without a base), and strings of any code units.
//
// The checks are in test/support/entry-points.ts; test/one-edit.test.ts runs them on copies of the
// core with one spec change made.

import { expect } from 'chai';
import fc from 'fast-check';
import * as core from '../src/index';
import { urlString, urlWithBase } from '@url-grammar/compare/arbitraries';
import { anyString, setterCalls } from './support/setter-arbitraries';
import { disagreement, setterDisagreement, wptInputs } from './support/entry-points';

const SEED = 0x44_2026;

describe('every entry point gives the same URL', () => {
  it('on every WPT urltestdata input', () => {
    const found: string[] = [];
    for (const { input, base } of wptInputs()) {
      const d = disagreement(core, input, base);
      if (d !== null) found.push(`${JSON.stringify(input)}${base === undefined ? '' : ` against ${JSON.stringify(base)}`}: ${d}`);
    }
    expect(found).to.deep.equal([]);
  });

  it('on absolute URLs from the grammar (4,000)', () => {
    fc.assert(fc.property(urlString, (input) => {
      expect(disagreement(core, input)).to.equal(null);
    }), { seed: SEED, numRuns: 4000 });
  });

  it('on inputs with a base from the grammar (4,000)', () => {
    fc.assert(fc.property(urlWithBase, ({ input, base }) => {
      expect(disagreement(core, input, base)).to.equal(null);
    }), { seed: SEED, numRuns: 4000 });
  });

  it('on strings of any code units, with and without a base (2,000)', () => {
    fc.assert(
      fc.property(anyString, fc.constantFrom(undefined, 'http://h/a/b', 'file:///C:/a', 'foo://h/a', 'foo:opaque'), (input, base) => {
      expect(disagreement(core, input, base)).to.equal(null);
    }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});

describe('after setter calls, the URL held as its href and the one held as its record read the same', () => {
  it('on absolute URLs from the grammar (3,000 sequences of 1 to 6 calls)', () => {
    fc.assert(fc.property(urlString, setterCalls(6), (input, calls) => {
      expect(setterDisagreement(core, calls, input)).to.equal(null);
    }), { seed: SEED, numRuns: 3000 });
  });

  it('on URLs parsed against a base (2,000 sequences)', () => {
    fc.assert(fc.property(urlWithBase, setterCalls(6), ({ input, base }, calls) => {
      expect(setterDisagreement(core, calls, input, base)).to.equal(null);
    }), { seed: SEED, numRuns: 2000 });
  });

  it('on WPT inputs, one sequence each', () => {
    const inputs = wptInputs();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: inputs.length - 1 }), setterCalls(4), (k, calls) => {
      expect(setterDisagreement(core, calls, inputs[k].input, inputs[k].base)).to.equal(null);
    }),
      { seed: SEED, numRuns: inputs.length },
    );
  });
});
