// "What the parser did": each change from the input to the href, with the step of the URL
// Standard that made it. The core gives the record (each component's span in the input), the URL
// record and the validation errors; this module lines each component of the input up with what
// the serializer wrote for it and names the step: the basic URL parser's preprocessing, the
// scheme, authority, host, port, path, query and fragment states, the host parser and the IPv4
// and IPv6 parsers and serializers. For a domain it adds the UTS #46 steps (./idna.ts).

import { isDoubleDotSegment, isSingleDotSegment, isSpecialScheme, isWindowsDriveLetter, serializeHost, type IntermediateRecord, type Span, type URLRecord, type ValidationError } from 'url-grammar';
import { explainDomain, UTS46 } from './idna';

/** The standard's text these steps follow (README: the core matches whatwg/url at this commit). */
export const SPEC_COMMIT = '9dc3827';

export interface Change {
  /** The step's anchor in the URL Standard (or, for UTS #46, its anchor there). */
  anchor: string;
  /** The standard the anchor is in. */
  spec: 'url' | 'uts46';
  /** The step's name, as the standard titles it. */
  step: string;
  /** What changed, in words. */
  what: string;
  /** The change's span in the input ([start, end) code units); -1 when it has none (taken from the base). */
  start: number;
  end: number;
  /** Changes with the same key are the same change at other places: they are grouped. */
  key: string;
}

const U = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
const show = (c: string) => (/^[\x21-\x7e]$/.test(c) ? JSON.stringify(c) : `${U(c.codePointAt(0)!)}${/\p{L}|\p{N}|\p{S}|\p{P}/u.test(c) ? ` ${JSON.stringify(c)}` : ''}`);

/** The positions in the input of each code unit of a span's text (tabs and newlines, which preprocessing removed, skipped). */
function positions(input: string, span: Span): number[] {
  const at: number[] = [];
  for (let i = span.start; i < span.end; i++) if (!/[\t\n\r]/.test(input[i])) at.push(i);
  return at;
}

const UTF8 = new TextEncoder();

/**
 * Lines the text of a span up with what was written for it, and reports each code point that
 * was percent-encoded or lower-cased; anything else makes one change for the rest ("rewritten").
 */
function compareText(input: string, span: Span, written: string, step: { anchor: string; step: string; set: string }, out: Change[], lowerCase = false): void {
  const at = positions(input, span);
  const text = span.text;
  let i = 0;
  let j = 0;
  // A run of upper-case letters is one change.
  let upper = -1;
  const endRun = (to: number) => {
    if (upper === -1) return;
    const from = upper;
    upper = -1;
    const run = text.slice(from, to);
    out.push({ ...base(step), what: `${JSON.stringify(run)} is lower-cased: ${JSON.stringify(run.toLowerCase())}`, start: at[from], end: at[to - 1] + 1, key: `${step.anchor} lower` });
  };
  while (i < text.length) {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    const start = at[i] ?? span.end;
    const end = at[i + c.length - 1] + 1 || span.end;
    if (written.startsWith(c, j)) {
      endRun(i);
      i += c.length;
      j += c.length;
      continue;
    }
    if (lowerCase && written.startsWith(c.toLowerCase(), j)) {
      if (upper === -1) upper = i;
      i += c.length;
      j += c.toLowerCase().length;
      continue;
    }
    endRun(i);
    if (written[j] === '%' && c !== '%') {
      // The bytes of the code point: its UTF-8 (the query's encoding may make others: then the
      // run of percent-encoded bytes is taken as this code point's).
      const bytes = UTF8.encode(c.toWellFormed()).length;
      let k = j;
      const expected = /^(?:%[0-9A-F]{2})+/.exec(written.slice(j))?.[0] ?? '';
      k += Math.min(expected.length, bytes * 3);
      const encoded = written.slice(j, k);
      out.push({ ...base(step), what: `${show(c)} is percent-encoded as ${encoded} (it is in the ${step.set})`, start, end, key: `${step.anchor} encode ${c}` });
      i += c.length;
      j = k;
      continue;
    }
    out.push({ ...base(step), what: `${JSON.stringify(text.slice(i))} is written ${JSON.stringify(written.slice(j))}`, start, end: span.end, key: `${step.anchor} rewrite ${start}` });
    return;
  }
  endRun(i);
}

