// Host and URL equivalence: https://url.spec.whatwg.org/#host-equivalence and
// https://url.spec.whatwg.org/#url-equivalence

import { parseURL } from '../parse';
import type { URLRecord } from '../record';
import { serializeURL } from '../serialize';
import { URL } from './url';
import { toHost, type HostInput, type HostOptions } from './public-suffix';

/**
 * https://url.spec.whatwg.org/#concept-host-equals
 *
 * True when the two are the same host: the same domain or opaque host string, the same IPv4
 * number, the same eight IPv6 pieces. Arguments are read as `HostInput` says (a string is
 * host-parsed unless `opaque` is set, so `"EXAMPLE.com"` equals `"example.com"` and `"[::1]"`
 * equals `[0, 0, 0, 0, 0, 0, 0, 1]`); something that is not a host equals nothing.
 */
export function hostEquals(a: HostInput, b: HostInput, options: HostOptions = {}): boolean {
  const x = toHost(a, options);
  const y = toHost(b, options);
  if (!x || !y) return false;
  const p = x.host;
  const q = y.host;
  if (Array.isArray(p) || Array.isArray(q)) {
    return Array.isArray(p) && Array.isArray(q) && p.length === q.length && p.every((piece, i) => piece === q[i]);
  }
  return p === q;
}

/** A URL record, a `URL` object, or a string to be parsed (without a base). */
export type URLInput = URLRecord | URL | string;

/** The URL record `url` stands for, or null (a string that does not parse, anything else). */
export function toURLRecord(url: unknown): URLRecord | null {
  if (typeof url === 'string') return parseURL(url);
  if (url instanceof URL) return URL.recordOf(url);
  return isURLRecord(url) ? url : null;
}

const isStringOrNull = (v: unknown) => v === null || typeof v === 'string';

/** Whether `v` has the shape of a URL record (so the serializer cannot trip over it). */
function isURLRecord(v: unknown): v is URLRecord {
  if (v === null || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  const host = r.host;
  const hostOK =
    host === null ||
    typeof host === 'string' ||
    (typeof host === 'number' && Number.isInteger(host) && host >= 0 && host <= 0xffffffff) ||
    (Array.isArray(host) && host.length === 8 && host.every((p) => Number.isInteger(p) && p >= 0 && p <= 0xffff));
  const path = r.path;
  const pathOK = typeof path === 'string' || (Array.isArray(path) && path.every((s) => typeof s === 'string'));
  return (
    typeof r.scheme === 'string' &&
    typeof r.username === 'string' &&
    typeof r.password === 'string' &&
    hostOK &&
    (r.port === null || (typeof r.port === 'number' && Number.isInteger(r.port))) &&
    pathOK &&
    isStringOrNull(r.query) &&
    isStringOrNull(r.fragment)
  );
}

/**
 * https://url.spec.whatwg.org/#concept-url-equals
 *
 * True when the two URLs serialize to the same string (without their fragments when
 * `excludeFragments` is true). A string argument is parsed first; one that does not parse
 * equals nothing.
 */
export function urlEquals(a: URLInput, b: URLInput, excludeFragments = false): boolean {
  const x = toURLRecord(a);
  const y = toURLRecord(b);
  if (!x || !y) return false;
  return serializeURL(x, excludeFragments === true) === serializeURL(y, excludeFragments === true);
}
