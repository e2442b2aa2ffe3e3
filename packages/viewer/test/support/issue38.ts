// The checks of url-grammar issue 38 (the viewer for everyone: accessible, faithful to every
// input, explaining what the parser did), shared by viewer-chromium.test.ts and
// viewer-firefox.test.ts: axe-core in light and dark mode, the fields that keep every code point,
// the permalink of every urltestdata.json input, the live region, the keyboard, the focus, the
// text form of the diagrams, what the parser did, history, the recent list, the side-by-side
// mode, export, and a 390 px phone.

/// <reference lib="dom" />

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorLink, explain, parseWithDiagnostics, serializeURL, SPEC_COMMIT, specLink, URL as OurURL } from 'url-grammar';
import { CORE_ROOT } from './cli';
import { drawnText, readPage, setValue, sortErrors, VIEWER_PAGE, type PageDriver, type Shown } from './viewer-page';

export const PAGE_URL = pathToFileURL(VIEWER_PAGE).href;

/** axe-core's own script, injected into the page by the tests (the page does not ship it). */
export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface WptCase {
  input: string;
  base: string | null;
  failure?: boolean;
  [field: string]: unknown;
}

export function allCases(): WptCase[] {
  const data = JSON.parse(readFileSync(join(CORE_ROOT, 'test', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[];
  return data.filter((c): c is WptCase => typeof c === 'object' && c !== null && 'input' in c);
}

async function show(driver: PageDriver, url: string, base = '', encoding = 'UTF-8'): Promise<Shown> {
  await driver.evaluate(setValue, { id: 'encoding', value: encoding });
  await driver.evaluate(setValue, { id: 'base', value: base });
  await driver.evaluate(setValue, { id: 'url', value: url });
  return driver.evaluate(readPage, null);
}

const pause = (driver: PageDriver, ms: number) => driver.evaluate((t) => new Promise<void>((resolve) => setTimeout(resolve, t)), ms);

/** The code units of a string, so that a difference in a control or a lone surrogate shows in a failure. */
const units = (s: string) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i).toString(16));

/** The fields keep CR, LF, tabs and bidi controls (shown as atoms, not applied), and the permalink carries them. */
export async function checkFields(driver: PageDriver): Promise<void> {
  await driver.open(PAGE_URL);
  const input = 'https://a\n/b\tc\r?\u202Eq';
  const shown = await show(driver, input);
  expect(units(shown.url)).to.deep.equal(units(input));
  const field = { atoms: await driver.evaluate(() => Array.from(document.querySelectorAll('#url .cp')).map((e) => e.getAttribute('data-name')), null), text: await driver.evaluate(drawnText, '#url') };
  expect(field).to.deep.equal({ atoms: ['LF', 'TAB', 'CR', 'U+202E'], text: 'https://aLF/bTABcCR?U+202Eq' });
  // The newline's error is there, as the library reports it.
  expect(sortErrors(shown.errors)).to.deep.equal(sortErrors(parseWithDiagnostics(input).errors.map((e) => [e.type, e.start, e.end])));
  expect(shown.errors.some((e) => e[0] === 'invalid-URL-unit')).to.equal(true);
  expect(shown.permalink).to.contain('%0A').and.to.contain('%09').and.to.contain('%0D').and.to.contain('%E2%80%AE');
  await driver.open(shown.permalink);
  const reloaded = await driver.evaluate(readPage, null);
  expect(units(reloaded.url)).to.deep.equal(units(input));
  expect(reloaded.errors).to.deep.equal(shown.errors);

  // Typing at the end, over an atom, Backspace over it, Shift+Enter for a line feed.
  await show(driver, 'ab\u202E');
  await driver.focus('#url');
  await driver.press('Control+End');
  await driver.keyboardType('c');
  expect(units((await driver.evaluate(readPage, null)).url)).to.deep.equal(units('ab\u202Ec'));
  await driver.press('Backspace');
  await driver.press('Backspace');
  expect(units((await driver.evaluate(readPage, null)).url), 'Backspace removes the atom as one code point').to.deep.equal(units('ab'));
  await driver.press('Shift+Enter');
  await driver.keyboardType('d');
  expect(units((await driver.evaluate(readPage, null)).url)).to.deep.equal(units('ab\nd'));
  await driver.press('Enter');
  expect(units((await driver.evaluate(readPage, null)).url), 'Enter types nothing').to.deep.equal(units('ab\nd'));
  // Paste keeps CR LF; copy gives the code points, not the atoms' names.
  // (Firefox gives a ClipboardEvent made by a script a DataTransfer of its own, empty, whatever
  // the script passed: there only copy is checked, and paste is left to Chromium's run.)
  const clipboard = await driver.evaluate(() => {
    const url = document.getElementById('url')!;
    const probe = new DataTransfer();
    const honoured = new ClipboardEvent('paste', { clipboardData: probe }).clipboardData === probe;
    (url as unknown as { value: string }).value = '';
    url.focus();
    const pasted = new DataTransfer();
    pasted.setData('text/plain', 'x\r\ny\t');
    if (honoured) url.dispatchEvent(new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }));
    else (url as unknown as { value: string }).value = 'x\r\ny\t';
    const value = (url as unknown as { value: string }).value;
    getSelection()!.selectAllChildren(url);
    const copied = new DataTransfer();
    const copy = new ClipboardEvent('copy', { clipboardData: copied, bubbles: true, cancelable: true });
    url.dispatchEvent(copy);
    return { value, copied: copy.clipboardData!.getData('text/plain') };
  }, null);
  expect(units(clipboard.value)).to.deep.equal(units('x\r\ny\t'));
  expect(units(clipboard.copied)).to.deep.equal(units('x\r\ny\t'));
}

