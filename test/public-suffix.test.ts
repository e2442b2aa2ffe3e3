// Host miscellaneous (https://url.spec.whatwg.org/#host-miscellaneous): public suffix and
// registrable domain. The example table of url.bs (id=example-host-psl) is read from the spec
// text in test/spec/url.bs, so every row of the standard's table is a test, trailing-dot rows
// included. The cases after it pin where the standard's algorithm and tldts's defaults differ.

import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import { configurePublicSuffixList, hasPublicSuffixList, hostPublicSuffix, hostRegistrableDomain, NO_PUBLIC_SUFFIX_LIST, parseHost, serializeHost } from '../src/index';
import { domainHost, hostString } from './support/arbitraries';

interface Row {
  input: string;
  publicSuffix: string | null;
  registrableDomain: string | null;
}

/** The rows of url.bs's example table with the given id: each cell `<code>x</code>` or `null`. */
function specTable(id: string): Row[] {
  const bs = readFileSync(join(__dirname, 'spec', 'url.bs'), 'utf8');
  const start = bs.indexOf(`id=${id}>`);
  if (start < 0) throw new Error(`url.bs has no example ${id}`);
  const table = bs.slice(start, bs.indexOf('</table>', start));
  const rows: Row[] = [];
  for (const tr of table.split('<tr>').slice(1)) {
    if (tr.includes('<th>')) continue;
    const cells = tr.split('<td>').slice(1).map((c) => {
      const t = c.trim();
      if (t === 'null') return null;
      const m = /^<code>([^<]*)<\/code>$/.exec(t);
      if (!m) throw new Error(`unexpected cell in url.bs's ${id}: ${t}`);
      return m[1];
    });
    if (cells.length !== 3 || cells[0] === null) throw new Error(`unexpected row in url.bs's ${id}: ${tr}`);
    rows.push({ input: cells[0], publicSuffix: cells[1], registrableDomain: cells[2] });
  }
  return rows;
}

