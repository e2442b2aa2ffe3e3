// gitignore.ts: .gitignore patterns matched as git matches them, and without backtracking.
//
// git is the reference: on a small tree of files, what `git ls-files --others --ignored
// --exclude-standard` lists is what GitIgnore ignores, for a table of patterns and for random
// ones. git is installed wherever the repository is cloned (CI clones it with git), so a missing
// git fails these tests rather than skipping them.

import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { expandArguments } from '../src/files';
import { GitIgnore, MAX_PATTERN_LENGTH, PatternError, usablePattern } from '../src/gitignore';

const FILES = ['b.md', 'k', 'ab', 'a/b/c.md', 'a/a/a/b', 'a/x.md', 'x/a.md', 'x/y/a', '.h', 'ba/ab', '[a]', 'a b', 'a*b', 'd/e/f/g.md', 'A.md', 'b/a/b/a', 'c/a/b', 'q?'];

/** The files of FILES that git ignores under a .gitignore holding `patterns`. */
function gitIgnored(root: string, patterns: string): string[] {
  writeFileSync(join(root, '.gitignore'), patterns);
  const out = execFileSync('git', ['-c', 'core.quotePath=false', '-c', 'core.ignoreCase=false', 'ls-files', '-z', '--others', '--ignored', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((f) => f !== '' && f !== '.gitignore').sort();
}

function ours(patterns: string): string[] {
  const rules = new GitIgnore().add(patterns);
  return FILES.filter((f) => rules.ignores(f)).sort();
}

describe('gitignore: patterns matched as git matches them', function () {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'url-grammar-gitignore-'));
    execFileSync('git', ['init', '-q', root]);
    for (const f of FILES) {
      mkdirSync(dirname(join(root, f)), { recursive: true });
      writeFileSync(join(root, f), '');
    }
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const table = [
    'a',
    'a/',
    '/a',
    'a/b',
    '*.md',
    '/*.md',
    '**/b',
    'a/**',
    'a/**/b',
    '**/a/**/b',
    'b/**/a',
    '?',
    '??',
    '[ab]',
    '[!a]*',
    '[^a]*',
    '\\[a\\]',
    'a\\ b',
    'a\\*b',
    '*',
    '**',
    'a**',
    '*\n!*.md',
    'a/\n!a/x.md',
    '*.md\n!x/*',
    '#a\n\\#a',
    'a   ',
    'a\\ ',
    '[a-c]',
    '[[:upper:]]*',
    '[]a]',
    'a/b/c.md',
    'd/**/g.md',
    'q\\?',
    '.h',
    '[a',
    'x/y',
    '**/**/a',
  ];
  for (const patterns of table) {
    it(`${JSON.stringify(patterns)}`, () => {
      expect(ours(patterns)).to.deep.equal(gitIgnored(root, patterns));
    });
  }

  it('random patterns: what git ignores, and nothing else', function () {
    this.timeout(120_000);
    const token = fc.constantFrom('a', 'b', '*', '**', '?', '[ab]', '[!a]', '/', '.md', 'x', '\\*', '[a-b]');
    const pattern = fc.tuple(fc.boolean(), fc.array(token, { minLength: 1, maxLength: 6 })).map(([neg, t]) => (neg ? '!' : '') + t.join(''));
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 3 }), (patterns) => {
        const text = patterns.join('\n') + '\n';
        expect(ours(text), text).to.deep.equal(gitIgnored(root, text));
      }),
      { numRuns: 80, seed: 47 },
    );
  });
});

describe('gitignore: no pattern makes a match slow', function () {
  it('"**/a" twelve times, on a walk of a tree 40 folders deep, is answered (a backtracking matcher took minutes)', function () {
    const root = mkdtempSync(join(tmpdir(), 'url-grammar-gitignore-deep-'));
    try {
      const deep = join(root, ...Array(40).fill('a'));
      mkdirSync(deep, { recursive: true });
      mkdirSync(join(root, '.git'));
      writeFileSync(join(root, '.gitignore'), Array(12).fill('**/a').join('/') + '/**/b.md\n');
      writeFileSync(join(deep, 'x.md'), '');
      writeFileSync(join(deep, 'b.md'), '');
      // in a child process with a limit, so that a regression fails instead of stopping the run
      const script = `
        require('ts-node/register/transpile-only');
        const { expandArguments } = require(${JSON.stringify(join(__dirname, '..', 'src', 'files.ts'))});
        const found = expandArguments([${JSON.stringify(root)}], { cwd: ${JSON.stringify(tmpdir())} });
        process.stdout.write(JSON.stringify(found.flatMap((a) => a.files.map((f) => f.split(/[\\/]/).pop()))));
      `;
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000, cwd: join(__dirname, '..') });
      expect(r.signal, 'the walk did not end within 60 s').to.equal(null);
      expect(r.stdout).to.equal('["x.md"]');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a pattern longer than any path cannot be used; its error says which', () => {
    expect(usablePattern('a'.repeat(MAX_PATTERN_LENGTH))).to.equal(true);
    expect(usablePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).to.equal(false);
    expect(() => new GitIgnore().add(['x', '?'.repeat(MAX_PATTERN_LENGTH + 1)])).to.throw(PatternError, /^pattern 2 /);
  });
});

describe('gitignore: a walk obeys the walked tree\'s ignore files, from any working directory', function () {
  it('from a folder outside the work tree, its .gitignore files and .git/info/exclude count; a nested work tree has its own', () => {
    const root = mkdtempSync(join(tmpdir(), 'url-grammar-gitignore-walk-'));
    try {
      const files: Record<string, string> = {
        'elsewhere/.keep': '',
        'proj/.git/info/exclude': 'excluded.md\n',
        'proj/.gitignore': 'build/\n',
        'proj/docs/.gitignore': 'draft-*.md\n',
        'proj/docs/a.md': '',
        'proj/docs/draft-1.md': '',
        'proj/docs/excluded.md': '',
        'proj/docs/build/b.md': '',
        'proj/docs/inner/.git/HEAD': '',
        'proj/docs/inner/.gitignore': 'c.md\n',
        'proj/docs/inner/c.md': '',
        'proj/docs/inner/d.md': '',
      };
      for (const [f, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, f)), { recursive: true });
        writeFileSync(join(root, f), text);
      }
      const found = expandArguments(['../proj/docs'], { cwd: join(root, 'elsewhere') });
      expect(found.flatMap((a) => a.files)).to.deep.equal([join(root, 'proj', 'docs', 'a.md'), join(root, 'proj', 'docs', 'inner', 'd.md')]);
      // without git's rules, all of them
      expect(expandArguments(['../proj/docs'], { cwd: join(root, 'elsewhere'), gitignore: false }).flatMap((a) => a.files)).to.have.length(6);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
