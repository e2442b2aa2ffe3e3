// Meaning over notation: two answers that write the same URL differently are not a disagreement
// a program would act on. With equivalence "meaning" (the default), every comparison of compare
// (the agreement matrix, the classes, the jsonl `differ`) takes each value through meaningOf first,
// which forgives exactly what FORGIVEN lists: the equivalences of RFC 3986 section 6.2.2 (case,
// percent-encoding) and 6.2.3 (scheme-based: a default port, an empty path), decoded userinfo, and
// a host by meaning (hostMeaning: case, IDNA, IPv4 and IPv6 spellings, a trailing dot).
// It forgives nothing else: a character one parser percent-encodes and another leaves raw (a space,
// a quote, a non-ASCII letter) is not a URI in RFC 3986 and stays a difference, and so do dot
// segments (section 6.2.2.3 would remove them, but a server given "/a/../b" may act on it: that is
// the path-traversal family). The values shown are always the parser's own; only the comparison
// goes through meaningOf.

import { defaultPort, isSpecialScheme, parseHost, serializeHost } from 'url-grammar';

/** How answers are compared: by what they mean (FORGIVEN forgiven), or as exact text. */
export type Equivalence = 'meaning' | 'exact';

export const EQUIVALENCES: readonly Equivalence[] = ['meaning', 'exact'];

/** What equivalence "meaning" forgives, each with the rule it comes from; the reports list them. */
export const FORGIVEN: ReadonlyArray<{ id: string; text: string }> = [
  { id: 'case', text: 'the case of the scheme and of percent-encoding hex digits (%2f is %2F; RFC 3986 6.2.2.1)' },
  { id: 'unreserved', text: 'a percent-encoded unreserved character (%41 is A, %7E is ~; RFC 3986 6.2.2.2)' },
  { id: 'empty-path', text: 'an empty path of a URL with a host and a special scheme, which is "/" (http://h is http://h/; RFC 3986 6.2.3)' },
  { id: 'default-port', text: "an explicit default port or an empty one (http://h:80/ and http://h:/ are http://h/; RFC 3986 6.2.3), and a port's leading zeros (0443 is 443)" },
  { id: 'userinfo', text: 'decoded userinfo: the username and password are compared percent-decoded (pa%40ss is pa@ss), what a program sends as credentials' },
  { id: 'host', text: 'a host by meaning: case, IDNA (Unicode or Punycode), IPv4 and IPv6 spellings and a trailing dot (as the host classes compare hosts)' },
];

const UNRESERVED = /[A-Za-z0-9\-._~]/;

