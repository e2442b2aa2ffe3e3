// src/semantic/uts46.ts (UTS #46 with tr46's data and O(n log n) Punycode) against tr46 itself:
// ToASCII and ToUnicode, with the URL Standard's options and the strict ones, on every input of
// IdnaTestV2.json and toascii.json, on fast-check domains, and on hosts long enough that tr46
// (quadratic in a label's length) would take seconds, where only idna.ts is run.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { idnaToASCII, idnaToUnicode, type IdnaOptions } from '../src/semantic/uts46';
import { punycodeEncode } from '../src/semantic/punycode';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const tr46 = require('tr46') as {
  toASCII(d: string, o: IdnaOptions & { verifyDNSLength: boolean }): string | null;
  toUnicode(d: string, o: IdnaOptions): { domain: string; error: boolean };
};

const URL_OPTIONS = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  ignoreInvalidPunycode: false,
  verifyDNSLength: false,
};
const STRICT = { ...URL_OPTIONS, checkHyphens: true, useSTD3ASCIIRules: true, verifyDNSLength: true };
const OPTION_SETS = [
  URL_OPTIONS,
  STRICT,
  { ...URL_OPTIONS, transitionalProcessing: true },
  { ...URL_OPTIONS, ignoreInvalidPunycode: true, checkBidi: false, checkJoiners: false },
];

function inputs(file: string): string[] {
  const data: unknown[] = JSON.parse(readFileSync(join(__dirname, 'wpt', file), 'utf8'));
  return data.filter((c): c is { input: string } => typeof c === 'object' && c !== null).map((c) => c.input);
}

function same(domain: string): void {
  for (const o of OPTION_SETS) {
    expect(idnaToASCII(domain, o), `ToASCII ${JSON.stringify(domain)} ${JSON.stringify(o)}`).to.equal(tr46.toASCII(domain, o));
    expect(idnaToUnicode(domain, o), `ToUnicode ${JSON.stringify(domain)}`).to.deep.equal(tr46.toUnicode(domain, o));
  }
}

describe('UTS #46 (uts46.ts) = tr46', () => {
  it('on every IdnaTestV2.json, IdnaTestV2-removed.json and toascii.json input, with four option sets', () => {
    const all = [...inputs('IdnaTestV2.json'), ...inputs('IdnaTestV2-removed.json'), ...inputs('toascii.json')];
    expect(all.length).to.be.greaterThan(2500);
    for (const d of all) same(d);
  });

  it('on random domains (labels of letters, marks, joiners, RTL letters, digits, dots and "xn--")', () => {
    const piece = fc.constantFrom(
      'a', 'B', '0', '-', '.', 'xn--', 'ß', 'ẞ', 'é', 'e\u0301', '\u0301', '日', 'ア', '\u200C', '\u200D', '\u094D',
      'ب', 'ש', '\u0660', '١', '\u{1F600}', '\uFF0E', '\u3002', 'ｘｎ--', '\u00AD', 'Ⅻ', '\uD800', '%', ' ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        same(parts.join(''));
        return true;
      }),
      { numRuns: 1500 },
    );
  });

  it('on random A-labels (the Punycode of random strings, and random digit strings after "xn--")', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), fc.string({ unit: fc.constantFrom(...'abz09-'.split('')), maxLength: 10 }), (s, digits) => {
        const encoded = punycodeEncode(s);
        if (encoded !== null) same(`xn--${encoded}.example`);
        same(`xn--${digits}`);
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('on every BMP code point (lone surrogates included) and on a sample of astral ones, after a label "1"', () => {
    // uts46.ts keeps each BMP code point's table row, status and bidiDomain answer in tables
    // filled a page at a time: this visits every page. A label "1" first fails the bidi rule
    // exactly when the domain is a bidi domain, so the answer for the code point shows too.
    const options = [URL_OPTIONS, { ...URL_OPTIONS, transitionalProcessing: true }];
    const differ: string[] = [];
    const check = (cp: number): void => {
      const domain = `1.${String.fromCodePoint(cp)}`;
      for (const o of options) {
        if (idnaToASCII(domain, o) !== tr46.toASCII(domain, o)) differ.push(cp.toString(16));
      }
    };
    for (let cp = 0; cp <= 0xffff; cp++) check(cp);
    for (let cp = 0x10000; cp <= 0x10ffff; cp += 61) check(cp);
    expect(differ).to.deep.equal([]);
  });

  it('gives the ASCII form of a host of 200,000 CJK characters and of a long valid A-label', () => {
    // 20,000 distinct CJK ideographs, ten times over: valid code points; the result is the
    // label's Punycode (test/punycode.test.ts checks the encoder against the package).
    const cjk = Array.from({ length: 200000 }, (_, k) => String.fromCodePoint(0x4e00 + (k % 20000))).join('');
    const encoded = punycodeEncode(cjk);
    expect(idnaToASCII(cjk, URL_OPTIONS)).to.equal(encoded === null ? null : `xn--${encoded}`);
    // Two code points repeated 100,000 times: a valid label; its A-label decodes back to it.
    const repeated = '日本'.repeat(100000);
    const ascii = idnaToASCII(repeated, URL_OPTIONS);
    expect(ascii).to.equal(`xn--${punycodeEncode(repeated)}`);
    expect(idnaToUnicode(ascii!, URL_OPTIONS)).to.deep.equal({ domain: repeated, error: false });
    expect(idnaToASCII(ascii!, URL_OPTIONS)).to.equal(ascii);
  });
});
