// The viewer page (dist/index.html, built by npm run build) in headless Chromium: Debian's
// chromium driven by playwright-core, one launch for the file. test/support/viewer-page.ts types
// 100 WPT inputs and checks every displayed value against the library and the browser's own URL,
// every error and span element against parseWithDiagnostics, the verdicts against explain, the
// permalink, copy as JSON and the diagrams, with no console error. It saves a screenshot; with
// URL_GRAMMAR_SCREENSHOT=docs it is written to docs/viewer.png (the README's picture).
// test/support/issue38.ts checks issue 38: axe-core (its script injected from node_modules, not
// shipped in the page), the fields, the permalink of every urltestdata.json input, and the rest.
//
// Without /usr/bin/chromium the test is skipped with a message, unless CI is set (CI installs it,
// see .ci/run): there a missing browser is a failure.

import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { explain, parseWithDiagnostics, URL as OurURL } from 'url-grammar';
import { checkViewerPage, expectedSpans, readPage, setValue, sortSpans, VIEWER_PAGE, type PageDriver } from './support/viewer-page';
import { allCases, checkFields, checkIssue38, checkPermalinks } from './support/issue38';
import { checkAxeEverywhere, checkIssue49 } from './support/issue49';
import { CORE_ROOT } from './support/cli';

const CHROMIUM = '/usr/bin/chromium';

