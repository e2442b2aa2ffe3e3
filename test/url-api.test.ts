// The URL class beyond WPT's tables: URL.parse / URL.canParse with and without a base, argument
// handling, and the record it shares.

import { expect } from 'chai';
import { URL, basicURLParse, parseToRecord, parseURL, parseWithDiagnostics, serializeURL, serializeURLOrigin, domainToASCII, domainToUnicode } from '../src/index';

describe('URL.parse and URL.canParse', () => {
  it('parse returns a URL, or null where the constructor would throw', () => {
    const u = URL.parse('https://example.com/a?b#c');
    expect(u).to.be.instanceOf(URL);
    expect(u!.href).to.equal('https://example.com/a?b#c');
    expect(URL.parse('not a url')).to.equal(null);
  });

  it('parse and canParse resolve against a base', () => {
    expect(URL.parse('../x', 'https://example.com/a/b/c')!.href).to.equal('https://example.com/a/x');
    expect(URL.canParse('../x', 'https://example.com/a/b/c')).to.equal(true);
    expect(URL.canParse('../x')).to.equal(false);
  });

  it('a base that does not parse makes both fail', () => {
    expect(URL.parse('https://ok.example/', 'not a base')).to.equal(null);
    expect(URL.canParse('https://ok.example/', 'not a base')).to.equal(false);
    expect(() => new URL('https://ok.example/', 'not a base')).to.throw(TypeError);
  });

  it('an undefined base is no base; a base argument is converted to a string', () => {
    expect(URL.canParse('x', undefined)).to.equal(false);
    expect(URL.parse('x', new URL('https://a/b/') as unknown as string)!.href).to.equal('https://a/b/x');
  });

  it('an opaque-path base accepts only a fragment', () => {
    expect(URL.parse('#frag', 'mailto:someone@example.com')!.href).to.equal('mailto:someone@example.com#frag');
    expect(URL.canParse('x', 'mailto:someone@example.com')).to.equal(false);
  });

  it('each URL from parse is a new object with its own record', () => {
    const a = URL.parse('https://example.com/')!;
    const b = URL.parse('https://example.com/')!;
    expect(a).to.not.equal(b);
    a.pathname = '/changed';
    expect(b.pathname).to.equal('/');
  });

  it('requires an argument', () => {
    expect(() => (URL as unknown as { parse(): unknown }).parse()).to.throw(TypeError);
    expect(() => (URL as unknown as { canParse(): unknown }).canParse()).to.throw(TypeError);
    expect(() => new (URL as unknown as new () => unknown)()).to.throw(TypeError);
  });

  it('stringifies and serialises to JSON as href', () => {
    const u = new URL('HTTPS://EXAMPLE.COM/%7e');
    expect(`${u}`).to.equal('https://example.com/%7e');
    expect(JSON.stringify({ u })).to.equal('{"u":"https://example.com/%7e"}');
    expect(Object.prototype.toString.call(u)).to.equal('[object URL]');
  });
});

describe('low-level exports', () => {
  it('parseURL and basicURLParse return null, never throw, for failures', () => {
    expect(parseURL('http://[::1')).to.equal(null);
    expect(basicURLParse('', { baseURL: 'not a base' })).to.equal(null);
  });

  it('options.baseURL may be a URL object (this library\'s or another\'s, by its href); any other object is a TypeError', () => {
    const base = new URL('https://example.com/a/b');
    const href = (u: ReturnType<typeof parseURL>) => (u === null ? null : serializeURL(u));
    expect(href(parseURL('../x', { baseURL: base }))).to.equal('https://example.com/x');
    expect(href(basicURLParse('y', { baseURL: { href: 'http://other.example/dir/' } }))).to.equal('http://other.example/dir/y');
    expect(href(parseURL('z', { baseURL: parseURL('https://rec.example/p/q')! }))).to.equal('https://rec.example/p/z');
    expect(parseWithDiagnostics('../x', { baseURL: base }).url).to.not.equal(null);
    expect(parseToRecord('../x', { baseURL: base })).to.not.equal(null);
    // a URL object whose href does not parse is a base that does not parse
    expect(parseURL('x', { baseURL: { href: 'not a url' } })).to.equal(null);
    for (const bad of [42, {}, new String('https://example.com/'), ['https://example.com/'], { scheme: 'https' }]) {
      for (const call of [() => parseURL('/x', { baseURL: bad as never }), () => basicURLParse('/x', { baseURL: bad as never }), () => parseWithDiagnostics('/x', { baseURL: bad as never })]) {
        expect(call).to.throw(TypeError, /options\.baseURL is a URL record, a URL object or a string/);
      }
    }
    expect(() => parseURL('/x', { baseURL: 42 as never })).to.throw(TypeError, /^parseURL: /);
    expect(() => basicURLParse('/x', { baseURL: 42 as never })).to.throw(TypeError, /^basicURLParse: /);
  });

  it('basicURLParse with url and stateOverride modifies the given record', () => {
    const url = parseURL('https://example.com/a')!;
    expect(basicURLParse('example.org:81', { url, stateOverride: 'host' })).to.equal(url);
    expect(serializeURL(url)).to.equal('https://example.org:81/a');
    expect(basicURLParse('x y', { url, stateOverride: 'hostname' })).to.equal(null);
    expect(serializeURL(url)).to.equal('https://example.org:81/a');
  });

  it('serializeURL can exclude the fragment', () => {
    expect(serializeURL(parseURL('https://a/b#c')!, true)).to.equal('https://a/b');
  });

  it('serializeURLOrigin: tuple, opaque and blob origins', () => {
    expect(serializeURLOrigin(parseURL('https://a:443/')!)).to.equal('https://a');
    expect(serializeURLOrigin(parseURL('foo://a/')!)).to.equal('null');
    expect(serializeURLOrigin(parseURL('blob:https://a:8080/uuid')!)).to.equal('https://a:8080');
    expect(serializeURLOrigin(parseURL('blob:ftp://a/uuid')!)).to.equal('null');
    expect(serializeURLOrigin(parseURL('blob:not a url')!)).to.equal('null');
  });

  it('domainToASCII and domainToUnicode', () => {
    expect(domainToASCII('B\u00FCcher.example')).to.equal('xn--bcher-kva.example');
    expect(domainToUnicode('xn--bcher-kva.example')).to.equal('b\u00FCcher.example');
    expect(domainToASCII('a\u200Db.example', true)).to.equal(null);
  });
});

describe('state overrides outside the setters guards', () => {
  it('"path start" on a URL with an opaque path fails instead of throwing', () => {
    const url = parseURL('foo:opaque')!;
    expect(basicURLParse('h', { url, stateOverride: 'path start' })).to.equal(null);
    expect(serializeURL(url)).to.equal('foo:opaque');
  });
});