describe('public suffix and registrable domain', () => {
  describe("url.bs's table (example-host-psl), every row", () => {
    const rows = specTable('example-host-psl');

    it('the table has its 12 rows, trailing-dot and IDN rows among them', () => {
      expect(rows).to.have.length(12);
      expect(rows.some((r) => r.input.endsWith('.'))).to.equal(true);
      expect(rows.some((r) => /[^\x00-\x7f]/.test(r.input))).to.equal(true);
    });

    for (const row of rows) {
      it(`${row.input} -> ${row.publicSuffix}, ${row.registrableDomain}`, () => {
        expect(hostPublicSuffix(row.input), 'public suffix').to.equal(row.publicSuffix);
        expect(hostRegistrableDomain(row.input), 'registrable domain').to.equal(row.registrableDomain);
        // the same through the host as a URL record holds it
        const host = parseHost(row.input);
        expect(host).to.not.equal(null);
        expect(hostPublicSuffix(host!), 'public suffix of the parsed host').to.equal(row.publicSuffix);
        expect(hostRegistrableDomain(host!), 'registrable domain of the parsed host').to.equal(row.registrableDomain);
      });
    }
  });

  describe("the standard's semantics where the PSL package's defaults differ", () => {
    const cases: Array<[string, string | null, string | null, string]> = [
      // [host, public suffix, registrable domain, why]
      ['blogspot.com', 'blogspot.com', null, 'the private section counts (tldts leaves it out by default)'],
      ['a.b.blogspot.com', 'blogspot.com', 'b.blogspot.com', 'the private section counts'],
      ['whatwg.github.io.', 'github.io.', 'whatwg.github.io.', 'a trailing dot is kept on a private suffix (tldts drops it)'],
      ['com.', 'com.', null, 'a public suffix with a trailing dot is its own public suffix'],
      ['example.unknowntld', 'unknowntld', 'example.unknowntld', 'no rule matches: the default rule "*"'],
      ['localhost', 'localhost', null, 'a single label no rule matches'],
      ['a.b.c.d', 'd', 'c.d', 'the default rule "*" for an unknown last label'],
      ['example.co.uk', 'co.uk', 'example.co.uk', 'the longest matching rule prevails'],
      ['a.kobe.jp', 'a.kobe.jp', null, 'a wildcard rule (*.kobe.jp)'],
      ['b.a.kobe.jp', 'a.kobe.jp', 'b.a.kobe.jp', 'a wildcard rule, one more label'],
      ['city.kobe.jp', 'kobe.jp', 'city.kobe.jp', 'an exception rule (!city.kobe.jp)'],
      ['www.city.kobe.jp', 'kobe.jp', 'city.kobe.jp', 'an exception rule, one more label'],
      ['example.公司.cn', 'xn--55qx5d.cn', 'example.xn--55qx5d.cn', 'a rule with a non-ASCII label matches in ASCII form'],
      ['münchen.de', 'de', 'xn--mnchen-3ya.de', 'the host is in its ASCII form (host parser)'],
      ['ÉXAMPLE.COM.', 'com.', 'xn--xample-9ua.com.', 'case folding and IDNA before the lookup, the dot kept'],
      ['.', '.', null, 'the host "." is one empty label and its trailing dot'],
      ['a..com', 'com', '.com', 'an empty label is a label: it precedes the public suffix'],
      ['example.com..', '.', 'com..', 'only one trailing dot is set aside; the empty last label matches only "*"'],
    ];
    for (const [host, suffix, registrable, why] of cases) {
      it(`${host} -> ${suffix}, ${registrable} (${why})`, () => {
        expect(hostPublicSuffix(host), 'public suffix').to.equal(suffix);
        expect(hostRegistrableDomain(host), 'registrable domain').to.equal(registrable);
      });
    }

    it('IP addresses, opaque hosts, the empty host and non-hosts have neither', () => {
      const none: Array<[unknown, { opaque?: boolean }?]> = [
        ['1.2.3.4'],
        ['0x7f.1'],
        [0x7f000001],
        ['[::1]'],
        [[0, 0, 0, 0, 0, 0, 0, 1]],
        ['example.com', { opaque: true }],
        [''],
        ['exa mple.com'],
        ['a%'],
        ['[::1'],
        [-1],
        [2 ** 32],
        [1.5],
        [NaN],
        [[1, 2, 3]],
        [[0, 0, 0, 0, 0, 0, 0, 0x10000]],
        [null],
        [undefined],
        [{}],
      ];
      for (const [host, options] of none) {
        const h = host as string;
        expect(hostPublicSuffix(h, options), `public suffix of ${JSON.stringify(host)}`).to.equal(null);
        expect(hostRegistrableDomain(h, options), `registrable domain of ${JSON.stringify(host)}`).to.equal(null);
      }
    });

    it('a long host is answered (100,000 labels, a 1 MB label); its time is in bench/rendering.js', () => {
      const many = 'a.'.repeat(100_000) + 'example.com';
      expect(hostPublicSuffix(many)).to.equal('com');
      expect(hostRegistrableDomain(many)).to.equal('example.com');
      expect(hostRegistrableDomain('x'.repeat(1 << 20) + '.com')).to.have.length((1 << 20) + 4);
    });
  });

  describe('properties', () => {
    const anyHost = fc.oneof(hostString, domainHost, fc.string({ unit: 'binary', maxLength: 30 }));

    it('both are null or made of whole trailing labels of the ASCII host; the registrable domain is one label more', () => {
      fc.assert(
        fc.property(anyHost, (s) => {
          const suffix = hostPublicSuffix(s);
          const registrable = hostRegistrableDomain(s);
          const host = parseHost(s);
          if (typeof host !== 'string' || host === '') {
            expect(suffix).to.equal(null);
            expect(registrable).to.equal(null);
            return;
          }
          expect(suffix).to.be.a('string');
          const dot = host.endsWith('.') ? '.' : '';
          expect(suffix!.endsWith(dot), 'the public suffix keeps the trailing dot').to.equal(true);
          expect(suffix === host || host.endsWith('.' + suffix), 'whole labels').to.equal(true);
          if (suffix === host) {
            expect(registrable).to.equal(null);
          } else {
            expect(registrable).to.be.a('string');
            expect(registrable === host || host.endsWith('.' + registrable), 'whole labels').to.equal(true);
            const extra = registrable!.slice(0, registrable!.length - suffix!.length);
            expect(extra.endsWith('.') && !extra.slice(0, -1).includes('.'), `one label before ${suffix}: ${registrable}`).to.equal(true);
          }
          // a host as the record holds it gives the same answers as the string it came from
          expect(hostPublicSuffix(host)).to.equal(suffix);
          expect(hostRegistrableDomain(serializeHost(host))).to.equal(registrable);
        }),
        { seed: 9, numRuns: 2000 },
      );
    });
  });
});

