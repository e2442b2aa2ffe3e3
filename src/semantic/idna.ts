// IDNA for the host parser: Unicode IDNA Compatibility Processing (UTS #46) through ./uts46.ts,
// which runs on tr46's mapping and validity data with an O(n log n) Punycode (./punycode.ts).
// https://url.spec.whatwg.org/#idna
//
// This module is the one place the parser reaches UTS #46 and tr46's tables. The light entry point
// (url-grammar/lite, src/lite.ts) is bundled with ./idna-lite.ts in its place, which has the same
// exports and asks the caller instead.

import type * as UTS46 from './uts46';

// ./uts46 (and tr46's tables) load on the first domain that needs IDNA: an ASCII domain with no
// "xn--" label never does (the host parser's ASCII fast path), so most programs never load them.
let uts46: typeof UTS46 | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tables = () => (uts46 ??= require('./uts46') as typeof UTS46);

/** https://url.spec.whatwg.org/#domain-parser-toascii (a scalar value string; null for failure). */
export function domainParserToASCII(domain: string, beStrict: boolean): string | null {
  return tables().idnaToASCII(domain, {
    checkHyphens: beStrict,
    checkBidi: true,
    checkJoiners: true,
    useSTD3ASCIIRules: beStrict,
    transitionalProcessing: false,
    verifyDNSLength: beStrict,
    ignoreInvalidPunycode: false,
  });
}

/** Unicode ToUnicode with the parameters of https://url.spec.whatwg.org/#concept-domain-to-unicode. */
export function unicodeToUnicode(domain: string, beStrict: boolean): { domain: string; error: boolean } {
  return tables().idnaToUnicode(domain, {
    checkHyphens: false,
    checkBidi: true,
    checkJoiners: true,
    useSTD3ASCIIRules: beStrict,
    transitionalProcessing: false,
    ignoreInvalidPunycode: false,
  });
}
