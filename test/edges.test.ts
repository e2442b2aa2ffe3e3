// The edges of the API's arguments:
//
// - the TypeError of `new URL` and of the href setter: a short, well-formed message that names the
//   base when the base is what failed, and Node's own properties (code, input, base);
// - urlEquals, renderURL and serializeURLOrigin on URL objects of other implementations (Node's,
//   whatwg-url's, the lite build's), strings, and what is none of these (a TypeError, never a
//   silent false, null or "null");
// - basicURLParse and applyStateOverride with a state override that does not exist, or without
//   the URL it modifies: a TypeError that says so;
// - the lite build's configure with a member that is not a function: a TypeError.

import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  URL,
  STATE_OVERRIDES,
  applyStateOverride,
  basicURLParse,
  parseURL,
  renderURL,
  serializeURL,
  serializeURLOrigin,
  urlEquals,
  type URLInput,
  type URLRecord,
} from '../src/index';
import * as lite from '../src/lite';
import * as liteIDNA from '../src/semantic/idna-lite';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as { URL: new (url: string, base?: string) => { href: string } };

/** What `f` throws (fails the test when it returns). */
function thrown(f: () => unknown): Error & Record<string, unknown> {
  try {
    f();
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a throw');
}

/**
 * A second copy of this library's URL class: src/api/url.ts loaded again, as a bundle (the lite
 * build's, another copy in node_modules) holds its own. Its objects are not this copy's URLs.
 */
function anotherURLClass(): typeof URL {
  const path = require.resolve('../src/api/url');
  const saved = require.cache[path];
  delete require.cache[path];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(path) as { URL: typeof URL }).URL;
  } finally {
    require.cache[path] = saved;
  }
}

