// Hosts: https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { HOST_GRAMMAR } from '../grammar/host';
import { generateEntry } from '../src/grammar/codegen';
import { VALIDATION_ERRORS, type ValidationErrorType } from '../src/semantic/errors';
import {
  domainToASCII,
  domainToUnicode,
  endsInANumber,
  parseHost,
  parseIPv4,
  parseIPv6,
  parseOpaqueHost,
  serializeHost,
  type Host,
} from '../src/semantic/host';

interface Reported {
  type: ValidationErrorType;
  start: number;
  end: number;
}

/** Runs the host parser with a sink and returns the serialization (null = failure) and errors. */
function run(input: string, isOpaque = false): { output: string | null; errors: Reported[] } {
  const errors: Reported[] = [];
  const host = parseHost(input, isOpaque, (type, start, end) => errors.push({ type, start, end }));
  // Every span lies inside the input.
  for (const e of errors) {
    expect(e.start, `${e.type} start`).to.be.within(0, input.length);
    expect(e.end, `${e.type} end`).to.be.within(e.start, input.length);
  }
  // A failure-flagged error means failure, except for the two whose failure is conditional:
  // domain-to-ASCII (an ASCII domain is lowercased whatever the strict ToASCII says) and
  // IPv4-out-of-range-part (a failure only for a part other than the last, or a last part too
  // large for the parts left).
  const conditional = new Set<ValidationErrorType>(['domain-to-ASCII', 'IPv4-out-of-range-part']);
  const failures = errors.filter((e) => VALIDATION_ERRORS[e.type].failure && !conditional.has(e.type));
  if (host !== null) expect(failures, `errors for ${JSON.stringify(input)}`).to.deep.equal([]);
  return { output: host === null ? null : serializeHost(host), errors };
}

const types = (input: string, isOpaque = false): ValidationErrorType[] =>
  run(input, isOpaque).errors.map((e) => e.type);

const serialize = (input: string, isOpaque = false): string | null => {
  const host = parseHost(input, isOpaque);
  return host === null ? null : serializeHost(host);
};

// ---- WPT toascii.json -------------------------------------------------------------------------

interface ToAsciiCase {
  input: string;
  output: string | null;
  comment?: string;
}

const toascii = (
  JSON.parse(readFileSync(join(__dirname, 'wpt', 'toascii.json'), 'utf8')) as (string | ToAsciiCase)[]
).filter((c): c is ToAsciiCase => typeof c !== 'string');

/**
 * WPT runs each case as `new URL("https://" + input + "/x")`. An input with a code point that
 * ends the host there ("/", "?", "#", "\", ":" for the port, "@" for credentials), or that the URL
 * parser removes before it gets to the host (tab, LF, CR), is not the host buffer the host parser
 * receives, so it cannot be checked here as a pure host.
 */
