// The application/x-www-form-urlencoded format: https://url.spec.whatwg.org/#application/x-www-form-urlencoded
//
// Only UTF-8 is supported (the only conforming encoding); the legacy "_charset_" handling the spec
// mentions in a note is deliberately absent.

import { FORM_URLENCODED_SET, percentDecodeBytes, utf8PercentEncodeString } from '../semantic/percent-encode';
import { toScalarValueString } from '../usv';

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PLUS = 0x2b;
const SPACE = 0x20;

const utf8Encoder = new TextEncoder();

// https://encoding.spec.whatwg.org/#utf-8-decode-without-bom: a leading EF BB BF is *kept* (decoded to
// U+FEFF), and malformed sequences become U+FFFD. `ignoreBOM: true` is what keeps the BOM; `fatal`
// stays false so errors are replaced rather than thrown.
const utf8DecoderWithoutBom = new TextDecoder('utf-8', { ignoreBOM: true, fatal: false });



/**
 * The steps for one name or value: replace 0x2B (+) with 0x20 (SP), percent-decode, then UTF-8 decode
 * without BOM. `bytes` may be a view into the caller's input, so it is copied before any "+" is
 * rewritten.
 */
function decodeComponent(bytes: Uint8Array): string {
  let plusFree = bytes;
  if (bytes.indexOf(PLUS) !== -1) {
    plusFree = bytes.slice();
    for (let i = 0; i < plusFree.length; i++) {
      if (plusFree[i] === PLUS) plusFree[i] = SPACE;
    }
  }
  return utf8DecoderWithoutBom.decode(percentDecodeBytes(plusFree));
}

/**
 * The application/x-www-form-urlencoded parser:
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 *
 * The spec's input is a byte sequence; a string given here is UTF-8 encoded first (lone surrogates
 * become U+FFFD on the way, as the UTF-8 encoder only sees scalar values).
 */
export function parseUrlencoded(input: string | Uint8Array): Array<[string, string]> {
  const bytes = typeof input === 'string' ? utf8Encoder.encode(input) : input;
  const output: Array<[string, string]> = [];
  // Split on 0x26 (&), visiting each piece in order.
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(AMPERSAND, start);
    if (end === -1) end = bytes.length;
    // An empty byte sequence is skipped.
    if (end > start) {
      const piece = bytes.subarray(start, end);
      const equals = piece.indexOf(EQUALS);
      // Name: up to the first "=" (or everything); value: after it (or nothing).
      const name = equals === -1 ? piece : piece.subarray(0, equals);
      const value = equals === -1 ? piece.subarray(piece.length) : piece.subarray(equals + 1);
      output.push([decodeComponent(name), decodeComponent(value)]);
    }
    start = end + 1;
  }
  return output;
}

/**
 * The application/x-www-form-urlencoded string parser:
 * https://url.spec.whatwg.org/#concept-urlencoded-string-parser
 * (UTF-8 encode the scalar value string, then run the byte parser on it.)
 */
export function parseUrlencodedString(input: string): Array<[string, string]> {
  return parseUrlencoded(utf8Encoder.encode(input));
}

/**
 * The application/x-www-form-urlencoded serializer, with the default (and only supported) encoding,
 * UTF-8: https://url.spec.whatwg.org/#concept-urlencoded-serializer
 *
 * Each name and value goes through https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 * with the application/x-www-form-urlencoded percent-encode set, which turns U+0020 into "+".
 * The spec asserts scalar value strings; lone surrogates are replaced with U+FFFD here rather than
 * producing invalid UTF-8.
 */
export function serializeUrlencoded(tuples: Iterable<readonly [string, string]>): string {
  let output = '';
  for (const [name, value] of tuples) {
    const encodedName = utf8PercentEncodeString(toScalarValueString(name), FORM_URLENCODED_SET, true);
    const encodedValue = utf8PercentEncodeString(toScalarValueString(value), FORM_URLENCODED_SET, true);
    if (output !== '') output += '&';
    output += encodedName + '=' + encodedValue;
  }
  return output;
}
