// The application/x-www-form-urlencoded format: https://url.spec.whatwg.org/#application/x-www-form-urlencoded
//
// Only UTF-8 is supported (the only conforming encoding); the legacy "_charset_" handling the spec
// mentions in a note is deliberately absent.

import { FORM_URLENCODED_SET, hexValue, percentDecodeBytes, utf8PercentEncodeString } from '../semantic/percent-encode';
import { toScalarValueString } from '../usv';

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PERCENT = 0x25;
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
 * The spec's input is a byte sequence; a string given here goes to parseUrlencodedString, whose
 * answer is the byte parser's on the string's UTF-8 bytes (lone surrogates become U+FFFD).
 */
export function parseUrlencoded(input: string | Uint8Array): Array<[string, string]> {
  if (typeof input === 'string') return parseUrlencodedString(input);
  const bytes = input;
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
 * (UTF-8 encode the scalar value string, then run the byte parser on it; a lone surrogate becomes
 * U+FFFD, as the UTF-8 encoder only sees scalar values.)
 *
 * Worked on the string itself, which gives the same answer: "&", "=", "+" and "%" are ASCII, and
 * no byte of a multi-byte UTF-8 sequence is, so the string splits where its bytes would; and the
 * UTF-8 bytes of a scalar value string decode back to that string. Only a name or value with a
 * percent-encoded byte from 0x80 up goes through the bytes (decodeComponent): those bytes may be
 * malformed UTF-8, and then the decoder's replacements are the answer. Going through TextDecoder
 * for every name and value made a 100,000-pair query take ten times as long.
 */
export function parseUrlencodedString(input: string): Array<[string, string]> {
  const string = toScalarValueString(input);
  const n = string.length;
  const output: Array<[string, string]> = [];
  let start = 0;
  while (start < n) {
    // One piece, up to the next "&": where its first "=" is, and whether its name and its value
    // hold a "+" or "%" (anything else is the string's own slice).
    let equals = -1;
    let nameEscaped = false;
    let valueEscaped = false;
    let end = start;
    for (; end < n; end++) {
      const c = string.charCodeAt(end);
      if (c === AMPERSAND) break;
      if (c === EQUALS) {
        if (equals === -1) equals = end;
      } else if (c === PLUS || c === PERCENT) {
        if (equals === -1) nameEscaped = true;
        else valueEscaped = true;
      }
    }
    // An empty piece is skipped.
    if (end > start) {
      const nameEnd = equals === -1 ? end : equals;
      const name = nameEscaped ? decodeStringComponent(string, start, nameEnd) : string.slice(start, nameEnd);
      const value = equals === -1 ? '' : valueEscaped ? decodeStringComponent(string, equals + 1, end) : string.slice(equals + 1, end);
      output.push([name, value]);
    }
    start = end + 1;
  }
  return output;
}

/**
 * decodeComponent for string[from, to), a scalar value string that holds a "+" or "%": each "+"
 * becomes a space and each percent-encoded byte below 0x80 its character; on the first
 * percent-encoded byte from 0x80 up, the whole piece goes through the bytes instead.
 */
function decodeStringComponent(string: string, from: number, to: number): string {
  let output = '';
  let copied = from;
  for (let i = from; i < to; i++) {
    const c = string.charCodeAt(i);
    if (c === PLUS) {
      output += string.slice(copied, i) + ' ';
      copied = i + 1;
    } else if (c === PERCENT && i + 2 < to) {
      const hi = hexValue(string.charCodeAt(i + 1));
      const lo = hexValue(string.charCodeAt(i + 2));
      if (hi < 0 || lo < 0) continue;
      const byte = (hi << 4) | lo;
      if (byte >= 0x80) return decodeComponent(utf8Encoder.encode(string.slice(from, to)));
      output += string.slice(copied, i) + String.fromCharCode(byte);
      i += 2;
      copied = i + 1;
    }
  }
  return output + string.slice(copied, to);
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