describe('edges: the TypeError of new URL and the href setter', () => {
  it("has Node's shape: a TypeError with own, enumerable code, input and (with a base) base", () => {
    const cases: Array<[string, string?]> = [['x'], ['x', 'y'], ['https://ok.example/', 'not a base'], ['http://[', 'https://a/']];
    for (const args of cases) {
      const ours = thrown(() => new URL(...args));
      const node = thrown(() => new globalThis.URL(...args));
      expect(ours, args.join(' ')).to.be.instanceOf(TypeError);
      expect(ours.code).to.equal('ERR_INVALID_URL');
      expect(ours.input).to.equal(args[0]);
      expect(Object.keys(ours)).to.deep.equal(args.length === 2 ? ['code', 'input', 'base'] : ['code', 'input']);
      if (args.length === 2) expect(ours.base).to.equal(args[1]);
      else expect(Object.prototype.hasOwnProperty.call(ours, 'base')).to.equal(false);
      // whatever this Node puts on its own error, ours has the same (Node 22+, and 20.x lately, add base)
      for (const key of Object.keys(node)) expect(ours[key], `${key} of new URL(${args.join(', ')})`).to.equal(node[key]);
    }
  });

  it('the input is the string the argument converts to, whole', () => {
    const e = thrown(() => new URL({ toString: () => 'no scheme' } as unknown as string));
    expect(e.input).to.equal('no scheme');
    expect(e.message).to.equal('Invalid URL: no scheme');
  });

  it('a 1 MB input gives a short message; the input property holds it whole', () => {
    const input = 'x'.repeat(1 << 20);
    const e = thrown(() => new URL(input));
    expect(e.message.length).to.be.at.most(200);
    expect(e.message).to.equal('Invalid URL: ' + 'x'.repeat(100) + '\u2026');
    expect(e.input).to.equal(input);
    // one that would parse but for its host, and one against a base
    expect(thrown(() => new URL('https://[' + 'a'.repeat(1 << 20))).message.length).to.be.at.most(200);
    expect(thrown(() => new URL('https://[' + 'a'.repeat(1 << 20), 'https://a/')).message.length).to.be.at.most(200);
  });

  it('the message never cuts a surrogate pair in half, and holds no lone surrogate', () => {
    // code unit 99 is the lead surrogate of U+1F600
    const input = 'a'.repeat(99) + '\u{1F600}' + 'b'.repeat(10);
    const e = thrown(() => new URL(input));
    expect(e.message.isWellFormed()).to.equal(true);
    expect(e.message).to.equal('Invalid URL: ' + 'a'.repeat(99) + '\u2026');
    // a pair that fits whole stays whole
    expect(thrown(() => new URL('a'.repeat(98) + '\u{1F600}' + 'b'.repeat(10))).message).to.equal('Invalid URL: ' + 'a'.repeat(98) + '\u{1F600}\u2026');
    // a lone surrogate in the input is U+FFFD in the message, and itself in the input property
    const lone = thrown(() => new URL('\ud800 no scheme'));
    expect(lone.message).to.equal('Invalid URL: \ufffd no scheme');
    expect(lone.input).to.equal('\ud800 no scheme');
    for (let n = 95; n < 105; n++) {
      for (const s of ['\u{1F600}'.repeat(n), 'a' + '\u{1F600}'.repeat(n), '\udc00'.repeat(n), '\ud800'.repeat(n)]) {
        const m = thrown(() => new URL(s)).message;
        expect(m.isWellFormed(), JSON.stringify(s)).to.equal(true);
        expect(m.length).to.be.at.most(200);
      }
    }
  });

  it('names the base when the base is what failed', () => {
    const e = thrown(() => new URL('https://ok.example/', 'not a base'));
    expect(e.message).to.equal('Invalid base URL: not a base');
    expect([e.input, e.base]).to.deep.equal(['https://ok.example/', 'not a base']);
    // the API URL parser parses the base first: a base that fails is the failure, whatever the input
    expect(thrown(() => new URL('relative', 'also relative')).message).to.equal('Invalid base URL: also relative');
    const long = thrown(() => new URL('https://ok.example/', 'b'.repeat(1 << 20)));
    expect(long.message).to.equal('Invalid base URL: ' + 'b'.repeat(100) + '\u2026');
    expect(long.base).to.have.length(1 << 20);
    // an input that fails against a base that parses names the input
    expect(thrown(() => new URL('http://[', 'https://a/')).message).to.equal('Invalid URL: http://[');
    expect(thrown(() => new URL('x', 'mailto:a')).message).to.equal('Invalid URL: x');
  });

  it('the href setter throws the same TypeError (no base) and leaves the URL as it was', () => {
    const u = new URL('https://example.com/a');
    const input = 'no scheme '.repeat(100_000);
    const e = thrown(() => {
      u.href = input;
    });
    expect(e).to.be.instanceOf(TypeError);
    expect(e.message.length).to.be.at.most(200);
    expect(e.message.startsWith('Invalid URL: no scheme no scheme')).to.equal(true);
    expect([e.code, e.input]).to.deep.equal(['ERR_INVALID_URL', input]);
    expect(Object.keys(e)).to.deep.equal(['code', 'input']);
    expect(u.href).to.equal('https://example.com/a');
  });

  it("the TypeError's stack starts where the URL was asked for, and Error.stackTraceLimit is left as it was", () => {
    function askHere(): URL {
      return new URL('no scheme');
    }
    const before = Error.stackTraceLimit;
    const e = thrown(askHere);
    expect(Error.stackTraceLimit).to.equal(before);
    const frames = (e.stack ?? '').split('\n').slice(1);
    expect(frames.length).to.be.at.least(2);
    // no frame of the module that made the error: the first is the constructor the caller called
    expect(frames[0]).to.match(/^\s+at new URL /);
    expect(frames[1]).to.match(/^\s+at askHere /);
    expect(e.stack).to.not.match(/invalidURL/);
    // a limit the caller set is kept, frames counted from the constructor
    Error.stackTraceLimit = 2;
    try {
      expect(thrown(askHere).stack!.split('\n').slice(1)).to.have.length(2);
      expect(Error.stackTraceLimit).to.equal(2);
    } finally {
      Error.stackTraceLimit = before;
    }
  });

  it('URL.parse still returns null, and URL.canParse false', () => {
    expect(URL.parse('x'.repeat(1 << 20))).to.equal(null);
    expect(URL.parse('https://ok.example/', 'not a base')).to.equal(null);
    expect(URL.canParse('https://ok.example/', 'not a base')).to.equal(false);
  });
});

