// A URL's searchParams in linear time (url-grammar issue 34, part 5).
//
// The update steps (https://url.spec.whatwg.org/#concept-urlsearchparams-update) serialize the
// whole list and set the URL's query on every change, so n appends cost O(n^2). url-grammar defers
// the serialization until the URL is next read. These tests count serializations rather than time
// them (the project has no timed unit tests): n changes then one read serialize once. And since the
// deferral must not be observable, a fast-check property runs random sequences of searchParams
// changes, setters and reads on url-grammar's URL and whatwg-url's and compares every observation.
//
// The application/x-www-form-urlencoded string parser, which the search and href setters run on a
// live searchParams, works on the string: a TextDecoder call per name and value made a
// 100,000-pair query take ten times as long. Counted the same way, and checked against the byte
// parser on strings of the characters that matter to it.
//
// PARAMS_SEED overrides the seed of the properties: PARAMS_SEED=$RANDOM npx mocha test/url-search-params-cost.test.ts

import { expect } from 'chai';
import fc from 'fast-check';
import { inspect } from 'node:util';
import { URL as GrammarURL, URLSearchParams, parseURL, parseUrlencoded, parseUrlencodedString, serializeURL, serializeURLOrigin, urlEquals } from '../src/index';
import { urlString } from '@url-grammar/compare/arbitraries';
import { setterCall, type SetterCall } from './support/setter-arbitraries';

interface URLLike {
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: URLSearchParams;
  toJSON(): string;
}
type URLClass = { new (url: string, base?: string | URLLike): URLLike; canParse(url: string, base?: string | URLLike): boolean };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as { URL: URLClass };
const Ours = GrammarURL as unknown as URLClass;

/** whatwg-url's URL.parse: the href, or null. */
function whatwgParse(input: string, base: URLLike): string | null {
  try {
    return new whatwg.URL(input, base).href;
  } catch {
    return null;
  }
}

// The module URLSearchParams calls serializeUrlencoded through (a CommonJS exports object, read at
// each call), so that a test can count the calls.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const urlencodedExports = require('../src/api/urlencoded') as { serializeUrlencoded: (tuples: Iterable<readonly [string, string]>) => string };

/** Runs `body`, counting the serializations of a list meanwhile. */
function serializations(body: () => void): number {
  const original = urlencodedExports.serializeUrlencoded;
  let count = 0;
  urlencodedExports.serializeUrlencoded = (tuples) => {
    count++;
    return original(tuples);
  };
  try {
    body();
  } finally {
    urlencodedExports.serializeUrlencoded = original;
  }
  return count;
}

/** Runs `body`, counting TextDecoder decode calls meanwhile. */
function decodes(body: () => void): number {
  const proto = TextDecoder.prototype;
  const original = proto.decode;
  let count = 0;
  proto.decode = function (this: InstanceType<typeof TextDecoder>, ...args: Parameters<typeof original>) {
    count++;
    return original.apply(this, args);
  };
  try {
    body();
  } finally {
    proto.decode = original;
  }
  return count;
}

const SEED = process.env.PARAMS_SEED === undefined ? 0x5ea7c4 : Number(process.env.PARAMS_SEED);