describe('the core runs in browsers: no Node built-in in these modules or in tldts', () => {
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const files = [
    ...['public-suffix.ts', 'equivalence.ts', 'rendering.ts', 'rendering-lookalikes.ts'].map((f) => join(__dirname, '..', 'src', 'api', f)),
    require.resolve('tldts'),
  ];
  for (const file of files) {
    it(file.slice(file.lastIndexOf('node_modules') >= 0 ? file.lastIndexOf('node_modules') : file.lastIndexOf('src')), () => {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:require\(\s*|from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
      expect(specifiers.filter((x) => builtins.has(x))).to.deep.equal([]);
      // tldts's CommonJS build is one bundled file: it loads nothing
      if (file.includes('node_modules')) expect(/\brequire\s*\(/.test(text), 'a require call').to.equal(false);
      expect(statSync(file).size).to.be.above(0);
    });
  }
});

describe('the Public Suffix List is the installation\'s: tldts when installed, or a list supplied', () => {
  afterEach(() => configurePublicSuffixList(undefined));

  it('with no list, a domain is an installation fault (a coded Error), never an answer; what is not a domain needs none', () => {
    configurePublicSuffixList(null);
    expect(hasPublicSuffixList()).to.equal(false);
    for (const f of [hostPublicSuffix, hostRegistrableDomain]) {
      let caught: (Error & { code?: string }) | null = null;
      try {
        f('www.example.co.uk');
      } catch (e) {
        caught = e as Error & { code?: string };
      }
      expect(caught?.code).to.equal(NO_PUBLIC_SUFFIX_LIST);
      expect(caught?.message).to.match(/npm install tldts/).and.to.match(/configurePublicSuffixList/);
      expect(f('127.0.0.1')).to.equal(null);
      expect(f('[::1]')).to.equal(null);
    }
  });

  it('a supplied list is used with the standard\'s steps around it (trailing dot, the default rule)', () => {
    configurePublicSuffixList((domain) => (domain === 'test' || domain.endsWith('.test') ? 'test' : null));
    expect(hasPublicSuffixList()).to.equal(true);
    expect(hostPublicSuffix('a.b.test')).to.equal('test');
    expect(hostRegistrableDomain('a.b.test.')).to.equal('b.test.');
    // no rule matches: the default rule "*" (the last label), whatever the list said
    expect(hostPublicSuffix('example.co.uk')).to.equal('uk');
    // a list that answers something not made of the input's labels is not believed
    configurePublicSuffixList(() => 'elsewhere.org');
    expect(hostPublicSuffix('a.example.com')).to.equal('com');
  });

  it('undefined goes back to tldts; anything but a function, null or undefined is a TypeError', () => {
    configurePublicSuffixList(null);
    configurePublicSuffixList(undefined);
    expect(hostPublicSuffix('www.example.co.uk')).to.equal('co.uk');
    expect(() => configurePublicSuffixList(42 as unknown as null)).to.throw(TypeError, /must be a function/);
  });
});
