import { expect } from 'chai';
import fc from 'fast-check';
import { getOutputEncoding, percentEncodeAfterEncoding } from '../src/semantic/encoding';
import {
  FORM_URLENCODED_SET,
  FRAGMENT_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  type EncodeSet,
} from '../src/semantic/percent-encode';
import wptData from './wpt/percent-encoding.json';
import '@exodus/bytes/encoding.js'; // registers the multi-byte encoders that whatwg.js needs
import { percentEncodeAfterEncoding as exodusPercentEncodeAfterEncoding } from '@exodus/bytes/whatwg.js';

// Expected values below come from the WPT data, from the Encoding Standard's text (its encoders'
// steps and tables) and from its index files, computed by hand: pointer → bytes per each encoder's
// steps, then each byte as its ASCII character unless it is 0x80 or above or in the
// percent-encode set.

interface WptCase {
  input: string;
  output: Record<string, string>;
}

const query = (encoding: string, input: string): string =>
  percentEncodeAfterEncoding(encoding, input, SPECIAL_QUERY_SET);

describe('percent-encode after encoding: WPT percent-encoding.json', () => {
  const cases = (wptData as Array<string | WptCase>).filter((c): c is WptCase => typeof c !== 'string');

  it('has cases to run', () => {
    expect(cases.length).to.equal(7);
  });

  for (const c of cases) {
    for (const [encoding, expected] of Object.entries(c.output)) {
      // The harness loads "https://doesnotmatter.invalid/?" + input + "#" + input in a document of
      // that encoding, then checks search == "?" + output[encoding] and hash == "#" + output["utf-8"].
      it(`${JSON.stringify(c.input)} with ${encoding}: query ${JSON.stringify(expected)}`, () => {
        expect(query(encoding, c.input)).to.equal(expected);
        expect(percentEncodeAfterEncoding(getOutputEncoding(encoding) as string, c.input, SPECIAL_QUERY_SET)).to.equal(
          expected,
        );
        // The fragment is always UTF-8, with the fragment percent-encode set.
        expect(percentEncodeAfterEncoding('UTF-8', c.input, FRAGMENT_SET)).to.equal(c.output['utf-8']);
      });
    }
  }
});

