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
 * The code points drawn specially: the space as its picture (U+2423); the C0 controls and DELETE
 * as a badge with their name (TAB, LF, CR); as a badge with their U+ number the rest of the
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

/** `text` with every code point of SHOWN_SPECIALLY drawn visibly: a picture, or a U+ badge. */
export function visible(text: string): (Node | string)[] {
  // The common case, a text with nothing special in it, stays one string. (test() moves a global
  // regular expression's lastIndex, which matchAll would start from: it is put back.)
  const special = SHOWN_SPECIALLY.test(text);
  SHOWN_SPECIALLY.lastIndex = 0;
  if (!special) return [text];
  const out: (Node | string)[] = [];
  let plain = '';
  let at = 0;
  for (const m of text.matchAll(SHOWN_SPECIALLY)) {
    plain += text.slice(at, m.index);
    at = m.index + m[0].length;
    const cp = m[0].codePointAt(0)!;
    // A space is its picture, which every font has; any other code point a badge.
    if (cp === 0x20) {
      plain += '\u2423';
      continue;
    }
    if (plain !== '') out.push(plain);
    plain = '';
    const name = badgeOf(cp);
    out.push(el('span', { class: 'cp', title: `${codePointName(cp)}, drawn as its ${name.startsWith('U+') ? 'number' : 'name'}: it is invisible, a control or a space` }, name));
  }
  plain += text.slice(at);
  if (plain !== '') out.push(plain);
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
