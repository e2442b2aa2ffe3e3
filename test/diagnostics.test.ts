// Validation errors with spans: for every WPT urltestdata input, the list of error types equals
// what whatwg-url's parseURLWithValidationErrors reports (no exception: url-grammar follows url.bs
// plus whatwg/url 9dc3827, as whatwg-url 17.3 does), and every span lies inside the input and
// covers the offending text.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWithDiagnostics, VALIDATION_ERRORS, type ValidationError } from '../src/index';
import { loadCases } from './support/wpt';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwg = require('whatwg-url') as {
  parseURL(input: string, options?: { baseURL?: unknown }): unknown;
  parseURLWithValidationErrors(input: string, options?: { baseURL?: unknown }): { url: unknown; validationErrors: Array<{ type: string } | string> };
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
    case 'IPv4-non-ASCII-input':
      // the whole host, which holds a non-ASCII code point or a percent-encoded byte
      return /[^\x00-\x7f]|%[0-9A-Fa-f]{2}/.test(text) && !/[/?#@]/.test(text);
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
      expect(mine).to.deep.equal(theirTypes(c.input, c.base));
      const expectFailure = c.failure === true;
      expect(d.url === null, 'parses as WPT says').to.equal(expectFailure);
      // Each error's flag is the instance's (test/failure-flag.test.ts): a failure comes with a
      // failure-flagged error, and a URL that parses has none.
      expect(d.errors.some((e) => e.failure), 'a failure-flagged error if and only if the parse fails').to.equal(expectFailure);
      for (const e of d.errors) {
        expect(e.start, `${e.type} start`).to.be.within(0, c.input.length);
        expect(e.end, `${e.type} end`).to.be.within(e.start, c.input.length);
        expect(coversOffendingText(c.input, e), `${e.type} covers ${JSON.stringify(c.input.slice(e.start, e.end))}`).to.equal(true);
        // A type whose failure the table makes conditional carries the instance's flag.
        if (!('condition' in VALIDATION_ERRORS[e.type])) expect(e.failure).to.equal(VALIDATION_ERRORS[e.type].failure);
        expect(e.message).to.equal(VALIDATION_ERRORS[e.type].description);
      }
    });
  });
});

describe('validation errors: the same list as whatwg-url on the WPT host inputs', () => {
  // toascii.json and the IDNA files give hosts; their harnesses parse "https://" + input + "/x".
  for (const file of ['toascii.json', 'IdnaTestV2.json', 'IdnaTestV2-removed.json']) {
    it(`every input of ${file}`, () => {
      const inputs = (JSON.parse(readFileSync(join(__dirname, 'wpt', file), 'utf8')) as unknown[])
        .filter((c): c is { input: string } => typeof c === 'object' && c !== null && typeof (c as { input?: unknown }).input === 'string')
        .map((c) => `https://${c.input}/x`);
      expect(inputs.length).to.be.greaterThan(10);
      const differ = inputs
        .map((input) => ({ input, ours: parseWithDiagnostics(input).errors.map((e) => e.type), theirs: theirTypes(input, null) }))
        .filter((d) => JSON.stringify(d.ours) !== JSON.stringify(d.theirs));
      expect(differ.slice(0, 5)).to.deep.equal([]);
    });
  }
});

describe('validation errors: the examples of the validation-error table', () => {
  const examples: Array<[string, string, string?]> = [
    ['domain-to-ASCII', 'https://exa%23mple.org'],
    ['domain-percent-encoded', 'https://exam%70le.org'],
    ['host-invalid-code-point', 'foo://exa[mple.org'],
    ['IPv4-non-ASCII-input', 'https://\u2460.\u2461.\u2462.\u2463'],
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
      expect(types).to.deep.equal(theirTypes(input, base ?? null));
      // The example's error of this type is flagged as a failure exactly when the URL fails.
      const flags = d.errors.filter((e) => e.type === type).map((e) => e.failure);
      expect(flags.some((f) => f)).to.equal(d.url === null);
      if (!('condition' in VALIDATION_ERRORS[type as keyof typeof VALIDATION_ERRORS])) {
        expect(d.url === null).to.equal(VALIDATION_ERRORS[type as keyof typeof VALIDATION_ERRORS].failure);
      }
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

describe('IPv4-non-ASCII-input (whatwg/url 9dc3827, PR 925)', () => {
  const hostSpan = (input: string) => {
    // the host as the URL parser delimits it: after "//" (and any "userinfo@"), up to ":", "/", "?", "#" or the end
    const afterSlashes = input.indexOf('//') + 2;
    const at = input.indexOf('@', afterSlashes);
    const start = at === -1 ? afterSlashes : at + 1;
    const rest = input.slice(start).search(/[:/?#]/);
    return [start, rest === -1 ? input.length : start + rest];
  };

  for (const input of [
    'https://\u2460.\u2461.\u2462.\u2463/', // circled digits
    'http://\uFF10\uFF38\uFF43\uFF10\uFF0E\uFF10\uFF12\uFF15\uFF10\uFF0E\uFF10\uFF11', // full-width hex, full-width stops
    'https://%EF%BC%91.2.3.4/', // a percent-encoded full-width 1
    'https://user@\uFF11.\uFF12:8080/p', // after credentials, before a port
    'http://\u{1F4A9}.123/', // a non-ASCII label, then a number: a failure, the error comes first
  ]) {
    it(`${JSON.stringify(input)}: reported on the host, before the IPv4 parser's errors, as whatwg-url 17.3 does`, () => {
      const d = parseWithDiagnostics(input);
      const types = d.errors.map((e) => e.type);
      expect(types).to.deep.equal(theirTypes(input, null));
      const errors = d.errors.filter((e) => e.type === 'IPv4-non-ASCII-input');
      expect(errors.length).to.equal(1);
      expect([errors[0].start, errors[0].end]).to.deep.equal(hostSpan(input));
      expect(errors[0].failure).to.equal(false);
      const firstIPv4 = types.findIndex((t) => t.startsWith('IPv4-') && t !== 'IPv4-non-ASCII-input');
      if (firstIPv4 !== -1) expect(types.indexOf('IPv4-non-ASCII-input')).to.be.lessThan(firstIPv4);
    });
  }

  it('not reported for an ASCII host that ends in a number, nor for a non-ASCII domain that does not', () => {
    for (const input of ['http://0x7f.1/', 'https://1.2.3.4/', 'https://%31.2.3.4/', 'https://ex\u00e4mple.org/', 'https://\u2460.example/']) {
      const types = parseWithDiagnostics(input).errors.map((e) => e.type);
      expect(types, input).to.not.include('IPv4-non-ASCII-input');
      expect(types, input).to.deep.equal(theirTypes(input, null));
    }
  });

  it('is in the catalogue, not a failure', () => {
    expect(VALIDATION_ERRORS['IPv4-non-ASCII-input'].failure).to.equal(false);
  });
});