describe('edges: urlEquals, renderURL and serializeURLOrigin on what they are given', () => {
  const otherURLClass = anotherURLClass();
  const liteBundle = join(__dirname, '..', 'dist', 'lite', 'lite.cjs');

  /** URL objects for `href` from each implementation at hand. */
  function foreignURLs(href: string): Array<[string, URLInput]> {
    const out: Array<[string, URLInput]> = [
      ["Node's URL", new globalThis.URL(href)],
      ["whatwg-url's URL", new whatwg.URL(href)],
      ["a second copy of this library's URL", new otherURLClass(href)],
      ['a plain object with an href', { href }],
    ];
    if (existsSync(liteBundle)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      out.push(["the lite bundle's URL", new (require(liteBundle) as { URL: typeof URL }).URL(href)]);
    }
    return out;
  }

  it('the second copy of the URL class really is another class', () => {
    expect(otherURLClass).to.not.equal(URL);
    expect(new otherURLClass('https://a/')).to.not.be.instanceOf(URL);
  });

  it('URL objects of other implementations are read through their href', () => {
    for (const [what, u] of foreignURLs('https://EXAMPLE.com:443/a/../b?q#f')) {
      expect(urlEquals(u, 'https://example.com/b?q#f'), what).to.equal(true);
      expect(urlEquals('https://example.com/b?q#g', u, true), what).to.equal(true);
      expect(urlEquals(u, new URL('https://example.com/b?q#g')), what).to.equal(false);
      expect(urlEquals(u, parseURL('https://example.com/b?q#f')!), what).to.equal(true);
      expect(renderURL(u)!.text, what).to.equal('example.com/b?q#f');
      expect(serializeURLOrigin(u), what).to.equal('https://example.com');
    }
    for (const [what, u] of foreignURLs('blob:https://example.com:8080/uuid')) {
      expect(serializeURLOrigin(u), what).to.equal('https://example.com:8080');
    }
    for (const [what, u] of foreignURLs('foo://example.com/')) {
      expect(serializeURLOrigin(u), what).to.equal('null');
      expect(urlEquals(u, u), what).to.equal(true);
    }
  });

  it("this library's URL objects, URL records and strings, as before", () => {
    const r = parseURL('https://example.com/x')!;
    expect(urlEquals(r, new URL('HTTPS://example.com/x'))).to.equal(true);
    expect(renderURL(new URL('https://example.com/x'))!.text).to.equal('example.com/x');
    expect(serializeURLOrigin(r)).to.equal('https://example.com');
    expect(serializeURLOrigin(new URL('https://example.com:443/x'))).to.equal('https://example.com');
    // a URL record is a URL record, even with an href beside its fields
    expect(urlEquals({ ...r, href: 'https://other.example/' } as URLRecord, r)).to.equal(true);
  });

  it('a string is parsed: one that does not parse equals nothing, renders as null, and has no origin (TypeError)', () => {
    expect(urlEquals('no scheme', 'no scheme')).to.equal(false);
    expect(urlEquals('https://a/', 'no scheme')).to.equal(false);
    expect(renderURL('no scheme')).to.equal(null);
    expect(serializeURLOrigin('https://a:443/x')).to.equal('https://a');
    expect(serializeURLOrigin('foo://a/')).to.equal('null');
    const e = thrown(() => serializeURLOrigin('no scheme'));
    expect(e).to.be.instanceOf(TypeError);
    expect(e.message).to.equal('serializeURLOrigin: not a URL: no scheme');
    expect(thrown(() => serializeURLOrigin('x'.repeat(1 << 20))).message.length).to.be.at.most(200);
  });

  it('what is not a URL input is a TypeError naming the function, never false, null or "null"', () => {
    const r = parseURL('https://example.com/x')!;
    const notURLs: Array<[unknown, RegExp]> = [
      [null, /got null$/],
      [undefined, /got undefined$/],
      [42, /got number$/],
      [true, /got boolean$/],
      [Symbol('s'), /got symbol$/],
      [() => 'https://a/', /got a function$/],
      [{}, /neither a URL record nor has a string href/],
      [[], /got an array$/],
      [{ href: 42 }, /neither a URL record nor has a string href/],
      [{ ...r, path: 5 }, /its path is neither a string nor a list of strings/],
      [{ ...r, host: [1, 2] }, /its host is not/],
      [{ ...r, port: '80' }, /its port is not null or an integer/],
      [{ ...r, query: 1 }, /its query is not null or a string/],
      [{ ...r, username: undefined }, /its username is not a string/],
    ];
    for (const [bad, message] of notURLs) {
      const what = String(typeof bad === 'symbol' ? 'symbol' : JSON.stringify(bad));
      const calls: Array<[string, () => unknown]> = [
        ['urlEquals', () => urlEquals(bad as URLInput, r)],
        ['urlEquals', () => urlEquals('https://example.com/x', bad as URLInput)],
        // a string that does not parse beside it does not hide it
        ['urlEquals', () => urlEquals('no scheme', bad as URLInput)],
        ['renderURL', () => renderURL(bad as URLInput)],
        ['serializeURLOrigin', () => serializeURLOrigin(bad as URLInput)],
      ];
      for (const [name, call] of calls) {
        const e = thrown(call);
        expect(e, `${name}(${what})`).to.be.instanceOf(TypeError);
        expect(e.message, `${name}(${what})`).to.match(new RegExp(`^${name}: `)).and.to.match(message);
      }
    }
  });

  it('a URL object whose href does not parse is a TypeError', () => {
    for (const bad of [{ href: 'no scheme' }, { href: 'x'.repeat(1 << 20) }]) {
      for (const [name, call] of [
        ['urlEquals', () => urlEquals(bad, 'https://a/')],
        ['renderURL', () => renderURL(bad)],
        ['serializeURLOrigin', () => serializeURLOrigin(bad)],
      ] as const) {
        const e = thrown(call);
        expect(e, name).to.be.instanceOf(TypeError);
        expect(e.message).to.match(new RegExp(`^${name}: the href of the URL object given does not parse: `));
        expect(e.message.length).to.be.at.most(200);
      }
    }
  });

  it('property: strings never make urlEquals or renderURL throw, and urlEquals agrees with the serializer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('https://a/', 'HTTPS://A', 'no scheme', 'foo:x'), (s, t) => {
        const x = parseURL(s);
        const y = parseURL(t);
        expect(urlEquals(s, t)).to.equal(x !== null && y !== null && serializeURL(x) === serializeURL(y));
        expect(renderURL(s) === null).to.equal(x === null);
        if (x !== null) expect(serializeURLOrigin(s)).to.equal(serializeURLOrigin(x));
      }),
      { seed: 11, numRuns: 1000 },
    );
  });
});