function whyNotAPureHost(input: string): string | null {
  const m = /[/?#\\:@\t\n\r]/.exec(input);
  return m ? `contains ${JSON.stringify(m[0])}, which the URL parser does not leave in the host` : null;
}

describe('host: WPT toascii.json (host parser + host serializer, special URL)', () => {
  for (const c of toascii) {
    const title = `${JSON.stringify(c.input)} -> ${c.output === null ? 'failure' : JSON.stringify(c.output)}${c.comment ? ` (${c.comment})` : ''}`;
    const skip = whyNotAPureHost(c.input);
    if (skip) {
      it.skip(`${title}: skipped, ${skip}`);
      continue;
    }
    it(title, () => {
      expect(run(c.input).output).to.equal(c.output);
      expect(serialize(c.input)).to.equal(c.output);
    });
  }
});

// ---- the validation-error table ------------------------------------------------------------------

describe('host: the validation-error table examples (host part of each example URL)', () => {
  // [error, example URL in the table, host buffer, opaque?, error types reported, serialization]
  const table: [ValidationErrorType, string, string, boolean, ValidationErrorType[], string | null][] = [
    // "exa%23mple.org" decodes to "exa#mple.org": the strict ToASCII fails, and "#" is a
    // forbidden domain code point.
    ['domain-to-ASCII', 'https://exa%23mple.org', 'exa%23mple.org', false, ['domain-percent-encoded', 'domain-to-ASCII'], null],
    ['domain-percent-encoded', 'https://exam%70le.org', 'exam%70le.org', false, ['domain-percent-encoded'], 'example.org'],
    ['host-invalid-code-point', 'foo://exa[mple.org', 'exa[mple.org', true, ['host-invalid-code-point'], null],
    // The strict ToASCII (VerifyDnsLength) also rejects the empty last label.
    ['IPv4-empty-part', 'https://127.0.0.1./', '127.0.0.1.', false, ['domain-to-ASCII', 'IPv4-empty-part'], '127.0.0.1'],
    ['IPv4-too-few-parts', 'https://1.2.3/', '1.2.3', false, ['IPv4-too-few-parts'], '1.2.0.3'],
    ['IPv4-too-many-parts', 'https://1.2.3.4.5/', '1.2.3.4.5', false, ['IPv4-too-many-parts'], null],
    ['IPv4-non-numeric-part', 'https://test.42', 'test.42', false, ['IPv4-too-few-parts', 'IPv4-non-numeric-part'], null],
    ['IPv4-non-decimal-part', 'https://127.0.0x0.1', '127.0.0x0.1', false, ['IPv4-non-decimal-part'], '127.0.0.1'],
    ['IPv4-out-of-range-part', 'https://255.255.4000.1', '255.255.4000.1', false, ['IPv4-out-of-range-part'], null],
    ['IPv6-unclosed', 'https://[::1', '[::1', false, ['IPv6-unclosed'], null],
    ['IPv6-invalid-compression', 'https://[:1]', '[:1]', false, ['IPv6-invalid-compression'], null],
    ['IPv6-too-many-pieces', 'https://[1:2:3:4:5:6:7:8:9]', '[1:2:3:4:5:6:7:8:9]', false, ['IPv6-too-many-pieces'], null],
    ['IPv6-multiple-compression', 'https://[1::1::1]', '[1::1::1]', false, ['IPv6-multiple-compression'], null],
    ['IPv6-invalid-code-point', 'https://[1:2:3!:4]', '[1:2:3!:4]', false, ['IPv6-invalid-code-point'], null],
    ['IPv6-invalid-code-point', 'https://[1:2:3:]', '[1:2:3:]', false, ['IPv6-invalid-code-point'], null],
    ['IPv6-too-few-pieces', 'https://[1:2:3]', '[1:2:3]', false, ['IPv6-too-few-pieces'], null],
    ['IPv6-piece-leading-zero', 'https://[::01]', '[::01]', false, ['IPv6-piece-leading-zero'], '[::1]'],
    ['IPv4-in-IPv6-too-many-pieces', 'https://[1:1:1:1:1:1:1:127.0.0.1]', '[1:1:1:1:1:1:1:127.0.0.1]', false, ['IPv4-in-IPv6-too-many-pieces'], null],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::.0.0.1]', '[ffff::.0.0.1]', false, ['IPv4-in-IPv6-invalid-code-point'], null],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.0.xyz.1]', '[ffff::127.0.xyz.1]', false, ['IPv4-in-IPv6-invalid-code-point'], null],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.0xyz]', '[ffff::127.0xyz]', false, ['IPv4-in-IPv6-invalid-code-point'], null],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.00.0.1]', '[ffff::127.00.0.1]', false, ['IPv4-in-IPv6-invalid-code-point'], null],
    ['IPv4-in-IPv6-invalid-code-point', 'https://[ffff::127.0.0.1.2]', '[ffff::127.0.0.1.2]', false, ['IPv4-in-IPv6-invalid-code-point'], null],
    ['IPv4-in-IPv6-out-of-range-part', 'https://[ffff::127.0.0.4000]', '[ffff::127.0.0.4000]', false, ['IPv4-in-IPv6-out-of-range-part'], null],
    ['IPv4-in-IPv6-too-few-parts', 'https://[ffff::127.0.0]', '[ffff::127.0.0]', false, ['IPv4-in-IPv6-too-few-parts'], null],
  ];
  for (const [error, url, host, isOpaque, expected, output] of table) {
    it(`${error}: ${url} (host ${JSON.stringify(host)}${isOpaque ? ', opaque' : ''})`, () => {
      const result = run(host, isOpaque);
      expect(result.errors.map((e) => e.type)).to.deep.equal(expected);
      expect(result.output).to.equal(output);
      expect(result.output === null).to.equal(VALIDATION_ERRORS[error].failure);
    });
  }

  it('IPv4 hosts are also checked the same way for IPv6 hosts in opaque URLs', () => {
    expect(types('[1::1::1]', true)).to.deep.equal(['IPv6-multiple-compression']);
    expect(serialize('[0:0::1]', true)).to.equal('[::1]');
  });
});

