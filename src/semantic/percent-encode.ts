// Percent-encoded bytes: https://url.spec.whatwg.org/#percent-encoded-bytes
//
// The percent-encode sets are data: each is a 128-entry table for the ASCII range (every code
// point above U+007E is in every set, since each contains the C0 control percent-encode set).

export type EncodeSet = Readonly<Uint8Array>;

function asciiSet(base: EncodeSet | null, extra: string): EncodeSet {
  const table = new Uint8Array(128);
  if (base) table.set(base);
  for (const ch of extra) table[ch.charCodeAt(0)] = 1;
  return table;
}

function c0ControlTable(): EncodeSet {
  const table = new Uint8Array(128);
  for (let i = 0; i <= 0x1f; i++) table[i] = 1;
  table[0x7f] = 1;
  return table;
}

/** https://url.spec.whatwg.org/#c0-control-percent-encode-set */
export const C0_CONTROL_SET = c0ControlTable();
/** https://url.spec.whatwg.org/#fragment-percent-encode-set */
export const FRAGMENT_SET = asciiSet(C0_CONTROL_SET, ' "<>`');
/** https://url.spec.whatwg.org/#query-percent-encode-set */
export const QUERY_SET = asciiSet(C0_CONTROL_SET, ' "#<>');
/** https://url.spec.whatwg.org/#special-query-percent-encode-set */
export const SPECIAL_QUERY_SET = asciiSet(QUERY_SET, "'");
/** https://url.spec.whatwg.org/#path-percent-encode-set */
export const PATH_SET = asciiSet(QUERY_SET, '?^`{}');
/** https://url.spec.whatwg.org/#userinfo-percent-encode-set */
export const USERINFO_SET = asciiSet(PATH_SET, '/:;=@[\\]|');
/** https://url.spec.whatwg.org/#component-percent-encode-set */
export const COMPONENT_SET = asciiSet(USERINFO_SET, '$%&+,');
/** https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set */
export const FORM_URLENCODED_SET = asciiSet(COMPONENT_SET, "!'()~");

const HEX = '0123456789ABCDEF';

/** https://url.spec.whatwg.org/#percent-encode: "%" and two upper-case hex digits. */
export function percentEncodeByte(byte: number): string {
  return '%' + HEX[byte >> 4] + HEX[byte & 15];
}

/** "%XX" for each byte value, so that encoding a byte is a lookup rather than a concatenation. */
const BYTE_ENCODED: readonly string[] = Array.from({ length: 256 }, (_, b) => percentEncodeByte(b));

function encodeUtf8CodePoint(cp: number): string {
  if (cp < 0x80) return BYTE_ENCODED[cp];
  if (cp < 0x800) return BYTE_ENCODED[0xc0 | (cp >> 6)] + BYTE_ENCODED[0x80 | (cp & 63)];
  if (cp < 0x10000) {
    return BYTE_ENCODED[0xe0 | (cp >> 12)] + BYTE_ENCODED[0x80 | ((cp >> 6) & 63)] + BYTE_ENCODED[0x80 | (cp & 63)];
  }
  return (
    BYTE_ENCODED[0xf0 | (cp >> 18)] +
    BYTE_ENCODED[0x80 | ((cp >> 12) & 63)] +
    BYTE_ENCODED[0x80 | ((cp >> 6) & 63)] +
    BYTE_ENCODED[0x80 | (cp & 63)]
  );
}

/**
 * https://url.spec.whatwg.org/#utf-8-percent-encode (for a string: each code point in turn).
 * `input` must be a scalar value string (no lone surrogates); the URL parser converts first.
 * With `spaceAsPlus`, U+0020 becomes "+" (the form-urlencoded serializer's option).
 */
export function utf8PercentEncodeString(input: string, set: EncodeSet, spaceAsPlus = false): string {
  // Fast path: nothing to encode, return the input itself.
  let i = 0;
  const n = input.length;
  for (; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c > 0x7e || set[c] === 1 || (c === 0x20 && spaceAsPlus)) break;
  }
  if (i === n) return input;
  if (n - i < 256) return encodeRest(input, i, set, spaceAsPlus);
  return encodeLong(input, i, set, spaceAsPlus);
}

/** Where encodeLong writes its ASCII output before turning it into a string, a piece at a time. */
const LONG_CHUNK = 1 << 15;
const longBuffer = new Uint8Array(LONG_CHUNK + 16);
const asciiDecoder = new TextDecoder('utf-8');
const HEX_CODES = Uint8Array.from(HEX, (h) => h.charCodeAt(0));

