// Is the input already its own serialization, or that with an empty path's "/" put in or its
// path, query or fragment percent-encoded?
// https://url.spec.whatwg.org/#concept-basic-url-parser followed by
// https://url.spec.whatwg.org/#concept-url-serializer
//
// Most URLs met in practice are already normalised: a lower-case scheme, "//", a lower-case ASCII
// host, no default port, a path with no dot segment and nothing to percent-encode, and likewise
// the query and fragment. For such an input the semantic pass (src/semantic/url.ts) would build a
// URL record whose serialization is the input itself. This module answers that question from
// what the grammar found (the component spans of `Found`), asking of each component what the
// semantic pass would do to it: the same percent-encode sets, the same host parser, the same
// dot-segment and default-port rules. It changes nothing and never parses: when it says yes, the
// URL class keeps the input as its href with the offsets of its components (as ada's
// url_aggregator does), and builds the URL record only when something asks for it. When in doubt
// it says no, and the full semantic pass runs. The common repairs are made here, as the pass
// would make them, and the href put together from the pieces: a special URL written with no path
// ("https://example.com", a fifth of the real-world corpus) has the "/" of its empty path put in;
// a scheme in upper case is lower-cased; a special host the host parser changes (upper case,
// IDNA, an IPv4 or IPv6 address written otherwise) is written as serialized; a default, empty or
// zero-led port is dropped or written as a number; dot segments are removed from the path of a
// URL with a host; and a path, query or fragment with code points to percent-encode is encoded
// as a whole. Credentials are kept when they are as the serializer writes them. Credentials
// to encode or that the serializer drops, a file URL's dot segments or its host "localhost", a
// "\" and anything else go to the full pass. test/normalized.test.ts checks, on every WPT input,
// the real-world corpora and random strings, that a yes is always right: the href is the URL
// record's serialization and parses back to the same record.

import type { FieldFlags, FlagsByField, GenerateOptions } from '../grammar/codegen';
import { FORBIDDEN_DOMAIN_TABLE, isQuietASCIIDomainAt, isSerializedIPv4At, mayEndInANumberAt, parseHost, serializeHost } from './host';
import { C0_CONTROL_SET, FRAGMENT_SET, PATH_SET, QUERY_SET, SPECIAL_QUERY_SET, USERINFO_SET, utf8PercentEncodeString, type EncodeSet } from './percent-encode';
import { dotSegmentAt, isNormalizedWindowsDriveLetter, isWindowsDriveLetter } from './path';
import { fileHostState, opaquePathSpaceToEncode, portState, schemeOf } from './url';
import { SchemeKind, Slot } from './url';
import { isSpecialScheme } from '../record';

/** Called as `charCodeAt.call(s, i)`: a read that stays fast whatever strings came before (see CCA in src/grammar/codegen/templates.ts). */
const charCodeAt = String.prototype.charCodeAt;

/**
 * A normalised URL's href and where its components stand in it. The href is the input itself,
 * or, for a special URL written with no path at all ("https://example.com"), the input with the
 * "/" of its one empty path segment put in where the path starts. A component that is absent has
 * -1 (host), or its start equal to its end (port, query, fragment have their delimiter's offset,
 * or -1 when absent).
 */
export interface HrefOffsets {
  /** The serialization of the URL the input parses to. */
  readonly href: string;
  /** The offset just after the scheme's ":". */
  readonly protocolEnd: number;
  /** The end of the username (the offset of the ":" before the password, or of the "@"), or -1 when the URL has no credentials. */
  readonly usernameEnd: number;
  /** The offset of the "@" after the credentials, or -1 when the URL has none. */
  readonly credentialsEnd: number;
  /** The host's [start, end), or -1 and -1 when the URL has no host. */
  readonly hostStart: number;
  readonly hostEnd: number;
  /** The end of the port (hostEnd when there is none). */
  readonly portEnd: number;
  /** Where the path starts. */
  readonly pathStart: number;
  /** The offset of the "?" before the query, or -1. */
  readonly queryStart: number;
  /** The offset of the "#" before the fragment, or -1. */
  readonly fragmentStart: number;
  /** Whether the scheme is special (and not "file"). */
  readonly special: boolean;
}

// ---- flags raised by the grammar's matcher ------------------------------------------------------
//
// The generated matcher can raise a flag as it consumes a code unit in a component (see
// GenerateOptions.flags in src/grammar/codegen.ts). These are the code units that would make a
// component differ from its serialization, one bit per component, from the same tables the
// semantic pass uses: when the scan raised no bit for a component, the check below need not look
// at its code units again. A raised bit proves nothing (the matcher never takes a bit back when
// it gives up an alternative): then the component is checked code unit by code unit as before.

