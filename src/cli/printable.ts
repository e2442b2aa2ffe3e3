// Text for a terminal that shows what a string holds: the one way the command line echoes an
// input, a base URL, a value or a file name in its text output (its JSON output is exact as it is).

/**
 * The code points a terminal would not show as themselves: the controls, C0, DELETE and C1 (which
 * move the cursor, end the line or start an escape sequence: U+009B is a one-byte CSI), the format
 * characters (general category Cf: the bidi controls such as U+202E, which reorder what follows;
 * the zero-width U+200B..U+200D and U+FEFF; the tag characters), the line and paragraph separators,
 * the surrogates (a lone one would reach the terminal as U+FFFD, like a real U+FFFD), the other
 * default-ignorable code points (variation selectors, Hangul fillers: drawn as nothing) and the
 * spaces other than U+0020 (which look like it). The viewer badges the same set.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|[^\P{Zs} ]/gu;
/** The same, and the backslash that starts the escapes (for `printable`'s `escapeBackslash`). */
const UNPRINTABLE_OR_BACKSLASH = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\\]|[^\P{Zs} ]/gu;

/** One code point of UNPRINTABLE (or a backslash) as printable ASCII. */
function escapeOne(c: string): string {
  const cp = c.codePointAt(0)!;
  if (c === '\t') return '\\t';
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\\') return '\\\\';
  if (cp <= 0x9f) return `\\x${cp.toString(16).padStart(2, '0')}`;
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * A printable form of `s` for one line of a terminal, so that what it shows is what `s` holds:
 * the controls (C0, DELETE, C1) as `\t`, `\n`, `\r` or `\x1b`-style escapes, and the code points
 * that would be invisible or would reorder the text around them (bidi controls, zero-width and
 * other format characters, lone surrogates, spaces other than U+0020) as `<U+202E>`-style text
 * ("<" and ">" never stand in a valid URL string). Every escape is printable ASCII, so a caret
 * line counting code points still lines up.
 *
 * A backslash stays as it is by default: URLs are echoed so, and in a URL it is a character the
 * parser reads as "/" that a validation error's caret points at (doubled, it would misstate the
 * input just where the caret is). `escapeBackslash` writes it as two, so that no text reads like
 * an escape: for a file name where a backslash is an ordinary character (not Windows, where it
 * separates folders), a name holding a backslash and "x1b" is then shown as `\\x1b`, apart from
 * one holding ESC, shown as `\x1b`.
 */
export function printable(s: string, options: { escapeBackslash?: boolean } = {}): string {
  return s.replace(options.escapeBackslash ? UNPRINTABLE_OR_BACKSLASH : UNPRINTABLE, escapeOne);
}

/**
 * `s` as a JSON string literal that is also safe on a terminal: what JSON.stringify writes, with
 * every code point of UNPRINTABLE it leaves as it is (DELETE, C1, U+202E, ...) written as a
 * `\u202e`-style escape. It still parses back to `s` exactly.
 */
export function quoted(s: string): string {
  return JSON.stringify(s).replace(UNPRINTABLE, (c) => {
    let out = '';
    for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}
