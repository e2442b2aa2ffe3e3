// Every export of src/index.ts that takes a string, on 1 MB inputs of every shape the benchmark
// times (bench/run.js: paths of long and short segments, dot segments, percent-encoding, queries,
// fragments, hosts of many labels, a host of 256 K CJK characters (768 KB of UTF-8) and its
// 780 KB A-label): none throws, and
// each gives the right answer, computed here independently of the parser. How long they take is
// the benchmark's business (bench/RESULTS.md, "Every export on 1 MB"); a quadratic step would
// take minutes here, which mocha's timeout catches.

import { expect } from 'chai';
import {
  URL,
  URLSearchParams,
  basicURLParse,
  checkHostString,
  checkURLString,
  domainToASCII,
  domainToUnicode,
  explain,
  isValidDomainString,
  isValidHostString,
  isValidURLString,
  parseHost,
  parseToRecord,
  parseURL,
  parseUrlencodedString,
  parseWithDiagnostics,
  relativeURLWithFragmentFor,
  serializeURL,
  toUSVString,
} from '../src/index';
import { punycodeEncode } from '../src/semantic/punycode';

const MB = 1 << 20;

/** prefix + unit repeated + suffix, exactly `size` code units long (as bench/run.js builds them). */
function fill(prefix: string, unit: string, suffix = '', size = MB): string {
  const room = size - prefix.length - suffix.length;
  return prefix + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + suffix;
}

interface Shape {
  name: string;
  input: string;
  /** The href the standard gives, worked out from the shape. */
  href: string;
  /** Whether the input is a valid URL string (the writing rules). */
  valid: boolean;
}

const longPath = fill('https://example.com/', 'segment/');
const shortSegments = fill('https://example.com/', 'a/');
const dotSegments = 'https://example.com/a' + '/b/..'.repeat((MB - 21) / 5);
const toEncode = 'https://example.com/' + 'a b/é"/'.repeat(MB / 8);
const query = fill('https://example.com/search?', 'key=value&');
const fragment = fill('https://example.com/#', 'fragment');
const labels = fill('https://', 'abcdefghi.', 'com/');
const cjkLabel = Array.from({ length: MB / 4 }, (_, k) => String.fromCharCode(0x4e00 + (k % 20000))).join('');
const cjkAscii = `xn--${punycodeEncode(cjkLabel)}`;

const SHAPES: Shape[] = [
  { name: 'path of 8-character segments', input: longPath, href: longPath, valid: true },
  { name: 'path of 1-character segments', input: shortSegments, href: shortSegments, valid: true },
  { name: 'dot segments', input: dotSegments, href: 'https://example.com/a/', valid: true },
  {
    name: 'path to percent-encode',
    input: toEncode,
    href: toEncode.slice(0, 20) + toEncode.slice(20).replace(/ /g, '%20').replace(/é/g, '%C3%A9').replace(/"/g, '%22'),
    valid: false,
  },
  { name: 'query', input: query, href: query, valid: true },
  { name: 'fragment', input: fragment, href: fragment, valid: true },
  // Valid URL strings have valid domains, which are at most 253 octets (VerifyDnsLength).
  { name: 'host of 10-character labels', input: labels, href: labels, valid: false },
  { name: 'host of CJK characters', input: `https://${cjkLabel}/`, href: `https://${cjkAscii}/`, valid: false },
  { name: 'host that is a long A-label', input: `https://${cjkAscii}/`, href: `https://${cjkAscii}/`, valid: false },
];

describe('every export on 1 MB inputs', () => {
  it('builds inputs of about 1 MB', () => {
    for (const s of SHAPES) expect(s.input.length, s.name).to.be.within(MB / 4, MB + 64);
  });

  for (const s of SHAPES) {
    describe(s.name, () => {
      it('URL, URL.parse, URL.canParse', () => {
        expect(new URL(s.input).href).to.equal(s.href);
        expect(URL.parse(s.input)!.href).to.equal(s.href);
        expect(URL.canParse(s.input)).to.equal(true);
        expect(new URL(s.href).pathname.length).to.be.greaterThan(0);
      });

      it('parseURL, basicURLParse, parseWithDiagnostics, parseToRecord', () => {
        expect(serializeURL(parseURL(s.input)!)).to.equal(s.href);
        expect(serializeURL(basicURLParse(s.input)!)).to.equal(s.href);
        const d = parseWithDiagnostics(s.input);
        expect(serializeURL(d.url!)).to.equal(s.href);
        expect(d.errors.every((e) => e.start >= 0 && e.end <= s.input.length)).to.equal(true);
        const r = parseToRecord(s.input)!;
        expect(r.scheme!.text).to.equal('https');
      });

      it('checkURLString, isValidURLString, explain, relativeURLWithFragmentFor', () => {
        const c = checkURLString(s.input);
        expect(c.valid, c.problems.length ? c.problems[0].rule : "").to.equal(s.valid);
        expect(isValidURLString(s.input)).to.equal(s.valid);
        expect(explain(s.input)).to.be.an('object');
        expect(relativeURLWithFragmentFor(s.input)).to.be.an('object');
      });
    });
  }

  it('the host functions on 1 MB hosts', () => {
    const host = labels.slice(8, -1);
    expect(parseHost(host)).to.equal(host);
    expect(domainToASCII(host)).to.equal(host);
    expect(domainToUnicode(host)).to.equal(host);
    expect(isValidHostString(host)).to.equal(false); // longer than 253 octets
    expect(isValidDomainString(host)).to.equal(false);
    expect(isValidDomainString(host.slice(0, 249) + 'com')).to.equal(true);
    expect(checkHostString(host)).to.be.an('object');
    expect(parseHost(cjkLabel)).to.equal(cjkAscii);
    expect(domainToASCII(cjkLabel)).to.equal(cjkAscii);
    expect(domainToUnicode(cjkAscii)).to.equal(cjkLabel);
  });

  it('toUSVString, parseUrlencodedString, URLSearchParams on 1 MB', () => {
    const withSurrogate = fragment + '\uD800';
    expect(toUSVString(withSurrogate)).to.equal(fragment + '\uFFFD');
    const q = query.slice(query.indexOf('?') + 1);
    const pairs = parseUrlencodedString(q);
    expect(pairs.length).to.equal(q.split('&').filter((p) => p !== '').length);
    expect(new URLSearchParams(q).getAll('key').length).to.equal(pairs.filter(([k]) => k === 'key').length);
  });

  it('the writing checker past the regular-expression backtracking limit (2 MB query and fragment)', () => {
    for (const input of [fill('https://example.com/?', 'key=value&', '', 2 * MB), fill('https://example.com/#', 'fragment', '', 2 * MB)]) {
      expect(isValidURLString(input)).to.equal(true);
      const bad = input + '\u0000';
      const c = checkURLString(bad);
      expect(c.valid).to.equal(false);
      expect(c.problems[0].offset).to.be.at.least(input.length - 1);
    }
  });
});
