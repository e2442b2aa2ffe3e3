// The checks of url-grammar issue 49 (the viewer on a phone and with a screen reader), shared by
// viewer-chromium.test.ts and viewer-firefox.test.ts. One page is opened and reused for every
// case (the browsers are shared by the file's tests): axe-core at 1280x900 and 390x844, light
// and dark, on five states, with the result visible without scrolling; the live summary; the
// verdicts' captions; the span list as a listbox; the error rows' marks; the words a screen
// reader says for controls and spaces; exact copies; the \u{…} escapes and the empty base; the
// rows of a long input on a phone.

/// <reference lib="dom" />

import { expect } from 'chai';
import { explain, parseWithDiagnostics, URL as OurURL } from 'url-grammar';
import { AXE_SOURCE, expectedSummary, PAGE_URL } from './issue38';
import { drawnText, readPage, setValue, type PageDriver } from './viewer-page';

export const SIZES: [number, number][] = [
  [1280, 900],
  [390, 844],
];

const LONG = `https://example.com/${'a b/'.repeat(25000)}`;

/** The five states of the issue: empty, valid, failing, CR/LF/TAB, 100 KB. */
export const STATES: [string, string][] = [
  ['empty', ''],
  ['valid', 'https://example.com/'],
  ['failing', 'https://user:pa ss@ex_ample.com:99999/a b/%zz?q=\u00fc#f g'],
  ['CR/LF/TAB', '\thttps://exa\tmple.com/a\r\nb c\u202E?q#f'],
  ['100 KB', LONG],
];

/** Sets the URL (the base and encoding to none and UTF-8 first), as typing would, and waits for a long input's deferred work. */
async function show(driver: PageDriver, url: string, base = ''): Promise<void> {
  await driver.evaluate(setValue, { id: 'encoding', value: 'UTF-8' });
  await driver.evaluate(setValue, { id: 'base', value: base });
  await driver.evaluate(setValue, { id: 'url', value: url });
  await settle(driver);
}

/** Waits until the page's deferred work is done and a frame is painted (the boxes that scroll are known then). */
async function settle(driver: PageDriver): Promise<void> {
  await driver.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const wait = () => (document.getElementById('results')!.hasAttribute('data-pending') ? setTimeout(wait, 20) : requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
        wait();
      }),
    null,
  );
}

/** The violations axe-core finds in the page, one line each. */
function axeViolations(): Promise<string[]> {
  const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] }> } }).axe;
  return axe.run(document).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`)));
}

/** Where the result line is, in the first screen, and what it says. */
function resultShown(): { top: number; bottom: number; height: number; scrolled: number; href: string | null; why: string | null } {
  const line = document.querySelector('#result-section .result-line')!;
  const box = line.getBoundingClientRect();
  return {
    top: box.top,
    bottom: box.bottom,
    height: innerHeight,
    scrolled: scrollY,
    href: line.querySelector('[data-field="href"]')?.getAttribute('data-value') ?? null,
    why: line.getAttribute('data-why') === null ? null : line.textContent,
  };
}

/**
 * axe-core finds no violation at 1280x900 and 390x844, with the page's theme light and dark (or
 * as the system, `themes`), for the five states; and, at both sizes, the href or the failure is on
 * the first screen (at the top of the page, with no scrolling).
 */
export async function checkAxeEverywhere(driver: PageDriver, themes: string[] = ['light', 'dark'], sizes = SIZES): Promise<void> {
  await driver.open(PAGE_URL);
  await driver.evaluate((source) => void (0, eval)(source), AXE_SOURCE);
  for (const [width, height] of sizes) {
    await driver.setViewport(width, height);
    for (const [name, url] of STATES) {
      await show(driver, url);
      await driver.evaluate(() => scrollTo(0, 0), null);
      const at = `${width}x${height}, ${name}`;
      const result = await driver.evaluate(resultShown, null);
      expect(result.scrolled, at).to.equal(0);
      expect(result.top, `${at}: the result's top`).to.be.at.least(0);
      expect(result.bottom, `${at}: the result's bottom is on the first screen`).to.be.at.most(result.height);
      const parsed = OurURL.parse(url);
      if (parsed) expect(result.href, at).to.equal(parsed.href);
      else {
        const failure = parseWithDiagnostics(url).errors.find((e) => e.failure)!;
        expect(result.why, at).to.contain(`url-grammar fails: ${failure.type} at [${failure.start}, ${failure.end}): ${failure.message}`);
      }
      for (const theme of themes) {
        await driver.evaluate(setValue, { id: 'theme', value: theme });
        expect(await driver.evaluate(axeViolations, null), `axe-core at ${at}, theme ${theme}`).to.deep.equal([]);
      }
    }
  }
  await driver.evaluate(setValue, { id: 'theme', value: 'system' });
  await driver.setViewport(1100, 900);
}