describe('getOutputEncoding', () => {
  // https://encoding.spec.whatwg.org/#names-and-labels, the whole table.
  const table: Record<string, string[]> = {
    'UTF-8': ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8'],
    IBM866: ['866', 'cp866', 'csibm866', 'ibm866'],
    'ISO-8859-2': [
      'csisolatin2', 'iso-8859-2', 'iso-ir-101', 'iso8859-2', 'iso88592', 'iso_8859-2', 'iso_8859-2:1987',
      'l2', 'latin2',
    ],
    'ISO-8859-3': [
      'csisolatin3', 'iso-8859-3', 'iso-ir-109', 'iso8859-3', 'iso88593', 'iso_8859-3', 'iso_8859-3:1988',
      'l3', 'latin3',
    ],
    'ISO-8859-4': [
      'csisolatin4', 'iso-8859-4', 'iso-ir-110', 'iso8859-4', 'iso88594', 'iso_8859-4', 'iso_8859-4:1988',
      'l4', 'latin4',
    ],
    'ISO-8859-5': [
      'csisolatincyrillic', 'cyrillic', 'iso-8859-5', 'iso-ir-144', 'iso8859-5', 'iso88595', 'iso_8859-5',
      'iso_8859-5:1988',
    ],
    'ISO-8859-6': [
      'arabic', 'asmo-708', 'csiso88596e', 'csiso88596i', 'csisolatinarabic', 'ecma-114', 'iso-8859-6', 'iso-8859-6-e',
      'iso-8859-6-i', 'iso-ir-127', 'iso8859-6', 'iso88596', 'iso_8859-6', 'iso_8859-6:1987',
    ],
    'ISO-8859-7': [
      'csisolatingreek', 'ecma-118', 'elot_928', 'greek', 'greek8', 'iso-8859-7', 'iso-ir-126', 'iso8859-7', 'iso88597',
      'iso_8859-7', 'iso_8859-7:1987', 'sun_eu_greek',
    ],
    'ISO-8859-8': [
      'csiso88598e', 'csisolatinhebrew', 'hebrew', 'iso-8859-8', 'iso-8859-8-e', 'iso-ir-138', 'iso8859-8', 'iso88598',
      'iso_8859-8', 'iso_8859-8:1988', 'visual',
    ],
    'ISO-8859-8-I': ['csiso88598i', 'iso-8859-8-i', 'logical'],
    'ISO-8859-10': ['csisolatin6', 'iso-8859-10', 'iso-ir-157', 'iso8859-10', 'iso885910', 'l6', 'latin6'],
    'ISO-8859-13': ['iso-8859-13', 'iso8859-13', 'iso885913'],
    'ISO-8859-14': ['iso-8859-14', 'iso8859-14', 'iso885914'],
    'ISO-8859-15': ['csisolatin9', 'iso-8859-15', 'iso8859-15', 'iso885915', 'iso_8859-15', 'l9'],
    'ISO-8859-16': ['iso-8859-16'],
    'KOI8-R': ['cskoi8r', 'koi', 'koi8', 'koi8-r', 'koi8_r'],
    'KOI8-U': ['koi8-ru', 'koi8-u'],
    macintosh: ['csmacintosh', 'mac', 'macintosh', 'x-mac-roman'],
    'windows-874': ['dos-874', 'iso-8859-11', 'iso8859-11', 'iso885911', 'tis-620', 'windows-874'],
    'windows-1250': ['cp1250', 'windows-1250', 'x-cp1250'],
    'windows-1251': ['cp1251', 'windows-1251', 'x-cp1251'],
    'windows-1252': [
      'ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819', 'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100', 'iso8859-1',
      'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'latin1', 'us-ascii', 'windows-1252', 'x-cp1252',
    ],
    'windows-1253': ['cp1253', 'windows-1253', 'x-cp1253'],
    'windows-1254': [
      'cp1254', 'csisolatin5', 'iso-8859-9', 'iso-ir-148', 'iso8859-9', 'iso88599', 'iso_8859-9',
      'iso_8859-9:1989', 'l5', 'latin5', 'windows-1254', 'x-cp1254',
    ],
    'windows-1255': ['cp1255', 'windows-1255', 'x-cp1255'],
    'windows-1256': ['cp1256', 'windows-1256', 'x-cp1256'],
    'windows-1257': ['cp1257', 'windows-1257', 'x-cp1257'],
    'windows-1258': ['cp1258', 'windows-1258', 'x-cp1258'],
    'x-mac-cyrillic': ['x-mac-cyrillic', 'x-mac-ukrainian'],
    GBK: ['chinese', 'csgb2312', 'csiso58gb231280', 'gb2312', 'gb_2312', 'gb_2312-80', 'gbk', 'iso-ir-58', 'x-gbk'],
    gb18030: ['gb18030'],
    Big5: ['big5', 'big5-hkscs', 'cn-big5', 'csbig5', 'x-x-big5'],
    'EUC-JP': ['cseucpkdfmtjapanese', 'euc-jp', 'x-euc-jp'],
    'ISO-2022-JP': ['csiso2022jp', 'iso-2022-jp'],
    Shift_JIS: ['csshiftjis', 'ms932', 'ms_kanji', 'shift-jis', 'shift_jis', 'sjis', 'windows-31j', 'x-sjis'],
    'EUC-KR': [
      'cseuckr', 'csksc56011987', 'euc-kr', 'iso-ir-149', 'korean', 'ks_c_5601-1987', 'ks_c_5601-1989', 'ksc5601',
      'ksc_5601', 'windows-949',
    ],
    replacement: ['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement'],
    'UTF-16BE': ['unicodefffe', 'utf-16be'],
    'UTF-16LE': ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff', 'utf-16', 'utf-16le'],
    'x-user-defined': ['x-user-defined'],
  };
  // https://encoding.spec.whatwg.org/#get-an-output-encoding
  const outputOf = (name: string): string =>
    name === 'replacement' || name === 'UTF-16BE' || name === 'UTF-16LE' ? 'UTF-8' : name;

  for (const [name, labels] of Object.entries(table)) {
    it(`resolves every label of ${name} (any ASCII case) to ${outputOf(name)}`, () => {
      for (const label of labels) {
        expect(getOutputEncoding(label), label).to.equal(outputOf(name));
        expect(getOutputEncoding(label.toUpperCase()), label.toUpperCase()).to.equal(outputOf(name));
      }
    });
  }

  it('gives an encoding with an encoder for every label, which percent-encodes ASCII per the set', () => {
    for (const labels of Object.values(table)) {
      for (const label of labels) {
        const encoding = getOutputEncoding(label) as string;
        expect(query(encoding, 'az AZ09-._~!$&()*+,;=:@/?%"#<>\'`'), label).to.equal(
          'az%20AZ09-._~!$&()*+,;=:@/?%%22%23%3C%3E%27`',
        );
      }
    }
  });

  it('maps replacement and UTF-16BE/LE to UTF-8 and keeps every other encoding', () => {
    expect(getOutputEncoding('iso-2022-kr')).to.equal('UTF-8');
    expect(getOutputEncoding('utf-16be')).to.equal('UTF-8');
    expect(getOutputEncoding('utf-16')).to.equal('UTF-8');
    expect(getOutputEncoding('sjis')).to.equal('Shift_JIS');
    expect(getOutputEncoding('gb2312')).to.equal('GBK');
    expect(getOutputEncoding('x-user-defined')).to.equal('x-user-defined');
  });

  it('is ASCII case-insensitive', () => {
    expect(getOutputEncoding('ShIfT_jIs')).to.equal('Shift_JIS');
    expect(getOutputEncoding('Windows-1252')).to.equal('windows-1252');
    expect(getOutputEncoding('UTF-16BE')).to.equal('UTF-8');
  });

  it('removes leading and trailing ASCII whitespace (tab, LF, FF, CR, space) only', () => {
    expect(getOutputEncoding(' \t\n\f\rsjis\r\n\f\t ')).to.equal('Shift_JIS');
    expect(getOutputEncoding('\u000Butf-8')).to.equal(null); // VT is not ASCII whitespace
    expect(getOutputEncoding('\u00A0utf-8')).to.equal(null);
    expect(getOutputEncoding('utf-8\u3000')).to.equal(null);
    expect(getOutputEncoding('utf -8')).to.equal(null);
  });

  it('does not fold non-ASCII look-alikes', () => {
    expect(getOutputEncoding('\u212Aoi8-r')).to.equal(null); // KELVIN SIGN lower-cases to "k"
    expect(getOutputEncoding('\u017Fjis')).to.equal(null); // LATIN SMALL LETTER LONG S upper-cases to "S"
    expect(getOutputEncoding('koi8-\u0280')).to.equal(null);
  });

  it('returns null for unknown labels', () => {
    const unknown = ['', 'bogus', 'utf-7', 'utf-32', 'iso-8859-1x', 'x-user-defined\u0000', 'latin-1', 'cp932', 'euc-cn'];
    for (const label of unknown) {
      expect(getOutputEncoding(label), JSON.stringify(label)).to.equal(null);
    }
  });
});

