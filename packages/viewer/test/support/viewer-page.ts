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
  problems: string[];
}

interface WptCase {
  input: string;
  base: string | null;
  failure?: boolean;
}

/**
 * 100 WPT urltestdata cases, spread over the file, half with a base. Left out: inputs with CR or
 * LF (an <input> element's value cannot hold them: the HTML value sanitization strips them) and
 * with lone surrogates (the drivers carry text as UTF-8 JSON, which cannot hold them).
 */
export function pageCases(): WptCase[] {
  const data = JSON.parse(readFileSync(join(CORE_ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[];
  const usable = (s: string) => !/[\r\n]/.test(s) && s === s.toWellFormed();
  const all = data.filter((c): c is WptCase => typeof c === 'object' && c !== null && 'input' in c).filter((c) => usable(c.input) && (c.base === null || (c.base !== '' && usable(c.base))));
  const pick = (list: WptCase[], n: number) => Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
  return [...pick(all.filter((c) => c.base === null), 50), ...pick(all.filter((c) => c.base !== null), 50)];
}

/** What the page shows, read through the test hooks. */
interface Shown {
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

function readPage(): Shown {
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

/** Sets an input's value and fires `input`, as typing would (the viewer updates on `input`). */
function setValue(arg: { id: string; value: string }): void {
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

function expectedSpans(record: IntermediateRecord | null): [string, number, number][] {
  const out: [string, number, number][] = [];
  if (!record) return out;
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) value.forEach((s: Span, i) => out.push([`${key}[${i}]`, s.start, s.end]));
    else if (value && typeof value === 'object') out.push([key, (value as Span).start, (value as Span).end]);
  }
  return out;
}

const sortSpans = (list: [string, number, number][]) => [...list].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));

/** Checks what the page shows for its current input against the library and the browser. */
async function checkShown(driver: PageDriver, shown: Shown, label: string): Promise<void> {
  const { url: input, base } = shown;
  expect(JSON.parse(shown.rendered ?? 'null'), `${label}: rendered state`).to.deep.include({ url: input, base });
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
  expect(shown.errors, `${label}: validation errors`).to.deep.equal(d.errors.map((e) => [e.type, e.start, e.end]));
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

  // the screenshot: the README's example
  await driver.evaluate(setValue, { id: 'encoding', value: 'UTF-8' });
  await driver.evaluate(setValue, { id: 'base', value: '' });
  await driver.evaluate(setValue, { id: 'url', value: 'https://user@exämple.org:8080/a/./b/../c?q=ü#f' });
  await driver.screenshot(options.screenshot, { width: 1100, height: 1500 });

  expect(driver.problems).to.deep.equal([]);
  return cases.length;
}
