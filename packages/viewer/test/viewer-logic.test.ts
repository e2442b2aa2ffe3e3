// The viewer's logic without a browser (url-grammar issue 38): the permalink's fragment for every
// urltestdata.json input, what the parser did from input to href with the step of each change,
// and the UTS #46 step and code point behind a domain's changes and errors.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWithDiagnostics, SPEC_COMMIT, specLink, URL as OurURL, URL_PARSER_STATES } from 'url-grammar';
import { errorGroups, groupChanges, whatTheParserDid, type Change } from '../src/changes';
import { explainDomain, mappingOf } from '../src/idna';
import fc from 'fast-check';
import { viewerFragment } from '../src/cli';
import { escapeText, unescapeText } from '../src/escapes';
import { fragmentOf, stateFromFragment, type PageState } from '../src/permalink';
import { CORE_ROOT } from './support/cli';
import { specAnchors } from '../../../test/support/spec-ids';
import { diagramData } from '../src/diagrams';

interface WptCase {
  input: string;
  base: string | null;
  failure?: boolean;
}

const cases = (JSON.parse(readFileSync(join(CORE_ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[]).filter((c): c is WptCase => typeof c === 'object' && c !== null && 'input' in c);

/** The ids of url.bs (what a link into the standard can name), as viewer.test.ts reads them. */

const changesOf = (input: string, base?: string): Change[] => {
  const d = parseWithDiagnostics(input, { ...(base === undefined ? {} : { baseURL: base }), changes: true });
  return whatTheParserDid(d.changes, d.url);
};

describe('viewer: the permalink', () => {
  it('every urltestdata.json input and base round-trips through the fragment', () => {
    expect(cases.length).to.be.greaterThan(800);
    for (const c of cases) {
      const state: PageState = { url: c.input, base: c.base, encoding: 'UTF-8', second: null };
      const fragment = fragmentOf(state);
      // Only what a fragment keeps as it is: no browser re-encodes it.
      expect(fragment, JSON.stringify(c.input)).to.match(/^#[A-Za-z0-9%*._+=&-]*$/);
      expect(stateFromFragment(fragment), JSON.stringify(c.input)).to.deep.equal(state);
    }
  });

  it('keeps CR, LF, tabs, bidi controls and lone surrogates, and the second state of the side-by-side mode', () => {
    const state: PageState = { url: 'a\r\n\tb\u202E\uD800c', base: 'https://x/\uDC00', encoding: 'windows-1252', second: { url: 'b', base: 'https://x/\uDC00', encoding: 'UTF-8' } };
    const fragment = fragmentOf(state);
    expect(fragment).to.equal('#url=a%0D%0A%09b%E2%80%AE%ED%A0%80c&base=https%3A%2F%2Fx%2F%ED%B0%80&encoding=windows-1252&url2=b&encoding2=UTF-8');
    expect(stateFromFragment(fragment)).to.deep.equal(state);
    // an older link, and one that names no URL
    expect(stateFromFragment('#url=a+b&encoding=latin1')).to.deep.equal({ url: 'a b', base: null, encoding: 'latin1', second: null });
    expect(stateFromFragment('#base=x')).to.equal(null);
  });

  // url-grammar issue 49: an explicit empty base, as new URL(input, "") has it, is not the absence of one.
  it('tells the empty string as the base from no base, in the first column; the second column has no base of its own or the first\'s', () => {
    const empty: PageState = { url: 'a', base: '', encoding: 'UTF-8', second: null };
    expect(fragmentOf(empty)).to.equal('#url=a&base=');
    expect(stateFromFragment('#url=a&base=')).to.deep.equal(empty);
    expect(stateFromFragment('#url=a')).to.deep.equal({ ...empty, base: null });
    for (const second of [
      { url: 'b', base: null, encoding: 'UTF-8' },
      { url: 'b', base: 'https://y/', encoding: 'UTF-8' },
    ]) {
      for (const base of [null, '', 'https://x/']) {
        const state: PageState = { url: 'a', base, encoding: 'UTF-8', second };
        expect(stateFromFragment(fragmentOf(state)), JSON.stringify(state)).to.deep.equal(state);
      }
    }
  });

  // The package's viewerFragment (what `url-grammar viewer` and the language server link to) is
  // the page's own fragment: a lone surrogate is kept, not made U+FFFD.
  it("viewerFragment writes the page's fragment: lone surrogates kept, UTF-8 left out, no base for an empty one", () => {
    const url = 'https://h/a\uD800b\uDC00?\uDBFF\uDFFF';
    const fragment = viewerFragment(url, 'https://b/\uDFFF', 'windows-1252');
    expect(fragment).to.equal(fragmentOf({ url, base: 'https://b/\uDFFF', encoding: 'windows-1252', second: null }));
    expect(stateFromFragment(fragment)).to.deep.equal({ url, base: 'https://b/\uDFFF', encoding: 'windows-1252', second: null });
    expect(fragment).to.contain('%ED%A0%80').and.not.contain('%EF%BF%BD');
    expect(viewerFragment('https://a/', undefined, 'windows-1252')).to.equal('#url=https%3A%2F%2Fa%2F&encoding=windows-1252');
    expect(viewerFragment('https://a/', '', 'utf8')).to.equal('#url=https%3A%2F%2Fa%2F');
    expect(viewerFragment(undefined, undefined, undefined)).to.equal('');
  });
});

// url-grammar issue 49: the fields' \u{…} escapes.
describe('viewer: the \\u{…} escapes of the fields', () => {
  it('reads an escape as its code point, a surrogate\'s number as that code unit, and leaves the rest as it is', () => {
    expect(unescapeText('a\\u{9}b\\u{1F600}\\u{d800}\\u{110000}\\u{}\\u{1234567}\\u{41')).to.equal('a\tb\u{1F600}\uD800\\u{110000}\\u{}\\u{1234567}\\u{41');
    expect(escapeText('a\tb \u202E\uD800\u00a0\u{1F600}')).to.equal('a\\u{9}b \\u{202E}\\u{D800}\\u{A0}\u{1F600}');
    // a backslash that would start an escape is one
    expect(escapeText('\\u{41}\\u{110000}\\x')).to.equal('\\u{5C}u{41}\\u{110000}\\x');
  });

  it('gives back every string it writes out: every urltestdata.json input and any string of URL-ish, escape-ish and special code units', () => {
    for (const c of cases) expect(unescapeText(escapeText(c.input)), JSON.stringify(c.input)).to.equal(c.input);
    const unit = fc.constantFrom('\\', 'u', '{', '}', '1', 'F', 'g', ' ', '\t', '\n', '\r', '\u202E', '\uD800', '\uDC00', '\u00a0', '\u200B', 'a', '%', '/');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }).map((a) => a.join('')), (s) => unescapeText(escapeText(s)) === s),
      { numRuns: 2000 },
    );
    // nothing drawn as an atom is left in what is written out
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => !/[\u0000-\u001f\u202E]/.test(escapeText(s)) && unescapeText(escapeText(s)) === s));
  });
});

