// Copies of what the page shows are the values it shows. The page draws a space, a control or an
// invisible code point as a badge (./dom.ts): a picture or name the CSS draws, and words that only
// a screen reader reads ("tab character"). The browser's own copy of such a text gives those words,
// not the code point; here a copy gives each badge's code point and leaves the words out (where a
// long input's lists draw a space as its picture U+2423 and a U+2423 as a badge, a space). A
// selection of the whole of one value (a component's cell, the href of the result), which may be
// shown clipped, copies the whole value, exactly.

/// <reference lib="dom" />

import { readValue } from './dom';

/** The element of a value, whose data-value is the value exactly: a component's cell, the result's href. */
const VALUE = '[data-field][data-value]';

/** Whether `range` holds all of `element`'s text (the shown part of a clipped value, at least). */
function holdsAll(range: Range, element: Element): boolean {
  const shown = element.querySelector('code') ?? element;
  const walker = document.createTreeWalker(shown, NodeFilter.SHOW_TEXT);
  let first: Text | null = null;
  let last: Text | null = null;
  for (let t = walker.nextNode() as Text | null; t; t = walker.nextNode() as Text | null) {
    // (the words only a screen reader reads are not what the eye selects)
    if (t.parentElement?.closest('.sr-only')) continue;
    first ??= t;
    last = t;
  }
  if (!first || !last) return range.intersectsNode(shown);
  return range.isPointInRange(first, 0) && range.isPointInRange(last, last.length);
}

/** What a copy of `range` gives, or null when the browser's own copy gives it already. */
export function copiedText(range: Range): string | null {
  const common = range.commonAncestorContainer;
  const holder = (common instanceof Element ? common : common.parentElement)?.closest(VALUE);
  if (holder && holdsAll(range, holder)) return holder.getAttribute('data-value');
  const fragment = range.cloneContents();
  // (a long input's lists draw a space as its picture, and say so with data-pictures)
  const pictures = (common instanceof Element ? common : common.parentElement)?.closest('[data-pictures]') !== null;
  if (!pictures && !fragment.querySelector('[data-cp], .sr-only, [data-pictures]')) return null;
  return readValue(fragment, true, pictures);
}

/** Copies of a selection in the page give the values (the fields copy their own value themselves). */
export function copyValues(target: Document): void {
  target.addEventListener('copy', (e) => {
    if (e.defaultPrevented || !e.clipboardData) return;
    const active = target.activeElement;
    if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) return;
    const selection = target.getSelection();
    if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
    const text = copiedText(selection.getRangeAt(0));
    if (text === null) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
  });
}
