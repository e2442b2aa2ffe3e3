// The semantic pass: from what the grammar found to a URL record.
// https://url.spec.whatwg.org/#concept-basic-url-parser
//
// The grammar has already split the input into scheme, slashes, userinfo, host, port, path
// segments (or an opaque path), query and fragment. This pass does, in input order, what the
// standard's states do with each of them: resolve against the base URL, parse the host, check
// and normalise the port, apply the dot-segment and Windows drive letter rules, percent-encode,
// and report each validation error where the standard reports it.

import type { Mark } from '../grammar/compile';
import type { RecordField } from '../../grammar/vocabulary';
import { defaultPort, includesCredentials, isSpecialScheme, type URLRecord } from '../record';
import { SPECIAL_SCHEMES } from '../../grammar/scheme';
import {
  ALL_FLAGS,
  BACKSLASH_SEPARATOR_FLAG,
  FRAGMENT_FLAG,
  HOST_FLAG,
  HrefWriter,
  OPAQUE_PATH_FLAG,
  QUERY_FLAG,
  SCHEME_FLAG,
  SEGMENT_DOT_FLAG,
  SEGMENT_FLAG,
  SEGMENT_PERCENT_FLAG,
  SPECIAL_QUERY_FLAG,
  driveLetterToNormalize,
  hasDotSegment,
  needsEncoding,
  type HrefOffsets,
} from './href';
import type { StateOverride } from '../../grammar/overrides';
import { offsetSink, type ErrorSink, type URLParserState, type ValidationErrorType } from './errors';
import { serializePath, serializePathPrefix, serializePort } from '../serialize';
import { recordDomainLowerCased, recordEncoded, recordLowerCased, recordPercentDecoded, type BaseComponent, type ChangeDetail, type ChangeKind, type ChangeSink, type ChangeStep } from './changes';
import { domainToASCII, mayEndInANumberAt, parseHost, parseIPv4, serializeHost, type Host } from './host';
import {
  dotSegmentAt,
  isDoubleDotSegment,
  mayStartDotSegment,
  isSingleDotSegment,
  isWindowsDriveLetter,
  isNormalizedWindowsDriveLetter,
  shortenLeavesPath,
  shortenPath,
  startsWithWindowsDriveLetter,
} from './path';
import {
  C0_CONTROL_SET,
  FRAGMENT_SET,
  PATH_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  utf8PercentEncodeString,
} from './percent-encode';
import { encodeQuery } from './query';
import { reportInvalidURLUnits } from './units';

/**
 * The percent-encode set each state encodes its component with (url.bs: "UTF-8 percent-encode c
 * using the path percent-encode set", ...): the one place each state's set is named. The matcher's
 * flags (src/semantic/normalized.ts) read them here too.
 */
export const STATE_ENCODE_SETS = {
  /** https://url.spec.whatwg.org/#authority-state */
  userinfo: USERINFO_SET,
  /** https://url.spec.whatwg.org/#path-state */
  path: PATH_SET,
  /** https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state */
  opaquePath: C0_CONTROL_SET,
  /** https://url.spec.whatwg.org/#query-state, for a URL that is not special */
  query: QUERY_SET,
  /** https://url.spec.whatwg.org/#query-state, for a special URL */
  specialQuery: SPECIAL_QUERY_SET,
  /** https://url.spec.whatwg.org/#fragment-state */
  fragment: FRAGMENT_SET,
} as const;

/** The grammar's marks, gathered by component (offsets in the preprocessed input). */
export class Found {
  // Each component as a start and an end offset; the start is -1 when the component is absent.
  scheme = -1;
  schemeEnd = -1;
  /** What the grammar's rule said of the scheme, when its marks had their own slots for it (schemeKindSlots). */
  schemeKind: SchemeKind = SchemeKind.Unknown;
  slashes = -1;
  slashesEnd = -1;
  userinfo = -1;
  userinfoEnd = -1;
  host = -1;
  hostEnd = -1;
  port = -1;
  portEnd = -1;
  /** The path segments as flat (start, end) pairs: [s0, e0, s1, e1, ...]. */
  segments: number[] = [];
  /**
   * Or, from a matcher generated with `segment` unmarked, the path as the grammar's one run:
   * from segmentRun to segmentRunEnd, its segments being the parts between the code units of
   * segmentSeparators (FastMatcher.separators). segmentRun is -1 when there is no run.
   */
  segmentRun = -1;
  /**
   * True when the marks held what the semantic pass does not read (a second run, or a run and
   * segments): such marks are to be gathered again from a matcher that marks each segment.
   */
  markEachSegment = false;
  segmentRunEnd = -1;
  segmentSeparators: Uint8Array | null = null;
  opaquePath = -1;
  opaquePathEnd = -1;
  query = -1;
  queryEnd = -1;
  fragment = -1;
  fragmentEnd = -1;

  /** This Found made empty again, for a caller that gathers into one Found per call site and lets nothing keep it. */
  reset(): Found {
    this.schemeKind = SchemeKind.Unknown;
    this.scheme = this.schemeEnd = this.slashes = this.slashesEnd = this.userinfo = this.userinfoEnd = -1;
    this.host = this.hostEnd = this.port = this.portEnd = this.opaquePath = this.opaquePathEnd = -1;
    this.query = this.queryEnd = this.fragment = this.fragmentEnd = -1;
    // a list that the last gathering filled is replaced (emptying it costs more than a new one)
    if (this.segments.length !== 0) this.segments = [];
    this.segmentRun = this.segmentRunEnd = -1;
    this.markEachSegment = false;
    this.segmentSeparators = null;
    return this;
  }
}

/** Schemes that schemeOf gives back as constants: the special ones and a few common others. */
const KNOWN_SCHEMES = [...Object.keys(SPECIAL_SCHEMES), 'mailto', 'data', 'blob', 'javascript'];

/**
 * The scheme, ASCII-lowercased (https://url.spec.whatwg.org/#scheme-state). A common scheme comes
 * back as the same constant string each time, which spares an allocation and makes comparisons
 * with it cheap.
 */
export function schemeOf(pre: string, s: number, e: number): string {
  const first = pre.charCodeAt(s) | 0x20;
  for (let k = 0; k < KNOWN_SCHEMES.length; k++) {
    const known = KNOWN_SCHEMES[k];
    if (known.length !== e - s || known.charCodeAt(0) !== first) continue;
    let i = 1;
    while (i < known.length && (pre.charCodeAt(s + i) | 0x20) === known.charCodeAt(i)) i++;
    if (i === known.length) return known;
  }
  return pre.slice(s, e).toLowerCase();
}

export function gatherMarks(marks: Mark[]): Found {
  const flat: number[] = [];
  for (const m of marks) flat.push(SLOT[m.field] ?? 0, m.start, m.end);
  return gatherSlottedMarks(flat, flat.length, IDENTITY_SLOTS);
}

/**
 * The component slots that marks are gathered by (see SLOT and fieldSlots): setComponent below
 * and commonOffsets (src/semantic/normalized.ts), which reads the marks into locals, switch on
 * these. A const enum: the build writes the numbers in place.
 */
export const enum Slot {
  /** Not a URL-record field. */
  None = 0,
  Segment = 1,
  Scheme = 2,
  Slashes = 3,
  Userinfo = 4,
  Host = 5,
  Port = 6,
  OpaquePath = 7,
  Query = 8,
  Fragment = 9,
  /** A field whose marks are runs of segments (FastMatcher.separators). */
  Run = 10,
  /** The scheme marks of the special-scheme and file-scheme rules (see schemeKindSlots). */
  SpecialScheme = 11,
  FileScheme = 12,
}

