// utf8PercentEncodeString has a short path (concatenation, under 256 code units past the first
// one to encode) and a long one (bytes into a buffer, decoded a piece at a time). Both must give
// the UTF-8 percent-encoding of https://url.spec.whatwg.org/#utf-8-percent-encode, whatever the
// set and length: here the long path is compared, on random strings of every kind of code
// point, with the same string encoded in short pieces cut at code point boundaries, and with
// encodeURIComponent where the sets agree.

import { expect } from 'chai';
import fc from 'fast-check';
import {
  C0_CONTROL_SET,
  COMPONENT_SET,
  FORM_URLENCODED_SET,
  FRAGMENT_SET,
  PATH_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  utf8PercentEncodeString,
  type EncodeSet,
} from '../src/semantic/percent-encode';

const SETS: [string, EncodeSet][] = [
  ['C0 control', C0_CONTROL_SET],
  ['fragment', FRAGMENT_SET],
  ['query', QUERY_SET],
  ['special-query', SPECIAL_QUERY_SET],
  ['path', PATH_SET],
  ['userinfo', USERINFO_SET],
  ['component', COMPONENT_SET],
  ['application/x-www-form-urlencoded', FORM_URLENCODED_SET],
];

/** The string encoded in pieces of at most 100 code units, so that each takes the short path. */
function inShortPieces(s: string, set: EncodeSet, spaceAsPlus: boolean): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    let j = Math.min(i + 100, s.length);
    const c = s.charCodeAt(j - 1);
    if (j < s.length && c >= 0xd800 && c <= 0xdbff) j++; // keep a surrogate pair whole
    out += utf8PercentEncodeString(s.slice(i, j), set, spaceAsPlus);
    i = j;
  }
  return out;
}

/** Strings of ASCII, Latin-1, BMP and astral code points, long enough for the long path. */
const longString = fc
  .array(fc.oneof(fc.constantFrom(' ', '%', '/', '?', '#', "'", '"', '+', '\u007f', '\u0000'), fc.string({ unit: 'grapheme-ascii', maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })), { minLength: 100, maxLength: 400 })
  .map((parts) => parts.join(''));

describe('utf8PercentEncodeString: the long path equals the short one', () => {
  for (const [name, set] of SETS) {
    it(`the ${name} percent-encode set`, () => {
      fc.assert(
        fc.property(longString, fc.boolean(), (s, plus) => {
          expect(utf8PercentEncodeString(s, set, plus)).to.equal(inShortPieces(s, set, plus));
        }),
        { numRuns: 200 },
      );
    });
  }

  it('a megabyte with pieces of 32 KiB in the output, against encodeURIComponent', () => {
    // The component percent-encode set leaves exactly ASCII alphanumerics and "!'()*-._~"
    // alone, as encodeURIComponent does.
    const unit = 'a b/é"/\u{1F600}x\u007f%!~*';
    const s = unit.repeat(Math.ceil((1 << 20) / unit.length));
    const expected = encodeURIComponent(s);
    const ours = utf8PercentEncodeString(s, COMPONENT_SET);
    expect(ours.length).to.equal(expected.length);
    expect(ours === expected).to.equal(true);
  });
});
