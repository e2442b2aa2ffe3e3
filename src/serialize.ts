// Serializers: https://url.spec.whatwg.org/#url-serializing and #origin

import { hasOpaquePath, includesCredentials, type URLRecord } from './record';
import { serializeHost, type Host } from './semantic/host';

/** https://url.spec.whatwg.org/#url-path-serializer */
export function serializePath(url: URLRecord): string {
  if (typeof url.path === 'string') return url.path;
  let out = '';
  for (const segment of url.path) out += '/' + segment;
  return out;
}

/** https://url.spec.whatwg.org/#concept-url-serializer */
export function serializeURL(url: URLRecord, excludeFragment = false): string {
  let out = url.scheme + ':';
  if (url.host !== null) {
    out += '//';
    if (includesCredentials(url)) {
      out += url.username;
      if (url.password !== '') out += ':' + url.password;
      out += '@';
    }
    out += serializeHost(url.host);
    if (url.port !== null) out += ':' + url.port;
  } else if (!hasOpaquePath(url) && url.path.length > 1 && url.path[0] === '') {
    out += '/.';
  }
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
  switch (url.scheme) {
    case 'blob': {
      const pathURL = parse(serializePath(url));
      if (pathURL === null) return { type: 'opaque' };
      if (pathURL.scheme === 'http' || pathURL.scheme === 'https' || pathURL.scheme === 'file') {
        return urlOrigin(pathURL, parse);
      }
      return { type: 'opaque' };
    }
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return { type: 'tuple', scheme: url.scheme, host: url.host!, port: url.port, domain: null };
    default:
      // "file" is left to the reader by the standard; like browsers, an opaque origin.
      return { type: 'opaque' };
  }
}

/** https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin */
export function serializeOrigin(origin: URLOrigin): string {
  if (origin.type === 'opaque') return 'null';
  let out = origin.scheme + '://' + serializeHost(origin.host);
  if (origin.port !== null) out += ':' + origin.port;
  return out;
}
