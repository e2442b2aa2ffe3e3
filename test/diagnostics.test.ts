// Validation errors with spans: for every WPT urltestdata input, the list of error types equals
// what whatwg-url's parseURLWithValidationErrors reports (except the listed cases, each with the
// spec step that decides it), and every span lies inside the input and covers the offending text.

import { expect } from 'chai';
import { parseWithDiagnostics, VALIDATION_ERRORS, type ValidationError } from '../src/index';
import { loadCases } from './wpt-urltestdata.test';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as {
  parseURL(input: string, options?: { baseURL?: unknown }): unknown;
  parseURLWithValidationErrors(input: string, options?: { baseURL?: unknown }): { url: unknown; validationErrors: Array<{ type: string } | string> };
};

/**
 * Where whatwg-url reports something the current standard does not. Each entry: the input, and
 * why the standard's list differs. The test asserts these still differ in exactly this way.
 */
const WHATWG_URL_DIFFERS: Record<string, { theirs: string[]; reason: string }> = {
  'http://\uFF10\uFF38\uFF43\uFF10\uFF0E\uFF10\uFF12\uFF15\uFF10\uFF0E\uFF10\uFF11': {
    theirs: ['IPv4-non-ASCII-input', 'IPv4-too-few-parts', 'IPv4-non-decimal-part', 'IPv4-non-decimal-part', 'IPv4-non-decimal-part'],
    reason: 'IPv4-non-ASCII-input is not in the validation-error table of url.bs (2026-07-02): the host parser step that lowers full-width digits through domain to ASCII reports nothing, and the IPv4 parser then runs on ASCII.',
  },
  'http://\u{1F4A9}.123/': {
    theirs: ['IPv4-non-ASCII-input', 'IPv4-too-few-parts', 'IPv4-non-numeric-part'],
    reason: 'As above: IPv4-non-ASCII-input is not an error of the current standard.',
  },
};

function theirTypes(input: string, base: string | null): string[] {
  const baseURL = base === null ? null : whatwg.parseURL(base);
  const r = whatwg.parseURLWithValidationErrors(input, { baseURL });
  return r.validationErrors.map((e) => (typeof e === 'string' ? e : e.type));
}

/** What text an error of each type must cover (a predicate on the covered slice). */
function coversOffendingText(input: string, e: ValidationError): boolean {
  const text = input.slice(e.start, e.end);
  switch (e.type) {
    case 'invalid-reverse-solidus':
      return text === '\\';
    case 'invalid-credentials':
      return text === '@';
    case 'special-scheme-missing-following-solidus':
      // a slash the standard ignores, or the place right after the scheme where "//" is missing
      return text === '/' || text === '\\' || e.end - e.start <= 1;
    case 'port-invalid':
      return text.length === 1 && !/[0-9]/.test(text);
    case 'port-out-of-range':
      return /^[0-9\t\n\r]+$/.test(text);
    case 'invalid-URL-unit':
      return text.length > 0;
    case 'missing-scheme-non-relative-URL':
      return true;
    default:
      return e.end >= e.start;
  }
}

describe('validation errors: the same list as whatwg-url on every WPT input', () => {
  const cases = loadCases('urltestdata.json');
  cases.forEach((c, i) => {
    it(`#${i} ${JSON.stringify(c.input)}`, () => {
      const d = parseWithDiagnostics(c.input, { baseURL: c.base });
      const mine = d.errors.map((e) => e.type);
      const known = WHATWG_URL_DIFFERS[c.input];
      const theirs = theirTypes(c.input, c.base);
      if (known) {
        expect(theirs, 'whatwg-url still reports this').to.deep.equal(known.theirs);
        expect(mine).to.deep.equal(theirs.filter((t) => t !== 'IPv4-non-ASCII-input'));
      } else {
        expect(mine).to.deep.equal(theirs);
      }
      const expectFailure = c.failure === true;
      expect(d.url === null, 'parses as WPT says').to.equal(expectFailure);
      if (expectFailure && d.errors.length > 0) {
        expect(d.errors.some((e) => e.failure), 'a failure comes with a failure-flagged error').to.equal(true);
      }
      for (const e of d.errors) {
        expect(e.start, `${e.type} start`).to.be.within(0, c.input.length);
        expect(e.end, `${e.type} end`).to.be.within(e.start, c.input.length);
        expect(coversOffendingText(c.input, e), `${e.type} covers ${JSON.stringify(c.input.slice(e.start, e.end))}`).to.equal(true);
        expect(e.failure).to.equal(VALIDATION_ERRORS[e.type].failure);
        expect(e.message).to.equal(VALIDATION_ERRORS[e.type].description);
      }
    });
  });
});