describe('percent-encode after encoding: the encoders', () => {
  describe('single-byte', () => {
    it('windows-1252: 0x80-0x9F hold € and the other windows-1252 letters', () => {
      expect(query('windows-1252', '\u20AC')).to.equal('%80'); // pointer 0 → U+20AC
      expect(query('windows-1252', '\u201A')).to.equal('%82');
      expect(query('windows-1252', '\u2122')).to.equal('%99');
      expect(query('windows-1252', '\u0178')).to.equal('%9F');
    });

    it('windows-1252: 0x81, 0x8D, 0x8F, 0x90, 0x9D map to the C1 controls of the same value', () => {
      expect(query('windows-1252', '\u0081\u008D\u008F\u0090\u009D')).to.equal('%81%8D%8F%90%9D');
    });

    it('windows-1252: U+0080 and code points above U+00FF are unmappable', () => {
      expect(query('windows-1252', '\u0080')).to.equal('%26%23128%3B');
      expect(query('windows-1252', '\u00FF\u0100')).to.equal('%FF%26%23256%3B');
    });

    it('windows-1252 under its labels latin1, ascii, iso-8859-1', () => {
      for (const label of ['latin1', 'ascii', 'iso-8859-1', 'US-ASCII']) {
        expect(query(label, '\u20AC\u00E9'), label).to.equal('%80%E9');
      }
    });

    it('ISO-8859-2', () => {
      expect(query('iso-8859-2', '\u0104')).to.equal('%A1'); // Ą
      expect(query('iso-8859-2', '\u0080')).to.equal('%80'); // 0x80-0x9F are the C1 controls
      expect(query('iso-8859-2', '\u00A2')).to.equal('%26%23162%3B');
    });

    it('ISO-8859-8-I has an encoder (the ISO-8859-8 index)', () => {
      expect(query('iso-8859-8-i', '\u05D0')).to.equal('%E0');
      expect(query('logical', '\u05EA')).to.equal('%FA');
    });

    it('windows-874 and windows-1254 under iso-8859-11 and iso-8859-9', () => {
      expect(query('iso-8859-11', '\u20AC')).to.equal('%80');
      expect(query('iso-8859-9', '\u011E')).to.equal('%D0');
    });

    it('KOI8-U, macintosh, IBM866', () => {
      expect(query('koi8-u', '\u0404')).to.equal('%B4');
      expect(query('macintosh', '\uF8FF')).to.equal('%F0');
      expect(query('ibm866', '\u00A0')).to.equal('%FF');
    });

    it('x-user-defined: U+F780-U+F7FF to 0x80-0xFF, nothing else above ASCII', () => {
      expect(query('x-user-defined', 'a\uF780\uF7FF')).to.equal('a%80%FF');
      expect(query('x-user-defined', '\u0080')).to.equal('%26%23128%3B');
      expect(query('x-user-defined', '\u00E9')).to.equal('%26%23233%3B');
    });
  });

  describe('Shift_JIS', () => {
    it('U+00A5 and U+203E encode as 0x5C and 0x7E, as do "\\" and "~"', () => {
      expect(query('shift_jis', '\u00A5\u203E')).to.equal('\\~');
      expect(query('shift_jis', '\\~')).to.equal('\\~');
    });

    it('U+0080 is 0x80', () => {
      expect(query('shift_jis', '\u0080')).to.equal('%80');
    });

    it('U+2212 is encoded as U+FF0D (0x81 0x7C)', () => {
      expect(query('shift_jis', '\u2212')).to.equal('%81|');
      expect(query('shift_jis', '\uFF0D')).to.equal('%81|');
    });

    it('halfwidth katakana are single bytes 0xA1-0xDF', () => {
      expect(query('shift_jis', '\uFF61\uFF9F')).to.equal('%A1%DF');
    });

    it('jis0208 two-byte sequences', () => {
      expect(query('shift_jis', '\u3042')).to.equal('%82%A0'); // pointer 283
      expect(query('shift_jis', '\u3000')).to.equal('%81@'); // pointer 0
    });

    it('the NEC-selected IBM extensions (pointers 8272-8835) are skipped: U+2170 is 0xFA 0x40', () => {
      expect(query('shift_jis', '\u2170')).to.equal('%FA@'); // pointer 10716, not 8634
    });

    it('the EUDC range the decoder maps to U+E000.. is not encoded', () => {
      expect(query('shift_jis', '\uE000')).to.equal('%26%2357344%3B');
      expect(query('shift_jis', '\u00A6')).to.equal('%26%23166%3B');
    });
  });

  describe('EUC-JP', () => {
    it('U+00A5, U+203E, halfwidth katakana, U+2212', () => {
      expect(query('euc-jp', '\u00A5\u203E')).to.equal('\\~');
      expect(query('euc-jp', '\uFF61')).to.equal('%8E%A1');
      expect(query('euc-jp', '\u2212')).to.equal('%A1%DD');
    });

    it('uses the first jis0208 pointer: U+2170 is 0xFC 0xF1 (pointer 8634)', () => {
      expect(query('euc-jp', '\u2170')).to.equal('%FC%F1');
      expect(query('euc-jp', '\u3042')).to.equal('%A4%A2');
    });

    it('has no jis0212 encoder and no U+0080', () => {
      expect(query('euc-jp', '\u0080')).to.equal('%26%23128%3B');
      expect(query('euc-jp', '\u00A6')).to.equal('%26%23166%3B'); // ¦ is only in jis0212
    });
  });

  describe('gb18030 and GBK', () => {
    it('two-byte sequences', () => {
      expect(query('gb18030', '\u4E02')).to.equal('%81@'); // pointer 0
      expect(query('gb18030', '\u3000')).to.equal('%A1%A1');
      expect(query('gb18030', '\u20AC')).to.equal('%A2%E3');
      expect(query('gb18030', '\u2026\uFF5E')).to.equal('%A1%AD%A1%AB');
      expect(query('gb18030', '\uE4C6\uE4C5')).to.equal('%A1@%FE%FE');
    });

    it('U+E5E5 is an error (0xA3 0xA0 decodes to U+3000)', () => {
      expect(query('gb18030', '\uE5E5')).to.equal('%26%2358853%3B');
    });

    it('four-byte sequences from the ranges index', () => {
      expect(query('gb18030', '\u0080')).to.equal('%810%810'); // pointer 0
      expect(query('gb18030', '\u00A5')).to.equal('%810%846'); // pointer 36
      expect(query('gb18030', '\uFFFD')).to.equal('%841%A47');
      expect(query('gb18030', '\u{10000}')).to.equal('%900%810'); // pointer 189000
      expect(query('gb18030', '\u{1F4A9}')).to.equal('%949%DA3');
      expect(query('gb18030', '\u{10FFFF}')).to.equal('%E32%9A5'); // pointer 1237575
    });

    it('U+E7C7 is the ranges pointer 7457', () => {
      expect(query('gb18030', '\uE7C7')).to.equal('%815%F47');
      expect(query('gb18030', '\uE7C8')).to.equal('%836%C80');
    });

    it('GB18030-2022: the encoder table keeps the old Private Use mappings, the index has the new ones', () => {
      expect(query('gb18030', '\uE78D\uFE10')).to.equal('%A6%D9%A6%D9');
      expect(query('gb18030', '\uE81E\u9FB4')).to.equal('%FEY%FEY');
      expect(query('gb18030', '\uE864')).to.equal('%FE%A0');
    });

    it('GBK: U+20AC is 0x80, and there are no four-byte sequences', () => {
      expect(query('gbk', '\u20AC')).to.equal('%80');
      expect(query('gbk', '\u4E02')).to.equal('%81@');
      expect(query('gbk', '\u00A5')).to.equal('%26%23165%3B');
      expect(query('gbk', '\u{10000}')).to.equal('%26%2365536%3B');
      expect(query('gb2312', '\u0080')).to.equal('%26%23128%3B');
    });
  });

  describe('Big5', () => {
    it('pointers below (0xA1 - 0x81) × 157 (HKSCS) are not used', () => {
      expect(query('big5', '\u00CA')).to.equal('%26%23202%3B'); // only at 0x88 0x66
    });

    it('U+2550, U+5341, U+5345 use the last pointer', () => {
      expect(query('big5', '\u2550')).to.equal('%F9%F9'); // not 0xA2 0xA4
      expect(query('big5', '\u5341')).to.equal('%A4Q'); // not 0xA2 0xCC
      expect(query('big5', '\u5345')).to.equal('%A4%CA'); // not 0xA2 0xCE
    });

    it('two-byte sequences and errors', () => {
      expect(query('big5', '\u3000')).to.equal('%A1@');
      expect(query('big5', '\u2020')).to.equal('%26%238224%3B');
    });
  });

  describe('EUC-KR', () => {
    it('KS X 1001 and the Unified Hangul Code', () => {
      expect(query('euc-kr', '\uAC00')).to.equal('%B0%A1');
      expect(query('euc-kr', '\uAC02')).to.equal('%81A'); // pointer 0
      expect(query('euc-kr', '\u2020')).to.equal('%A2%D3');
    });
  });

  describe('ISO-2022-JP', () => {
    it('Roman for U+00A5 and U+203E, and the reset to ASCII at the end', () => {
      expect(query('iso-2022-jp', '\u00A5')).to.equal('%1B(J\\%1B(B');
      expect(query('iso-2022-jp', '\u203E\u00A5a')).to.equal('%1B(J~\\a%1B(B');
    });

    it('no escape sequence for ASCII alone, and no reset when the state ends as ASCII', () => {
      expect(query('iso-2022-jp', 'ab')).to.equal('ab');
      expect(query('iso-2022-jp', '\u3042a')).to.equal('%1B$B$%22%1B(Ba');
    });

    it('jis0208 with ESC $ B', () => {
      expect(query('iso-2022-jp', '\u3042')).to.equal('%1B$B$%22%1B(B');
      expect(query('iso-2022-jp', 'a\u3042b')).to.equal('a%1B$B$%22%1B(Bb');
      expect(query('iso-2022-jp', '\u2212')).to.equal('%1B$B!]%1B(B'); // as U+FF0D
    });

    it('halfwidth katakana go through the ISO-2022-JP katakana index', () => {
      expect(query('iso-2022-jp', '\uFF61')).to.equal('%1B$B!%23%1B(B'); // U+3002
      expect(query('iso-2022-jp', '\uFF9E')).to.equal('%1B$B!+%1B(B'); // U+309B
    });

    it('"\\" and "~" leave Roman', () => {
      expect(query('iso-2022-jp', '\u00A5\\~')).to.equal('%1B(J\\%1B(B\\~');
    });

    it('U+000E, U+000F, U+001B are errors reported as U+FFFD', () => {
      expect(query('iso-2022-jp', '\u000F')).to.equal('%26%2365533%3B');
      expect(query('iso-2022-jp', '\u001B')).to.equal('%26%2365533%3B');
    });

    it('an error in jis0208 comes after ESC ( B', () => {
      expect(query('iso-2022-jp', '\u3042\u0100\u3042')).to.equal('%1B$B$%22%1B(B%26%23256%3B%1B$B$%22%1B(B');
      expect(query('iso-2022-jp', '\u3042\u000E')).to.equal('%1B$B$%22%1B(B%26%2365533%3B');
    });

    it('an error in Roman stays in Roman: no ESC ( B before it, no ESC ( J after it', () => {
      expect(query('iso-2022-jp', '\u00A5\u0100\u00A5')).to.equal('%1B(J\\%26%23256%3B\\%1B(B');
      expect(query('iso-2022-jp', '\u00A5\u000E\u00A5')).to.equal('%1B(J\\%26%2365533%3B\\%1B(B');
      expect(query('iso-2022-jp', '\u00A5\u0100\u0101')).to.equal('%1B(J\\%26%23256%3B%26%23257%3B%1B(B');
      expect(query('iso-2022-jp', '\u00A5\u0100a')).to.equal('%1B(J\\%26%23256%3Ba%1B(B');
    });

    it('after an error in Roman the state changes as needed', () => {
      expect(query('iso-2022-jp', '\u00A5\u0100\\')).to.equal('%1B(J\\%26%23256%3B%1B(B\\');
      expect(query('iso-2022-jp', '\u00A5\u0100\u3042')).to.equal('%1B(J\\%26%23256%3B%1B$B$%22%1B(B');
    });

    it('errors in ASCII', () => {
      expect(query('iso-2022-jp', '\u0100a')).to.equal('%26%23256%3Ba');
      expect(query('iso-2022-jp', 'a\u{1F600}')).to.equal('a%26%23128512%3B');
    });
  });
});

