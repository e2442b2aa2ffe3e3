// The semantic pass's second output: the href (https://url.spec.whatwg.org/#concept-url-serializer)
// and the offsets of its components, written as the pass goes (src/semantic/url.ts, Pass with an
// HrefWriter). Where a step leaves a component as it is written, the writer copies the input;
// only what a step changes is written anew. An input that is its own serialization comes out as
// that very string, with no copy made.
//
// This file holds the writer, and the tests the steps ask at their top ("would this step leave
// the component as written?"): each one is a statement about a step of the standard and the
// serializer, next to which it is named.

import type { EncodeSet } from './percent-encode';
import { dotSegmentAt, isNormalizedWindowsDriveLetter, isWindowsDriveLetter } from './path';
import type { URLRecord } from '../record';
import { serializeCredentials, serializePath, serializePathPrefix } from '../serialize';

/** Called as `charCodeAt.call(s, i)`: a read that stays fast whatever strings came before (see CCA in src/grammar/codegen/templates.ts). */
const charCodeAt = String.prototype.charCodeAt;

/**
 * A URL's href and where its components stand in it. A component that is absent has -1 (host,
 * credentials, query, fragment), or its start equal to its end (port).
 */
export interface HrefOffsets {
  /** The serialization of the URL. */
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
  /** Where the path starts (after the "/." the serializer puts before a path that would read as an authority). */
  readonly pathStart: number;
  /** The offset of the "?" before the query, or -1. */
  readonly queryStart: number;
  /** The offset of the "#" before the fragment, or -1. */
  readonly fragmentStart: number;
}

// ---- flags raised by the grammar's matcher ------------------------------------------------------
//
// The generated matcher can raise a flag as it consumes a code unit in a component (see
// GenerateOptions.flags in src/grammar/codegen.ts; the tables are in src/semantic/normalized.ts,
// made from the encode sets the steps use). A bit left clear proves that the component has no
// such code unit, so a step's test need not look at its code units. A raised bit proves nothing
// (the matcher never takes a bit back when it gives up an alternative): the test then looks.
// ALL_FLAGS, for marks from a matcher without flags, makes every test look.

export const SCHEME_FLAG = 1 << 1;
export const HOST_FLAG = 1 << 2;
export const SEGMENT_FLAG = 1 << 3;
export const OPAQUE_PATH_FLAG = 1 << 4;
export const QUERY_FLAG = 1 << 5;
export const SPECIAL_QUERY_FLAG = 1 << 6;
export const FRAGMENT_FLAG = 1 << 7;
/** A "." that starts a path segment (or any "." in a path, where the matcher cannot tell): without it (or a "%"), no segment is a dot segment. */
export const SEGMENT_DOT_FLAG = 1 << 8;
/** A "\\" taken by the grammar's `separator` rule (a special URL's "/" or "\\"), which serializes as "/". */
export const BACKSLASH_SEPARATOR_FLAG = 1 << 9;
/** The same as SEGMENT_DOT_FLAG for a "%": without it, no segment is a dot segment that starts "%2e". */
export const SEGMENT_PERCENT_FLAG = 1 << 10;
/** Every flag raised: what marks from a matcher without flags are read with. */
export const ALL_FLAGS = -1;

/**
 * The href being written: pieces of the input copied (copy) and new text (write), in order.
 * Copies of adjoining spans of the input join into one, and the input is sliced only when new
 * text or a gap comes between: an input written wholly by copy is the href itself.
 */
export class HrefWriter {
  private pre = '';
  private out = '';
  /** The input's span [from, to) copied and not yet added to `out`. */
  private from = 0;
  private to = 0;
  protocolEnd = -1;
  usernameEnd = -1;
  credentialsEnd = -1;
  hostStart = -1;
  hostEnd = -1;
  portEnd = -1;
  pathStart = -1;
  queryStart = -1;
  fragmentStart = -1;

  /** This writer, emptied, for the input `pre`. */
  reset(pre: string): HrefWriter {
    this.pre = pre;
    this.out = '';
    this.from = this.to = 0;
    this.protocolEnd = this.usernameEnd = this.credentialsEnd = this.hostStart = this.hostEnd = -1;
    this.portEnd = this.pathStart = this.queryStart = this.fragmentStart = -1;
    return this;
  }

  /** The href's length so far: the offset of what comes next. */
  get at(): number {
    return this.out.length + (this.to - this.from);
  }

  /** Appends the input's pre[s, e), as it is written. */
  copy(s: number, e: number): void {
    if (s !== this.to) {
      this.flush();
      this.from = s;
    }
    this.to = e;
  }

  /** Appends `text`, written anew. */
  write(text: string): void {
    if (text === '') return;
    this.flush();
    this.out += text;
  }

