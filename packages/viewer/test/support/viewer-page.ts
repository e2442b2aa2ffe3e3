// The checks the viewer page must pass in a real browser, shared by viewer-chromium.test.ts
// (playwright-core) and viewer-firefox.test.ts (puppeteer-core over WebDriver BiDi). Each
// browser test supplies a PageDriver; everything else is here.

/// <reference lib="dom" />

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { URL as OurURL, explain, parseWithDiagnostics, parseURL, serializeURL, type IntermediateRecord, type Span } from 'url-grammar';
import { CORE_ROOT } from './cli';

export const VIEWER_PAGE = join(__dirname, '..', '..', 'dist', 'index.html');
export const FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
type Field = (typeof FIELDS)[number];

export interface PageDriver {
  /** Opens `url` in a fresh tab (closing the previous one); console errors and page errors go to `problems`. */
  open(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page. */
  evaluate<A, T>(fn: (arg: A) => T, arg: A): Promise<T>;
  /** Types `text` into the element with the keyboard, after clearing it. */
  type(selector: string, text: string): Promise<void>;
  screenshot(file: string, clip: { width: number; height: number }): Promise<void>;
  /** Sets the viewport's size. */
  setViewport(width: number, height: number): Promise<void>;
  /** Puts the focus on the element. */
  focus(selector: string): Promise<void>;
  /** Presses a key, with modifiers written before it ("Control+End", "Shift+Enter"). */
  press(key: string): Promise<void>;
  /** Types text with the keyboard where the focus is. */
  keyboardType(text: string): Promise<void>;
  /** The browser's own accessibility node of the element `selector` matches, where the driver can reach it (Chromium's DevTools protocol). */
  accessible?(selector: string): Promise<{ role: string; name: string; value: string | null }>;
  problems: string[];
}

interface WptCase {
  input: string;
  base: string | null;
  failure?: boolean;
}

/**
 * 100 WPT urltestdata cases, spread over the file, half with a base. Left out: inputs with CR or
 * LF (typed here, and a keyboard cannot type them: checkPermalinks takes every input) and with lone
 * surrogates (the drivers carry text as UTF-8 JSON, which cannot hold them).
 */
export function pageCases(): WptCase[] {
  const data = JSON.parse(readFileSync(join(CORE_ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[];
  const usable = (s: string) => !/[\r\n]/.test(s) && s === s.toWellFormed();
  const all = data.filter((c): c is WptCase => typeof c === 'object' && c !== null && 'input' in c).filter((c) => usable(c.input) && (c.base === null || (c.base !== '' && usable(c.base))));
  const pick = (list: WptCase[], n: number) => Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
  return [...pick(all.filter((c) => c.base === null), 50), ...pick(all.filter((c) => c.base !== null), 50)];
}

/** What the page shows, read through the test hooks. */
export interface Shown {
  rendered: string | null;
  url: string;
  base: string;
  values: { impl: string; field: string; value: string | null }[];
  errors: [string, number, number][];
  spans: [string, number, number][];
  verdicts: Record<string, string | null>;
  hash: string;
  permalink: string;
}

export function readPage(): Shown {
  const num = (e: Element, a: string) => Number(e.getAttribute(a));
  return {
    rendered: document.getElementById('results')!.getAttribute('data-rendered'),
    url: (document.getElementById('url') as HTMLInputElement).value,
    base: (document.getElementById('base') as HTMLInputElement).value,
    values: Array.from(document.querySelectorAll('[data-impl][data-field]')).map((e) => ({ impl: e.getAttribute('data-impl')!, field: e.getAttribute('data-field')!, value: e.getAttribute('data-value') })),
    errors: Array.from(document.querySelectorAll('[data-error-type]')).map((e) => [e.getAttribute('data-error-type')!, num(e, 'data-start'), num(e, 'data-end')] as [string, number, number]),
    spans: Array.from(document.querySelectorAll('[data-span-field]')).map((e) => [e.getAttribute('data-span-field')!, num(e, 'data-start'), num(e, 'data-end')] as [string, number, number]),
    verdicts: Object.fromEntries(Array.from(document.querySelectorAll('[data-verdict]')).map((e) => [e.getAttribute('data-verdict')!, e.getAttribute('data-value')])),
    hash: location.hash,
    permalink: (document.getElementById('permalink') as HTMLAnchorElement).href,
  };
}

/**
 * What the first element `selector` matches shows to the eye: its text, each badge (a space, a
 * control, an invisible code point) as the name or picture the CSS draws for it (data-name), the
 * words only a screen reader reads left out.
 */
export function drawnText(selector: string): string {
  const walk = (node: Node): string => {
    let out = '';
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === Node.TEXT_NODE) out += (c as Text).data;
      else if (c instanceof HTMLElement) {
        if (c.dataset.name !== undefined) out += c.dataset.name;
        else if (!c.classList.contains('sr-only')) out += walk(c);
      }
    }
    return out;
  };
  const e = document.querySelector(selector);
  return e ? walk(e) : '';
}

/** Sets an input's value and fires `input`, as typing would (the viewer updates on `input`). */
export function setValue(arg: { id: string; value: string }): void {
  const e = document.getElementById(arg.id) as HTMLInputElement | HTMLSelectElement;
  e.value = arg.value;
  e.dispatchEvent(new Event(e.localName === 'select' ? 'change' : 'input', { bubbles: true }));
}

function nativeComponents(arg: { input: string; base: string }): Record<string, string> | null {
  try {
    const u = arg.base === '' ? new URL(arg.input) : new URL(arg.input, arg.base);
    const out: Record<string, string> = {};
    for (const f of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']) out[f] = String((u as unknown as Record<string, string>)[f]);
    return out;
  } catch {
    return null;
  }
}

function ourComponents(input: string, base: string): Record<Field, string> | null {
  const u = OurURL.parse(input, base === '' ? undefined : base);
  if (!u) return null;
  return Object.fromEntries(FIELDS.map((f) => [f, u[f]])) as Record<Field, string>;
}

export function expectedSpans(record: IntermediateRecord | null): [string, number, number][] {
  const out: [string, number, number][] = [];
  if (!record) return out;
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) value.forEach((s: Span, i) => out.push([`${key}[${i}]`, s.start, s.end]));
    else if (value && typeof value === 'object') out.push([key, (value as Span).start, (value as Span).end]);
  }
  return out;
}

export const sortErrors = (list: [string, number, number][]) => [...list].sort((a, b) => a[1] - b[1] || a[2] - b[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

export const sortSpans = (list: [string, number, number][]) => [...list].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));

/** Checks what the page shows for its current input against the library and the browser. */
async function checkShown(driver: PageDriver, shown: Shown, label: string): Promise<void> {
  const { url: input, base } = shown;
  expect(JSON.parse(shown.rendered ?? 'null'), `${label}: rendered state`).to.deep.include({ url: input, base: base === '' ? null : base });
  const ours = ourComponents(input, base);
  const native = await driver.evaluate(nativeComponents, { input, base });
  for (const v of shown.values) {
    const expected = v.impl === 'url-grammar' ? ours : v.impl === 'native' ? native : undefined;
    if (expected === undefined) continue;
    expect(v.value, `${label}: ${v.impl} ${v.field}`).to.equal(expected === null ? null : expected[v.field as Field]);
  }
  expect(shown.values.filter((v) => v.impl === 'url-grammar')).to.have.length(FIELDS.length);
  expect(shown.values.filter((v) => v.impl === 'native')).to.have.length(FIELDS.length);
  const d = parseWithDiagnostics(input, base === '' ? {} : { baseURL: base });
  // The page groups identical errors (url-grammar issue 38): the same errors, in groups.
  expect(sortErrors(shown.errors), `${label}: validation errors`).to.deep.equal(sortErrors(d.errors.map((e) => [e.type, e.start, e.end])));
  expect(sortSpans(shown.spans), `${label}: record spans`).to.deep.equal(sortSpans(expectedSpans(d.record)));
  const baseOK = base === '' || parseURL(base) !== null;
  const x = baseOK ? explain(input, { baseURL: base === '' ? null : base }) : null;
  expect(shown.verdicts, `${label}: verdicts`).to.deep.equal({
    parses: String(x?.parses ?? false),
    'parser-valid': String(x?.parserValid ?? false),
    'grammar-valid': String(x?.grammarValid ?? false),
  });
}

export interface ViewerRunOptions {
  /** Where to save the screenshot. */
  screenshot: string;
  /** How many cases to type with the keyboard (the rest are set as typing would set them). */
  typed?: number;
}

/** Runs every check of the page with `driver`; returns how many cases it checked. */
export async function checkViewerPage(driver: PageDriver, options: ViewerRunOptions): Promise<number> {
  const page = pathToFileURL(VIEWER_PAGE).href;
  await driver.open(page);
  const first = await driver.evaluate(readPage, null);
  await checkShown(driver, first, 'the page as it opens');

  const cases = pageCases();
  expect(cases).to.have.length(100);
  const typed = options.typed ?? 4;
  let last: Shown | null = null;
  let keyboard = 0;
  for (const [i, c] of cases.entries()) {
    const base = c.base ?? '';
    await driver.evaluate(setValue, { id: 'base', value: base });
    // a few are typed key by key: plain printable ASCII only (Tab would move the focus)
    if (i % Math.floor(cases.length / typed) === 0 && /^[\x20-\x7e]*$/.test(c.input)) {
      await driver.type('#url', c.input);
      keyboard++;
    } else await driver.evaluate(setValue, { id: 'url', value: c.input });
    const shown = await driver.evaluate(readPage, null);
    const label = `#${i} ${JSON.stringify(c.input)}${c.base === null ? '' : ` against ${JSON.stringify(c.base)}`}`;
    expect(shown.url, `${label}: the input holds the case`).to.equal(c.input);
    expect(shown.base).to.equal(base);
    await checkShown(driver, shown, label);
    expect(shown.values.find((v) => v.impl === 'url-grammar' && v.field === 'href')!.value === null, `${label}: WPT's verdict`).to.equal(c.failure === true);
    last = shown;
  }

  expect(keyboard, 'cases typed with the keyboard').to.be.at.least(2);

  // the encoding: url-grammar encodes the query with it
  await driver.evaluate(setValue, { id: 'base', value: '' });
  await driver.evaluate(setValue, { id: 'url', value: 'https://example.org/ü?ü=€' });
  await driver.evaluate(setValue, { id: 'encoding', value: 'windows-1252' });
  const encoded = await driver.evaluate(readPage, null);
  const search = encoded.values.find((v) => v.impl === 'url-grammar' && v.field === 'search')!.value;
  expect(search).to.equal('?%FC=%80').and.to.equal(`?${parseURL('https://example.org/ü?ü=€', { encoding: 'windows-1252' })!.query}`);
  expect(serializeURL(parseURL('https://example.org/ü?ü=€')!)).to.not.contain('%FC');
  expect(encoded.hash).to.contain('encoding=windows-1252');

  // the permalink reloads to the same state
  const withBase = cases.find((c) => c.base !== null && !c.failure)!;
  await driver.evaluate(setValue, { id: 'base', value: withBase.base! });
  await driver.evaluate(setValue, { id: 'url', value: withBase.input });
  const before = await driver.evaluate(readPage, null);
  expect(before.permalink.endsWith(before.hash)).to.equal(true);
  await driver.open(before.permalink);
  const after = await driver.evaluate(readPage, null);
  expect(after).to.deep.equal(before);
  expect(await driver.evaluate(() => (document.getElementById('encoding') as HTMLSelectElement).value, null)).to.equal('windows-1252');
  expect(last).to.not.equal(null);

  // copy as JSON shows (and, where the page may, copies) the results
  const json = await driver.evaluate(() => {
    (document.getElementById('copy-json') as HTMLButtonElement).click();
    return (document.getElementById('json') as HTMLTextAreaElement).value;
  }, null);
  const parsed = JSON.parse(json);
  expect(parsed.input).to.equal(withBase.input);
  expect(parsed.base).to.equal(withBase.base);
  expect(parsed.components['url-grammar']?.href ?? null).to.equal(ourComponents(withBase.input, withBase.base!)?.href ?? null);

  // the diagrams: the rules the input went through, with the way drawn along the lines
  const diagrams = await driver.evaluate(
    () => ({
      svgs: document.querySelectorAll('.diagrams svg.railroad-diagram').length,
      onLines: document.querySelectorAll('.diagrams svg path.rr-on').length,
      off: document.querySelectorAll('.diagrams svg .rr-off').length,
      stroke: (() => {
        const p = document.querySelector('.diagrams svg path.rr-on');
        return p ? getComputedStyle(p).stroke : null;
      })(),
    }),
    null,
  );
  expect(diagrams.svgs).to.be.greaterThan(3);
  expect(diagrams.onLines).to.be.greaterThan(0);
  expect(diagrams.off).to.be.greaterThan(0);
  expect(diagrams.stroke).to.not.equal('rgb(0, 0, 0)');

  await checkIssue22(driver, page);

  // the screenshot: the README's example
  await driver.evaluate(setValue, { id: 'encoding', value: 'UTF-8' });
  await driver.evaluate(setValue, { id: 'base', value: '' });
  await driver.evaluate(setValue, { id: 'url', value: 'https://user@exämple.org:8080/a/./b/../c?q=ü#f' });
  await driver.screenshot(options.screenshot, { width: 1100, height: 1500 });

  expect(driver.problems).to.deep.equal([]);
  return cases.length;
}

/** Sets the inputs as typing would, in order, and returns what the page shows then. */
async function show(driver: PageDriver, url: string, base = '', encoding = 'UTF-8'): Promise<Shown> {
  await driver.evaluate(setValue, { id: 'encoding', value: encoding });
  await driver.evaluate(setValue, { id: 'base', value: base });
  await driver.evaluate(setValue, { id: 'url', value: url });
  return driver.evaluate(readPage, null);
}

/** The value of a component cell as shown: its text (each badge as it is drawn), and whether it is the muted empty string. */
function cellShown(arg: { impl: string; field: string }): { text: string; empty: boolean; value: string | null } {
  const cell = document.querySelector(`[data-impl="${arg.impl}"][data-field="${arg.field}"]`)!;
  const walk = (node: Node): string => Array.from(node.childNodes, (c) => (c.nodeType === Node.TEXT_NODE ? (c as Text).data : c instanceof HTMLElement ? (c.dataset.name ?? (c.classList.contains('sr-only') ? '' : walk(c))) : '')).join('');
  return { text: walk(cell), empty: cell.querySelector('.empty-value') !== null, value: cell.getAttribute('data-value') };
}

/** Waits for the page to take a new fragment (its hashchange listener runs before this one's timeout). */
function setHash(hash: string): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('hashchange', () => setTimeout(resolve, 0), { once: true });
    location.hash = hash;
  });
}