function base(step: { anchor: string; step: string }): Pick<Change, 'anchor' | 'spec' | 'step'> {
  return { anchor: step.anchor, spec: 'url', step: step.step };
}

const PATH_STATE = { anchor: 'path-state', step: 'path state', set: 'path percent-encode set' };

/** The IPv4 parser's reading of each part of a host that ends in a number. */
function ipv4Parts(text: string): string {
  const parts = text.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  const said = parts.map((p, i) => {
    const radix = /^0x/i.test(p) ? 'hexadecimal' : p.length > 1 && p.startsWith('0') ? 'octal' : 'decimal';
    const last = i === parts.length - 1;
    const bits = last ? 8 * (5 - parts.length) : 8;
    return `${JSON.stringify(p)} is ${radix}${last && parts.length < 4 ? `, the last part: a ${bits}-bit number` : ''}`;
  });
  return said.join('; ');
}

export interface ChangeInput {
  input: string;
  record: IntermediateRecord | null;
  url: URLRecord | null;
  /** Whether a base URL was given. */
  hasBase: boolean;
}

/** The changes from the input to the href, in input order. */
export function whatTheParserDid({ input, record, url, hasBase }: ChangeInput): Change[] {
  const out: Change[] = [];
  if (!record || !url) return out;
  const basic = { anchor: 'concept-basic-url-parser', step: 'basic URL parser' };
  // Preprocessing.
  const leading = /^[\u0000-\u0020]*/.exec(input)![0].length;
  const trailing = leading === input.length ? 0 : /[\u0000-\u0020]*$/.exec(input)![0].length;
  if (leading) out.push({ ...base(basic), what: `the leading C0 control or space (${leading}) is removed`, start: 0, end: leading, key: 'trim leading' });
  if (trailing) out.push({ ...base(basic), what: `the trailing C0 control or space (${trailing}) is removed`, start: input.length - trailing, end: input.length, key: 'trim trailing' });
  for (let i = leading; i < input.length - trailing; i++) {
    if (/[\t\n\r]/.test(input[i])) out.push({ ...base(basic), what: `${show(input[i])} (${input[i] === '\t' ? 'a tab' : 'a newline'}) is removed`, start: i, end: i + 1, key: `remove ${input[i]}` });
  }
  const special = isSpecialScheme(url.scheme);
  // Scheme.
  if (record.scheme) {
    if (record.scheme.text !== url.scheme) compareText(input, record.scheme, url.scheme, { anchor: 'scheme-state', step: 'scheme state', set: '' }, out, true);
  } else if (hasBase) out.push({ anchor: 'relative-state', spec: 'url', step: 'relative state', what: `the scheme "${url.scheme}" is the base URL's`, start: -1, end: -1, key: 'base scheme' });
  // Slashes.
  const s = record.slashes;
  if (s && special && s.text.includes('\\')) out.push({ anchor: 'special-authority-ignore-slashes-state', spec: 'url', step: 'special authority ignore slashes state', what: `${JSON.stringify(s.text)} is read as "//": a "\\" is a "/" in a special URL`, start: s.start, end: s.end, key: `slashes ${s.text}` });
  else if (s && special && url.scheme !== 'file' && s.text !== '//') out.push({ anchor: 'special-authority-ignore-slashes-state', spec: 'url', step: 'special authority ignore slashes state', what: `${JSON.stringify(s.text)} is written "//"`, start: s.start, end: s.end, key: `slashes ${s.text}` });
  else if (!s && record.scheme && url.host !== null && special) {
    const at = record.scheme.end + 1;
    out.push({ anchor: 'special-authority-slashes-state', spec: 'url', step: 'special authority slashes state', what: '"//" is written after the scheme (the input has none)', start: at, end: at, key: 'slashes added' });
  }
  // Credentials.
  const userinfo = { anchor: 'authority-state', step: 'authority state', set: 'userinfo percent-encode set' };
  if (record.username) compareText(input, record.username, url.username, userinfo, out);
  if (record.password) compareText(input, record.password, url.password, userinfo, out);
  if (record.userinfo && url.username === '' && url.password === '') out.push({ anchor: 'url-serializing', spec: 'url', step: 'URL serializer', what: 'the credentials are empty: they and their "@" are not written', start: record.userinfo.start, end: record.userinfo.end + 1, key: 'empty credentials' });
  else if (record.password && url.password === '') out.push({ anchor: 'url-serializing', spec: 'url', step: 'URL serializer', what: 'the password is empty: it and its ":" are not written', start: record.password.start - 1, end: record.password.end, key: 'empty password' });
  // Host.
  const h = record.host;
  if (h && url.host !== null) {
    const written = serializeHost(url.host);
    if (typeof url.host === 'number') {
      out.push({ anchor: 'concept-ipv4-parser', spec: 'url', step: 'IPv4 parser', what: `the host ends in a number, so it is an IPv4 address: ${ipv4Parts(h.text)}; it is the number ${url.host}`, start: h.start, end: h.end, key: 'ipv4' });
      if (written !== h.text) out.push({ anchor: 'concept-ipv4-serializer', spec: 'url', step: 'IPv4 serializer', what: `the address is written as four decimal parts: ${written}`, start: h.start, end: h.end, key: 'ipv4 serialize' });
    } else if (Array.isArray(url.host)) {
      if (written !== h.text) out.push({ anchor: 'concept-ipv6-serializer', spec: 'url', step: 'IPv6 serializer', what: `the IPv6 address ${h.text} is written in its shortest form, ${written} (lower-case hexadecimal, no leading zeros, the longest run of zero pieces compressed${h.text.includes('.') ? ', the embedded IPv4 part as two pieces' : ''})`, start: h.start, end: h.end, key: 'ipv6' });
    } else if (!special) {
      if (written !== h.text) compareText(input, h, written, { anchor: 'concept-opaque-host-parser', step: 'opaque-host parser', set: 'C0 control percent-encode set' }, out);
    } else if (written === '' && h.text !== '') {
      out.push({ anchor: 'file-host-state', spec: 'url', step: 'file host state', what: `the host ${JSON.stringify(h.text)} of a file URL is localhost: it becomes the empty host`, start: h.start, end: h.end, key: 'localhost' });
    } else if (written !== h.text) {
      let domain = h.text;
      if (/%[0-9A-Fa-f]{2}/.test(domain)) {
        const decoded = new TextDecoder().decode(percentDecode(domain));
        out.push({ anchor: 'concept-host-parser', spec: 'url', step: 'host parser', what: `the host is percent-decoded: ${JSON.stringify(decoded)}`, start: h.start, end: h.end, key: 'host decode' });
        domain = decoded;
      }
      if (!/[^\x00-\x7F]/.test(domain) && !/(?:^|\.)xn--/i.test(domain)) {
        if (domain.toLowerCase() === written) compareText(input, { ...h, text: domain }, written, { anchor: 'concept-domain-to-ascii', step: 'domain to ASCII', set: '' }, out, true);
      } else {
        for (const f of explainDomain(domain)) {
          if (f.error) continue;
          // A change of one code point gets that code point's span when the host is written as it is.
          const cpAt = f.codePoint !== undefined && domain === h.text ? h.text.indexOf(String.fromCodePoint(f.codePoint)) : -1;
          const start = cpAt >= 0 ? positions(input, h)[cpAt] : h.start;
          const end = cpAt >= 0 ? start + String.fromCodePoint(f.codePoint!).length : h.end;
          out.push({ anchor: `${UTS46}${f.anchor}`, spec: 'uts46', step: `UTS #46 ${f.step}`, what: f.text, start, end, key: `idna ${f.text}` });
        }
      }
    }
  } else if (url.host !== null && !h && hasBase) out.push({ anchor: 'relative-state', spec: 'url', step: 'relative state', what: `the host "${serializeHost(url.host)}" is the base URL's`, start: -1, end: -1, key: 'base host' });
  // Port.
  const p = record.port;
  if (p) {
    if (url.port === null && p.text !== '') out.push({ anchor: 'port-state', spec: 'url', step: 'port state', what: `${p.text} is the default port of ${url.scheme}: the port becomes null and is not written`, start: p.start - 1, end: p.end, key: 'default port' });
    else if (url.port === null) out.push({ anchor: 'port-state', spec: 'url', step: 'port state', what: 'the port is empty: the ":" is not written', start: p.start - 1, end: p.end, key: 'empty port' });
    else if (String(url.port) !== p.text) out.push({ anchor: 'port-state', spec: 'url', step: 'port state', what: `${JSON.stringify(p.text)} is the number ${url.port}`, start: p.start, end: p.end, key: 'port number' });
  }
  // Path.
  if (record.opaquePath && typeof url.path === 'string') {
    const opaque = { anchor: 'cannot-be-a-base-url-path-state', step: 'opaque path state', set: 'C0 control percent-encode set' };
    compareText(input, record.opaquePath, url.path, opaque, out);
  } else if (Array.isArray(url.path)) {
    const kept: Span[] = [];
    let previous = record.slashes?.end ?? record.host?.end ?? record.scheme?.end ?? 0;
    record.path.forEach((segment, index) => {
      const between = input.slice(previous, segment.start);
      if (special && between.includes('\\')) out.push({ anchor: 'path-state', spec: 'url', step: 'path state', what: '"\\" is read as "/": a "\\" is a "/" in a special URL', start: previous + between.indexOf('\\'), end: previous + between.indexOf('\\') + 1, key: 'backslash' });
      previous = segment.end;
      if (isDoubleDotSegment(segment.text)) {
        const gone = kept.pop();
        out.push({ anchor: 'double-dot-path-segment', spec: 'url', step: 'path state (double-dot segment)', what: gone ? `segment ${index} ${JSON.stringify(segment.text)} removes segment ${JSON.stringify(gone.text)} and itself` : `segment ${index} ${JSON.stringify(segment.text)} is removed, with ${hasBase ? "the last segment of the base URL's path, if there is one" : 'nothing before it (the path is at its root)'}`, start: segment.start, end: segment.end, key: `double-dot ${segment.start}` });
      } else if (isSingleDotSegment(segment.text)) {
        out.push({ anchor: 'single-dot-path-segment', spec: 'url', step: 'path state (single-dot segment)', what: `segment ${index} ${JSON.stringify(segment.text)} is removed`, start: segment.start, end: segment.end, key: 'single-dot' });
      } else kept.push(segment);
    });
    // The segments kept are the last ones of the path (a base URL's come before them).
    const written = url.path as string[];
    const offset = written.length - kept.length;
    kept.forEach((segment, i) => {
      const w = written[offset + i];
      if (w === undefined || w === segment.text) return;
      if (url.scheme === 'file' && isWindowsDriveLetter(segment.text) && w === `${segment.text[0]}:`) {
        const bar = positions(input, segment)[1];
        out.push({ anchor: 'path-state', spec: 'url', step: 'path state', what: `${JSON.stringify(segment.text)} is a Windows drive letter: its "|" becomes ":"`, start: bar, end: bar + 1, key: 'drive letter' });
        return;
      }
      compareText(input, segment, w, PATH_STATE, out);
    });
    if (record.path.length === 0 && special && written.length === 1 && written[0] === '') {
      const at = record.host ? record.host.end + (record.port ? record.port.end - record.host.end + 0 : 0) : input.length;
      out.push({ anchor: 'path-start-state', spec: 'url', step: 'path start state', what: 'the path is empty: a special URL gets the path "/"', start: at, end: at, key: 'empty path' });
    }
  }
  // Query and fragment.
  const q = record.query;
  if (q && url.query !== null && url.query !== q.text) compareText(input, q, url.query, { anchor: 'query-state', step: 'query state', set: special ? 'special-query percent-encode set (after encoding with the encoding)' : 'query percent-encode set (after encoding with the encoding)' }, out);
  const f = record.fragment;
  if (f && url.fragment !== null && url.fragment !== f.text) compareText(input, f, url.fragment, { anchor: 'fragment-state', step: 'fragment state', set: 'fragment percent-encode set' }, out);
  // What came from the base first; the rest in input order (a stable sort keeps each step's order).
  return out.sort((a, b) => (a.start === -1 || b.start === -1 ? (a.start === -1 ? 0 : 1) - (b.start === -1 ? 0 : 1) : a.start - b.start));
}

