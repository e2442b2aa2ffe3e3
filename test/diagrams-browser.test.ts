// The diagram page and a standalone SVG in a real browser: Debian's chromium, driven by
// playwright-core. They must load with no console error and no page error, every diagram must be
// drawn with its styles, and the links between rules must work.
//
// Without /usr/bin/chromium these tests are skipped with a message, unless the environment variable
// CI is set: CI installs chromium (see .ci/run), so there a missing browser is a failure.

/// <reference lib="dom" />

import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { HOST_GRAMMAR } from '../grammar/host';
import { ENTRY_RULES, URL_GRAMMAR } from '../grammar/url';
import { grammarToHTML, ruleToSVG, traceInput } from '../src/grammar/railroad';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe('diagrams in headless Chromium @browser', function () {
  this.timeout(120_000);
  let browser: Browser | undefined;
  let dir: string;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: CI installs Debian's chromium package before the tests (see .ci/run)`);
      console.warn(`\n  skipped: the browser tests need Debian's chromium at ${CHROMIUM} (apt-get install -y chromium)\n`);
      this.skip();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-browser-'));
  });

  after(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens `file` and collects what went wrong while it loaded and while `f` ran. */
  async function open(file: string, f: (page: Page) => Promise<void>): Promise<string[]> {
    const problems: string[] = [];
    const page = await browser!.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    try {
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await f(page);
    } finally {
      await page.close();
    }
    return problems;
  }

  it('the HTML page loads with no error, draws every diagram and links rule to rule', async () => {
    const file = join(dir, 'index.html');
    const trace = traceInput(URL_GRAMMAR, ENTRY_RULES.none, 'https://user@example.com:8080/a?q#f');
    writeFileSync(
      file,
      grammarToHTML([
        { title: 'URL grammar', grammar: URL_GRAMMAR, highlight: trace },
        { title: 'Host grammar', grammar: HOST_GRAMMAR },
      ]),
    );
    const ruleCount = Object.keys(URL_GRAMMAR).length + Object.keys(HOST_GRAMMAR).length;
    const problems = await open(file, async (page) => {
      const drawn = await page.evaluate(() =>
        Array.from(document.querySelectorAll('svg.railroad-diagram')).map((svg) => {
          const box = (svg as SVGSVGElement).getBBox();
          return { width: box.width, height: box.height };
        }),
      );
      expect(drawn).to.have.length(ruleCount);
      for (const d of drawn) expect(d.width * d.height).to.be.greaterThan(0);

      // the package's styles apply: tracks are lines, not filled shapes
      const pathFill = await page.evaluate(() => getComputedStyle(document.querySelector('svg.railroad-diagram path')!).fill);
      expect(pathFill).to.equal('rgba(0, 0, 0, 0)');

      // every label fits in its box (the package sizes boxes from the label's length)
      const overflowing = await page.evaluate(() =>
        Array.from(document.querySelectorAll('svg.railroad-diagram g > rect:not(.rr-frame)'))
          .map((rect) => {
            const text = rect.parentElement!.querySelector(':scope > text') as SVGTextElement | null;
            if (!text) return null;
            const width = Number(rect.getAttribute('width'));
            return text.getComputedTextLength() > width - 4 ? `${text.textContent} (${text.getComputedTextLength()} > ${width})` : null;
          })
          .filter((x) => x !== null),
      );
      expect(overflowing).to.deep.equal([]);

      // the traced input's boxes are marked
      const matched = await page.evaluate(() => document.querySelectorAll('#rule-url .rr-matched').length);
      expect(matched).to.equal(2);

      // a rule's box takes the reader to that rule's section
      await page.click('#rule-special-authority svg a[href="#rule-special-host"]');
      expect(new URL(page.url()).hash).to.equal('#rule-special-host');
      const target = await page.evaluate(() => document.querySelector(':target')?.id);
      expect(target).to.equal('rule-special-host');
    });
    expect(problems).to.deep.equal([]);
  });

  it('a standalone SVG file loads with no error and carries its own styles', async () => {
    const file = join(dir, 'special-scheme.svg');
    writeFileSync(file, ruleToSVG(URL_GRAMMAR, 'special-scheme'));
    const problems = await open(file, async (page) => {
      const styles = await page.evaluate(() => {
        const svg = document.documentElement;
        const ci = svg.querySelector('g.rr-ci > rect')!;
        return {
          root: svg.localName,
          ns: svg.namespaceURI,
          pathFill: getComputedStyle(svg.querySelector('path')!).fill,
          ciDash: getComputedStyle(ci).strokeDasharray,
        };
      });
      expect(styles.root).to.equal('svg');
      expect(styles.ns).to.equal('http://www.w3.org/2000/svg');
      expect(styles.pathFill).to.equal('rgba(0, 0, 0, 0)');
      expect(styles.ciDash).to.match(/^6(px)?,? 3(px)?$/);
    });
    expect(problems).to.deep.equal([]);
  });
});