const SCHEME_FLAG = 1 << 1;
const HOST_FLAG = 1 << 2;
const SEGMENT_FLAG = 1 << 3;
const OPAQUE_PATH_FLAG = 1 << 4;
const QUERY_FLAG = 1 << 5;
const SPECIAL_QUERY_FLAG = 1 << 6;
const FRAGMENT_FLAG = 1 << 7;
/** A "." that starts a path segment (or any "." in a path, where the matcher cannot tell): without it (or a "%"), no segment is a dot segment. */
const SEGMENT_DOT_FLAG = 1 << 8;
/** The same for a "%": without it, no segment is a dot segment that starts "%2e". */
const SEGMENT_PERCENT_FLAG = 1 << 10;
/** A "\\" taken by the grammar's `separator` rule (a special URL's "/" or "\\"), which serializes as "/". */
const BACKSLASH_SEPARATOR_FLAG = 1 << 9;
/**
 * The flags that could mean a special URL's input is not its serialization, any of which sends
 * it past normalizedOffsets' quick answer (QUERY_FLAG is for other URLs, and OPAQUE_PATH_FLAG is
 * read there with an opaque path). A path's "." and "%" (SEGMENT_DOT_FLAG, SEGMENT_PERCENT_FLAG)
 * are not among them: the quick answer looks for a dot segment itself.
 */
const QUICK_REPAIR_FLAGS = SCHEME_FLAG | HOST_FLAG | SEGMENT_FLAG | BACKSLASH_SEPARATOR_FLAG | SPECIAL_QUERY_FLAG | FRAGMENT_FLAG;
/** Those and a path's "." and "%": commonOffsets leaves any path with one to quickOffsets. */
const SPECIAL_REPAIR_FLAGS = QUICK_REPAIR_FLAGS | SEGMENT_DOT_FLAG | SEGMENT_PERCENT_FLAG;

/** The flags of an encode set: its ASCII members and U+007F up raise `bit`. */
function encodeSetFlags(set: EncodeSet, bit: number): FieldFlags {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = c >= 0x7f || set[c] === 1 ? bit : 0;
  return { table, nonAscii: bit };
}

/** The path segment flags: SEGMENT_FLAG for the path percent-encode set, SEGMENT_DOT_FLAG for ".", SEGMENT_PERCENT_FLAG for "%". */
function segmentFlags(): FieldFlags {
  const { table } = encodeSetFlags(PATH_SET, SEGMENT_FLAG);
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
    if (c >= 0x7f || QUERY_SET[c] === 1) table[c] |= QUERY_FLAG;
    if (c >= 0x7f || SPECIAL_QUERY_SET[c] === 1) table[c] |= SPECIAL_QUERY_FLAG;
  }
  return { table, nonAscii: QUERY_FLAG | SPECIAL_QUERY_FLAG };
}

/** The host flag: what isQuietASCIIDomainAt refuses (upper case, a forbidden domain code point, non-ASCII). */
function hostFlags(): FieldFlags {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = FORBIDDEN_DOMAIN_TABLE[c] === 1 || (c >= 0x41 && c <= 0x5a) ? HOST_FLAG : 0;
  return { table, nonAscii: HOST_FLAG };
}

