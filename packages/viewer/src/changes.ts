// "What the parser did": each change from the input to the href, said in words, from the semantic
// pass's own record of its changes (parseWithDiagnostics with `changes: true`; the core's
// src/semantic/changes.ts). Each change names the state and the algorithm that made it, as the
// pass recorded them, with a link into url.bs at the commit url-grammar implements (the core's
// reportedBy and specLink). Nothing here decides what changed: a domain the domain parser rewrote
// is followed into UTS #46 (./idna.ts), which only says why.

import { reportedBy, specLink, type ParserChange, type URLRecord, type ValidationError } from 'url-grammar';
import { codePointName } from './dom';
import { explainDomain, UTS46 } from './idna';

export interface Change {
  /** The step's anchor in url.bs (or, for UTS #46, its anchor there). */
  anchor: string;
  /** Where the link goes: url.bs at the pinned commit, or UTS #46. */
  href: string;
  /** The standard the anchor is in. */
  spec: 'url' | 'uts46';
  /** Where it was made, as url.bs names it ("the path state", "the domain parser, called by the host state"). */
  step: string;
  /** What changed, in words. */
  what: string;
  /** The change's span in the input ([start, end) code units); -1 when it has none (taken from the base). */
  start: number;
  end: number;
  /** Changes with the same key are the same change at other places: they are grouped. */
  key: string;
}

/** A code point as a reader can tell it: printable ASCII quoted, anything else by its number too. */
const show = (c: string) => (/^[\x21-\x7e]$/.test(c) ? JSON.stringify(c) : `${codePointName(c.codePointAt(0)!)}${/\p{L}|\p{N}|\p{S}|\p{P}/u.test(c) ? ` ${JSON.stringify(c)}` : ''}`);
const q = (s: string) => JSON.stringify(s);

/** A change of the pass, in words. */
function words(c: ParserChange): string {
  switch (c.kind) {
    case 'removed':
      if (c.detail === 'ASCII tab or newline') return `${show(c.from)} (an ASCII tab or newline) is removed`;
      if (c.detail === 'localhost') return `the host ${q(c.from)} of a file URL is localhost: the host is the empty host`;
      if (c.detail === 'no credentials') return `the credentials are empty: they and their "@" are not written (${q(c.from)})`;
      if (c.detail === 'an empty password') return `the password is empty: it and its ":" are not written (${q(c.from)})`;
      if (c.detail === 'the default port') return `${q(c.from.slice(1))} is the default port of the scheme: the port is null and ${q(c.from)} is not written`;
      if (c.detail === 'an empty port') return 'the port is empty: the ":" is not written';
      return `${q(c.from)} is removed${c.detail ? ` (${c.detail})` : ''}`;
    case 'lower-cased':
      return `${q(c.from)} is lower-cased: ${q(c.to)}`;
    case 'percent-encoded':
      return `${show(c.from)} is percent-encoded as ${c.to}${c.detail ? ` (it is in the ${c.detail})` : ''}`;
    case 'percent-decoded':
      return `${q(c.from)} is percent-decoded: ${q(c.to)}`;
    case 'rewritten':
      if (c.detail === 'domain to ASCII') return `the domain ${q(c.from)} is written ${q(c.to)}`;
      if (c.detail === 'a hexadecimal IPv4 number') return `${q(c.from)} starts with "0x": the IPv4 number parser reads it in hexadecimal, as ${c.to}`;
      if (c.detail === 'an octal IPv4 number') return `${q(c.from)} starts with "0": the IPv4 number parser reads it in octal, as ${c.to}`;
      if (c.detail === 'an IPv4 address') return `the host ${q(c.from)} ends in a number: it is an IPv4 address, written as four decimal numbers: ${q(c.to)}`;
      if (c.detail === 'an IPv6 address') return `the IPv6 address ${q(c.from)} is written in its shortest form: ${q(c.to)}`;
      return `${q(c.from)} is written ${q(c.to)}${c.detail ? ` (${c.detail})` : ''}`;
    case 'added':
      return `${q(c.to)} is written, which the input does not have${c.detail ? ` (${c.detail})` : ''}`;
    case 'from-base':
      return `the ${c.detail ?? 'component'} ${q(c.to)} is the base URL's`;
    case 'shortened':
      if (c.start === -1) return `the base URL's last path segment ${q(c.from)} is removed`;
      if (c.detail === 'nothing left to remove') return 'a double-dot segment: the path has no segment left to remove, so it removes nothing';
      return `a double-dot segment removes the path's last segment ${q(c.from)}`;
  }
}

/** The UTS #46 steps behind a domain the domain parser rewrote (what they did, not what they found wrong). */
function domainSteps(c: ParserChange, out: Change[]): void {
  // The input's span holds the domain as it is (no tab, no percent-encoded byte: either would
  // make the span longer) when the two are as long: then a code point's change gets its own span.
  const asWritten = c.end - c.start === c.from.length;
  for (const f of explainDomain(c.from)) {
    if (f.error) continue;
    const at = asWritten && f.codePoint !== undefined ? c.from.indexOf(String.fromCodePoint(f.codePoint)) : -1;
    const [start, end] = at === -1 ? [c.start, c.end] : [c.start + at, c.start + at + String.fromCodePoint(f.codePoint!).length];
    out.push({ anchor: `${UTS46}${f.anchor}`, href: `${UTS46}${f.anchor}`, spec: 'uts46', step: `UTS #46 ${f.step}`, what: f.text, start, end, key: `uts46 ${f.step} ${f.text}` });
  }
}

/**
 * The changes from the input to the href, in words: what came from the base first, the rest in
 * input order. `changes` is parseWithDiagnostics's record (spans in the original input); none
 * when the input does not parse.
 */
export function whatTheParserDid(changes: readonly ParserChange[] | null | undefined, url: URLRecord | null): Change[] {
  const out: Change[] = [];
  if (!url || !changes) return out;
  for (const c of changes) {
    const by = reportedBy(c);
    const what = words(c);
    out.push({ anchor: by.anchor, href: specLink(by.anchor), spec: 'url', step: by.text.replace(/^the /, ''), what, start: c.start, end: c.end, key: `${by.anchor} ${c.state} ${what}` });
    if (c.kind === 'rewritten' && c.step === 'concept-domain-to-ascii') domainSteps(c, out);
  }
  // a stable sort keeps each step's order
  return out.sort((a, b) => (a.start === -1 || b.start === -1 ? (a.start === -1 ? 0 : 1) - (b.start === -1 ? 0 : 1) : a.start - b.start));
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

/** Errors of one type, failure and message reported by one state and algorithm, with where they were reported. */
export interface ErrorGroup {
  errors: ValidationError[];
  /** Where the pass reported them (the core's reportedBy), and its link into url.bs at the pinned commit. */
  by: { text: string; anchor: string; href: string };
}

/**
 * Identical errors together, in the order each first appears: of one type, failure and message,
 * and reported in one state by one algorithm (errors of one type reported in two states are two
 * groups, each naming its state).
 */
export function errorGroups(errors: readonly ValidationError[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const e of errors) {
    const key = `${e.type} ${e.failure} ${e.message} ${e.state} ${e.step}`;
    const g = groups.get(key);
    if (g) g.errors.push(e);
    else {
      const by = reportedBy(e);
      groups.set(key, { errors: [e], by: { ...by, href: specLink(by.anchor) } });
    }
  }
  return [...groups.values()];
}
