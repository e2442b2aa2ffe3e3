#!/usr/bin/env node
// The test command (`npm test`): every test of the core and of every package under packages/, in one
// mocha run (.mocharc.json: TypeScript through test/support/register-ts.js, the reporter test/support/summary-reporter.js).
//
//   node test/run.js                 everything (what `npm test` runs)
//   node test/run.js --pure          the pure tests only: those that need Node and this checkout alone
//                                    (what CI runs under Node 20 and 22)
//   node test/run.js --only NAMES    only the groups named (comma-separated: browser, adapters, packaging;
//                                    test/support/groups.js), and only the files that hold them
//   node test/run.js --list          which groups there are, which files hold them
//
// Anything else is passed on to mocha (`npm test -- --bail`, `-- --grep URL`).
'use strict';
const { spawnSync } = require('node:child_process');
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { GROUPS, TAGGED } = require('./support/groups');

const ROOT = join(__dirname, '..');
/** Where the test files are, relative to the root: the core's, then each package's. */
const SPECS = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'];

/** The test files of SPECS, as paths from the root. */
function testFiles() {
  const walk = (dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
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

const args = process.argv.slice(2);
const mochaArgs = [];
let specs = SPECS;
let header = 'every test: the pure ones and those of the groups ' + GROUPS.map((g) => g.name).join(', ');
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--list') {
    for (const g of GROUPS) process.stdout.write(`${g.name} (${g.tag}): ${g.what}\n${filesWith([g.tag]).map((f) => `  ${f}\n`).join('')}`);
    process.stdout.write('pure: every other test (under every Node CI tests)\n');
    process.exit(0);
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

process.stdout.write(`node ${process.version}: ${header}\n`);
const mocha = require.resolve('mocha/bin/mocha.js', { paths: [ROOT] });
const r = spawnSync(process.execPath, [mocha, ...mochaArgs, ...specs], { cwd: ROOT, stdio: 'inherit' });
if (r.error) usage(`could not start mocha: ${r.error.message}`);
process.exit(r.status ?? 1);
