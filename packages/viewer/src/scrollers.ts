// A box that scrolls is reachable by the keyboard while it scrolls: a diagram wider than a phone's
// screen, the whole of a long value, an input the grammar does not match. While its content is
// larger than it, it is a tab stop and a group named by its label (the keyboard's arrows then
// scroll it); when everything fits, it is neither, so that a wide screen has no tab stop that
// does nothing. Whether it scrolls is read when its size changes (a ResizeObserver, whose answer
// comes after the layout, before the paint: nothing is laid out twice).

/// <reference lib="dom" />

const labels = new WeakMap<Element, string>();

function update(box: HTMLElement): void {
  if (!box.isConnected) return;
  const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  if (scrolls === box.hasAttribute('data-scrolls')) return;
  if (scrolls) {
    box.setAttribute('data-scrolls', '');
    box.tabIndex = 0;
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', labels.get(box) ?? 'a box that scrolls');
  } else {
    box.removeAttribute('data-scrolls');
    box.removeAttribute('tabindex');
    box.removeAttribute('role');
    box.removeAttribute('aria-label');
  }
}

const observer = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => entries.forEach((e) => update(e.target as HTMLElement))) : null;

/** Makes `box` a tab stop, a group named `label`, while it scrolls. */
export function reachableWhenScrolling(box: HTMLElement, label: string): HTMLElement {
  labels.set(box, label);
  if (observer) observer.observe(box);
  else {
    // (no ResizeObserver: always reachable)
    box.tabIndex = 0;
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', label);
  }
  return box;
}

/** Stops watching every box (the page draws its results again, with boxes of their own). */
export function forgetScrollers(): void {
  observer?.disconnect();
}