const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** %XX triplets with their hex digits uppercased, and those of an unreserved character decoded (RFC 3986 6.2.2.1, 6.2.2.2). */
export function percentNormal(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && isHex(s[i + 1]) && isHex(s[i + 2])) {
      const ch = String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(ch) ? ch : `%${s.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

const utf8 = new TextDecoder('utf-8');

/** Every %XX triplet decoded, the bytes read as UTF-8 (a malformed sequence as U+FFFD): userinfo as a program sends it. */
export function percentDecoded(s: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(s)) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && isHex(s[i + 1]) && isHex(s[i + 2])) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(s[i], 'utf8')) bytes.push(b);
    }
  }
  return utf8.decode(Uint8Array.from(bytes));
}

/** A scheme ("https:" or "https") lowercased, without its colon. */
const schemeOf = (protocol: string | null): string => (protocol ?? '').replace(/:$/, '').toLowerCase();

/** A port by meaning for `scheme`: "" for none, an empty one or the scheme's default; else its number in decimal. */
export function portMeaning(port: string, scheme: string): string {
  if (port === '') return '';
  if (!/^[0-9]+$/.test(port)) return port;
  const n = port.replace(/^0+(?=[0-9])/, '');
  const d = defaultPort(scheme);
  return d !== null && n === String(d) ? '' : n;
}

/** A path by meaning: percent-normalised, and "/" for an empty path of a URL with a host and a special scheme. */
export function pathMeaning(path: string, scheme: string, hasHost: boolean): string {
  const p = percentNormal(path);
  return p === '' && hasHost && isSpecialScheme(scheme) ? '/' : p;
}

/**
 * A host as a resolver would take it, as one key: two hostnames with the same key name the same
 * host. The host parser of a special URL decides (ASCII lowercase, percent-decoding, IDNA, IPv4 in
 * any of its spellings, IPv6 compression), after one trailing dot is stripped (a resolver treats
 * "example.com." and "example.com" alike). An IPv6 address without its brackets (as some parsers
 * give a hostname) is read with them. A hostname the host parser rejects keys as its own text, so
 * it only matches itself; the key of such a text starts with U+0000, which no parsed host holds.
 */
export function hostMeaning(hostname: string): string {
  let h = hostname;
  if (h.length > 1 && h.endsWith('.') && !h.startsWith('[')) h = h.slice(0, -1);
  if (h.includes(':') && !h.startsWith('[')) h = `[${h}]`;
  const host = h === '' ? null : parseHost(h);
  return host === null ? `\0${hostname}` : serializeHost(host);
}

/**
 * An href (or an origin) by meaning: split as RFC 3986 Appendix B splits a URI reference (so any
 * parser's href can be read), then each part as meaningOf takes its component. A string with no
 * scheme is only percent-normalised.
 */
export function hrefMeaning(href: string): string {
  const m = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/.exec(href);
  if (!m || m[1] === undefined) return percentNormal(href);
  const scheme = m[1].toLowerCase();
  let out = `${scheme}:`;
  const authority = m[2];
  if (authority !== undefined) {
    const at = authority.lastIndexOf('@');
    const userinfo = at === -1 ? null : authority.slice(0, at);
    const hostport = authority.slice(at + 1);
    // the port is after the last ":" that is not inside an IPv6 literal's brackets
    const close = hostport.lastIndexOf(']');
    const colon = hostport.lastIndexOf(':');
    const hasPort = colon > close;
    const host = hasPort ? hostport.slice(0, colon) : hostport;
    const port = hasPort ? portMeaning(hostport.slice(colon + 1), scheme) : '';
    out += '//';
    if (userinfo !== null && userinfo !== '' && userinfo !== ':') {
      const c = userinfo.indexOf(':');
      const user = percentDecoded(c === -1 ? userinfo : userinfo.slice(0, c));
      const pass = c === -1 ? '' : percentDecoded(userinfo.slice(c + 1));
      out += `${JSON.stringify(user)}:${JSON.stringify(pass)}@`;
    }
    out += host === '' ? '' : hostMeaning(host);
    if (port !== '') out += `:${port}`;
  }
  out += pathMeaning(m[3], scheme, authority !== undefined && authority !== '');
  if (m[4] !== undefined) out += `?${percentNormal(m[4])}`;
  if (m[5] !== undefined) out += `#${percentNormal(m[5])}`;
  return out;
}

/** The components meaningOf reads: an answer's getters (a type, not an interface, so that it reads as a Record). */
export type Getters = {
  href: string;
  origin?: string | null;
  protocol: string | null;
  username: string | null;
  password: string | null;
  host: string | null;
  hostname: string | null;
  port: string | null;
  pathname: string | null;
  search: string | null;
  hash: string | null;
};

/** A component of an answer by meaning (null where the answer does not give it): what equivalence "meaning" compares. */
export function meaningOf(component: string, r: Getters): string | null {
  const scheme = schemeOf(r.protocol);
  switch (component) {
    case 'href':
      return hrefMeaning(r.href);
    case 'origin':
      return r.origin === undefined || r.origin === null ? null : r.origin === 'null' ? 'null' : hrefMeaning(r.origin);
    case 'protocol':
      return r.protocol === null ? null : r.protocol.toLowerCase();
    case 'username':
    case 'password': {
      const v = r[component];
      return v === null ? null : percentDecoded(v);
    }
    case 'hostname':
      return r.hostname === null ? null : r.hostname === '' ? '' : hostMeaning(r.hostname);
    case 'host': {
      if (r.host === null) return null;
      if (r.hostname !== null && r.port !== null) {
        const port = portMeaning(r.port, scheme);
        return `${r.hostname === '' ? '' : hostMeaning(r.hostname)}${port === '' ? '' : `:${port}`}`;
      }
      return r.host;
    }
    case 'port':
      return r.port === null ? null : portMeaning(r.port, scheme);
    case 'pathname': {
      if (r.pathname === null) return null;
      const hasHost = r.hostname !== null ? r.hostname !== '' : r.host !== null && r.host !== '';
      return pathMeaning(r.pathname, scheme, hasHost);
    }
    case 'search':
    case 'hash': {
      const v = r[component];
      return v === null ? null : percentNormal(v);
    }
    default:
      return null;
  }
}