/** What the grammar's rule said of a scheme (Found.schemeKind). */
export const enum SchemeKind {
  /** Not known: any other scheme rule, or the slots were not asked for. */
  Unknown = -1,
  /** Not special. */
  Other = 0,
  /** A special scheme other than "file" (the special-scheme rule). */
  Special = 1,
  /** "file" (the file-scheme rule). */
  File = 2,
}

/** The component slot of each record field, for gathering by number (see fieldSlots). */
const SLOT: Partial<Record<RecordField, Slot>> = {
  segment: Slot.Segment,
  scheme: Slot.Scheme,
  slashes: Slot.Slashes,
  userinfo: Slot.Userinfo,
  host: Slot.Host,
  port: Slot.Port,
  opaquePath: Slot.OpaquePath,
  query: Slot.Query,
  fragment: Slot.Fragment,
};

/** From how many mark entries (three per mark) gatherSlottedMarks makes the segment list at its size. */
const PREALLOCATED_SEGMENTS_FROM = 3 * 64;

/** Slots as their own indices: for marks whose first number is already a slot. */
const IDENTITY_SLOTS = Uint8Array.from({ length: 10 }, (_, k) => k);


/**
 * `slots` (fieldSlots' answer for `rules`, a matcher's FastMatcher.rules) with the scheme marks of
 * the special-scheme and file-scheme rules in slots of their own, so that gathering them sets
 * Found.schemeKind as well as the scheme. Changed in place, and returned.
 */
export function schemeKindSlots(slots: Uint8Array, rules: readonly string[]): Uint8Array {
  for (let k = 0; k < rules.length; k++) {
    if (slots[k] !== SLOT.scheme) continue;
    if (rules[k] === 'special-scheme') slots[k] = Slot.SpecialScheme;
    else if (rules[k] === 'file-scheme') slots[k] = Slot.FileScheme;
  }
  return slots;
}

/**
 * For a matcher's field list, the slot of each field index (0: not a URL-record field); with
 * the matcher's separators, Slot.Run for the fields whose marks are runs.
 */
export function fieldSlots(fields: readonly RecordField[], separators?: readonly (Uint8Array | null)[]): Uint8Array {
  return Uint8Array.from(fields, (f, k) => (separators?.[k] ? Slot.Run : (SLOT[f] ?? 0)));
}

/**
 * gatherMarks for the flat (field index, start, end) triples a generated matcher's scan leaves
 * in `flat[0 .. used)`, with the fields already turned into slots: a switch on small integers.
 */
export function gatherSlottedMarks(
  flat: readonly number[],
  used: number,
  slots: Uint8Array,
  into?: Found,
  separators?: readonly (Uint8Array | null)[],
): Found {
  const f = into === undefined ? new Found() : into.reset();
  // Many marks (a long path): the segments go into an array made at the size the marks can hold
  // and filled in place; growing it by a million pushes costs several times more (its copies and
  // the garbage they leave). It stays a plain array (holey, as V8 makes one of a given length),
  // so the code that reads segments sees one kind of object, not two.
  const long = used > PREALLOCATED_SEGMENTS_FROM;
  const segments: number[] = long ? new Array<number>(2 * Math.floor(used / 3)) : f.segments;
  let n = 0;
  for (let i = 0; i < used; i += 3) {
    const slot = slots[flat[i]];
    if (slot === Slot.Segment) {
      segments[n++] = flat[i + 1];
      segments[n++] = flat[i + 2];
      if (f.segmentRun !== -1) f.markEachSegment = true;
    } else if (slot === Slot.Run) {
      const x = separators?.[flat[i]];
      if (f.segmentRun !== -1 || n > 0 || !x) f.markEachSegment = true;
      else {
        f.segmentRun = flat[i + 1];
        f.segmentRunEnd = flat[i + 2];
        f.segmentSeparators = x;
      }
    } else setComponent(f, slot, flat[i + 1], flat[i + 2]);
  }
  if (long) {
    segments.length = n;
    f.segments = segments;
  }
  return f;
}

/** Sets the component of slot `slot` (2 to 9, 11 or 12; see SLOT and schemeKindSlots) to [start, end). */
function setComponent(f: Found, slot: number, start: number, end: number): void {
  switch (slot) {
    case Slot.Scheme:
      f.scheme = start;
      f.schemeEnd = end;
      f.schemeKind = SchemeKind.Unknown;
      break;
    case Slot.SpecialScheme:
      f.scheme = start;
      f.schemeEnd = end;
      f.schemeKind = SchemeKind.Special;
      break;
    case Slot.FileScheme:
      f.scheme = start;
      f.schemeEnd = end;
      f.schemeKind = SchemeKind.File;
      break;
    case Slot.Slashes:
      f.slashes = start;
      f.slashesEnd = end;
      break;
    case Slot.Userinfo:
      f.userinfo = start;
      f.userinfoEnd = end;
      break;
    case Slot.Host:
      f.host = start;
      f.hostEnd = end;
      break;
    case Slot.Port:
      f.port = start;
      f.portEnd = end;
      break;
    case Slot.OpaquePath:
      f.opaquePath = start;
      f.opaquePathEnd = end;
      break;
    case Slot.Query:
      f.query = start;
      f.queryEnd = end;
      break;
    case Slot.Fragment:
      f.fragment = start;
      f.fragmentEnd = end;
      break;
    default:
      break;
  }
}


export function newURLRecord(): URLRecord {
  return { scheme: '', username: '', password: '', host: null, port: null, path: [], query: null, fragment: null };
}

function clonePath(path: string[] | string): string[] | string {
  return typeof path === 'string' ? path : path.slice();
}

// ---- steps written as functions, which the pass below calls (each its step's one implementation) --

/** What the port state makes of a port that is not empty: the URL's port (null for the scheme's default), or why it fails. */
export type PortResult = number | null | 'port-invalid' | 'port-out-of-range';

/**
 * https://url.spec.whatwg.org/#port-state for the port pre[s, e) of a URL whose scheme is
 * `scheme`: ASCII digits only (else port-invalid), at most 2^16 - 1 (else port-out-of-range); the
 * scheme's default port is no port. An empty port gives null here: the state then leaves the
 * URL's port as it was.
 */
export function portState(pre: string, s: number, e: number, scheme: string): PortResult {
  let value = 0;
  for (let i = s; i < e; i++) {
    const c = pre.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return 'port-invalid';
  }
  for (let i = s; i < e; i++) {
    value = value * 10 + (pre.charCodeAt(i) - 0x30);
    if (value > 65535) return 'port-out-of-range';
  }
  return s === e || value === defaultPort(scheme) ? null : value;
}

/** Where port-invalid is reported: the first code unit of pre[s, e) that is not an ASCII digit. */
function firstNonDigit(pre: string, s: number, e: number): number {
  let i = s;
  while (i < e && pre.charCodeAt(i) >= 0x30 && pre.charCodeAt(i) <= 0x39) i++;
  return i;
}

/** https://url.spec.whatwg.org/#file-host-state: a parsed host "localhost" becomes the empty host. */
export function fileHostState(host: Host): Host {
  return host === 'localhost' ? '' : host;
}

/**
 * https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state: whether the opaque path pre[s, e)
 * ends in a space that is percent-encoded, being followed by "?" or "#" (anything after the
 * opaque path in the input is a query or fragment).
 */
export function opaquePathSpaceToEncode(pre: string, s: number, e: number): boolean {
  return e > s && pre.charCodeAt(e - 1) === 0x20 && e < pre.length;
}

class Pass {
  special: boolean;

