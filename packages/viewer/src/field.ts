// The URL and base fields: an editable element that keeps every code point of its value.
//
// An <input> cannot: its value sanitization strips CR and LF (a permalink with %0A lost the
// newline and the invalid-URL-unit error it makes), and the bidi algorithm applies the bidi
// controls in it (a U+202E reordered the field). Here the value lives in a string, and the element
// shows it with each code point of SHOWN_SPECIALLY drawn as an atom that cannot be edited from
// inside: its name (TAB, LF, CR) or its U+ number (U+202E). Typing, deleting
// and IME composition are the browser's own; after each edit the value is read back from the
// element (an atom stands for its code point) and the element is drawn again only when it holds
// something that is not drawn as it should be. Paste, drop, copy, cut and Shift+Enter (a line
// feed) go through the value itself, so that CR, LF and tabs survive them. The element has a
// `value` property, as an <input> has, and fires `input` after each change.
//
// With \u{…} escapes on (setEscapes), the element shows the value with each atom's code point
// written as its escape (./escapes.ts), as plain text that is edited as it is typed; the value is
// that text with its escapes read. Typing "\u{9}" there types a tab.

/// <reference lib="dom" />

import { badge, readValue, replaceAll } from './dom';
import { ATOMS, escapeAtoms, escapeText, unescapeText } from './escapes';

/** Tests a text for a code point drawn as an atom. */
const SPECIAL = new RegExp(ATOMS.source, 'u');

/** The value an element (or a fragment of it) stands for: its text, each atom as its code point; a <br> a browser added is nothing. */
const read = (node: Node): string => readValue(node, false);

/** Whether the element is drawn as draw() draws: text with no special code point, and atoms (and the <br> after a last atom). */
function isDrawn(root: HTMLElement): boolean {
  for (let c = root.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === Node.TEXT_NODE) {
      if (SPECIAL.test((c as Text).data)) return false;
    } else if (c instanceof HTMLElement && c.localName === 'br' && c.dataset.end !== undefined && c === root.lastChild) {
      if (!(c.previousSibling instanceof HTMLElement)) return false;
    } else if (!(c instanceof HTMLElement) || c.dataset.cp === undefined) return false;
  }
  // a last atom needs its <br>
  return !(root.lastChild instanceof HTMLElement && root.lastChild.dataset.cp !== undefined);
}

/** A value longer than this is drawn on one line that scrolls (the page's LARGE_INPUT). */
const LONG_VALUE = 2000;

export class CodePointField {
  private text = '';
  /** With escapes on: the text the element shows (the value with its escapes written out, or as typed). */
  private shown = '';
  private escapes = false;
  private composing = false;