/** The flags for the matcher of the entry rule that parseForHref runs (src/parse.ts). */
const NORMALIZED_FLAGS: FlagsByField = {
  scheme: { table: Uint8Array.from({ length: 128 }, (_, c) => (c >= 0x41 && c <= 0x5a ? SCHEME_FLAG : 0)), nonAscii: SCHEME_FLAG },
  host: hostFlags(),
  segment: segmentFlags(),
  opaquePath: encodeSetFlags(C0_CONTROL_SET, OPAQUE_PATH_FLAG),
  query: queryFlags(),
  fragment: encodeSetFlags(FRAGMENT_SET, FRAGMENT_FLAG),
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

/** A sticky expression matching a run of the ASCII code points that `set` leaves as they are. */
function cleanRun(set: EncodeSet): RegExp {
  let cls = '';
  for (let c = 0; c < 0x7f; c++) if (set[c] !== 1) cls += `\\x${c.toString(16).padStart(2, '0')}`;
  return new RegExp(`[${cls}]*`, 'y');
}
const CLEAN = new Map<EncodeSet, RegExp>([C0_CONTROL_SET, FRAGMENT_SET, QUERY_SET, SPECIAL_QUERY_SET, PATH_SET].map((set) => [set, cleanRun(set)]));

/**
 * Whether pre[s, e) has a code point that `set` percent-encodes (everything from U+007F up is in
 * every set). A long span is scanned by a regular expression of the same set (native code).
 */
function needsEncoding(pre: string, s: number, e: number, set: EncodeSet): boolean {
  const stop = e - s > 32 ? s + 32 : e;
  for (let i = s; i < stop; i++) {
    const c = charCodeAt.call(pre, i);
    if (c >= 0x7f || set[c] === 1) return true;
  }
  if (stop === e) return false;
  const re = CLEAN.get(set)!;
  re.lastIndex = stop;
  re.test(pre);
  return re.lastIndex < e;
}

/** Runs of the code units an opaque host may have for the test below: ASCII. */
const OPAQUE_HOST_KEPT = /[\x00-\x7f]*/y;

/** Whether the scheme `pre[0, end)` is special, and "file" (isSpecialScheme, on the scheme state's lower-cased scheme). */
function schemeKind(pre: string, end: number): SchemeKind {
  const scheme = schemeOf(pre, 0, end);
  return scheme === 'file' ? SchemeKind.File : isSpecialScheme(scheme) ? SchemeKind.Special : SchemeKind.Other;
}

/**
 * Whether the segment that starts at `s` (just after a "/") in pre[.., end), up to the next "/"
 * or the path's end, is one the path state treats as "." or ".." (dotSegmentAt, the path state's
 * own test). A "\\" ends a segment here even where it is not a separator: that only says yes
 * more often, which sends the input to the semantic pass.
 */
function isDotSegmentAt(pre: string, s: number, end: number): boolean {
  let e = s;
  while (e < end && charCodeAt.call(pre, e) !== 0x2f && charCodeAt.call(pre, e) !== 0x5c) e++;
  return dotSegmentAt(pre, s, e) !== 0;
}

/**
 * Whether the path pre[from, end) has a dot segment: a "/" followed by "." (and, when the path
 * has a "%" at all, a "/" followed by "%") is looked for with indexOf (native, and cheaper than a
 * regular expression's call on a short path), and each one found is checked.
 */
function hasDotSegment(pre: string, from: number, end: number, percent: boolean): boolean {
  for (let i = pre.indexOf('/.', from); i >= 0 && i < end; i = pre.indexOf('/.', i + 2)) if (isDotSegmentAt(pre, i + 1, end)) return true;
  if (percent) for (let i = pre.indexOf('/%', from); i >= 0 && i < end; i = pre.indexOf('/%', i + 2)) if (isDotSegmentAt(pre, i + 1, end)) return true;
  return false;
}

/**
 * Where the username ends in the credentials pre[userinfo, userinfoEnd), which the "@" at
 * userinfoEnd ends, when the authority state and the serializer leave them as they are written
 * (https://url.spec.whatwg.org/#authority-state): split at the first ":" into username and
 * password, each percent-encoded with the userinfo set, an empty password without its ":", and
 * no credentials at all without the "@". So: not empty, nothing to encode (a second ":" or an
 * earlier "@" would be), and no ":" last. -1 when they are not as written.
 */
function credentialsAsWritten(pre: string, userinfo: number, userinfoEnd: number): number {
  if (userinfoEnd === userinfo || charCodeAt.call(pre, userinfoEnd) !== 0x40) return -1;
  let usernameEnd = userinfoEnd;
  for (let i = userinfo; i < userinfoEnd; i++) {
    const c = charCodeAt.call(pre, i);
    if (c < 0x7f && USERINFO_SET[c] !== 1) continue;
    if (c !== 0x3a || usernameEnd !== userinfoEnd) return -1;
    usernameEnd = i;
  }
  return usernameEnd === userinfoEnd - 1 ? -1 : usernameEnd;
}

/**
 * Whether the first segment of the path pre[at, end) (it starts with "/") is a Windows drive
 * letter that the path state of a file URL writes otherwise ("C|" becomes "C:").
 */
function driveLetterToNormalize(pre: string, at: number, end: number): boolean {
  if (end < at + 3 || (end > at + 3 && charCodeAt.call(pre, at + 3) !== 0x2f)) return false;
  const segment = pre.slice(at + 1, at + 3);
  return isWindowsDriveLetter(segment) && !isNormalizedWindowsDriveLetter(segment);
}

/** Whether a port of digits pre[s, e) is written as the serializer writes a number: no leading zero. */
function portAsNumberIs(pre: string, s: number, e: number): boolean {
  return e - s === 1 || charCodeAt.call(pre, s) !== 0x30;
}

/**
 * The offsets of `pre`'s components when the basic URL parser (no base, UTF-8) followed by the
 * URL serializer gives back `pre` itself (or that with the "/" of an empty path put in); null
 * when it might not; false when the parser fails on it (the host parser fails on its host, or
 * the port state on its port: the semantic pass, on the same marks, would only fail again).
 * `flat[0 .. used)` are the marks that the grammar's entry rule for no base, generated with
 * NORMALIZED_MATCHER (path segments unmarked), left on `pre` (three numbers each: field index,
 * start, end), `slots` the slot of each field index (schemeKindSlots), and `flags` what that
 * matcher raised. `pre` must already be preprocessed (nothing trimmed or removed).
 */
export function normalizedOffsets(pre: string, flat: readonly number[], used: number, slots: Uint8Array, flags: number): HrefOffsets | null | false {
  // (a string already: this tells V8 so, whatever kinds of string came here before; see the
  // generated matcher's note on `input = '' + input` in src/grammar/codegen/templates.ts)
  pre = '' + pre;
  return commonOffsets(pre, flat, used, slots, flags) ?? quickOffsets(pre, flat, used, slots, flags) ?? normalizedOffsetsInFull(pre, flat, used, slots, flags);
}

/**
 * normalizedOffsets' first answer, for the most common input of all: a URL (not "file") written
 * as scheme "://" host [path] ["?" query] ["#" fragment], with no credentials and no port, and
 * no flag raised that could mean a repair in a special URL (nor, as those flags cover it, in any
 * other). Null leaves the input to quickOffsets, then to the full check, which say the same for
 * these inputs. It is quickOffsets less every branch the common input never takes (credentials,
 * ports, IPv4 hosts, file URLs, opaque paths, a path's "." and "%"): inputs with those (the WPT
 * inputs are full of them) go through quickOffsets, and leave this function's code, which V8
 * compiles for what it has seen, as lean after them as before.
 */
function commonOffsets(pre: string, flat: readonly number[], used: number, slots: Uint8Array, flags: number): HrefOffsets | null {
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
    return { href: pre, protocolEnd: at, usernameEnd: -1, credentialsEnd: -1, hostStart: host, hostEnd, portEnd: hostEnd, pathStart: hostEnd, queryStart: query < 0 ? -1 : query - 1, fragmentStart: fragment < 0 ? -1 : fragment - 1, special };
  }
  // No path written: the path state gives a special URL one empty segment, serialized as "/"
  // where the path starts; the query and fragment move one code unit on.
  const href = pre.slice(0, hostEnd) + '/' + pre.slice(hostEnd);
  return { href, protocolEnd: at, usernameEnd: -1, credentialsEnd: -1, hostStart: host, hostEnd, portEnd: hostEnd, pathStart: hostEnd, queryStart: query < 0 ? -1 : query, fragmentStart: fragment < 0 ? -1 : fragment, special };
}

