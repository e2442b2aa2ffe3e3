// IDNA for the host parser, through tr46 (Unicode IDNA Compatibility Processing, UTS #46).
// https://url.spec.whatwg.org/#idna
//
// This module is the one place the parser reaches tr46 and its tables. The light entry point
// (url-grammar/lite, src/lite.ts) is bundled with ./idna-lite.ts in its place, which has the same
// exports and asks the caller instead.

interface Tr46Options {
  checkHyphens: boolean;
  checkBidi: boolean;
  checkJoiners: boolean;
  useSTD3ASCIIRules: boolean;
  transitionalProcessing: boolean;
  ignoreInvalidPunycode: boolean;
}

interface Tr46 {
  toASCII(domain: string, options: Tr46Options & { verifyDNSLength: boolean }): string | null;
  toUnicode(domain: string, options: Tr46Options): { domain: string; error: boolean };
}

// tr46 ships no type declarations; the interface above is the part of its API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tr46 = require('tr46') as Tr46;

/** https://url.spec.whatwg.org/#domain-parser-toascii (a scalar value string; null for failure). */
export function domainParserToASCII(domain: string, beStrict: boolean): string | null {
  return tr46.toASCII(domain, {
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
  return tr46.toUnicode(domain, {
    checkHyphens: false,
    checkBidi: true,
    checkJoiners: true,
    useSTD3ASCIIRules: beStrict,
    transitionalProcessing: false,
    ignoreInvalidPunycode: false,
  });
}
