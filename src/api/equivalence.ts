// Host and URL equivalence: https://url.spec.whatwg.org/#host-equivalence and
// https://url.spec.whatwg.org/#url-equivalence

import { parseURL } from '../parse';
import type { URLRecord } from '../record';
import { serializeURL } from '../serialize';
import { objectToURLRecord, type URLInput } from './url';
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

/** What urlEquals takes (and renderURL and serializeURLOrigin): see its definition in src/api/url.ts. */
export type { URLInput };

/**
 * The URL record `url` stands for, as URLInput says: null for a string that does not parse; a
 * TypeError, whose message starts with `caller`, for what is not a URL input.
 */
export function toURLRecord(url: unknown, caller: string): URLRecord | null {
  return typeof url === 'string' ? parseURL(url) : objectToURLRecord(url, caller);
}

/**
 * https://url.spec.whatwg.org/#concept-url-equals
 *
 * True when the two URLs serialize to the same string (without their fragments when
 * `excludeFragments` is true). Each argument is read as URLInput says: a string argument is
 * parsed first, and one that does not parse equals nothing; a URL object of another
 * implementation is read through its href. An argument that is none of URLInput's kinds (null, a
 * number, an object that is neither a URL record nor has a string href) is a TypeError, as is a
 * URL object whose href does not parse.
 */
export function urlEquals(a: URLInput, b: URLInput, excludeFragments = false): boolean {
  const x = toURLRecord(a, 'urlEquals');
  const y = toURLRecord(b, 'urlEquals');
  if (!x || !y) return false;
  return serializeURL(x, excludeFragments === true) === serializeURL(y, excludeFragments === true);
}