describe('URLSearchParams on a URL: the update steps are deferred to the next read', () => {
  it('the counter sees a serialization (so that a count of 0 below means none)', () => {
    expect(serializations(() => new URLSearchParams('a=b').toString())).to.equal(1);
  });

  it('2,000 appends then a read of href serialize the list once, and a second read not again', () => {
    const u = new GrammarURL('https://example.com/path?x=1');
    const params = u.searchParams;
    expect(serializations(() => {
      for (let i = 0; i < 2000; i++) params.append(`k${i}`, `v ${i}`);
    })).to.equal(0);
    let href = '';
    expect(serializations(() => (href = u.href))).to.equal(1);
    expect(href).to.equal(`https://example.com/path?x=1&${Array.from({ length: 2000 }, (_, i) => `k${i}=v+${i}`).join('&')}`);
    expect(serializations(() => (href = u.href))).to.equal(0);
  });

  it('set, delete and sort defer too; one read of search serializes once', () => {
    const u = new GrammarURL('https://example.com/?b=2&a=1');
    const params = u.searchParams;
    expect(serializations(() => {
      for (let i = 0; i < 300; i++) {
        params.append('c', String(i));
        params.set('a', String(i));
        params.delete('c', String(i - 1));
        params.sort();
      }
    })).to.equal(0);
    let search = '';
    expect(serializations(() => (search = u.search))).to.equal(1);
    expect(search).to.equal('?a=299&b=2&c=299');
  });

  it('getters that do not show the query leave the serialization owed', () => {
    const u = new GrammarURL('https://user:pw@example.com:8080/p?q#f');
    u.searchParams.append('x', 'y');
    const views: string[] = [];
    expect(serializations(() => {
      for (const name of ['protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'hash'] as const) views.push(u[name]);
    })).to.equal(0);
    expect(views).to.deep.equal(['https:', 'user', 'pw', 'example.com:8080', 'example.com', '8080', '/p', '#f']);
    expect(u.href).to.equal('https://user:pw@example.com:8080/p?q=&x=y#f');
  });

  it('the search and href setters replace the query without serializing the list they replace', () => {
    const u = new GrammarURL('https://example.com/');
    for (let i = 0; i < 100; i++) u.searchParams.append('k', String(i));
    expect(serializations(() => (u.search = '?x=1'))).to.equal(0);
    expect(u.href).to.equal('https://example.com/?x=1');
    expect([...u.searchParams]).to.deep.equal([['x', '1']]);
    u.searchParams.append('y', '2');
    expect(serializations(() => (u.href = 'https://other.example/?z=3'))).to.equal(0);
    expect(u.href).to.equal('https://other.example/?z=3');
    expect([...u.searchParams]).to.deep.equal([['z', '3']]);
  });

  it('a change made while the search setter converts its value is overwritten, as in whatwg-url', () => {
    const run = (C: URLClass) => {
      const u = new C('https://example.com/?a=1');
      const value = {
        toString() {
          u.searchParams.append('b', '2');
          return 'x=1';
        },
      };
      (u as unknown as { search: unknown }).search = value;
      return [u.href, JSON.stringify([...u.searchParams])];
    };
    expect(run(Ours)).to.deep.equal(run(whatwg.URL));
    expect(run(Ours)[0]).to.equal('https://example.com/?x=1');
  });

  // Each way of reading the URL, after an append that has not been serialized: what it gives, on
  // url-grammar's URL and on whatwg-url's (or, for url-grammar's own functions, what whatwg-url's
  // href says it should give).
  type Reader = [ours: (u: URLLike, theirs: URLLike) => string, theirs: (u: URLLike) => string];
  const READERS: Record<string, Reader> = {
    href: [(a) => a.href, (b) => b.href],
    search: [(a) => a.search, (b) => b.search],
    'String(u)': [(a) => String(a), (b) => String(b)],
    toJSON: [(a) => a.toJSON(), (b) => b.toJSON()],
    'JSON.stringify': [(a) => JSON.stringify({ u: a }), (b) => JSON.stringify({ u: b })],
    'util.inspect': [(a) => inspect(a), (b) => inspect(new GrammarURL(b.href))],
    'new URL with it as base': [(a) => new Ours('#y', a).href, (b) => new whatwg.URL('#y', b).href],
    'URL.parse with it as base': [(a) => String(GrammarURL.parse('?z', a as unknown as string)?.href ?? null), (b) => String(whatwgParse('?z', b))],
    'URL.canParse with it as base': [(a) => String(Ours.canParse('x', a)), (b) => String(whatwg.URL.canParse('x', b))],
    'URL.recordOf': [(a) => serializeURL(GrammarURL.recordOf(a as unknown as GrammarURL)), (b) => b.href],
    urlEquals: [(a, b) => String(urlEquals(a as unknown as GrammarURL, b.href)), () => 'true'],
    'parseURL with it as options.baseURL': [(a) => serializeURL(parseURL('#y', { baseURL: a as unknown as GrammarURL })!), (b) => new whatwg.URL('#y', b).href],
    serializeURLOrigin: [(a) => serializeURLOrigin(a as unknown as GrammarURL), (b) => b.origin],
    origin: [(a) => a.origin, (b) => b.origin],
  };
  const SETTERS_THEN_HREF: Array<[keyof URLLike, string]> = [
    ['protocol', 'http'],
    ['username', 'u'],
    ['password', 'p'],
    ['host', 'h.example:81'],
    ['hostname', 'h.example'],
    ['port', '82'],
    ['pathname', '/q'],
    ['hash', 'g'],
  ];

  for (const start of ['https://example.com/p?a=b%20~#f', 'https://example.com/p', 'sc:opaque ?q', 'blob:https://a.example/x?y']) {
    for (const [name, read] of Object.entries(READERS)) {
      it(`${name} shows the appended pair (${start})`, () => {
        const ours = new Ours(start);
        const theirs = new whatwg.URL(start);
        for (const u of [ours, theirs]) u.searchParams.append('n', 'v ~');
        expect(read[0](ours, theirs)).to.equal(read[1](theirs));
      });
    }
    for (const [setter, value] of SETTERS_THEN_HREF) {
      it(`the ${setter} setter starts from the query with the appended pair (${start})`, () => {
        const ours = new Ours(start);
        const theirs = new whatwg.URL(start);
        for (const u of [ours, theirs]) {
          u.searchParams.append('n', 'v ~');
          (u as unknown as Record<string, string>)[setter] = value;
        }
        expect(ours.href).to.equal(theirs.href);
      });
    }
    it(`deleting every pair makes the query null (${start})`, () => {
      const ours = new Ours(start);
      const theirs = new whatwg.URL(start);
      for (const u of [ours, theirs]) {
        u.searchParams.append('n', 'v');
        for (const [name] of [...u.searchParams]) u.searchParams.delete(name);
      }
      expect(ours.href).to.equal(theirs.href);
      expect(ours.href).to.not.include('?');
    });
  }

  describe('random sequences of changes, setters and reads agree with whatwg-url (fast-check)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '~', ' ', '+', '%', '%2', '%41', '%C3', '&', '=', '#', '?', 'é', '\u{1F600}', '\uD800', '\uFEFF'), maxLength: 4 });
    type Op =
      | { kind: 'append' | 'set'; name: string; value: string }
      | { kind: 'delete'; name: string; value?: string }
      | { kind: 'sort' }
      | { kind: 'setter'; call: SetterCall }
      | { kind: 'read'; reader: string };
    // (names drawn from a few, so that set and delete find pairs to change)
    const name = fc.oneof({ arbitrary: fc.constantFrom('a', 'b', 'q', ''), weight: 3 }, { arbitrary: text, weight: 1 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constantFrom('append' as const, 'set' as const), name, value: text }), weight: 6 },
      { arbitrary: fc.record({ kind: fc.constant('delete' as const), name, value: fc.option(text, { nil: undefined }) }, { requiredKeys: ['kind', 'name'] }), weight: 2 },
      { arbitrary: fc.constant({ kind: 'sort' as const }), weight: 1 },
      { arbitrary: setterCall.map((call) => ({ kind: 'setter' as const, call })), weight: 2 },
      { arbitrary: fc.constantFrom(...Object.keys(READERS), 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'hash', 'size').map((reader) => ({ kind: 'read' as const, reader })), weight: 4 },
    );
    const plain = fc.constantFrom(
      'https://example.com/a/b?c#d', 'https://example.com/?a=b%20~&a=1', 'http://u:p@h:8080/', 'file:///C:/x/y?q', 'foo://h/p?q#f', 'foo:/a/b',
      'foo:opaque?q#f', 'sc:a ?q', 'sc:a #f', 'data:text/plain,x ?y', 'mailto:x@y', 'blob:https://a/b?c', 'ws://[::1]:1/', 'sc:',
    );
    const start = fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: urlString, weight: 1 });

    const describeOp = (o: Op) =>
      o.kind === 'setter' ? `u.${o.call.setter} = ${JSON.stringify(o.call.value)}` : o.kind === 'read' ? `read ${o.reader}` : `searchParams.${o.kind}(${'name' in o ? [o.name, o.value].filter((x) => x !== undefined).map((x) => JSON.stringify(x)).join(', ') : ''})`;

    /** Applies one operation to both; the two observations it makes (for a change, whether it threw). */
    function apply(o: Op, ours: URLLike, theirs: URLLike): [string, string] {
      const both = (f: (u: URLLike) => string): [string, string] => [attempt(() => f(ours)), attempt(() => f(theirs))];
      switch (o.kind) {
        case 'append':
          return both((u) => (u.searchParams.append(o.name, o.value), 'ok'));
        case 'set':
          return both((u) => (u.searchParams.set(o.name, o.value), 'ok'));
        case 'delete':
          return both((u) => (o.value === undefined ? u.searchParams.delete(o.name) : u.searchParams.delete(o.name, o.value), 'ok'));
        case 'sort':
          return both((u) => (u.searchParams.sort(), 'ok'));
        case 'setter':
          return both((u) => (((u as unknown as Record<string, string>)[o.call.setter] = o.call.value), 'ok'));
        case 'read': {
          if (o.reader === 'size') return both((u) => `${u.searchParams.size} ${u.searchParams.toString()} ${JSON.stringify([...u.searchParams])}`);
          const reader = READERS[o.reader];
          if (reader !== undefined) return [attempt(() => reader[0](ours, theirs)), attempt(() => reader[1](theirs))];
          return both((u) => u[o.reader as keyof URLLike] as string);
        }
      }
    }

    it('2,000 sequences of 1 to 12 operations, every observation the same', () => {
      fc.assert(
        fc.property(start, fc.array(op, { minLength: 1, maxLength: 12 }), (input, ops) => {
          const ours = attempt(() => new Ours(input));
          const theirs = attempt(() => new whatwg.URL(input));
          if (typeof ours === 'string' || typeof theirs === 'string') {
            expect(typeof ours, `new URL(${JSON.stringify(input)}) fails on one only`).to.equal(typeof theirs);
            return;
          }
          const done: string[] = [];
          for (const o of ops) {
            done.push(describeOp(o));
            const [a, b] = apply(o, ours, theirs);
            expect(a, `u = new URL(${JSON.stringify(input)}); ${done.join('; ')}`).to.equal(b);
          }
          expect(ours.href, `u = new URL(${JSON.stringify(input)}); ${done.join('; ')}; read href`).to.equal(theirs.href);
        }),
        { seed: SEED, numRuns: 2000 },
      );
    });
  });
});

