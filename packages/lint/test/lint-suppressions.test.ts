// Bulk suppressions (src/suppressions.ts), as ESLint's: --suppress-all records the errors found,
// later runs report only what is new, --prune-suppressions lowers the counts, a count left over is
// said (exit 2 unless --pass-on-unpruned-suppressions); the file is written by the safe writer.

import { expect } from 'chai';
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSafely } from 'url-grammar/cli';
import { FileSuppressions, formatSuppressions, parseSuppressions, updatedCounts } from '../src/suppressions';
import { lintText } from '../src/lint';
import { runCli } from './support/cli';

const CRED = 'https://u@example.com/'; // invalid-credentials
const SLASH = 'https://example.com\\a'; // invalid-reverse-solidus

/** Runs `url-grammar lint args` in `cwd`, on real files, writing through the safe writer. */
async function lintIn(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await runCli(['lint', '--no-config', ...args], { readFile: (p) => readFileSync(p), writeFile: (p, data) => writeFileSafely(p, data, { replace: true }) });
  } finally {
    process.chdir(before);
  }
}

describe('lint: bulk suppressions', function () {
  let root: string;
  const file = () => JSON.parse(readFileSync(join(root, 'url-grammar-suppressions.json'), 'utf8'));
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'url-grammar-suppressions-'));
    writeFileSync(join(root, 'a.md'), `<${CRED}> and <${CRED}x>\n\n<${SLASH}>\n`);
    writeFileSync(join(root, 'b.txt'), `see ${CRED} now\n`);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('--suppress-all records each file\'s errors by type and reports none; the next run passes', async () => {
    const all = await lintIn(root, ['--suppress-all', '.']);
    expect([all.code, all.out]).to.deep.equal([0, '']);
    expect(file()).to.deep.equal({ 'a.md': { 'invalid-credentials': { count: 2 }, 'invalid-reverse-solidus': { count: 1 } }, 'b.txt': { 'invalid-credentials': { count: 1 } } });
    const again = await lintIn(root, ['.']);
    expect([again.code, again.out, again.err]).to.deep.equal([0, '', '0 errors in 0 files (2 files linted); 4 findings suppressed\n']);
  });

  it('a new error of a suppressed type makes every error of that type in the file reported; other types stay suppressed', async () => {
    await lintIn(root, ['--suppress-all', '.']);
    writeFileSync(join(root, 'a.md'), `<${CRED}> and <${CRED}x> and <${CRED}y>\n\n<${SLASH}>\n`);
    const r = await lintIn(root, ['.']);
    expect(r.code).to.equal(1);
    expect(r.out.split('\n').filter(Boolean).map((l) => l.split(' ')[0])).to.deep.equal(['a.md:1:11:', 'a.md:1:40:', 'a.md:1:70:']);
    expect(r.err).to.equal('3 errors in 1 file (2 files linted); 2 findings suppressed\n');
    // a new type in a file with suppressions: reported
    writeFileSync(join(root, 'b.txt'), `see ${CRED} now and ${SLASH} too\n`);
    const b = await lintIn(root, ['b.txt']);
    expect([b.code, b.out.split(' ')[1]]).to.deep.equal([1, 'invalid-reverse-solidus']);
  });

  it('errors gone: said, exit 2 (unless --pass-on-unpruned-suppressions); --prune-suppressions lowers the counts', async () => {
    await lintIn(root, ['--suppress-all', '.']);
    writeFileSync(join(root, 'a.md'), `<${CRED}>\n`);
    const r = await lintIn(root, ['.']);
    expect([r.code, r.out]).to.deep.equal([2, '']);
    expect(r.err).to.equal(
      'url-grammar-suppressions.json counts errors that are gone from 1 file: run with --prune-suppressions to lower its counts (or --pass-on-unpruned-suppressions)\n0 errors in 0 files (2 files linted); 2 findings suppressed\n',
    );
    expect((await lintIn(root, ['--pass-on-unpruned-suppressions', '.'])).code).to.equal(0);
    // a run on another file does not count the entries of files it did not lint
    expect((await lintIn(root, ['b.txt'])).code).to.equal(0);
    const pruned = await lintIn(root, ['--prune-suppressions', '.']);
    expect(pruned.code).to.equal(0);
    expect(file()).to.deep.equal({ 'a.md': { 'invalid-credentials': { count: 1 } }, 'b.txt': { 'invalid-credentials': { count: 1 } } });
    expect((await lintIn(root, ['.'])).code).to.equal(0);
  });

  it('the file is written through the safe writer: its mode kept, a symbolic link to it kept', async () => {
    writeFileSync(join(root, 'real.json'), '{}\n');
    chmodSync(join(root, 'real.json'), 0o640);
    symlinkSync('real.json', join(root, 'url-grammar-suppressions.json'));
    await lintIn(root, ['--suppress-all', '.']);
    expect(lstatSync(join(root, 'url-grammar-suppressions.json')).isSymbolicLink()).to.equal(true);
    expect(readlinkSync(join(root, 'url-grammar-suppressions.json'))).to.equal('real.json');
    expect(statSync(join(root, 'real.json')).mode & 0o777).to.equal(0o640);
    expect(Object.keys(file())).to.deep.equal(['a.md', 'b.txt']);
  });

  it('--suppressions-location names another file; a file that cannot be used is one line, exit 2', async () => {
    expect((await lintIn(root, ['--suppress-all', '--suppressions-location', 'ci/s.json', '.'])).code).to.equal(2);
    writeFileSync(join(root, 's.json'), '{"a.md": {"no-such-type": {"count": 1}}}');
    const bad = await lintIn(root, ['--suppressions-location', 's.json', '.']);
    expect([bad.code, bad.out, bad.err]).to.deep.equal([2, '', 'error: the suppressions file s.json file "a.md": "no-such-type" is no validation error type\n']);
    writeFileSync(join(root, 's.json'), 'not json');
    expect((await lintIn(root, ['--suppressions-location', 's.json', '.'])).err).to.equal('error: the suppressions file s.json is not JSON\n');
    expect((await lintIn(root, ['--prune-suppressions', '.'])).err).to.equal('error: --prune-suppressions: there is no suppressions file url-grammar-suppressions.json\n');
    expect((await lintIn(root, ['--suppress-all', '--prune-suppressions', '.'])).code).to.equal(2);
  });
});