describe('host: error spans', () => {
  const span = (input: string, isOpaque = false): [ValidationErrorType, string][] =>
    run(input, isOpaque).errors.map((e) => [e.type, input.slice(e.start, e.end)]);

  it('IPv6 errors point at the offending text (offsets include the "[")', () => {
    expect(span('[1:2:3!:4]')).to.deep.equal([['IPv6-invalid-code-point', '!']]);
    expect(span('[1:2:3:]')).to.deep.equal([['IPv6-invalid-code-point', ':']]);
    expect(span('[:1]')).to.deep.equal([['IPv6-invalid-compression', ':']]);
    expect(span('[1::1::1]')).to.deep.equal([['IPv6-multiple-compression', ':']]);
    expect(span('[1:2:3:4:5:6:7:8:9]')).to.deep.equal([['IPv6-too-many-pieces', '9']]);
    expect(span('[::01]')).to.deep.equal([['IPv6-piece-leading-zero', '01']]);
    expect(span('[1:2:3]')).to.deep.equal([['IPv6-too-few-pieces', '1:2:3']]);
    expect(span('[ffff::127.0.0.4000]')).to.deep.equal([['IPv4-in-IPv6-out-of-range-part', '4000']]);
    expect(span('[ffff::127.00.0.1]')).to.deep.equal([['IPv4-in-IPv6-invalid-code-point', '00']]);
    expect(span('[ffff::127.0.xyz.1]')).to.deep.equal([['IPv4-in-IPv6-invalid-code-point', 'x']]);
    expect(span('[ffff::127.0.0.1.2]')).to.deep.equal([['IPv4-in-IPv6-invalid-code-point', '.']]);
    expect(span('[ffff::127.0.0]')).to.deep.equal([['IPv4-in-IPv6-too-few-parts', '127.0.0']]);
    expect(span('[1:1:1:1:1:1:1:127.0.0.1]')).to.deep.equal([['IPv4-in-IPv6-too-many-pieces', '127.0.0.1']]);
    expect(span('[1:\u{1F600}]')).to.deep.equal([['IPv6-invalid-code-point', '\u{1F600}']]);
  });

  it('IPv4 errors point at the part; domain errors cover the whole input', () => {
    expect(span('127.0.0x0.1')).to.deep.equal([['IPv4-non-decimal-part', '0x0']]);
    expect(span('255.255.4000.1')).to.deep.equal([['IPv4-out-of-range-part', '4000']]);
    expect(span('test.42')).to.deep.equal([
      ['IPv4-too-few-parts', 'test.42'],
      ['IPv4-non-numeric-part', 'test'],
    ]);
    expect(span('exam%70le.org')).to.deep.equal([['domain-percent-encoded', '%70']]);
    expect(span('exa%23mple.org')).to.deep.equal([
      ['domain-percent-encoded', '%23'],
      ['domain-to-ASCII', 'exa%23mple.org'],
    ]);
    // after percent-decoding the offsets no longer match: the error covers the input
    expect(span('%31.2.3.0x4')).to.deep.equal([
      ['domain-percent-encoded', '%31'],
      ['IPv4-non-decimal-part', '%31.2.3.0x4'],
    ]);
  });

  it('opaque-host errors point at the code point', () => {
    expect(span('exa[mple.org', true)).to.deep.equal([['host-invalid-code-point', '[']]);
    expect(span('a`b%zz', true)).to.deep.equal([
      ['invalid-URL-unit', '`'],
      ['invalid-URL-unit', '%'],
    ]);
  });
});