/** `source` bundled for a browser as a program's bundler would (esbuild), from this package's folder: an ES module's text. */
async function bundleForBrowser(source: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const r = await esbuild.build({ stdin: { contents: source, resolveDir: __dirname, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  return r.outputFiles[0].text;
}
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('the viewer page in headless Chromium @browser', function () {
  this.timeout(180_000);
  let browser: Browser | undefined;
  let dir: string;

  before(async function () {
    if (!existsSync(VIEWER_PAGE)) throw new Error('dist/viewer/index.html is missing: run npm run build (npm ci runs it)');
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: CI installs Debian's chromium package before the tests (see .ci/run)`);
      console.warn(`\n  skipped: the viewer test needs Debian's chromium at ${CHROMIUM} (apt-get install -y chromium)\n`);
      this.skip();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-viewer-'));
  });

  after(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A driver over a fresh page of its own (each open() makes one, closing the last). */
  function makeDriver(options: { colorScheme?: 'light' | 'dark' } = {}): PageDriver & { page(): Page | null; close(): Promise<void> } {
    let page: Page | null = null;
    let cdp: CDPSession | null = null;
    const driver = {
      problems: [] as string[],
      page: () => page,
      async close() {
        await page?.close();
        page = null;
      },
      async open(url: string) {
        await page?.close();
        cdp = null;
        page = await browser!.newPage({ viewport: { width: 1100, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') driver.problems.push(`console ${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => driver.problems.push(`page error: ${e.message}`));
        page.on('requestfailed', (r) => driver.problems.push(`request failed: ${r.url()}`));
        await page.goto(url, { waitUntil: 'load' });
      },
      evaluate: <A, T>(fn: (arg: A) => T, arg: A) => page!.evaluate(fn as never, arg) as Promise<T>,
      async type(selector: string, text: string) {
        await page!.fill(selector, '');
        await page!.locator(selector).pressSequentially(text);
      },
      async setViewport(width: number, height: number) {
        await page!.setViewportSize({ width, height });
      },
      async screenshot(file: string, clip: { width: number; height: number }) {
        await page!.screenshot({ path: file, clip: { x: 0, y: 0, ...clip }, fullPage: true });
      },
      focus: (selector: string) => page!.focus(selector),
      press: (key: string) => page!.keyboard.press(key),
      keyboardType: (text: string) => page!.keyboard.type(text),
      // Chromium's own accessibility tree (DevTools protocol): what a screen reader is given.
      async accessible(selector: string) {
        cdp ??= await page!.context().newCDPSession(page!);
        const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector(${JSON.stringify(selector)})` });
        const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
        const node = nodes[0];
        return { role: String(node.role?.value ?? ''), name: String(node.name?.value ?? ''), value: node.value === undefined ? null : String(node.value.value) };
      },
    };
    return driver;
  }

  it('shows what the library and the browser make of 100 WPT inputs, with permalink, JSON and diagrams', async () => {
    const driver = makeDriver();
    const shot = process.env.URL_GRAMMAR_SCREENSHOT === 'docs' ? join(__dirname, '..', 'docs', 'viewer.png') : join(dir, 'viewer.png');
    const checked = await checkViewerPage(driver, { screenshot: shot });
    expect(checked).to.equal(100);
    expect(existsSync(shot)).to.equal(true);
    await driver.close();
  });

  // Issues 38 and 49, must reach: axe-core finds no violation at 1280x900 and 390x844, light and
  // dark, for five states, and the href or the failure is on the first screen. The dark mode is
  // reached both ways: the page's theme select, and (on the phone) the browser's own preference.
  it('axe-core finds no violation at 1280x900 and 390x844, light and dark: empty, valid, failing, CR/LF/TAB, 100 KB; the result on the first screen', async () => {
    const driver = makeDriver();
    await checkAxeEverywhere(driver);
    const system = makeDriver({ colorScheme: 'dark' });
    await checkAxeEverywhere(system, ['system'], [[390, 844]]);
    expect(await system.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches && getComputedStyle(document.body).backgroundColor, null)).to.equal('rgb(22, 24, 28)');
    expect([...driver.problems, ...system.problems]).to.deep.equal([]);
    await driver.close();
    await system.close();
  });

  it('issue 49: the summary says the result; a listbox of spans; controls and spaces in words; exact copies; escapes; the empty base; a long input on a phone', async () => {
    const driver = makeDriver();
    await checkIssue49(driver);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });

  it('the fields keep every code point: CR, LF, tab and bidi controls shown, not applied, through typing, paste, copy and the permalink', async () => {
    const driver = makeDriver();
    await checkFields(driver);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });

  // Issue 38, must reach: every input of urltestdata.json round-trips through the permalink.
  it('every input of urltestdata.json round-trips through the permalink', async () => {
    const driver = makeDriver();
    const cases = allCases();
    expect(cases.length).to.be.greaterThan(800);
    await checkPermalinks(driver, cases, true);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });

  it('says a short summary, selects spans with the keyboard, keeps the focus, explains what the parser did, has history, a side-by-side mode, export, and works on a phone', async () => {
    const driver = makeDriver();
    await checkIssue38(driver);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });

  // Issue 22 item 4, issue 38: a 100 KB input stays correct and the page stays short; its long
  // lists are drawn as they scroll. Its speed is measured by bench/keystroke.js, not asserted here.
  it('shows a 100 KB input of 25,000 path segments correctly, its spans drawn as they scroll, verdicts and diagrams from the worker', async () => {
    const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    try {
      await page.goto(pathToFileURL(VIEWER_PAGE).href, { waitUntil: 'load' });
      const long = `https://example.com/${'abc/'.repeat(25000)}`;
      expect(long.length).to.equal(100_020);
      await page.evaluate(setValue, { id: 'url', value: long });
      // A key press at the end, as typing does.
      await page.focus('#url');
      await page.keyboard.press('Control+End');
      await page.keyboard.type('x');
      const input = `${long}x`;
      await page.waitForFunction((url) => document.getElementById('results')!.getAttribute('data-rendered') === JSON.stringify({ url, base: null, encoding: 'UTF-8' }), input);
      const value = (impl: string, field: string) => page.evaluate((a) => document.querySelector(`[data-impl="${a.impl}"][data-field="${a.field}"]`)!.getAttribute('data-value'), { impl, field });
      const href = OurURL.parse(input)!.href;
      expect(await value('url-grammar', 'href'), 'the href shown is the library\'s').to.equal(href);
      expect(await value('native', 'href')).to.equal(href);
      expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the page height').to.be.below(20_000);
      // The long values are clipped, with a button that shows them all.
      const cell = await page.evaluate(() => {
        const td = document.querySelector('[data-impl="url-grammar"][data-field="href"]')!;
        return { length: td.textContent!.length, button: td.querySelector('button.show-all')?.textContent ?? null };
      });
      expect(cell.length).to.be.below(500);
      expect(cell.button).to.equal('show all (100,021 characters)');

      // The deferred work, in the worker: the verdicts, whatwg-url and what the parser did.
      await page.waitForFunction(() => !document.getElementById('results')!.hasAttribute('data-pending'), null, { timeout: 30_000 });
      const shown = await page.evaluate(readPage);
      const x = explain(input);
      expect(shown.verdicts).to.deep.equal({ parses: String(x.parses), 'parser-valid': String(x.parserValid), 'grammar-valid': String(x.grammarValid) });
      expect(await value('whatwg-url', 'href')).to.equal(href);
      const d = parseWithDiagnostics(input);
      expect(shown.errors).to.deep.equal(d.errors.map((e) => [e.type, e.start, e.end]));

      // The spans: drawn as the input view scrolls; scrolled through, every one is met.
      const spans = sortSpans(expectedSpans(d.record));
      expect(spans).to.have.length(25_004);
      expect(shown.spans.length).to.be.within(3, 1000);
      const met = await page.evaluate(async () => {
        const box = document.querySelector('.input-view .windowed') as HTMLElement;
        const seen = new Map<string, [string, number, number]>();
        const collect = () => {
          for (const e of box.querySelectorAll('[data-span-field]')) {
            const span: [string, number, number] = [e.getAttribute('data-span-field')!, Number(e.getAttribute('data-start')), Number(e.getAttribute('data-end'))];
            seen.set(span.join(' '), span);
          }
        };
        collect();
        while (box.scrollTop + box.clientHeight < box.scrollHeight) {
          box.scrollTop += box.clientHeight;
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          collect();
        }
        return { spans: [...seen.values()], drawn: box.querySelectorAll('[data-span-field]').length };
      });
      expect(sortSpans(met.spans)).to.deep.equal(spans);
      expect(met.drawn, 'only the rows in view are drawn').to.be.below(2000);
      // The arrow keys reach the last span, scrolling to it.
      await page.focus('.span-group');
      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.querySelector('.span.selected')?.getAttribute('data-span-field'))).to.equal('path[25000]');

      // The diagrams, on demand, traced in the worker; the focus goes to them.
      expect(await page.locator('.diagrams svg').count()).to.equal(0);
      await page.click('.diagrams button.draw-diagrams');
      await page.waitForFunction(() => document.querySelectorAll('.diagrams svg.railroad-diagram').length > 3, null, { timeout: 60_000 });
      expect(await page.evaluate(() => document.activeElement?.closest('.diagrams') !== null)).to.equal(true);
      expect(await page.evaluate(() => Number(document.querySelector('.path-text[data-grammar="url"] .windowed')?.getAttribute('data-rows')))).to.be.greaterThan(25_000);

      // 25,000 validation errors: one group with its count, drawn as it scrolls.
      const spaced = `https://example.com/${'a b/'.repeat(25000)}`;
      await page.evaluate(setValue, { id: 'url', value: spaced });
      await page.waitForFunction(() => !document.getElementById('results')!.hasAttribute('data-pending'), null, { timeout: 30_000 });
      const grouped = await page.evaluate(() => ({
        groups: Array.from(document.querySelectorAll('[data-error-group]')).map((g) => [g.getAttribute('data-error-group'), g.getAttribute('data-count')]),
        rows: document.querySelectorAll('[data-error-type]').length,
        changes: Array.from(document.querySelectorAll('.change')).map((c) => c.getAttribute('data-count')),
        height: document.documentElement.scrollHeight,
      }));
      expect(grouped.groups).to.deep.equal([['invalid-URL-unit', String(parseWithDiagnostics(spaced).errors.length)]]);
      expect(grouped.rows).to.be.below(100);
      expect(grouped.changes).to.deep.equal(['25000']);
      expect(grouped.height).to.be.below(20_000);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  // Where no worker can start, a long input's deferred work and its diagrams run in the page.
  it('without a worker, a long input still gets its verdicts, whatwg-url, what the parser did and its diagrams', async () => {
    const context = await browser!.newContext({ viewport: { width: 1100, height: 900 } });
    await context.addInitScript(() => {
      delete (window as unknown as { Worker?: unknown }).Worker;
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    try {
      await page.goto(pathToFileURL(VIEWER_PAGE).href, { waitUntil: 'load' });
      expect(await page.evaluate(() => typeof Worker)).to.equal('undefined');
      const long = `https://example.com/${'a b/'.repeat(1000)}`;
      await page.evaluate(setValue, { id: 'url', value: long });
      await page.waitForFunction(() => !document.getElementById('results')!.hasAttribute('data-pending'), null, { timeout: 30_000 });
      const x = explain(long);
      expect((await page.evaluate(readPage)).verdicts).to.deep.equal({ parses: String(x.parses), 'parser-valid': String(x.parserValid), 'grammar-valid': String(x.grammarValid) });
      expect(await page.evaluate(() => document.querySelector('[data-impl="whatwg-url"][data-field="href"]')!.getAttribute('data-value'))).to.equal(OurURL.parse(long)!.href);
      expect(await page.evaluate(() => document.querySelector('.change')?.getAttribute('data-count'))).to.equal('1000');
      await page.click('.diagrams button.draw-diagrams');
      await page.waitForFunction(() => document.querySelectorAll('.diagrams svg.railroad-diagram').length > 3, null, { timeout: 60_000 });
      expect(problems).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('url-grammar/browser loads in the browser as it is, with IDNA; url-grammar/lite, bundled for the browser, without tr46', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    try {
      await page.goto('about:blank');
      // a string, so that the TypeScript compiler leaves the dynamic import alone (it could make it a require)
      const probe = `(async () => {
        const m = await import(URL.createObjectURL(new Blob([window.__bundle], { type: 'text/javascript' })));
        const idna = m.URL.parse('https://ü.example/');
        return {
          href: new m.URL('HTTP://EXAMPLE.com/a/../b?c d').href,
          idna: idna ? idna.host : null,
          errors: m.parseWithDiagnostics('https://ü.example/').errors.map((e) => e.type + ': ' + e.message),
          configure: typeof m.configure,
          svg: m.ruleToSVG(m.URL_GRAMMAR, 'url').slice(0, 4),
        };
      })()`;
      const run = async (code: string) => {
        await page.evaluate((code) => void ((window as unknown as { __bundle: string }).__bundle = code), code);
        return page.evaluate(probe) as Promise<{ href: string; idna: string | null; errors: string[]; configure: string; svg: string }>;
      };
      // the browser entry as a page loads it, and the lite entry as a program's bundler bundles it
      // (the file the "import" condition of url-grammar/browser names: require would get the CommonJS main)
      const exported = JSON.parse(readFileSync(join(CORE_ROOT, 'package.json'), 'utf8')).exports['./browser'].import.default as string;
      const full = await run(readFileSync(join(CORE_ROOT, exported), 'utf8'));
      expect(full).to.deep.equal({ href: 'http://example.com/b?c%20d', idna: 'xn--tda.example', errors: [], configure: 'undefined', svg: '<svg' });
      // named imports, as a program writes them (an `export *` of a CommonJS module is not static)
      const names = 'URL, parseWithDiagnostics, configure, ruleToSVG, URL_GRAMMAR';
      const lite = await run(await bundleForBrowser(`import { ${names} } from 'url-grammar/lite'; export { ${names} };`));
      expect(lite.href).to.equal('http://example.com/b?c%20d');
      expect(lite.idna).to.equal(null);
      expect(lite.errors.join('\n')).to.match(/^domain-to-ASCII: .*no IDNA function was supplied/);
      expect(lite.configure).to.equal('function');
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
