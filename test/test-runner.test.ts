// The test command itself: the reporter (test/support/summary-reporter.js) on small suites of its
// own, run by mocha in a child process (a line per file with its time and counts, the slowest
// files, the count of each group, the one line on what was skipped for want of a browser or
// runtime and how to install it, the closing line CI reads), and test/run.js's groups.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');
const MOCHA = require.resolve('mocha/bin/mocha.js');
const REPORTER = join(root, 'test', 'support', 'summary-reporter.js');
const hasDpkg = spawnSync('dpkg-query', ['--version']).error === undefined;
// the tags, never written out here: test/run.js finds a group's files by the tag in their text
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GROUPS } = require('./support/groups') as { GROUPS: Array<{ name: string; tag: string }> };
const tag = (name: string) => GROUPS.find((g) => g.name === name)!.tag;

/** Runs mocha with the reporter on `files` (name -> text) in a folder of their own; its output and exit status. */
function runSuite(files: Record<string, string>, env: NodeJS.ProcessEnv = {}, mochaArgs: string[] = []): { out: string; status: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'url-grammar-reporter-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = spawnSync(process.execPath, [MOCHA, '--no-config', '--reporter', REPORTER, ...mochaArgs, ...Object.keys(files)], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    return { out: r.stdout, status: r.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the test reporter', function () {
  this.timeout(30_000);

  it('a line per file with its time and counts, the slowest files, the count of each group, the closing line', () => {
    const { out, status } = runSuite({
      'a.test.js': "describe('plain', () => { it('one', () => {}); it('two', () => {}); });",
      'b.test.js': `describe('needs npm ${tag('packaging')}', () => { it('packs', () => {}); it('fails', () => { throw new Error('boom'); }); });`,
    });
    expect(status).to.equal(1);
    const lines = out.split('\n');
    expect(lines.some((l) => /^ +\d+\.\d s {2}a\.test\.js: 2 passed$/.test(l)), out).to.equal(true);
    expect(lines.some((l) => /^ +\d+\.\d s {2}b\.test\.js: 1 passed, 1 failed$/.test(l)), out).to.equal(true);
    expect(out).to.match(/^slowest 2 of 2 files \(\d+\.\d s of tests in all\):$/m);
    expect(out).to.contain('Error: boom');
    expect(out).to.match(/^by group: pure 2 passed; packaging 1 passed, 1 failed$/m);
    expect(lines.filter((l) => l.startsWith('tests: '))).to.deep.equal(['tests: 3 passed, 1 failed']);
    expect(lines[lines.length - 2]).to.equal('tests: 3 passed, 1 failed');
    expect(out).to.not.match(/^skipped/m);
  });

  it('in parallel mode (what npm test runs), the same lines, each file timed by the durations of its tests and hooks', () => {
    const { out, status } = runSuite(
      {
        'e.test.js': `describe('e', () => { before(() => {}); it('one', () => {}); });`,
        'f.test.js': `describe('f ${tag('browser')}', () => { it('one', () => {}); it('two', () => {}); });`,
      },
      {},
      ['--parallel', '--jobs', '2'],
    );
    expect(status).to.equal(0);
    expect(out).to.match(/^ +\d+\.\d s {2}e\.test\.js: 1 passed$/m);
    expect(out).to.match(/^ +\d+\.\d s {2}f\.test\.js: 2 passed$/m);
    expect(out).to.match(/^slowest 2 of 2 files \(\d+\.\d s of tests summed over the files, which ran side by side\):$/m);
    expect(out).to.not.match(/loading the test files/);
    expect(out).to.match(/^by group: pure 1 passed; browser 2 passed$/m);
    expect(out).to.match(/\ntests: 3 passed, 0 failed\n$/);
  });

  it('tests of a group skipped for want of their browser or runtime: one line that says how many, what is missing and how to install it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-reporter-list-'));
    try {
      // a package no machine has, and (where dpkg is) one every Debian has
      const list = join(dir, 'debian-packages');
      writeFileSync(list, `# a list of the tests' packages\nurl-grammar-test-no-such-package # the browser\n${hasDpkg ? 'dpkg # the package manager\n' : ''}`);
      const { out, status } = runSuite(
        {
          'c.test.js': [
            "describe('plain', () => { it('one', () => {}); });",
            `describe('needs a browser ${tag('browser')}', () => { it('is skipped', function () { this.skip(); }); });`,
            `describe('needs a runtime ${tag('adapters')}', () => { before(function () { this.skip(); }); it('a', () => {}); it('b', () => {}); });`,
          ].join('\n'),
        },
        { URL_GRAMMAR_DEBIAN_LIST: list },
      );
      expect(status).to.equal(0);
      expect(out).to.match(/^ +\d+\.\d s {2}c\.test\.js: 1 passed, 3 skipped$/m);
      expect(out).to.match(/^by group: pure 1 passed; browser 0 passed, 1 skipped; adapters 0 passed, 2 skipped$/m);
      const skipped = out.split('\n').filter((l) => l.startsWith('skipped '));
      const head = "skipped 3 tests (1 browser, 2 adapters) that need a browser or another language's runtime";
      expect(skipped).to.deep.equal([
        hasDpkg
          ? `${head}: missing here: url-grammar-test-no-such-package; install them (the list: ${list}): sudo apt-get install -y url-grammar-test-no-such-package`
          : `${head}: on Debian, install them (the list: ${list}): sudo apt-get install -y url-grammar-test-no-such-package`,
      ]);
      expect(out).to.match(/\ntests: 1 passed, 0 failed\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the Debian list .ci/run installs is .ci/debian-packages, which the reporter reads', () => {
    const ci = spawnSync('grep', ['-c', 'debian-packages', join(root, '.ci', 'run')], { encoding: 'utf8' });
    expect(Number(ci.stdout)).to.be.above(0);
    const { out } = runSuite({ 'd.test.js': `describe('x ${tag('browser')}', () => { it('y', function () { this.skip(); }); });` });
    expect(out).to.match(/^skipped 1 test \(1 browser\) that need a browser or another language's runtime[,:] .*\.ci\/debian-packages/m);
  });
});

describe('test/run.js: the groups', function () {
  this.timeout(30_000);
  const run = (...args: string[]) => spawnSync(process.execPath, [join(root, 'test', 'run.js'), ...args], { cwd: root, encoding: 'utf8' });

  it('--list names each group and the files that hold its tests', () => {
    const r = run('--list');
    expect(r.status).to.equal(0);
    const section = (name: string) => r.stdout.slice(r.stdout.indexOf(`${name} (${tag(name)}): `)).split(/\n(?! )/)[0].split('\n');
    expect(section('browser')).to.include.members(['  packages/viewer/test/viewer-chromium.test.ts', '  packages/viewer/test/viewer-firefox.test.ts', '  test/diagrams-browser.test.ts']);
    expect(section('adapters')).to.include('  packages/compare/test/adapters.test.ts');
    expect(section('packaging')).to.include.members(['  test/package.test.ts', '  test/package-metadata.test.ts']);
    // this file holds none: it only runs suites that do
    for (const g of GROUPS) expect(section(g.name)).to.not.include('  test/test-runner.test.ts');
    expect(r.stdout).to.match(/^pure: /m);
  });

  it('--only with a group that does not exist: one line, exit 2', () => {
    const r = run('--only', 'nothing');
    expect(r.status).to.equal(2);
    expect(r.stderr).to.equal('test/run.js: no group "nothing" (the groups: browser, adapters, packaging, editors)\n');
  });
});
