// The common shape, answered before the semantic pass: a URL written as scheme "://" host
// [path] ["?" query] ["#" fragment], with no credentials, no port and nothing the steps would
// change, is its own serialization (https://url.spec.whatwg.org/#concept-basic-url-parser
// followed by https://url.spec.whatwg.org/#concept-url-serializer). Nine in ten URLs met in
// practice have that shape (bench/real-urls.txt). commonOffsets reads the matcher's marks into
// locals and says so, with the href's offsets, or says null: then the marks are gathered and the
// semantic pass writes the href itself (hrefPass, src/semantic/url.ts), each step copying the
// input where it leaves a component as written. commonOffsets decides nothing the steps do not:
// it only asks the tests the steps ask at their top (src/semantic/href.ts) on the flags the
// matcher raised, and says null whenever a step could change a component. Kept apart from the
// pass because gathering the marks into the pass's Found for every input cost 5 to 15% on these
// inputs (docs/data-flow.md).
//
// This file also holds the flag tables of the matcher parseForHref runs (src/parse.ts), made from
// the encode sets the steps use. test/normalized.test.ts checks every href against the record's
// serialization, on every WPT input, the real-world corpora and random strings.

import type { FieldFlags, FlagsByField, GenerateOptions } from '../grammar/codegen';
import { HOST_ACTS_ON, mayEndInANumberAt } from './host';
import type { EncodeSet } from './percent-encode';
import { schemeOf, SchemeKind, Slot, STATE_ENCODE_SETS } from './url';
import { isSpecialScheme, type URLRecord } from '../record';
import { serializePath } from '../serialize';
import {
  BACKSLASH_SEPARATOR_FLAG,
  FRAGMENT_FLAG,
  HOST_FLAG,
  OPAQUE_PATH_FLAG,
  QUERY_FLAG,
  SCHEME_FLAG,
  SEGMENT_DOT_FLAG,
  SEGMENT_FLAG,
  SEGMENT_PERCENT_FLAG,
  SPECIAL_QUERY_FLAG,
  type HrefOffsets,
} from './href';

/** Called as `charCodeAt.call(s, i)`: a read that stays fast whatever strings came before (see CCA in src/grammar/codegen/templates.ts). */
const charCodeAt = String.prototype.charCodeAt;

// ---- flags raised by the grammar's matcher ------------------------------------------------------
//
// The generated matcher can raise a flag as it consumes a code unit in a component (see
// GenerateOptions.flags in src/grammar/codegen.ts; the bits are in src/semantic/href.ts). These
// are the code units that would make a component differ from its serialization, one bit per
// component, from the same tables the semantic pass uses: when the scan raised no bit for a
// component, neither commonOffsets nor the pass's tests need look at its code units again.

/**
 * The flags that could mean a special URL's input is not its serialization (QUERY_FLAG is for
 * other URLs, and OPAQUE_PATH_FLAG is for an opaque path, which commonOffsets leaves to the pass),
 * with a path's "." and "%" (a dot segment may start with one): any of them leaves the input to
 * the pass.
 */
const SPECIAL_REPAIR_FLAGS = SCHEME_FLAG | HOST_FLAG | SEGMENT_FLAG | BACKSLASH_SEPARATOR_FLAG | SPECIAL_QUERY_FLAG | FRAGMENT_FLAG | SEGMENT_DOT_FLAG | SEGMENT_PERCENT_FLAG;

/** The flags of an encode set: its ASCII members and U+007F up raise `bit`. */
function encodeSetFlags(set: EncodeSet, bit: number): FieldFlags {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = c >= 0x7f || set[c] === 1 ? bit : 0;
  return { table, nonAscii: bit };
}

