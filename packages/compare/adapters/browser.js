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

const { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
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

// The browser must never outlive this process, nor its profile folder: the profile is a folder of
// our own in the temporary directory (not puppeteer's, whose removal puppeteer does asynchronously
// and skips on a signal), and on every way out (input ended, SIGTERM, SIGINT, SIGHUP, a failure)
// the 'exit' hook kills what this process started and removes the folder, synchronously. What it
// started is read from /proc (Linux): puppeteer starts the browser as the leader of a new session,
// outside this process's group, so killing that group alone would leave the browser running.
let profile = null;
let browserPid = null;

function processTable() {
  const out = [];
  let names = [];
  try {
    names = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const n of names) {
    if (!/^[0-9]+$/.test(n)) continue;
    try {
      const t = readFileSync(`/proc/${n}/stat`, 'utf8');
      const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
      out.push({ pid: Number(n), state: f[0], ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Every process this one started, with those they started and the groups and sessions they lead. */
function startedHere() {
  const all = processTable();
  const found = new Set();
  const leaders = [process.pid];
  for (let i = 0; i < leaders.length; i++) {
    const q = leaders[i];
    for (const p of all) {
      if (p.pid === process.pid || found.has(p.pid)) continue;
      if (p.ppid === q || (q !== process.pid && (p.pgrp === q || p.session === q))) {
        found.add(p.pid);
        leaders.push(p.pid);
      }
    }
  }
  return all.filter((p) => found.has(p.pid));
}

function kill(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

function endBrowser() {
  const started = startedHere();
  for (const p of started) {
    kill(p.pid);
    if (p.pgrp === p.pid || p.session === p.pid) kill(-p.pid);
  }
  if (browserPid !== null) kill(-browserPid); // without /proc: its group, at least
  // the folder goes once nothing writes into it any more (a zombie writes nothing)
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + 2000;
  const pids = new Set(started.map((p) => p.pid));
  while (Date.now() < until && processTable().some((p) => pids.has(p.pid) && p.state !== 'Z')) Atomics.wait(sleeper, 0, 0, 20);
  if (profile !== null) {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    } catch (e) {
      process.stderr.write(`adapters/browser.js: could not remove the profile folder ${profile}: ${e.message}\n`);
    }
    profile = null;
  }
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
  if (process.argv[3] === '--version') {
    // the manifest's version command: the browser's own one line, printed without starting it
    const r = require('node:child_process').spawnSync(executablePath, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] });
    const line = (r.stdout || '').split('\n').map((l) => l.trim()).find((l) => l !== '');
    if (r.status !== 0 || !line) fail(`${executablePath} --version ${r.error ? r.error.message : `exited with ${r.status}`}`);
    process.stdout.write(line + '\n');
    return;
  }
  let puppeteer;
  try {
    puppeteer = require('puppeteer-core');
  } catch (e) {
    fail(`puppeteer-core is not installed (npm install puppeteer-core): ${e.message}`);
  }

  profile = mkdtempSync(join(tmpdir(), `url-grammar-compare-${kind}-profile-`));
  process.on('exit', endBrowser);
  const signals = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
  for (const sig of Object.keys(signals)) process.on(sig, () => process.exit(128 + signals[sig]));

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
  // puppeteer's own signal handlers would end this process before the folder is removed
  const browser = await puppeteer.launch({ ...spec.options, executablePath, headless: true, userDataDir: profile, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  browserPid = browser.process()?.pid ?? null;
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
  const timer = setTimeout(() => process.exit(0), 3000); // a browser slow to close is killed (the 'exit' hook)
  await browser.close().catch(() => {});
  clearTimeout(timer);
  process.exit(0);
}

main().catch((e) => fail(e && e.message ? e.message.split('\n')[0] : String(e)));
