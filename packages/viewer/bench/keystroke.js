// The viewer's responsiveness benchmark (url-grammar issues 22 and 38): how long each control of
// the page takes to answer, on a normal URL and on two 100 KB URLs (25,000 path segments; and
// 25,000 segments holding a space, which make 25,000 validation errors), in headless Chromium
// (Debian's /usr/bin/chromium, driven by playwright-core).
//
//   npm run build --workspace=packages/viewer && node packages/viewer/bench/keystroke.js [keystrokes]
//
// A keystroke is a real key press (page.keyboard.type of one character at the end of #url): it is
// timed from the input event until #results[data-rendered] has changed, and until the next frame
// is painted. Every other control (the buttons, the selects, the side-by-side mode, the lists drawn
// as they scroll, the arrow keys on the spans, Back) is timed from the event until the next frame
// is painted. Beside each time is the longest task the page ran from the event until it settled
// (the Long Tasks API: a task of 50 ms or more), which says whether anything blocked the page. A
// long input's deferred work (the verdicts, whatwg-url, what the parser did) and its diagrams run
// in the page's worker: their time until done is said too. The goal (issue 38): every control
// answers within 200 ms on the 100 KB input, and no task blocks the page for longer.
//
//   VIEWER_PAGE_AGAINST=<other build> node packages/viewer/bench/keystroke.js [keystrokes]
//
// compares two builds of the page (issue 49: no slower than before) on the keystrokes alone: the
// two pages take turns, one keystroke each (which goes first alternates), so that both meet the
// same load of a shared machine; it prints each one's medians and the median of the differences.
'use strict';
const { existsSync } = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { chromium } = require('playwright-core');

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Another build of the page (an older one, to compare) can be named in VIEWER_PAGE.
const PAGE = process.env.VIEWER_PAGE ? path.resolve(process.env.VIEWER_PAGE) : path.join(__dirname, '..', 'dist', 'index.html');
const AGAINST = process.env.VIEWER_PAGE_AGAINST ? path.resolve(process.env.VIEWER_PAGE_AGAINST) : null;
const GOAL = 200;

const INPUTS = [
  ['normal input', 'https://user@exämple.org:8080/a/./b/../c?q=ü#f'],
  ['100 KB, 25,000 path segments', `https://example.com/${'abc/'.repeat(25000)}`],
  ['100 KB, 25,000 validation errors', `https://example.com/${'a b/'.repeat(25000)}`],
];

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Installs the timers in the page: the input event's time, data-rendered's and data-pending's changes, and the long tasks. */
function instrument() {
  const w = window;
  w.__bench = { input: 0, rendered: 0, painted: 0, settled: 0 };
  w.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  const url = document.getElementById('url');
  const results = document.getElementById('results');
  // The capture phase on the window runs before the viewer's own listener on the field.
  window.addEventListener('input', () => (w.__bench = { input: performance.now(), rendered: 0, painted: 0, settled: 0 }), true);
  new MutationObserver(() => {
    const now = performance.now();
    if (w.__bench.input && !w.__bench.rendered && JSON.parse(results.getAttribute('data-rendered') || '{}').url === url.value) {
      w.__bench.rendered = now;
      // The next frame: style, layout and paint of what was rendered are done when its callback's task runs.
      const mine = w.__bench;
      requestAnimationFrame(() => setTimeout(() => (mine.painted = performance.now()), 0));
    }
    if (w.__bench.rendered && !results.hasAttribute('data-pending') && !w.__bench.settled) w.__bench.settled = now;
  }).observe(results, { attributes: true, attributeFilter: ['data-rendered', 'data-pending'] });
}

/** The longest task that started at or after `from` (0 when none was 50 ms or more). */
const longest = (page, from) => page.evaluate((t) => window.__long.filter((e) => e.start >= t - 1).reduce((m, e) => Math.max(m, e.duration), 0), from);

