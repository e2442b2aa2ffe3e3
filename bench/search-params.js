// A URL's searchParams: url-grammar against Node's URL and whatwg-url, measured in the same run.
//
//   node bench/search-params.js [--sizes 500,2000,20000] [--pairs 100000] [--budget-ms 5000] [--json]
//   node bench/search-params.js --nodes 20,22,24     the same under each Node (test/runtimes' 22 and 24)
//
// Two figures (url-grammar from its built dist/: `npx tsc -p tsconfig.json` first):
// - appends: n `searchParams.append` on a fresh URL, then one read of href; for each n of --sizes.
//   Node's URL and whatwg-url serialize the whole list on every append (the update steps as the
//   standard writes them), so their time grows as n squared: a subject whose time at the next size,
//   predicted from the last one (or from a probe of 100) as n squared, passes --budget-ms is left
//   out there ("skipped"), and the ratio with it.
// - search: `u.search = query` with a live searchParams, on a query of --pairs pairs (`a0=b0&...`).
// Each figure is the median of 5 timed runs after one warm-up run (one run and no warm-up when a run
// takes over a second), read on the process's CPU time, so that the other work on a shared machine
// weighs less. The target: 20,000 appends in under 200 ms, judged on url-grammar's first run at
// that size (--sizes must include 20000); the exit status is 1 when it is missed.
'use strict';
const path = require('path');
const fs = require('fs');
const { spawnSync } = require('child_process');

const ROOT = path.join(__dirname, '..');
const TARGET = { n: 20000, ms: 200 };

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) {
    process.stderr.write(`search-params: --${name} needs a value\n`);
    process.exit(2);
  }
  return value;
}

function numbers(name, fallback) {
  const list = option(name, fallback).split(',').map(Number);
  if (list.some((x) => !Number.isInteger(x) || x <= 0)) {
    process.stderr.write(`search-params: --${name} takes positive whole numbers separated by commas\n`);
    process.exit(2);
  }
  return list;
}

/** CPU milliseconds of this process (user and system) spent in `f`. */
function cpuMs(f) {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function median(list) {
  const s = list.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The median of 5 runs after a warm-up, or one run when a run is slow; and the first run. */
function time(f) {
  const first = cpuMs(f);
  if (first > 1000) return { ms: first, first };
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(cpuMs(f));
  return { ms: median(runs), first };
}

function subjects() {
  return {
    'url-grammar': require(ROOT).URL,
    "Node's URL": globalThis.URL,
    'whatwg-url': require(require.resolve('whatwg-url', { paths: [ROOT] })).URL,
  };
}

/** n appends on a fresh URL's searchParams, then href; checks the href's length so that no work is skipped. */
function appends(URLClass, n) {
  const u = new URLClass('https://example.com/path?x=1');
  const params = u.searchParams;
  for (let i = 0; i < n; i++) params.append(`k${i}`, `v ${i}`);
  if (!u.href.includes(`&k${n - 1}=v+${n - 1}`)) throw new Error('search-params: the last pair is missing from href');
}

function measure() {
  const sizes = numbers('sizes', '500,2000,20000').sort((a, b) => a - b);
  const pairs = numbers('pairs', '100000')[0];
  const budget = numbers('budget-ms', '5000')[0];
  const all = subjects();
  const result = { node: process.version, appends: {}, search: {} };
  for (const name of Object.keys(all)) {
    result.appends[name] = {};
    // (a probe of 100 appends, so that the first size has a prediction too; url-grammar, whose time
    // grows as n, is never left out, and its first run at 20,000 stays the first run)
    const ours = name === 'url-grammar';
    let last = ours ? null : { n: 100, ms: cpuMs(() => appends(all[name], 100)) };
    for (const n of sizes) {
      if (!ours && last.ms * (n / last.n) ** 2 > budget) {
        result.appends[name][n] = null;
        continue;
      }
      const { ms, first } = time(() => appends(all[name], n));
      result.appends[name][n] = ms;
      if (name === 'url-grammar' && n === TARGET.n) result.targetFirstRun = first;
      last = { n, ms };
    }
  }
  const query = Array.from({ length: pairs }, (_, i) => `a${i}=b${i}`).join('&');
  for (const [name, URLClass] of Object.entries(all)) {
    const u = new URLClass('https://example.com/');
    void u.searchParams;
    let k = 0;
    // (a different query each time, in case a subject caches its last answer)
    result.search[name] = time(() => {
      u.search = query + (k++ % 10);
      if (u.searchParams.size !== pairs) throw new Error('search-params: the list was not replaced');
    }).ms;
  }
  result.pairs = pairs;
  // (judged on the first run, cold, as a program that appends once would see it)
  result.pass = result.targetFirstRun === undefined ? null : result.targetFirstRun < TARGET.ms;
  return result;
}

const ms = (x) => (x === null || x === undefined ? 'skipped' : x < 10 ? `${x.toFixed(2)} ms` : `${x.toFixed(0)} ms`);
const ratio = (ours, theirs) => (ours == null || theirs == null ? '' : ` (${(ours / theirs).toPrecision(2)}x)`);

function report(r) {
  const lines = [`Node ${r.node}: CPU time, median of 5 runs (one run when over a second); (x) = url-grammar / that subject`];
  const names = Object.keys(r.appends);
  for (const n of Object.keys(r.appends['url-grammar'])) {
    const ours = r.appends['url-grammar'][n];
    lines.push(`  ${n} appends then href: ${names.map((name) => `${name} ${ms(r.appends[name][n])}${name === 'url-grammar' ? '' : ratio(ours, r.appends[name][n])}`).join(', ')}`);
  }
  const ours = r.search['url-grammar'];
  lines.push(`  search = ${r.pairs} pairs, live searchParams: ${names.map((name) => `${name} ${ms(r.search[name])}${name === 'url-grammar' ? '' : ratio(ours, r.search[name])}`).join(', ')}`);
  if (r.pass !== null) lines.push(`  target: ${TARGET.n} appends under ${TARGET.ms} ms, on the first (cold) run: ${ms(r.targetFirstRun)}, ${r.pass ? 'PASS' : 'FAIL'}`);
  return lines.join('\n');
}

function runtime(version) {
  if (version === Number(process.versions.node.split('.')[0])) return process.execPath;
  const file = path.join(ROOT, 'test', 'runtimes', 'node_modules', `node${version}`, 'bin', 'node');
  if (!fs.existsSync(file)) {
    process.stderr.write(`search-params: no Node ${version} (test/runtimes has 22 and 24: npm ci --prefix test/runtimes)\n`);
    process.exit(2);
  }
  return file;
}

if (require.main === module) {
  const nodes = option('nodes', null);
  if (nodes !== null) {
    // Each Node in its own process, one after another; the other options pass through.
    const rest = process.argv.slice(2).filter((a, i, all) => a !== '--nodes' && all[i - 1] !== '--nodes');
    let failed = false;
    for (const version of numbers('nodes', nodes)) {
      const r = spawnSync(runtime(version), [__filename, ...rest], { stdio: 'inherit' });
      if (r.status !== 0) failed = true;
    }
    process.exit(failed ? 1 : 0);
  }
  const r = measure();
  process.stdout.write(process.argv.includes('--json') ? JSON.stringify(r) + '\n' : report(r) + '\n');
  if (r.pass === false) process.exitCode = 1;
}

module.exports = { measure };