/**
 * normalizedOffsets' second answer, when commonOffsets has none: the common input, in few steps,
 * or null to leave the input to the full check (normalizedOffsetsInFull), which says the same for
 * the inputs this answers: this only answers sooner. The common input is a URL written as scheme "://" [credentials "@"] host
 * [":" port] [path] ["?" query] ["#" fragment], or as scheme ":" opaque path ["?" query]
 * ["#" fragment], with each component as the serializer writes it (a special URL's missing path
 * aside), and no flag raised that could mean a repair in a special URL (nor, as those flags
 * cover it, in any other) but those of a path's "." and "%", where it looks for a dot segment.
 * Kept apart, the full check's many rarer branches do not weigh on this one's code, whichever
 * inputs have gone through them before.
 */
function quickOffsets(pre: string, flat: readonly number[], used: number, slots: Uint8Array, flags: number): HrefOffsets | null {
  if ((flags & QUICK_REPAIR_FLAGS) !== 0) return null;
  let schemeEnd = -1;
  let special = false; // whether the special-scheme rule matched the scheme
  let file = false; // whether the file-scheme rule did
  let slashes = -1;
  let userinfo = -1;
  let userinfoEnd = -1;
  let host = -1;
  let hostEnd = -1;
  let port = -1;
  let portEnd = -1;
  let opaquePath = -1;
  let opaquePathEnd = -1;
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
      case Slot.FileScheme:
        if (start !== 0) return null;
        schemeEnd = end;
        special = slots[flat[i]] === Slot.SpecialScheme;
        file = slots[flat[i]] === Slot.FileScheme;
        break;
      case Slot.Slashes:
        if (end !== start + 2) return null;
        slashes = start;
        break;
      case Slot.Userinfo:
        userinfo = start;
        userinfoEnd = end;
        break;
      case Slot.Host:
        host = start;
        hostEnd = end;
        break;
      case Slot.Port:
        port = start;
        portEnd = end;
        break;
      case Slot.OpaquePath:
        opaquePath = start;
        opaquePathEnd = end;
        break;
      case Slot.Query:
        query = start;
        queryEnd = end;
        break;
      case Slot.Fragment:
        fragment = start;
        fragmentEnd = end;
        break;
      default: // the path's run, and fields with no slot
        break;
    }
  }
  // A scheme (one the special-scheme and file-scheme rules did not match is not special).
  const at = schemeEnd + 1;
  const anySpecial = special || file;
  if (schemeEnd < 0 || (!anySpecial && schemeKind(pre, schemeEnd) !== SchemeKind.Other)) return null;
  let usernameEnd = -1;
  let credentialsEnd = -1;
  let pathStart = at;
  if (opaquePath >= 0) {
    // An opaque path right after the ":", with nothing to encode (its flag clear).
    if (anySpecial || slashes >= 0 || host >= 0 || opaquePath !== at || (flags & OPAQUE_PATH_FLAG) !== 0) return null;
  } else {
    // "//" right after the ":", then credentials as written, if any (never in a file URL), then
    // a host that is not empty. With the host flag clear it is lower-case ASCII with no
    // forbidden domain code point: the host parser leaves such a domain, or opaque host, as it
    // is. In a special URL (file too) it is not an IPv4 address either, unless one written as
    // the serializer writes it; in a file URL it is not "localhost", which the file host state
    // makes the empty host.
    if (slashes !== at || charCodeAt.call(pre, at) !== 0x2f || charCodeAt.call(pre, at + 1) !== 0x2f) return null;
    if (file && (userinfo >= 0 || port >= 0)) return null;
    let hostAt = at + 2;
    if (userinfo >= 0) {
      if (userinfo !== hostAt) return null;
      usernameEnd = credentialsAsWritten(pre, userinfo, userinfoEnd);
      if (usernameEnd < 0) return null;
      credentialsEnd = userinfoEnd;
      hostAt = credentialsEnd + 1;
    }
    if (host !== hostAt || hostEnd === host) return null;
    if (anySpecial && mayEndInANumberAt(pre, host, hostEnd) && !isSerializedIPv4At(pre, host, hostEnd)) return null;
    if (file && fileHostState(pre.slice(host, hostEnd)) === '') return null;
    // A port right after the host's ":", as the port state leaves it and the serializer writes
    // it (https://url.spec.whatwg.org/#port-state): digits, at most 65535, no leading zero. In a
    // special URL it is none of the special schemes' default ports (21, 80, 443: one of them may
    // be this scheme's, which the port state drops). Any other port, and one the port state
    // fails on, is the full check's.
    pathStart = hostEnd;
    if (port >= 0) {
      if (port !== hostEnd + 1 || charCodeAt.call(pre, hostEnd) !== 0x3a || portEnd === port) return null;
      if (!portAsNumberIs(pre, port, portEnd) || typeof portState(pre, port, portEnd, schemeOf(pre, 0, schemeEnd)) !== 'number') return null;
      pathStart = portEnd;
    }
  }
  // The path (it ends where the query or fragment starts), then the query and the fragment
  // right after their delimiters, and nothing after.
  const pathEnd = query >= 0 ? query - 1 : fragment >= 0 ? fragment - 1 : pre.length;
  if (pathEnd < pathStart) return null;
  if (opaquePath >= 0) {
    // (a space that ends an opaque path before a query or fragment is percent-encoded)
    if (opaquePathEnd !== pathEnd || opaquePathSpaceToEncode(pre, opaquePath, pathEnd)) return null;
  } else if (pathEnd > pathStart) {
    // Segments, the first right after the host (or port), each after a "/" (no "\\": its flag is
    // clear), none a dot segment. (A file URL's first segment with a "|" second, which may be a
    // Windows drive letter the path state writes with ":", is the full check's.)
    if (charCodeAt.call(pre, pathStart) !== 0x2f) return null;
    if ((flags & (SEGMENT_DOT_FLAG | SEGMENT_PERCENT_FLAG)) !== 0 && hasDotSegment(pre, pathStart, pathEnd, (flags & SEGMENT_PERCENT_FLAG) !== 0)) return null;
    if (file && driveLetterToNormalize(pre, pathStart, pathEnd)) return null;
  }
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
  if (pathEnd > pathStart || !anySpecial) {
    return { href: pre, protocolEnd: at, usernameEnd, credentialsEnd, hostStart: host, hostEnd, portEnd: pathStart, pathStart, queryStart: query < 0 ? -1 : query - 1, fragmentStart: fragment < 0 ? -1 : fragment - 1, special };
  }
  // No path written: the path state gives a special URL (file too) one empty segment, serialized
  // as "/" where the path starts; the query and fragment move one code unit on.
  const href = pre.slice(0, pathStart) + '/' + pre.slice(pathStart);
  return { href, protocolEnd: at, usernameEnd, credentialsEnd, hostStart: host, hostEnd, portEnd: pathStart, pathStart, queryStart: query < 0 ? -1 : query, fragmentStart: fragment < 0 ? -1 : fragment, special };
}