/** The checks of url-grammar issue 22's items 2, 3, 5, 6 and 7. */
async function checkIssue22(driver: PageDriver, page: string): Promise<void> {
  // Item 1: a domain-to-ASCII error is a failure only where the parse fails. http://ex_ample.com/
  // and http://xn--a.com/ parse: their error is drawn without the failure underline or words;
  // http://a⒈.com/ fails, and its error is a failure.
  for (const [url, failing] of [
    ['http://ex_ample.com/', false],
    ['http://xn--a.com/', false],
    ['http://a\u2488.com/', true],
  ] as Array<[string, boolean]>) {
    await show(driver, url);
    const drawn = await driver.evaluate(() => {
      const row = document.querySelector('[data-error-type="domain-to-ASCII"]');
      const results = document.querySelector('#results')!;
      // (the error rows only: the legend shows a failure's underline as a sample)
      const errors = results.querySelector('.errors')!;
      return { found: row !== null, underline: errors.querySelector('.underline.failure') !== null, words: (errors.textContent ?? '').includes('(a failure)') };
    }, null);
    expect(drawn.found, url).to.equal(true);
    expect(drawn.underline, url).to.equal(failing);
    expect(drawn.words, url).to.equal(failing);
    expect(parseWithDiagnostics(url).url === null, url).to.equal(failing);
  }
  // Item 6: a failing input draws its complete path, and marks where the semantic pass stopped:
  // a marker and a caption in the diagram of the rule whose match holds the failure, and the box
  // it was entered through in red.
  const stopped = 'http://a b/';
  const failure = parseWithDiagnostics(stopped).errors.find((e) => e.failure)!;
  await show(driver, stopped);
  const stop = await driver.evaluate(() => {
    const caption = document.querySelector('.diagrams [data-stop-type]');
    if (!caption) return null;
    const marker = caption.querySelector('.stop-marker');
    return {
      type: caption.getAttribute('data-stop-type'),
      start: Number(caption.getAttribute('data-start')),
      end: Number(caption.getAttribute('data-end')),
      text: caption.textContent ?? '',
      rule: caption.closest('[data-rule]')?.getAttribute('data-rule') ?? null,
      marker: marker ? marker.getBoundingClientRect().width > 5 : false,
      boxes: document.querySelectorAll('.diagrams svg .rr-stop').length,
    };
  }, null);
  expect(stop, 'a stop marker for http://a b/').to.not.equal(null);
  expect(stop).to.deep.include({ type: failure.type, start: failure.start, end: failure.end, rule: 'special-host', marker: true, boxes: 1 });
  expect(stop!.text).to.contain(`the semantic pass failed here: ${failure.type} at [${failure.start}, ${failure.end})`);
  await show(driver, 'http://a/');
  expect(await driver.evaluate(() => document.querySelectorAll('.diagrams [data-stop-type], .diagrams .rr-stop').length, null), 'no stop marker when the parse succeeds').to.equal(0);
  // The host grammar's structure: an IPv6 address (with its embedded IPv4 part), an IPv4 address.
  const hostRules = () => Array.from(document.querySelectorAll('.diagrams [data-grammar="host"]')).filter((e) => e.querySelector('svg.railroad-diagram')).map((e) => e.getAttribute('data-rule'));
  await show(driver, 'http://[::ffff:1.2.3.4]/');
  expect(await driver.evaluate(hostRules, null)).to.include.members(['ipv6-address', 'ipv6-body', 'ipv6-ipv4']);
  await show(driver, 'http://0x7f.1/');
  expect(await driver.evaluate(hostRules, null)).to.include.members(['ends-in-a-number', 'ipv4-address', 'ipv4-part', 'ipv4-hex-number']);
  await show(driver, 'http://example.com/');
  expect(await driver.evaluate(hostRules, null), 'a domain draws no host grammar').to.deep.equal([]);

  // Item 2: invisible code points, format and bidi controls and spaces other than U+0020 show as
  // a boxed U+ number, in the input view and in the error rows; data-value stays the raw string.
  const sneaky = 'https://exa\u200Bmple.com/a\u00ADb/\u202Ec';
  const sneakyShown = await show(driver, sneaky);
  await checkShown(driver, sneakyShown, 'invisible code points');
  const badges = {
    line: await driver.evaluate(drawnText, '.input-view .line'),
    badges: await driver.evaluate(() => Array.from(document.querySelectorAll('.input-view .line .cp:not(.sp)')).map((e) => [e.getAttribute('data-name'), e.getBoundingClientRect().width] as [string, number]), null),
  };
  expect(badges.line).to.equal('https://exaU+200Bmple.com/aU+00ADb/U+202Ec');
  expect(badges.badges.map((b) => b[0])).to.deep.equal(['U+200B', 'U+00AD', 'U+202E']);
  for (const [name, width] of badges.badges) expect(width, `${name} is drawn`).to.be.greaterThan(10);
  const nbsp = await show(driver, 'sc:a\u00A0b\uFEFFc d\u2028');
  expect(await driver.evaluate(drawnText, '.input-view .line')).to.equal('sc:aU+00A0bU+FEFFc\u2423dU+2028');
  // A value keeps its pictures too (an opaque path keeps its spaces); data-value is exact.
  await show(driver, 'sc:a b');
  expect(await driver.evaluate(cellShown, { impl: 'url-grammar', field: 'pathname' })).to.deep.equal({ text: 'a\u2423b', empty: false, value: 'a b' });
  await checkShown(driver, nbsp, 'a no-break space, a byte order mark and a line separator');

  // Item 3: the spans of a right-to-left URL stay in input order, left to right.
  const rtl = 'https://user@\u0645\u062B\u0627\u0644.\u0625\u062E\u062A\u0628\u0627\u0631:99/%D8%A7?\u0628#\u062C';
  await checkShown(driver, await show(driver, rtl), 'a right-to-left host');
  const boxes = await driver.evaluate(
    () =>
      Array.from(document.querySelectorAll('.input-view .line [data-span-field]')).map((e) => {
        const box = e.getBoundingClientRect();
        return { field: e.getAttribute('data-span-field')!, start: Number(e.getAttribute('data-start')), end: Number(e.getAttribute('data-end')), left: box.left, right: box.right };
      }),
    null,
  );
  expect(boxes.map((b) => b.field)).to.include.members(['scheme', 'username', 'host', 'port', 'path[0]', 'query', 'fragment']);
  const ordered = [...boxes].sort((a, b) => a.start - b.start);
  for (const a of ordered) {
    for (const b of ordered) {
      if (a.end <= b.start && a.start < b.start) expect(a.right, `${a.field} is left of ${b.field}`).to.be.at.most(b.left + 0.5);
    }
  }

  // Item 5: an empty value is said in words; data-value stays "".
  await show(driver, 'https://example.com/');
  expect(await driver.evaluate(cellShown, { impl: 'url-grammar', field: 'username' })).to.deep.equal({ text: '(empty string)', empty: true, value: '' });
  expect(await driver.evaluate(cellShown, { impl: 'native', field: 'search' })).to.deep.equal({ text: '(empty string)', empty: true, value: '' });
  // A failing parse says why: its failure errors, or the base URL.
  const failing = 'http://[::1';
  await show(driver, failing);
  const failures = parseWithDiagnostics(failing).errors.filter((e) => e.failure);
  expect(failures).to.not.deep.equal([]);
  const why = await driver.evaluate(() => document.querySelector('[data-why]')?.textContent ?? null, null);
  for (const e of failures) expect(why).to.contain(e.type).and.to.contain(e.message);
  await show(driver, 'a', 'not a base');
  expect(await driver.evaluate(() => document.querySelector('[data-why="base"]')?.textContent ?? null, null)).to.contain('the base URL does not parse');
  await show(driver, 'https://example.com/');
  expect(await driver.evaluate(() => document.querySelector('[data-why]'), null)).to.equal(null);

  // Item 7 (d, e): each writing problem is said once, the ones after the first in a <details>.
  const twoProblems = 'https://xn--a.com:99999/';
  const problems = explain(twoProblems).problems;
  expect(problems).to.have.length(2);
  await show(driver, twoProblems);
  const notes = await driver.evaluate(() => {
    const more = document.querySelector('.notes details') as HTMLDetailsElement | null;
    const shownBefore = more?.querySelector('li')?.checkVisibility() ?? null;
    more?.querySelector('summary')!.click();
    return { text: document.querySelector('.notes')!.textContent ?? '', summary: more?.querySelector('summary')!.textContent ?? null, open: more?.open ?? false, shownBefore, shownAfter: more?.querySelector('li')?.checkVisibility() ?? null };
  }, null);
  expect(notes.summary).to.equal('and 1 more');
  expect(notes.open).to.equal(true);
  expect([notes.shownBefore, notes.shownAfter], 'the second problem is hidden, then shown').to.deep.equal([false, true]);
  for (const p of problems) expect(notes.text.split(p.message).length - 1, p.message).to.equal(1);

  // Item 7 (f): the host's type and the path's processing are text.
  await show(driver, 'https://a/b/%2e%2E/./c');
  const facts = await driver.evaluate(() => ({ host: document.querySelector('[data-host-type]')?.getAttribute('data-host-type') ?? null, steps: Array.from(document.querySelectorAll('.path-step')).map((e) => e.textContent) }), null);
  expect(facts).to.deep.equal({ host: 'a domain', steps: ['"%2e%2E" at [12, 18): a double-dot segment removes the path\'s last segment "b"', '"." at [19, 20): "." is removed (a single-dot segment)'] });
  await show(driver, 'http://0x7f.1/');
  expect(await driver.evaluate(() => document.querySelector('[data-host-type]')!.textContent, null)).to.equal('the host is an IPv4 address: 127.0.0.1');

  // Item 7 (a): a new fragment's encoding label is read and mapped to the select's option.
  await show(driver, 'https://example.org/');
  await driver.evaluate(setHash, `#url=${encodeURIComponent('https://example.org/?\u00fc')}&encoding=latin1`);
  const latin1 = await driver.evaluate(readPage, null);
  expect(await driver.evaluate(() => (document.getElementById('encoding') as HTMLSelectElement).value, null)).to.equal('windows-1252');
  expect(JSON.parse(latin1.rendered!)).to.deep.equal({ url: 'https://example.org/?\u00fc', base: null, encoding: 'windows-1252' });
  expect(latin1.values.find((v) => v.impl === 'url-grammar' && v.field === 'search')!.value).to.equal('?%FC');

  // Item 7 (c): a lone surrogate survives the permalink (built in the page: the drivers carry UTF-8).
  const link = await driver.evaluate(() => {
    const input = document.getElementById('url') as HTMLInputElement;
    input.value = `https://h/a${String.fromCharCode(0xd800)}b${String.fromCharCode(0xdc00)}?${String.fromCharCode(0xdbff, 0xdfff)}`;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return (document.getElementById('permalink') as HTMLAnchorElement).href;
  }, null);
  expect(link).to.contain('%ED%A0%80').and.to.contain('%ED%B0%80').and.to.contain('%F4%8F%BF%BF');
  await driver.open(link);
  const units = await driver.evaluate(() => {
    const value = (document.getElementById('url') as HTMLInputElement).value;
    return Array.from({ length: value.length }, (_, i) => value.charCodeAt(i));
  }, null);
  const expected = 'https://h/a\uD800b\uDC00?\uDBFF\uDFFF';
  expect(units).to.deep.equal(Array.from({ length: expected.length }, (_, i) => expected.charCodeAt(i)));
  expect(await driver.evaluate(() => location.href, null)).to.equal(link);

  // Item 7 (b): an unknown encoding in the fragment is said; UTF-8 is used.
  await driver.open(`${page}#url=x&encoding=bogus`);
  const bogus = await driver.evaluate(() => {
    const message = document.getElementById('encoding-message')!;
    return { hidden: message.hidden, text: message.textContent, encoding: (document.getElementById('encoding') as HTMLSelectElement).value };
  }, null);
  expect(bogus).to.deep.equal({ hidden: false, text: 'The link\'s encoding "bogus" is not an Encoding Standard label; UTF-8 is used.', encoding: 'UTF-8' });

  // Item 7 (h): the URL field has the focus, there is a dark mode, and a wavy underline is thick
  // enough to see in Firefox. (Issue 38: the live region is #summary, a short summary; #results,
  // rebuilt on each keystroke, is not one.)
  await driver.open(page);
  const a11y = await driver.evaluate(() => {
    const dark = Array.from(document.styleSheets).some((sheet) => Array.from(sheet.cssRules).some((rule) => /light-dark\(/.test(rule.cssText)));
    return { focused: document.activeElement?.id ?? null, live: document.getElementById('results')!.getAttribute('aria-live'), summary: document.getElementById('summary')!.getAttribute('role'), dark };
  }, null);
  expect(a11y).to.deep.equal({ focused: 'url', live: null, summary: 'status', dark: true });
  await show(driver, 'https://a b/');
  const thickness = await driver.evaluate(() => getComputedStyle(document.querySelector('.error .underline')!).textDecorationThickness, null);
  expect(parseFloat(thickness)).to.be.at.least(2);

  // Item 7 (g): at 375 pixels wide the page is no wider than the screen.
  await driver.setViewport(375, 800);
  for (const url of ['https://user@ex\u00e4mple.org:8080/a/./b/../c?q=\u00fc#f', rtl, sneaky, 'http://[::1']) {
    await show(driver, url);
    const width = await driver.evaluate(() => document.documentElement.scrollWidth, null);
    expect(width, `the page's width for ${JSON.stringify(url)}`).to.be.at.most(375);
  }
  await driver.setViewport(1100, 900);
}
