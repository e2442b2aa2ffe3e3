// The writing checker (grammar/writing.ts, src/check/writing.ts), explain (src/check/explain.ts) and the
// `check` subcommand:
//   (a) isValidURLString agrees with whatwg-url's on every WPT urltestdata input (except the
//       listed disagreements, each with the spec text that decides it);
//   (b) every example of url.bs that says whether an input is valid gives that verdict;
//   (c) problems name the writing rule that fails and where; relativeFor per kind of base URL;
//   (d) explain says what makes the difference where the parser and the writing rules disagree;
//   (e) `url-grammar check` through main() with an in-process IO.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WRITING_ENTRY_RULES, WRITING_GRAMMAR, WRITING_TOKEN_RULES } from '../grammar/writing';
import { runCli } from './support/cli';
import { URL } from '../src/index';
import { explain } from '../src/check/explain';
import { blame } from '../src/grammar/blame';
import { compileEntry } from '../src/grammar/compile';
import { lintGrammar } from '../src/grammar/lint';
import {
  checkAbsoluteURLString,
  checkURLString,
  isValidDomainString,
  isValidHostString,
  isValidIPv4AddressString,
  isValidIPv6AddressString,
  isValidOpaqueHostString,
  isValidURLPortString,
  isValidURLString,
  relativeURLWithFragmentFor,
} from '../src/check/writing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as {
  parseURL(input: string, options?: { baseURL?: unknown }): unknown;
  isValidURLString(input: string, options?: { baseURL?: unknown }): boolean;
};

interface WptCase {
  input: string;
  base: string | null;
}

function wptCases(file: string): WptCase[] {
  const data: unknown[] = JSON.parse(readFileSync(join(__dirname, 'wpt', file), 'utf8'));
  return data.filter((c): c is WptCase => typeof c === 'object' && c !== null);
}

/** whatwg-url's checker takes the base URL as a URL record. */
function theirVerdict(input: string, base: string | null): boolean {
  return whatwg.isValidURLString(input, { baseURL: base === null ? null : whatwg.parseURL(base) });
}

const ALL_ENTRIES: string[] = Object.values(WRITING_ENTRY_RULES).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)));

// ---- (a) whatwg-url ------------------------------------------------------------------------------

/**
 * WPT inputs where this checker and whatwg-url 17.3.0's isValidURLString disagree, with who is
 * right by url.bs and why. There are none: both read the URL-writing section the same way on
 * every input (a fuzz of a few hundred thousand inputs, hosts and IPv6 addresses included, found
 * none either). The test asserts that each listed input still disagrees and that no other does.
 */
const WHATWG_URL_DISAGREEMENTS: Array<{ input: string; base: string | null; ours: boolean; reason: string }> = [];

describe('writing: isValidURLString agrees with whatwg-url on every WPT input', () => {
  for (const file of ['urltestdata.json', 'urltestdata-javascript-only.json']) {
    describe(file, () => {
      const cases = wptCases(file);
      cases.forEach((c, i) => {
        it(`#${i} ${JSON.stringify(c.input)}${c.base === null ? '' : ` against ${JSON.stringify(c.base)}`}`, () => {
          const ours = isValidURLString(c.input, { baseURL: c.base });
          const theirs = theirVerdict(c.input, c.base);
          const listed = WHATWG_URL_DISAGREEMENTS.find((d) => d.input === c.input && d.base === c.base);
          if (listed) {
            expect(ours, listed.reason).to.equal(listed.ours);
            expect(theirs, 'whatwg-url still disagrees').to.equal(!listed.ours);
          } else {
            expect(ours).to.equal(theirs);
          }
          // the full check gives the same verdict as the boolean form, and a reason when invalid
          const check = checkURLString(c.input, { baseURL: c.base });
          expect(check.valid).to.equal(ours);
          expect(check.problems.length > 0).to.equal(!ours);
        });
      });
    });
  }

  it('every listed disagreement is a WPT input', () => {
    const all = wptCases('urltestdata.json');
    for (const d of WHATWG_URL_DISAGREEMENTS) expect(all.some((c) => c.input === d.input && c.base === d.base), d.input).to.equal(true);
  });
});

