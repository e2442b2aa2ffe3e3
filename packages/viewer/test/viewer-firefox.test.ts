// The viewer page in Firefox: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi,
// one launch for the file, with the same checks as in Chromium (test/support/viewer-page.ts).
//
// Why puppeteer-core and not playwright-core here: playwright drives Firefox only through its
// own patched build of it (the "juggler" protocol), which is downloaded from outside the npm
// registry and cannot drive Debian's firefox-esr; puppeteer-core speaks WebDriver BiDi, the
// standard protocol that stock Firefox implements, and downloads nothing.
//
// Without /usr/bin/firefox-esr the test is skipped with a message, unless CI is set (CI installs
// it, see .ci/run's debian_packages): there a missing browser is a failure.

import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { checkViewerPage, VIEWER_PAGE, type PageDriver } from './support/viewer-page';

const FIREFOX = '/usr/bin/firefox-esr';

describe('the viewer page in headless Firefox (WebDriver BiDi)', function () {
  this.timeout(240_000);
  let browser: Browser | undefined;
  let dir: string;

  before(async function () {
    if (!existsSync(VIEWER_PAGE)) throw new Error('dist/viewer/index.html is missing: run npm run build (npm ci runs it)');
    if (!existsSync(FIREFOX)) {
      if (process.env.CI) throw new Error(`${FIREFOX} is missing: CI installs Debian's firefox-esr package before the tests (see .ci/run)`);
      console.warn(`\n  skipped: the Firefox viewer test needs Debian's firefox-esr at ${FIREFOX} (apt-get install -y firefox-esr)\n`);
      this.skip();
    }
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-firefox-'));
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, userDataDir: join(dir, 'profile') });
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
        page = await browser!.newPage();
        await page.setViewport({ width: 1100, height: 900 });
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warn') driver.problems.push(`console ${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => driver.problems.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
        page.on('requestfailed', (r) => driver.problems.push(`request failed: ${r.url()}`));
        await page.goto(url, { waitUntil: 'load' });
      },
      evaluate: (fn, arg) => page!.evaluate(fn, arg) as never,
      async type(selector, text) {
        await page!.$eval(selector, (e) => ((e as HTMLInputElement).value = ''));
        await page!.type(selector, text);
      },
      async setViewport(width, height) {
        await page!.setViewport({ width, height });
      },
      async screenshot(file, clip) {
        await page!.screenshot({ path: file as `${string}.png`, clip: { x: 0, y: 0, ...clip } });
      },
    };
    const checked = await checkViewerPage(driver, { screenshot: join(dir, 'viewer-firefox.png') });
    expect(checked).to.equal(100);
    expect(existsSync(join(dir, 'viewer-firefox.png'))).to.equal(true);
    await (page as Page | null)?.close();
  });
});
