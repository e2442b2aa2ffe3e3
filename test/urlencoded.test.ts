import { expect } from 'chai';
import fc from 'fast-check';
import {
  parseUrlencoded,
  parseUrlencodedString,
  serializeUrlencoded,
} from '../src/api/urlencoded';
import { toScalarValueString } from '../src/usv';
import wptCases from './wpt/urlencoded-parser-data.json';

interface ParserCase {
  input: string;
  output: Array<[string, string]>;
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('application/x-www-form-urlencoded parser', () => {
  describe('WPT urlencoded-parser-data.json', () => {
    for (const c of wptCases as ParserCase[]) {
      it(`parses ${JSON.stringify(c.input)} (string, bytes and string parser agree with WPT)`, () => {
        expect(parseUrlencoded(c.input)).to.deep.equal(c.output);
        expect(parseUrlencoded(utf8(c.input))).to.deep.equal(c.output);
        expect(parseUrlencodedString(c.input)).to.deep.equal(c.output);
      });
    }
  });

  it('returns an empty list for empty input and for only "&"s', () => {
    expect(parseUrlencoded('')).to.deep.equal([]);
    expect(parseUrlencoded(new Uint8Array(0))).to.deep.equal([]);
    expect(parseUrlencoded('&&&')).to.deep.equal([]);
  });

  it('splits name and value on the first "=" only', () => {
    expect(parseUrlencoded('a=b=c')).to.deep.equal([['a', 'b=c']]);
    expect(parseUrlencoded('==')).to.deep.equal([['', '=']]);
    expect(parseUrlencoded('=')).to.deep.equal([['', '']]);
  });

  it('turns "+" into a space before percent-decoding, so "%2B" stays a plus sign', () => {
    expect(parseUrlencoded('a+b=c%2Bd+')).to.deep.equal([['a b', 'c+d ']]);
    expect(parseUrlencoded('%20=%2b')).to.deep.equal([[' ', '+']]);
  });

  it('does not modify the byte sequence it was given', () => {
    const input = utf8('a+b=c+d');
    const before = Array.from(input);
    parseUrlencoded(input);
    expect(Array.from(input)).to.deep.equal(before);
  });

  it('works on a Uint8Array view with a non-zero offset', () => {
    const buffer = utf8('xxxa=1&b=2yyy');
    const view = buffer.subarray(3, buffer.length - 3);
    expect(parseUrlencoded(view)).to.deep.equal([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('keeps a leading UTF-8 BOM (UTF-8 decode without BOM), raw or percent-encoded', () => {
    expect(parseUrlencoded(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3d, 0x62]))).to.deep.equal([['\uFEFFa', 'b']]);
    expect(parseUrlencoded('%EF%BB%BFa=%EF%BB%BF')).to.deep.equal([['\uFEFFa', '\uFEFF']]);
  });

  it('replaces malformed UTF-8 with U+FFFD, raw or percent-encoded', () => {
    expect(parseUrlencoded(new Uint8Array([0x61, 0xff, 0x3d, 0xc3]))).to.deep.equal([['a\uFFFD', '\uFFFD']]);
    expect(parseUrlencoded('%ED%A0%80=%C3%28')).to.deep.equal([['\uFFFD\uFFFD\uFFFD', '\uFFFD(']]);
  });

  it('decodes multi-byte UTF-8, raw and percent-encoded', () => {
    expect(parseUrlencoded('%C3%A9=%F0%9F%98%80&\u00e9=\u{1F600}')).to.deep.equal([
      ['\u00e9', '\u{1F600}'],
      ['\u00e9', '\u{1F600}'],
    ]);
  });

  it('leaves malformed percent sequences alone', () => {
    expect(parseUrlencoded('%=%4&%zz=%%41')).to.deep.equal([
      ['%', '%4'],
      ['%zz', '%A'],
    ]);
  });

  it('UTF-8 encodes a string input, so lone surrogates become U+FFFD', () => {
    expect(parseUrlencoded('\uD800=x\uDC00')).to.deep.equal([['\uFFFD', 'x\uFFFD']]);
    expect(parseUrlencodedString('a\uDBFF=b')).to.deep.equal([['a\uFFFD', 'b']]);
  });
});

describe('application/x-www-form-urlencoded serializer', () => {
  it('serializes the empty list to the empty string', () => {
    expect(serializeUrlencoded([])).to.equal('');
  });

  it('always writes "=" and joins tuples with "&"', () => {
    expect(serializeUrlencoded([['', '']])).to.equal('=');
    expect(
      serializeUrlencoded([
        ['a', ''],
        ['', 'b'],
        ['c', 'd'],
      ]),
    ).to.equal('a=&=b&c=d');
  });

  it('encodes every ASCII code point as the form-urlencoded percent-encode set says', () => {
    for (let cp = 0; cp < 0x80; cp++) {
      const ch = String.fromCharCode(cp);
      let expected: string;
      if (/[0-9A-Za-z*\-._]/.test(ch)) expected = ch;
      else if (cp === 0x20) expected = '+';
      else expected = '%' + cp.toString(16).toUpperCase().padStart(2, '0');
      expect(serializeUrlencoded([[ch, ch]]), `U+${cp.toString(16)}`).to.equal(`${expected}=${expected}`);
    }
  });

  it('writes a space as "+", and "+", "~", "%", "&", "=" percent-encoded', () => {
    expect(serializeUrlencoded([['a b', '+ ~%&=']])).to.equal('a+b=%2B+%7E%25%26%3D');
    expect(serializeUrlencoded([["!'()", '*-._']])).to.equal('%21%27%28%29=*-._');
  });

  it('percent-encodes non-ASCII as UTF-8 bytes', () => {
    expect(serializeUrlencoded([['\u00e9', '\u20ac\u{1F600}']])).to.equal('%C3%A9=%E2%82%AC%F0%9F%98%80');
  });

  it('serializes a lone surrogate as the UTF-8 of U+FFFD', () => {
    expect(serializeUrlencoded([['\uD800', 'a\uDFFFb']])).to.equal('%EF%BF%BD=a%EF%BF%BDb');
  });

  it('accepts any iterable of tuples', () => {
    function* tuples(): Generator<readonly [string, string]> {
      yield ['x', '1'];
      yield ['y', '2'];
    }
    expect(serializeUrlencoded(tuples())).to.equal('x=1&y=2');
    expect(serializeUrlencoded(new Map([['k', 'v w']]))).to.equal('k=v+w');
  });

  it('round-trips through the parser for any scalar value strings', () => {
    const scalar = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.tuple(scalar, scalar), { maxLength: 6 }), (tuples) => {
        expect(parseUrlencoded(serializeUrlencoded(tuples))).to.deep.equal(tuples);
      }),
    );
  });

  it('produces only ASCII characters outside the encode set', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 16 }), (s) => {
        expect(serializeUrlencoded([[s, s]])).to.match(/^[0-9A-Za-z*\-._+%]*=[0-9A-Za-z*\-._+%]*$/);
      }),
    );
  });
});