  /**
   * `out`: the href output (with no base and UTF-8 only), written as the steps go; each step
   * that leaves its component as written has the writer copy the input, and does not build that
   * component of the record. `flags`: what the matcher raised (see src/semantic/href.ts), which
   * spares those tests a look at a component's code units.
   */
  constructor(
    private readonly pre: string,
    private readonly f: Found,
    private readonly base: URLRecord | null,
    private readonly encoding: string,
    private readonly sink: ErrorSink,
    readonly url: URLRecord = newURLRecord(),
    private readonly out: HrefWriter | null = null,
    private readonly flags: number = ALL_FLAGS,
    private readonly changes: ChangeSink = null,
  ) {
    this.special = isSpecialScheme(url.scheme);
    // (the span steps keep segments that a later ".." removes unmade: the record of changes wants them)
    if (changes !== null) this.recordSegments = true;
  }

  /** Records a change of the state `state` (when someone listens; see src/semantic/changes.ts). */
  private changed(kind: ChangeKind, state: URLParserState | null, start: number, end: number, from: string, to: string, detail?: ChangeDetail, step: ChangeStep = 'concept-basic-url-parser'): void {
    if (this.changes !== null) this.changes({ kind, state, step, start, end, from, to, detail });
  }

  /** Records a component of the base URL the URL takes, in the state `state`. */
  private fromBase(state: URLParserState, component: BaseComponent, value: string): void {
    this.changed('from-base', state, -1, -1, '', value, component);
  }

  /** Whether the span steps are off, so that each segment is made a string (the record of changes). */
  private recordSegments = false;

  /** Reports a validation error of the basic URL parser's state `state`. */
  private error(state: URLParserState, type: ValidationErrorType, start: number, end = start + 1): void {
    if (this.sink) this.sink(type, start, Math.min(Math.max(end, start), this.pre.length), undefined, 'concept-basic-url-parser', state);
  }

  /** Reports a failure's validation error; returns false, for `return this.fail(...)`. */
  private fail(state: URLParserState, type: ValidationErrorType, start: number, end = start + 1): false {
    this.error(state, type, start, end);
    return false;
  }

  /** The sink for the errors that an algorithm which state `state` calls reports, at offset `offset` in the input (null when nobody listens). */
  private stateSink(state: URLParserState, offset = 0): ErrorSink {
    return offsetSink(this.sink, offset, state);
  }

  /** The host state's name: "hostname" with the hostname setter's state override (url.bs gives the two names one set of steps). */
  private hostStateName(): 'host' | 'hostname' {
    return this.stateOverride === 'hostname' ? 'hostname' : 'host';
  }

  private text(s: number, e: number): string {
    return this.pre.slice(s, e);
  }

  /** Returns the URL record, or null for failure. */
  run(): URLRecord | null {
    const { f, base, pre } = this;
    const url = this.url;
    const schemeGiven = f.scheme >= 0;
    url.scheme = schemeGiven ? schemeOf(pre, f.scheme, f.schemeEnd) : base!.scheme;
    this.special = isSpecialScheme(url.scheme);
    if (this.changes !== null) {
      if (schemeGiven) recordLowerCased(this.changes, pre, f.scheme, f.schemeEnd, 'scheme', 'concept-basic-url-parser');
      else this.fromBase(typeof base!.path === 'string' ? 'no scheme' : base!.scheme === 'file' ? 'file' : 'relative', 'scheme', url.scheme);
    }
    const afterScheme = schemeGiven ? f.schemeEnd + 1 : 0;
    const out = this.out;
    if (out !== null) {
      // the scheme as written unless the scheme state lower-cased it
      if ((this.flags & SCHEME_FLAG) === 0 || pre.startsWith(url.scheme, f.scheme)) out.copy(f.scheme, afterScheme);
      else out.write(url.scheme + ':');
      out.protocolEnd = out.at;
    }

    if (url.scheme === 'file') {
      // https://url.spec.whatwg.org/#scheme-state: "file" not followed by "//"
      if (schemeGiven && !pre.startsWith('//', afterScheme)) this.error('scheme', 'special-scheme-missing-following-solidus', afterScheme);
      if (!this.file(afterScheme)) return null;
    } else if (this.special) {
      if (schemeGiven && !(base && base.scheme === url.scheme)) {
        this.specialSlashes(f.slashes, f.slashesEnd);
        if (!this.authority()) return null;
        this.path(this.afterAuthority(afterScheme));
      } else {
        // https://url.spec.whatwg.org/#special-relative-or-authority-state
        if (schemeGiven && !pre.startsWith('//', afterScheme)) this.error('special relative or authority', 'special-scheme-missing-following-solidus', afterScheme);
        if (!this.relative(afterScheme)) return null;
      }
    } else if (!schemeGiven && typeof base!.path === 'string') {
      // https://url.spec.whatwg.org/#no-scheme-state: a fragment against an opaque path
      url.path = base!.path;
      url.query = base!.query;
      if (this.changes !== null) {
        this.fromBase('no scheme', 'path', url.path);
        if (url.query !== null) this.fromBase('no scheme', 'query', url.query);
      }
    } else if (schemeGiven) {
      if (f.slashes >= 0) {
        if (!this.authority()) return null;
        this.path(this.afterAuthority(afterScheme));
      } else if (f.opaquePath >= 0) {
        this.opaquePath(f.opaquePath, f.opaquePathEnd);
      } else {
        this.path(afterScheme);
      }
    } else if (!this.relative(afterScheme)) {
      return null;
    }
    this.queryAndFragment();
    return url;
  }

  /**
   * The basic URL parser with a URL and a state override: https://url.spec.whatwg.org/#basic-url-parser
   * The grammar matched the override's entry rule; this applies what the standard's states do
   * from that state on, to the given URL, each the same step as without an override, told of it
   * by `this.stateOverride`. Returns false for the standard's "failure".
   */
  override(state: StateOverride): boolean {
    const { f, url, pre } = this;
    this.stateOverride = state;
    switch (state) {
      case 'scheme start':
        this.schemeOverride(schemeOf(pre, f.scheme, f.schemeEnd));
        return true;
      case 'host':
      case 'hostname':
        // https://url.spec.whatwg.org/#host-state step 1: a file URL's host is the file host state's
        if (url.scheme === 'file') return this.fileHost();
        return this.hostState();
      case 'port':
        return this.port(f.port, f.portEnd);
      case 'path start':
        // https://url.spec.whatwg.org/#path-start-state with a state override
        if (!this.special && pre === '') {
          if (url.host === null) (url.path as string[]).push('');
          return true;
        }
        this.path(0);
        return true;
      case 'query':
      case 'fragment':
        this.queryAndFragment(true);
        return true;
    }
  }

  /** https://url.spec.whatwg.org/#scheme-state when a state override is given. */
  private schemeOverride(buffer: string): void {
    const url = this.url;
    const special = isSpecialScheme(buffer);
    if (this.special && !special) return;
    if (!this.special && special) return;
    if ((includesCredentials(url) || url.port !== null) && buffer === 'file') return;
    if (url.scheme === 'file' && url.host === '') return;
    url.scheme = buffer;
    this.special = special;
    if (url.port === defaultPort(buffer)) url.port = null;
  }

  /** Where the path region starts: after the port, the host, or the scheme. */
  private afterAuthority(afterScheme: number): number {
    const { f } = this;
    return f.port >= 0 ? f.portEnd : f.host >= 0 ? f.hostEnd : afterScheme;
  }