describe('percent-encode after encoding: the algorithm', () => {
  it('UTF-8 goes through UTF-8 percent-encode, with any set', () => {
    expect(percentEncodeAfterEncoding('utf-8', 'a b\u00E9#', QUERY_SET)).to.equal('a%20b%C3%A9%23');
    expect(percentEncodeAfterEncoding('UTF-8', '\u{1F600}', FRAGMENT_SET)).to.equal('%F0%9F%98%80');
    expect(percentEncodeAfterEncoding('unicode-1-1-utf-8', '\u00E9', SPECIAL_QUERY_SET)).to.equal('%C3%A9');
  });

  it('only the set decides which ASCII bytes are percent-encoded', () => {
    expect(query('shift_jis', ' "#<>\'')).to.equal('%20%22%23%3C%3E%27');
    expect(query('shift_jis', '`{}%&+=?/')).to.equal('`{}%&+=?/');
    expect(query('shift_jis', '\u0000\u001F\u007F')).to.equal('%00%1F%7F');
    expect(percentEncodeAfterEncoding('shift_jis', '`{}%&+=', FORM_URLENCODED_SET)).to.equal('%60%7B%7D%25%26%2B%3D');
    expect(percentEncodeAfterEncoding('shift_jis', '*-._az09', FORM_URLENCODED_SET)).to.equal('*-._az09');
  });

  it('ASCII bytes inside multi-byte sequences follow the set too', () => {
    expect(percentEncodeAfterEncoding('shift_jis', '\u2212', FORM_URLENCODED_SET)).to.equal('%81%7C');
    expect(percentEncodeAfterEncoding('iso-2022-jp', '\u3042', FORM_URLENCODED_SET)).to.equal(
      '%1B%24B%24%22%1B%28B',
    );
  });

  it('spaceAsPlus is true by default only for the application/x-www-form-urlencoded set', () => {
    expect(percentEncodeAfterEncoding('windows-1252', 'a b', FORM_URLENCODED_SET)).to.equal('a+b');
    expect(percentEncodeAfterEncoding('windows-1252', 'a b', SPECIAL_QUERY_SET)).to.equal('a%20b');
    expect(percentEncodeAfterEncoding('windows-1252', 'a b', FORM_URLENCODED_SET, false)).to.equal('a%20b');
    expect(percentEncodeAfterEncoding('windows-1252', 'a b', SPECIAL_QUERY_SET, true)).to.equal('a+b');
    expect(percentEncodeAfterEncoding('utf-8', 'a b', FORM_URLENCODED_SET)).to.equal('a+b');
    expect(percentEncodeAfterEncoding('iso-2022-jp', '\u00A5 \u0100 ', FORM_URLENCODED_SET)).to.equal(
      '%1B%28J%5C+%26%23256%3B+%1B%28B',
    );
  });

  it('unmappable code points become "%26%23" + decimal + "%3B", whatever the set', () => {
    expect(query('windows-1252', '\u0101')).to.equal('%26%23257%3B');
    expect(percentEncodeAfterEncoding('windows-1252', '\u0101', FORM_URLENCODED_SET)).to.equal('%26%23257%3B');
    expect(query('windows-1252', '&#257;')).to.equal('&%23257;');
    expect(query('euc-kr', '\u{1F600}')).to.equal('%26%23128512%3B'); // one scalar value, not two surrogates
    expect(query('big5', 'a\u2020b\u2021c')).to.equal('a%26%238224%3Bb%26%238225%3Bc');
  });

  it('reads a lone surrogate as U+FFFD', () => {
    expect(query('windows-1252', 'a\uD800b')).to.equal('a%26%2365533%3Bb');
    expect(query('gb18030', '\uDC00')).to.equal('%841%A47');
    expect(query('iso-2022-jp', '\u00A5\uDFFF')).to.equal('%1B(J\\%26%2365533%3B%1B(B');
  });

  it('accepts labels, in any ASCII case', () => {
    expect(query('SJIS', '\u00A5')).to.equal('\\');
    expect(query(' x-sjis ', '\u3042')).to.equal('%82%A0');
    expect(query('Shift_JIS', '\u3042')).to.equal('%82%A0');
  });

  it('throws for an unknown label and for encodings without an encoder', () => {
    expect(() => query('bogus', 'a')).to.throw(RangeError);
    expect(() => query('utf-16le', 'a')).to.throw(RangeError);
    expect(() => query('UTF-16BE', 'a')).to.throw(RangeError);
    expect(() => query('iso-2022-kr', 'a')).to.throw(RangeError);
  });

  it('asserts the special-query or application/x-www-form-urlencoded set for legacy encodings', () => {
    expect(() => percentEncodeAfterEncoding('windows-1252', 'a', QUERY_SET)).to.throw(TypeError);
    expect(() => percentEncodeAfterEncoding('shift_jis', 'a', FRAGMENT_SET)).to.throw(TypeError);
    expect(percentEncodeAfterEncoding('utf-8', '"', QUERY_SET)).to.equal('%22');
  });
});

