// The encoding side of the query's encoding override (and of the urlencoded serializer's
// encoding): resolving an encoding label, and percent-encoding a string after encoding it with a
// legacy encoding.
//
// The encoders themselves come from @exodus/bytes, which implements the Encoding Standard's
// encoders with its index tables (single-byte encodings, gb18030/GBK, Big5, EUC-JP, ISO-2022-JP,
// Shift_JIS, EUC-KR). Its public encoders are "fatal": they throw on the first code point they
// cannot encode. This module builds the Encoding Standard's "encode or fail" loop on top of them,
// keeping the ISO-2022-JP encoder's state across errors as that hook requires.

import type * as EncodingLite from '@exodus/bytes/encoding-lite.js';
import type * as MultiByte from '@exodus/bytes/multi-byte.js';
import type * as SingleByte from '@exodus/bytes/single-byte.js';
import {
  type EncodeSet,
  FORM_URLENCODED_SET,
  SPECIAL_QUERY_SET,
  percentEncodeByte,
  utf8PercentEncodeString,
} from './percent-encode';

// @exodus/bytes is loaded on first use: most programs never name a legacy encoding, and its
// label table and index tables take longer to load than the rest of the parser.
/* eslint-disable @typescript-eslint/no-require-imports */
let encodingLite: typeof EncodingLite | undefined;
const labels = () => (encodingLite ??= require('@exodus/bytes/encoding-lite.js') as typeof EncodingLite);
const labelToName = (label: string) => labels().labelToName(label);
const normalizeEncoding = (label: string) => labels().normalizeEncoding(label);
const createMultibyteEncoder = (name: string) => (require('@exodus/bytes/multi-byte.js') as typeof MultiByte).createMultibyteEncoder(name);
const createSinglebyteEncoder = (name: string) => (require('@exodus/bytes/single-byte.js') as typeof SingleByte).createSinglebyteEncoder(name);
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * https://encoding.spec.whatwg.org/#concept-encoding-get followed by
 * https://encoding.spec.whatwg.org/#get-an-output-encoding
 *
 * Resolves `label` (ASCII case-insensitive, surrounding ASCII whitespace ignored) to the
 * encoding's name as the Encoding Standard spells it ("UTF-8", "Shift_JIS", "windows-1252",
 * "gb18030", ...), or null when no encoding has that label. The replacement encoding and
 * UTF-16BE/LE then become UTF-8, since they have no encoder.
 */
export function getOutputEncoding(label: string): string | null {
  const encoding = labelToName(label);
  if (encoding === null) return null;
  // https://encoding.spec.whatwg.org/#get-an-output-encoding
  // 1. If encoding is replacement or UTF-16BE/LE, then return UTF-8.
  if (encoding === 'replacement' || encoding === 'UTF-16BE' || encoding === 'UTF-16LE') {
    return 'UTF-8';
  }
  // 2. Return encoding.
  return encoding;
}

/** A fatal encoder: the bytes for a whole string, or a TypeError at a code point it cannot encode. */
type FatalEncoder = (input: string) => Uint8Array;

// The encodings whose encoders @exodus/bytes/multi-byte.js provides; every other encoding that has
// an encoder (UTF-8 aside) is a single-byte one or x-user-defined.
const MULTI_BYTE = new Set(['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr']);

const encoders = new Map<string, FatalEncoder>();

/**
 * https://encoding.spec.whatwg.org/#get-an-encoder for a lower-case encoding name other than
 * UTF-8. The functions are stateless (ISO-2022-JP's state lives inside one call), so one per
 * encoding is kept.
 */
function getEncoder(name: string): FatalEncoder {
  // 1. Assert: encoding is not replacement or UTF-16BE/LE.
  if (name === 'replacement' || name === 'utf-16be' || name === 'utf-16le') {
    throw new RangeError(`The ${name} encoding has no encoder: get an output encoding first`);
  }
  let encoder = encoders.get(name);
  if (encoder === undefined) {
    encoder = MULTI_BYTE.has(name) ? createMultibyteEncoder(name) : createSinglebyteEncoder(name);
    encoders.set(name, encoder);
  }
  return encoder;
}

