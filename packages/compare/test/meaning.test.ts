// Meaning over notation (issue 37): by default compare counts what a program would act on
// differently, not how a URL is written. An empty path against "/", percent-encoding case, decoded
// userinfo and an explicit default port are forgiven (RFC 3986 section 6, and what FORGIVEN lists);
// the report says so, the class "notation only" lists what was forgiven, and --equivalence exact
// counts every difference as before. The parsers here answer as the did: python-urllib's
// empty path for "http://h", Go's decoded password beside a href the same as the standard's.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { URL as GrammarURL } from 'url-grammar';
import { captureIO, mainAsync } from './support/cli';
import { FORGIVEN, hrefMeaning, meaningOf, pathMeaning, percentDecoded, percentNormal, portMeaning } from '../src/meaning';
import { compareStream } from '../src/stream';
import type { ParserAdapter, Result } from '../src/compare';

function ours(input: string): Extract<Result, { ok: true }> {
  const u = GrammarURL.parse(input)!;
  return { ok: true, href: u.href, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
}

/** Notation only: an empty path for "/", the password percent-decoded, the default port written, hex digits in lowercase. */
const notational: ParserAdapter = {
  name: 'notational',
  parse(input) {
    const r = ours(input);
    if (input === 'http://example.com') return { ...r, href: 'http://example.com', pathname: '' };
    if (input === 'http://good.com:pa%40ss@evil.com/') return { ...r, password: 'pa@ss' };
    if (input === 'http://example.com:80/x') return { ...r, href: 'http://example.com:80/x', host: 'example.com:80', port: '80' };
    if (input === 'http://example.com/a%2Fb') return { ...r, href: 'http://example.com/a%2fb', pathname: '/a%2fb' };
    return r;
  },
};

/** A real difference, for contrast: another path. */
const different: ParserAdapter = { name: 'different', parse: (input) => (input === 'http://example.com/a%2Fb' ? { ...ours(input), href: 'http://example.com/a/b', pathname: '/a/b' } : ours(input)) };

const CASES = ['http://example.com', 'http://good.com:pa%40ss@evil.com/', 'http://example.com:80/x', 'http://example.com/a%2Fb', 'https://plain.example/'].map((input) => ({ input, base: null }));

describe('compare: meaning over notation', () => {
  it('what it forgives: RFC 3986 case and percent-encoding normalisation, an empty path and a default port, decoded userinfo, hosts by meaning', () => {
    expect(percentNormal('/a%2fb%7e%41')).to.equal('/a%2Fb~A');
    expect(percentDecoded('pa%40ss%C3%A9')).to.equal('pa@ssé');
    expect(portMeaning('80', 'http')).to.equal('');
    expect(portMeaning('0443', 'https')).to.equal('');
    expect(portMeaning('8080', 'http')).to.equal('8080');
    expect(portMeaning('', 'foo')).to.equal('');
    expect(pathMeaning('', 'http', true)).to.equal('/');
    expect(pathMeaning('', 'foo', true)).to.equal('');
    expect(hrefMeaning('HTTP://EXAMPLE.com:80')).to.equal(hrefMeaning('http://example.com/'));
    expect(hrefMeaning('http://u:pa%40ss@h/')).to.equal(hrefMeaning('http://u:pa@ss@h/'));
    expect(hrefMeaning('http://h/a/../b')).to.not.equal(hrefMeaning('http://h/b'));
    expect(hrefMeaning('http://h/a b')).to.not.equal(hrefMeaning('http://h/a%20b'));
    expect(meaningOf('hostname', { ...ours('https://example.com/'), hostname: 'EXAMPLE.COM.' })).to.equal('example.com');
    expect(FORGIVEN.map((f) => f.id)).to.deep.equal(['case', 'unreserved', 'empty-path', 'default-port', 'userinfo', 'host']);
  });

  it('by default the matrix and the classes count no notation; "notation only" lists it; --equivalence exact counts it all', async () => {
    const meaning = await compareStream(CASES, { adapters: [notational, different], workers: 0 });
    expect(meaning.equivalence).to.equal('meaning');
    const n = meaning.adapters.find((a) => a.name === 'notational')!;
    // every component agrees in meaning; as text, four hrefs and a few components differ
    for (const k of ['href', 'host', 'port', 'pathname', 'password'] as const) expect(n.components[k].agreed, k).to.equal(n.components[k].compared);
    expect(n.components.href).to.deep.include({ compared: 5, agreed: 5, exact: 2 });
    expect(n.components.password).to.deep.include({ compared: 5, agreed: 5, exact: 4 });
    const cls = Object.fromEntries(meaning.classes.map((c) => [c.id, c]));
    for (const id of ['path', 'port', 'credentials', 'serialization']) expect(cls[id].byParser.notational, id).to.equal(0);
    // a real difference still counts
    expect(cls.path.byParser.different).to.equal(1);
    // what was forgiven, each with the parser's own values
    const notation = cls.notation;
    expect(notation.byParser).to.deep.equal({ notational: 4, different: 0 });
    const forgiven = notation.rootCauses.flatMap((c) => c.examples.map((e) => `${e.input} ${JSON.stringify(e.difference)}`));
    expect(forgiven).to.include.members([
      'http://example.com {"reference":"/","parser":""}',
      'http://good.com:pa%40ss@evil.com/ {"reference":"pa%40ss","parser":"pa@ss"}',
      'http://example.com:80/x {"reference":"","parser":"80"}',
      'http://example.com/a%2Fb {"reference":"/a%2Fb","parser":"/a%2fb"}',
    ]);

    const exact = await compareStream(CASES, { adapters: [notational, different], workers: 0, equivalence: 'exact' });
    const e = exact.adapters.find((a) => a.name === 'notational')!;
    expect(e.components.href).to.deep.include({ compared: 5, agreed: 2, exact: 2 });
    const ecls = Object.fromEntries(exact.classes.map((c) => [c.id, c]));
    expect(ecls.path.byParser.notational).to.equal(2);
    expect(ecls.port.byParser.notational).to.equal(1);
    expect(ecls.credentials.byParser.notational).to.equal(1);
    expect(ecls.notation.cases).to.equal(0);
  });

  it('the CLI: --json says how it compared and what it forgave, the reports list it, and --equivalence takes meaning or exact', async () => {
    const corpus = CASES.map((c) => c.input).join('\n') + '\n';
    const files: Record<string, string> = { 'c.txt': corpus };
    const io = () => captureIO({ readFile: (p) => Buffer.from(files[p] ?? readFileSync(p, 'utf8')), openRead: (p) => [Buffer.from(files[p] ?? readFileSync(p, 'utf8'))], fileSize: (p) => Buffer.byteLength(files[p] ?? readFileSync(p, 'utf8')) });
    const json = io();
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'node', '--json', '--workers', '0'], json.io)).to.equal(0);
    const rep = JSON.parse(json.out()) as { equivalence: string; forgiven: string[] };
    expect(rep.equivalence).to.equal('meaning');
    expect(rep.forgiven).to.deep.equal(FORGIVEN.map((f) => f.text));
    const exact = io();
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--against', 'node', '--json', '--workers', '0', '--equivalence', 'exact'], exact.io)).to.equal(0);
    expect(JSON.parse(exact.out())).to.not.have.property('forgiven');
    const bad = io();
    expect(await mainAsync(['compare', '--corpus', 'c.txt', '--equivalence', 'loose'], bad.io)).to.equal(2);
    expect(bad.err().trim()).to.equal('error: --equivalence wants meaning or exact, not "loose"');
  });
});
