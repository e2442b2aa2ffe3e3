// web-platform-tests setters_tests.json (url-setters.any.js), and toascii.json through the host and
// hostname setters (toascii.window.js): each case its own test.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { URL } from '../src/index';

interface SetterCase {
  comment?: string;
  href: string;
  new_value: string;
  expected: Record<string, string>;
}

const data: Record<string, unknown> = JSON.parse(readFileSync(join(__dirname, 'wpt', 'setters_tests.json'), 'utf8'));
type Attr = 'href' | 'protocol' | 'username' | 'password' | 'host' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash';

describe('WPT setters_tests.json', () => {
  let total = 0;
  for (const [attribute, cases] of Object.entries(data)) {
    if (attribute === 'comment' || !Array.isArray(cases)) continue;
    describe(attribute, () => {
      (cases as SetterCase[]).forEach((c, i) => {
        total++;
        it(`#${i} ${JSON.stringify(c.href)} .${attribute} = ${JSON.stringify(c.new_value)}${c.comment ? ' — ' + c.comment : ''}`, () => {
          const url = new URL(c.href);
          (url as unknown as Record<string, string>)[attribute] = c.new_value;
          for (const [attr, value] of Object.entries(c.expected)) {
            expect(url[attr as Attr], attr).to.equal(value);
          }
        });
      });
    });
  }
  it('has all 278 cases', () => expect(total).to.equal(278));
});

describe('WPT toascii.json through the host and hostname setters', () => {
  const cases = (JSON.parse(readFileSync(join(__dirname, 'wpt', 'toascii.json'), 'utf8')) as unknown[]).filter(
    (c): c is { input: string; output: string | null } => typeof c === 'object' && c !== null,
  );
  for (const attr of ['host', 'hostname'] as const) {
    cases.forEach((c, i) => {
      it(`${attr} #${i} ${JSON.stringify(c.input)}`, () => {
        const url = new URL('https://x/x');
        url[attr] = c.input;
        // a failing value leaves the host unchanged
        expect(url[attr]).to.equal(c.output ?? 'x');
      });
    });
  }
});

describe('URL API: setters beyond WPT', () => {
  it('href setter throws TypeError on failure and keeps the URL', () => {
    const url = new URL('https://example.com/a');
    expect(() => (url.href = 'no scheme')).to.throw(TypeError);
    expect(url.href).to.equal('https://example.com/a');
  });

  it('href and search setters update searchParams; searchParams updates search', () => {
    const url = new URL('https://example.com/?a=1');
    const params = url.searchParams;
    expect(params.get('a')).to.equal('1');
    url.search = '?b=2';
    expect(params.get('b')).to.equal('2');
    expect(params.has('a')).to.equal(false);
    url.href = 'https://example.org/?c=3';
    expect([...params]).to.deep.equal([['c', '3']]);
    params.append('d', '4 5');
    expect(url.search).to.equal('?c=3&d=4+5');
    params.delete('c');
    params.delete('d');
    expect(url.search).to.equal('');
    expect(url.href).to.equal('https://example.org/');
  });

  it('converts setter values to USVString (lone surrogates become U+FFFD)', () => {
    const url = new URL('https://example.com/');
    url.pathname = '/\uD800';
    expect(url.pathname).to.equal('/%EF%BF%BD');
    url.hash = '\uDC00';
    expect(url.hash).to.equal('#%EF%BF%BD');
  });

  it('host setter keeps a host set before a bad port', () => {
    const url = new URL('https://example.com:8080/');
    url.host = 'example.org:abc';
    expect(url.host).to.equal('example.org:8080');
  });

  it('host setter: an "@" in the host fails; after the port digits it is ignored', () => {
    const url = new URL('https://example.com/');
    url.host = 'exa@mple.org';
    expect(url.host).to.equal('example.com');
    url.hostname = 'a@b';
    expect(url.host).to.equal('example.com');
    url.host = 'example.net:81@x';
    expect(url.host).to.equal('example.net:81');
    const other = new URL('foo://h/');
    other.host = 'x@y';
    expect(other.host).to.equal('h');
  });

  it('protocol setter cannot cross between special and non-special', () => {
    const url = new URL('https://example.com/');
    url.protocol = 'foo';
    expect(url.protocol).to.equal('https:');
    url.protocol = 'wss';
    expect(url.href).to.equal('wss://example.com/');
  });
});
