// Serializers: https://url.spec.whatwg.org/#url-serializing and #origin

import { hasOpaquePath, hasTupleOrigin, includesCredentials, type URLRecord } from './record';
import { serializeHost, type Host } from './semantic/host';

/** https://url.spec.whatwg.org/#url-path-serializer */
export function serializePath(url: URLRecord): string {
  if (typeof url.path === 'string') return url.path;
  let out = '';
  for (const segment of url.path) out += '/' + segment;
  return out;
}

// The URL serializer is written in pieces, one per step that writes something of its own: the
// semantic pass's href output (src/semantic/href.ts) writes a URL's href with the same pieces,
// so that the serializer is written once.

/**
 * https://url.spec.whatwg.org/#concept-url-serializer step 2.2: when the URL includes credentials,
 * its username, then ":" and its password when that is not empty, then "@"; otherwise nothing.
 */
export function serializeCredentials(url: Pick<URLRecord, 'username' | 'password'>): string {
  if (!includesCredentials(url as URLRecord)) return '';
  return url.password === '' ? url.username + '@' : url.username + ':' + url.password + '@';
}

/** https://url.spec.whatwg.org/#concept-url-serializer step 2.4: ":" and the port when it is not null; otherwise nothing. */
export function serializePort(port: number | null): string {
  return port === null ? '' : ':' + port;
}

/**
 * https://url.spec.whatwg.org/#concept-url-serializer step 3: "/." when the URL has no host, its
 * path is not opaque, has more than one segment and the first is empty (the path would otherwise
 * read as an authority); otherwise nothing.
 */
export function serializePathPrefix(url: Pick<URLRecord, 'host' | 'path'>): string {
  return url.host === null && !hasOpaquePath(url as URLRecord) && url.path.length > 1 && url.path[0] === '' ? '/.' : '';
}

/** https://url.spec.whatwg.org/#concept-url-serializer */
export function serializeURL(url: URLRecord, excludeFragment = false): string {
  let out = url.scheme + ':';
  if (url.host !== null) out += '//' + serializeCredentials(url) + serializeHost(url.host) + serializePort(url.port);
  else out += serializePathPrefix(url);
  out += serializePath(url);
  if (url.query !== null) out += '?' + url.query;
  if (!excludeFragment && url.fragment !== null) out += '#' + url.fragment;
  return out;
}

/** https://html.spec.whatwg.org/multipage/browsers.html#concept-origin */
export type URLOrigin = { type: 'opaque' } | { type: 'tuple'; scheme: string; host: Host; port: number | null; domain: null };

/**
 * https://url.spec.whatwg.org/#concept-url-origin. `parse` is the basic URL parser, passed in to
 * parse a blob URL's path without a module cycle.
 */
export function urlOrigin(url: URLRecord, parse: (input: string) => URLRecord | null): URLOrigin {
  if (url.scheme === 'blob') {
    const pathURL = parse(serializePath(url));
    if (pathURL === null) return { type: 'opaque' };
    if (pathURL.scheme === 'http' || pathURL.scheme === 'https' || pathURL.scheme === 'file') {
      return urlOrigin(pathURL, parse);
    }
    return { type: 'opaque' };
  }
  // the special schemes whose origin is a tuple (SPECIAL_SCHEMES: not "file", which the standard
  // leaves to the reader, and which is opaque here as in browsers); any other scheme's is opaque
  if (hasTupleOrigin(url.scheme)) return { type: 'tuple', scheme: url.scheme, host: url.host!, port: url.port, domain: null };
  return { type: 'opaque' };
}

/** https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin */
export function serializeOrigin(origin: URLOrigin): string {
  if (origin.type === 'opaque') return 'null';
  let out = origin.scheme + '://' + serializeHost(origin.host);
  if (origin.port !== null) out += ':' + origin.port;
  return out;
}