  /**
   * https://url.spec.whatwg.org/#special-authority-slashes-state and
   * #special-authority-ignore-slashes-state, after a special scheme.
   */
  private specialSlashes(s: number, e: number): void {
    if (this.changes !== null && !(e - s === 2 && this.pre.startsWith('//', s))) this.changed(s === e ? 'added' : 'rewritten', 'special authority ignore slashes', s, e, this.pre.slice(s, e), '//');
    if (!this.sink) return;
    let i = s;
    if (this.pre.startsWith('//', s) && e - s >= 2) i = s + 2;
    else this.error('special authority slashes', 'special-scheme-missing-following-solidus', s);
    for (; i < e; i++) this.error('special authority ignore slashes', 'special-scheme-missing-following-solidus', i);
  }

  /**
   * https://url.spec.whatwg.org/#relative-state and #relative-slash-state, followed by the
   * special authority ignore slashes state for scheme-relative references.
   */
  private relativeSlashes(s: number, e: number): void {
    if (this.changes !== null && !(e - s === 2 && this.pre.startsWith('//', s))) this.changed('rewritten', 'relative slash', s, e, this.pre.slice(s, e), '//');
    if (!this.sink) return;
    const pre = this.pre;
    if (pre[s] === '\\') this.error('relative', 'invalid-reverse-solidus', s);
    if (this.special && pre[s + 1] === '\\') this.error('relative slash', 'invalid-reverse-solidus', s + 1);
    for (let i = s + 2; i < e; i++) this.error('special authority ignore slashes', 'special-scheme-missing-following-solidus', i);
  }

  private copyBaseAuthority(): void {
    const { url, base } = this;
    url.username = base!.username;
    url.password = base!.password;
    url.host = base!.host;
    url.port = base!.port;
    if (this.changes === null) return;
    if (url.username !== '') this.fromBase('relative', 'username', url.username);
    if (url.password !== '') this.fromBase('relative', 'password', url.password);
    if (url.host !== null) this.fromBase('relative', 'host', serializeHost(url.host));
    if (url.port !== null) this.fromBase('relative', 'port', String(url.port));
  }

  /**
   * The base URL's path and query, which the URL takes in `state`: whole when the reference has no
   * path (it is empty, or starts with "?" or "#"), then true; otherwise the path less its last
   * segment (shortenPath), or no path when `shorten` is false, and no query.
   */
  private basePathAndQuery(state: URLParserState, at: number, shorten: boolean): boolean {
    const { url, base } = this;
    url.path = clonePath(base!.path);
    url.query = base!.query;
    const empty = this.isEmptyRelativePath(at);
    if (!empty) url.query = null;
    const path = url.path as string[];
    const last = path[path.length - 1];
    const size = path.length;
    if (!empty && shorten) shortenPath(url);
    else if (!empty) url.path = [];
    if (this.changes !== null) {
      this.fromBase(state, 'path', serializePath(url));
      if (url.query !== null) this.fromBase(state, 'query', url.query);
      if (!empty && shorten && path.length < size) this.changed('shortened', state, -1, -1, last, '', "the base URL's last segment");
    }
    return empty;
  }

  /** https://url.spec.whatwg.org/#relative-state (the base is not a file URL). */
  private relative(afterScheme: number): boolean {
    const { f, url, base, pre } = this;
    if (f.host >= 0) {
      // scheme-relative: "//" (or "\\" when special) then an authority
      this.relativeSlashes(f.slashes, f.slashesEnd);
      if (!this.authority()) return false;
      this.path(this.afterAuthority(afterScheme));
      return true;
    }
    this.copyBaseAuthority();
    const c = pre[afterScheme];
    if (c === '/' || (this.special && c === '\\')) {
      // path-absolute (the relative state reports a "\", with the first segment)
      this.path(afterScheme, undefined, 'relative');
      return true;
    }
    // "?", "#" or nothing: the base path kept whole; else shortened, then the reference's path
    if (this.basePathAndQuery('relative', afterScheme, true)) return true;
    this.path(afterScheme);
    return true;
  }

  /** True when a relative reference has no path: it is empty, or starts with "?" or "#". */
  private isEmptyRelativePath(at: number): boolean {
    const c = this.pre[at];
    return c === undefined || c === '?' || c === '#';
  }

  /** https://url.spec.whatwg.org/#file-state, #file-slash-state, #file-host-state */
  private file(afterScheme: number): boolean {
    const { f, url, pre } = this;
    const base = this.base && this.base.scheme === 'file' ? this.base : null;
    url.host = '';
    if (f.slashes >= 0) {
      // the file slash state's two separators, then the file host state
      const s = f.slashes;
      if (pre[s] === '\\') this.error('file', 'invalid-reverse-solidus', s);
      if (pre[s + 1] === '\\') this.error('file slash', 'invalid-reverse-solidus', s + 1);
      if (this.changes !== null) {
        if (pre[s] === '\\') this.changed('rewritten', 'file', s, s + 1, '\\', '/', 'a separator');
        if (pre[s + 1] === '\\') this.changed('rewritten', 'file slash', s + 1, s + 2, '\\', '/', 'a separator');
      }
      if (!this.fileHost()) return false;
      if (this.out !== null) this.fileAuthorityOut(f.host, f.hostEnd);
      // (after a drive letter, the file host state hands the separator to the path state)
      this.path(f.hostEnd, this.driveLetterBuffer, this.driveLetterBuffer === undefined ? 'path start' : 'path');
      return true;
    }
    // (no base: the host is empty, which the serializer writes after "//")
    if (this.out !== null) this.fileAuthorityOut(-1, -1);
    if (this.changes !== null && !base) this.changed('added', 'file', afterScheme, afterScheme, '', '//', 'the empty host', 'concept-url-serializer');
    const c = pre[afterScheme];
    if (c === '/' || c === '\\') {
      // file slash state
      if (c === '\\') this.error('file', 'invalid-reverse-solidus', afterScheme);
      if (c === '\\') this.changed('rewritten', 'file', afterScheme, afterScheme + 1, '\\', '/', 'a separator');
      if (base) {
        url.host = base.host;
        if (this.changes !== null && url.host !== '') this.fromBase('file slash', 'host', serializeHost(url.host!));
        const path = url.path as string[];
        if (
          !startsWithWindowsDriveLetter(pre, afterScheme + 1) &&
          typeof base.path !== 'string' &&
          base.path.length > 0 &&
          isNormalizedWindowsDriveLetter(base.path[0])
        ) {
          path.push(base.path[0]);
          this.fromBase('file slash', 'path', '/' + base.path[0]);
        }
      }
      this.path(afterScheme + 1); // the separator was reported above
      return true;
    }
    if (base) {
      url.host = base.host;
      if (this.changes !== null && url.host !== '') this.fromBase('file', 'host', serializeHost(url.host!));
      const drive = startsWithWindowsDriveLetter(pre, afterScheme);
      if (this.basePathAndQuery('file', afterScheme, !drive)) return true;
      if (drive) this.error('file', 'file-invalid-Windows-drive-letter', afterScheme, afterScheme + 2);
    }
    this.path(afterScheme);
    return true;
  }

  /**
   * https://url.spec.whatwg.org/#file-host-state on the host buffer pre[f.host, f.hostEnd). A
   * Windows drive letter there (not with a state override) is left in driveLetterBuffer, for the
   * path state to take as its buffer. False for failure.
   */
  private fileHost(): boolean {
    const { f, url } = this;
    const buffer = this.text(f.host, f.hostEnd);
    if (this.stateOverride === null && isWindowsDriveLetter(buffer)) {
      this.error('file host', 'file-invalid-Windows-drive-letter-host', f.host, f.hostEnd);
      this.driveLetterBuffer = buffer;
      return true;
    }
    if (buffer === '') {
      url.host = '';
      return true;
    }
    const host = this.hostParser(buffer, f.host, !this.special, 'file host');
    if (host === null) return false;
    url.host = fileHostState(host);
    if (this.changes !== null) {
      if (url.host === '') this.changed('removed', 'file host', f.host, f.hostEnd, buffer, '', 'localhost');
      else this.recordHost(f.host, f.hostEnd, host, 'file host', false);
    }
    return true;
  }

