// What a registry shows of each package of the workspace (the core at the root and every package
// under packages/), and what each tarball ships besides its code (issue 36): the one repository
// address in `repository` (with the package's folder as "directory"), `homepage` and `bugs`; the
// root LICENSE; and a CHANGELOG.md that is the package's sections of the root CHANGELOG.md, as
// scripts/changelog.js writes them.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { packed } = require('./support/packed') as { packed: (dir: string) => { files: string[] } };

const root = join(__dirname, '..');
const REPOSITORY = 'https://github.com/url-grammar/url-grammar';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const changelog = require('../scripts/changelog.js') as { render: (text: string, name: string) => string; parse: (text: string) => Array<{ heading: string; packages: Map<string, string[]> }> };

interface Manifest {
  name: string;
  repository?: { type?: string; url?: string; directory?: string };
  homepage?: string;
  bugs?: { url?: string };
  files?: string[];
  scripts?: Record<string, string>;
}

/** Every package of the workspace: the core (".") and each folder of packages/ with a package.json. */
const DIRS = ['.', ...readdirSync(join(root, 'packages')).filter((d) => existsSync(join(root, 'packages', d, 'package.json'))).sort().map((d) => `packages/${d}`)];
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));

describe('package metadata: every package of the workspace', () => {
  it('has packages to check: the core and the tools', () => {
    expect(DIRS).to.include.members(['.', 'packages/lint', 'packages/eslint-plugin', 'packages/markdownlint-rule', 'packages/viewer', 'packages/compare']);
  });

  it('names one repository in repository, homepage and bugs, with its own folder as the directory', () => {
    for (const dir of DIRS) {
      const m = manifest(dir);
      expect(m.repository, dir).to.deep.equal({ type: 'git', url: `git+${REPOSITORY}.git`, ...(dir === '.' ? {} : { directory: dir }) });
      expect(m.homepage, dir).to.equal(dir === '.' ? `${REPOSITORY}#readme` : `${REPOSITORY}/tree/main/${dir}#readme`);
      expect(m.bugs, dir).to.deep.equal({ url: `${REPOSITORY}/issues` });
    }
    // and the same address everywhere: one value of each across the packages
    const addresses = new Set(DIRS.map((dir) => manifest(dir).repository!.url));
    expect([...addresses]).to.have.length(1);
  });

  it('has a LICENSE that is the root LICENSE', () => {
    const license = readFileSync(join(root, 'LICENSE'), 'utf8');
    for (const dir of DIRS) expect(readFileSync(join(root, dir, 'LICENSE'), 'utf8'), dir).to.equal(license);
  });

  it("ships LICENSE and README.md, and each tool its CHANGELOG.md (npm pack's file list) @packaging", function () {
    this.timeout(120_000);
    for (const dir of DIRS) {
      // each package packed once for the run (with test/package.test.ts)
      const paths = packed(dir).files;
      expect(paths, dir).to.include.members(['LICENSE', 'README.md', 'package.json']);
      // The core's folder is the repository's root, whose CHANGELOG.md holds every package's
      // notes: the core's tarball leaves it out, as it would take the core past its 2.5 MB
      // installed bound (test/package.test.ts); its notes are in the repository.
      if (dir === '.') expect(paths, dir).to.not.include('CHANGELOG.md');
      else expect(paths, dir).to.include('CHANGELOG.md');
    }
  });
});