describe('edges: basicURLParse and applyStateOverride with a state override', () => {
  const NAMES = Object.keys(STATE_OVERRIDES);

  it('an unknown state override is a TypeError naming the valid ones, and the URL is left alone', () => {
    for (const bad of ['bogus', '', 'Host', 'toString', '__proto__', 'constructor', 42, 'x'.repeat(1 << 20)]) {
      const url = parseURL('https://example.com/a')!;
      const e = thrown(() => basicURLParse('b', { url, stateOverride: bad as 'host' }));
      expect(e, String(bad).slice(0, 20)).to.be.instanceOf(TypeError);
      expect(e.message).to.match(/^basicURLParse: unknown state override /);
      for (const name of NAMES) expect(e.message).to.contain(`"${name}"`);
      expect(e.message.length).to.be.at.most(300);
      const f = thrown(() => applyStateOverride('b', url, bad as 'host'));
      expect(f).to.be.instanceOf(TypeError);
      expect(f.message).to.match(/^applyStateOverride: unknown state override /);
      expect(serializeURL(url)).to.equal('https://example.com/a');
    }
  });

  it('a state override without url is a TypeError saying the URL is needed', () => {
    for (const options of [{ stateOverride: 'host' }, { stateOverride: 'host', url: null }, { stateOverride: 'port', url: undefined }] as const) {
      const e = thrown(() => basicURLParse('https://example.com/', options as unknown as { stateOverride: 'host' }));
      expect(e).to.be.instanceOf(TypeError);
      expect(e.message).to.match(/^basicURLParse: stateOverride "(host|port)" needs url/);
    }
    const e = thrown(() => basicURLParse('x', { stateOverride: 'host', url: 'https://a/' as unknown as URLRecord }));
    expect(e).to.be.instanceOf(TypeError);
    expect(e.message).to.equal('basicURLParse: the URL to modify must be a URL record, got string');
    expect(thrown(() => applyStateOverride('x', undefined as unknown as URLRecord, 'host'))).to.be.instanceOf(TypeError);
  });

  it('every state override still works, and neither url nor stateOverride alone changes a plain parse', () => {
    for (const name of NAMES) {
      const url = parseURL('https://example.com/a?b#c')!;
      expect(() => basicURLParse(name === 'scheme start' ? 'wss:' : '8080', { url, stateOverride: name as 'host' }), name).to.not.throw();
    }
    const url = parseURL('https://example.com/a')!;
    expect(basicURLParse('example.org:81', { url, stateOverride: 'host' })).to.equal(url);
    expect(serializeURL(url)).to.equal('https://example.org:81/a');
    expect(serializeURL(basicURLParse('https://b/', { url })!)).to.equal('https://b/');
    expect(serializeURL(basicURLParse('https://b/', { stateOverride: undefined })!)).to.equal('https://b/');
  });
});