describe('writing: the grammar', () => {
  it('passes the grammar lint', () => {
    expect(lintGrammar(WRITING_GRAMMAR, ALL_ENTRIES)).to.deep.equal([]);
  });

  it('token rules are rules of the grammar', () => {
    for (const name of WRITING_TOKEN_RULES) expect(WRITING_GRAMMAR, name).to.have.property(name);
  });



  it("blame.ts fails where the compiled parser's explain() fails, on every WPT input and entry rule", () => {
    let failures = 0;
    for (const file of ['urltestdata.json', 'urltestdata-javascript-only.json']) {
      for (const c of wptCases(file)) {
        for (const entry of ALL_ENTRIES) {
          const f = compileEntry(WRITING_GRAMMAR, entry).explain(c.input);
          const b = blame(WRITING_GRAMMAR, entry, c.input);
          if ('furthest' in f) {
            failures++;
            expect(b, `${entry} ${JSON.stringify(c.input)}`).to.not.equal(null);
            expect(b!.furthest, `${entry} ${JSON.stringify(c.input)}`).to.equal(f.furthest);
            // what the compiled parser expected is there too (its compound shapes are named after their rule)
            for (const e of f.expected) if (e.startsWith('"') || e === 'end of input') expect(b!.expected, `${entry} ${JSON.stringify(c.input)}`).to.include(e);
          } else {
            expect(b, `${entry} ${JSON.stringify(c.input)}`).to.equal(null);
          }
        }
      }
    }
    expect(failures).to.be.greaterThan(1000);
  });
});

// ---- (b) the examples of url.bs ------------------------------------------------------------------

/** [input, base, valid, where in url.bs] */
type Example = [string, string | null, boolean, string];