  /**
   * Records what the host parser made of the host pre[hs, he) (`host`, its result), called by the
   * state `state`: an opaque host's code points percent-encoded; an IPv6 address as its
   * serializer writes it; a domain's percent-encoded bytes decoded, then lower-cased (each run of
   * upper case, in the input) or, when it is not ASCII, made ASCII by the domain parser; and a
   * domain that ends in a number read by the IPv4 parser as an address, which its serializer
   * writes.
   */
  private recordHost(hs: number, he: number, host: Host, state: URLParserState, opaque: boolean): void {
    const changes = this.changes!;
    const text = this.pre.slice(hs, he);
    if (opaque && typeof host === 'string') {
      recordEncoded(changes, this.pre, hs, he, C0_CONTROL_SET, state, (c) => utf8PercentEncodeString(c, C0_CONTROL_SET), 'concept-opaque-host-parser');
      return;
    }
    if (Array.isArray(host)) {
      if (serializeHost(host) !== text) this.changed('rewritten', state, hs, he, text, serializeHost(host), 'an IPv6 address', 'concept-ipv6-serializer');
      return;
    }
    const decoded = recordPercentDecoded(changes, this.pre, hs, he, state);
    const ascii = typeof host === 'string' ? host : (domainToASCII(decoded) ?? decoded);
    if (ascii !== decoded && !(ascii === decoded.toLowerCase() && recordDomainLowerCased(changes, this.pre, hs, he, state))) {
      this.changed('rewritten', state, hs, he, decoded, ascii, 'domain to ASCII', 'concept-domain-to-ascii');
    }
    if (typeof host === 'number' && serializeHost(host) !== ascii) {
      // each number written in hexadecimal or octal, as the IPv4 number parser read it (the
      // parser run again, for its record: only where the host's code units are the input's)
      if (ascii.length === text.length && ascii === text.toLowerCase()) {
        parseIPv4(ascii, null, (s, e, radix, value) => {
          if (radix !== 10) this.changed('rewritten', state, hs + s, hs + e, text.slice(s, e), String(value), radix === 16 ? 'a hexadecimal IPv4 number' : 'an octal IPv4 number', 'ipv4-number-parser');
        });
      }
      this.changed('rewritten', state, hs, he, ascii, serializeHost(host), 'an IPv4 address', 'concept-ipv4-parser');
    }
  }

  /** The file host state's Windows drive letter, for the path state (see fileHost). */
  private driveLetterBuffer: string | undefined = undefined;

  /** The state override the pass was given (see override), or null. */
  private stateOverride: StateOverride | null = null;

  /** https://url.spec.whatwg.org/#authority-state, then the host state */
  private authority(): boolean {
    const { f, url, pre } = this;
    const out = this.out;
    if (out !== null) out.piece('//', f.slashes, f.slashesEnd);
    if (f.userinfo >= 0) {
      const s = f.userinfo;
      const e = f.userinfoEnd;
      if (this.sink) {
        for (let i = s; i < e; i++) if (pre.charCodeAt(i) === 0x40) this.error('authority', 'invalid-credentials', i);
        this.error('authority', 'invalid-credentials', e);
      }
      const text = pre.slice(s, e);
      const colon = text.indexOf(':');
      if (colon < 0) {
        url.username = utf8PercentEncodeString(text, STATE_ENCODE_SETS.userinfo);
      } else {
        url.username = utf8PercentEncodeString(text.slice(0, colon), STATE_ENCODE_SETS.userinfo);
        url.password = utf8PercentEncodeString(text.slice(colon + 1), STATE_ENCODE_SETS.userinfo);
      }
      if (out !== null) out.credentials(url, s, e + 1);
      if (this.changes !== null) {
        const encode = (c: string) => utf8PercentEncodeString(c, STATE_ENCODE_SETS.userinfo);
        const passwordAt = colon < 0 ? e : s + colon;
        recordEncoded(this.changes, pre, s, passwordAt, STATE_ENCODE_SETS.userinfo, 'authority', encode);
        if (colon >= 0) recordEncoded(this.changes, pre, passwordAt + 1, e, STATE_ENCODE_SETS.userinfo, 'authority', encode);
        // what the serializer leaves out: credentials that are empty, with their "@"; an empty password's ":"
        if (!includesCredentials(url)) this.changed('removed', null, s, e + 1, pre.slice(s, e + 1), '', 'no credentials', 'concept-url-serializer');
        else if (colon >= 0 && url.password === '') this.changed('removed', null, passwordAt, e, pre.slice(passwordAt, e), '', 'an empty password', 'concept-url-serializer');
      }
    }
    // "@" with nothing after it
    if (f.userinfo >= 0 && f.host === f.hostEnd && f.port < 0) return this.fail('authority', 'host-missing', f.host, f.host);
    if (!this.hostState()) return false;
    if (out !== null) out.portEnd = out.at;
    return true;
  }

  /**
   * https://url.spec.whatwg.org/#host-state on the host buffer pre[f.host, f.hostEnd), which a
   * ":" outside brackets ends when f.port >= 0 (then the port state); with a state override (the
   * host and hostname setters), as the standard has the state take it. False for failure.
   */
  private hostState(): boolean {
    const { f, url } = this;
    const hs = f.host;
    const he = f.hostEnd;
    const override = this.stateOverride;
    if (f.port >= 0) {
      // 2.1-2.2
      if (hs === he) return this.fail(this.hostStateName(), 'host-missing', hs, hs);
      if (override === 'hostname') return false;
    } else {
      // 3.1-3.2
      if (this.special && hs === he) return this.fail(this.hostStateName(), 'host-missing', hs, hs);
      if (override !== null && hs === he && (includesCredentials(url) || url.port !== null)) return false;
    }
    const host = this.hostParser(this.pre.slice(hs, he), hs, !this.special, this.hostStateName());
    if (host === null) return false;
    url.host = host;
    if (this.changes !== null) this.recordHost(hs, he, host, this.hostStateName(), !this.special);
    if (this.out !== null) this.hostOut(hs, he, host);
    return f.port >= 0 ? this.port(f.port, f.portEnd) : true;
  }

  /**
   * https://url.spec.whatwg.org/#concept-host-parser on `text`, the input's host from `hs` on
   * (not empty). With the host flag clear (no code unit of HOST_ACTS_ON, src/semantic/host.ts,
   * and none from U+0080 up), the parser gives the host back as it is, unless a domain ends in a
   * number (the IPv4 parser's): that answer is taken without the parser's own scan.
   */
  private hostParser(text: string, hs: number, isOpaque: boolean, state: URLParserState): Host | null {
    if ((this.flags & HOST_FLAG) === 0 && (isOpaque || !mayEndInANumberAt(text, 0, text.length))) return text;
    return parseHost(text, isOpaque, this.stateSink(state, hs));
  }

  /** The href's host, `host` parsed from pre[hs, he): as written when the host serializer gives it back. */
  private hostOut(hs: number, he: number, host: Host): void {
    const out = this.out!;
    out.hostStart = out.at;
    if (typeof host === 'string' && host.length === he - hs && this.pre.startsWith(host, hs)) out.copy(hs, he);
    else out.write(serializeHost(host));
    out.hostEnd = out.at;
  }

