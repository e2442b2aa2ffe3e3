// IDNA for the host parser: Unicode IDNA Compatibility Processing (UTS #46) through ./uts46.ts,
// which runs on tr46's mapping and validity data with an O(n log n) Punycode (./punycode.ts).
// https://url.spec.whatwg.org/#idna
//
// This module is the one place the parser reaches UTS #46 and tr46's tables. The light entry point
// (url-grammar/lite, src/lite.ts) is bundled with ./idna-lite.ts in its place, which has the same
// exports and asks the caller instead.

import { idnaToASCII, idnaToUnicode } from './uts46';

/** https://url.spec.whatwg.org/#domain-parser-toascii (a scalar value string; null for failure). */
export function domainParserToASCII(domain: string, beStrict: boolean): string | null {
  return idnaToASCII(domain, {
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
  return idnaToUnicode(domain, {
    checkHyphens: false,
    checkBidi: true,
    checkJoiners: true,
    useSTD3ASCIIRules: beStrict,
    transitionalProcessing: false,
    ignoreInvalidPunycode: false,
  });
}