const SPEC_EXAMPLES: Example[] = [
  // §4 URLs, example-url-parsing: the Input / Base / Valid / Output table
  ['https:example.org', null, false, 'example-url-parsing'],
  ['https://////example.com///', null, false, 'example-url-parsing'],
  ['https://example.com/././foo', null, true, 'example-url-parsing'],
  ['hello:world', 'https://example.com/', true, 'example-url-parsing'],
  ['https:example.org', 'https://example.com/', false, 'example-url-parsing'],
  ['\\example\\..\\demo/.\\', 'https://example.com/', false, 'example-url-parsing'],
  ['example', 'https://example.com/demo', true, 'example-url-parsing'],
  ['file:///C|/demo', null, false, 'example-url-parsing'],
  ['..', 'file:///C:/demo', true, 'example-url-parsing'],
  ['file://localhost/', null, true, 'example-url-parsing'],
  ['file://loc%61lhost/', null, false, 'example-url-parsing'],
  ['https://user:password@example.org/', null, false, 'example-url-parsing'],
  ['https://example.org/foo bar', null, false, 'example-url-parsing'],
  ['https://EXAMPLE.com/../x', null, true, 'example-url-parsing'],
  ['https://ex ample.org/', null, false, 'example-url-parsing'],
  ['example', null, false, 'example-url-parsing ("due to lack of base")'],
  ['https://example.com:demo', null, false, 'example-url-parsing'],
  ['http://[www.example.com]/', null, false, 'example-url-parsing'],
  ['https://example.org//', null, true, 'example-url-parsing'],
  ['https://example.com/[]?[]#[]', null, false, 'example-url-parsing'],
  ['https://example/%?%#%', null, false, 'example-url-parsing'],
  ['https://example/%25?%25#%25', null, true, 'example-url-parsing'],
  // §4.1 URL representation, example-url-components: "how valid URL strings ... map to a URL's components"
  ['https://example.com/', null, true, 'example-url-components'],
  ['https://localhost:8000/search?q=text#hello', null, true, 'example-url-components'],
  ['urn:isbn:9780307476463', null, true, 'example-url-components'],
  ['file:///ada/Analytical%20Engine/README.md', null, true, 'example-url-components'],
  // §4.3 URL writing, query-encoding-example: <a href="?sm&ouml;rg&aring;sbord"> in a document
  ['?sm\u00F6rg\u00E5sbord', 'https://example.com/', true, 'query-encoding-example'],
  // §1.2 Writing: the example inputs of the validation-error table each trigger a validation error
  ['https://exa%23mple.org', null, false, 'example-domain-invalid-code-point'],
  ['https://exam%70le.org', null, false, 'example-domain-percent-encoded'],
  ['foo://exa[mple.org', null, false, 'example-host-invalid-code-point'],
  ['https://127.0.0.1./', null, false, 'example-ipv4-empty-part'],
  ['https://1.2.3/', null, false, 'example-ipv4-too-few-parts'],
  ['https://1.2.3.4.5/', null, false, 'example-ipv4-too-many-parts'],
  ['https://test.42', null, false, 'example-ipv4-non-numeric-part'],
  ['https://127.0.0x0.1', null, false, 'example-ipv4-non-decimal-part'],
  ['https://255.255.4000.1', null, false, 'example-ipv4-out-of-range-part'],
  ['https://[::1', null, false, 'example-ipv6-unclosed'],
  ['https://[:1]', null, false, 'example-ipv6-invalid-compression'],
  ['https://[1:2:3:4:5:6:7:8:9]', null, false, 'example-ipv6-too-many-pieces'],
  ['https://[1::1::1]', null, false, 'example-ipv6-multiple-compression'],
  ['https://[1:2:3!:4]', null, false, 'IPv6-invalid-code-point'],
  ['https://[1:2:3:]', null, false, 'IPv6-invalid-code-point'],
  ['https://[1:2:3]', null, false, 'example-ipv6-too-few-pieces'],
  ['https://[::01]', null, false, 'example-ipv6-piece-leading-zero'],
  ['https://[1:1:1:1:1:1:1:127.0.0.1]', null, false, 'example-ipv4-in-ipv6-too-many-pieces'],
  ['https://[ffff::.0.0.1]', null, false, 'IPv4-in-IPv6-invalid-code-point'],
  ['https://[ffff::127.0.xyz.1]', null, false, 'IPv4-in-IPv6-invalid-code-point'],
  ['https://[ffff::127.0xyz]', null, false, 'IPv4-in-IPv6-invalid-code-point'],
  ['https://[ffff::127.00.0.1]', null, false, 'IPv4-in-IPv6-invalid-code-point'],
  ['https://[ffff::127.0.0.1.2]', null, false, 'IPv4-in-IPv6-invalid-code-point'],
  ['https://[ffff::127.0.0.4000]', null, false, 'example-ipv4-in-ipv6-out-of-range-part'],
  ['https://[ffff::127.0.0]', null, false, 'example-ipv4-in-ipv6-too-few-parts'],
  ['https://example.org/>', null, false, 'example-invalid-url-unit'],
  [' https://example.org ', null, false, 'example-invalid-url-unit'],
  ['ht\ntps://example.org', null, false, 'example-invalid-url-unit'],
  ['https://example.org/%s', null, false, 'example-invalid-url-unit'],
  ['file:c:/my-secret-folder', null, false, 'example-special-scheme-missing-following-solidus'],
  ['https:example.org', null, false, 'example-special-scheme-missing-following-solidus'],
  ['https:foo.html', 'https://example.org/', false, 'example-special-scheme-missing-following-solidus'],
  ['\u{1F4A9}', null, false, 'example-missing-scheme-non-relative-url'],
  ['\u{1F4A9}', 'mailto:user@example.org', false, 'example-missing-scheme-non-relative-url'],
  ['https://example.org\\path\\to\\file', null, false, 'example-invalid-reverse-solidus'],
  ['https://user@example.org', null, false, 'example-invalid-credentials'],
  ['ssh://user@example.org', null, false, 'example-invalid-credentials'],
  ['https://#fragment', null, false, 'example-host-missing'],
  ['https://:443', null, false, 'example-host-missing'],
  ['https://user:pass@', null, false, 'example-host-missing'],
  ['https://example.org:70000', null, false, 'example-port-out-of-range'],
  ['https://example.org:7z', null, false, 'example-port-invalid'],
  ['file://c:', null, false, 'example-file-invalid-windows-drive-letter-host'],
  // example-file-invalid-windows-drive-letter: "/c:/path/to/file" starts with "/", not with a
  // Windows drive letter, so the parser does not reach that error (see test/diagnostics.test.ts),
  // and it is a path-absolute-non-authority-URL string: valid against a file base URL.
  ['/c:/path/to/file', 'file:///c:/', true, 'example-file-invalid-windows-drive-letter (see the comment)'],
];