  /** A file URL's "//" and host in the href (with no base: the host is the URL's own or empty). */
  private fileAuthorityOut(hs: number, he: number): void {
    const out = this.out!;
    out.piece('//', this.f.slashes, this.f.slashesEnd);
    const host = this.url.host!;
    if (host === '') {
      out.hostStart = out.hostEnd = out.at;
    } else this.hostOut(hs, he, host);
    out.portEnd = out.at;
  }

  /**
   * https://url.spec.whatwg.org/#port-state (portState) on the port buffer pre[s, e). An empty
   * port leaves the URL's as it is, and with a state override is failure; with one, a port set
   * ends the parse.
   */
  private port(s: number, e: number): boolean {
    const port = portState(this.pre, s, e, this.url.scheme);
    if (port === 'port-invalid') return this.fail('port', port, firstNonDigit(this.pre, s, e));
    if (port === 'port-out-of-range') return this.fail('port', port, s, e);
    if (s !== e) this.url.port = port;
    else if (this.stateOverride !== null) return false;
    if (this.changes !== null) {
      const text = this.pre.slice(s, e);
      if (s === e || port === null) this.changed('removed', 'port', s - 1, e, this.pre.slice(s - 1, e), '', s === e ? 'an empty port' : 'the default port');
      else if (String(port) !== text) this.changed('rewritten', 'port', s, e, text, String(port), 'a number');
    }
    if (this.out !== null) this.out.piece(serializePort(this.url.port), s - 1, e);
    return true;
  }

  /**
   * https://url.spec.whatwg.org/#path-state over the grammar's segments. `regionStart` is where
   * the path region begins (a separator at or after it belongs to the path). `firstBuffer` is
   * the file host state's Windows drive letter, which the path state takes over as its buffer.
   */
  private path(regionStart: number, firstBuffer?: string, leadState: URLParserState = 'path start'): void {
    const { f, pre, url } = this;
    this.leadState = leadState;
    const out = this.out;
    if (out !== null && this.pathOut(regionStart, firstBuffer)) return;
    const path = url.path as string[];
    this.regionStart = regionStart;
    this.firstBuffer = firstBuffer;
    this.first = true;
    if (firstBuffer !== undefined) {
      const c = pre[regionStart];
      if (c === '/' || c === '\\') {
        // the drive letter is a segment of its own, ended by this separator
        this.segmentAt = f.host;
        this.segmentTo = f.hostEnd;
        this.appendSegment(path, firstBuffer, true);
        this.first = false;
      }
    }
    // Segments that the path state would append as they are (percent-encoded) are kept as spans
    // of the input, on a stack above the strings of url.path, and made strings at the end: a
    // double-dot segment pops a span, so a segment undone later is never made a string. Not for
    // file URLs (their drive-letter rules look at the strings) nor after a drive letter buffer.
    this.spans = firstBuffer === undefined && url.scheme !== 'file' && !this.recordSegments;
    this.pending = 0;
    const run = f.segmentRun;
    if (run >= 0) {
      // The grammar's run: each part up to a separator is a segment, and the last one ends it.
      const x = f.segmentSeparators!;
      const end = f.segmentRunEnd;
      // A long ASCII run with spans and no errors to report is read as bytes, segment after
      // segment in one loop (spanRun), down to any segment that takes the string steps.
      const units = this.spans && !this.sink && end - run >= LONG_RUN ? asciiUnits(pre, run, end) : null;
      let s = run;
      while (s <= end) {
        if (units !== null) {
          const taken = spanRun(pre, units, run, s, end, x, this.pending, url);
          s = taken.next;
          this.pending = taken.pending;
          if (s > end) break;
        }
        let i = s;
        while (i < end) {
          const c = pre.charCodeAt(i);
          if (c < 128 && x[c] === 1) break;
          i++;
        }
        this.segment(s, i, i < end);
        s = i + 1;
      }
    } else {
      const segments = f.segments;
      const special = this.special;
      for (let k = 0; k < segments.length; k += 2) {
        const e = segments[k + 1];
        // (no read past the end: one would make V8 deoptimize this loop and recompile it slower)
        const c = e < pre.length ? pre.charCodeAt(e) : 0;
        this.segment(segments[k], e, c === 0x2f || (special && c === 0x5c));
      }
    }
    flushSpans(pre, path, this.pending);
    if (out !== null) out.path(url);
    if (this.changes !== null) {
      const end = f.query >= 0 ? f.query - 1 : f.fragment >= 0 ? f.fragment - 1 : pre.length;
      if (this.special && end === regionStart && path.length === 1 && path[0] === '') this.changed('added', 'path start', end, end, '', '/', 'the path of a special URL');
      const prefix = serializePathPrefix(url);
      if (prefix !== '') this.changed('added', null, regionStart, regionStart, '', prefix, 'before a path that would read as an authority', 'concept-url-serializer');
    }
  }

  /**
   * The path state's test at its top, for the href output: when the path state would leave the
   * path pre[regionStart, ..) of a URL with a host as written (but for percent-encoding), and the
   * serializer would write it so, writes it to the href and returns true; otherwise false, and
   * path() takes its steps, then the serializer's (HrefWriter.path). As written: segments each
   * after a "/" (a special URL's "\\" is a separator written "/"), none a dot segment, and no
   * Windows drive letter of a file URL to normalise. The path percent-encode set leaves "/"
   * alone, so encoding the whole path at once is encoding each segment. (A URL with no host may
   * have its path written after "/.", an empty path may be given a segment: the steps decide.)
   */
  private pathOut(regionStart: number, firstBuffer: string | undefined): boolean {
    const { f, pre, flags } = this;
    const out = this.out!;
    if (firstBuffer !== undefined || this.url.host === null) return false;
    const end = f.query >= 0 ? f.query - 1 : f.fragment >= 0 ? f.fragment - 1 : pre.length;
    if (end <= regionStart || pre.charCodeAt(regionStart) !== 0x2f) return false;
    if (this.special && (flags & BACKSLASH_SEPARATOR_FLAG) !== 0) {
      const b = pre.indexOf('\\', regionStart);
      if (b >= 0 && b < end) return false;
    }
    if ((flags & (SEGMENT_DOT_FLAG | SEGMENT_PERCENT_FLAG)) !== 0 && hasDotSegment(pre, regionStart, end, (flags & SEGMENT_PERCENT_FLAG) !== 0)) return false;
    if (this.url.scheme === 'file' && driveLetterToNormalize(pre, regionStart, end)) return false;
    out.pathStart = out.at;
    if ((flags & SEGMENT_FLAG) !== 0 && needsEncoding(pre, regionStart, end, STATE_ENCODE_SETS.path)) out.write(utf8PercentEncodeString(pre.slice(regionStart, end), STATE_ENCODE_SETS.path));
    else out.copy(regionStart, end);
    return true;
  }

  // The path state's own variables while path() runs (see there).
  private regionStart = 0;
  /** The state that reports a "\\" at regionStart: the path start state, or the state that handed the path over. */
  private leadState: URLParserState = 'path start';
  private firstBuffer: string | undefined = undefined;
  private first = true;
  private spans = false;
  private pending = 0;

