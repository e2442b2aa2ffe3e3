// IDNA for the light build (url-grammar/lite): the same exports as ./idna.ts, without tr46.
// The build (scripts/build-bundles.js) puts this module in ./idna.ts's place, so that a bundle of
// src/lite.ts holds no IDNA table. https://url.spec.whatwg.org/#idna
//
// Domain to ASCII is the caller's (`configureIDNA({ idna })`). Without it, only what needs no
// table is done here: an ASCII domain with no "xn--" label, whose UTS #46 mapping is ASCII
// lowercasing and whose strict checks (hyphens, STD3 code points, DNS lengths) are about ASCII
// alone. Anything else (a non-ASCII domain, an "xn--" label) is refused: the host parser then
// reports domain-to-ASCII, and src/lite.ts names the reason in the error's message.

/** Domain to ASCII as the caller supplies it: https://url.spec.whatwg.org/#domain-parser-toascii. */
export type IDNAToASCII = (domain: string, beStrict: boolean) => string | null;
/** Domain to Unicode as the caller supplies it (optional): the Unicode domain, or null on an error. */
export type IDNAToUnicode = (domain: string, beStrict: boolean) => string | null;

export interface IDNAOptions {
  idna?: IDNAToASCII | null;
  idnaToUnicode?: IDNAToUnicode | null;
}

let toASCIISupplied: IDNAToASCII | null = null;
let toUnicodeSupplied: IDNAToUnicode | null = null;
let refused = 0;

/**
 * Sets (or, with null, removes) the caller's IDNA functions for the whole light build; a member
 * left undefined keeps what was set before. The options are read as a Web IDL dictionary is
 * (https://webidl.spec.whatwg.org/#js-dictionary): undefined or null is an empty one, anything
 * else that is not an object is a TypeError. A member that is neither a function, null nor
 * undefined is a TypeError too, and then nothing is changed.
 */
export function configureIDNA(options: IDNAOptions | null | undefined): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`configure: options must be an object, got ${typeof options}`);
  }
  // Each member is read once (it may be a getter), and both are checked before either is set.
  const idna = functionOrNull('idna', options.idna);
  const idnaToUnicode = functionOrNull('idnaToUnicode', options.idnaToUnicode);
  if (idna !== undefined) toASCIISupplied = idna;
  if (idnaToUnicode !== undefined) toUnicodeSupplied = idnaToUnicode;
}

/** A configure member as it is: a function, null or undefined; a TypeError for anything else. */
function functionOrNull<F>(name: string, value: F | null | undefined): F | null | undefined {
  if (value === undefined || value === null || typeof value === 'function') return value;
  throw new TypeError(`configure: ${name} must be a function or null, got ${typeof value}`);
}

/** How many domains were refused so far for want of an IDNA function (src/lite.ts reads it). */
export function refusedDomains(): number {
  return refused;
}

const ASCII_ONLY = /^[\u0000-\u007F]*$/;
/** An "xn--" label once ASCII-lowercased: such a label needs Punycode and the tables. */
const ACE_LABEL = /(?:^|\.)xn--/i;
const STD3_LABEL = /^[a-z0-9-]*$/;

/**
 * Unicode ToASCII of an ASCII domain with no "xn--" label, with the domain parser's parameters.
 * Every ASCII code point has the UTS #46 status valid, except A-Z, mapped to a-z; nothing is
 * ignored, nothing is NFC-changed, no label starts with a combining mark, there is no joiner and
 * no right-to-left label. What is left are the checks beStrict turns on.
 */
function asciiToASCII(domain: string, beStrict: boolean): string | null {
  const mapped = domain.toLowerCase();
  if (!beStrict) return mapped;
  if (mapped.length === 0 || mapped.length > 253) return null;
  for (const label of mapped.split('.')) {
    // VerifyDnsLength
    if (label.length === 0 || label.length > 63) return null;
    // CheckHyphens
    if (label.startsWith('-') || label.endsWith('-') || (label[2] === '-' && label[3] === '-')) return null;
    // UseSTD3ASCIIRules
    if (!STD3_LABEL.test(label)) return null;
  }
  return mapped;
}

/** https://url.spec.whatwg.org/#domain-parser-toascii, through the caller's function. */
export function domainParserToASCII(domain: string, beStrict: boolean): string | null {
  if (toASCIISupplied) {
    let result: unknown;
    try {
      result = toASCIISupplied(domain, beStrict);
    } catch {
      return null;
    }
    return typeof result === 'string' ? result : null;
  }
  if (ASCII_ONLY.test(domain) && !ACE_LABEL.test(domain)) return asciiToASCII(domain, beStrict);
  refused++;
  return null;
}

/** Unicode ToUnicode as host.ts asks for it: the caller's, or the domain unchanged with an error. */
export function unicodeToUnicode(domain: string, beStrict: boolean): { domain: string; error: boolean } {
  if (ASCII_ONLY.test(domain) && !ACE_LABEL.test(domain)) {
    const mapped = domain.toLowerCase();
    // UseSTD3ASCIIRules is the only check ToUnicode's parameters turn on that ASCII can fail
    return { domain: mapped, error: beStrict && !mapped.split('.').every((label) => STD3_LABEL.test(label)) };
  }
  if (toUnicodeSupplied) {
    let result: unknown;
    try {
      result = toUnicodeSupplied(domain, beStrict);
    } catch {
      result = null;
    }
    if (typeof result === 'string') return { domain: result, error: false };
  }
  return { domain, error: true };
}