// ---- IPv4 -------------------------------------------------------------------------------------

describe('host: IPv4 addresses', () => {
  const cases: [string, string | null][] = [
    ['0', '0.0.0.0'],
    ['1.2.3.4', '1.2.3.4'],
    ['0x7f.1', '127.0.0.1'],
    ['0X7F.0.0.1', '127.0.0.1'],
    ['0177.0.0.01', '127.0.0.1'],
    ['00', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['0x.0x.0x.0x', '0.0.0.0'],
    ['0xffffffff', '255.255.255.255'],
    ['0x100000000', null],
    ['4294967295', '255.255.255.255'],
    ['4294967296', null],
    ['1.16777215', '1.255.255.255'],
    ['1.16777216', null],
    ['1.2.65535', '1.2.255.255'],
    ['1.2.65536', null],
    ['1.2.3.256', null],
    ['256.1.1.1', null],
    ['1.2.3.4.', '1.2.3.4'],
    ['1.2.3.4..', '1.2.3.4..'], // the last label is empty: a domain
    ['1.2.3.4.5', null],
    ['09', null],
    ['08.1.1.1', null],
    ['0x1g', '0x1g'], // does not end in a number: a domain
    ['foo.0x', null],
    ['foo.09', null],
    ['foo.0xg', 'foo.0xg'],
    ['0..0x300', null],
    ['0.0.0.0x300', null],
    ['1.2.3.09', null],
    ['example.255', null],
    ['255.example', '255.example'],
    ['1e1', '1e1'],
    ['１２７.０.０.１', '127.0.0.1'],
    ['127.0.0.1%2e', '127.0.0.1'],
    ['%30x10', '0.0.0.16'],
    ['99999999999999999999999999', null],
    ['0x' + 'f'.repeat(300), null],
  ];
  for (const [input, output] of cases) {
    it(`${JSON.stringify(input)} -> ${output === null ? 'failure' : output}`, () => {
      expect(run(input).output).to.equal(output);
    });
  }

  it('reports the errors of the IPv4 parser in its order', () => {
    expect(types('0x7f.1')).to.deep.equal(['IPv4-too-few-parts', 'IPv4-non-decimal-part']);
    expect(types('1.2.3.4.')).to.deep.equal(['domain-to-ASCII', 'IPv4-empty-part']);
    expect(types('0177.0.0.01')).to.deep.equal(['IPv4-non-decimal-part', 'IPv4-non-decimal-part']);
    expect(types('09')).to.deep.equal(['IPv4-too-few-parts', 'IPv4-non-numeric-part']);
    expect(types('foo.0x')).to.deep.equal(['IPv4-too-few-parts', 'IPv4-non-numeric-part']);
    expect(types('0..0x300')).to.deep.equal(['domain-to-ASCII', 'IPv4-too-few-parts', 'IPv4-non-numeric-part']);
    expect(types('1.2.3.256')).to.deep.equal(['IPv4-out-of-range-part']);
    expect(types('1.2.65536')).to.deep.equal(['IPv4-too-few-parts', 'IPv4-out-of-range-part']);
    expect(types('1.300.3.4')).to.deep.equal(['IPv4-out-of-range-part']);
    expect(types('1.2.3.4.5.')).to.deep.equal(['domain-to-ASCII', 'IPv4-empty-part', 'IPv4-too-many-parts']);
  });

  it('ends in a number', () => {
    const yes = ['1.2.3.4.', '1.2.3.4', 'foo.0x', 'foo.0X12', '0..0x300', 'a.09', '0', 'x.0x.'];
    const no = ['foo', 'foo.', 'foo.0xg', '.', 'a.b.', '1.a', '1.2.3.4..', 'a.1e1', 'ex.x', ''];
    for (const s of yes) expect(endsInANumber(s), s).to.equal(true);
    for (const s of no) expect(endsInANumber(s), s).to.equal(false);
  });

  it('domain to ASCII: the shortcut for a space, C0 control, "%", DELETE or NO-BREAK SPACE agrees with tr46', () => {
    // Without a sink the domain parser fails such a non-ASCII domain before tr46; with one it
    // runs every step. Pieces that UTS #46 maps, normalizes or composes, next to inert ones.
    const piece = fc.constantFrom('a', 'é', 'e\u0301', '\u00A0', '\uFF0E', '\u0338', '<', 'ß', '測', ' ', '\t', '%', '\u007F', '\u0000', '.', 'xn--');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const d = pieces.join('');
        expect(domainToASCII(d), JSON.stringify(d)).to.equal(domainToASCII(d, false, () => undefined));
      }),
      { numRuns: 2000 },
    );
  });

  it('ends in a number: the shortcut agrees with the whole ends-in-a-number rule', () => {
    // endsInANumber finds the last label itself and matches only ipv4-last-label there; the
    // grammar's rule walks every label. Strings of label-ish pieces, dots and digits.
    const rule = generateEntry(HOST_GRAMMAR, 'ends-in-a-number');
    const piece = fc.constantFrom('', '.', '0', '1', '09', '0x', '0X1f', 'a', 'f', 'x', 'ex', '255', '%', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const s = pieces.join('');
        expect(endsInANumber(s), JSON.stringify(s)).to.equal(rule(s) !== null);
      }),
      { numRuns: 3000 },
    );
  });

  it('parseIPv4 directly', () => {
    expect(parseIPv4('192.168.0.1')).to.equal(0xc0a80001);
    expect(parseIPv4('0xc0a80001')).to.equal(0xc0a80001);
    expect(parseIPv4('')).to.equal(null);
    expect(parseIPv4('.')).to.equal(null);
    expect(parseIPv4('1.2.3.4.5')).to.equal(null);
  });
});