  /** The path state for the segment [s, e) of the input, ended by a separator or not. */
  private segment(s: number, e: number, endsWithSeparator: boolean): void {
    const pre = this.pre;
    if (this.sink) {
      if (this.special && s - 1 >= this.regionStart && pre.charCodeAt(s - 1) === 0x5c) this.error(s - 1 === this.regionStart ? this.leadState : 'path', 'invalid-reverse-solidus', s - 1);
      reportInvalidURLUnits(pre, s, e, this.stateSink('path'));
    }
    const path = this.url.path as string[];
    if (this.changes !== null && this.special && s - 1 >= this.regionStart && pre.charCodeAt(s - 1) === 0x5c) this.changed('rewritten', s - 1 === this.regionStart ? this.leadState : 'path', s - 1, s, '\\', '/', 'a separator');
    this.segmentAt = s;
    this.segmentTo = e;
    const n = e - s;
    const c0 = n > 0 ? pre.charCodeAt(s) : 0; // (no read past the end, as in path())
    const kind = spanKind(pre, s, e, c0);
    if (this.spans) {
      if (kind !== STRING_STEPS) {
        this.pending = spanStep(pre, kind, s, e, endsWithSeparator, this.pending, this.url);
        return;
      }
      // Any other segment that starts with "." or "%" takes the path state's own steps, on strings.
      flushSpans(pre, path, this.pending);
      this.pending = 0;
    }
    const firstBuffer = this.firstBuffer;
    const withBuffer = this.first && firstBuffer !== undefined;
    // (the file host state's drive letter starts the segment: where it stands)
    if (withBuffer) this.segmentAt = this.f.host;
    this.first = false;
    if ((kind === SINGLE_DOT || kind === DOUBLE_DOT) && !withBuffer) {
      // "." or ".." as written: the dot-segment steps, without making the string
      this.appendDotSegment(path, kind === DOUBLE_DOT, endsWithSeparator);
      return;
    }
    let buffer = utf8PercentEncodeString(pre.slice(s, e), STATE_ENCODE_SETS.path);
    if (withBuffer) buffer = firstBuffer + buffer;
    this.appendSegment(path, buffer, endsWithSeparator);
  }

  /**
   * https://url.spec.whatwg.org/#path-state for a double-dot segment (shorten the path) or a
   * single-dot one, then an empty segment unless a separator follows.
   */
  private appendDotSegment(path: string[], double: boolean, endsWithSeparator: boolean): void {
    const size = path.length;
    const last = path[size - 1];
    if (double) shortenPath(this.url);
    if (this.changes !== null) {
      const s = this.segmentAt;
      const e = this.segmentTo;
      if (double) this.changed('shortened', 'path', s, e, path.length < size ? last : '', '', path.length < size ? undefined : 'nothing left to remove');
      else this.changed('removed', 'path', s, e, this.pre.slice(s, e), '', 'a single-dot segment');
    }
    if (!endsWithSeparator) path.push('');
  }

  /** Where the segment the path state is on stands in the input (for the record of changes). */
  private segmentAt = 0;
  private segmentTo = 0;

  /** Records the code points of the segment the path state is on that it percent-encodes. */
  private recordSegment(): void {
    const s = this.segmentAt;
    recordEncoded(this.changes!, this.pre, s, this.segmentTo, STATE_ENCODE_SETS.path, 'path', (c) => utf8PercentEncodeString(c, STATE_ENCODE_SETS.path));
  }

  private appendSegment(path: string[], buffer: string, endsWithSeparator: boolean): void {
    const url = this.url;
    const first = buffer.length > 0 ? buffer.charCodeAt(0) : 0; // (no read past the end, as in path())
    if (!mayStartDotSegment(first) && url.scheme !== 'file') {
      // not a dot segment, and no drive letter rule: the common case
      if (this.changes !== null) this.recordSegment();
      path.push(buffer);
      return;
    }
    if (isDoubleDotSegment(buffer)) {
      this.appendDotSegment(path, true, endsWithSeparator);
    } else if (isSingleDotSegment(buffer)) {
      this.appendDotSegment(path, false, endsWithSeparator);
    } else {
      if (url.scheme === 'file' && path.length === 0 && isWindowsDriveLetter(buffer)) {
        buffer = buffer[0] + ':';
        if (this.changes !== null && buffer !== this.pre.slice(this.segmentAt, this.segmentAt + 2)) this.changed('rewritten', 'path', this.segmentAt + 1, this.segmentAt + 2, this.pre[this.segmentAt + 1], ':', 'a Windows drive letter');
      } else if (this.changes !== null) this.recordSegment();
      path.push(buffer);
    }
  }

  /** https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state */
  private opaquePath(s: number, e: number): void {
    const pre = this.pre;
    reportInvalidURLUnits(pre, s, e, this.stateSink('opaque path'));
    // A space right before "?" or "#" is percent-encoded, so that it survives serialisation.
    const space = opaquePathSpaceToEncode(pre, s, e);
    const out = this.out;
    if (out !== null) {
      out.pathStart = out.at;
      if (!space && ((this.flags & OPAQUE_PATH_FLAG) === 0 || !needsEncoding(pre, s, e, STATE_ENCODE_SETS.opaquePath))) {
        out.copy(s, e);
        return;
      }
    }
    const text = pre.slice(s, space ? e - 1 : e);
    this.url.path = utf8PercentEncodeString(text, STATE_ENCODE_SETS.opaquePath) + (space ? '%20' : '');
    if (this.changes !== null) {
      recordEncoded(this.changes, pre, s, space ? e - 1 : e, STATE_ENCODE_SETS.opaquePath, 'opaque path', (c) => utf8PercentEncodeString(c, STATE_ENCODE_SETS.opaquePath));
      if (space) this.changed('percent-encoded', 'opaque path', e - 1, e, ' ', '%20', 'a last space before "?" or "#"');
    }
    if (out !== null) out.write(this.url.path);
  }

  /** https://url.spec.whatwg.org/#query-state step 1: the encoding a query is encoded with. */
  private queryEncoding(): string {
    return !this.special || this.url.scheme === 'ws' || this.url.scheme === 'wss' ? 'UTF-8' : this.encoding;
  }

  /**
   * https://url.spec.whatwg.org/#query-state and #fragment-state. With `append` (a state
   * override), the result is appended to the URL's query or fragment, as the standard does.
   */
  private queryAndFragment(append = false): void {
    const { f, url, pre, out } = this;
    if (f.query >= 0) {
      const s = f.query;
      const e = f.queryEnd;
      reportInvalidURLUnits(pre, s, e, this.stateSink('query'));
      const set = this.special ? STATE_ENCODE_SETS.specialQuery : STATE_ENCODE_SETS.query;
      if (this.changes !== null) {
        const encoding = this.queryEncoding();
        recordEncoded(this.changes, pre, s, e, set, 'query', (c) => encodeQuery(c, set, encoding));
      }
      if (out !== null) out.queryStart = out.at;
      // (the href output: "?" and the query as written when nothing in it is to be encoded)
      if (out !== null && ((this.flags & (this.special ? SPECIAL_QUERY_FLAG : QUERY_FLAG)) === 0 || !needsEncoding(pre, s, e, set))) out.copy(s - 1, e);
      else {
        const encoded = encodeQuery(pre.slice(s, e), set, this.queryEncoding());
        url.query = append && url.query !== null ? url.query + encoded : encoded;
        if (out !== null) out.write('?' + encoded);
      }
    }
    if (f.fragment >= 0) {
      const s = f.fragment;
      const e = f.fragmentEnd;
      reportInvalidURLUnits(pre, s, e, this.stateSink('fragment'));
      if (this.changes !== null) recordEncoded(this.changes, pre, s, e, STATE_ENCODE_SETS.fragment, 'fragment', (c) => utf8PercentEncodeString(c, STATE_ENCODE_SETS.fragment));
      if (out !== null) out.fragmentStart = out.at;
      if (out !== null && ((this.flags & FRAGMENT_FLAG) === 0 || !needsEncoding(pre, s, e, STATE_ENCODE_SETS.fragment))) out.copy(s - 1, e);
      else {
        const encoded = utf8PercentEncodeString(pre.slice(s, e), STATE_ENCODE_SETS.fragment);
        url.fragment = append && url.fragment !== null ? url.fragment + encoded : encoded;
        if (out !== null) out.write('#' + encoded);
      }
    }
  }
}

