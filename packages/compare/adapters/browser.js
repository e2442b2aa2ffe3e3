#!/usr/bin/env node
// A browser's own `URL` as a parser for `url-grammar compare`: `node adapters/browser.js chromium`
// or `node adapters/browser.js firefox`. It starts the browser headless through puppeteer-core
// (Chromium over the DevTools protocol, Firefox over WebDriver BiDi), opens about:blank, and
// evaluates `new URL(input, base)` in that page for many requests in one round trip: it reads
// what has arrived on standard input, sends it as one batch (sized and answered by
// adapters/in-page-batch.mjs), writes the answers, and meanwhile collects the next batch. The mapping is documented in
// adapters/README.md#chromium-url and #firefox-url; the protocol in docs/compare-protocol.md.
//
// The browser is the system's (Debian's chromium / firefox-esr), found on PATH; nothing is
// downloaded. Set URL_GRAMMAR_BROWSER to a browser executable to use another one.
'use strict';

const { accessSync, constants } = require('node:fs');
const { delimiter, join } = require('node:path');
const { StringDecoder } = require('node:string_decoder');


const BROWSERS = {
  chromium: {
    names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
    options: {
      browser: 'chrome',
      protocol: 'cdp',
      // DevTools over a pipe, not a socket: if this process dies, even by SIGKILL, the pipe closes
      // and Chromium exits with it
      pipe: true,
      // the flags this machine's sandbox-less, GPU-less containers need (as test/diagrams-browser.test.ts)
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  firefox: {
    names: ['firefox-esr', 'firefox'],
    options: { browser: 'firefox', protocol: 'webDriverBiDi', args: [] },
  },
};

function fail(message) {
  process.stderr.write(`adapters/browser.js: ${message}\n`);
  process.exit(1);
}

function onPath(names) {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    for (const name of names) {
      const file = join(dir || '.', name);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return null;
}


async function main() {
  const kind = process.argv[2];
  if (!Object.prototype.hasOwnProperty.call(BROWSERS, kind)) {
    process.stderr.write(`usage: node adapters/browser.js ${Object.keys(BROWSERS).join('|')}\n`);
    process.exit(2);
  }
  const spec = BROWSERS[kind];
  const { batchLength, evaluateBatch } = await import('./in-page-batch.mjs');
  const executablePath = process.env.URL_GRAMMAR_BROWSER || onPath(spec.names);
  if (!executablePath) fail(`no ${spec.names.join(' or ')} on PATH`);
  let puppeteer;
  try {
    puppeteer = require('puppeteer-core');
  } catch (e) {
    fail(`puppeteer-core is not installed (npm install puppeteer-core): ${e.message}`);
  }

  const queue = []; // parsed requests not yet sent to the page
  let ended = false;
  let wake = null; // resolves the pump's wait for more input
  // Lines end at LF only. Not node:readline: since Node 24 it also ends a line at U+2028, which
  // a request may hold unescaped.
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const take = (text) => {
    const from = partial.length; // the text before has no LF: scan only what is new
    partial += text;
    let start = 0;
    for (let nl = partial.indexOf('\n', from); nl >= 0; nl = partial.indexOf('\n', start)) {
      const line = partial.slice(start, nl);
      start = nl + 1;
      if (line.trim() !== '') queue.push(JSON.parse(line));
    }
    partial = partial.slice(start);
    if (wake) wake();
  };
  process.stdin.on('data', (chunk) => take(decoder.write(chunk)));
  process.stdin.on('end', () => {
    take(decoder.end() + (partial.trim() === '' ? '' : '\n'));
    ended = true;
    if (wake) wake();
  });

  let closing = false;
  const browser = await puppeteer.launch({ ...spec.options, executablePath, headless: true });
  browser.on('disconnected', () => {
    if (!closing) fail(`${kind} went away`);
  });
  const page = await browser.newPage(); // about:blank
  for (;;) {
    if (queue.length === 0) {
      if (ended) break;
      await new Promise((resolve) => (wake = resolve));
      wake = null;
      continue;
    }
    const batch = queue.splice(0, batchLength(queue));
    const answers = await page.evaluate(evaluateBatch, batch.map((r) => [r.input, r.base ?? null]));
    let out = '';
    for (let k = 0; k < batch.length; k++) out += JSON.stringify({ id: batch[k].id, ...answers[k] }) + '\n';
    process.stdout.write(out);
  }
  closing = true;
  const timer = setTimeout(() => process.exit(0), 5000); // a browser slow to close does not hold the answers
  await browser.close().catch(() => {});
  clearTimeout(timer);
  process.exit(0);
}

main().catch((e) => fail(e && e.message ? e.message.split('\n')[0] : String(e)));
