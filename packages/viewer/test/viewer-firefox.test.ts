// The viewer page in Firefox: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi,
// one launch for the file, with the same checks as in Chromium (test/support/viewer-page.ts and,
// for url-grammar issue 38, test/support/issue38.ts).
//
// Why puppeteer-core and not playwright-core here: playwright drives Firefox only through its
// own patched build of it (the "juggler" protocol), which is downloaded from outside the npm
// registry and cannot drive Debian's firefox-esr; puppeteer-core speaks WebDriver BiDi, the
// standard protocol that stock Firefox implements, and downloads nothing.
//
// Without /usr/bin/firefox-esr the test is skipped with a message, unless CI is set (CI installs
// it, see .ci/debian-packages): there a missing browser is a failure.

import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core';
import { allCases, checkFields, checkIssue38, checkPermalinks } from './support/issue38';
import { checkAxeEverywhere, checkIssue49 } from './support/issue49';
import { checkViewerPage, VIEWER_PAGE, type PageDriver } from './support/viewer-page';

const FIREFOX = '/usr/bin/firefox-esr';

describe('the viewer page in headless Firefox (WebDriver BiDi) @browser', function () {
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

  /** A driver over a fresh page of its own (each open() makes one, closing the last). */
  function makeDriver(): PageDriver & { close(): Promise<void> } {
    let page: Page | null = null;
    const driver = {
      problems: [] as string[],
      async close() {
        await page?.close();
        page = null;
      },
      async open(url: string) {
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
      evaluate: <A, T>(fn: (arg: A) => T, arg: A) => page!.evaluate(fn as never, arg) as Promise<T>,
      async type(selector: string, text: string) {
        await page!.$eval(selector, (e) => ((e as HTMLInputElement).value = ''));
        await page!.type(selector, text);
      },
      async setViewport(width: number, height: number) {
        await page!.setViewport({ width, height });
      },
      async screenshot(file: string, clip: { width: number; height: number }) {
        await page!.screenshot({ path: file as `${string}.png`, clip: { x: 0, y: 0, ...clip } });
      },
      focus: (selector: string) => page!.focus(selector),
      // puppeteer presses one key: the modifiers written before it ("Control+End") are held down around it
      async press(key: string) {
        const keys = key.split('+') as KeyInput[];
        const last = keys.pop()!;
        for (const k of keys) await page!.keyboard.down(k);
        await page!.keyboard.press(last);
        for (const k of keys.reverse()) await page!.keyboard.up(k);
      },
      keyboardType: (text: string) => page!.keyboard.type(text),
    };
    return driver;
  }

  it('shows what the library and the browser make of 100 WPT inputs, with permalink, JSON and diagrams', async () => {
    const driver = makeDriver();
    const checked = await checkViewerPage(driver, { screenshot: join(dir, 'viewer-firefox.png') });
    expect(checked).to.equal(100);
    expect(existsSync(join(dir, 'viewer-firefox.png'))).to.equal(true);
    await driver.close();
  });

  // Issues 38 and 49, must reach: axe-core finds no violation at 1280x900 and 390x844, light and
  // dark (the page's theme select: WebDriver BiDi cannot emulate prefers-color-scheme; both set
  // color-scheme, which light-dark() follows), for five states; the result on the first screen.
  it('axe-core finds no violation at 1280x900 and 390x844, light and dark: empty, valid, failing, CR/LF/TAB, 100 KB; the result on the first screen', async () => {
    const driver = makeDriver();
    await checkAxeEverywhere(driver);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });

  // (Firefox's accessibility tree is not reachable over WebDriver BiDi: the words are checked in the DOM here, in the tree in Chromium)
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

  // Every input is checked in Chromium, once per CI run (two renders each); here a sample: every
  // tenth, and each one that holds CR or LF, opened as a page.
  it('every tenth input of urltestdata.json, and each with CR or LF, round-trips through the permalink', async () => {
    const driver = makeDriver();
    const cases = allCases();
    await checkPermalinks(driver, cases.filter((c, i) => i % 10 === 0 || /[\r\n]/.test(c.input)), true);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });

  it('says a short summary, selects spans with the keyboard, keeps the focus, explains what the parser did, has history, a side-by-side mode, export, and works on a phone', async () => {
    const driver = makeDriver();
    await checkIssue38(driver);
    expect(driver.problems).to.deep.equal([]);
    await driver.close();
  });
});
