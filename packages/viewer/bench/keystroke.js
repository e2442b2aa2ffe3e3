// The viewer's keystroke benchmark (url-grammar issue 22, item 4): how long one keystroke takes,
// from the input event until #results[data-rendered] has changed, for a 100 KB URL of 25,000
// path segments and for a normal URL, in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core). It also says how long a long input's deferred work (the verdicts and
// whatwg-url, #results[data-pending]) takes to finish once typing pauses, and the page's height.
//
//   npm run build --workspace=packages/viewer && node packages/viewer/bench/keystroke.js [keystrokes]
//
// Each keystroke is a real key press (page.keyboard.type of one character at the end of #url);
// the page records performance.now() at the input event (a listener added before the viewer's
// own, in the capture phase) and a MutationObserver records it when data-rendered changes.
'use strict';
const { existsSync } = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { chromium } = require('playwright-core');

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Another build of the page (an older one, to compare) can be named in VIEWER_PAGE.
const PAGE = process.env.VIEWER_PAGE ? path.resolve(process.env.VIEWER_PAGE) : path.join(__dirname, '..', 'dist', 'index.html');

/** A URL of 25,000 path segments, 100,020 characters long. */
const LONG = `https://example.com/${'abc/'.repeat(25000)}`;
const NORMAL = 'https://user@exämple.org:8080/a/./b/../c?q=ü#f';

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Installs the timers in the page: the input event's time, and data-rendered's and data-pending's changes. */
function instrument() {
  const w = window;
  w.__bench = { input: 0, rendered: 0, painted: 0, settled: 0 };
  const url = document.getElementById('url');
  const results = document.getElementById('results');
  // The capture phase on the window runs before the viewer's own listener on the input.
  window.addEventListener('input', () => (w.__bench = { input: performance.now(), rendered: 0, painted: 0, settled: 0 }), true);
  new MutationObserver(() => {
    const now = performance.now();
    if (w.__bench.input && !w.__bench.rendered && results.getAttribute('data-rendered') === JSON.stringify({ url: url.value, base: '', encoding: 'UTF-8' })) {
      w.__bench.rendered = now;
      // The next frame: style, layout and paint of what was rendered are done when its callback's task runs.
      const mine = w.__bench;
      requestAnimationFrame(() => setTimeout(() => (mine.painted = performance.now()), 0));
    }
    if (w.__bench.rendered && !results.hasAttribute('data-pending') && !w.__bench.settled) w.__bench.settled = now;
  }).observe(results, { attributes: true, attributeFilter: ['data-rendered', 'data-pending'] });
}

/** Sets #url to `value` (as a paste would: one input event), then waits for the page to settle. */
async function load(page, value) {
  await page.evaluate((v) => {
    const input = document.getElementById('url');
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
  await page.waitForFunction(() => !document.getElementById('results').hasAttribute('data-pending'), null, { timeout: 60_000 });
  await page.focus('#url');
  await page.evaluate(() => {
    const input = document.getElementById('url');
    input.setSelectionRange(input.value.length, input.value.length);
  });
}

/** Types `count` characters at the end of #url, one at a time; returns each keystroke's times. */
async function keystrokes(page, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.type(String.fromCharCode(0x61 + (i % 26)));
    await page.waitForFunction(() => window.__bench.rendered > 0, null, { timeout: 60_000 });
    // Typing pauses here: the deferred work (if any) runs, and its end is timed too.
    await page.waitForFunction(() => window.__bench.settled > 0 && window.__bench.painted > 0, null, { timeout: 60_000 });
    const b = await page.evaluate(() => window.__bench);
    out.push({ rendered: b.rendered - b.input, painted: b.painted - b.input, settled: b.settled - b.input });
  }
  return out;
}

async function main() {
  const count = Number(process.argv[2] ?? 9);
  if (!existsSync(PAGE)) throw new Error(`${PAGE} is missing: run npm run build --workspace=packages/viewer`);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install -y chromium)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(pathToFileURL(PAGE).href, { waitUntil: 'load' });
    await page.evaluate(instrument);
    for (const [name, value] of [['normal input', NORMAL], ['100 KB, 25,000 path segments', LONG]]) {
      await load(page, value);
      const times = await keystrokes(page, count);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const rendered = median(times.map((t) => t.rendered));
      const painted = median(times.map((t) => t.painted));
      const settled = median(times.map((t) => t.settled));
      console.log(`${name} (${value.length.toLocaleString('en')} characters), ${count} keystrokes:`);
      console.log(`  input event to rendered: median ${rendered.toFixed(1)} ms (each: ${times.map((t) => t.rendered.toFixed(0)).join(', ')})`);
      console.log(`  input event to the next frame painted: median ${painted.toFixed(1)} ms (each: ${times.map((t) => t.painted.toFixed(0)).join(', ')})`);
      console.log(`  input event to settled (a long input's deferred work done, after the pause): median ${settled.toFixed(1)} ms`);
      console.log(`  page height: ${height.toLocaleString('en')} px`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