/** A copy of all that `selector` holds, selected, as the page answers it (or, when the page leaves the copy to the browser, the selection's text). */
function copyOf(selector: string): string {
  const holder = document.querySelector(selector)!;
  const range = document.createRange();
  range.selectNodeContents(holder);
  const selection = getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  const copy = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
  holder.dispatchEvent(copy);
  selection.removeAllRanges();
  return copy.defaultPrevented ? copy.clipboardData!.getData('text/plain') : range.toString();
}

/**
 * What the DOM gives a screen reader to say for each element `selector` matches: its text, the
 * words only it reads, the alternative text of what the CSS draws for a badge, nothing of what is
 * aria-hidden. (Chromium's own accessibility tree is read too, where the driver reaches it.)
 */
function spokenTexts(selector: string): string[] {
  const walk = (node: Node): string => {
    let out = '';
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === Node.TEXT_NODE) out += (c as Text).data;
      else if (c instanceof HTMLElement && c.getAttribute('aria-hidden') !== 'true') {
        const alt = c.classList.contains('cp') ? /\/\s*"(.*)"$/.exec(getComputedStyle(c, '::before').content)?.[1] : undefined;
        out += (alt ?? '') + walk(c);
      }
    }
    return out;
  };
  return Array.from(document.querySelectorAll(selector), walk);
}

/** The badges in an element: [the words inside it, what the CSS draws (a name, or U+2423 for a space), the alternative text of what it draws]. */
function badgesOf(selector: string): [string, string, string][] {
  return Array.from(document.querySelectorAll(`${selector} .cp`)).map((b) => {
    const content = getComputedStyle(b, '::before').content;
    const drawn = /^attr\(data-name\)/.test(content) ? (b as HTMLElement).dataset.name! : (/^"(.*?)"/.exec(content)?.[1] ?? content);
    return [b.textContent ?? '', drawn, /\/\s*"(.*)"$/.exec(content)?.[1] ?? `(no alternative text: ${content})`];
  });
}

