// The viewer's logic without a browser (url-grammar issue 38): the permalink's fragment for every
// urltestdata.json input, what the parser did from input to href with the step of each change,
// and the UTS #46 step and code point behind a domain's changes and errors.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWithDiagnostics, URL as OurURL } from 'url-grammar';
import { errorStep, groupChanges, whatTheParserDid, type Change } from '../src/changes';
import { explainDomain, mappingOf } from '../src/idna';
import fc from 'fast-check';
import { viewerFragment } from '../src/cli';
import { escapeText, unescapeText } from '../src/escapes';
import { fragmentOf, stateFromFragment, type PageState } from '../src/permalink';
import { CORE_ROOT } from './support/cli';
import { diagramData } from '../src/diagrams';

interface WptCase {
  input: string;
  base: string | null;
  failure?: boolean;
}

const cases = (JSON.parse(readFileSync(join(CORE_ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[]).filter((c): c is WptCase => typeof c === 'object' && c !== null && 'input' in c);

/** The ids of url.bs (what a link into the standard can name), as viewer.test.ts reads them. */
function specIds(): Set<string> {
  const bs = readFileSync(join(CORE_ROOT, 'test', 'spec', 'url.bs'), 'utf8');
  const ids = new Set<string>();
  for (const m of bs.matchAll(/\bid=["']?([^\s"'>]+)/g)) ids.add(m[1]);
  return ids;
}

const changesOf = (input: string, base?: string): Change[] => {
  const d = parseWithDiagnostics(input, base === undefined ? {} : { baseURL: base });
  return whatTheParserDid({ input, record: d.record, url: d.url, hasBase: base !== undefined });
};
const said = (list: Change[]) => list.map((c) => [c.anchor, c.start, c.end]);

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

describe('viewer: what the parser did', () => {
  it('names the step of each change: lower-casing, the default port, dot segments, percent-encoding', () => {
    const list = changesOf('HTTPS://user:pa ss@EXAMPLE.com:443/a/./b/../%7e?q=\u00fc b#f g');
    expect(said(list)).to.deep.equal([
      ['scheme-state', 0, 5],
      ['authority-state', 15, 16],
      ['concept-domain-to-ascii', 19, 26],
      ['port-state', 30, 34],
      ['single-dot-path-segment', 37, 38],
      ['double-dot-path-segment', 41, 43],
      ['query-state', 50, 51],
      ['query-state', 51, 52],
      ['fragment-state', 55, 56],
    ]);
    expect(list[3].what).to.equal('443 is the default port of https: the port becomes null and is not written');
    expect(list[6].what).to.equal('U+00FC "\u00fc" is percent-encoded as %C3%BC (it is in the special-query percent-encode set (after encoding with the encoding))');
  });

  it('a Windows drive letter, an IPv4 host read as hex and a 24-bit part, an IPv6 host, preprocessing', () => {
    expect(said(changesOf('file:///C|/x'))).to.deep.equal([['path-state', 9, 10]]);
    const ipv4 = changesOf('http://0x7f.1/');
    expect(ipv4.map((c) => c.what)).to.deep.equal([
      'the host ends in a number, so it is an IPv4 address: "0x7f" is hexadecimal; "1" is decimal, the last part: a 24-bit number; it is the number 2130706433',
      'the address is written as four decimal parts: 127.0.0.1',
    ]);
    expect(said(changesOf('http://[::1.2.3.4]/'))).to.deep.equal([['concept-ipv6-serializer', 7, 18]]);
    expect(said(changesOf(' https://a\n/b\tc '))).to.deep.equal([
      ['concept-basic-url-parser', 0, 1],
      ['concept-basic-url-parser', 10, 11],
      ['concept-basic-url-parser', 13, 14],
      ['concept-basic-url-parser', 15, 16],
    ]);
    expect(said(changesOf('file://localhost/x'))).to.deep.equal([['file-host-state', 7, 16]]);
    expect(said(changesOf('https:\\\\a\\b'))).to.deep.equal([['special-authority-ignore-slashes-state', 6, 8], ['path-state', 9, 10]]);
    // taken from the base URL
    expect(changesOf('?q', 'https://a/b').map((c) => c.what)).to.deep.equal(['the scheme "https" is the base URL\'s', 'the host "a" is the base URL\'s']);
  });

  it('a domain: the UTS #46 mapping of each code point, and Punycode', () => {
    const zwsp = changesOf('https://ex\u200Bample.com/');
    expect(zwsp.map((c) => [c.step, c.what, c.start, c.end])).to.deep.equal([['UTS #46 Processing step 1 (Map)', 'U+200B "\u200B" is ignored: removed', 10, 11]]);
    expect(changesOf('https://B\u00fccher.example/').map((c) => c.what)).to.deep.equal(['U+0042 "B" is mapped to "b"', 'label 1 "b\u00fccher" is written in Punycode: "xn--bcher-kva"']);
  });

  it('groups identical changes', () => {
    const list = changesOf(`https://a/${'b c/'.repeat(5)}`);
    const groups = groupChanges(list);
    expect(groups.map((g) => [g.change.anchor, g.starts, g.ends])).to.deep.equal([['path-state', [11, 15, 19, 23, 27], [12, 16, 20, 24, 28]]]);
  });

  it('for every urltestdata.json input that parses: each change is inside the input, in order, and its step is an anchor of the standard', () => {
    const ids = specIds();
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

  it("each validation error's step is an anchor of the standard", () => {
    const ids = specIds();
    for (const c of cases) {
      const d = parseWithDiagnostics(c.input, c.base && OurURL.parse(c.base) ? { baseURL: c.base } : {});
      for (const e of d.errors) expect(ids.has(errorStep(e, d.record).anchor), `${e.type} in ${JSON.stringify(c.input)}`).to.equal(true);
    }
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
    expect(first('a.')).to.deep.equal([{ step: 'ToASCII step 3 (VerifyDnsLength)', codePoint: undefined, strictOnly: true }]);
    expect(first('xn--a.com')).to.deep.equal([{ step: 'Processing step 4 (Convert/Validate)', codePoint: undefined, strictOnly: true }]);
    // a space: only beStrict's STD3 rules see it in UTS #46; the domain parser fails on it after
    expect(first('a b')).to.deep.equal([
      { step: 'Validity criterion 7 (UseSTD3ASCIIRules)', codePoint: 0x20, strictOnly: true },
      { step: 'URL Standard, domain to ASCII', codePoint: 0x20, strictOnly: false },
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