describe('package metadata: CHANGELOG.md', () => {
  const text = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');

  it('has a section for every package, and none for a package that is not here', () => {
    const versions = changelog.parse(text);
    expect(versions.length).to.be.greaterThan(0);
    const names = DIRS.map((dir) => manifest(dir).name);
    for (const name of names) expect(versions.some((v) => v.packages.has(name)), name).to.equal(true);
    for (const v of versions) for (const name of v.packages.keys()) expect(names, v.heading).to.include(name);
  });

  it("each package's CHANGELOG.md is its sections of the root file, and its prepack writes it", () => {
    for (const dir of DIRS.filter((d) => d !== '.')) {
      const m = manifest(dir);
      expect(readFileSync(join(root, dir, 'CHANGELOG.md'), 'utf8'), dir).to.equal(changelog.render(text, m.name));
      expect(m.scripts?.prepack, dir).to.equal('node ../../scripts/changelog.js .');
    }
  });

  it("a package's file holds its notes, each heading one level up, and nothing of the other packages", () => {
    const lint = changelog.render(text, '@url-grammar/lint');
    expect(lint).to.match(/^# Changelog of @url-grammar\/lint\n/);
    expect(lint).to.contain('\n## [0.1.0] - Unreleased\n\n### Added\n');
    expect(lint).to.not.match(/^#### /m);
    expect(lint).to.not.contain('markdownlint custom rule');
  });

  it('the script writes the files, and --check fails on one that differs, naming it', () => {
    // a copy of the repository's layout, so that nothing of the working tree is written
    const dir = mkdtempSync(join(tmpdir(), 'changelog-'));
    try {
      mkdirSync(join(dir, 'scripts'));
      copyFileSync(join(root, 'scripts', 'changelog.js'), join(dir, 'scripts', 'changelog.js'));
      copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
      // (the script writes through the core's safe writer, in the built dist/)
      symlinkSync(join(root, 'dist'), join(dir, 'dist'), 'dir');
      writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## [0.2.0] - Unreleased\n\n### @x/a\n\n#### Fixed\n\n- A thing.\n\n## [0.1.0] - 2026-01-01\n\n### @x/a\n\n#### Added\n\n- All.\n');
      mkdirSync(join(dir, 'packages', 'a'), { recursive: true });
      writeFileSync(join(dir, 'packages', 'a', 'package.json'), JSON.stringify({ name: '@x/a' }));
      const run = (...args: string[]) => spawnSync(process.execPath, [join(dir, 'scripts', 'changelog.js'), ...args], { cwd: dir, encoding: 'utf8' });
      const check = run('--check');
      expect(check.status).to.equal(1);
      expect(check.stderr).to.equal('packages/a/CHANGELOG.md is not its section of CHANGELOG.md: run node scripts/changelog.js\n');
      expect(run().status).to.equal(0);
      const written = readFileSync(join(dir, 'packages', 'a', 'CHANGELOG.md'), 'utf8');
      expect(written).to.contain('## [0.2.0] - Unreleased\n\n### Fixed\n\n- A thing.\n\n## [0.1.0] - 2026-01-01\n\n### Added\n\n- All.\n');
      expect(run('--check').status).to.equal(0);
      // a section for a package that is not in the workspace is an error of one line
      writeFileSync(join(dir, 'CHANGELOG.md'), '## [0.1.0]\n\n### @x/b\n\n- B.\n');
      const bad = run();
      expect([bad.status, bad.stderr]).to.deep.equal([1, 'changelog: CHANGELOG.md: [0.1.0] has a section for @x/b, which is no package here\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('package metadata: READMEs', () => {
  it("@url-grammar/lint's table of exports is one table (a blank line in it cut it in two)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const MarkdownIt = require('markdown-it');
    const readme = readFileSync(join(root, 'packages', 'lint', 'README.md'), 'utf8');
    const tokens = new MarkdownIt().parse(readme, {}) as Array<{ type: string; content: string }>;
    // the text of each table, as markdown-it reads the document
    const tables: string[] = [];
    let current: string[] | null = null;
    for (const t of tokens) {
      if (t.type === 'table_open') current = [];
      else if (t.type === 'table_close' && current) {
        tables.push(current.join(' '));
        current = null;
      } else if (current && t.type === 'inline') current.push(t.content);
    }
    const exportsTable = tables.filter((t) => t.includes('lintText('));
    expect(exportsTable).to.have.length(1);
    for (const name of ['lintText', 'lintBytes', 'findURLs', 'planFix', 'applyFixes', 'sarifReporter', 'loadConfig', 'DisableDirectives', 'rewriteWithFixes']) {
      expect(exportsTable[0], name).to.contain(name);
    }
  });
});