describe('writing: the examples of url.bs', () => {
  for (const [input, base, valid, where] of SPEC_EXAMPLES) {
    it(`${JSON.stringify(input)}${base === null ? '' : ` against ${JSON.stringify(base)}`} is ${valid ? 'valid' : 'not valid'} (${where})`, () => {
      const check = checkURLString(input, { baseURL: base });
      expect(check.valid, JSON.stringify(check.problems)).to.equal(valid);
      expect(isValidURLString(input, { baseURL: base })).to.equal(valid);
      // the examples are unambiguous: whatwg-url says the same
      expect(theirVerdict(input, base)).to.equal(valid);
    });
  }

  it('"example" is a relative-URL-with-fragment string, valid only with a base URL', () => {
    const check = checkURLString('example');
    expect(check.valid).to.equal(false);
    expect(check.relativeFor).to.deep.equal({ special: true, file: true, other: true });
    expect(check.problems[0].rule).to.equal('valid-url-string');
    expect(check.problems[0].message).to.match(/only when there is a base URL/);
  });

  it('says what a valid input is valid as', () => {
    expect(checkURLString('https://example.com/').validAs).to.equal('absolute-URL-with-fragment string');
    expect(checkURLString('example', { baseURL: 'https://example.com/demo' }).validAs).to.equal('relative-URL-with-fragment string');
    expect(checkURLString('example').validAs).to.equal(null);
  });

  it('takes the input as it is: leading and trailing spaces are not trimmed', () => {
    expect(isValidURLString('https://example.com/')).to.equal(true);
    expect(isValidURLString(' https://example.com/')).to.equal(false);
    expect(isValidURLString('https://example.com/ ')).to.equal(false);
    expect(isValidURLString('https://example.com/\t')).to.equal(false);
  });

  it('throws a TypeError for a base URL that does not parse', () => {
    expect(() => checkURLString('x', { baseURL: 'not a URL' })).to.throw(TypeError);
    expect(() => checkURLString('x', { baseURL: { href: 'not a URL' } })).to.throw(TypeError, /^checkURLString: the href of the base URL object/);
  });

  it('takes a URL object as the base URL, and a TypeError for a base of another type', () => {
    expect(checkURLString('example', { baseURL: new URL('https://example.com/demo') }).validAs).to.equal('relative-URL-with-fragment string');
    expect(isValidURLString('example', { baseURL: new URL('https://example.com/demo') })).to.equal(true);
    expect(() => checkURLString('x', { baseURL: 42 as never })).to.throw(TypeError, /^checkURLString: options\.baseURL/);
    expect(() => isValidURLString('x', { baseURL: {} as never })).to.throw(TypeError, /^isValidURLString: options\.baseURL/);
  });
});

// ---- (c) problems and relativeFor ----------------------------------------------------------------

