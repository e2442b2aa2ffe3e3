// Host equivalence (https://url.spec.whatwg.org/#concept-host-equals) and URL equivalence
// (https://url.spec.whatwg.org/#concept-url-equals).

import { expect } from 'chai';
import fc from 'fast-check';
import { URL, hostEquals, parseHost, parseURL, serializeHost, serializeURL, urlEquals } from '../src/index';
import { hostString, urlWithBase, urlString } from './support/arbitraries';

describe('hostEquals', () => {
  it('the same host in each of its forms', () => {
    expect(hostEquals('example.com', 'example.com')).to.equal(true);
    expect(hostEquals('EXAMPLE.com', 'example.COM')).to.equal(true);
    expect(hostEquals('münchen.de', 'xn--mnchen-3ya.de')).to.equal(true);
    expect(hostEquals('127.0.0.1', 0x7f000001)).to.equal(true);
    expect(hostEquals('0x7f.1', '127.0.0.1')).to.equal(true);
    expect(hostEquals('[::1]', [0, 0, 0, 0, 0, 0, 0, 1])).to.equal(true);
    expect(hostEquals('[0:0::1]', '[::1]')).to.equal(true);
    expect(hostEquals('a b', 'a b', { opaque: true })).to.equal(true);
  });

  it('different hosts', () => {
    expect(hostEquals('example.com', 'example.com.')).to.equal(false); // url.bs: the trailing dot counts
    expect(hostEquals('example.com', 'www.example.com')).to.equal(false);
    expect(hostEquals('127.0.0.1', '127.0.0.2')).to.equal(false);
    expect(hostEquals('[::1]', '[::2]')).to.equal(false);
    expect(hostEquals([0, 0, 0, 0, 0, 0, 0, 1], 1)).to.equal(false);
    expect(hostEquals('EXAMPLE.com', 'example.com', { opaque: true })).to.equal(false);
  });

  it('something that is not a host equals nothing, not even itself', () => {
    for (const x of ['exa mple', '', '[::1', -1, NaN, [1, 2], null, undefined, {}] as unknown[]) {
      expect(hostEquals(x as string, x as string), JSON.stringify(x)).to.equal(false);
    }
  });

  it('property: hostEquals agrees with equality of the serialized hosts', () => {
    const pair = fc.oneof(
      fc.tuple(hostString, hostString),
      hostString.map((h) => [h, h.toUpperCase()] as [string, string]),
      hostString.map((h) => [h, h] as [string, string]),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const x = parseHost(a);
        const y = parseHost(b);
        const expected = x !== null && y !== null && serializeHost(x) === serializeHost(y);
        expect(hostEquals(a, b), `${a} / ${b}`).to.equal(expected);
        if (x !== null && y !== null) expect(hostEquals(x, y), 'as records hold them').to.equal(expected);
      }),
      { seed: 9, numRuns: 2000 },
    );
  });
});

describe('urlEquals', () => {
  it('equal and unequal URLs, with and without fragments', () => {
    expect(urlEquals('https://EXAMPLE.com:443/a/../b', 'https://example.com/b')).to.equal(true);
    expect(urlEquals('https://example.com/b#x', 'https://example.com/b#y')).to.equal(false);
    expect(urlEquals('https://example.com/b#x', 'https://example.com/b#y', true)).to.equal(true);
    expect(urlEquals('https://example.com/b#x', 'https://example.com/b', true)).to.equal(true);
    expect(urlEquals('https://example.com/b?q', 'https://example.com/b?r', true)).to.equal(false);
    expect(urlEquals('https://example.com/', 'https://example.com')).to.equal(true);
    expect(urlEquals('foo://example.com/', 'foo://example.com')).to.equal(false);
  });

  it('records, URL objects and strings mix', () => {
    const r = parseURL('https://example.com/x')!;
    expect(urlEquals(r, new URL('HTTPS://example.com/x'))).to.equal(true);
    expect(urlEquals(new URL('https://example.com/x#a'), 'https://example.com/x#b', true)).to.equal(true);
  });

  it('a string that does not parse equals nothing; what is not a URL at all is a TypeError, not a silent false', () => {
    expect(urlEquals('no scheme', 'no scheme')).to.equal(false);
    expect(() => urlEquals(null as unknown as string, 'https://a/')).to.throw(TypeError);
    expect(() => urlEquals({} as unknown as string, {} as unknown as string)).to.throw(TypeError);
    // something shaped almost like a record is not one
    const r = parseURL('https://example.com/x')!;
    for (const bad of [{ ...r, path: 5 }, { ...r, host: [1, 2] }, { ...r, port: '80' }, { ...r, query: 1 }, { ...r, username: undefined }]) {
      expect(() => urlEquals(bad as unknown as string, r), JSON.stringify(bad)).to.throw(TypeError);
    }
  });

  it('property: urlEquals(a, a), and agreement with the serializer', () => {
    fc.assert(
      fc.property(fc.oneof(urlString, urlWithBase.map((p) => p.base)), urlString, fc.boolean(), (a, b, exclude) => {
        const x = parseURL(a);
        const y = parseURL(b);
        if (x !== null) {
          expect(urlEquals(a, a, exclude), a).to.equal(true);
          expect(urlEquals(x, serializeURL(x), exclude), 'a record equals its serialization').to.equal(true);
        }
        const expected = x !== null && y !== null && serializeURL(x, exclude) === serializeURL(y, exclude);
        expect(urlEquals(a, b, exclude)).to.equal(expected);
        expect(urlEquals(b, a, exclude), 'symmetric').to.equal(expected);
      }),
      { seed: 9, numRuns: 1500 },
    );
  });
});