/** The value, or the name of the error it threw (each side's own class, so compared by name). */
function attempt<T>(f: () => T): T | string {
  try {
    return f();
  } catch (e) {
    return `threw ${(e as Error).name}`;
  }
}

describe('the application/x-www-form-urlencoded string parser works on the string', () => {
  it('decodes through TextDecoder only where a name or value has a percent-encoded byte from 0x80 up', () => {
    const query = Array.from({ length: 1000 }, (_, i) => `a${i}=b+${i}&c%41=%7E%zz`).join('&');
    let pairs: Array<[string, string]> = [];
    expect(decodes(() => (pairs = parseUrlencodedString(query)))).to.equal(0);
    expect(pairs.length).to.equal(2000);
    expect(pairs.slice(0, 2)).to.deep.equal([['a0', 'b 0'], ['cA', '~%zz']]);
    expect(decodes(() => (pairs = parseUrlencodedString('x=%C3%A9&y=%41')))).to.equal(1);
    expect(pairs).to.deep.equal([['x', 'é'], ['y', 'A']]);
  });

  it('a URL\'s search setter on a live searchParams does not decode through TextDecoder', () => {
    const u = new GrammarURL('https://example.com/');
    void u.searchParams;
    const query = Array.from({ length: 1000 }, (_, i) => `a${i}=b+${i}`).join('&');
    expect(decodes(() => (u.search = query))).to.equal(0);
    expect(u.searchParams.size).to.equal(1000);
    expect(u.searchParams.get('a999')).to.equal('b 999');
  });

  it('gives what the byte parser gives on the UTF-8 bytes, for strings of the characters that matter (fast-check)', () => {
    const piece = fc.constantFrom('a', 'B', '&', '=', '+', '%', '2', 'B', 'e', 'F', '8', '0', 'C', '3', 'A', '9', 'é', '€', '\u{1F600}', '\uD800', '\uDC00', '\uFEFF', ' ', '%E2%82', '%AC', '%EF%BB%BF', '%F0%9F', '%C3%A9', '%c3', '%2B', '%26', '%3D', '%80', '%FF', '%7', '\u0000');
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: piece, maxLength: 24 }), (input) => {
        expect(parseUrlencodedString(input)).to.deep.equal(parseUrlencoded(encoder.encode(input)));
        expect(parseUrlencoded(input)).to.deep.equal(parseUrlencoded(encoder.encode(input)));
      }),
      { seed: SEED, numRuns: 5000 },
    );
  });
});