describe('viewer: what the parser did, from the pass', () => {
  it('names the state and the algorithm of each change as the pass recorded it: lower-casing, the default port, dot segments, percent-encoding', () => {
    const list = changesOf('HTTPS://user:pa ss@EXAMPLE.com:443/a/./b/../%7e?q=\u00fc b#f g');
    expect(list.map((c) => [c.step, c.start, c.end])).to.deep.equal([
      ['scheme state', 0, 5],
      ['authority state', 15, 16],
      ['domain parser, called by the host state', 19, 26],
      ['port state', 30, 34],
      ['path state', 37, 38],
      ['path state', 41, 43],
      ['query state', 50, 51],
      ['query state', 51, 52],
      ['fragment state', 55, 56],
    ]);
    expect(list[3].what).to.equal('"443" is the default port of the scheme: the port is null and ":443" is not written');
    expect(list[5].what).to.equal('a double-dot segment removes the path\'s last segment "b"');
    expect(list[6].what).to.equal('U+00FC "\u00fc" is percent-encoded as %C3%BC (it is in the special-query percent-encode set)');
  });

  // The inputs of issue 46, each explained as url.bs has it.
  it('says every component taken from the base URL, and a ".." that removes nothing', () => {
    const deep = changesOf('../../../c', 'http://u:p@h:81/a/b?q');
    expect(deep.filter((c) => c.start === -1).map((c) => c.what)).to.deep.equal([
      'the scheme "http" is the base URL\'s',
      'the username "u" is the base URL\'s',
      'the password "p" is the base URL\'s',
      'the host "h" is the base URL\'s',
      'the port "81" is the base URL\'s',
      'the path "/a" is the base URL\'s',
      'the base URL\'s last path segment "b" is removed',
    ]);
    expect(deep.filter((c) => c.start === -1).every((c) => c.step === 'relative state')).to.equal(true);
    const dots = deep.filter((c) => c.start !== -1);
    expect(dots.map((c) => [c.step, c.start, c.end])).to.deep.equal([['path state', 0, 2], ['path state', 3, 5], ['path state', 6, 8]]);
    expect(dots[0].what).to.contain('removes the path\'s last segment "a"');
    for (const d of dots.slice(1)) expect(d.what).to.contain('removes nothing');
    // a fragment alone keeps the base URL's query too
    expect(changesOf('#f', 'http://h/p?q').map((c) => c.what)).to.include('the query "q" is the base URL\'s');
  });

  it('lower-casing in a domain covers the percent-encoded letter it decodes from', () => {
    const list = changesOf('http://ex%41mple/');
    expect(list.map((c) => [c.step, c.start, c.end])).to.deep.equal([['host parser, called by the host state', 9, 12], ['domain parser, called by the host state', 9, 12]]);
    expect(list[1].what).to.equal('"%41" is lower-cased: "a"');
  });

  it('names UTS #46 steps as the revision tr46 implements numbers them, and the domain parser as url.bs names it', () => {
    const list = changesOf('https://B\u00fccher.example/');
    expect(list.map((c) => c.step)).to.deep.equal(['domain parser, called by the host state', 'UTS #46 Processing step 1 (Map)', 'UTS #46 ToASCII step 3 (Punycode)']);
    expect(list.map((c) => [c.start, c.end])).to.deep.equal([[8, 22], [8, 9], [8, 22]]);
    const zwsp = changesOf('https://ex\u200Bample.com/');
    expect(zwsp.map((c) => [c.step, c.what, c.start, c.end])).to.deep.equal([
      ['domain parser, called by the host state', 'the domain "ex\u200Bample.com" is written "example.com"', 8, 20],
      ['UTS #46 Processing step 1 (Map)', 'U+200B "\u200B" is ignored: removed', 10, 11],
    ]);
    expect(explainDomain('a'.repeat(64)).map((f) => f.step)).to.include('ToASCII step 4 (VerifyDnsLength)');
  });

  it('links each step to url.bs at the pinned commit', () => {
    for (const c of [...changesOf('HTTPS://a:@EX.com:443/./b/../%7e?\u00fc#\u00fc'), ...changesOf('http://[::1.2.3.4]/'), ...changesOf('http://0x7f.1/')]) {
      if (c.spec === 'uts46') expect(c.href).to.match(/^https:\/\/www\.unicode\.org\/reports\/tr46\/#/);
      else expect(c.href, c.what).to.equal(specLink(c.anchor)).and.to.match(new RegExp(`^https://github\\.com/whatwg/url/blob/${SPEC_COMMIT}/url\\.bs#L\\d+$`));
    }
  });

  it('a Windows drive letter, an IPv4 host, an IPv6 host, preprocessing, localhost, backslashes', () => {
    expect(changesOf('file:///C|/x').map((c) => [c.step, c.start, c.end])).to.deep.equal([['path state', 9, 10]]);
    expect(changesOf('http://0x7f.1/').map((c) => [c.step, c.what])).to.deep.equal([
      ['IPv4 number parser, called by the host state', '"0x7f" starts with "0x": the IPv4 number parser reads it in hexadecimal, as 127'],
      ['IPv4 parser, called by the host state', 'the host "0x7f.1" ends in a number: it is an IPv4 address, written as four decimal numbers: "127.0.0.1"'],
    ]);
    expect(changesOf('http://010.0.0.1/').map((c) => c.what)[0]).to.equal('"010" starts with "0": the IPv4 number parser reads it in octal, as 8');
    expect(changesOf('http://[::1.2.3.4]/').map((c) => [c.anchor, c.start, c.end])).to.deep.equal([['concept-ipv6-serializer', 7, 18]]);
    expect(changesOf(' https://a\n/b\tc ').map((c) => [c.step, c.start, c.end])).to.deep.equal([
      ['basic URL parser, before its state machine', 0, 1],
      ['basic URL parser, before its state machine', 10, 11],
      ['basic URL parser, before its state machine', 13, 14],
      ['basic URL parser, before its state machine', 15, 16],
    ]);
    expect(changesOf('file://localhost/x').map((c) => [c.step, c.start, c.end])).to.deep.equal([['file host state', 7, 16]]);
    expect(changesOf('https:\\\\a\\b').map((c) => [c.step, c.start, c.end])).to.deep.equal([['special authority ignore slashes state', 6, 8], ['path start state', 9, 10]]);
  });

  it('groups identical changes', () => {
    const list = changesOf(`https://a/${'b c/'.repeat(5)}`);
    const groups = groupChanges(list);
    expect(groups.map((g) => [g.change.anchor, g.starts, g.ends])).to.deep.equal([['path-state', [11, 15, 19, 23, 27], [12, 16, 20, 24, 28]]]);
  });

  it('for every urltestdata.json input that parses: each change is inside the input, in order, and its step is an anchor of url.bs', () => {
    const ids = specAnchors();
    let total = 0;
    for (const c of cases) {
      if (c.failure) continue;
      const base = c.base ?? undefined;
      if (base !== undefined && OurURL.parse(base) === null) continue;
      const list = changesOf(c.input, base);
      total += list.length;
      for (const change of list) {
        const label = `${JSON.stringify(c.input)}: ${change.what}`;
        if (change.spec === 'url') expect(ids.has(change.anchor), label).to.equal(true);
        else expect(change.anchor, label).to.match(/^https:\/\/www\.unicode\.org\/reports\/tr46\/#/);
        if (change.start === -1) continue;
        expect(change.start, label).to.be.within(0, c.input.length);
        expect(change.end, label).to.be.within(change.start, c.input.length);
      }
      const placed = list.filter((x) => x.start !== -1).map((x) => x.start);
      expect(placed, JSON.stringify(c.input)).to.deep.equal([...placed].sort((a, b) => a - b));
    }
    expect(total).to.be.greaterThan(500);
  });
});

describe('viewer: where each validation error was reported, from the pass', () => {
  const groupsOf = (input: string, base?: string) => errorGroups(parseWithDiagnostics(input, base === undefined ? {} : { baseURL: base }).errors).map((g) => [g.errors[0].type, g.errors.length, g.by.text]);

  it("names the state url.bs reports each of issue 46's inputs in", () => {
    expect(groupsOf('http://@/')).to.deep.equal([['invalid-credentials', 1, 'the authority state'], ['host-missing', 1, 'the authority state']]);
    // one type, two states: two groups
    expect(groupsOf('http:\\\\a/')).to.deep.equal([['special-scheme-missing-following-solidus', 1, 'the special authority slashes state'], ['special-scheme-missing-following-solidus', 2, 'the special authority ignore slashes state']]);
    expect(groupsOf('file:\\\\h\\p')).to.deep.equal([
      ['special-scheme-missing-following-solidus', 1, 'the scheme state'],
      ['invalid-reverse-solidus', 1, 'the file state'],
      ['invalid-reverse-solidus', 1, 'the file slash state'],
      ['invalid-reverse-solidus', 1, 'the path start state'],
    ]);
    expect(groupsOf('\\x', 'http://b/c/d?q#f')).to.deep.equal([['invalid-reverse-solidus', 1, 'the relative state']]);
    expect(groupsOf('http://a\\b')).to.deep.equal([['invalid-reverse-solidus', 1, 'the path start state']]);
    expect(groupsOf('sc://a%zz/')).to.deep.equal([['invalid-URL-unit', 1, 'the opaque-host parser, called by the host state']]);
    expect(groupsOf('http://ex%41mple/')).to.deep.equal([['domain-percent-encoded', 1, 'the host parser, called by the host state']]);
  });

  it('links each to url.bs at the pinned commit', () => {
    for (const g of errorGroups(parseWithDiagnostics('http://a:b@[1::2::3]:99999/\\ \u0000').errors)) expect(g.by.href).to.equal(specLink(g.by.anchor)).and.to.contain(`/url/blob/${SPEC_COMMIT}/url.bs#L`);
  });
});

describe('viewer: the explanation of every WPT input names only steps the pass took', () => {
  it('every state and algorithm the viewer names for a change or an error is one the pass recorded for that input', () => {
    let named = 0;
    for (const c of cases) {
      const base = c.base ?? undefined;
      if (base !== undefined && OurURL.parse(base) === null) continue;
      const d = parseWithDiagnostics(c.input, { ...(base === undefined ? {} : { baseURL: base }), changes: true });
      const took = new Set<string>();
      for (const x of [...d.errors, ...(d.changes ?? [])]) took.add(x.step).add(x.state === null ? 'concept-basic-url-parser' : URL_PARSER_STATES[x.state]);
      const domainRewritten = (d.changes ?? []).some((x) => x.step === 'concept-domain-to-ascii' && x.kind === 'rewritten');
      for (const change of whatTheParserDid(d.changes, d.url)) {
        named++;
        if (change.spec === 'uts46') expect(domainRewritten, `${JSON.stringify(c.input)}: ${change.step}`).to.equal(true);
        else expect(took.has(change.anchor), `${JSON.stringify(c.input)}: ${change.step}`).to.equal(true);
      }
      for (const g of errorGroups(d.errors)) {
        named++;
        // the group's state and algorithm are those of each error in it
        for (const e of g.errors) expect([e.state, e.step]).to.deep.equal([g.errors[0].state, g.errors[0].step]);
        expect(took.has(g.by.anchor), `${JSON.stringify(c.input)}: ${g.by.text}`).to.equal(true);
      }
    }
    expect(named).to.be.greaterThan(1000);
  });
});

describe('viewer: the UTS #46 steps of a domain', () => {
  const first = (domain: string) => explainDomain(domain).filter((f) => f.error).map((f) => ({ step: f.step, codePoint: f.codePoint, strictOnly: f.strictOnly ?? false }));

  it('reads the mapping table through the core: mapped, ignored, deviation, disallowed, valid', () => {
    expect(mappingOf('B')).to.deep.equal({ status: 'mapped', to: 'b' });
    expect(mappingOf('\u200B')).to.deep.equal({ status: 'ignored', to: '' });
    expect(mappingOf('\u00df')).to.deep.equal({ status: 'deviation', to: '\u00df' });
    expect(mappingOf('\u202E')).to.deep.equal({ status: 'disallowed', to: '\u202E' });
    expect(mappingOf('\u0301')).to.deep.equal({ status: 'valid', to: '\u0301' });
    expect(mappingOf('\u05D0')).to.deep.equal({ status: 'valid', to: '\u05D0' });
    expect(mappingOf('\uFF21')).to.deep.equal({ status: 'mapped', to: 'a' });
  });

  it('says the validity criterion and the code point of an error, and whether only beStrict makes it', () => {
    expect(first('ex_ample.com')).to.deep.equal([{ step: 'Validity criterion 7 (UseSTD3ASCIIRules)', codePoint: 0x5f, strictOnly: true }]);
    expect(first('a\u202Eb.com')).to.deep.equal([{ step: 'Validity criterion 7 (status)', codePoint: 0x202e, strictOnly: false }]);
    expect(first('\u0301a.com')).to.deep.equal([{ step: 'Validity criterion 6', codePoint: 0x301, strictOnly: false }]);
    expect(first('a-.com')).to.deep.equal([{ step: 'Validity criterion 3 (CheckHyphens)', codePoint: 0x2d, strictOnly: true }]);
    expect(first('ab--c.com')).to.deep.equal([{ step: 'Validity criterion 2 (CheckHyphens)', codePoint: 0x2d, strictOnly: true }]);
    expect(first('a\u200Db.com')).to.deep.equal([{ step: 'Validity criterion 8 (CheckJoiners)', codePoint: 0x200d, strictOnly: false }]);
    expect(first('\u05D0a.com')).to.deep.equal([{ step: 'Validity criterion 9 (CheckBidi)', codePoint: undefined, strictOnly: false }]);
    expect(first('a.')).to.deep.equal([{ step: 'ToASCII step 4 (VerifyDnsLength)', codePoint: undefined, strictOnly: true }]);
    expect(first('xn--a.com')).to.deep.equal([{ step: 'Processing step 4 (Convert/Validate)', codePoint: undefined, strictOnly: true }]);
    // a space: only beStrict's STD3 rules see it in UTS #46; the domain parser fails on it after
    expect(first('a b')).to.deep.equal([
      { step: 'Validity criterion 7 (UseSTD3ASCIIRules)', codePoint: 0x20, strictOnly: true },
      { step: 'URL Standard, the domain parser', codePoint: 0x20, strictOnly: false },
    ]);
    expect(first('example.com')).to.deep.equal([]);
  });

  it('agrees with the core on which domains hold an error, for every host of urltestdata.json', () => {
    for (const c of cases) {
      const d = parseWithDiagnostics(c.input, c.base && OurURL.parse(c.base) ? { baseURL: c.base } : {});
      const host = d.record?.host?.text;
      // (an IPv6 address, a percent-encoded host, a drive letter where a host would be, a host that is not special: no domain)
      if (!host || host.startsWith('[') || /%/.test(host) || /^[A-Za-z][:|]$/.test(host) || !/^(?:https?|wss?|ftp|file)$/i.test(d.record?.scheme?.text ?? 'http')) continue;
      const reported = d.errors.some((e) => e.type === 'domain-to-ASCII');
      const explained = explainDomain(host).some((f) => f.error);
      expect(explained, `${JSON.stringify(c.input)}: host ${JSON.stringify(host)}`).to.equal(reported);
    }
  });
});

describe('viewer: the diagrams of a long input', function () {
  this.timeout(60_000);

  it('a 110 KB input is traced whole (a trace of 100,000 entries spread into push overflowed the stack at 102 KB)', () => {
    const input = 'https://example.com/' + 'a/'.repeat(55_000);
    const d = diagramData(input, null, null);
    expect(d.url.trace.length).to.be.greaterThan(110_000);
    // every parent is an entry before it, or none
    expect(d.url.trace.every((e, i) => e.parent >= -1 && e.parent < i)).to.equal(true);
  });
});
