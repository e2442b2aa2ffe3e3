// Mocha reporter: one line per test file (its time and its counts) as the file finishes, the failures in
// full, the slowest files, then one closing line `tests: N passed, N failed` that CI reads.
//
// Run by test/run.js (URL_GRAMMAR_TEST_REPORT names a JSON file), it writes the per-file figures there
// for the runner to sum over its groups, and leaves the slowest files and the closing line to the runner.
'use strict';
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const { performance } = require('node:perf_hooks');
const Mocha = require('mocha');

const { Base } = Mocha.reporters;
const C = Mocha.Runner.constants;

/** The test file a test or hook was written in (a hook at the root of no describe has none). */
function fileOf(runnable) {
  for (let r = runnable; r; r = r.parent) if (r.file) return relative(process.cwd(), r.file);
  return '(root hooks)';
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** `12.3 s  path: 4 passed, 1 failed, 2 skipped`, the zero counts left out (but for passed). */
function fileLine(f) {
  const counts = [`${f.passed} passed`];
  if (f.failed) counts.push(Base.color('fail', `${f.failed} failed`));
  if (f.pending) counts.push(Base.color('pending', `${f.pending} skipped`));
  return `${seconds(f.ms).padStart(8)}  ${f.file}: ${counts.join(', ')}`;
}

/** The slowest files, most first, with their share of the total; `files` as collected below. */
function slowest(files, total, count = 10) {
  const sorted = [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
  const lines = [`slowest ${sorted.length} of ${files.length} files (${seconds(total)} of tests in all):`];
  for (const f of sorted) {
    const share = total > 0 ? `${Math.round((100 * f.ms) / total)}%`.padStart(4) : '';
    lines.push(`${seconds(f.ms).padStart(8)} ${share}  ${f.file}`);
  }
  return lines.join('\n');
}

class SummaryReporter extends Base {
  constructor(runner, options) {
    super(runner, options);
    const reportPath = process.env.URL_GRAMMAR_TEST_REPORT;
    // mocha loads (and ts-node compiles) every file before it makes its reporter
    const loadMs = process.uptime() * 1000;
    const files = new Map();
    const entry = (file) => {
      let f = files.get(file);
      if (!f) files.set(file, (f = { file, ms: 0, passed: 0, failed: 0, pending: 0, skipped: [] }));
      return f;
    };
    let current = null;
    let since = performance.now();
    // the time between two switches goes to the file whose test or hook began first
    const enter = (file) => {
      const now = performance.now();
      if (current !== null) entry(current).ms += now - since;
      since = now;
      if (file === current) return;
      if (current !== null) process.stdout.write(`${fileLine(entry(current))}\n`);
      current = file;
    };
    runner.on(C.EVENT_TEST_BEGIN, (test) => enter(fileOf(test)));
    runner.on(C.EVENT_HOOK_BEGIN, (hook) => enter(fileOf(hook)));
    runner.on(C.EVENT_TEST_PASS, (test) => entry(fileOf(test)).passed++);
    runner.on(C.EVENT_TEST_FAIL, (test) => entry(fileOf(test)).failed++);
    runner.on(C.EVENT_TEST_PENDING, (test) => {
      const f = entry(fileOf(test));
      f.pending++;
      f.skipped.push(test.fullTitle());
    });
    runner.once(C.EVENT_RUN_END, () => {
      if (current !== null) enter(null);
      const list = [...files.values()];
      const total = list.reduce((sum, f) => sum + f.ms, 0);
      const passed = list.reduce((sum, f) => sum + f.passed, 0);
      const failed = list.reduce((sum, f) => sum + f.failed, 0);
      this.epilogue();
      if (reportPath) {
        writeFileSync(reportPath, JSON.stringify({ loadMs, files: list }));
        return;
      }
      process.stdout.write(`${slowest(list, total)}\n(loading the test files took ${seconds(loadMs)})\n`);
      process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
    });
  }
}

SummaryReporter.slowest = slowest;
SummaryReporter.seconds = seconds;
module.exports = SummaryReporter;
