// Small helpers for drawing the viewer's page: elements, and text with its invisible code points
// made visible.

/// <reference lib="dom" />

/** A child of `el`: a node, a text, or a list of them (a list of any length is never spread into a call's arguments). */
export type Child = Node | string | readonly (Node | string)[];

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  appendAll(e, children);
  return e;
}

/**
 * Appends `children` (lists among them, each element in turn) to `parent`, one at a time: a list
 * of 100,000 nodes spread into append's arguments overflows the stack.
 */
export function appendAll(parent: ParentNode, children: readonly Child[]): void {
  for (const c of children) {
    // (a Text node has a length too: only an array is a list)
    if (Array.isArray(c)) for (const d of c as readonly (Node | string)[]) parent.append(d);
    else parent.append(c as Node | string);
  }
}

/** Replaces `parent`'s children by `children` (as appendAll appends them). */
export function replaceAll(parent: ParentNode, children: readonly Child[]): void {
  parent.replaceChildren();
  appendAll(parent, children);
}

/** Text that only a screen reader reads (the page says it with colour or a sign for the eye). */
export function srOnly(text: string): HTMLElement {
  return el('span', { class: 'sr-only' }, text);
}

/**
 * The code points drawn specially, each as a badge (see badge()): the space as its picture
 * (U+2423); the C0 controls and DELETE with their name (TAB, LF, CR); with their U+ number the rest of the
 * controls, the format controls
 * (general category Cf, which holds the bidi controls), the surrogates (a lone one cannot be
 * drawn), White_Space and the default-ignorable code points; each would otherwise be invisible,
 * or would reorder or hide the text around it.
 */