/** normalizedOffsets' answer for any input: the full check. */
function normalizedOffsetsInFull(pre: string, flat: readonly number[], used: number, slots: Uint8Array, flags: number): HrefOffsets | null | false {
  // The components' [start, end), read from the marks into locals as gatherSlottedMarks (src/
  // semantic/url.ts) reads them into a Found, by the same slots (a later mark of a slot wins):
  // the common input needs no Found filled and read back. A run of path segments (Slot.Run) is
  // not read: the path is what lies between the port (or host) and the query or fragment.
  let scheme = -1;
  let schemeEnd = -1;
  let schemeKindOfRule = SchemeKind.Unknown; // Special or File when the special-scheme or file-scheme rule matched it
  let slashes = -1;
  let slashesEnd = -1;
  let userinfo = -1;
  let userinfoEnd = -1;
  let host = -1;
  let markedHostEnd = -1;
  let port = -1;
  let markedPortEnd = -1;
  let opaquePath = -1;
  let opaquePathEnd = -1;
  let query = -1;
  let queryEnd = -1;
  let fragment = -1;
  let fragmentEnd = -1;
  for (let i = 0; i < used; i += 3) {
    const start = flat[i + 1];
    const end = flat[i + 2];
    switch (slots[flat[i]]) {
      case Slot.Scheme:
        scheme = start;
        schemeEnd = end;
        schemeKindOfRule = SchemeKind.Unknown;
        break;
      case Slot.SpecialScheme: // from the special-scheme rule
        scheme = start;
        schemeEnd = end;
        schemeKindOfRule = SchemeKind.Special;
        break;
      case Slot.FileScheme: // from the file-scheme rule
        scheme = start;
        schemeEnd = end;
        schemeKindOfRule = SchemeKind.File;
        break;
      case Slot.Slashes:
        slashes = start;
        slashesEnd = end;
        break;
      case Slot.Userinfo:
        userinfo = start;
        userinfoEnd = end;
        break;
      case Slot.Host:
        host = start;
        markedHostEnd = end;
        break;
      case Slot.Port:
        port = start;
        markedPortEnd = end;
        break;
      case Slot.OpaquePath:
        opaquePath = start;
        opaquePathEnd = end;
        break;
      case Slot.Query:
        query = start;
        queryEnd = end;
        break;
      case Slot.Fragment:
        fragment = start;
        fragmentEnd = end;
        break;
      default:
        break;
    }
  }
  // Scheme: present, lower case.
  if (scheme !== 0) return null;
  // The scheme lower-cased, when it has upper case (the scheme state lower-cases it).
  let schemeText: string | null = null;
  if ((flags & SCHEME_FLAG) !== 0) {
    for (let i = 0; i < schemeEnd; i++) {
      const c = charCodeAt.call(pre, i);
      if (c >= 0x41 && c <= 0x5a) {
        schemeText = pre.slice(0, schemeEnd).toLowerCase();
        break;
      }
    }
  }
  // The grammar's special-scheme and file-scheme rules say it when they matched (their slots,
  // see schemeKindSlots); any other scheme is looked at.
  const kind = schemeKindOfRule !== SchemeKind.Unknown ? schemeKindOfRule : schemeKind(schemeText ?? pre, schemeEnd);
  // "file" is a special scheme with rules of its own: a host but never a port or credentials,
  // "localhost" as the empty host, and Windows drive letters. `special` is the other special
  // schemes (the offsets' flag), `anySpecial` all of them (separators, host and query rules).
  const special = kind === SchemeKind.Special;
  const file = kind === SchemeKind.File;
  const anySpecial = kind !== SchemeKind.Other;
  if (file && (slashes < 0 || port >= 0 || userinfo >= 0)) return null;
  let at = schemeEnd + 1; // where the serialization is up to

  // Authority: exactly "//", then a host the host parser leaves as it is, then a port that is
  // neither empty, nor written with a leading zero, nor the scheme's default.
  let hostStart = -1;
  let hostEnd = -1;
  // The serialization of the host and of the port with its ":", when it is not as written: a
  // special host in upper case, percent-encoded, non-ASCII or an IPv4 address written otherwise,
  // a default, empty or zero-led port. Null when the input has it as the serializer writes it.
  let hostText: string | null = null;
  let portText: string | null = null;
  let usernameEnd = -1;
  let credentialsEnd = -1;
  if (slashes >= 0) {
    if (slashes !== at || slashesEnd !== at + 2 || charCodeAt.call(pre, at) !== 0x2f || charCodeAt.call(pre, at + 1) !== 0x2f) return null;
    let hostAt = at + 2;
    if (userinfo >= 0) {
      // Credentials: everything before the last "@" (see credentialsAsWritten).
      if (userinfo !== hostAt) return null;
      usernameEnd = credentialsAsWritten(pre, userinfo, userinfoEnd);
      if (usernameEnd < 0) return null;
      credentialsEnd = userinfoEnd;
      hostAt = credentialsEnd + 1;
    }
    if (host !== hostAt) return null;
    hostStart = host;
    hostEnd = markedHostEnd;
    // The host state fails (host-missing) on an empty host after credentials or before a port,
    // and on a special URL's.
    if (hostStart === hostEnd && (special || port >= 0 || credentialsEnd >= 0)) return false;
    // The common case in one pass over the host, without a copy: a lower-case ASCII domain with
    // no forbidden domain code point, which the host parser leaves as it is unless it is an IPv4
    // address. Anything else asks the host parser itself (below).
    // With the host bit clear the host is all ASCII, with no upper case and no forbidden domain
    // code point: an opaque host (which keeps upper case anyway) is left as it is too, and has
    // no IPv4 reading.
    const quiet = (flags & HOST_FLAG) === 0 || (anySpecial && isQuietASCIIDomainAt(pre, hostStart, hostEnd));
    if (!quiet || (anySpecial && mayEndInANumberAt(pre, hostStart, hostEnd))) {
      if (!anySpecial) {
        // An opaque host: it must be as its parser leaves it. A non-ASCII host comes out of the
        // opaque-host parser percent-encoded: not left as it is, and the full pass would run the
        // host parser a second time.
        if (hostEnd - hostStart > 32) {
          // a long host: the same test by a native scan
          OPAQUE_HOST_KEPT.lastIndex = hostStart;
          OPAQUE_HOST_KEPT.test(pre);
          if (OPAQUE_HOST_KEPT.lastIndex < hostEnd) return null;
        } else {
          for (let i = hostStart; i < hostEnd; i++) if (charCodeAt.call(pre, i) >= 0x80) return null;
        }
      }
      // What the host parser gives: a domain or opaque host is its own serialization; an IPv4 or
      // IPv6 address is written as the host serializer writes it. A special URL's host may come
      // out changed (lower case, an A-label, decoded, an address written otherwise): the href
      // then has the host as serialized. (A file host that comes out as "localhost" becomes the
      // empty host: left to the full pass.)
      const text = pre.slice(hostStart, hostEnd);
      const parsed = parseHost(text, !anySpecial, null);
      // (a file URL's host state first asks whether the host is a Windows drive letter)
      if (parsed === null) return file ? null : false;
      if (parsed !== text) {
        const serialized = serializeHost(parsed);
        if (serialized !== text) {
          if (!anySpecial || (file && fileHostState(parsed) !== parsed)) return null;
          hostText = serialized;
        }
      }
    }
    // https://url.spec.whatwg.org/#file-host-state: "localhost" becomes the empty host
    if (file && fileHostState(pre.slice(hostStart, hostEnd)) === '') return null;
    at = hostEnd;
    if (port >= 0) {
      if (port !== hostEnd + 1) return null;
      // https://url.spec.whatwg.org/#port-state: digits only, at most 65535; an empty port or the
      // scheme's default is no port at all, and the serializer writes the number as a number.
      // (A file URL has no port: it went to the full pass above.)
      const value = portState(pre, port, markedPortEnd, schemeText ?? schemeOf(pre, 0, schemeEnd));
      if (typeof value === 'string') return false; // port-invalid or port-out-of-range
      if (value === null) portText = '';
      else if (!portAsNumberIs(pre, port, markedPortEnd)) portText = ':' + value;
      at = markedPortEnd;
    }
  } else if (anySpecial) {
    return null;
  }
  const portEnd = at;

  // Path: an opaque path with nothing to encode (and no space before a "?" or "#"), or
  // segments, each after a "/", with no dot segment and nothing to encode. The matcher that
  // parseForHref runs leaves the segments unmarked (GenerateOptions.unmarked): the path is the
  // one run of segment and separator code units from here to the query, the fragment or the end.
  const pathStart = at;
  let insertSlash = false;
  let pathText: string | null = null; // the path percent-encoded or with its dot segments removed, when that changes it
  if (opaquePath >= 0) {
    if (hostStart >= 0 || opaquePath !== at) return null;
    const e = opaquePathEnd;
    if ((flags & OPAQUE_PATH_FLAG) !== 0 && needsEncoding(pre, at, e, C0_CONTROL_SET)) return null;
    if (opaquePathSpaceToEncode(pre, at, e)) return null;
    at = e;
  } else {
    const pathEnd = query >= 0 ? query - 1 : fragment >= 0 ? fragment - 1 : pre.length;
    if (pathEnd < at) return null;
    if (pathEnd === at) {
      // A special URL's path is never empty: written with none, it has one empty segment,
      // serialized as "/" where the path starts.
      insertSlash = anySpecial;
    } else {
      // The first segment comes after a "/" (a special URL's "\" is changed into one), and a
      // URL with no host never has a path starting with "//" (it would serialize with "/."; the
      // entry rule reads such an input's "//" as an authority, so only a dot segment removed by
      // the path state could make one, and those never get here).
      if (charCodeAt.call(pre, at) !== 0x2f) return null;
      if (hostStart < 0 && pathEnd > at + 1 && charCodeAt.call(pre, at + 1) === 0x2f) return null;
      // A special URL's "\\" is a separator, serialized as "/" (its only way into a special
      // URL's path: the special segment takes none).
      if (anySpecial && (flags & BACKSLASH_SEPARATOR_FLAG) !== 0) return null;
      // With neither "." nor "%" in a segment, none is a dot segment; otherwise look for one.
      // A path with a dot segment is the path state's to shorten: the semantic pass.
      if ((flags & (SEGMENT_DOT_FLAG | SEGMENT_PERCENT_FLAG)) !== 0 && hasDotSegment(pre, at, pathEnd, (flags & SEGMENT_PERCENT_FLAG) !== 0)) return null;
      // https://url.spec.whatwg.org/#path-state: a file URL's first segment that is a Windows
      // drive letter has its "|" made ":", by the semantic pass
      if (file && driveLetterToNormalize(pre, at, pathEnd)) return null;
    }
    at = pathEnd;
    // The path percent-encode set leaves "/" alone, so encoding the whole path at once is
    // encoding each segment (https://url.spec.whatwg.org/#path-state); the dot-segment test above
    // holds for the encoded path too, as the set leaves "." and "%" alone.
    if ((flags & SEGMENT_FLAG) !== 0 && needsEncoding(pre, pathStart, at, PATH_SET)) pathText = utf8PercentEncodeString(pre.slice(pathStart, at), PATH_SET);
  }
  const pathEnd = at;

  // Query and fragment: right after their delimiters, percent-encoded as the query and fragment
  // states do (UTF-8: parseForHref has no other encoding).
  let queryAt = -1;
  let queryText: string | null = null;
  if (query >= 0) {
    if (query !== at + 1 || charCodeAt.call(pre, at) !== 0x3f) return null;
    const set = anySpecial ? SPECIAL_QUERY_SET : QUERY_SET;
    if ((flags & (anySpecial ? SPECIAL_QUERY_FLAG : QUERY_FLAG)) !== 0 && needsEncoding(pre, query, queryEnd, set)) queryText = utf8PercentEncodeString(pre.slice(query, queryEnd), set);
    queryAt = at;
    at = queryEnd;
  }
  let fragmentAt = -1;
  let fragmentText: string | null = null;
  if (fragment >= 0) {
    if (fragment !== at + 1 || charCodeAt.call(pre, at) !== 0x23) return null;
    if ((flags & FRAGMENT_FLAG) !== 0 && needsEncoding(pre, fragment, fragmentEnd, FRAGMENT_SET)) fragmentText = utf8PercentEncodeString(pre.slice(fragment, fragmentEnd), FRAGMENT_SET);
    fragmentAt = at;
    at = fragmentEnd;
  }
  if (at !== pre.length) return null;
  if (!insertSlash && schemeText === null && hostText === null && portText === null && pathText === null && queryText === null && fragmentText === null) {
    return { href: pre, protocolEnd: schemeEnd + 1, usernameEnd, credentialsEnd, hostStart, hostEnd, portEnd, pathStart, queryStart: queryAt, fragmentStart: fragmentAt, special };
  }
  // The href is put together: the input up to the host, the host and port as written or as
  // serialized, then the path, query and fragment, each as written or encoded. A special URL's
  // path is never empty: with none written, the path state gives it one empty segment,
  // serialized as "/".
  let href: string;
  let newHostEnd = hostEnd;
  let newPortEnd = portEnd;
  if (hostText === null && portText === null) href = pre.slice(0, pathStart);
  else {
    href = pre.slice(0, hostStart) + (hostText ?? pre.slice(hostStart, hostEnd));
    newHostEnd = href.length;
    href += portText ?? pre.slice(hostEnd, portEnd);
    newPortEnd = href.length;
  }
  const newPathStart = href.length;
  href += insertSlash ? '/' : pathText ?? pre.slice(pathStart, pathEnd);
  let queryStart = -1;
  if (queryAt >= 0) {
    queryStart = href.length;
    href += '?' + (queryText ?? pre.slice(query, queryEnd));
  }
  let fragmentStart = -1;
  if (fragmentAt >= 0) {
    fragmentStart = href.length;
    href += '#' + (fragmentText ?? pre.slice(fragment, fragmentEnd));
  }
  if (schemeText !== null) href = schemeText + href.slice(schemeEnd);
  return { href, protocolEnd: schemeEnd + 1, usernameEnd, credentialsEnd, hostStart, hostEnd: newHostEnd, portEnd: newPortEnd, pathStart: newPathStart, queryStart, fragmentStart, special };
}
