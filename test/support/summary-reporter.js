// Mocha reporter: one line per test file (its time and its counts) as the file finishes, the failures in
// full, the slowest files, the count of each group of tests (test/support/groups.js), one line saying
// what was skipped for want of a browser or runtime and how to install it, the tests and hooks that
// took more than half of their time limit (those a slower or busier machine would fail first), then
// one closing line `tests: N passed, N failed` that CI (.ci/run) reads.
'use strict';
const { spawnSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');
const { performance } = require('node:perf_hooks');
const Mocha = require('mocha');
const { GROUPS, groupOf } = require('./groups');
const { keepTimes } = require('./times');

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
function slowest(files, total, how, count = 10) {
  const sorted = [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
  const lines = [`slowest ${sorted.length} of ${files.length} files (${seconds(total)} of tests ${how}):`];
  for (const f of sorted) {
    const share = total > 0 ? `${Math.round((100 * f.ms) / total)}%`.padStart(4) : '';
    lines.push(`${seconds(f.ms).padStart(8)} ${share}  ${f.file}`);
  }
  return lines.join('\n');
}

/** The Debian packages the tests need: .ci/debian-packages (another list for the reporter's own test). */
const DEBIAN_LIST = process.env.URL_GRAMMAR_DEBIAN_LIST || join('.ci', 'debian-packages');

/** The packages of DEBIAN_LIST (one a line, "#" starts a comment). */
function debianPackages(root) {
  return readFileSync(resolve(root, DEBIAN_LIST), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** Those of `packages` dpkg says are not installed; null where there is no dpkg (not Debian). */
function notInstalled(packages) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Package} ${Status}\n', ...packages], { encoding: 'utf8' });
  if (r.error) return null;
  const installed = new Set(r.stdout.split('\n').filter((l) => / installed$/.test(l) && !/ not-installed$/.test(l)).map((l) => l.split(' ')[0]));
  return packages.filter((p) => !installed.has(p));
}

/**
 * One line on the tests of the tagged groups that were skipped (their browser or runtime missing;
 * with CI set they fail instead), naming the missing Debian packages and how to install them; null
 * when none was skipped.
 */
function skippedLine(byGroup, root) {
  const skipped = GROUPS.filter((g) => byGroup[g.name] && byGroup[g.name].pending > 0);
  if (skipped.length === 0) return null;
  const total = skipped.reduce((sum, g) => sum + byGroup[g.name].pending, 0);
  const head = `skipped ${total} test${total === 1 ? '' : 's'} (${skipped.map((g) => `${byGroup[g.name].pending} ${g.name}`).join(', ')}) that need a browser or another language's runtime`;
  let packages;
  try {
    packages = debianPackages(root);
  } catch {
    return `${head}: install the Debian packages of ${DEBIAN_LIST}`;
  }
  const missing = notInstalled(packages);
  if (missing === null) return `${head}: on Debian, install them (the list: ${DEBIAN_LIST}): sudo apt-get install -y ${packages.join(' ')}`;
  if (missing.length === 0) return `${head}, though every package of ${DEBIAN_LIST} is installed: see the reasons printed above`;
  return `${head}: missing here: ${missing.join(' ')}; install them (the list: ${DEBIAN_LIST}): sudo apt-get install -y ${missing.join(' ')}`;
}

class SummaryReporter extends Base {
  constructor(runner, options) {
    super(runner, options);
    // where to write the figures of every file as JSON (for a table of the times), if anywhere
    const timesPath = process.env.URL_GRAMMAR_TEST_TIMES;
    // mocha loads (and compiles: register-ts.js) every file before it makes its reporter
    const loadMs = process.uptime() * 1000;
    const files = new Map();
    const entry = (file) => {
      let f = files.get(file);
      if (!f) files.set(file, (f = { file, ms: 0, passed: 0, failed: 0, pending: 0 }));
      return f;
    };
    // Run by one process, a file's time is the time from its first test or hook to the next file's
    // (its hooks and the gaps between its tests included). In parallel mode (mocha --parallel) the
    // files run in worker processes, and their events come here all at once when a file is done:
    // its time is then the sum of its tests' and hooks' durations.
    const parallel = runner.isParallelMode();
    let current = null;
    let since = performance.now();
    const enter = (file) => {
      const now = performance.now();
      if (current !== null && !parallel) entry(current).ms += now - since;
      since = now;
      if (file === current) return;
      if (current !== null) process.stdout.write(`${fileLine(entry(current))}\n`);
      current = file;
    };
    runner.on(C.EVENT_TEST_BEGIN, (test) => enter(fileOf(test)));
    runner.on(C.EVENT_HOOK_BEGIN, (hook) => enter(fileOf(hook)));
    const byGroup = {};
    const group = (test) => {
      const name = groupOf(test.fullTitle());
      return (byGroup[name] ??= { passed: 0, failed: 0, pending: 0 });
    };
    // the slowest tests and hooks, for the JSON of URL_GRAMMAR_TEST_TIMES
    const slowTests = [];
    // the tests and hooks that took more than half of their time limit (mocha's timeout; a run in
    // worker processes, mocha --parallel, sends no limit with its tests: those of one process only)
    const nearLimit = [];
    const noteTime = (runnable) => {
      const limit = typeof runnable.timeout === 'function' ? runnable.timeout() : 0;
      if (limit > 0 && runnable.duration > limit / 2) nearLimit.push({ ms: runnable.duration, limit, file: fileOf(runnable), title: runnable.fullTitle() });
      if (!timesPath || !(runnable.duration >= 1000)) return;
      slowTests.push({ ms: runnable.duration, file: fileOf(runnable), title: runnable.fullTitle() });
    };
    const addDuration = (runnable) => {
      if (parallel) entry(fileOf(runnable)).ms += runnable.duration || 0;
    };
    runner.on(C.EVENT_HOOK_END, (hook) => {
      addDuration(hook);
      noteTime(hook);
    });
    runner.on(C.EVENT_TEST_END, (test) => {
      addDuration(test);
      noteTime(test);
    });
    runner.on(C.EVENT_TEST_PASS, (test) => {
      entry(fileOf(test)).passed++;
      group(test).passed++;
    });
    runner.on(C.EVENT_TEST_FAIL, (test) => {
      entry(fileOf(test)).failed++;
      group(test).failed++;
    });
    runner.on(C.EVENT_TEST_PENDING, (test) => {
      entry(fileOf(test)).pending++;
      group(test).pending++;
    });
    runner.once(C.EVENT_RUN_END, () => {
      if (current !== null) enter(null);
      const list = [...files.values()];
      const total = list.reduce((sum, f) => sum + f.ms, 0);
      const passed = list.reduce((sum, f) => sum + f.passed, 0);
      const failed = list.reduce((sum, f) => sum + f.failed, 0);
      this.epilogue();
      const out = [slowest(list, total, parallel ? 'summed over the files, which ran side by side' : 'in all')];
      if (!parallel) out.push(`(loading the test files took ${seconds(loadMs)})`);
      const order = ['pure', ...GROUPS.map((g) => g.name)].filter((name) => byGroup[name]);
      const counts = (c) => [`${c.passed} passed`, ...(c.failed ? [`${c.failed} failed`] : []), ...(c.pending ? [`${c.pending} skipped`] : [])].join(', ');
      out.push(`by group: ${order.map((name) => `${name} ${counts(byGroup[name])}`).join('; ')}`);
      const skipped = skippedLine(byGroup, join(__dirname, '..', '..'));
      if (skipped !== null) out.push(skipped);
      if (nearLimit.length > 0) {
        out.push(`near their time limit (over half of it; a slower or busier machine fails these first): ${nearLimit.length}`);
        for (const t of nearLimit.sort((a, b) => b.ms / b.limit - a.ms / a.limit).slice(0, 10)) out.push(`  ${seconds(t.ms)} of ${seconds(t.limit)}  ${t.file}: ${t.title}`);
      }
      out.push(`tests: ${passed} passed, ${failed} failed`);
      process.stdout.write(`${out.join('\n')}\n`);
      // (a dry run times nothing)
      if (!(runner._opts && runner._opts.dryRun)) keepTimes(list);
      if (timesPath) writeFileSync(timesPath, `${JSON.stringify({ loadMs, groups: byGroup, files: list, slowTests: slowTests.sort((x, y) => y.ms - x.ms) }, null, 1)}\n`);
    });
  }
}

module.exports = SummaryReporter;
