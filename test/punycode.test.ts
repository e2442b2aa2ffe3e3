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

  // The encoder has three ways in (src/semantic/punycode.ts): the RFC's scan below 64 code units,
  // values ranked through a Map below 2048, and BMP values ranked through a table from 2048. The
  // lengths below straddle both limits.
  it('agrees with the package on either side of the short and long label limits (few distinct code points)', () => {
    const unit = fc.constantFrom('a', '-', 'é', 'ß', '日', '\u{1F600}', '\u{10FFFD}', '\uD800', '\uDC00', '\u007F', '\u0080');
    for (const [min, max] of [
      [55, 75],
      [2030, 2070],
    ]) {
      fc.assert(
        fc.property(fc.string({ unit, minLength: min, maxLength: max }), (s) => punycodeEncode(s) === referenceEncode(s)),
        { numRuns: 200 },
      );
    }
  });

  it('agrees with the package on long labels of many distinct code points (astral and lone surrogates included)', () => {
    // Any code point, lone surrogates included: a few thousand distinct values per label.
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 2048, maxLength: 2600 }), (s) => {
        const encoded = punycodeEncode(s);
        return encoded === referenceEncode(s) && (encoded === null || encoded.length > 2048);
      }),
      { numRuns: 15 },
    );
    // BMP values only (every one through the table), and astral values only (none of them).
    const bmp = Array.from({ length: 3000 }, (_, k) => String.fromCharCode(0x80 + ((k * 7919) % 0xff80))).join('');
    const astral = Array.from({ length: 1500 }, (_, k) => String.fromCodePoint(0x10000 + ((k * 7919) % 0x100000))).join('');
    for (const s of [bmp, astral, bmp + astral, astral + bmp]) {
      expect(punycodeEncode(s)).to.equal(referenceEncode(s));
    }
  });

  it('overflows where the package does in a long label: when skipping to a value, and within its occurrences', () => {
    // 2048 basic code points: the skip to U+FFE80 brings delta to 2^31 - 1 - 511 (no overflow
    // yet); an occurrence with more than 511 code points before it overflows, one with none
    // does not; the skip to U+FFE81 overflows.
    const basic = 'a'.repeat(2048);
    const cases = [
      basic + '\u{FFE80}',
      '\u{FFE80}' + basic,
      'a'.repeat(511) + '\u{FFE80}' + 'a'.repeat(1537),
      'a'.repeat(512) + '\u{FFE80}' + 'a'.repeat(1536),
      basic + '\u{FFE81}',
      '\u{FFE81}' + basic,
      '日'.repeat(2048) + '\u{10FFFF}',
    ];
    const results = cases.map((s) => punycodeEncode(s));
    results.forEach((r, k) => expect(r, `case ${k}`).to.equal(referenceEncode(cases[k])));
    expect(results.map((r) => r === null)).to.deep.equal([true, false, false, true, true, true, true]);
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
