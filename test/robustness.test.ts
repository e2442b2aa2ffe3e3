// No input makes the parser throw or hang. (No timing assertions: speed is the benchmark's job;
// these inputs would take minutes with a quadratic step, which mocha's timeout catches.)

import { expect } from 'chai';
import fc from 'fast-check';
import { URL, checkHostString, checkURLString, domainToASCII, domainToUnicode, explain, isValidDomainString, isValidHostString, isValidURLString, parseURL, parseToRecord, parseWithDiagnostics, relativeURLWithFragmentFor, serializeURL } from '../src/index';

const MB = 1 << 20;

function parsesWithoutThrowing(input: string, base?: string): void {
  const url = parseURL(input, { baseURL: base });
  if (url) expect(serializeURL(url)).to.be.a('string');
  parseToRecord(input, { baseURL: base });
  try {
    new URL(input, base);
  } catch (e) {
    expect(e).to.be.instanceOf(TypeError);
  }
}

describe('robustness: hostile inputs', () => {
  const cases: Array<[string, string, string?]> = [
    ['lone surrogates', 'https://ex\uD800ample.com/\uDC00?\uD800#\uDFFF'],
    ['NUL', 'https://example.com/\u0000?\u0000#\u0000'],
    ['NUL in host', 'https://exa\u0000mple.com/'],
    ['1 MB of a', 'a'.repeat(MB)],
    ['1 MB path', 'https://example.com/' + 'a'.repeat(MB)],
    ['100,000 /..', 'https://example.com' + '/..'.repeat(100_000)],
    ['100,000 /.. relative', '/..'.repeat(100_000), 'https://example.com/a/b'],
    ['10,000 @', 'https://' + '@'.repeat(10_000) + 'host/'],
    ['10,000 @ with text', 'https://' + 'u@'.repeat(10_000) + 'host/'],
    ['1 MB bracketed host', 'https://[' + '1:'.repeat(MB / 2) + ']/'],
    ['1 MB unclosed bracket', 'https://[' + ':'.repeat(MB)],
    ['deep %2e%2e/ runs', 'https://example.com/' + '%2e%2e/'.repeat(100_000)],
    ['deep .%2E/ runs', 'file:///' + '.%2E/'.repeat(100_000)],
    ['1 MB of slashes', 'https:' + '/'.repeat(MB)],
    ['1 MB of backslashes', 'https:' + '\\'.repeat(MB) + 'x'],
    ['1 MB of tabs', 'https://ex\t' + '\t'.repeat(MB) + 'ample.com'],
    ['1 MB of spaces around', ' '.repeat(MB) + 'https://example.com/' + ' '.repeat(MB)],
    ['1 MB opaque path', 'mailto:' + 'x '.repeat(MB / 2) + '?'],
    ['1 MB of colons in port', 'https://h:' + ':'.repeat(MB)],
    ['1 MB port digits', 'https://h:' + '9'.repeat(MB)],
    ['1 MB of %', 'https://example.com/' + '%'.repeat(MB)],
    ['1 MB IPv4-like host', 'https://' + '1.'.repeat(MB / 2)],
    ['1 MB non-ASCII host', 'https://' + 'é'.repeat(MB)],
    ['1 MB query', 'https://h/?' + '&a=b'.repeat(MB / 4)],
  ];
  for (const [name, input, base] of cases) {
    it(name, () => parsesWithoutThrowing(input, base));
  }

  it('reports diagnostics for hostile inputs without throwing', () => {
    for (const [, input, base] of cases.slice(0, 12)) {
      const d = parseWithDiagnostics(input, { baseURL: base });
      expect(d.errors).to.be.an('array');
    }
  });
});

describe('robustness: random strings (fast-check)', () => {
  const urlish = fc
    .array(
      fc.constantFrom(
        'http', 'https', 'file', 'foo', 'blob', 'mailto', ':', '/', '//', '\\', '?', '#', '@', '[', ']',
        '::', '.', '..', '%2e', '%', '%41', 'a', 'B', '0', '1', '0x', '255', '.0', ' ', '\t', '\u0000',
        'é', '\uD800', '\u{1F4A9}', 'xn--', 'localhost', 'C:', 'c|', '=', '&', '+', "'", '"', '<', '^',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));
  const bases = fc.constantFrom(undefined, 'https://example.com/a/b?c#d', 'file:///C:/x/y', 'foo://h/p', 'mailto:x', 'about:blank');

  it('10,000 random strings: no throw other than TypeError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), bases, (s, b) => parsesWithoutThrowing(s, b)),
      { numRuns: 10_000 },
    );
  });

  it('10,000 URL-shaped strings: no throw other than TypeError', () => {
    fc.assert(fc.property(urlish, bases, (s, b) => parsesWithoutThrowing(s, b)), { numRuns: 10_000 });
  });
});

describe('robustness: the string exports given what is not a string', () => {
  // The types ask for a string; JavaScript callers can pass anything. Each of these converts it
  // as String() does (as parseURL and the URL API do): the same answer as for that string, never
  // a non-string back, never an internal TypeError such as "input.codePointAt is not a function".
  const exports: Array<[string, (v: unknown) => unknown]> = [
    ['checkURLString', (v) => checkURLString(v as string)],
    ['isValidURLString', (v) => isValidURLString(v as string)],
    ['checkHostString', (v) => checkHostString(v as string)],
    ['isValidHostString', (v) => isValidHostString(v as string)],
    ['isValidDomainString', (v) => isValidDomainString(v as string)],
    ['relativeURLWithFragmentFor', (v) => relativeURLWithFragmentFor(v as string)],
    ['explain', (v) => explain(v as string)],
    ['domainToASCII', (v) => domainToASCII(v as string)],
    ['domainToUnicode', (v) => domainToUnicode(v as string)],
  ];
  for (const [name, f] of exports) {
    it(name, () => {
      for (const v of [undefined, null, 42, true, {}, ['a', 'b'], { toString: () => 'https://example.com/' }]) {
        expect(f(v), `${name}(${String(v)})`).to.deep.equal(f(String(v)));
      }
    });
  }
});