  /**
   * Appends `text`, a piece of the serialization: as a copy of the input pre[s, e) when that is
   * what the input holds there (s is -1 when the input has nothing there), else written anew.
   */
  piece(text: string, s: number, e: number): void {
    if (s >= 0 && text.length === e - s && this.pre.startsWith(text, s)) this.copy(s, e);
    else this.write(text);
  }

  /** The credentials of `url`, as the serializer writes them (serializeCredentials), in the place of the input's pre[s, e) (the userinfo and "@"). */
  credentials(url: URLRecord, s: number, e: number): void {
    const text = serializeCredentials(url);
    if (text === '') return;
    const at = this.at;
    this.piece(text, s, e);
    this.usernameEnd = at + url.username.length;
    this.credentialsEnd = at + text.length - 1;
  }

  /** The path of `url` (not opaque), as the serializer writes it: the "/." it may put first (serializePathPrefix), then the path. */
  path(url: URLRecord): void {
    this.write(serializePathPrefix(url));
    this.pathStart = this.at;
    this.write(serializePath(url));
  }

  private flush(): void {
    if (this.to !== this.from) this.out += this.pre.slice(this.from, this.to);
    this.from = this.to;
  }

  /** The href and its offsets. */
  offsets(): HrefOffsets {
    let href: string;
    if (this.out === '') href = this.from === 0 && this.to === this.pre.length ? this.pre : this.pre.slice(this.from, this.to);
    else {
      this.flush();
      href = this.out;
    }
    return {
      href,
      protocolEnd: this.protocolEnd,
      usernameEnd: this.usernameEnd,
      credentialsEnd: this.credentialsEnd,
      hostStart: this.hostStart,
      hostEnd: this.hostEnd,
      // (a URL with no authority has no port: its port "ends" where its path starts)
      portEnd: this.portEnd >= 0 ? this.portEnd : this.pathStart,
      pathStart: this.pathStart,
      queryStart: this.queryStart,
      fragmentStart: this.fragmentStart,
    };
  }
}

// ---- the tests the steps ask at their top -------------------------------------------------------

/** A sticky expression matching a run of the ASCII code points that `set` leaves as they are. */
function cleanRun(set: EncodeSet): RegExp {
  let cls = '';
  for (let c = 0; c < 0x7f; c++) if (set[c] !== 1) cls += `\\x${c.toString(16).padStart(2, '0')}`;
  return new RegExp(`[${cls}]*`, 'y');
}
const CLEAN = new WeakMap<EncodeSet, RegExp>();

/**
 * Whether pre[s, e) has a code point that `set` percent-encodes (everything from U+007F up is in
 * every set). A long span is scanned by a regular expression of the same set (native code).
 */
export function needsEncoding(pre: string, s: number, e: number, set: EncodeSet): boolean {
  const stop = e - s > 32 ? s + 32 : e;
  for (let i = s; i < stop; i++) {
    const c = charCodeAt.call(pre, i);
    if (c >= 0x7f || set[c] === 1) return true;
  }
  if (stop === e) return false;
  let re = CLEAN.get(set);
  if (re === undefined) CLEAN.set(set, (re = cleanRun(set)));
  re.lastIndex = stop;
  re.test(pre);
  return re.lastIndex < e;
}

/**
 * Whether the segment that starts at `s` (just after a "/") in pre[.., end), up to the next "/"
 * or the path's end, is one the path state treats as "." or ".." (dotSegmentAt, the path state's
 * own test). A "\\" ends a segment here even where it is not a separator: that only says yes
 * more often, which sends the path to the path state's own steps.
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
export function hasDotSegment(pre: string, from: number, end: number, percent: boolean): boolean {
  for (let i = pre.indexOf('/.', from); i >= 0 && i < end; i = pre.indexOf('/.', i + 2)) if (isDotSegmentAt(pre, i + 1, end)) return true;
  if (percent) for (let i = pre.indexOf('/%', from); i >= 0 && i < end; i = pre.indexOf('/%', i + 2)) if (isDotSegmentAt(pre, i + 1, end)) return true;
  return false;
}

/**
 * Whether the first segment of the path pre[at, end) (it starts with "/") is a Windows drive
 * letter that the path state of a file URL writes otherwise ("C|" becomes "C:").
 */
export function driveLetterToNormalize(pre: string, at: number, end: number): boolean {
  if (end < at + 3 || (end > at + 3 && charCodeAt.call(pre, at + 3) !== 0x2f)) return false;
  const segment = pre.slice(at + 1, at + 3);
  return isWindowsDriveLetter(segment) && !isNormalizedWindowsDriveLetter(segment);
}