/**
 * Every input of urltestdata.json (with its base) round-trips through the permalink: the page's
 * permalink, put back in the location's fragment, gives back the same code units in the fields.
 * With `reload`, the inputs that hold CR or LF are also opened as pages.
 */
export async function checkPermalinks(driver: PageDriver, cases: WptCase[], reload: boolean): Promise<void> {
  await driver.open(PAGE_URL);
  // JSON.stringify escapes every control and lone surrogate: the text crosses to the page intact.
  const bad = await driver.evaluate(async (json) => {
    const list = JSON.parse(json) as { input: string; base: string | null }[];
    const url = document.getElementById('url') as unknown as HTMLElement & { value: string };
    const base = document.getElementById('base') as unknown as HTMLElement & { value: string };
    const out: string[] = [];
    for (const c of list) {
      url.value = c.input;
      base.value = c.base ?? '';
      url.dispatchEvent(new Event('input', { bubbles: true }));
      const link = document.getElementById('permalink')!.getAttribute('href')!;
      url.value = 'x';
      base.value = '';
      url.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise<void>((resolve) => {
        window.addEventListener('hashchange', () => setTimeout(resolve, 0), { once: true });
        location.hash = link;
      });
      if (url.value !== c.input || base.value !== (c.base ?? '')) out.push(JSON.stringify({ input: c.input, base: c.base, got: url.value, gotBase: base.value, link }));
    }
    return out;
  }, JSON.stringify(cases.map((c) => ({ input: c.input, base: c.base }))));
  expect(bad, 'inputs that the permalink changed').to.deep.equal([]);
  if (!reload) return;
  const withNewlines = cases.filter((c) => /[\r\n]/.test(c.input));
  expect(withNewlines.length).to.be.greaterThan(0);
  for (const c of withNewlines) {
    await driver.open(PAGE_URL);
    const link = await driver.evaluate((arg) => {
      const c = JSON.parse(arg) as { input: string; base: string | null };
      const base = document.getElementById('base') as unknown as HTMLElement & { value: string };
      base.value = c.base ?? '';
      const url = document.getElementById('url') as unknown as HTMLElement & { value: string };
      url.value = c.input;
      url.dispatchEvent(new Event('input', { bubbles: true }));
      return (document.getElementById('permalink') as HTMLAnchorElement).href;
    }, JSON.stringify({ input: c.input, base: c.base }));
    await driver.open(link);
    const shown = await driver.evaluate(readPage, null);
    expect(units(shown.url), JSON.stringify(c.input)).to.deep.equal(units(c.input));
    expect(shown.base).to.equal(c.base ?? '');
  }
}

/** The summary the live region should say, from the library. */
export function expectedSummary(input: string): string {
  const x = explain(input);
  const d = parseWithDiagnostics(input);
  const n = d.errors.length;
  const failure = d.errors.find((e) => e.failure);
  // (url-grammar issue 49: the href, or the failure and why, first)
  let head = d.url ? `href ${serializeURL(d.url)}.` : `url-grammar fails: ${failure ? `${failure.type} at [${failure.start}, ${failure.end}): ${failure.message}` : 'no failure error was reported'}`;
  if (!/[.!?]$/.test(head)) head += '.';
  return `${head} parses: ${x.parses ? 'yes' : 'no'}, parser-valid: ${x.parserValid ? 'yes' : 'no'}, grammar-valid: ${x.grammarValid ? 'yes' : 'no'}; ${n === 0 ? 'no validation error' : `${n} validation error${n === 1 ? '' : 's'}`}.`;
}