  constructor(
    readonly element: HTMLElement,
    initial = '',
  ) {
    this.text = initial;
    this.draw(null);
    Object.defineProperty(element, 'value', { configurable: true, get: () => this.text, set: (v: unknown) => this.set(String(v)) });
    element.addEventListener('compositionstart', () => (this.composing = true));
    element.addEventListener('compositionend', () => {
      this.composing = false;
      this.sync();
    });
    // Registered first, so that the page's own input listeners see the value already read back.
    element.addEventListener('input', (e) => {
      if (!this.composing && !(e as InputEvent).isComposing) this.sync();
    });
    // Enter does nothing (the value is one URL); Shift+Enter types a line feed. A line break
    // that comes another way (a soft keyboard's Enter) is Enter's nothing too.
    element.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.isComposing) return;
      e.preventDefault();
      if (e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) this.insert('\n');
    });
    element.addEventListener('beforeinput', (e) => {
      if (e.inputType === 'insertParagraph' || e.inputType === 'insertLineBreak') e.preventDefault();
    });
    element.addEventListener('paste', (e) => {
      e.preventDefault();
      this.insert(e.clipboardData?.getData('text/plain') ?? '');
    });
    element.addEventListener('drop', (e) => {
      e.preventDefault();
      this.insert(e.dataTransfer?.getData('text/plain') ?? '');
    });
    for (const kind of ['copy', 'cut'] as const) {
      element.addEventListener(kind, (e) => {
        // (with escapes on, the element's text is what is copied, as it is shown)
        const [start, end] = this.selection() ?? [0, 0];
        if (start === end || this.escapes) return;
        e.preventDefault();
        e.clipboardData?.setData('text/plain', this.text.slice(start, end));
        if (kind === 'cut') this.replace(start, end, '');
      });
    }
  }

  get value(): string {
    return this.text;
  }

  /** Sets the value, as assigning an <input>'s value does: no event. */
  set(value: string): void {
    this.text = value;
    this.shown = this.escapes ? escapeText(value) : '';
    this.draw(null);
  }

  /** Shows the value with \u{…} escapes (and reads them as it is edited), or as atoms. The value stays as it is. */
  setEscapes(on: boolean): void {
    if (on === this.escapes) return;
    this.escapes = on;
    this.set(this.text);
  }

  /** Puts `text` in place of the selection (or at the end, when the field has none), as typing would. */
  insert(text: string): void {
    if (this.escapes) {
      const [start, end] = this.selection() ?? [this.shown.length, this.shown.length];
      const written = escapeText(text);
      this.shown = this.shown.slice(0, start) + written + this.shown.slice(end);
      this.text = unescapeText(this.shown);
      this.draw(start + written.length);
      this.element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
      return;
    }
    const [start, end] = this.selection() ?? [this.text.length, this.text.length];
    this.replace(start, end, text);
  }
  /** Moves the focus here. */
  focus(): void {
    this.element.focus();
  }

  private replace(start: number, end: number, text: string): void {
    this.text = this.text.slice(0, start) + text + this.text.slice(end);
    this.draw(start + text.length);
    this.element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
  }

  /** Reads the value back after the browser edited the element; draws it again when needed. */
  private sync(): void {
    if (this.escapes) {
      const shown = read(this.element);
      // A code point drawn as an atom that came as itself (a soft keyboard, a dictation) is
      // written as its escape, which reads as the same value.
      const raw = SPECIAL.test(shown);
      const caret = raw ? this.selection() : null;
      this.shown = raw ? escapeAtoms(shown) : shown;
      this.text = unescapeText(this.shown);
      if (raw) this.draw(caret ? escapeAtoms(shown.slice(0, caret[1])).length : null);
      else this.element.classList.toggle('long', this.shown.length > LONG_VALUE);
      return;
    }
    this.text = read(this.element);
    this.element.classList.toggle('long', this.text.length > LONG_VALUE);
    if (isDrawn(this.element)) return;
    const caret = this.selection();
    this.draw(caret ? caret[1] : null);
  }

  /** The selection as [start, end) offsets into the value, or null when it is not in the field. */
  private selection(): [number, number] | null {
    const s = getSelection();
    if (!s || s.rangeCount === 0) return null;
    const range = s.getRangeAt(0);
    if (!this.element.contains(range.startContainer) || !this.element.contains(range.endContainer)) return null;
    const offset = (node: Node, at: number) => {
      const before = document.createRange();
      before.setStart(this.element, 0);
      before.setEnd(node, at);
      return read(before.cloneContents()).length;
    };
    return [offset(range.startContainer, range.startOffset), offset(range.endContainer, range.endOffset)];
  }

  /** Draws the value: runs of plain text, and an atom for each special code point; the caret at `caret` when given. With escapes on, the text shown. */
  private draw(caret: number | null): void {
    if (this.escapes) {
      replaceAll(this.element, this.shown === '' ? [] : [document.createTextNode(this.shown)]);
      this.element.classList.toggle('long', this.shown.length > LONG_VALUE);
      if (caret !== null) this.placeCaret(caret);
      return;
    }
    const nodes: Node[] = [];
    let plain = 0;
    const text = this.text;
    for (const m of text.matchAll(ATOMS)) {
      if (m.index > plain) nodes.push(document.createTextNode(text.slice(plain, m.index)));
      nodes.push(badge(m[0].codePointAt(0)!, true));
      plain = m.index + m[0].length;
    }
    if (plain < text.length) nodes.push(document.createTextNode(text.slice(plain)));
    // After a last atom, a <br> that stands for nothing: without it Firefox has no place for the
    // caret after the atom, and what is typed there is lost.
    if (nodes.length && !(nodes[nodes.length - 1] instanceof Text)) {
      const end = document.createElement('br');
      end.dataset.end = '';
      nodes.push(end);
    }
    replaceAll(this.element, nodes);
    // A long value is one line that scrolls: wrapping 100 KB at each keystroke cost two to four
    // times as much layout.
    this.element.classList.toggle('long', text.length > LONG_VALUE);
    if (caret !== null) this.placeCaret(caret);
  }

  private placeCaret(at: number): void {
    const s = getSelection();
    if (!s) return;
    let left = at;
    let node: Node = this.element;
    const children = Array.from(this.element.childNodes).filter((c) => !(c instanceof HTMLElement && c.localName === 'br'));
    let offset = children.length;
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      const length = c.nodeType === Node.TEXT_NODE ? (c as Text).data.length : parseInt((c as HTMLElement).dataset.cp!, 16) > 0xffff ? 2 : 1;
      if (c.nodeType === Node.TEXT_NODE && left <= length) {
        node = c;
        offset = left;
        break;
      }
      if (c.nodeType !== Node.TEXT_NODE && left <= 0) {
        node = this.element;
        offset = i;
        break;
      }
      left -= length;
    }
    s.collapse(node, offset);
  }
}
