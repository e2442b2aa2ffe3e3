// A host's public suffix and registrable domain: https://url.spec.whatwg.org/#host-miscellaneous
//
// The rules come from the Public Suffix List. The core does not carry it (the list and its
// matcher are megabytes: tldts, which republishes the list every week, installs 3.7 MB): the first
// call looks for `tldts`, an optional peer dependency (`npm install tldts`), and a program may
// instead supply any list with `configurePublicSuffixList` (a bundle for browsers, a pinned copy).
// Without either, these functions throw an Error with code ERR_URL_GRAMMAR_NO_PUBLIC_SUFFIX_LIST:
// a missing list is a fault of the installation, never an answer about a host.
//
// tldts answers "which rule prevails" for a run of non-empty labels; the parts of the standard's
// algorithm around that question are done here, because tldts's own defaults differ from the
// standard: it leaves out the list's private section unless asked, it drops a trailing dot
// instead of keeping it, and it treats empty labels its own way.

import { parseHost, type Host } from '../semantic/host';

/**
 * Answers "the public suffix of this domain" by the Public Suffix List, both of its sections: the
 * labels that the prevailing rule covers (`"co.uk"` for `"a.b.co.uk"`), or null when no rule
 * matches. `domain` is ASCII, lowercase, with no empty label and no trailing dot.
 */
export type PublicSuffixLookup = (domain: string) => string | null;

/** The error code of a call that had no Public Suffix List to consult. */
export const NO_PUBLIC_SUFFIX_LIST = 'ERR_URL_GRAMMAR_NO_PUBLIC_SUFFIX_LIST';

/**
 * What the host functions of this module accept:
 * - a host as a URL record holds it: a domain (an ASCII string), an IPv4 address (a number), an
 *   IPv6 address (an array of 8 pieces) or an opaque host (a string: pass `{ opaque: true }`,
 *   since a record does not say which kind its string host is; its URL's scheme does);
 * - for convenience, any other string, which is run through the host parser first (as the host
 *   of a special URL: `"EXAMPLE.COM"` becomes `"example.com"`, `"إختبار"` becomes
 *   `"xn--kgbechtv"`, `"[::1]"` an IPv6 address). A domain that a record holds comes out of the
 *   host parser unchanged, so the two readings agree on it. A string that does not host-parse is
 *   not a host.
 */
export type HostInput = Host;

export interface HostOptions {
  /** The string is an opaque host (the host of a URL whose scheme is not special). */
  opaque?: boolean;
}

/** tldts's options that give the standard's reading: both sections, no extraction or checks. */
const TLDTS_OPTIONS = {
  allowIcannDomains: true,
  allowPrivateDomains: true,
  detectIp: false,
  extractHostname: false,
  mixedInputs: false,
  validateHostname: false,
  validHosts: null,
} as const;

/** The lookup in use: undefined until the first call looks for tldts; null when there is none. */
let lookupInUse: PublicSuffixLookup | null | undefined;

/** tldts's getPublicSuffix, when the package is installed (it is an optional peer dependency). */
function tldtsLookup(): PublicSuffixLookup | null {
  let tldts: { getPublicSuffix(domain: string, options: typeof TLDTS_OPTIONS): string | null };
  try {
    // loaded on first use: a program that never asks for a public suffix never loads the list
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    tldts = require('tldts');
  } catch {
    return null;
  }
  return typeof tldts?.getPublicSuffix === 'function' ? (domain) => tldts.getPublicSuffix(domain, TLDTS_OPTIONS) : null;
}

/**
 * Supplies the Public Suffix List that hostPublicSuffix, hostRegistrableDomain and renderURL
 * consult: a function from a domain to its public suffix (see PublicSuffixLookup). `null` takes
 * the list away again; `undefined` goes back to looking for tldts on the next call.
 */
export function configurePublicSuffixList(lookup: PublicSuffixLookup | null | undefined): void {
  if (lookup !== null && lookup !== undefined && typeof lookup !== 'function') {
    throw new TypeError(`configurePublicSuffixList: the list must be a function (domain) => suffix, null or undefined, got ${typeof lookup}`);
  }
  lookupInUse = lookup;
}

/** Whether a Public Suffix List is at hand (supplied, or tldts installed). */
export function hasPublicSuffixList(): boolean {
  if (lookupInUse === undefined) lookupInUse = tldtsLookup();
  return lookupInUse !== null;
}