describe('writing: problems name the rule and the offset', () => {
  const table: Array<[string, string | null, string, number]> = [
    ['https://ex ample.org/', null, 'valid-domain-string', 10],
    ['https://example.com/a[]', null, 'url-path-segment-string', 21],
    ['https://example.com/[]', null, 'url-path-segment-string', 20],
    ['https://example.com/?a b', null, 'url-query-string', 22],
    ['https://example.com/#a b', null, 'url-fragment-string', 22],
    ['https:example.org', null, 'scheme-relative-special-url-string', 6],
    ['https://example.com:demo', null, 'url-port-string', 20],
    ['https://example.com:65536/', null, 'url-port-string', 20],
    ['https://example.255/', null, 'valid-domain', 8],
    ['https://a_b/', null, 'valid-domain', 8],
    ['https://%/', null, 'valid-host-string', 8],
    ['http://[1:2:3:4:5:6:7:8:9]/', null, 'valid-ipv6-address-string', 23],
    ['sc://a b/', null, 'valid-opaque-host-string', 6],
    ['sc:a b', null, 'opaque-path-url-string', 4],
    ['x', null, 'valid-url-string', 0],
    ['//h:99999/', 'https://example.com/', 'url-port-string', 4],
    ['\u{1F4A9}', 'mailto:user@example.org', 'valid-url-string/opaque-base', 0],
  ];
  for (const [input, base, rule, offset] of table) {
    it(`${JSON.stringify(input)}${base === null ? '' : ` against ${JSON.stringify(base)}`}: ${rule} at ${offset}`, () => {
      const check = checkURLString(input, { baseURL: base });
      expect(check.valid).to.equal(false);
      expect({ rule: check.problems[0].rule, offset: check.problems[0].offset }).to.deep.equal({ rule, offset });
      expect(check.problems[0].message).to.be.a('string').and.not.equal('');
    });
  }

  it('a grammar failure says what was expected and what was found', () => {
    const [p] = checkURLString('https:example.org').problems;
    expect(p.expected).to.deep.equal(['"//"']);
    expect(p.message).to.equal('"e" (U+0065) at offset 6 is not allowed in the scheme-relative-special-url-string; expected "//"');
    const [q] = checkURLString('https://example.com/a[]').problems;
    expect(q.expected).to.deep.equal(['path-segment-unit', '"/"', '"?"', '"#"', 'end of input']);
    expect(q.message).to.match(/^"\[" \(U\+005B\) at offset 21 is not allowed in the url-path-segment-string that starts at offset 20; expected /);
  });

  it('without a base URL, a relative string gets the absolute-URL problem too', () => {
    const problems = checkURLString('x').problems;
    expect(problems.map((p) => [p.rule, p.offset])).to.deep.equal([
      ['valid-url-string', 0],
      ['non-special-scheme', 1],
    ]);
    expect(problems[1].message).to.match(/the input ends too early \(offset 1\).*expected ":"/);
  });

  it('reports both a bad domain and a bad port', () => {
    const problems = checkURLString('https://a_b:70000/').problems;
    expect(problems.map((p) => [p.rule, p.offset])).to.deep.equal([
      ['valid-domain', 8],
      ['url-port-string', 12],
    ]);
  });
});

describe('writing: relativeFor says against which kinds of base URL a string is relative', () => {
  const table: Array<[string, { special: boolean; file: boolean; other: boolean }]> = [
    ['//host/x', { special: true, file: true, other: true }],
    ['/x', { special: true, file: true, other: true }],
    ['x', { special: true, file: true, other: true }],
    ['?q', { special: true, file: true, other: true }],
    ['#f', { special: true, file: true, other: true }],
    ['', { special: true, file: true, other: true }],
    ['c:/x', { special: false, file: false, other: false }], // an absolute-URL string
    ['//', { special: false, file: true, other: true }],
    ['//h:8080/x', { special: true, file: false, other: true }],
    ['//a_b/x', { special: false, file: false, other: true }],
    ['///x', { special: false, file: true, other: true }],
    ['//[::1]/', { special: true, file: true, other: true }],
    ['\\x', { special: false, file: false, other: false }],
  ];
  for (const [input, expected] of table) {
    it(JSON.stringify(input), () => {
      expect(relativeURLWithFragmentFor(input)).to.deep.equal(expected);
      expect(checkURLString(input).relativeFor).to.deep.equal(expected);
      // and the verdict against a base URL of each kind follows it (or the string is absolute)
      const absolute = isValidURLString(input);
      expect(isValidURLString(input, { baseURL: 'https://example.com/a/b' })).to.equal(expected.special || absolute);
      expect(isValidURLString(input, { baseURL: 'file:///C:/a/b' })).to.equal(expected.file || absolute);
      expect(isValidURLString(input, { baseURL: 'sc://h/a/b' })).to.equal(expected.other || absolute);
    });
  }

  it('against a base URL with an opaque path only "#" and a fragment is relative', () => {
    expect(isValidURLString('#f', { baseURL: 'mailto:x' })).to.equal(true);
    expect(isValidURLString('x', { baseURL: 'mailto:x' })).to.equal(false);
    expect(isValidURLString('https://example.com/', { baseURL: 'mailto:x' })).to.equal(true);
  });
});