/** The path segment flags: SEGMENT_FLAG for the path percent-encode set, SEGMENT_DOT_FLAG for ".", SEGMENT_PERCENT_FLAG for "%". */
function segmentFlags(): FieldFlags {
  const { table } = encodeSetFlags(STATE_ENCODE_SETS.path, SEGMENT_FLAG);
  const wide = Uint16Array.from(table);
  wide[0x2e] |= SEGMENT_DOT_FLAG;
  wide[0x25] |= SEGMENT_PERCENT_FLAG;
  // A dot segment starts with its "." or "%": elsewhere in a segment they say nothing, and the
  // matcher need not raise these flags there (a file name's "." then costs no search).
  return { table: wide, nonAscii: SEGMENT_FLAG, partStart: SEGMENT_DOT_FLAG | SEGMENT_PERCENT_FLAG };
}

/** The query flags: QUERY_FLAG for the query percent-encode set, SPECIAL_QUERY_FLAG for the special-query one. */
function queryFlags(): FieldFlags {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    if (c >= 0x7f || STATE_ENCODE_SETS.query[c] === 1) table[c] |= QUERY_FLAG;
    if (c >= 0x7f || STATE_ENCODE_SETS.specialQuery[c] === 1) table[c] |= SPECIAL_QUERY_FLAG;
  }
  return { table, nonAscii: QUERY_FLAG | SPECIAL_QUERY_FLAG };
}

/** The host flag: what the host parser may change or refuse in a host (HOST_ACTS_ON), and non-ASCII. */
function hostFlags(): FieldFlags {
  return { table: Uint8Array.from(HOST_ACTS_ON, (acts) => (acts === 1 ? HOST_FLAG : 0)), nonAscii: HOST_FLAG };
}

/** The flags for the matcher of the entry rule that parseForHref runs (src/parse.ts). */
const NORMALIZED_FLAGS: FlagsByField = {
  scheme: { table: Uint8Array.from({ length: 128 }, (_, c) => (c >= 0x41 && c <= 0x5a ? SCHEME_FLAG : 0)), nonAscii: SCHEME_FLAG },
  host: hostFlags(),
  segment: segmentFlags(),
  opaquePath: encodeSetFlags(STATE_ENCODE_SETS.opaquePath, OPAQUE_PATH_FLAG),
  query: queryFlags(),
  fragment: encodeSetFlags(STATE_ENCODE_SETS.fragment, FRAGMENT_FLAG),
  'rule:separator': { table: Uint16Array.from({ length: 128 }, (_, c) => (c === 0x5c ? BACKSLASH_SEPARATOR_FLAG : 0)), nonAscii: 0 },
};

/**
 * How parseForHref's matcher is generated (src/grammar/codegen.ts): guarded (it runs on input
 * not yet preprocessed), raising NORMALIZED_FLAGS, and with the path segments unmarked, so that a
 * path is one run of code units with one mark (no list, no call per segment). A URL that turns
 * out not to be normalised goes through the semantic pass on the same marks, which reads the
 * segments as the parts of that run between its separators.
 */
export const NORMALIZED_MATCHER: GenerateOptions = { guard: true, flags: NORMALIZED_FLAGS, unmarked: ['segment'] };

/** The serialization of the path that the path state gives a special URL with nothing in its path region: one empty segment. */
const SPECIAL_EMPTY_PATH = serializePath({ path: [''] } as URLRecord);

/** Whether the scheme `pre[0, end)` is special, and "file" (isSpecialScheme, on the scheme state's lower-cased scheme). */
function schemeKind(pre: string, end: number): SchemeKind {
  const scheme = schemeOf(pre, 0, end);
  return scheme === 'file' ? SchemeKind.File : isSpecialScheme(scheme) ? SchemeKind.Special : SchemeKind.Other;
}

/**
 * The href and its offsets for an input of the common shape (see the top of this file): a URL
 * (not "file") written as scheme "://" host [path] ["?" query] ["#" fragment], with no
 * credentials and no port, and no flag raised that could mean a step changes a component; null
 * for any other input, which the semantic pass then writes (hrefPass). `flat[0 .. used)` are the
 * marks NORMALIZED_MATCHER's scan left on `pre` (preprocessed), `slots` the slot of each field
 * (schemeKindSlots), `flags` what it raised. The marks are read into locals, by the same slots
 * as gatherSlottedMarks reads them into a Found (a later mark of a slot wins).
 */
