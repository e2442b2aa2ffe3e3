// URLUtils / installURLUtils: HTML's HTMLHyperlinkElementUtils over a fake element that holds an
// href attribute string and a document base URL.
//
// The "setters that change the URL" group and the WPT setters_tests.json group (all attributes but
// href) go through url-grammar's URL setters (src/api/url.ts); every other group tests URLUtils alone.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installURLUtils, URLUtils, URL_UTILS_ATTRIBUTES, type URLUtilsHost } from '../src/api/url-utils';

const GETTERS = URL_UTILS_ATTRIBUTES;
type Attribute = (typeof GETTERS)[number];
type SettableAttribute = Exclude<Attribute, 'origin'>;
const SETTERS = GETTERS.filter((g): g is SettableAttribute => g !== 'origin');
const URL_SETTERS = SETTERS.filter((g) => g !== 'href');

/** What installURLUtils puts on the element. */
type HyperlinkUtils = { -readonly [K in SettableAttribute]: string } & { readonly origin: string };

/** A fake <a>: an href content attribute (null when absent), a document base URL, a write log. */
interface FakeElement {
  attribute: string | null;
  base: string | null;
  writes: string[];
}

function fakeHost(el: FakeElement): URLUtilsHost {
  return {
    getHref: () => el.attribute,
    setHref: (value) => {
      el.writes.push(value);
      el.attribute = value;
    },
    getBase: () => el.base,
  };
}

function anchor(href: string | null, base: string | null = null): FakeElement & HyperlinkUtils {
  const el: FakeElement = { attribute: href, base, writes: [] };
  installURLUtils(el, fakeHost(el));
  return el as FakeElement & HyperlinkUtils;
}

function getters(el: HyperlinkUtils): Record<Attribute, string> {
  const out = {} as Record<Attribute, string>;
  for (const g of GETTERS) out[g] = el[g];
  return out;
}

const INVALID = { origin: '', protocol: ':', username: '', password: '', host: '', hostname: '', port: '', pathname: '', search: '', hash: '' };

