// Hosts by meaning: hostMeaning gives the key a resolver would see (case, IDNA, IPv4 and IPv6
// spellings, a trailing dot), so that a host written another way counts as "host spelling" and
// only another host as host confusion; and the re-parse class, where a parser's href, parsed again
// by url-grammar, fails or names another host than the parser reported. The adapters here are
// small in-process fakes that answer as url-grammar does, except for the host or the href.

import { expect } from 'chai';
import { URL as GrammarURL } from 'url-grammar';
import type { CompareCase, ParserAdapter, Result } from '../src/compare';
import { CLASSES, hostMeaning, specLink, type ClassReport } from '../src/classes';
import { compareStream } from '../src/stream';

/** url-grammar's own answer for an input, as a Result. */
function grammarResult(input: string): Result {
  const u = new GrammarURL(input);
  return { ok: true, href: u.href, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
}

/** A fake parser: url-grammar's answer, with the hostname (and host) and the href of `change` for the inputs it names. */
function fakeAdapter(name: string, change: Record<string, { hostname: string; href?: string }>): ParserAdapter {
  return {
    name,
    parse(input) {
      const r = grammarResult(input);
      const c = change[input];
      if (!c || !r.ok) return r;
      return { ...r, hostname: c.hostname, host: c.hostname, href: c.href ?? r.href.replace(r.hostname ?? '', c.hostname) };
    },
  };
}

const cases = (inputs: string[]): CompareCase[] => inputs.map((input) => ({ input, base: null }));

async function classesOf(inputs: string[], adapters: ParserAdapter[]): Promise<Record<string, ClassReport>> {
  const rep = await compareStream(cases(inputs), { adapters, workers: 0 });
  return Object.fromEntries(rep.classes.map((c) => [c.id, c]));
}

describe('compare: hosts by meaning', () => {
  it('hostMeaning: the same key for the same host in another spelling', () => {
    const same: Array<[string, string]> = [
      ['X.COM', 'x.com'],
      ['münchen.de', 'xn--mnchen-3ya.de'],
      ['0x7f.1', '127.0.0.1'],
      ['[::ffff:1.2.3.4]', '[::ffff:102:304]'],
      ['example.com.', 'example.com'],
    ];
    for (const [a, b] of same) expect(hostMeaning(a), `${a} and ${b}`).to.equal(hostMeaning(b));
  });

  it('hostMeaning: different keys for different hosts, and a host the host parser rejects matches only itself', () => {
    expect(hostMeaning('evil.com')).to.not.equal(hostMeaning('good.com'));
    expect(hostMeaning('127.0.0.1')).to.not.equal(hostMeaning('127.0.0.2'));
    expect(hostMeaning('a b')).to.equal(hostMeaning('a b'));
    expect(hostMeaning('a b')).to.not.equal(hostMeaning('a%20b'));
    expect(hostMeaning('')).to.not.equal(hostMeaning('.'));
  });

  it('the new classes are in CLASSES with their url.bs steps; the old ids are kept', () => {
    const ids = CLASSES.map((c) => c.id);
    for (const id of ['failure', 'scheme', 'credentials', 'host', 'port', 'path', 'query', 'fragment', 'serialization', 'errors']) expect(ids).to.include(id);
    const byId = Object.fromEntries(CLASSES.map((c) => [c.id, c]));
    expect(specLink(byId['host-spelling'].anchor)).to.equal('https://url.spec.whatwg.org/#host-parsing');
    expect(byId['host-spelling'].security).to.equal(false);
    expect(specLink(byId.reparse.anchor)).to.equal('https://url.spec.whatwg.org/#url-serializing');
    expect(byId.reparse.security).to.equal(true);
    expect(byId.host.security).to.equal(true);
  });

  it('a host in another spelling lands in "host spelling", not in host confusion', async () => {
    const respeller = fakeAdapter('respeller', {
      'http://x.com/': { hostname: 'X.COM' },
      'http://xn--mnchen-3ya.de/': { hostname: 'münchen.de' },
      'http://127.0.0.1/': { hostname: '0x7f.1' },
      'http://[::ffff:1.2.3.4]/': { hostname: '[::ffff:1.2.3.4]' },
      'http://example.com/': { hostname: 'example.com.' },
    });
    const inputs = ['http://x.com/', 'http://xn--mnchen-3ya.de/', 'http://127.0.0.1/', 'http://[::ffff:1.2.3.4]/', 'http://example.com/', 'http://plain.example/'];
    const byId = await classesOf(inputs, [respeller]);
    expect(byId['host-spelling'].cases).to.equal(5);
    expect(byId['host-spelling'].byParser.respeller).to.equal(5);
    expect(byId.host.cases).to.equal(0);
    expect(byId.reparse.cases).to.equal(0);
    // The href differs too, but the host spelling explains it.
    expect(byId.serialization.cases).to.equal(0);
    expect(byId['host-spelling'].examples[0]).to.deep.equal({
      input: 'http://x.com/',
      base: null,
      sides: [
        { value: 'x.com', parsers: ['url-grammar'] },
        { value: 'X.COM', parsers: ['respeller'] },
      ],
    });
  });

  it('another host lands in host confusion, not in "host spelling"', async () => {
    const confused = fakeAdapter('confused', { 'http://evil.com/': { hostname: 'good.com' }, 'http://127.0.0.1/': { hostname: '127.0.0.2' } });
    const respeller = fakeAdapter('respeller', { 'http://evil.com/': { hostname: 'EVIL.COM' } });
    const byId = await classesOf(['http://evil.com/', 'http://127.0.0.1/'], [confused, respeller]);
    expect(byId.host.cases).to.equal(2);
    expect(byId.host.byParser).to.deep.equal({ confused: 2, respeller: 0 });
    expect(byId['host-spelling'].byParser).to.deep.equal({ confused: 0, respeller: 1 });
    expect(byId.reparse.cases).to.equal(0);
  });

  it('a href that re-parses to another host, or fails, lands in the re-parse class', async () => {
    const smuggler = fakeAdapter('smuggler', {
      'http://good.com/': { hostname: 'good.com', href: 'http://good.com@evil.com/' },
      'http://other.example/': { hostname: 'other.example', href: 'http://[other.example/' },
      'http://same.example/': { hostname: 'same.example', href: 'http://SAME.example./' },
    });
    const honest = fakeAdapter('honest', {});
    const byId = await classesOf(['http://good.com/', 'http://other.example/', 'http://same.example/'], [smuggler, honest]);
    expect(byId.reparse.cases).to.equal(2);
    expect(byId.reparse.byParser).to.deep.equal({ smuggler: 2, honest: 0 });
    expect(byId.reparse.examples.map((e) => e.input)).to.deep.equal(['http://good.com/', 'http://other.example/']);
    expect(byId.reparse.examples[0].sides).to.deep.equal([
      { value: 'good.com (its href parses to good.com)', parsers: ['url-grammar', 'honest'] },
      { value: 'good.com (its href parses to evil.com)', parsers: ['smuggler'] },
    ]);
    expect(byId.reparse.examples[1].sides[1]).to.deep.equal({ value: 'other.example (its href parses to a failure)', parsers: ['smuggler'] });
    // The host it reported is the reference's: no host confusion, only the href.
    expect(byId.host.cases).to.equal(0);
  });
});