describe('writing: hosts, ports and the absolute-URL string', () => {
  it('valid host strings', () => {
    for (const h of ['example.com', 'EXAMPLE.com', 'xn--ls8h.la', 'b\u00FCcher.de', '1.2.3.4', '255.255.255.255', '[::1]', '[1:2:3:4:5:6:7:8]', '[::ffff:1.2.3.4]', '[1:2:3:4:5:6:7::]']) {
      expect(isValidHostString(h), h).to.equal(true);
    }
    for (const h of ['', '1.2.3', '01.2.3.4', '256.1.1.1', '1.2.3.4.', 'example.255', 'a_b', 'exa mple', 'exa%41mple', '[::1', '[1::2::3]', '[0001::1]', '::1', '[www.example.com]']) {
      expect(isValidHostString(h), h).to.equal(false);
    }
  });

  it('valid domain strings', () => {
    expect(isValidDomainString('example.com')).to.equal(true);
    expect(isValidDomainString('1.2.3.4')).to.equal(false); // ends in a number
    expect(isValidDomainString('-a.com')).to.equal(false); // CheckHyphens
    expect(isValidDomainString('a..b')).to.equal(false); // VerifyDnsLength
  });

  it('valid IPv4-address strings', () => {
    expect(isValidIPv4AddressString('0.0.0.0')).to.equal(true);
    expect(isValidIPv4AddressString('192.168.0.255')).to.equal(true);
    for (const s of ['1.2.3', '1.2.3.4.5', '1.2.3.04', '1.2.3.256', '0x7f.0.0.1', '1.2.3.4.']) expect(isValidIPv4AddressString(s), s).to.equal(false);
  });

  it('valid IPv6-address strings: effective piece length', () => {
    for (const s of ['::', '::1', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '1:2:3:4:5:6:1.2.3.4', '::1.2.3.4', '1::1.2.3.4', '1:2:3:4:5::1.2.3.4', 'ABCD::ef']) {
      expect(isValidIPv6AddressString(s), s).to.equal(true);
    }
    for (const s of ['', ':', ':::', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1::2:3:4:5:6:7:8', '1:2:3:4:5:6::1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '01::', '12345::', '::1.2.3', '1::2::3', '[::1]']) {
      expect(isValidIPv6AddressString(s), s).to.equal(false);
    }
  });

  it('valid opaque-host strings and URL-port strings', () => {
    for (const s of ['a', 'a%41b', '\u00E4', '[::1]', 'a.b-c~']) expect(isValidOpaqueHostString(s), s).to.equal(true);
    for (const s of ['', 'a b', 'a%4', 'a:b', 'a^b', '[::1']) expect(isValidOpaqueHostString(s), s).to.equal(false);
    for (const s of ['', '0', '0080', '65535']) expect(isValidURLPortString(s), s).to.equal(true);
    for (const s of ['65536', '8a', '-1', ' 80']) expect(isValidURLPortString(s), s).to.equal(false);
  });

  it('absolute-URL strings have no fragment', () => {
    expect(checkAbsoluteURLString('https://example.com/?q').valid).to.equal(true);
    expect(checkAbsoluteURLString('https://example.com/#f').valid).to.equal(false);
    expect(checkAbsoluteURLString('https://a_b/').problems[0].rule).to.equal('valid-domain');
    expect(checkAbsoluteURLString('sc://a_b/').valid).to.equal(true); // an opaque host
  });
});

// ---- (d) explain -----------------------------------------------------------------------------------