export const SHOWN_SPECIALLY = /[\u0000-\u0020\u007f]|[\p{Cc}\p{Cf}\p{Cs}\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** The U+ number of a code point, at least four hexadecimal digits. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The names of the C0 controls: what their badges read (many fonts have no control pictures, U+2400 to U+241F). */
export const C0_NAMES = 'NUL SOH STX ETX EOT ENQ ACK BEL BS TAB LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US'.split(' ');

/** What a code point of SHOWN_SPECIALLY is drawn as in a badge: a C0 control's or DELETE's name, or its U+ number. */
export function badgeOf(cp: number): string {
  if (cp < 0x20) return C0_NAMES[cp];
  if (cp === 0x7f) return 'DEL';
  return codePointName(cp);
}

/** The C0 controls' names in words, as a screen reader should say them. */
const C0_WORDS = [
  'null', 'start of heading', 'start of text', 'end of text', 'end of transmission', 'enquiry', 'acknowledge', 'bell', 'backspace', 'tab', 'line feed', 'vertical tab', 'form feed', 'carriage return', 'shift out', 'shift in',
  'data link escape', 'device control one', 'device control two', 'device control three', 'device control four', 'negative acknowledge', 'synchronous idle', 'end of transmission block', 'cancel', 'end of medium', 'substitute', 'escape', 'file separator', 'group separator', 'record separator', 'unit separator',
];

/**
 * The names of the other code points of SHOWN_SPECIALLY that a URL meets, in words (Unicode's
 * names, lower-cased). A name table of all of Unicode would weigh more than the page; a code
 * point not named here is said by its number.
 */
const WORDS: Record<number, string> = {
  0x20: 'space', 0x7f: 'delete character', 0x85: 'next line character', 0xa0: 'no-break space', 0xad: 'soft hyphen', 0x34f: 'combining grapheme joiner', 0x61c: 'Arabic letter mark', 0x180e: 'Mongolian vowel separator',
  0x2000: 'en quad', 0x2001: 'em quad', 0x2002: 'en space', 0x2003: 'em space', 0x2004: 'three-per-em space', 0x2005: 'four-per-em space', 0x2006: 'six-per-em space', 0x2007: 'figure space', 0x2008: 'punctuation space', 0x2009: 'thin space', 0x200a: 'hair space',
  0x200b: 'zero width space', 0x200c: 'zero width non-joiner', 0x200d: 'zero width joiner', 0x200e: 'left-to-right mark', 0x200f: 'right-to-left mark', 0x2028: 'line separator', 0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding', 0x202b: 'right-to-left embedding', 0x202c: 'pop directional formatting', 0x202d: 'left-to-right override', 0x202e: 'right-to-left override', 0x202f: 'narrow no-break space', 0x205f: 'medium mathematical space',
  0x2060: 'word joiner', 0x2061: 'function application', 0x2062: 'invisible times', 0x2063: 'invisible separator', 0x2064: 'invisible plus', 0x2066: 'left-to-right isolate', 0x2067: 'right-to-left isolate', 0x2068: 'first strong isolate', 0x2069: 'pop directional isolate',
  0x2423: 'open box', 0x3000: 'ideographic space', 0x3164: 'Hangul filler', 0xfeff: 'zero width no-break space (byte order mark)', 0xfff9: 'interlinear annotation anchor', 0xfffa: 'interlinear annotation separator', 0xfffb: 'interlinear annotation terminator',
};

/** What a screen reader says for a code point of SHOWN_SPECIALLY: "tab character", "space", "right-to-left override", "lone surrogate D800". */
export function spokenName(cp: number): string {
  if (cp < 0x20) return `${C0_WORDS[cp]} character`;
  if (WORDS[cp] !== undefined) return WORDS[cp];
  if (cp >= 0xd800 && cp <= 0xdfff) return `lone surrogate ${cp.toString(16).toUpperCase()}`;
  if (cp >= 0x80 && cp <= 0x9f) return `control character ${codePointName(cp)}`;
  return `code point ${codePointName(cp)}`;
}

/**
 * The badge of one code point: `<span class="cp" data-cp="9" data-name="TAB">` whose name is
 * drawn by the CSS (generated content, with an empty alternative text: neither read nor copied),
 * holding the words a screen reader says, " tab character ", in a span that only it reads; a
 * space's badge is empty, its picture U+2423 drawn by the CSS with the alternative text " space ".
 * A copy of a selection reads data-cp (./copy.ts).
 * `atom` makes the fields' badge, which cannot be edited from inside.
 */
export function badge(cp: number, atom = false): HTMLElement {
  const key = atom ? -1 - cp : cp;
  let made = BADGES.get(key);
  if (!made) {
    made = document.createElement('span');
    made.className = cp === 0x20 ? 'cp sp' : 'cp';
    made.dataset.cp = cp.toString(16).toUpperCase();
    made.dataset.name = cp === 0x20 ? '\u2423' : badgeOf(cp);
    if (atom) made.contentEditable = 'false';
    // A space, which a long input has by the thousand, is one element: its picture and its word
    // are both the CSS's (the word as the picture's alternative text). (no-break spaces around the
    // words: a screen reader's text of the line keeps them, where it drops the ends of a run of spaces)
    if (cp !== 0x20) {
      const words = document.createElement('span');
      words.className = 'sr-only';
      words.textContent = `\u00a0${spokenName(cp)}\u00a0`;
      made.append(words);
    }
    BADGES.set(key, made);
  }
  return made.cloneNode(true) as HTMLElement;
}

/** The badges made so far, to be cloned (a space's is made 25,000 times for a long input's rows). */
const BADGES = new Map<number, HTMLElement>();

/** What `visible` draws specially when a space is its picture in the text: SHOWN_SPECIALLY, and U+2423 itself (as a badge, so that a picture in the text is always a space). */
const SHOWN_WITH_PICTURES = new RegExp(`${SHOWN_SPECIALLY.source}|\u2423`, 'gu');

/**
 * `text` with every code point of SHOWN_SPECIALLY drawn as a badge; the rest as it is. With
 * `pictures`, a space is its picture U+2423 in the text rather than a badge, and a U+2423 of the
 * text is a badge: the rows of a long input's lists drawn as they scroll are drawn that way (a
 * badge for each of their hundreds of spaces cost a keystroke a quarter more style and layout),
 * and a copy gives spaces back for the pictures in an element marked data-pictures (./copy.ts).
 * A screen reader says such a picture as the symbol it is, not as "space".
 */
export function visible(text: string, pictures = false): (Node | string)[] {
  const special = pictures ? SHOWN_WITH_PICTURES : SHOWN_SPECIALLY;
  // The common case, a text with nothing special in it, stays one string. (test() moves a global
  // regular expression's lastIndex, which matchAll would start from: it is put back.)
  const found = special.test(text);
  special.lastIndex = 0;
  if (!found) return [text];
  const out: (Node | string)[] = [];
  let plain = '';
  let at = 0;
  for (const m of text.matchAll(special)) {
    plain += text.slice(at, m.index);
    at = m.index + m[0].length;
    const cp = m[0].codePointAt(0)!;
    if (pictures && cp === 0x20) {
      plain += '\u2423';
      continue;
    }
    if (plain !== '') out.push(plain);
    plain = '';
    out.push(badge(cp));
  }
  plain += text.slice(at);
  if (plain !== '') out.push(plain);
  return out;
}

/** The picture of a space in a text drawn with pictures (visible's `pictures`). */
const PICTURE = /\u2423/g;

const BLOCKS = new Set(['div', 'p', 'li', 'tr', 'ul', 'ol', 'table', 'section', 'details', 'summary', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The value a drawn text stands for: its text, each badge (an element with data-cp) as its code
 * point, a <br> as nothing. With `copy`, the words only a screen reader reads are left out, the
 * pictures of spaces in an element marked data-pictures (or in all of `node`, with `pictures`) are
 * spaces, and blocks are separated as innerText separates them: a line break between rows and
 * paragraphs, a tab between cells.
 */
export function readValue(node: Node, copy: boolean, pictures = false): string {
  let out = '';
  const walk = (parent: Node, inPictures: boolean): void => {
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === Node.TEXT_NODE) out += inPictures ? (c as Text).data.replace(PICTURE, ' ') : (c as Text).data;
      else if (c instanceof Element) {
        const cp = (c as HTMLElement).dataset?.cp;
        if (cp !== undefined) {
          const n = parseInt(cp, 16);
          out += n >= 0xd800 && n <= 0xdfff ? String.fromCharCode(n) : String.fromCodePoint(n);
          continue;
        }
        if (c.localName === 'br' || (copy && c.classList.contains('sr-only'))) continue;
        const block = copy && BLOCKS.has(c.localName);
        const cell = copy && (c.localName === 'td' || c.localName === 'th');
        if ((block && out !== '' && !out.endsWith('\n')) || (cell && out !== '' && !out.endsWith('\n'))) out += block ? '\n' : '\t';
        walk(c, inPictures || (copy && c.hasAttribute('data-pictures')));
      }
    }
  };
  walk(node, copy && pictures);
  return out;
}

/** `text` as a JSON string, with the code points of SHOWN_SPECIALLY escaped, for titles and notes. */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(SHOWN_SPECIALLY, (c) => {
    const cp = c.codePointAt(0)!;
    return cp === 0x20 ? c : `\\u{${cp.toString(16).toUpperCase()}}`;
  });
}

/** `text` cut to about `limit` code units (never inside a surrogate pair), with an ellipsis when cut. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = limit;
  if (/[\uD800-\uDBFF]/.test(text[cut - 1])) cut--;
  return `${text.slice(0, cut)}\u2026`;
}

/** A count with its noun, "1 error", "25,000 errors". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