describe('URLUtils: getters', () => {
  it('read every component of a valid absolute href', () => {
    const a = anchor('https://user:pw@example.com:8080/a/b?q=1#frag');
    expect(getters(a)).to.deep.equal({
      href: 'https://user:pw@example.com:8080/a/b?q=1#frag',
      origin: 'https://example.com:8080',
      protocol: 'https:',
      username: 'user',
      password: 'pw',
      host: 'example.com:8080',
      hostname: 'example.com',
      port: '8080',
      pathname: '/a/b',
      search: '?q=1',
      hash: '#frag',
    });
    expect(a.writes).to.deep.equal([]);
  });

  it('return the serialized URL, and never write the attribute', () => {
    const a = anchor('  HTTP://EXÄMPLE.com:80/a/./b/../c?q= #f\t');
    expect(a.href).to.equal('http://xn--exmple-cua.com/a/c?q=%20#f');
    expect(a.host).to.equal('xn--exmple-cua.com');
    expect(a.port).to.equal('');
    expect(a.attribute).to.equal('  HTTP://EXÄMPLE.com:80/a/./b/../c?q= #f\t');
    expect(a.writes).to.deep.equal([]);
  });

  it('resolve a relative href against the base', () => {
    const a = anchor('../x?y#z', 'https://h.example/a/b/c');
    expect(getters(a)).to.deep.include({
      href: 'https://h.example/a/x?y#z',
      origin: 'https://h.example',
      pathname: '/a/x',
      search: '?y',
      hash: '#z',
    });
  });

  it('see a base change on the next get', () => {
    const a = anchor('img/p.png', 'https://one.example/dir/page');
    expect(a.href).to.equal('https://one.example/dir/img/p.png');
    a.base = 'http://two.example:81/other/';
    expect(a.href).to.equal('http://two.example:81/other/img/p.png');
    expect(a.origin).to.equal('http://two.example:81');
    expect(a.port).to.equal('81');
    a.base = null;
    expect(a.href).to.equal('img/p.png');
    expect(a.protocol).to.equal(':');
  });

  it('see an attribute change on the next get', () => {
    const a = anchor('https://a.example/1');
    expect(a.pathname).to.equal('/1');
    a.attribute = 'ftp://b.example/2';
    expect(a.pathname).to.equal('/2');
    expect(a.origin).to.equal('ftp://b.example');
  });

  for (const [what, href, base] of [
    ['a relative href without a base', 'x/y', null],
    ['an unparsable host', 'https://exa mple.com/', null],
    ['an unclosed IPv6 address', 'http://[::1/', null],
    ['a port out of range', 'http://h:65536/', null],
    ['a relative href against a base with an opaque path', 'x', 'mailto:someone@example.com'],
    ['the empty string without a base', '', null],
  ] as const) {
    it(`return the attribute for href, ":" for protocol and "" otherwise for ${what}`, () => {
      const a = anchor(href, base);
      expect(getters(a)).to.deep.equal({ href, ...INVALID });
      expect(a.writes).to.deep.equal([]);
    });
  }

  it('return "" for href (and ":" for protocol) when there is no href attribute', () => {
    const a = anchor(null, 'https://example.com/');
    expect(getters(a)).to.deep.equal({ href: '', ...INVALID });
  });

  it('resolve the empty string to the base', () => {
    expect(anchor('', 'https://example.com/a?b#c').href).to.equal('https://example.com/a?b');
  });

  it('treat a base that does not parse as no base', () => {
    expect(anchor('https://example.com/x', 'not a url').href).to.equal('https://example.com/x');
    expect(anchor('x', 'not a url').href).to.equal('x');
    expect(anchor('x', 'not a url').pathname).to.equal('');
  });

  it('read opaque paths and blob: URLs, and see a changed blob: attribute', () => {
    const a = anchor('blob:https://example.com/6a4f8a1e');
    expect(getters(a)).to.deep.include({ origin: 'https://example.com', protocol: 'blob:', host: '', pathname: 'https://example.com/6a4f8a1e' });
    a.attribute = 'blob:https://other.example/1';
    expect(a.origin).to.equal('https://other.example');
    const m = anchor('mailto:someone@example.com?subject=hi');
    expect(getters(m)).to.deep.include({ origin: 'null', pathname: 'someone@example.com', search: '?subject=hi', host: '' });
  });

  it('stringify to href (toString)', () => {
    const a = anchor('HTTPS://Example.COM');
    expect(String(a)).to.equal('https://example.com/');
    expect(a.toString()).to.equal('https://example.com/');
    expect(`${anchor('rel')}`).to.equal('rel');
  });

  it('are enumerable, configurable accessors; origin has no setter', () => {
    const a = anchor('https://example.com/');
    for (const g of GETTERS) {
      const d = Object.getOwnPropertyDescriptor(a, g);
      expect(d, g).to.not.equal(undefined);
      expect(d!.get, g).to.be.a('function');
      expect(d!.enumerable, g).to.equal(true);
      expect(d!.configurable, g).to.equal(true);
      expect(d!.set === undefined, g).to.equal(g === 'origin');
    }
    expect(() => {
      (a as { origin: string }).origin = 'https://evil.example';
    }).to.throw(TypeError);
    expect(Object.prototype.propertyIsEnumerable.call(a, 'toString')).to.equal(false);
  });

  it('work the same through the URLUtils class', () => {
    const el: FakeElement = { attribute: '/p?q', base: 'https://example.com/dir/', writes: [] };
    const u = new URLUtils(fakeHost(el));
    expect(u.href).to.equal('https://example.com/p?q');
    expect(u.search).to.equal('?q');
    expect(String(u)).to.equal('https://example.com/p?q');
    expect(Object.prototype.toString.call(u)).to.equal('[object URLUtils]');
    el.attribute = '%%%';
    el.base = null;
    expect(u.href).to.equal('%%%');
    expect(u.protocol).to.equal(':');
  });
});