function percentDecode(text: string): Uint8Array {
  const bytes: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < text.length; ) {
    if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const c = String.fromCodePoint(text.codePointAt(i)!);
      for (const b of utf8.encode(c)) bytes.push(b);
      i += c.length;
    }
  }
  return Uint8Array.from(bytes);
}

/** Identical changes (the same key) at their places: the first change, and each one's [start, end). */
export interface ChangeGroup {
  change: Change;
  starts: number[];
  ends: number[];
}

/** Changes grouped by key, in the order of each group's first change. (Numbers, not 25,000 objects: a group crosses from the worker cheaply.) */
export function groupChanges(changes: Change[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const c of changes) {
    const g = groups.get(c.key);
    if (g) {
      g.starts.push(c.start);
      g.ends.push(c.end);
    } else groups.set(c.key, { change: c, starts: [c.start], ends: [c.end] });
  }
  return [...groups.values()];
}

/** The step of the standard that reports an error: the state or algorithm it is met in. */
export function errorStep(e: ValidationError, record: IntermediateRecord | null): { anchor: string; name: string } {
  const inSpan = (s: Span | null | undefined) => !!s && e.start >= s.start && e.start <= s.end;
  switch (e.type) {
    case 'domain-to-ASCII':
      return { anchor: 'concept-domain-to-ascii', name: 'domain to ASCII' };
    case 'domain-percent-encoded':
    case 'IPv4-non-ASCII-input':
      return { anchor: 'concept-host-parser', name: 'host parser' };
    case 'host-invalid-code-point':
      return { anchor: 'concept-opaque-host-parser', name: 'opaque-host parser' };
    case 'special-scheme-missing-following-solidus':
      return { anchor: 'scheme-state', name: 'scheme state' };
    case 'missing-scheme-non-relative-URL':
      return { anchor: 'no-scheme-state', name: 'no scheme state' };
    case 'invalid-credentials':
      return { anchor: 'authority-state', name: 'authority state' };
    case 'host-missing':
      return { anchor: 'host-state', name: 'host state' };
    case 'port-out-of-range':
    case 'port-invalid':
      return { anchor: 'port-state', name: 'port state' };
    case 'file-invalid-Windows-drive-letter':
      return { anchor: 'file-state', name: 'file state' };
    case 'file-invalid-Windows-drive-letter-host':
      return { anchor: 'file-host-state', name: 'file host state' };
    default:
      break;
  }
  if (e.type.startsWith('IPv4-in-IPv6') || e.type.startsWith('IPv6')) return { anchor: 'concept-ipv6-parser', name: 'IPv6 parser' };
  if (e.type.startsWith('IPv4')) return { anchor: 'concept-ipv4-parser', name: 'IPv4 parser' };
  // invalid-URL-unit and invalid-reverse-solidus: the state of the component the error is in.
  if (record) {
    if (inSpan(record.fragment)) return { anchor: 'fragment-state', name: 'fragment state' };
    if (inSpan(record.query)) return { anchor: 'query-state', name: 'query state' };
    if (inSpan(record.opaquePath)) return { anchor: 'cannot-be-a-base-url-path-state', name: 'opaque path state' };
    if (record.path.some(inSpan)) return { anchor: 'path-state', name: 'path state' };
    if (inSpan(record.userinfo)) return { anchor: 'authority-state', name: 'authority state' };
    if (inSpan(record.slashes)) return { anchor: 'special-authority-ignore-slashes-state', name: 'special authority ignore slashes state' };
  }
  if (e.type === 'invalid-reverse-solidus') return { anchor: 'path-state', name: 'path state' };
  return { anchor: 'concept-basic-url-parser', name: 'basic URL parser' };
}