/** Writes "%XX" for `b` at buf[k]; returns the index after it. */
function putEncodedByte(buf: Uint8Array, k: number, b: number): number {
  buf[k] = 0x25;
  buf[k + 1] = HEX_CODES[b >> 4];
  buf[k + 2] = HEX_CODES[b & 15];
  return k + 3;
}

/**
 * The long case (a path, query or fragment of many kilobytes): the output is ASCII (every code
 * point from U+007F up is encoded), so it is written as bytes into a buffer and decoded a piece
 * of 32 KiB at a time, then joined: a few dozen strings for a megabyte, where slices and
 * "%XX" strings would be several per code point, all of them garbage after the join.
 */
function encodeLong(input: string, i: number, set: EncodeSet, spaceAsPlus: boolean): string {
  const n = input.length;
  const parts: string[] = [input.slice(0, i)];
  const buf = longBuffer;
  let k = 0;
  for (; i < n; i++) {
    // (charCodeAt, and codePointAt only at a lead surrogate: codePointAt on every code unit took
    // a tenth more time; a lone surrogate stays itself)
    let cp = input.charCodeAt(i);
    if (cp <= 0x7e && set[cp] !== 1) buf[k++] = spaceAsPlus && cp === 0x20 ? 0x2b : cp;
    else if (spaceAsPlus && cp === 0x20) buf[k++] = 0x2b;
    else if (cp < 0x80) k = putEncodedByte(buf, k, cp);
    else {
      if (cp >= 0xd800 && cp <= 0xdbff) {
        cp = input.codePointAt(i)!;
        if (cp > 0xffff) i++;
      }
      if (cp < 0x800) {
        k = putEncodedByte(buf, k, 0xc0 | (cp >> 6));
      } else if (cp < 0x10000) {
        k = putEncodedByte(buf, k, 0xe0 | (cp >> 12));
        k = putEncodedByte(buf, k, 0x80 | ((cp >> 6) & 63));
      } else {
        k = putEncodedByte(buf, k, 0xf0 | (cp >> 18));
        k = putEncodedByte(buf, k, 0x80 | ((cp >> 12) & 63));
        k = putEncodedByte(buf, k, 0x80 | ((cp >> 6) & 63));
      }
      k = putEncodedByte(buf, k, 0x80 | (cp & 63));
    }
    if (k >= LONG_CHUNK) {
      parts.push(asciiDecoder.decode(buf.subarray(0, k)));
      k = 0;
    }
  }
  if (k > 0) parts.push(asciiDecoder.decode(buf.subarray(0, k)));
  return parts.join('');
}

/**
 * The short case: concatenation, without the array of pieces. Runs that need nothing are
 * appended as one slice each, so that a string is built per encoded code point, not per unit.
 */
function encodeRest(input: string, i: number, set: EncodeSet, spaceAsPlus: boolean): string {
  const n = input.length;
  let out = '';
  let run = 0;
  for (; i < n; i++) {
    let cp = input.charCodeAt(i);
    if (cp <= 0x7e && set[cp] !== 1 && !(spaceAsPlus && cp === 0x20)) continue;
    if (run < i) out += input.slice(run, i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = input.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    out += spaceAsPlus && cp === 0x20 ? '+' : encodeUtf8CodePoint(cp);
    run = i + 1;
  }
  return run < n ? out + input.slice(run) : out;
}

/** The value of an ASCII hex digit (either case), or -1 for any other code unit. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** https://url.spec.whatwg.org/#percent-decode for a byte sequence. */
export function percentDecodeBytes(input: Uint8Array): Uint8Array {
  const out = new Uint8Array(input.length);
  let o = 0;
  for (let i = 0; i < input.length; i++) {
    const b = input[i];
    if (b === 0x25 && i + 2 < input.length) {
      const hi = hexValue(input[i + 1]);
      const lo = hexValue(input[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out[o++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
    }
    out[o++] = b;
  }
  return out.subarray(0, o);
}

const utf8Encoder = new TextEncoder();

/** https://url.spec.whatwg.org/#string-percent-decode: UTF-8 encode, then percent-decode. */
export function percentDecodeString(input: string): Uint8Array {
  return percentDecodeBytes(utf8Encoder.encode(input));
}

/** True when `input[i]` starts a percent-encoded byte ("%" and two ASCII hex digits). */
export function isPercentEncodedByteAt(input: string, i: number): boolean {
  return (
    input.charCodeAt(i) === 0x25 &&
    hexValue(input.charCodeAt(i + 1)) >= 0 &&
    hexValue(input.charCodeAt(i + 2)) >= 0
  );
}