// ---- IPv6 -------------------------------------------------------------------------------------

describe('host: IPv6 addresses', () => {
  const cases: [string, string | null][] = [
    ['[::]', '[::]'],
    ['[::1]', '[::1]'],
    ['[1::]', '[1::]'],
    ['[0:0::1]', '[::1]'],
    ['[1:2:3:4:5:6:7:8]', '[1:2:3:4:5:6:7:8]'],
    ['[1:2:3:4:5:6:7::]', '[1:2:3:4:5:6:7:0]'],
    ['[::2:3:4:5:6:7:8]', '[0:2:3:4:5:6:7:8]'],
    ['[1:0:0:4:0:0:0:8]', '[1:0:0:4::8]'],
    ['[1:0:0:4:5:0:0:8]', '[1::4:5:0:0:8]'],
    ['[0:0:1:0:0:0:0:0]', '[0:0:1::]'],
    ['[0:f:0:0:f:f:0:0]', '[0:f::f:f:0:0]'],
    ['[1:0:2:0:3:0:4:0]', '[1:0:2:0:3:0:4:0]'],
    ['[0:0:0:0:0:0:0:0]', '[::]'],
    ['[ABCD:EF01::]', '[abcd:ef01::]'],
    ['[0001:0002::0003]', '[1:2::3]'],
    ['[::ffff:192.168.0.1]', '[::ffff:c0a8:1]'],
    ['[::127.0.0.1]', '[::7f00:1]'],
    ['[1:2:3:4:5:6:1.2.3.4]', '[1:2:3:4:5:6:102:304]'],
    ['[0:0:0:0:0:0:0.0.0.0]', '[::]'],
    ['[1:2:3:4:5:6:7:8:9]', null],
    ['[1:2:3:4:5:6:7:8::]', null],
    ['[::1:2:3:4:5:6:7:8]', null],
    ['[1::2::3]', null],
    ['[:::]', null],
    ['[:1]', null],
    ['[1:]', null],
    ['[12345::]', null],
    ['[::1.2.3]', null],
    ['[::1.2.3.4.5]', null],
    ['[::1.2.3.256]', null],
    ['[::1.2.3.]', null],
    ['[::01.2.3.4]', null],
    ['[::a.2.3.4]', null],
    ['[::12345.1.1.1]', null],
    ['[1:2:3:4:5:6:7:1.2.3.4]', null],
    ['[]', null],
    ['[', null],
    ['[:', null],
    ['[::1', null],
    ['[::1]]', null],
    ['[0:0::1%5D', null],
    ['[0:0::%31]', null],
    ['[::1 ]', null],
    ['[ ::1]', null],
  ];
  for (const [input, output] of cases) {
    it(`${JSON.stringify(input)} -> ${output === null ? 'failure' : output}`, () => {
      expect(run(input).output).to.equal(output);
      expect(run(input, true).output).to.equal(output);
    });
  }

  it('reports the first error the IPv6 parser reports', () => {
    expect(types('[1:2:3:4:5:6:7:8::]')).to.deep.equal(['IPv6-too-many-pieces']);
    expect(types('[::1:2:3:4:5:6:7:8]')).to.deep.equal(['IPv6-too-many-pieces']);
    expect(types('[1:2:3:4:5:6:7:8:]')).to.deep.equal(['IPv6-invalid-code-point']);
    expect(types('[1:2:3:4:5:6:7:8:!]')).to.deep.equal(['IPv6-too-many-pieces']);
    expect(types('[1:2:3:4:5:6:7:8.1.1.1]')).to.deep.equal(['IPv4-in-IPv6-too-many-pieces']);
    expect(types('[1:2:3:4:5:6:7:8:1.1.1.1]')).to.deep.equal(['IPv6-too-many-pieces']);
    expect(types('[:::]')).to.deep.equal(['IPv6-multiple-compression']);
    expect(types('[:]')).to.deep.equal(['IPv6-invalid-compression']);
    expect(types('[12345::]')).to.deep.equal(['IPv6-invalid-code-point']);
    expect(types('[::.]')).to.deep.equal(['IPv4-in-IPv6-invalid-code-point']);
    expect(types('[::1.2.3.]')).to.deep.equal(['IPv4-in-IPv6-invalid-code-point']);
    expect(types('[::a.2.3.4]')).to.deep.equal(['IPv4-in-IPv6-invalid-code-point']);
    expect(types('[::12345.1.1.1]')).to.deep.equal(['IPv6-invalid-code-point']);
    expect(types('[::1.999.x]')).to.deep.equal(['IPv4-in-IPv6-out-of-range-part']);
    expect(types('[::1.2.3.4.999]')).to.deep.equal(['IPv4-in-IPv6-invalid-code-point']);
    expect(types('[]')).to.deep.equal(['IPv6-too-few-pieces']);
    expect(types('[01:02::0003]')).to.deep.equal([
      'IPv6-piece-leading-zero',
      'IPv6-piece-leading-zero',
      'IPv6-piece-leading-zero',
    ]);
    expect(types('[01:x]')).to.deep.equal(['IPv6-piece-leading-zero', 'IPv6-invalid-code-point']);
    expect(types('[01x]')).to.deep.equal(['IPv6-invalid-code-point']);
    expect(types('[0:0::%31]')).to.deep.equal(['IPv6-invalid-code-point']);
  });

  it('parseIPv6 directly (no brackets)', () => {
    expect(parseIPv6('1::2')).to.deep.equal([1, 0, 0, 0, 0, 0, 0, 2]);
    expect(parseIPv6('::ffff:1.2.3.4')).to.deep.equal([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6('')).to.equal(null);
  });

  it('serializes with the first longest run of two or more 0 pieces compressed', () => {
    const cases: [number[], string][] = [
      [[0, 0, 0, 0, 0, 0, 0, 0], '[::]'],
      [[1, 0, 0, 0, 0, 0, 0, 0], '[1::]'],
      [[0, 0, 0, 0, 0, 0, 0, 1], '[::1]'],
      [[1, 0, 2, 0, 3, 0, 4, 0], '[1:0:2:0:3:0:4:0]'],
      [[1, 0, 0, 2, 0, 0, 3, 4], '[1::2:0:0:3:4]'],
      [[1, 0, 0, 2, 0, 0, 0, 3], '[1:0:0:2::3]'],
      [[0, 0, 1, 0, 0, 0, 0, 1], '[0:0:1::1]'],
      [[0, 0, 0, 1, 0, 0, 0, 1], '[::1:0:0:0:1]'],
      [[0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff], '[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]'],
    ];
    for (const [address, text] of cases) {
      expect(serializeHost(address)).to.equal(text);
      expect(parseHost(text)).to.deep.equal(address);
    }
  });
});

// ---- domains and IDNA -------------------------------------------------------------------------

describe('host: domains', () => {
  it('the examples of the host-parsing table', () => {
    const table: [string, string | null, string | null][] = [
      ['EXAMPLE.COM', 'example.com', 'EXAMPLE.COM'],
      ['example%2Ecom', 'example.com', 'example%2Ecom'],
      ['faß.example', 'xn--fa-hia.example', 'fa%C3%9F.example'],
      ['0', '0.0.0.0', '0'],
      ['%30', '0.0.0.0', '%30'],
      ['0x', '0.0.0.0', '0x'],
      ['0xffffffff', '255.255.255.255', '0xffffffff'],
      ['[0:0::1]', '[::1]', '[::1]'],
      ['[0:0::1%5D', null, null],
      ['[0:0::%31]', null, null],
      ['09', null, '09'],
      ['example.255', null, 'example.255'],
      ['example^example', null, null],
    ];
    for (const [input, special, opaque] of table) {
      expect(serialize(input), input).to.equal(special);
      expect(serialize(input, true), `${input} (opaque)`).to.equal(opaque);
    }
  });

  it('ASCII domains are lowercased without IDNA, even with an "xn--" label', () => {
    expect(run('Example.COM')).to.deep.equal({ output: 'example.com', errors: [] });
    expect(serialize('xn--a')).to.equal('xn--a');
    expect(types('xn--a')).to.deep.equal(['domain-to-ASCII']);
    expect(serialize('XN--ZCA.com')).to.equal('xn--zca.com');
    expect(serialize('a_b.c-d')).to.equal('a_b.c-d');
    expect(types('a_b.c-d')).to.deep.equal(['domain-to-ASCII']);
  });

  it('forbidden domain code points fail', () => {
    for (const c of ['\u0000', '\u0001', '\u001f', ' ', '#', '%', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|', '\u007f']) {
      expect(serialize(`a${c}b`), JSON.stringify(c)).to.equal(null);
    }
    expect(serialize('a%25b')).to.equal(null);
    expect(serialize('a%00b')).to.equal(null);
    expect(serialize('a~b!$&\'()*+,;=_`{}"')).to.equal('a~b!$&\'()*+,;=_`{}"');
  });

  it('percent-decodes, then decodes UTF-8 (invalid UTF-8 becomes U+FFFD and fails)', () => {
    expect(serialize('%66%C3%A4ss.de')).to.equal('xn--fss-qla.de');
    expect(serialize('%FF.com')).to.equal(null);
    expect(serialize('%EF%BB%BFexample.com')).to.equal('example.com');
  });

  it('domainToASCII', () => {
    expect(domainToASCII('Example.com')).to.equal('example.com');
    expect(domainToASCII('Bücher.de')).to.equal('xn--bcher-kva.de');
    expect(domainToASCII('xn--a')).to.equal('xn--a');
    expect(domainToASCII('xn--a', true)).to.equal(null);
    expect(domainToASCII('-x.com', true)).to.equal(null);
    expect(domainToASCII('-x.com')).to.equal('-x.com');
    expect(domainToASCII('a..b', true)).to.equal(null);
    expect(domainToASCII('example.com', true)).to.equal('example.com');
    expect(domainToASCII('')).to.equal(null);
    expect(domainToASCII('\u200D.example')).to.equal(null);
    const errors: string[] = [];
    expect(domainToASCII('a..b', false, (type) => errors.push(type))).to.equal('a..b');
    expect(errors).to.deep.equal(['domain-to-ASCII']);
  });

  it('domainToUnicode', () => {
    expect(domainToUnicode('xn--fa-hia.de')).to.equal('faß.de');
    expect(domainToUnicode('example.com')).to.equal('example.com');
    expect(domainToUnicode('xn--8i7caa')).to.equal('xn--8i7caa');
    expect(domainToUnicode('xn--a')).to.equal('xn--a');
    expect(domainToUnicode('xn--zca.xn--bcher-kva.de')).to.equal('ß.bücher.de');
  });
});

// ---- opaque hosts -----------------------------------------------------------------------------

describe('host: opaque hosts', () => {
  it('keeps ASCII, percent-encodes C0 controls and non-ASCII as UTF-8', () => {
    expect(serialize('EXAMPLE.COM', true)).to.equal('EXAMPLE.COM');
    expect(serialize('a\u0001b\u007f', true)).to.equal('a%01b%7F');
    expect(serialize('é', true)).to.equal('%C3%A9');
    expect(serialize('\u{1F600}', true)).to.equal('%F0%9F%98%80');
    expect(serialize('%zz%41', true)).to.equal('%zz%41');
    expect(serialize('a"b{}`', true)).to.equal('a"b{}`');
    expect(serialize('', true)).to.equal('');
    expect(parseOpaqueHost('ab')).to.equal('ab');
  });

  it('fails on a forbidden host code point', () => {
    for (const c of ['\u0000', '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|']) {
      expect(types(`a${c}b`, true), JSON.stringify(c)).to.deep.equal(['host-invalid-code-point']);
      expect(serialize(`a${c}b`, true)).to.equal(null);
    }
    // "%" and the other C0 controls are not forbidden host code points
    expect(serialize('a%b\u0002', true)).to.equal('a%b%02');
  });

  it('reports invalid URL units', () => {
    expect(types('a%zz', true)).to.deep.equal(['invalid-URL-unit']);
    expect(types('a`b', true)).to.deep.equal(['invalid-URL-unit']);
    expect(types('a\uFDD0b', true)).to.deep.equal(['invalid-URL-unit']);
    expect(types('aé%41', true)).to.deep.equal([]);
  });
});

// ---- robustness -------------------------------------------------------------------------------

describe('host: never throws, stays linear', () => {
  const weird: string[] = [
    '\uD800',
    '\uDC00',
    'a\uD800b',
    '[\uD800]',
    '[::\uDFFF]',
    '\uD800.com',
    '%ED%A0%80.com',
    'a'.repeat(100000),
    'a.'.repeat(50000),
    '1.'.repeat(50000),
    '9'.repeat(100000),
    '0x' + 'f'.repeat(100000),
    'é'.repeat(100000),
    '%41'.repeat(33333),
    '\uD800'.repeat(100000),
    '[' + '1:'.repeat(500000) + ']',
    '[' + ':'.repeat(1000000) + ']',
    '[::' + '1.'.repeat(500000) + ']',
    '[::1.' + '1'.repeat(1000000) + ']',
    '[' + 'f'.repeat(1000000) + ']',
    '[' + 'x'.repeat(1000000) + ']',
    '[' + 'a'.repeat(1000000),
    '',
    '[',
    ']',
    '.',
    '..',
    '%',
    '%%',
  ];
  for (const input of weird) {
    const title = input.length > 40 ? `${JSON.stringify(input.slice(0, 20))}... (${input.length} code units)` : JSON.stringify(input);
    it(title, () => {
      for (const isOpaque of [false, true]) {
        const host: Host | null = parseHost(input, isOpaque);
        if (host !== null) expect(serializeHost(host)).to.be.a('string');
        const errors: string[] = [];
        expect(() => parseHost(input, isOpaque, (type) => errors.push(type))).to.not.throw();
      }
    });
  }
});