// A cross-check against an independent implementation of the same algorithm: @exodus/bytes ships its
// own percentEncodeAfterEncoding (whatwg.js), written separately from the run-splitting done in
// src/semantic/encoding.ts on top of its fatal encoders.
describe('percent-encode after encoding: agrees with @exodus/bytes/whatwg.js', () => {
  const asString = (set: EncodeSet): string => {
    let s = '';
    for (let c = 0x20; c < 0x7f; c++) if (set[c] === 1) s += String.fromCharCode(c);
    return s;
  };
  const alphabet = [
    'a', 'B', ' ', '"', '#', "'", '\\', '~', '%', '&', '\u000E', '\u001B', '\u007F', '\u0080', '\u00A5', '\u00E9',
    '\u0100', '\u203E', '\u2212', '\u20AC', '\u3042', '\u4E02', '\uAC00', '\uE5E5', '\uE7C7', '\uFF61', '\uFF9E',
    '\u2170', '\u2550', '\u{1F600}', '\u{20000}',
  ];
  const arbInput = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((a) => a.join(''));
  const encodings = [
    'iso-2022-jp', 'shift_jis', 'euc-jp', 'gb18030', 'gbk', 'big5', 'euc-kr', 'windows-1252', 'iso-8859-2',
    'x-user-defined',
  ];
  for (const encoding of encodings) {
    it(`${encoding}, special-query and form-urlencoded sets`, () => {
      fc.assert(
        fc.property(arbInput, (input) => {
          expect(query(encoding, input)).to.equal(
            exodusPercentEncodeAfterEncoding(encoding, input, asString(SPECIAL_QUERY_SET)),
          );
          expect(percentEncodeAfterEncoding(encoding, input, FORM_URLENCODED_SET)).to.equal(
            exodusPercentEncodeAfterEncoding(encoding, input, asString(FORM_URLENCODED_SET), true),
          );
        }),
        { numRuns: 300 },
      );
    });
  }
});