describe('URLUtils: getters on every WPT urltestdata.json input (as <a href> with the base as document base)', () => {
  interface UrlTest {
    input: string;
    base: string | null;
    failure?: boolean;
    [key: string]: unknown;
  }
  const cases = (JSON.parse(readFileSync(join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as unknown[]).filter(
    (c): c is UrlTest => typeof c === 'object' && c !== null,
  );
  it('has the cases', () => expect(cases.length).to.be.greaterThan(850));
  cases.forEach((c, i) => {
    it(`#${i} ${JSON.stringify(c.input)}${c.base === null ? '' : ` against ${JSON.stringify(c.base)}`}`, () => {
      const a = anchor(c.input, c.base);
      if (c.failure === true) {
        expect(getters(a)).to.deep.equal({ href: c.input, ...INVALID });
      } else {
        for (const g of GETTERS) if (typeof c[g] === 'string') expect(a[g], g).to.equal(c[g]);
      }
      expect(a.writes).to.deep.equal([]);
    });
  });
});

describe('URLUtils: setters that leave the attribute alone', () => {
  it('href sets the attribute verbatim, parsed or not', () => {
    const a = anchor('https://example.com/', 'https://base.example/dir/');
    for (const value of ['HTTP://EXAMPLE.COM/./x', 'relative/path', 'https://exa mple.com/', '']) {
      a.href = value;
      expect(a.attribute).to.equal(value);
    }
    expect(a.writes).to.deep.equal(['HTTP://EXAMPLE.COM/./x', 'relative/path', 'https://exa mple.com/', '']);
    a.href = 'HTTP://EXAMPLE.COM/./x';
    expect(a.href).to.equal('http://example.com/x');
    a.href = 'relative/path';
    expect(a.href).to.equal('https://base.example/dir/relative/path');
    a.href = 'https://exa mple.com/';
    expect(a.href).to.equal('https://exa mple.com/');
    expect(a.host).to.equal('');
  });

  it('href converts its value to a USVString', () => {
    const a = anchor(null);
    a.href = 'https://example.com/\uD800';
    expect(a.attribute).to.equal('https://example.com/\uFFFD');
    (a as { href: unknown }).href = 42;
    expect(a.attribute).to.equal('42');
    expect(() => {
      (a as { href: unknown }).href = Symbol('x');
    }).to.throw(TypeError);
  });

  for (const setter of URL_SETTERS) {
    it(`${setter} does nothing on an href that does not parse`, () => {
      for (const [href, base] of [
        ['https://exa mple.com/', null],
        ['relative', null],
        ['x', 'mailto:a@example.com'],
      ] as const) {
        const a = anchor(href, base);
        a[setter] = setter === 'port' ? '8080' : 'x';
        expect(a.attribute).to.equal(href);
        expect(a.writes).to.deep.equal([]);
        expect(a.href).to.equal(href);
      }
    });

    it(`${setter} does nothing without an href attribute`, () => {
      const a = anchor(null, 'https://example.com/');
      a[setter] = setter === 'port' ? '8080' : 'x';
      expect(a.attribute).to.equal(null);
      expect(a.writes).to.deep.equal([]);
    });
  }

  for (const setter of ['username', 'password', 'port'] as const) {
    for (const href of ['file:///C:/x', 'file://host/share', 'mailto:a@example.com', 'sc:/no/host', 'sc:///empty/host']) {
      it(`${setter} does nothing on ${href} (cannot have a username/password/port)`, () => {
        const a = anchor(href);
        a[setter] = '80';
        expect(a.writes).to.deep.equal([]);
        expect(a.attribute).to.equal(href);
      });
    }
  }

  for (const setter of ['host', 'hostname', 'pathname'] as const) {
    for (const href of ['mailto:a@example.com', 'data:text/plain,Hello', 'javascript:void(0)', 'blob:https://example.com/1']) {
      it(`${setter} does nothing on ${href} (opaque path)`, () => {
        const a = anchor(href);
        a[setter] = 'example.org';
        expect(a.writes).to.deep.equal([]);
        expect(a.attribute).to.equal(href);
      });
    }
  }
});

describe('URLUtils: setters that change the URL (through the URL setters)', () => {
  const cases: Array<[string, string | null, Exclude<SettableAttribute, 'href'>, string, string]> = [
    // [href attribute, base, setter, value, attribute afterwards]
    ['http://example.com/a', null, 'protocol', 'https', 'https://example.com/a'],
    ['http://example.com/a', null, 'protocol', 'wss:', 'wss://example.com/a'],
    ['HTTP://EXAMPLE.COM:443/./a', null, 'protocol', 'https', 'https://example.com/a'],
    ['https://example.com/', null, 'username', 'us er', 'https://us%20er@example.com/'],
    ['https://u@example.com/', null, 'password', 'p@ss', 'https://u:p%40ss@example.com/'],
    ['https://u:p@example.com/', null, 'password', '', 'https://u@example.com/'],
    ['https://example.com:8080/p', null, 'host', 'other.test:99', 'https://other.test:99/p'],
    ['https://example.com:8080/p', null, 'host', 'other.test', 'https://other.test:8080/p'],
    ['https://example.com:8080/p', null, 'hostname', 'EXÄMPLE.org', 'https://xn--exmple-cua.org:8080/p'],
    ['https://example.com/', null, 'port', '8443', 'https://example.com:8443/'],
    ['https://example.com:8443/', null, 'port', '', 'https://example.com/'],
    ['https://example.com:8443/', null, 'port', '443', 'https://example.com/'],
    ['https://example.com/a?q#f', null, 'pathname', '/x/../y z', 'https://example.com/y%20z?q#f'],
    ['https://example.com/a?q#f', null, 'search', '?a b', 'https://example.com/a?a%20b#f'],
    ['https://example.com/a?q#f', null, 'search', '', 'https://example.com/a#f'],
    ['https://example.com/a#f', null, 'hash', 'g h', 'https://example.com/a#g%20h'],
    ['https://example.com/a#f', null, 'hash', '', 'https://example.com/a'],
    ['mailto:a@example.com', null, 'search', 'subject=hi', 'mailto:a@example.com?subject=hi'],
    ['mailto:a@example.com', null, 'hash', 'x', 'mailto:a@example.com#x'],
    // the attribute is written back absolute and serialized
    ['b?x', 'https://example.com/a/', 'hash', 'y', 'https://example.com/a/b?x#y'],
    ['../up', 'https://example.com/a/b/', 'search', 'k=v', 'https://example.com/a/up?k=v'],
    // the URL setter ignores the value, and "update href" still writes the serialized URL
    ['HTTP://EXAMPLE.COM', null, 'protocol', 'ht tp', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM', null, 'port', 'abc', 'https://example.com/'],
    ['HTTP://EXAMPLE.COM', null, 'host', '', 'http://example.com/'],
  ];
  for (const [href, base, setter, value, after] of cases) {
    it(`${JSON.stringify(href)}${base === null ? '' : ` (base ${base})`}: ${setter} = ${JSON.stringify(value)} writes ${JSON.stringify(after)}`, () => {
      const a = anchor(href, base);
      a[setter] = value;
      expect(a.writes).to.deep.equal([after]);
      expect(a.attribute).to.equal(after);
      expect(a.href).to.equal(after);
    });
  }

  it('each set re-parses the attribute, so a later set sees an outside change', () => {
    const a = anchor('https://example.com/a');
    a.hash = 'one';
    a.attribute = 'https://other.example/b';
    a.search = 'two';
    expect(a.attribute).to.equal('https://other.example/b?two');
  });

  it('a set resolves against the base of the moment', () => {
    const a = anchor('page', 'https://one.example/');
    a.base = 'https://two.example/dir/';
    a.hash = 'h';
    expect(a.attribute).to.equal('https://two.example/dir/page#h');
  });
});

describe('URLUtils: WPT setters_tests.json (as <a>; all but href through the URL setters)', () => {
  interface SetterTest {
    href: string;
    new_value: string;
    expected: Record<string, string>;
  }
  const data = JSON.parse(readFileSync(join(__dirname, 'wpt', 'setters_tests.json'), 'utf8')) as Record<string, unknown>;
  for (const [attribute, list] of Object.entries(data)) {
    if (attribute === 'comment' || !Array.isArray(list)) continue;
    const setter = attribute as SettableAttribute;
    (list as SetterTest[]).forEach((c, i) => {
      it(`${attribute} #${i}: <${c.href}>.${attribute} = ${JSON.stringify(c.new_value)}`, () => {
        const a = anchor(c.href);
        a[setter] = c.new_value;
        for (const [g, value] of Object.entries(c.expected)) expect(a[g as Attribute], g).to.equal(value);
      });
    });
  }
});