/** Sets #url to `value` (as a paste would: one input event), then waits for the page to settle. */
async function load(page, value) {
  await page.evaluate((v) => {
    const input = document.getElementById('url');
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
  await page.waitForFunction(() => !document.getElementById('results').hasAttribute('data-pending'), null, { timeout: 60_000 });
  await page.focus('#url');
  // the caret at the end of the field
  await page.evaluate(() => getSelection().selectAllChildren(document.getElementById('url')) || getSelection().collapseToEnd());
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
    out.push({ rendered: b.rendered - b.input, painted: b.painted - b.input, settled: b.settled - b.input, long: await longest(page, b.input) });
  }
  return out;
}

/**
 * Runs `act` in the page (it returns the event's time) and times it until the next frame is
 * painted; then waits for `done` (a page function; the work left to a worker) and gives the
 * longest task meanwhile.
 */
async function timeControl(page, act, arg, done) {
  const start = await page.evaluate(act, arg);
  const painted = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))));
  let finished = null;
  if (done) {
    await page.waitForFunction(done, null, { timeout: 120_000, polling: 20 });
    finished = (await page.evaluate(() => performance.now())) - start;
  }
  await page.waitForTimeout(300);
  return { painted: painted - start, finished, long: await longest(page, start) };
}

const click = (selector) => (s) => {
  const e = document.querySelector(s);
  if (!e) throw new Error(`nothing matches ${s}`);
  const t = performance.now();
  e.click();
  return t;
};

/** The controls, each an action in the page (with its argument) and what says it is done. */
const CONTROLS = [
  ['encoding select', (v) => { const e = document.getElementById('encoding'); const t = performance.now(); e.value = v; e.dispatchEvent(new Event('change', { bubbles: true })); return t; }, 'windows-1252', () => !document.getElementById('results').hasAttribute('data-pending')],
  ['encoding select back', (v) => { const e = document.getElementById('encoding'); const t = performance.now(); e.value = v; e.dispatchEvent(new Event('change', { bubbles: true })); return t; }, 'UTF-8', () => !document.getElementById('results').hasAttribute('data-pending')],
  ['base field', (v) => { const e = document.getElementById('base'); const t = performance.now(); e.value = v; e.dispatchEvent(new Event('input', { bubbles: true })); return t; }, 'https://base.example/', () => !document.getElementById('results').hasAttribute('data-pending')],
  ['base field cleared', (v) => { const e = document.getElementById('base'); const t = performance.now(); e.value = v; e.dispatchEvent(new Event('input', { bubbles: true })); return t; }, '', () => !document.getElementById('results').hasAttribute('data-pending')],
  ['href cell: show all', click('[data-impl="url-grammar"][data-field="href"] button.show-all'), '[data-impl="url-grammar"][data-field="href"] button.show-all', null],
  ['spans: scroll the input view', (s) => { const e = document.querySelector(s); const t = performance.now(); e.scrollTop += 20000; return t; }, '.input-view .windowed', null],
  ['spans: End key', (s) => { const e = document.querySelector(s); e.focus(); const t = performance.now(); e.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })); return t; }, '.span-group', null],
  ['errors: scroll a group', (s) => { const e = document.querySelector(s); const t = performance.now(); if (e) e.scrollTop += 20000; return t; }, '.errors .windowed', null],
  ['changes: scroll a group', (s) => { const e = document.querySelector(s); const t = performance.now(); if (e) e.scrollTop += 20000; return t; }, '.changes .windowed', null],
  ['copy as JSON', click('#copy-json'), '#copy-json', () => /copied|too long|select and copy/.test(document.getElementById('copy-status').textContent)],
  ['copy as a urltestdata.json entry', click('#copy-wpt'), '#copy-wpt', () => /copied|too long|select and copy/.test(document.getElementById('copy-status').textContent)],
  ['copy as a text report', click('#copy-report'), '#copy-report', () => /copied|too long|select and copy/.test(document.getElementById('copy-status').textContent)],
  ['recent inputs: open', click('#recent > summary'), '#recent > summary', null],
  ['theme select', (v) => { const e = document.getElementById('theme'); const t = performance.now(); e.value = v; e.dispatchEvent(new Event('change', { bubbles: true })); return t; }, 'dark', null],
  ['side by side: open', click('#compare > summary'), '#compare > summary', () => !document.getElementById('results').hasAttribute('data-pending')],
  ['side by side: close', click('#compare > summary'), '#compare > summary', () => !document.getElementById('results').hasAttribute('data-pending')],
  ['draw the diagrams', click('.draw-diagrams'), '.draw-diagrams', () => document.querySelector('.diagrams svg.railroad-diagram') !== null],
  ['Back', () => { const t = performance.now(); history.back(); return t; }, null, () => !document.getElementById('results').hasAttribute('data-pending')],
];