describe('edges: the lite build\'s configure', () => {
  afterEach(() => lite.configure({ idna: null, idnaToUnicode: null }));
  const toASCII = (d: string) => (d === 'ü.example' ? 'xn--tda.example' : null);

  it('a member that is neither a function, null nor undefined is a TypeError', () => {
    const cases: Array<[object, string]> = [
      [{ idna: 42 }, 'configure: idna must be a function or null, got number'],
      [{ idna: 'tr46' }, 'configure: idna must be a function or null, got string'],
      [{ idna: {} }, 'configure: idna must be a function or null, got object'],
      [{ idnaToUnicode: true }, 'configure: idnaToUnicode must be a function or null, got boolean'],
      [{ idna: toASCII, idnaToUnicode: 1n }, 'configure: idnaToUnicode must be a function or null, got bigint'],
    ];
    for (const [options, message] of cases) {
      const e = thrown(() => lite.configure(options as never));
      expect(e).to.be.instanceOf(TypeError);
      expect(e.message).to.equal(message);
    }
  });

  it('options that are not an object are a TypeError; undefined and null change nothing', () => {
    for (const [options, type] of [[42, 'number'], ['idna', 'string'], [true, 'boolean']] as const) {
      const e = thrown(() => lite.configure(options as never));
      expect(e).to.be.instanceOf(TypeError);
      expect(e.message).to.equal(`configure: options must be an object, got ${type}`);
    }
    lite.configure({ idna: toASCII });
    lite.configure(undefined as never);
    lite.configure(null as never);
    expect(liteIDNA.domainParserToASCII('ü.example', false)).to.equal('xn--tda.example');
  });

  it('a configure that throws changes nothing; null removes, undefined keeps', () => {
    lite.configure({ idna: toASCII });
    expect(() => lite.configure({ idna: 42 as never })).to.throw(TypeError);
    expect(liteIDNA.domainParserToASCII('ü.example', false), 'kept after a bad idna').to.equal('xn--tda.example');
    expect(() => lite.configure({ idna: null, idnaToUnicode: 'x' as never })).to.throw(TypeError);
    expect(liteIDNA.domainParserToASCII('ü.example', false), 'kept: both members are checked first').to.equal('xn--tda.example');
    lite.configure({ idnaToUnicode: null });
    expect(liteIDNA.domainParserToASCII('ü.example', false), 'undefined keeps').to.equal('xn--tda.example');
    lite.configure({ idna: null });
    expect(liteIDNA.domainParserToASCII('ü.example', false), 'null removes').to.equal(null);
  });
});