describe('lint: FileSuppressions', () => {
  const findings = (text: string, rules?: Record<string, 'error' | 'warning'>) => lintText(text, { kind: 'text', rules: rules as never });

  it('a finding keeps the errors of the types not suppressed; warnings are neither counted nor suppressed', () => {
    const out: string[][] = [];
    const f = new FileSuppressions(new Map([['invalid-credentials', 2]]), (d) => out.push(d.errors.map((e) => e.type)));
    for (const d of findings('https://u@example.com\\a and https://v@example.com/')) f.push(d);
    expect(out).to.deep.equal([]);
    expect(f.end()).to.equal(1);
    expect(out).to.deep.equal([['invalid-reverse-solidus']]);
    const warned: string[] = [];
    const w = new FileSuppressions(new Map([['invalid-credentials', 1]]), (d) => warned.push(d.url));
    for (const d of findings('https://u@example.com/ https://v@example.com/', { 'invalid-credentials': 'warning' })) w.push(d);
    w.end();
    expect(warned).to.deep.equal(['https://u@example.com/', 'https://v@example.com/']);
    expect([...w.found]).to.deep.equal([]);
  });

  it('holds no more findings than its counts: past a count, they are reported as they come', () => {
    const out: string[] = [];
    const f = new FileSuppressions(new Map([['invalid-credentials', 2]]), (d) => out.push(d.url));
    const ds = findings(Array.from({ length: 5 }, (_, i) => `https://u${i}@example.com/`).join(' '));
    f.push(ds[0]);
    f.push(ds[1]);
    expect(out).to.deep.equal([]);
    f.push(ds[2]);
    expect(out).to.have.length(3);
    f.push(ds[3]);
    expect(out).to.have.length(4);
    expect(f.end()).to.equal(0);
  });

  it('the file\'s text: sorted, parsed back to the same counts; --prune lowers, --suppress-all replaces', () => {
    const counts = new Map([['z.md', new Map([['b-type', 2], ['a-type', 1]])], ['a.md', new Map([['c', 3]])]]);
    const text = formatSuppressions(counts);
    expect(text).to.equal('{\n  "a.md": {\n    "c": { "count": 3 }\n  },\n  "z.md": {\n    "a-type": { "count": 1 },\n    "b-type": { "count": 2 }\n  }\n}\n');
    expect(parseSuppressions(text, () => true)).to.deep.equal(counts);
    const found = new Map([['z.md', new Map([['b-type', 5], ['a-type', 0]])]]);
    expect(updatedCounts(counts, found, 'prune')).to.deep.equal(new Map([['z.md', new Map([['b-type', 2]])], ['a.md', new Map([['c', 3]])]]));
    expect(updatedCounts(counts, found, 'all')).to.deep.equal(new Map([['z.md', new Map([['b-type', 5]])], ['a.md', new Map([['c', 3]])]]));
  });
});