/** The rest of issue 38: live region, keyboard, focus, text path, what the parser did, history, recent, side by side, export, phone. */
export async function checkIssue38(driver: PageDriver): Promise<void> {
  await driver.open(PAGE_URL);

  // The live region says a short summary once typing pauses; the results are not announced.
  const credentials = 'https://user@example.com/';
  await show(driver, credentials);
  await pause(driver, 1000);
  const summary = await driver.evaluate(() => document.getElementById('summary')!.textContent ?? '', null);
  expect(summary).to.equal(expectedSummary(credentials));
  expect(summary.length).to.be.below(120);

  // The spans: one tab stop (a listbox: the first is selected when it takes the focus), the arrow
  // keys select each, and the selection is said in words.
  await driver.focus('.span-group');
  let detail = await driver.evaluate(() => ({ field: document.getElementById('span-detail')!.dataset.spanField, text: document.getElementById('span-detail')!.textContent, selected: document.querySelector('.span.selected')?.getAttribute('data-span-field') }), null);
  expect(detail).to.deep.equal({ field: 'scheme', text: 'the scheme, [0, 5): "https".', selected: 'scheme' });
  await driver.press('End');
  detail = await driver.evaluate(() => ({ field: document.getElementById('span-detail')!.dataset.spanField, text: document.getElementById('span-detail')!.textContent, selected: document.querySelector('.span.selected')?.getAttribute('data-span-field') }), null);
  expect(detail.field).to.equal('path[0]');
  expect(detail.selected).to.equal('path[0]');

  // A differing cell is reachable and says so in words, with a sign as well as its colour.
  const differing = await driver.evaluate(() => Array.from(document.querySelectorAll('td.differs')).map((td) => ({ tab: td.getAttribute('tabindex'), sign: td.querySelector('.differs-sign')?.textContent, words: td.querySelector('.sr-only')?.textContent ?? '' })), null);
  for (const d of differing) {
    expect(d).to.deep.include({ tab: '0', sign: '\u2260 ' });
    expect(d.words).to.contain('differs from url-grammar');
  }

  // "show all" puts the focus on what it shows.
  const longValue = `https://example.com/${'a'.repeat(400)}`;
  await show(driver, longValue);
  const focus = await driver.evaluate(() => {
    (document.querySelector('[data-impl="url-grammar"][data-field="href"] button.show-all') as HTMLButtonElement).click();
    return { active: document.activeElement?.className ?? null, length: document.activeElement?.textContent?.length ?? 0 };
  }, null);
  expect(focus).to.deep.equal({ active: 'whole-value', length: OurURL.parse(longValue)!.href.length });

  // The diagrams' path as text, in the input's offsets (the host grammar's too).
  await show(driver, ' http://0x7f.1/');
  const path = await driver.evaluate(() => ({
    url: Array.from(document.querySelectorAll('.path-text[data-grammar="url"] .trace-entry')).slice(0, 2).map((e) => [e.getAttribute('data-rule'), Number(e.getAttribute('data-start')), Number(e.getAttribute('data-end'))]),
    host: Array.from(document.querySelectorAll('.path-text[data-grammar="host"] .trace-entry')).slice(0, 1).map((e) => [e.getAttribute('data-rule'), Number(e.getAttribute('data-start')), Number(e.getAttribute('data-end'))]),
    caption: document.querySelector('#host-rule-ipv4-address .rule-matched')?.textContent ?? null,
  }), null);
  expect(path.url[0]).to.deep.equal(['url', 1, 15]);
  expect(path.host).to.deep.equal([['ends-in-a-number', 8, 14]]);
  expect(path.caption).to.equal('ipv4-address matched "0x7f.1" at [8, 14)');

  // The empty input: the grammar does not match, said once, and the frame is not clipped.
  await show(driver, '');
  const empty = await driver.evaluate(() => {
    const caption = document.querySelector('.diagrams [data-stop-type]');
    const frame = document.querySelector('.rule.stopped .diagram');
    return { kind: caption?.getAttribute('data-stop-kind') ?? null, text: caption?.textContent ?? '', semantic: (document.getElementById('results')!.textContent ?? '').includes('semantic pass failed'), border: frame ? getComputedStyle(frame).borderTopWidth : null };
  }, null);
  expect(empty.kind).to.equal('grammar');
  expect(empty.text).to.contain('does not match the input; the parser fails: missing-scheme-non-relative-URL at [0, 0)');
  expect(empty.semantic).to.equal(false);
  expect(empty.border).to.equal('3px');

  // What the parser did: each change with its step.
  const changes = async (url: string) => {
    await show(driver, url);
    return driver.evaluate(() => Array.from(document.querySelectorAll('.change')).map((li) => ({ step: li.querySelector('.step')!.textContent, text: li.textContent ?? '', at: Array.from(li.querySelectorAll('[data-change-step]')).map((e) => [e.getAttribute('data-change-step'), Number(e.getAttribute('data-start')), Number(e.getAttribute('data-end'))]) })), null);
  };
  const port = await changes('https://EXAMPLE.com:443/');
  expect(port.map((c) => c.step)).to.deep.equal(['domain parser, called by the host state', 'port state']);
  expect(port[1].text).to.contain('"443" is the default port of the scheme');
  expect(port[1].at).to.deep.equal([['port-state', 19, 23]]);
  const drive = await changes('file:///C|/x');
  expect(drive.map((c) => [c.step, c.at])).to.deep.equal([['path state', [['path-state', 9, 10]]]]);
  const ipv4 = await changes('http://0x7f.1/');
  expect(ipv4.map((c) => c.step)).to.deep.equal(['IPv4 number parser, called by the host state', 'IPv4 parser, called by the host state']);
  expect(ipv4[0].text).to.contain('"0x7f"').and.to.contain('hexadecimal').and.to.contain('127');
  expect(ipv4[0].at).to.deep.equal([['ipv4-number-parser', 7, 11]]);
  expect(ipv4[1].text).to.contain('it is an IPv4 address').and.to.contain('"127.0.0.1"');
  const zwsp = await changes('https://ex\u200Bample.com/');
  expect(zwsp.map((c) => c.step)).to.deep.equal(['domain parser, called by the host state', 'UTS #46 Processing step 1 (Map)']);
  expect(zwsp[1].text).to.contain('U+200B').and.to.contain('ignored');
  expect(zwsp[1].at).to.deep.equal([['https://www.unicode.org/reports/tr46/#ProcessingStepMap', 10, 11]]);
  // An IDNA error says its UTS #46 step and code point, and links to the parser step that reports it.
  await show(driver, 'https://ex_ample.com/');
  const idna = await driver.evaluate(() => {
    const group = document.querySelector('[data-error-group="domain-to-ASCII"]')!;
    const li = group.querySelector('.idna-reason li')!;
    return { step: li.getAttribute('data-uts46-step'), cp: li.getAttribute('data-code-point'), links: Array.from(group.querySelectorAll('.what a')).map((a) => a.getAttribute('href')) };
  }, null);
  expect(idna).to.deep.equal({ step: 'Validity criterion 7 (UseSTD3ASCIIRules)', cp: '5F', links: [errorLink('domain-to-ASCII'), specLink('concept-domain-to-ascii')] });
  // Identical errors are grouped with their count.
  const spaces = 'https://a/b c d e';
  await show(driver, spaces);
  const groups = await driver.evaluate(() => Array.from(document.querySelectorAll('[data-error-group]')).map((g) => [g.getAttribute('data-error-group'), g.getAttribute('data-count'), g.querySelector('.times')?.textContent ?? null]), null);
  expect(groups).to.deep.equal([['invalid-URL-unit', '3', ' \u00d73']]);

  // History: Back and Forward move through inputs; the recent list keeps them.
  await show(driver, 'https://first.example/');
  await pause(driver, 1200);
  await show(driver, 'https://second.example/');
  await pause(driver, 1000);
  const back = (direction: 'back' | 'forward') =>
    driver.evaluate(
      (d) =>
        new Promise<string>((resolve) => {
          window.addEventListener('popstate', () => setTimeout(() => resolve((document.getElementById('url') as unknown as { value: string }).value), 0), { once: true });
          if (d === 'back') history.back();
          else history.forward();
        }),
      direction,
    );
  expect(await back('back')).to.equal('https://first.example/');
  expect(JSON.parse((await driver.evaluate(readPage, null)).rendered!).url).to.equal('https://first.example/');
  expect(await back('forward')).to.equal('https://second.example/');
  const recent = await driver.evaluate(() => Array.from(document.querySelectorAll('#recent-list [data-fragment]')).map((b) => b.getAttribute('data-fragment')), null);
  expect(recent.slice(0, 2)).to.deep.equal([`#url=${encodeURIComponent('https://second.example/')}`, `#url=${encodeURIComponent('https://first.example/')}`]);

  // Side by side: a second URL, the differences marked; the permalink keeps it.
  await show(driver, 'https://example.com/a?x');
  await driver.evaluate(() => new Promise<void>((resolve) => {
    const compare = document.getElementById('compare') as HTMLDetailsElement;
    compare.addEventListener('toggle', () => setTimeout(resolve, 0), { once: true });
    compare.open = true;
  }), null);
  await driver.evaluate(setValue, { id: 'url2', value: 'https://EXAMPLE.com/b?x' });
  const side = await driver.evaluate(() => ({
    a: document.querySelector('[data-side="a"][data-field="pathname"]')?.getAttribute('data-value'),
    b: document.querySelector('[data-side="b"][data-field="pathname"]')?.getAttribute('data-value'),
    differing: Array.from(document.querySelectorAll('.compare-table tr')).filter((tr) => tr.querySelector('td.differs')).map((tr) => tr.querySelector('th')!.textContent),
    permalink: (document.getElementById('permalink') as HTMLAnchorElement).href,
  }), null);
  expect(side).to.deep.include({ a: '/a', b: '/b', differing: ['href', 'pathname'] });
  await driver.open(side.permalink);
  expect(await driver.evaluate(() => ({ open: (document.getElementById('compare') as HTMLDetailsElement).open, url2: (document.getElementById('url2') as unknown as { value: string }).value }), null)).to.deep.equal({ open: true, url2: 'https://EXAMPLE.com/b?x' });
  await driver.evaluate(() => void ((document.getElementById('compare') as HTMLDetailsElement).open = false), null);

  // Export as a urltestdata.json entry: the same entry WPT has, for a case that parses and one that fails.
  const cases = allCases();
  for (const c of [cases.find((x) => x.base !== null && !x.failure && x.input.startsWith('http'))!, cases.find((x) => x.failure)!]) {
    await show(driver, c.input, c.base ?? '');
    const entry = await driver.evaluate(() => {
      (document.getElementById('copy-wpt') as HTMLButtonElement).click();
      return JSON.parse((document.getElementById('json') as HTMLTextAreaElement).value) as Record<string, unknown>;
    }, null);
    const expected: Record<string, unknown> = { input: c.input, base: c.base };
    if (c.failure) expected.failure = true;
    else for (const k of ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', ...(c.origin === undefined ? [] : ['origin'])]) expected[k] = c[k];
    const got = Object.fromEntries(Object.keys(expected).map((k) => [k, entry[k]]));
    expect(got, JSON.stringify(c.input)).to.deep.equal(expected);
    if (!c.failure) expect(entry.href).to.equal(OurURL.parse(c.input, c.base ?? undefined)!.href);
  }
  const report = await driver.evaluate(() => {
    (document.getElementById('copy-report') as HTMLButtonElement).click();
    return (document.getElementById('json') as HTMLTextAreaElement).value;
  }, null);
  expect(report).to.match(/^input: /).and.to.contain(`what the parser did (url.bs at whatwg/url ${SPEC_COMMIT})`);

  // A 390 px phone: 16 px fields (iOS zooms in on smaller ones), 24 px targets, nothing wider than the screen, a span's words on a tap.
  await driver.setViewport(390, 800);
  await show(driver, 'https://user:pa ss@ex\u00e4mple.org:8080/a/./b/../c?q=\u00fc#f');
  const phone = await driver.evaluate(() => {
    const sizes = ['url', 'base', 'encoding'].map((id) => getComputedStyle(document.getElementById(id)!).fontSize);
    const small = Array.from(document.querySelectorAll('button, select, summary, .tools a'))
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({ e, box: e.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ e, box }) => `${e.outerHTML.slice(0, 60)} ${box.width}x${box.height}`);
    (document.querySelector('[data-span-field="host"]') as HTMLElement).click();
    return { sizes, small, width: document.documentElement.scrollWidth, detail: document.getElementById('span-detail')!.dataset.spanField };
  }, null);
  expect(phone).to.deep.include({ sizes: ['16px', '16px', '16px'], small: [], detail: 'host' });
  expect(phone.width, 'the page is no wider than the screen (less its scroll bar)').to.be.at.most(390);
  await driver.setViewport(1100, 900);
}
