// Punycode (src/semantic/punycode.ts) against the `punycode` package, which tr46 uses: the same
// output, the same failures (overflow included), on fixed cases and on random strings. The
// encoder and decoder here are O(n log n); the package's are quadratic, so the long inputs at
// the end are compared with lengths it still handles in well under a second.

import { expect } from 'chai';
import fc from 'fast-check';
import { punycodeDecode, punycodeEncode } from '../src/semantic/punycode';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('punycode/') as { encode(s: string): string; decode(s: string): string };

/** The package's answer, with a thrown error (overflow, invalid input) as null. */
function referenceEncode(s: string): string | null {
  try {
    return reference.encode(s);
  } catch {
    return null;
  }
}
function referenceDecode(s: string): string | null {
  try {
    return reference.decode(s);
  } catch {
    return null;
  }
}

describe('Punycode (RFC 3492) in O(n log n)', () => {
  it('encodes and decodes the RFC 3492 section 7.1 samples and a few labels', () => {
    const samples: [string, string][] = [
      ['bücher', 'bcher-kva'],
      ['münchen', 'mnchen-3ya'],
      ['日本語', 'wgv71a119e'],
      ['ليهمابتكلموشعربي؟', 'egbpdaj6bu4bxfgehfvwxn'],
      ['他们为什么不说中文', 'ihqwcrb4cv8a8dqg056pqjye'],
      ['Pročprostěnemluvíčesky', 'Proprostnemluvesky-uyb24dma41a'],
      ['\u{1F600}', 'e28h'],
      ['abc', 'abc-'],
      ['', ''],
    ];
    for (const [unicode, ascii] of samples) {
      expect(punycodeEncode(unicode), unicode).to.equal(ascii);
      expect(punycodeEncode(unicode)).to.equal(referenceEncode(unicode));
      expect(punycodeDecode(ascii), ascii).to.equal(unicode);
    }
  });

  it('fails where the package fails: overflow, a non-digit, a truncated number, a code point past U+10FFFF', () => {
    for (const s of ['99999999999', 'a-é', '-abc', 'abc-!', 'zz', 'a-zzzzzzzzz', '0000004', 'x-99999999']) {
      expect(punycodeDecode(s), s).to.equal(referenceDecode(s));
    }
    // Encoder overflows: the first delta, (U+10FFFF - 0x80) × 3001, exceeds 2^31 - 1; and the
    // deltas of 40,000 distinct code points (the package says so too, after about 5 s of its
    // quadratic scan, too long to ask it here).
    const big = 'a'.repeat(3000) + '\u{10FFFF}';
    const distinct = Array.from({ length: 40000 }, (_, k) => String.fromCodePoint(0x4e00 + k)).join('');
    expect(punycodeEncode(distinct)).to.equal(null);
    expect(referenceEncode(big)).to.equal(null);
    expect(punycodeEncode(big)).to.equal(null);
  });

  it('encodes random strings (lone surrogates and astral code points included) as the package does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => punycodeEncode(s) === referenceEncode(s)),
      { numRuns: 5000 },
    );
    // Few distinct code points, many repeats: the encoder's deltas between occurrences.
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '-', 'é', '日', '\u{1F600}', '\uD800'), maxLength: 60 }), (s) => punycodeEncode(s) === referenceEncode(s)),
      { numRuns: 5000 },
    );
  });

  it('decodes random digit strings (valid and not) as the package does', () => {
    const digit = fc.constantFrom(...'abkxyz0189-AZ'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: digit, maxLength: 30 }), (s) => punycodeDecode(s) === referenceDecode(s)),
      { numRuns: 10000 },
    );
  });

  it('round-trips random strings, and agrees with the package on their encodings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (s) => {
        const encoded = punycodeEncode(s);
        if (encoded === null) return referenceEncode(s) === null;
        return encoded === referenceEncode(s) && punycodeDecode(encoded) === s && referenceDecode(encoded) === s;
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with the package on labels of a few thousand code points', () => {
    const cjk = Array.from({ length: 3000 }, (_, k) => String.fromCharCode(0x4e00 + ((k * 7919) % 20000))).join('');
    const mixed = Array.from({ length: 4000 }, (_, k) => (k % 3 === 0 ? 'a' : String.fromCharCode(0xe0 + (k % 50)))).join('');
    for (const s of [cjk, mixed]) {
      const encoded = punycodeEncode(s);
      expect(encoded).to.equal(referenceEncode(s));
      if (encoded !== null) expect(punycodeDecode(encoded)).to.equal(s);
    }
  });

  it('handles a label of 200,000 distinct code points (a result, not an exception)', () => {
    const s = Array.from({ length: 200000 }, (_, k) => String.fromCodePoint(0x4e00 + k)).join('');
    // The deltas overflow 2^31 - 1 long before the end (as they do at 40,000 above): failure.
    expect(punycodeEncode(s)).to.equal(null);
    const small = Array.from({ length: 200000 }, (_, k) => (k % 2 ? 'é' : 'a')).join('');
    const encoded = punycodeEncode(small);
    expect(encoded).to.be.a('string');
    expect(punycodeDecode(encoded!)).to.equal(small);
  });
});
