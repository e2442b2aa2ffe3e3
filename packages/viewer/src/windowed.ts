// A long list drawn as it scrolls: only the rows in view (and a few around them) are elements.
//
// Written here rather than taken from a library: @tanstack/virtual-core (the framework-free core
// of TanStack Virtual) was the candidate, and what it adds over these lines is measuring rows of
// unknown height as they appear and keeping the scroll position steady while they change. The
// viewer's rows have heights known before they are drawn (a number of lines of a fixed height),
// so the whole of windowing is a prefix sum, a binary search and a scroll listener, and the page
// stays one file with no dependency for it.

/// <reference lib="dom" />

import { el } from './dom';

export interface WindowedOptions {
  /** How many rows. */
  count: number;
  /** Each row's height in lines (1 when left out); a line is `lineHeight` pixels. */
  linesOf?: (index: number) => number;
  lineHeight: number;
  /** How many lines the box shows at once, at most. */
  lines: number;
  /** Draws row `index`: an element, positioned by the list. */
  draw: (index: number) => HTMLElement;
  /** The accessible name of the box (it is focusable, so that the keyboard scrolls it). */
  label: string;
  /** The box's role: a group, unless it is a widget (the input view's listbox). */
  role?: string;
  /** Its rows draw a space as its picture (dom.ts, visible): the box is marked data-pictures, for a copy. */
  pictures?: boolean;
  className?: string;
}

/** How many rows beyond the ones in view are drawn on each side. */
const OVERSCAN = 2;

/** The list's box; scrollToRow(i) brings row i into view and draws it at once. */
export interface WindowedElement extends HTMLElement {
  scrollToRow(index: number): HTMLElement | null;
}

export function windowedList(options: WindowedOptions): WindowedElement {
  const { count, lineHeight, draw } = options;
  // tops[i] is row i's top in lines; tops[count] is the total.
  const tops = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) tops[i + 1] = tops[i] + (options.linesOf ? options.linesOf(i) : 1);
  const total = tops[count];
  const box = el('div', { class: `windowed${options.className ? ` ${options.className}` : ''}`, tabindex: '0', role: options.role ?? 'group', 'aria-label': options.label, 'data-rows': String(count), ...(options.pictures ? { 'data-pictures': '' } : {}) });
  box.style.height = `${Math.min(total, options.lines) * lineHeight + 2}px`;
  const inner = el('div', { class: 'windowed-inner' });
  inner.style.height = `${total * lineHeight}px`;
  box.append(inner);
  const drawn = new Map<number, HTMLElement>();

  /** The first row whose bottom is below `line`. */
  const rowAt = (line: number): number => {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (tops[mid + 1] <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const update = (): void => {
    const top = box.scrollTop / lineHeight;
    const height = (box.clientHeight || options.lines * lineHeight) / lineHeight;
    const first = Math.max(0, rowAt(top) - OVERSCAN);
    const last = Math.min(count - 1, rowAt(top + height) + OVERSCAN);
    for (const [i, row] of drawn) {
      if (i < first || i > last) {
        row.remove();
        drawn.delete(i);
      }
    }
    for (let i = first; i <= last; i++) {
      if (drawn.has(i)) continue;
      const row = draw(i);
      row.classList.add('windowed-row');
      row.style.top = `${tops[i] * lineHeight}px`;
      row.style.height = `${(tops[i + 1] - tops[i]) * lineHeight}px`;
      drawn.set(i, row);
      inner.append(row);
    }
  };

  let queued = false;
  box.addEventListener('scroll', () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      update();
    });
  });
  update();
  return Object.assign(box, {
    scrollToRow(index: number): HTMLElement | null {
      const top = tops[index] * lineHeight;
      const height = (tops[index + 1] - tops[index]) * lineHeight;
      if (top < box.scrollTop || top + height > box.scrollTop + box.clientHeight) box.scrollTop = top;
      update();
      return drawn.get(index) ?? null;
    },
  });
}
