// The fields' \u{…} escapes: a way to type a code point by its number, and to read a value whose
// controls, format characters and lone surrogates are written out (the "\u{…} escapes" choice of
// the page). An escape is "\u{" followed by one to six hexadecimal digits and "}", naming a code
// point up to U+10FFFF (a surrogate's number stands for that code unit alone); any other text is
// itself. Written out, each code point the fields draw as an atom becomes its escape, and a
// backslash that would start an escape becomes \u{5C}, so that reading back gives the value:
// unescapeText(escapeText(s)) === s for every string s.

import { SHOWN_SPECIALLY } from './dom';

/** The code points the fields draw as atoms: those of SHOWN_SPECIALLY but the space, which is typed and shown as itself. */
export const ATOMS = new RegExp(`(?! )(?:${SHOWN_SPECIALLY.source})`, 'gu');

/** An escape as it is read: its digits are the first group. */
const ESCAPE = /\\u\{([0-9A-Fa-f]{1,6})\}/g;

/** The code point (or lone surrogate) an escape's digits name, or null past U+10FFFF. */
function named(digits: string): string | null {
  const n = parseInt(digits, 16);
  if (n > 0x10ffff) return null;
  return n >= 0xd800 && n <= 0xdfff ? String.fromCharCode(n) : String.fromCodePoint(n);
}

/** `text` with each escape read as the code point it names. */
export function unescapeText(text: string): string {
  if (!text.includes('\\u{')) return text;
  return text.replace(ESCAPE, (whole, digits: string) => named(digits) ?? whole);
}

const escapeOf = (cp: number) => `\\u{${cp.toString(16).toUpperCase()}}`;

/**
 * `text` with each atom's code point written as its escape. An escape written here cannot join the
 * text around it into another ("\u{" is followed by hex digits and "}"), so that unescapeText
 * reads the same value from the result as from `text`.
 */
export function escapeAtoms(text: string): string {
  return text.replace(ATOMS, (c) => escapeOf(c.codePointAt(0)!));
}

/** `text` with each atom's code point, and each backslash that would start an escape, written as an escape. */
export function escapeText(text: string): string {
  if (!text.includes('\\u{')) return escapeAtoms(text);
  // A backslash of the text that starts what reads as an escape is written \u{5C}.
  let out = '';
  let at = 0;
  for (const m of text.matchAll(ESCAPE)) {
    if (named(m[1]) === null) continue;
    out += escapeAtoms(text.slice(at, m.index)) + escapeOf(0x5c);
    at = m.index + 1;
  }
  return out + escapeAtoms(text.slice(at));
}