describe('explain: the parser and the writing rules side by side', () => {
  it('full-width digits: the parser reports IPv4-non-ASCII-input and the writing rules reject the host: they agree', () => {
    // url.bs (2026-07-02), host parser: the domain "１.２.３.４" goes through domain to ASCII
    // ("1.2.3.4"), ends in a number, and is IPv4-parsed. whatwg/url 9dc3827 (PR 925) makes
    // that an IPv4-non-ASCII-input validation error. The writing rules: it is not a valid
    // IPv4-address string (not ASCII digits), and as a domain it is no valid domain ("If running
    // the ends in a number checker on domain returns true, then return false"). Before 9dc3827 the
    // two validities disagreed here; now both say no.
    const e = explain('https://\uFF11.\uFF12.\uFF13.\uFF14/');
    expect([e.parses, e.parserValid, e.grammarValid]).to.deep.equal([true, false, false]);
    expect(e.errors.map((x) => [x.type, x.start, x.end])).to.deep.equal([['IPv4-non-ASCII-input', 8, 15]]);
    expect(e.problems.map((p) => [p.rule, p.offset])).to.deep.equal([['valid-domain', 8]]);
    expect(e.disagreement).to.equal(null);
  });

  it('ideographic full stops: the same', () => {
    const e = explain('http://127\u30020\u30020\u30021/');
    expect([e.parserValid, e.grammarValid, e.disagreement]).to.deep.equal([false, false, null]);
    expect(e.errors.map((x) => [x.type, x.start, x.end])).to.deep.equal([['IPv4-non-ASCII-input', 7, 16]]);
    expect(e.problems[0].rule).to.equal('valid-domain');
  });

  it('a lone surrogate: the parser sees U+FFFD, the writing rules see no URL unit', () => {
    // The URL parser's input is a scalar value string: the API converts a lone surrogate to U+FFFD
    // before the parser runs, and U+FFFD is a URL code point, so no validation error. URL units
    // exclude surrogates, so the string as given is not a valid URL string.
    const e = explain('https://example.com/\uD800');
    expect([e.parses, e.parserValid, e.grammarValid]).to.deep.equal([true, true, false]);
    expect(e.disagreement).to.equal(
      'The URL parser reports no validation error, but the input is not a valid URL string: the writing rule url-path-segment-string fails at offset 20: ' +
        'U+D800 at offset 20 is not allowed in the url-path-segment-string; expected path-segment-unit, "/", "?", "#" or end of input.',
    );
  });

  it('no disagreement when both say valid, or both say invalid', () => {
    const valid = explain('https://example.com/a?b#c');
    expect([valid.parses, valid.parserValid, valid.grammarValid, valid.disagreement]).to.deep.equal([true, true, true, null]);
    const invalid = explain('https://example.org/foo bar');
    expect([invalid.parses, invalid.parserValid, invalid.grammarValid, invalid.disagreement]).to.deep.equal([true, false, false, null]);
    expect(invalid.errors.map((e) => e.type)).to.deep.equal(['invalid-URL-unit']);
    expect(invalid.problems[0].rule).to.equal('url-path-segment-string');
    const failure = explain('https://ex ample.org/');
    expect([failure.parses, failure.parserValid, failure.grammarValid, failure.disagreement]).to.deep.equal([false, false, false, null]);
  });

  it('uses the base URL for both verdicts', () => {
    const e = explain('example', { baseURL: 'https://example.com/demo' });
    expect([e.parserValid, e.grammarValid, e.disagreement]).to.deep.equal([true, true, null]);
    expect(explain('example').grammarValid).to.equal(false);
  });

  it('the WPT inputs: the two verdicts agree on every one', () => {
    const disagreeing: string[] = [];
    for (const c of wptCases('urltestdata.json')) {
      const e = explain(c.input, { baseURL: c.base });
      if (e.disagreement !== null) disagreeing.push(JSON.stringify(c.input));
    }
    expect(disagreeing).to.deep.equal([]);
  });
});

// ---- (e) the check subcommand --------------------------------------------------------------------

const run = (argv: string[]) => runCli(argv, { readFile: () => Buffer.from('') });