export function commonOffsets(pre: string, flat: readonly number[], used: number, slots: Uint8Array, flags: number): HrefOffsets | null {
  // (a string already: this tells V8 so, whatever kinds of string came here before; see the
  // generated matcher's note on `input = '' + input` in src/grammar/codegen/templates.ts)
  pre = '' + pre;
  if ((flags & SPECIAL_REPAIR_FLAGS) !== 0) return null;
  let schemeEnd = -1;
  let special = false; // whether the special-scheme rule matched the scheme
  let slashes = -1;
  let host = -1;
  let hostEnd = -1;
  let query = -1;
  let queryEnd = -1;
  let fragment = -1;
  let fragmentEnd = -1;
  for (let i = 0; i < used; i += 3) {
    const start = flat[i + 1];
    const end = flat[i + 2];
    switch (slots[flat[i]]) {
      case Slot.Scheme:
      case Slot.SpecialScheme:
        if (start !== 0) return null;
        schemeEnd = end;
        special = slots[flat[i]] === Slot.SpecialScheme;
        break;
      case Slot.Slashes:
        if (end !== start + 2) return null;
        slashes = start;
        break;
      case Slot.Host:
        host = start;
        hostEnd = end;
        break;
      case Slot.Query:
        query = start;
        queryEnd = end;
        break;
      case Slot.Fragment:
        fragment = start;
        fragmentEnd = end;
        break;
      case Slot.FileScheme:
      case Slot.Userinfo:
      case Slot.Port:
      case Slot.OpaquePath:
        return null;
      default: // the path's run, and fields with no slot
        break;
    }
  }
  // A scheme (one the special-scheme rule did not match is not special), "//" right after its
  // ":", then a host that is not empty, nor, in a special URL, an IPv4 address (with the host
  // flag clear it is lower-case ASCII with no forbidden domain code point: the host parser
  // leaves such a domain, or opaque host, as it is).
  const at = schemeEnd + 1;
  if (schemeEnd < 0 || (!special && schemeKind(pre, schemeEnd) !== SchemeKind.Other)) return null;
  if (slashes !== at || charCodeAt.call(pre, at) !== 0x2f || charCodeAt.call(pre, at + 1) !== 0x2f) return null;
  if (host !== at + 2 || hostEnd === host || (special && mayEndInANumberAt(pre, host, hostEnd))) return null;
  // The path right after the host, starting with "/" (no "\\": its flag is clear) unless it is
  // empty; then the query and the fragment right after their delimiters, and nothing after.
  const pathEnd = query >= 0 ? query - 1 : fragment >= 0 ? fragment - 1 : pre.length;
  if (pathEnd < hostEnd || (pathEnd > hostEnd && charCodeAt.call(pre, hostEnd) !== 0x2f)) return null;
  let end = pathEnd;
  if (query >= 0) {
    if (charCodeAt.call(pre, pathEnd) !== 0x3f) return null;
    end = queryEnd;
  }
  if (fragment >= 0) {
    if (fragment !== end + 1 || charCodeAt.call(pre, end) !== 0x23) return null;
    end = fragmentEnd;
  }
  if (end !== pre.length) return null;
  if (pathEnd > hostEnd || !special) {
    return { href: pre, protocolEnd: at, usernameEnd: -1, credentialsEnd: -1, hostStart: host, hostEnd, portEnd: hostEnd, pathStart: hostEnd, queryStart: query < 0 ? -1 : query - 1, fragmentStart: fragment < 0 ? -1 : fragment - 1 };
  }
  // No path written: the path state gives a special URL one empty segment, which the serializer
  // writes where the path starts; the query and fragment move on by as much.
  const href = pre.slice(0, hostEnd) + SPECIAL_EMPTY_PATH + pre.slice(hostEnd);
  const shift = SPECIAL_EMPTY_PATH.length;
  return { href, protocolEnd: at, usernameEnd: -1, credentialsEnd: -1, hostStart: host, hostEnd, portEnd: hostEnd, pathStart: hostEnd, queryStart: query < 0 ? -1 : query - 1 + shift, fragmentStart: fragment < 0 ? -1 : fragment - 1 + shift };
}