/** Opens `file` with the timers installed and `value` loaded, the caret at its end. */
async function opened(browser, file, value) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.evaluate(instrument);
  await load(page, value);
  return page;
}

/** The two builds, a keystroke each in turn, on each input: their medians, and the median of the differences. */
async function compare(browser, count) {
  const pages = [['this build', PAGE], ['the other', AGAINST]];
  console.log(`${PAGE}\n  against ${AGAINST}`);
  for (const [name, value] of INPUTS) {
    const open = [await opened(browser, PAGE, value), await opened(browser, AGAINST, value)];
    const times = [[], []];
    for (let i = 0; i < count; i++) {
      for (const side of i % 2 ? [1, 0] : [0, 1]) {
        await open[side].bringToFront();
        for (const t of await keystrokes(open[side], 1)) times[side].push(t);
      }
    }
    console.log(`${name}, ${count} keystrokes each:`);
    for (const kind of ['rendered', 'painted']) {
      const [a, b] = times.map((t) => t.map((x) => x[kind]));
      const differences = a.map((x, i) => x - b[i]);
      console.log(`  input event to ${kind === 'rendered' ? 'rendered' : 'the next frame painted'}: ${pages[0][0]} median ${median(a).toFixed(1)} ms, ${pages[1][0]} ${median(b).toFixed(1)} ms; the difference, median ${median(differences).toFixed(1)} ms`);
    }
    for (const page of open) await page.close();
  }
}

async function main() {
  const count = Number(process.argv[2] ?? 9);
  for (const file of [PAGE, AGAINST]) if (file && !existsSync(file)) throw new Error(`${file} is missing: run npm run build --workspace=packages/viewer`);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install -y chromium)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  if (AGAINST) {
    try {
      await compare(browser, count);
    } finally {
      await browser.close();
    }
    return;
  }
  let slow = 0;
  try {
    for (const [name, value] of INPUTS) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      await page.goto(pathToFileURL(PAGE).href, { waitUntil: 'load' });
      await page.evaluate(instrument);
      await load(page, value);
      const times = await keystrokes(page, count);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const large = value.length > 2000;
      console.log(`${name} (${value.length.toLocaleString('en')} characters), ${count} keystrokes:`);
      console.log(`  input event to rendered: median ${median(times.map((t) => t.rendered)).toFixed(1)} ms (each: ${times.map((t) => t.rendered.toFixed(0)).join(', ')})`);
      console.log(`  input event to the next frame painted: median ${median(times.map((t) => t.painted)).toFixed(1)} ms (each: ${times.map((t) => t.painted.toFixed(0)).join(', ')})`);
      console.log(`  input event to settled (a long input's deferred work done, in the worker, after the pause): median ${median(times.map((t) => t.settled)).toFixed(1)} ms`);
      console.log(`  longest task after a keystroke: ${times.reduce((m, t) => Math.max(m, t.long), 0).toFixed(0)} ms`);
      console.log(`  page height: ${height.toLocaleString('en')} px`);
      if (large) {
        const worst = times.reduce((m, t) => Math.max(m, t.painted, t.long), 0);
        if (worst > GOAL) slow++;
        console.log('  each control, event to the next frame painted (the longest task from the event until it settled; the work left to the worker, until done):');
        for (const [label, act, arg, done] of CONTROLS) {
          const present = typeof arg !== 'string' || !arg.startsWith('.') && !arg.startsWith('[') && !arg.startsWith('#') ? true : await page.evaluate((s) => document.querySelector(s) !== null, arg);
          if (!present) {
            console.log(`    ${label}: (not on this page)`);
            continue;
          }
          const t = await timeControl(page, act, arg, done);
          const ok = t.painted <= GOAL && t.long <= GOAL;
          if (!ok) slow++;
          console.log(`    ${label}: ${t.painted.toFixed(0)} ms (longest task ${t.long.toFixed(0)} ms${t.finished === null ? '' : `; done in ${t.finished.toFixed(0)} ms`})${ok ? '' : `  OVER ${GOAL} ms`}`);
        }
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(slow === 0 ? `every control answered within ${GOAL} ms` : `${slow} controls took more than ${GOAL} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
