// The data the parser produces: the URL record (https://url.spec.whatwg.org/#concept-url) and the
// intermediate record (this project's: where each component stands in the input).

import type { Host } from './semantic/host';
import { SPECIAL_SCHEMES } from '../grammar/scheme';

/** https://url.spec.whatwg.org/#concept-url: the same shape whatwg-url uses. */
export interface URLRecord {
  scheme: string;
  username: string;
  password: string;
  host: Host | null;
  port: number | null;
  /** A list of segments, or a string when the URL has an opaque path. */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

/** A component's place in the input: [start, end) in the ORIGINAL input. */
export interface Span {
  start: number;
  end: number;
  /** The component as the grammar saw it (the original slice less any ASCII tab or newline). */
  text: string;
}

/**
 * What the grammar found in the input, before any normalisation: each component's raw text and
 * its span in the original input (before trimming and tab/newline removal).
 */
export interface IntermediateRecord {
  input: string;
  /** The entry rule the input was parsed with (it follows from the base URL's kind). */
  rule: string;
  scheme: Span | null;
  /** The slashes before the authority ("//", or what stood in their place). */
  slashes: Span | null;
  userinfo: Span | null;
  username: Span | null;
  password: Span | null;
  host: Span | null;
  port: Span | null;
  /** The path segments, in order (no separators). */
  path: Span[];
  opaquePath: Span | null;
  query: Span | null;
  fragment: Span | null;
}


/** SPECIAL_SCHEMES as a map, for lookups by a scheme that is any string. */
const SPECIAL = new Map(Object.entries(SPECIAL_SCHEMES));

/** https://url.spec.whatwg.org/#special-scheme (the table is SPECIAL_SCHEMES, grammar/scheme.ts) */
export function isSpecialScheme(scheme: string): boolean {
  return SPECIAL.has(scheme);
}

/** https://url.spec.whatwg.org/#default-port (SPECIAL_SCHEMES, grammar/scheme.ts) */
export function defaultPort(scheme: string): number | null {
  const entry = SPECIAL.get(scheme);
  return entry === undefined ? null : entry.defaultPort;
}

/**
 * Whether a URL whose scheme is `scheme` has a tuple origin (https://url.spec.whatwg.org/#concept-url-origin:
 * the special schemes whose origin SPECIAL_SCHEMES says is a tuple; a "blob" URL's is its path's).
 */
export function hasTupleOrigin(scheme: string): boolean {
  const entry = SPECIAL.get(scheme);
  return entry !== undefined && entry.origin === 'tuple';
}

/** https://url.spec.whatwg.org/#include-credentials */
export function includesCredentials(url: URLRecord): boolean {
  return url.username !== '' || url.password !== '';
}

/** https://url.spec.whatwg.org/#url-opaque-path */
export function hasOpaquePath(url: URLRecord): boolean {
  return typeof url.path === 'string';
}

/** https://url.spec.whatwg.org/#cannot-have-a-username-password-port */
export function cannotHaveUsernamePasswordPort(url: URLRecord): boolean {
  return url.host === null || url.host === '' || url.scheme === 'file';
}

/** A short account of a value that is not a URL input, for a TypeError's message. */
export function describeNonURLInput(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') {
    if ('scheme' in v) return `an object that is not a URL record (${urlRecordProblem(v)})`;
    return 'an object that is neither a URL record nor has a string href';
  }
  if (typeof v === 'function') return 'a function';
  return typeof v;
}

const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

/** https://url.spec.whatwg.org/#concept-host as a URL record holds it (see Host in src/semantic/host.ts). */
function isHostOrNull(host: unknown): boolean {
  if (host === null || typeof host === 'string') return true;
  if (typeof host === 'number') return Number.isInteger(host) && host >= 0 && host <= 0xffffffff;
  return Array.isArray(host) && host.length === 8 && host.every((p) => Number.isInteger(p) && p >= 0 && p <= 0xffff);
}

/**
 * What keeps `v` from having the shape of a URL record (https://url.spec.whatwg.org/#concept-url),
 * so that the serializer cannot trip over it; null when it has that shape.
 */
export function urlRecordProblem(v: unknown): string | null {
  if (v === null || typeof v !== 'object') return 'not an object';
  const r = v as Record<string, unknown>;
  if (typeof r.scheme !== 'string') return 'its scheme is not a string';
  if (typeof r.username !== 'string') return 'its username is not a string';
  if (typeof r.password !== 'string') return 'its password is not a string';
  if (!isHostOrNull(r.host)) return 'its host is not null, a string, an IPv4 address as a number or eight IPv6 pieces';
  if (!(r.port === null || (typeof r.port === 'number' && Number.isInteger(r.port)))) return 'its port is not null or an integer';
  const path = r.path;
  if (!(typeof path === 'string' || (Array.isArray(path) && path.every((segment) => typeof segment === 'string')))) {
    return 'its path is neither a string nor a list of strings';
  }
  if (!isStringOrNull(r.query)) return 'its query is not null or a string';
  if (!isStringOrNull(r.fragment)) return 'its fragment is not null or a string';
  return null;
}