describe('toScalarValueString', () => {
  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(toScalarValueString('a\uD800b')).to.equal('a\uFFFDb');
    expect(toScalarValueString('\uDC00\uD800')).to.equal('\uFFFD\uFFFD');
    expect(toScalarValueString('\uD83D\uDE00')).to.equal('\u{1F600}');
    expect(toScalarValueString('\uD800\uD83D\uDE00\uDC00')).to.equal('\uFFFD\u{1F600}\uFFFD');
    expect(toScalarValueString('\uD800')).to.equal('\uFFFD');
    expect(toScalarValueString('')).to.equal('');
  });

  it('leaves no lone surrogate and changes nothing else (any UTF-16 code units)', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    fc.assert(
      fc.property(fc.string({ unit: codeUnit, maxLength: 12 }), (s) => {
        const out = toScalarValueString(s);
        expect(out).to.have.length(s.length);
        expect(loneSurrogate.test(out)).to.equal(false);
        for (let i = 0; i < s.length; i++) {
          if (out[i] !== s[i]) expect(out[i]).to.equal('\uFFFD');
        }
        // Well-formed UTF-16 survives a UTF-8 round trip unchanged.
        expect(new TextDecoder().decode(new TextEncoder().encode(out))).to.equal(out);
      }),
    );
  });
});
