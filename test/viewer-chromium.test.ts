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
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkViewerPage, VIEWER_PAGE, type PageDriver } from './support/viewer-page';

const CHROMIUM = '/usr/bin/chromium';
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
});
