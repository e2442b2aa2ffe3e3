#!/usr/bin/env node
// The test command (`npm test`): every test of the core and of every package under packages/, in one
// mocha run (.mocharc.json: TypeScript through test/support/register-ts.js, the reporter
// test/support/summary-reporter.js), its files shared out among as many worker processes as the
// machine has cores (mocha --parallel), each file taken by the next worker free: the slowest first
// (by the times of the last run, which the reporter keeps in node_modules/.cache; without them, the
// files of the groups first, as they start browsers and other runtimes), so that no long file is
// left to run alone at the end.
//
//   node test/run.js                 everything (what `npm test` runs)
//   node test/run.js --pure          the pure tests only: those that need Node and this checkout alone
//                                    (what CI runs under Node 20 and 22)
//   node test/run.js --only NAMES    only the groups named (comma-separated: browser, adapters, packaging;
//                                    test/support/groups.js), and only the files that hold them
//   node test/run.js --list          which groups there are, which files hold them
//   node test/run.js --serial        in one process, one file after the other (each file's time is
//                                    then its time alone, not its share of a busy machine)
//
// Anything else is passed on to mocha (`npm test -- --bail`, `-- --grep URL`).
'use strict';
const { spawnSync } = require('node:child_process');
const { readdirSync, readFileSync, rmSync, statSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const { join } = require('node:path');
const { GROUPS, TAGGED } = require('./support/groups');
const { lastTimes } = require('./support/times');

const ROOT = join(__dirname, '..');

/** The test files (*.test.ts under test/, then under each packages/NAME/test/), as paths from the root. */
function testFiles() {
  const walk = (dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((e) => {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
      return e.name.endsWith('.test.ts') ? [p] : [];
    });
  const packages = readdirSync(join(ROOT, 'packages')).filter((d) => statSync(join(ROOT, 'packages', d)).isDirectory());
  return [...walk('test'), ...packages.flatMap((d) => (statSync(join(ROOT, 'packages', d, 'test'), { throwIfNoEntry: false })?.isDirectory() ? walk(`packages/${d}/test`) : []))];
}

/** The files whose text holds one of `tags`. */
function filesWith(tags) {
  return testFiles().filter((f) => {
    const text = readFileSync(join(ROOT, f), 'utf8');
    return tags.some((t) => new RegExp(`${t}\\b`).test(text));
  });
}

function usage(message) {
  process.stderr.write(`test/run.js: ${message}\n`);
  process.exit(2);
}

/** `files`, the slowest in the last run first; those it did not run, those of the groups first. */
function slowestFirst(files) {
  const times = lastTimes();
  const tagged = new Set(filesWith(GROUPS.map((g) => g.tag)));
  const rank = (f) => times[f] ?? (tagged.has(f) ? Infinity : -1);
  return files.map((f, i) => [f, i]).sort(([a, i], [b, j]) => rank(b) - rank(a) || i - j).map(([f]) => f);
}

const args = process.argv.slice(2);
const mochaArgs = [];
let serial = false;
let specs = testFiles();
let header = 'every test: the pure ones and those of the groups ' + GROUPS.map((g) => g.name).join(', ');
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--list') {
    for (const g of GROUPS) process.stdout.write(`${g.name} (${g.tag}): ${g.what}\n${filesWith([g.tag]).map((f) => `  ${f}\n`).join('')}`);
    process.stdout.write('pure: every other test (under every Node CI tests)\n');
    process.exit(0);
  } else if (a === '--serial') {
    serial = true;
  } else if (a === '--pure') {
    mochaArgs.push('--grep', TAGGED.source, '--invert');
    header = `the pure tests: every test but those tagged ${GROUPS.map((g) => g.tag).join(', ')}`;
  } else if (a === '--only') {
    const names = (args[++i] ?? '').split(',').filter(Boolean);
    const chosen = names.map((n) => GROUPS.find((g) => g.name === n) ?? usage(`no group "${n}" (the groups: ${GROUPS.map((g) => g.name).join(', ')})`));
    if (chosen.length === 0) usage('--only needs a group name');
    const tags = chosen.map((g) => g.tag);
    specs = filesWith(tags);
    mochaArgs.push('--grep', `(?:${tags.join('|')})\\b`);
    header = `the groups ${chosen.map((g) => `${g.name} (${g.what})`).join('; ')}`;
  } else {
    mochaArgs.push(a);
  }
}

const jobs = serial ? 1 : availableParallelism();
if (jobs > 1) specs = slowestFirst(specs);
if (jobs > 1) mochaArgs.unshift('--parallel', '--jobs', String(jobs));
process.stdout.write(`node ${process.version}: ${header}${jobs > 1 ? ` (${jobs} worker processes)` : ''}\n`);
const mocha = require.resolve('mocha/bin/mocha.js', { paths: [ROOT] });
// what the run's processes share (test/support/packed.js: each package packed once), named by this one
const run = String(process.pid);
const r = spawnSync(process.execPath, [mocha, ...mochaArgs, ...specs], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, URL_GRAMMAR_TEST_RUN: run } });
rmSync(join(tmpdir(), `url-grammar-packed-${run}`), { recursive: true, force: true });
if (r.error) usage(`could not start mocha: ${r.error.message}`);
process.exit(r.status ?? 1);