function publicSuffixLookup(): PublicSuffixLookup {
  if (!hasPublicSuffixList()) {
    const e = new Error(
      'url-grammar has no Public Suffix List: install the optional peer dependency tldts (npm install tldts), or supply a list with configurePublicSuffixList()',
    );
    (e as Error & { code: string }).code = NO_PUBLIC_SUFFIX_LIST;
    throw e;
  }
  return lookupInUse!;
}

/**
 * The host a HostInput stands for, or null when it is none; `domain` is set when it is a domain
 * (https://url.spec.whatwg.org/#concept-domain).
 */
export function toHost(host: unknown, options: HostOptions = {}): { host: Host; domain: string | null } | null {
  if (typeof host === 'number') {
    return Number.isInteger(host) && host >= 0 && host <= 0xffffffff ? { host, domain: null } : null;
  }
  if (Array.isArray(host)) {
    if (host.length !== 8 || !host.every((p) => Number.isInteger(p) && p >= 0 && p <= 0xffff)) return null;
    return { host: host.slice(), domain: null };
  }
  if (typeof host !== 'string') return null;
  if (options.opaque) return { host, domain: null };
  let parsed: Host | null;
  try {
    parsed = parseHost(host, false);
  } catch {
    parsed = null;
  }
  if (parsed === null) return null;
  return { host: parsed, domain: typeof parsed === 'string' && parsed !== '' ? parsed : null };
}

/**
 * The number of labels, counted from the right, that the prevailing PSL rule covers in `labels`
 * (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm). An empty label matches no
 * rule (the list has no empty labels, and a wildcard stands for a label, which is never empty
 * in DNS), so only the labels after the last empty one are looked up; when the last label itself
 * is empty, the default rule "*" prevails and covers just that label.
 */
function suffixLabelCount(labels: string[]): number {
  let first = labels.length;
  while (first > 0 && labels[first - 1] !== '') first--;
  const tail = labels.slice(first);
  if (tail.length === 0) return 1;
  const joined = tail.join('.');
  const lookup = publicSuffixLookup();
  let suffix: string | null = null;
  try {
    suffix = lookup(joined);
  } catch {
    suffix = null;
  }
  // Keep only an answer made of whole labels of the input; otherwise fall back to the default
  // rule "*" (the last label), which is what the algorithm says when no rule matches.
  if (suffix && (suffix === joined || joined.endsWith('.' + suffix))) return suffix.split('.').length;
  return 1;
}

/** The domain's labels without the one trailing dot the standard keeps aside, and that dot. */
function splitDomain(domain: string): { labels: string[]; trailingDot: string } {
  const trailingDot = domain.endsWith('.') ? '.' : '';
  const body = trailingDot ? domain.slice(0, -1) : domain;
  return { labels: body.split('.'), trailingDot };
}

/**
 * https://url.spec.whatwg.org/#host-public-suffix
 *
 * The public suffix of a host: null when it is not a domain (an IP address, an opaque host, the
 * empty host, or a string that does not host-parse). Both sections of the list count; a domain
 * no rule matches gets its last label ("*"); a trailing dot is kept (`example.com.` -> `com.`).
 * Throws an Error with code ERR_URL_GRAMMAR_NO_PUBLIC_SUFFIX_LIST when there is no list (see
 * configurePublicSuffixList).
 */
export function hostPublicSuffix(host: HostInput, options: HostOptions = {}): string | null {
  const h = toHost(host, options);
  if (!h || h.domain === null) return null;
  const { labels, trailingDot } = splitDomain(h.domain);
  const count = suffixLabelCount(labels);
  return labels.slice(labels.length - count).join('.') + trailingDot;
}

/**
 * https://url.spec.whatwg.org/#host-registrable-domain
 *
 * The public suffix and the label before it; null when the host has no public suffix or is one.
 * A trailing dot is kept (`example.com.` -> `example.com.`). Needs the Public Suffix List, as
 * hostPublicSuffix does.
 */
export function hostRegistrableDomain(host: HostInput, options: HostOptions = {}): string | null {
  const h = toHost(host, options);
  if (!h || h.domain === null) return null;
  const { labels, trailingDot } = splitDomain(h.domain);
  const count = suffixLabelCount(labels);
  // 1. The public suffix equals the host: no label precedes it.
  if (count >= labels.length) return null;
  return labels.slice(labels.length - count - 1).join('.') + trailingDot;
}