/** The span stack of the path state (see path()): start and end offsets, reused from call to call. */
let PENDING = new Int32Array(256);

/** From how many code units a run of segments is read as bytes (see path()). */
const LONG_RUN = 256;

/** The code units of a long run, for asciiUnits (reused; given back after a long input). */
let UNITS = new Uint8Array(1024);
const unitEncoder = new TextEncoder();

/**
 * The code units of pre[from, to) as bytes (the first at index 0), or null when one is not
 * ASCII: a loop over a typed array costs the same whatever kinds of string V8 has seen here,
 * where one of charCodeAt calls came to cost two to three times more in a process that had
 * parsed varied URLs first.
 */
function asciiUnits(pre: string, from: number, to: number): Uint8Array | null {
  const n = to - from;
  if (UNITS.length < n || (UNITS.length > 65536 && n < UNITS.length >> 2)) UNITS = new Uint8Array(Math.max(1024, n));
  const { read, written } = unitEncoder.encodeInto(pre.slice(from, to), UNITS);
  return read === n && written === n ? UNITS : null;
}

/** How the span steps take a segment (spanKind). */
const PLAIN = 0;
const SINGLE_DOT = 1;
const DOUBLE_DOT = 2;
const STRING_STEPS = 3;

/**
 * How the span steps take the segment pre[s, e), whose first code unit is `c0`: PLAIN when it
 * cannot be a dot segment, before or after percent-encoding (it does not start as one can, and
 * percent-encoding never writes "." and leaves a "%" first only when one was there or a code unit
 * is encoded, "%2E" never), SINGLE_DOT or DOUBLE_DOT for a dot segment written with dots alone
 * (dotSegmentAt says which), else STRING_STEPS: it takes the path state's steps on strings.
 */
function spanKind(pre: string, s: number, e: number, c0: number): number {
  if (s === e || !mayStartDotSegment(c0)) return PLAIN;
  if (c0 === 0x2e && e - s <= 2) {
    const dots = dotSegmentAt(pre, s, e);
    if (dots !== 0) return dots === 1 ? SINGLE_DOT : DOUBLE_DOT;
  }
  return STRING_STEPS;
}

/**
 * The path state for a segment [s, e) of kind PLAIN, SINGLE_DOT or DOUBLE_DOT on the span
 * stack, with `pending` entries of PENDING in use: how many are in use after it.
 */
function spanStep(pre: string, kind: number, s: number, e: number, endsWithSeparator: boolean, pending: number, url: URLRecord): number {
  if (kind === PLAIN) return pushSpan(pending, s, e);
  // "." or "..": shorten (the last span, else the strings), then an empty segment unless a separator follows
  if (kind === DOUBLE_DOT) {
    const path = url.path as string[];
    const first = () => (path.length > 0 ? path[0] : utf8PercentEncodeString(pre.slice(PENDING[0], PENDING[1]), STATE_ENCODE_SETS.path));
    if (pending === 0) shortenPath(url);
    else if (!shortenLeavesPath(url.scheme, path.length + pending / 2, first)) pending -= 2;
  }
  return endsWithSeparator ? pending : pushSpan(pending, e, e);
}

/**
 * The span steps over the segments of a run of the grammar's (see path()) from `s`, the start
 * of one, to `end`, while they take them; `units` holds the run's code units from `base` on.
 * Returns `next`, the start of the first segment they do not take (end + 1 when they took them
 * all), and `pending`, how many entries of PENDING are in use. (Called once per long run: the
 * object costs nothing next to the run.)
 */
function spanRun(pre: string, units: Uint8Array, base: number, s: number, end: number, x: Uint8Array, pending: number, url: URLRecord): { next: number; pending: number } {
  for (let i = s; i <= end; i++) {
    if (i < end && x[units[i - base]] !== 1) continue;
    const n = i - s;
    const c0 = n > 0 ? units[s - base] : 0;
    const kind = spanKind(pre, s, i, c0);
    if (kind === STRING_STEPS) break;
    pending = spanStep(pre, kind, s, i, i < end, pending, url);
    s = i + 1;
  }
  return { next: s, pending };
}

function pushSpan(pending: number, s: number, e: number): number {
  if (pending === PENDING.length) {
    const grown = new Int32Array(PENDING.length * 2);
    grown.set(PENDING);
    PENDING = grown;
  }
  PENDING[pending] = s;
  PENDING[pending + 1] = e;
  return pending + 2;
}

/** Appends the first `pending` / 2 spans of PENDING to `path`, percent-encoded, as the path state appends a segment. */
function flushSpans(pre: string, path: string[], pending: number): void {
  for (let i = 0; i < pending; i += 2) path.push(utf8PercentEncodeString(pre.slice(PENDING[i], PENDING[i + 1]), STATE_ENCODE_SETS.path));
  // after a long path, give the storage back when this one used little of it
  if (PENDING.length > 65536 && pending < PENDING.length >> 2) PENDING = new Int32Array(256);
}

/**
 * The semantic pass with the href output: for `pre`, preprocessed, and what the entry rule for
 * no base found in it, the href and its components' offsets (the basic URL parser, no base,
 * UTF-8, then the URL serializer), or null for failure. `flags`: what the matcher raised, or
 * ALL_FLAGS.
 */
export function hrefPass(pre: string, found: Found, flags: number): HrefOffsets | null {
  const out = HREF_OUT.reset(pre);
  const pass = new Pass(pre, found, null, 'UTF-8', null, scratchRecord(), out, flags);
  if (pass.run() === null) return null;
  return out.offsets();
}

/** The one writer hrefPass writes with (nothing keeps it). */
const HREF_OUT = new HrefWriter();

/** The URL record hrefPass's pass fills (it hands out only the href): emptied for each input. */
const HREF_RECORD = newURLRecord();

function scratchRecord(): URLRecord {
  const url = HREF_RECORD;
  url.scheme = url.username = url.password = '';
  url.host = url.port = url.query = url.fragment = null;
  if (typeof url.path === 'string' || url.path.length !== 0) url.path = [];
  return url;
}

/**
 * Runs the semantic pass. `pre` is the preprocessed input, `found` what the grammar found in it.
 * Error offsets given to `sink`, and change offsets given to `changes`, are in `pre`. Returns null
 * on failure.
 */
export function semanticPass(
  pre: string,
  found: Found,
  base: URLRecord | null,
  encoding: string,
  sink: ErrorSink,
  changes: ChangeSink = null,
): URLRecord | null {
  return new Pass(pre, found, base, encoding, sink, undefined, null, ALL_FLAGS, changes).run();
}

/**
 * Runs the semantic pass for a state override on `url` (which it modifies, as the standard's
 * parser does). `pre` is the value after tab/newline removal, `found` what the override's entry
 * rule matched. Returns false for failure (the URL may still have been partly changed, exactly
 * where the standard changes it before failing).
 */
export function semanticPassWithOverride(pre: string, found: Found, url: URLRecord, state: StateOverride): boolean {
  return new Pass(pre, found, null, 'UTF-8', null, url).override(state);
}