describe('validation errors: the examples of the validation-error table', () => {
  const examples: Array<[string, string, string?]> = [
    ['domain-percent-encoded', 'https://exam%70le.org'],
    ['host-invalid-code-point', 'foo://exa[mple.org'],
    ['IPv4-empty-part', 'https://127.0.0.1./'],
    ['IPv4-too-few-parts', 'https://1.2.3/'],
    ['IPv4-too-many-parts', 'https://1.2.3.4.5/'],
    ['IPv4-non-numeric-part', 'https://test.42'],
    ['IPv4-non-decimal-part', 'https://127.0.0x0.1'],
    ['IPv4-out-of-range-part', 'https://255.255.4000.1'],
    ['IPv6-unclosed', 'https://[::1'],
    ['IPv6-invalid-compression', 'https://[:1]'],
    ['IPv6-too-many-pieces', 'https://[1:2:3:4:5:6:7:8:9]'],
    ['IPv6-multiple-compression', 'https://[1::1::1]'],
    ['IPv6-invalid-code-point', 'https://[1:2:3!:4]'],
    ['IPv6-invalid-code-point', 'https://[1:2:3:]'],
    ['IPv6-too-few-pieces', 'https://[1:2:3]'],
    ['IPv6-piece-leading-zero', 'https://[::01]'],
    ['IPv4-in-IPv6-too-many-pieces', 'https://[1:1:1:1:1:1:1:127.0.0.1]'],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::.0.0.1]'],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.0.xyz.1]'],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.0xyz]'],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.00.0.1]'],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.0.0.1.2]'],
    ['IPv4-in-IPv6-out-of-range-part', 'https://[ffff::127.0.0.4000]'],
    ['IPv4-in-IPv6-too-few-parts', 'https://[ffff::127.0.0]'],
    ['invalid-URL-unit', 'https://example.org/>'],
    ['invalid-URL-unit', ' https://example.org '],
    ['invalid-URL-unit', 'ht\ntps://example.org'],
    ['invalid-URL-unit', 'https://example.org/%s'],
    ['special-scheme-missing-following-solidus', 'file:c:/my-secret-folder'],
    ['special-scheme-missing-following-solidus', 'https:example.org'],
    ['special-scheme-missing-following-solidus', 'https:foo.html', 'https://example.org/'],
    ['missing-scheme-non-relative-URL', '\u{1F4A9}'],
    ['missing-scheme-non-relative-URL', '\u{1F4A9}', 'mailto:user@example.org'],
    ['invalid-reverse-solidus', 'https://example.org\\path\\to\\file'],
    ['invalid-credentials', 'https://user@example.org'],
    ['invalid-credentials', 'ssh://user@example.org'],
    ['host-missing', 'https://#fragment'],
    ['host-missing', 'https://:443'],
    ['host-missing', 'https://user:pass@'],
    ['port-out-of-range', 'https://example.org:70000'],
    ['port-invalid', 'https://example.org:7z'],
    // The table's own example is '/c:/path/to/file' against 'file:///c:/', which the parsing
    // algorithm does not flag (see the next test); this input reaches the file state's step.
    ['file-invalid-Windows-drive-letter', 'c|/path/to/file', 'file:///c:/'],
    ['file-invalid-Windows-drive-letter-host', 'file://c:'],
  ];
  for (const [type, input, base] of examples) {
    it(`${type}: ${JSON.stringify(input)}${base ? ` against ${JSON.stringify(base)}` : ''}`, () => {
      const d = parseWithDiagnostics(input, { baseURL: base });
      const types = d.errors.map((e) => e.type);
      expect(types).to.include(type);
      expect(types).to.deep.equal(theirTypes(input, base ?? null).filter((t) => t !== 'IPv4-non-ASCII-input'));
      if (VALIDATION_ERRORS[type as keyof typeof VALIDATION_ERRORS].failure) expect(d.url).to.equal(null);
    });
  }

  it("the table's file-invalid-Windows-drive-letter example is not flagged by the algorithm", () => {
    // url.bs gives new URL('/c:/path/to/file', 'file:///c:/') as the example, but '/' leads to the
    // file slash state, which only looks at the drive letter to decide whether to keep the base's
    // drive; the error is reported only in the file state (a reference that does not start with
    // '/' or '\\'). 'c:/...' without the slash would be a URL with the scheme 'c'. whatwg-url
    // follows the algorithm too. A disagreement inside the spec, reported in the closing note.
    const input = '/c:/path/to/file';
    expect(parseWithDiagnostics(input, { baseURL: 'file:///c:/' }).errors).to.deep.equal([]);
    expect(theirTypes(input, 'file:///c:/')).to.deep.equal([]);
  });

  it('places errors exactly', () => {
    const at = (input: string, base?: string) =>
      parseWithDiagnostics(input, { baseURL: base }).errors.map((e) => [e.type, input.slice(e.start, e.end), e.start]);
    expect(at('https://example.org:7z')).to.deep.equal([['port-invalid', 'z', 21]]);
    expect(at('https://u@v@h/')).to.deep.equal([
      ['invalid-credentials', '@', 9],
      ['invalid-credentials', '@', 11],
    ]);
    expect(at('http:\\\\h\\a')).to.deep.equal([
      ['special-scheme-missing-following-solidus', '\\', 5],
      ['special-scheme-missing-following-solidus', '\\', 5],
      ['special-scheme-missing-following-solidus', '\\', 6],
      ['invalid-reverse-solidus', '\\', 8],
    ]);
    expect(at('https://h/a\tb c')).to.deep.equal([
      ['invalid-URL-unit', '\t', 11],
      ['invalid-URL-unit', ' ', 13],
    ]);
    expect(at('https://h:99999/')).to.deep.equal([['port-out-of-range', '99999', 10]]);
  });
});