describe('url-grammar check', () => {
  it('exits 0 for a valid URL and prints the three verdicts', () => {
    const r = run(['check', 'https://example.com/a?b#c']);
    expect(r.code).to.equal(0);
    expect(r.err).to.equal('');
    expect(r.out).to.match(/^parses +yes$/m);
    expect(r.out).to.match(/^parser-valid +yes \(no validation error\)$/m);
    expect(r.out).to.match(/^grammar-valid +yes \(a valid URL string\)$/m);
    expect(r.out).to.match(/^verdict +valid$/m);
    expect(r.out).to.not.match(/disagreement/);
  });

  it('exits 1 for an invalid URL and says why, with a caret', () => {
    const r = run(['check', 'https://ex ample.org/']);
    expect(r.code).to.equal(1);
    expect(r.out).to.match(/^parses +no \(failure\)$/m);
    expect(r.out).to.match(/^verdict +invalid$/m);
    expect(r.out).to.contain('domain-to-ASCII (failure) at [8, 20)');
    expect(r.out).to.contain('valid-domain-string at 10: " " (U+0020) at offset 10 is not allowed');
    expect(r.out).to.contain('    https://ex ample.org/\n              ^\n');
  });

  it('checks against --base', () => {
    expect(run(['check', 'example', '--base', 'https://example.com/demo']).code).to.equal(0);
    const r = run(['check', 'example']);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain('a valid URL string only when there is a base URL');
    expect(r.out).to.contain('against a special base URL: yes, a file base URL: yes, another base URL: yes');
  });

  it('prints the disagreement', () => {
    const r = run(['check', 'https://example.com/\uD800']);
    expect(r.code).to.equal(1);
    expect(r.out).to.match(/^parser-valid +yes/m);
    expect(r.out).to.match(/^grammar-valid +no/m);
    expect(r.out).to.contain('disagreement\n  The URL parser reports no validation error');
  });

  it('prints the validation error and the writing problem when both say invalid (full-width digits)', () => {
    const r = run(['check', 'https://\uFF11.\uFF12.\uFF13.\uFF14/']);
    expect(r.code).to.equal(1);
    expect(r.out).to.match(/^parser-valid +no \(1 validation error\)/m);
    expect(r.out).to.match(/^grammar-valid +no/m);
    expect(r.out).to.contain('IPv4-non-ASCII-input at [8, 15)');
    expect(r.out).to.not.contain('disagreement');
  });

  it('--json prints the explanation', () => {
    const r = run(['check', 'https://\uFF11.\uFF12.\uFF13.\uFF14/', '--json']);
    expect(r.code).to.equal(1);
    const rep = JSON.parse(r.out);
    expect(rep).to.include({ parses: true, parserValid: false, grammarValid: false, valid: false, base: null, disagreement: null });
    expect(rep.errors[0]).to.include({ type: 'IPv4-non-ASCII-input', start: 8, end: 15, failure: false });
    expect(rep.problems[0]).to.include({ rule: 'valid-domain', offset: 8 });
    expect(rep.relativeFor).to.deep.equal({ special: false, file: false, other: false });
  });

  it('exits 2 with a one-line message for a base URL that does not parse', () => {
    const r = run(['check', 'x', '--base', 'not a URL']);
    expect(r.code).to.equal(2);
    expect(r.out).to.equal('');
    expect(r.err).to.equal('error: the base URL does not parse: "not a URL"\n');
  });

  it('exits 2 without a URL', () => {
    const r = run(['check']);
    expect(r.code).to.equal(2);
    expect(r.err.trim().split('\n')).to.have.length(1);
  });
});

describe('writing: credentials are named as such', () => {
  it('an authority with a username or password fails for its credentials first, not for a host or port the grammar misread', () => {
    for (const [input, offset] of [
      ['https://user:1@example.com/', 8],
      ['https://user@example.com/', 8],
      ['ftp://u:p@h/', 6],
    ] as Array<[string, number]>) {
      const c = checkURLString(input);
      expect(c.valid, input).to.equal(false);
      expect(c.problems[0], input).to.deep.include({ rule: 'valid-url-string', offset });
      expect(c.problems[0].message, input).to.match(/^credentials .* are not allowed in a valid URL string/);
    }
    // an "@" that is no credentials changes nothing
    for (const input of ['https://example.com/a@b', 'mailto:a@b.c', 'https://example.com/?q=a@b']) expect(checkURLString(input).valid, input).to.equal(true);
  });
});
