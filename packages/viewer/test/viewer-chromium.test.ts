// The viewer page (dist/viewer/index.html, built by npm run build) in headless Chromium: Debian's
// chromium driven by playwright-core, one launch for the file. test/support/viewer-page.ts types
// 100 WPT inputs and checks every displayed value against the library and the browser's own URL,
// every error and span element against parseWithDiagnostics, the verdicts against explain, the
// permalink, copy as JSON and the diagrams, with no console error. It saves a screenshot; with
// URL_GRAMMAR_SCREENSHOT=docs it is written to docs/viewer.png (the README's picture).
//
// Without /usr/bin/chromium the test is skipped with a message, unless CI is set (CI installs it,
// see .ci/run): there a missing browser is a failure.

import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { explain, parseWithDiagnostics, URL as OurURL } from 'url-grammar';
import { checkViewerPage, expectedSpans, readPage, setValue, sortSpans, VIEWER_PAGE, type PageDriver } from './support/viewer-page';
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

describe('the viewer page in headless Chromium', function () {
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

  it('shows what the library and the browser make of 100 WPT inputs, with permalink, JSON and diagrams', async () => {
    let page: Page | null = null;
    const driver: PageDriver = {
      problems: [],
      async open(url) {
        await page?.close();
        page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') driver.problems.push(`console ${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => driver.problems.push(`page error: ${e.message}`));
        page.on('requestfailed', (r) => driver.problems.push(`request failed: ${r.url()}`));
        await page.goto(url, { waitUntil: 'load' });
      },
      evaluate: (fn, arg) => page!.evaluate(fn, arg),
      async type(selector, text) {
        await page!.fill(selector, '');
        await page!.locator(selector).pressSequentially(text);
      },
      async setViewport(width, height) {
        await page!.setViewportSize({ width, height });
      },
      async screenshot(file, clip) {
        await page!.screenshot({ path: file, clip: { x: 0, y: 0, ...clip }, fullPage: true });
      },
    };
    const shot = process.env.URL_GRAMMAR_SCREENSHOT === 'docs' ? join(__dirname, '..', 'docs', 'viewer.png') : join(dir, 'viewer.png');
    const checked = await checkViewerPage(driver, { screenshot: shot });
    expect(checked).to.equal(100);
    expect(existsSync(shot)).to.equal(true);
    await (page as Page | null)?.close();
  });

  // Issue 22 item 4: a 100 KB input stays correct and the page stays short. Its speed is measured
  // by bench/keystroke.js, not asserted here.
  it('shows a 100 KB input of 25,000 path segments correctly, clipped, with its spans, verdicts and diagrams on demand', async () => {
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
      await page.keyboard.press('End');
      await page.keyboard.type('x');
      const input = `${long}x`;
      await page.waitForFunction((url) => document.getElementById('results')!.getAttribute('data-rendered') === JSON.stringify({ url, base: '', encoding: 'UTF-8' }), input);
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

      // The deferred work: the verdicts and whatwg-url, once typing pauses.
      await page.waitForFunction(() => !document.getElementById('results')!.hasAttribute('data-pending'), null, { timeout: 30_000 });
      const shown = await page.evaluate(readPage);
      const x = explain(input);
      expect(shown.verdicts).to.deep.equal({ parses: String(x.parses), 'parser-valid': String(x.parserValid), 'grammar-valid': String(x.grammarValid) });
      expect(await value('whatwg-url', 'href')).to.equal(href);
      const d = parseWithDiagnostics(input);
      expect(shown.errors).to.deep.equal(d.errors.map((e) => [e.type, e.start, e.end]));

      // The spans: the first ones are drawn, all of them once the input view is expanded.
      const spans = sortSpans(expectedSpans(d.record));
      expect(spans).to.have.length(25_004);
      expect(shown.spans.length).to.be.within(3, 1000);
      const known = new Set(spans.map((span) => JSON.stringify(span)));
      for (const span of shown.spans) expect(known.has(JSON.stringify(span)), JSON.stringify(span)).to.equal(true);
      await page.click('.input-view button.show-all');
      const all = await page.evaluate(readPage);
      expect(sortSpans(all.spans)).to.deep.equal(spans);

      // The diagrams, on demand.
      expect(await page.locator('.diagrams svg').count()).to.equal(0);
      await page.click('.diagrams button.draw-diagrams');
      expect(await page.locator('.diagrams svg.railroad-diagram').count()).to.be.greaterThan(3);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
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
      // a string, so that ts-node leaves the dynamic import alone (it would make it a require)
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