/** The encoder's bytes for `input`, or null when it has a code point the encoder cannot encode. */
function tryEncode(encoder: FatalEncoder, input: string): Uint8Array | null {
  try {
    return encoder(input);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * The inner loop of https://url.spec.whatwg.org/#string-percent-encode-after-encoding: each byte as
 * its isomorphic code point if that is not in the set, percent-encoded otherwise (and 0x20 as "+"
 * with spaceAsPlus). An EncodeSet includes every non-ASCII code point, so bytes 0x80 and up are
 * always percent-encoded.
 */
function percentEncodeBytes(bytes: Uint8Array, set: EncodeSet, spaceAsPlus: boolean): string {
  let out = '';
  for (const byte of bytes) {
    if (spaceAsPlus && byte === 0x20) out += '+';
    else if (byte < 0x80 && set[byte] !== 1) out += String.fromCharCode(byte);
    else out += percentEncodeByte(byte);
  }
  return out;
}

/**
 * What https://url.spec.whatwg.org/#string-percent-encode-after-encoding appends when encode or
 * fail returns an error: "%26%23", the code point in decimal, "%3B" (an HTML character reference,
 * "&#N;", itself percent-encoded).
 */
function errorReference(codePoint: number): string {
  return '%26%23' + codePoint + '%3B';
}

/** `ch` (one code point) as a scalar value: a lone surrogate becomes U+FFFD. */
function scalarValue(ch: string): number {
  const cp = ch.codePointAt(0) as number;
  return cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp;
}

/**
 * Every encoder but ISO-2022-JP's is stateless: the bytes for a string are the concatenation of the
 * bytes for each code point, so encode or fail can run one code point at a time.
 */
function percentEncodeStateless(
  encoder: FatalEncoder,
  input: string,
  set: EncodeSet,
  spaceAsPlus: boolean,
): string {
  let out = '';
  for (const ch of input) {
    const cp = scalarValue(ch);
    const bytes = tryEncode(encoder, String.fromCodePoint(cp));
    if (bytes !== null) out += percentEncodeBytes(bytes, set, spaceAsPlus);
    else out += errorReference(cp);
  }
  return out;
}

const ESC = 0x1b;

type Iso2022JpState = 'ASCII' | 'Roman' | 'jis0208';

/**
 * The bytes https://encoding.spec.whatwg.org/#iso-2022-jp-encoder gives for `run` (code points it
 * can all encode) when it starts in the ASCII or (`roman`) the Roman state, followed by its
 * end-of-queue bytes: ESC ( B when the state after `run` is not ASCII.
 *
 * The fatal encoder always starts in ASCII; to start in Roman, U+00A5 goes first, for which the
 * encoder emits ESC ( J (switching to Roman) and 0x5C, and those four bytes are dropped.
 */
function encodeIso2022JpRun(encoder: FatalEncoder, run: string, roman: boolean): Uint8Array {
  return roman ? encoder('\u00A5' + run).subarray(4) : encoder(run);
}

/**
 * The ISO-2022-JP encoder state after the code points of a run whose bytes (from
 * encodeIso2022JpRun) are `bytes`. 0x1B only occurs in escape sequences, and an ESC ( B that
 * switches to ASCII mid-run is always followed by the byte of the code point it was for, so
 * trailing ESC ( B bytes are the end-of-queue ones, and the escape sequence before them names the
 * state (the start state when there is none).
 */
function iso2022JpStateAfter(bytes: Uint8Array, roman: boolean): Iso2022JpState {
  const n = bytes.length;
  if (!(n >= 3 && bytes[n - 3] === ESC && bytes[n - 2] === 0x28 && bytes[n - 1] === 0x42)) {
    return 'ASCII';
  }
  for (let i = n - 4; i >= 0; i--) {
    if (bytes[i] !== ESC) continue;
    if (bytes[i + 1] === 0x24) return 'jis0208'; // ESC $ B
    return bytes[i + 2] === 0x4a ? 'Roman' : 'ASCII'; // ESC ( J or ESC ( B
  }
  return roman ? 'Roman' : 'ASCII';
}

/**
 * Encode or fail with one ISO-2022-JP encoder instance, run until the input is used up. On an
 * error the encoder is in the ASCII or the Roman state and stays so for what follows (the error's
 * "&#N;" is appended to the output, never passed through the encoder):
 * - in jis0208 it first emits ESC ( B and switches to ASCII (steps 6 and 11.1 of the encoder);
 * - in Roman it reports the error as is (steps 3 and 11.2), without ESC ( B;
 * - U+000E, U+000F, and U+001B are reported as U+FFFD (step 3; step 6 first in jis0208).
 * Which code points are errors does not depend on the state, so each is tested on its own.
 */
function percentEncodeIso2022Jp(
  encoder: FatalEncoder,
  input: string,
  set: EncodeSet,
  spaceAsPlus: boolean,
): string {
  let out = '';
  let run = '';
  let roman = false;
  for (const ch of input) {
    const cp = scalarValue(ch);
    const scalar = String.fromCodePoint(cp);
    if (tryEncode(encoder, scalar) !== null) {
      run += scalar;
      continue;
    }
    const bytes = encodeIso2022JpRun(encoder, run, roman);
    const state = iso2022JpStateAfter(bytes, roman);
    if (state === 'Roman') {
      // The error comes while in Roman: no end-of-queue ESC ( B, and the state carries on.
      out += percentEncodeBytes(bytes.subarray(0, bytes.length - 3), set, spaceAsPlus);
      roman = true;
    } else {
      // In jis0208 the trailing ESC ( B is what the encoder emits before the error; in ASCII
      // there is none. Either way the state is ASCII from here.
      out += percentEncodeBytes(bytes, set, spaceAsPlus);
      roman = false;
    }
    out += errorReference(cp === 0x0e || cp === 0x0f || cp === ESC ? 0xfffd : cp);
    run = '';
  }
  // The last encode or fail returns null: the input's end-of-queue reaches the encoder.
  out += percentEncodeBytes(encodeIso2022JpRun(encoder, run, roman), set, spaceAsPlus);
  return out;
}

/**
 * https://url.spec.whatwg.org/#string-percent-encode-after-encoding
 *
 * `encoding` is an encoding's name or label (case-insensitive; see getOutputEncoding) that has an
 * encoder: an unknown label, replacement, or UTF-16BE/LE throws a RangeError. Unless it is UTF-8,
 * `set` must be SPECIAL_QUERY_SET or FORM_URLENCODED_SET (the spec's assertion; a TypeError
 * otherwise). `spaceAsPlus` defaults, as in the spec, to whether `set` is FORM_URLENCODED_SET.
 *
 * `input` is to be a scalar value string (lone surrogates are read as U+FFFD here). Code points the
 * encoding cannot encode become "%26%23" + decimal code point + "%3B" ("&#N;" percent-encoded).
 */
export function percentEncodeAfterEncoding(
  encoding: string,
  input: string,
  set: EncodeSet,
  spaceAsPlus: boolean = set === FORM_URLENCODED_SET,
): string {
  const name = normalizeEncoding(encoding);
  if (name === null) throw new RangeError(`Unknown encoding label: ${JSON.stringify(encoding)}`);
  // UTF-8's encoder never fails, so the whole algorithm is UTF-8 percent-encode.
  if (name === 'utf-8') return utf8PercentEncodeString(input, set, spaceAsPlus);
  // 1. Assert: encoding is UTF-8 or percentEncodeSet is the special-query percent-encode set or
  //    the application/x-www-form-urlencoded percent-encode set.
  if (set !== SPECIAL_QUERY_SET && set !== FORM_URLENCODED_SET) {
    throw new TypeError(
      'percent-encode after encoding with a legacy encoding needs the special-query or the ' +
        'application/x-www-form-urlencoded percent-encode set',
    );
  }
  // 2. spaceAsPlus is the parameter. 3. Let encoder be the result of getting an encoder.
  const encoder = getEncoder(name);
  // 4-7. Encode or fail until it returns null. When no code point is unencodable the first call
  // already does: the whole input encodes at once.
  const bytes = tryEncode(encoder, input);
  if (bytes !== null) return percentEncodeBytes(bytes, set, spaceAsPlus);
  if (name === 'iso-2022-jp') return percentEncodeIso2022Jp(encoder, input, set, spaceAsPlus);
  return percentEncodeStateless(encoder, input, set, spaceAsPlus);
}