/** The rest of issue 49: the summary, captions, listbox, marks, words, copies, escapes, empty base, a long input on a phone. */
export async function checkIssue49(driver: PageDriver): Promise<void> {
  await driver.open(PAGE_URL);
  await driver.setViewport(1280, 900);

  // 1. The live summary says the href, or the failure and why, and is out of the layout: nothing
  // moves when it is said. The captions read as results.
  for (const [, url] of STATES.slice(0, 4)) {
    await show(driver, url);
    const before = await driver.evaluate(() => document.getElementById('results')!.getBoundingClientRect().top, null);
    await driver.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)), null);
    const after = await driver.evaluate(() => ({ top: document.getElementById('results')!.getBoundingClientRect().top, summary: document.getElementById('summary')!.textContent, width: document.getElementById('summary')!.getBoundingClientRect().width }), null);
    expect(after.summary, JSON.stringify(url)).to.equal(expectedSummary(url));
    expect(after.top, 'no layout jump when the summary is said').to.equal(before);
    expect(after.width).to.be.at.most(1);
    const x = explain(url);
    const n = parseWithDiagnostics(url).errors.length;
    const captions = await driver.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('[data-verdict]'), (v) => [v.getAttribute('data-verdict'), v.querySelector('.verdict-what')!.textContent])), null);
    expect(captions, JSON.stringify(url)).to.deep.equal({
      parses: x.parses ? ' (the URL parser returns a URL)' : ' (the URL parser returns failure)',
      'parser-valid': x.parserValid ? ' (no validation error)' : ` (${n} validation error${n === 1 ? '' : 's'})`,
      'grammar-valid': x.grammarValid ? ' (a valid URL string by the writing rules)' : ' (not a valid URL string by the writing rules)',
    });
  }

  // 3. The span picker is a listbox (WAI-ARIA APG): one tab stop, no option inside another, the
  // first selected on focus, the arrows, Home, End, PageDown; the selection is the active descendant.
  const credentials = 'https://user:pass@example.com:8080/a/b?q#f';
  await show(driver, credentials);
  // (in input order: the keys go from span to span in this order, whichever row each is drawn on)
  const fields = ['scheme', 'slashes', 'userinfo', 'username', 'password', 'host', 'port', 'path[0]', 'path[1]', 'query', 'fragment'];
  const listbox = () => {
    const box = document.querySelector('.input-view [role="listbox"]')!;
    const active = document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    return {
      focused: document.activeElement === box,
      tabindex: box.getAttribute('tabindex'),
      options: Array.from(box.querySelectorAll('[role="option"]'), (o) => o.getAttribute('data-span-field')),
      nested: box.querySelectorAll('[role="option"] [role="option"]').length,
      places: Object.fromEntries(Array.from(box.querySelectorAll('[role="option"]'), (o) => [o.getAttribute('data-span-field'), `${o.getAttribute('aria-posinset')} of ${o.getAttribute('aria-setsize')}`])),
      // a row below the first says again only its spans: the rest of it is hidden from a screen reader
      repeated: Array.from(box.querySelectorAll('.line + .line'), (l) => Array.from(l.childNodes).filter((c) => !(c instanceof HTMLElement && (c.getAttribute('role') === 'option' || c.getAttribute('aria-hidden') === 'true'))).length),
      active: active?.getAttribute('data-span-field') ?? null,
      selected: Array.from(box.querySelectorAll('[aria-selected="true"]'), (o) => o.getAttribute('data-span-field')),
      detail: document.getElementById('span-detail')!.dataset.spanField ?? null,
    };
  };
  const order = await driver.evaluate(listbox, null);
  expect([...order.options].sort()).to.deep.equal([...fields].sort());
  expect(order).to.deep.include({ nested: 0, active: null, selected: [], tabindex: '0', places: Object.fromEntries(fields.map((f, i) => [f, `${i + 1} of ${fields.length}`])) });
  expect(order.repeated).to.deep.equal([0]);
  await driver.focus('.input-view [role="listbox"]');
  const keys: [string, string][] = [
    ['', fields[0]],
    ['ArrowDown', fields[1]],
    ['ArrowRight', fields[2]],
    ['ArrowUp', fields[1]],
    ['End', fields[10]],
    ['Home', fields[0]],
    ['PageDown', fields[10]],
    ['ArrowLeft', fields[9]],
    ['PageUp', fields[0]],
  ];
  for (const [key, field] of keys) {
    if (key) await driver.press(key);
    expect(await driver.evaluate(listbox, null), `after ${key || 'the focus'}`).to.deep.include({ focused: true, active: field, selected: [field], detail: field });
  }
  // Each option is named by its text, a control or a space in words; the selected one is described by what it is.
  await show(driver, 'https://exa\tmple.com/a b?');
  const options = await driver.evaluate(spokenTexts, '[role="option"]');
  expect(options).to.deep.equal(['https', '//', 'exa\u00a0tab character\u00a0mple.com', 'a\u00a0space\u00a0b', 'the query: empty']);
  await driver.focus('.input-view [role="listbox"]');
  await driver.press('ArrowDown');
  await driver.press('ArrowDown');
  const described = await driver.evaluate(() => {
    const option = document.querySelector('[aria-selected="true"]')!;
    return { field: option.getAttribute('data-span-field'), description: document.getElementById(option.getAttribute('aria-describedby')!)!.textContent };
  }, null);
  // (the rest of the description, what the parser did in the span, is issue 46's to word)
  expect(described.field).to.equal('host');
  expect(described.description).to.match(/^the host, \[8, 20\): /);
  if (driver.accessible) {
    expect(await driver.accessible('[data-span-field="host"]')).to.deep.include({ role: 'option', name: 'exa\u00a0tab character\u00a0mple.com' });
    expect((await driver.accessible('#url')).value).to.equal('https://exa\u00a0tab character\u00a0mple.com/a b?');
  }

  // 3. Control characters and spaces are words for a screen reader; their pictures and names are
  // drawn by the CSS with an empty alternative text (not read, not copied).
  const spoken = 'sc:\ta b\u202E';
  await show(driver, spoken);
  expect(await driver.evaluate(badgesOf, '#url')).to.deep.equal([
    ['\u00a0tab character\u00a0', 'TAB', ''],
    ['\u00a0right-to-left override\u00a0', 'U+202E', ''],
  ]);
  expect(OurURL.parse(spoken)!.pathname).to.equal('a b%E2%80%AE');
  // (a space's word is the alternative text of its picture: a long input has thousands, each one element)
  expect(await driver.evaluate(badgesOf, '[data-impl="url-grammar"][data-field="pathname"]')).to.deep.equal([['', '\u2423', '\u00a0space\u00a0']]);
  expect(await driver.evaluate(drawnText, '[data-impl="url-grammar"][data-field="pathname"]')).to.equal('a\u2423b%E2%80%AE');
  // The underlined part of each error row is a <mark>; the rest of the row is the input around it, shown (no hidden text).
  const marks = await driver.evaluate(
    () =>
      Array.from(document.querySelectorAll('.errors [data-error-type]'), (row) => ({
        at: [Number(row.getAttribute('data-start')), Number(row.getAttribute('data-end'))],
        marked: Array.from(row.querySelectorAll('mark'), (m) => m.textContent),
        hidden: Array.from(row.querySelectorAll('*')).filter((e) => !e.closest('.sr-only') && e.firstChild?.nodeType === Node.TEXT_NODE && getComputedStyle(e).color === 'rgba(0, 0, 0, 0)').length,
      })),
    null,
  );
  const errors = parseWithDiagnostics(spoken).errors;
  expect(marks.map((m) => m.at)).to.have.deep.members(errors.map((e) => [e.start, e.end]));
  for (const m of marks) {
    expect(m.marked).to.have.length(1);
    expect(m.hidden, 'no text hidden by its colour').to.equal(0);
  }
  if (driver.accessible) expect((await driver.accessible('.errors mark')).role).to.equal('mark');

  // 4. A copied value is the value: the href cell of mailto:a b?c d#e f, the result's href, a
  // pathname with a space in it; an input view row with a tab in it.
  const mailto = 'mailto:a b?c d#e f';
  await show(driver, mailto);
  const href = OurURL.parse(mailto)!.href;
  expect(href).to.contain(' ');
  expect(await driver.evaluate(copyOf, '[data-impl="url-grammar"][data-field="href"]')).to.equal(href);
  expect(await driver.evaluate(copyOf, '[data-impl="native"][data-field="href"] code')).to.equal(href);
  expect(await driver.evaluate(copyOf, '#result-section [data-field="href"]')).to.equal(href);
  expect(await driver.evaluate(copyOf, '[data-impl="url-grammar"][data-field="pathname"]')).to.equal(OurURL.parse(mailto)!.pathname);
  // (no value holds the input view's line: the code points of its badges, without the words; a U+2423 of the input is itself)
  await show(driver, 'sc:/\ta b\u2423c');
  expect(await driver.evaluate(copyOf, '.input-view .line')).to.equal('sc:/\ta b\u2423c');
  const clipped = `sc:${'x y/'.repeat(100)}`;
  await show(driver, clipped);
  expect(await driver.evaluate(copyOf, '[data-impl="url-grammar"][data-field="pathname"]'), 'a clipped value copies whole').to.equal(OurURL.parse(clipped)!.pathname);

  // 5. \u{…} escapes: shown on request, typed, and the value is kept exactly.
  const escaped = 'https://a/\t\u202E\\u{41}b';
  await show(driver, escaped);
  await driver.evaluate(() => (document.getElementById('escapes') as HTMLInputElement).click(), null);
  expect(await driver.evaluate(() => document.getElementById('url')!.textContent, null)).to.equal('https://a/\\u{9}\\u{202E}\\u{5C}u{41}b');
  expect((await driver.evaluate(readPage, null)).url).to.equal(escaped);
  await driver.focus('#url');
  await driver.press('Control+End');
  await driver.keyboardType('\\u{A}\\u{1F600}');
  const typed = await driver.evaluate(readPage, null);
  expect(typed.url).to.equal(`${escaped}\n\u{1F600}`);
  expect(JSON.parse(typed.rendered!).url).to.equal(typed.url);
  expect(typed.errors.map((e) => e[0])).to.include('invalid-URL-unit');
  await driver.evaluate(() => (document.getElementById('escapes') as HTMLInputElement).click(), null);
  expect(await driver.evaluate(drawnText, '#url')).to.equal('https://a/TABU+202E\\u{41}bLF\u{1F600}');
  expect((await driver.evaluate(readPage, null)).url).to.equal(`${escaped}\n\u{1F600}`);

  // 5. The empty string as the base: new URL(input, "") fails; the permalink keeps it; a base typed unticks it.
  await show(driver, '/a');
  await driver.evaluate(() => (document.getElementById('empty-base') as HTMLInputElement).click(), null);
  const empty = await driver.evaluate(readPage, null);
  expect(JSON.parse(empty.rendered!)).to.deep.equal({ url: '/a', base: '', encoding: 'UTF-8' });
  expect(empty.values.filter((v) => v.field === 'href').map((v) => v.value)).to.deep.equal([null, null, null]);
  expect(await driver.evaluate(() => document.querySelector('[data-why="base"]')?.textContent ?? null, null)).to.contain('the base URL does not parse');
  expect(empty.hash).to.equal('#url=%2Fa&base=');
  await driver.open(empty.permalink);
  expect(await driver.evaluate(() => ({ checked: (document.getElementById('empty-base') as HTMLInputElement).checked, rendered: JSON.parse(document.getElementById('results')!.getAttribute('data-rendered')!) }), null)).to.deep.equal({ checked: true, rendered: { url: '/a', base: '', encoding: 'UTF-8' } });
  await driver.focus('#base');
  await driver.keyboardType('https://h/');
  const based = await driver.evaluate(() => ({ checked: (document.getElementById('empty-base') as HTMLInputElement).checked, rendered: JSON.parse(document.getElementById('results')!.getAttribute('data-rendered')!) }), null);
  expect(based).to.deep.equal({ checked: false, rendered: { url: '/a', base: 'https://h/', encoding: 'UTF-8' } });
  expect((await driver.evaluate(readPage, null)).values.find((v) => v.impl === 'url-grammar' && v.field === 'href')!.value).to.equal(OurURL.parse('/a', 'https://h/')!.href);

  // 2. A 100 KB input on a phone: each error row drawn as it scrolls is readable (one line of the
  // row's height, its mark reached by scrolling the box across), and End scrolls the last span into view.
  await driver.setViewport(390, 844);
  await show(driver, LONG);
  const rows = await driver.evaluate(() => {
    const box = document.querySelector('.errors .windowed') as HTMLElement;
    return Array.from(box.querySelectorAll('.error'), (row) => {
      const mark = row.querySelector('mark')!;
      mark.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = row.getBoundingClientRect();
      const m = mark.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return { height: r.height, line: row.querySelector('.line')!.getBoundingClientRect().height, inRow: m.top >= r.top && m.bottom <= r.bottom, inBox: m.left >= b.left && m.right <= b.right };
    });
  }, null);
  expect(rows.length).to.be.within(5, 100);
  for (const row of rows) expect(row).to.deep.equal({ height: 30, line: row.line, inRow: true, inBox: true });
  for (const row of rows) expect(row.line).to.be.at.most(30);
  // (a long input's rows draw a space as its picture, U+2423: a copy gives the spaces)
  const row = await driver.evaluate(() => {
    const chunks = Array.from(document.querySelectorAll('.input-view .chunk'));
    return { from: Number(chunks[0].getAttribute('data-from')), to: Number(chunks[1].getAttribute('data-from')), drawn: chunks[0].querySelector('.line')!.textContent };
  }, null);
  expect(row.from).to.equal(0);
  expect(row.drawn).to.equal(LONG.slice(0, row.to).replace(/ /g, '\u2423'));
  expect(await driver.evaluate(copyOf, '.input-view .chunk .line')).to.equal(LONG.slice(0, row.to));
  await driver.focus('.input-view [role="listbox"]');
  await driver.press('End');
  const end = await driver.evaluate(() => {
    const box = document.querySelector('.input-view [role="listbox"]')!;
    const span = document.getElementById(box.getAttribute('aria-activedescendant')!)!;
    const s = span.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return { field: span.getAttribute('data-span-field'), inside: s.left >= b.left && s.right <= b.right && s.top >= b.top && s.bottom <= b.bottom };
  }, null);
  expect(end).to.deep.equal({ field: 'path[25000]', inside: true });
  await driver.setViewport(1100, 900);
}
