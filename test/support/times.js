// Each test file's time in the last run that ran it, kept by the reporter (summary-reporter.js) in
// node_modules/.cache/url-grammar-tests/times.json, a file of the checkout's own, so that test/run.js
// can start the slowest files first.
'use strict';
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { isAbsolute, join, relative, resolve } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const TIMES = join(ROOT, 'node_modules', '.cache', 'url-grammar-tests', 'times.json');

/** Each file's time (ms) in the last run that ran it, from TIMES; {} when there is none. */
function lastTimes() {
  try {
    return JSON.parse(readFileSync(TIMES, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Adds this run's times to TIMES, each file by its path from the root (`files`: { file, ms }, the
 * path from the working folder); files outside the checkout are left out. A run that cannot write
 * it loses nothing.
 */
function keepTimes(files) {
  try {
    const times = lastTimes();
    for (const f of files) {
      const path = relative(ROOT, resolve(f.file));
      if (!path.startsWith('..') && !isAbsolute(path)) times[path] = Math.round(f.ms);
    }
    mkdirSync(join(TIMES, '..'), { recursive: true });
    const part = `${TIMES}.${process.pid}`;
    writeFileSync(part, `${JSON.stringify(times, null, 1)}\n`);
    renameSync(part, TIMES);
  } catch {
    // the next run starts its files in their usual order
  }
}

module.exports = { lastTimes, keepTimes };
