// What `url-grammar lint` does with what a walk or a glob meets that is not an ordinary file or
// folder: symbolic links (not followed, each file linted once by its real path), folders it cannot
// read, and configuration or ignore files (.url-grammar.json, --config, .gitignore,
// .git/info/exclude) that are named pipes, devices, folders, too large, unreadable or not JSON.
//
// Most cases run in-process (runCli, expandArguments, loadConfig). Those that once hung the
// process (a named pipe opened for reading waits for a writer) or crashed it (--config /dev/zero
// read without end) run in a child process with a time limit, so that a regression fails instead of
// stopping the test run. A folder or file that cannot be read needs a user that permissions stop:
// the tests run as root in CI, and root reads everything, so as root the child drops to the user
// "nobody" (process.setuid) after loading the sources, then runs the command.

import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigError, configFrom, loadConfig, notJSON } from '../src/config';
import { expandArguments } from '../src/files';
import { CORE_ROOT, runCli } from './support/cli';

const BAD = 'https://u@example.com/'; // invalid-credentials
const SLASH = 'http://example.com\\a'; // invalid-reverse-solidus, which --fix rewrites

/** Writes `files` (path -> content) under a new folder; returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'url-grammar-lint-walks-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Runs `url-grammar lint args` in-process in `cwd`, on the real files. */
async function lintIn(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await runCli(['lint', ...args], { readFile: (p) => readFileSync(p), writeFile: (p, data) => writeFileSync(p, data) });
  } finally {
    process.chdir(before);
  }
}

/** The files an output names, sorted. */
const named = (out: string) => [...new Set(out.split('\n').filter(Boolean).map((l) => l.split(':')[0]))].sort();

/** The user that permissions stop, when this process is root (which they do not stop). */
function nobody(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Runs each `url-grammar lint` of `runs` in a child process (the sources compiled as mocha's are: test/support/register-ts.js),
 * as "nobody" when `asNobody` and this process is root. A child that is still running after
 * 30 seconds is killed: its results are then null.
 */
function lintInChild(runs: Array<{ cwd: string; args: string[] }>, options: { asNobody?: boolean } = {}): Array<{ code: number; out: string; err: string }> | null {
  const user = options.asNobody ? nobody() : null;
  const script = `
    const fs = require('node:fs');
    const { runCli } = require(${JSON.stringify(join(__dirname, 'support', 'cli.ts'))});
    const { runs, user } = JSON.parse(process.argv[1]);
    const io = { readFile: (p) => fs.readFileSync(p), writeFile: (p, d) => fs.writeFileSync(p, d) };
    (async () => {
      // one run first, so that what the command loads on first use is loaded while it still can be
      await runCli(['lint', '--no-config', '-'], { readFile: () => Buffer.from('${BAD}') });
      if (user) {
        process.setgroups([]);
        process.setgid(user.gid);
        process.setuid(user.uid);
      }
      const results = [];
      for (const r of runs) {
        process.chdir(r.cwd);
        results.push(await runCli(['lint', ...r.args], io));
      }
      process.stdout.write(JSON.stringify(results));
    })();
  `;
  const child = spawnSync(process.execPath, ['-r', join(CORE_ROOT, 'test', 'support', 'register-ts.js'), '-e', script, JSON.stringify({ runs, user })], {
    cwd: CORE_ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (child.status !== 0) return null;
  return JSON.parse(child.stdout);
}

describe('lint: symbolic links in globs, and each file once', function () {
  this.timeout(60_000);
  let top: string;
  let proj: string;

  beforeEach(() => {
    top = tree({ 'outside/other.md': `<${SLASH}>\n`, 'proj/docs/a.md': `<${SLASH}> <${BAD}>\n` });
    proj = join(top, 'proj');
    symlinkSync(join('..', 'outside'), join(proj, 'vendorlink'));
    symlinkSync(join('docs', 'a.md'), join(proj, 'alink.md'));
  });
  afterEach(() => rmSync(top, { recursive: true, force: true }));

  it('a quoted glob follows no link to a folder: --fix leaves the folder outside alone', async () => {
    const r = await lintIn(proj, ['--fix', '**/*.md']);
    expect(named(r.out)).to.deep.equal(['docs/a.md']);
    expect(readFileSync(join(top, 'outside', 'other.md'), 'utf8')).to.equal(`<${SLASH}>\n`);
    expect(readFileSync(join(proj, 'docs', 'a.md'), 'utf8')).to.equal(`<http://example.com/a> <${BAD}>\n`);
    expect(r.err).to.match(/ in 1 file \(1 file linted\), 1 URL fixed\n$/);
  });

  it('a glob leaves out links to files too, as a walk does; a link named on the command line, or in a glob\'s literal part, is followed', () => {
    const files = (args: string[]) => expandArguments(args, { cwd: proj }).flatMap((a) => a.files);
    expect(files(['*.md'])).to.deep.equal([]);
    expect(files(['.'])).to.deep.equal(['docs/a.md']);
    expect(files(['alink.md'])).to.deep.equal(['alink.md']);
    expect(files(['vendorlink/*.md'])).to.deep.equal(['vendorlink/other.md']);
  });

  it('a file reached by a link and by its own name is linted once', async () => {
    const files = (args: string[]) => expandArguments(args, { cwd: proj }).flatMap((a) => a.files);
    expect(files(['alink.md', 'docs'])).to.deep.equal(['alink.md']);
    expect(files(['docs/a.md', 'alink.md', '**/*.md'])).to.deep.equal(['docs/a.md']);
    expect(files(['vendorlink', join('..', 'outside', 'other.md')])).to.deep.equal(['vendorlink/other.md']);
    const r = await lintIn(proj, ['alink.md', '.', 'docs/*.md']);
    expect(r.out.split('\n').filter(Boolean)).to.have.length(2); // a.md's two findings, once
    expect(r.err).to.equal('2 errors in 1 file (1 file linted)\n');
  });
});

describe('lint: a folder or file that cannot be read, met in a walk or a glob', function () {
  this.timeout(60_000);
  let root: string;

  before(() => {
    root = tree({ 'a.md': `<${BAD}>\n`, 'locked/b.md': `<${BAD}>\n`, 'secret.md': `<${BAD}>\n`, 'git/.git/HEAD': 'ref: refs/heads/main\n', 'git/c.md': `<${BAD}>\n`, 'git/sub/.gitignore': 'x\n', 'git/sub/d.md': `<${BAD}>\n` });
    // the child may be another user: it must reach the tree
    chmodSync(root, 0o755);
    chmodSync(join(root, 'locked'), 0o000);
    chmodSync(join(root, 'secret.md'), 0o000);
    chmodSync(join(root, 'git', 'sub', '.gitignore'), 0o000);
  });
  after(() => {
    chmodSync(join(root, 'locked'), 0o755);
    rmSync(root, { recursive: true, force: true });
  });

  it('is an error naming it (exit 2), and the rest is still linted', () => {
    const results = lintInChild(
      [
        { cwd: root, args: ['.'] },
        { cwd: root, args: ['**/*.md'] },
        { cwd: join(root, 'git'), args: ['.'] },
      ],
      { asNobody: true },
    );
    expect(results, 'the child process ended badly').to.not.equal(null);
    const [walk, glob, git] = results!;
    expect(walk.code).to.equal(2);
    expect(walk.err.split('\n')).to.include.members(['error: locked: this folder cannot be read (permission denied)', 'error: cannot read secret.md: permission denied']);
    expect(named(walk.out)).to.include.members(['a.md', 'git/c.md']);
    expect(glob.code).to.equal(2);
    expect(glob.err.split('\n')).to.include('error: locked: this folder cannot be read (permission denied)');
    expect(named(glob.out)).to.include('a.md');
    // an ignore file that cannot be read: what it governs is not linted
    expect(git.code).to.equal(2);
    expect(git.err.split('\n')).to.include('error: sub/.gitignore: cannot be read (permission denied): the files below sub are skipped');
    expect(named(git.out)).to.deep.equal(['c.md']);
  });
});

describe('lint: configuration and ignore files that are not regular files', function () {
  this.timeout(60_000);

  it('a named pipe as .gitignore, .git/info/exclude or .url-grammar.json is an error naming it, not a wait for ever', () => {
    const root = tree({
      'walk/.git/HEAD': 'ref: refs/heads/main\n',
      'walk/a.md': `<${BAD}>\n`,
      'walk/sub/b.md': `<${BAD}>\n`,
      'exclude/.git/HEAD': 'ref: refs/heads/main\n',
      'exclude/a.md': `<${BAD}>\n`,
      'config/a.md': `<${BAD}>\n`,
    });
    try {
      execFileSync('mkfifo', [join(root, 'walk', 'sub', '.gitignore')]);
      mkdirSync(join(root, 'exclude', '.git', 'info'));
      execFileSync('mkfifo', [join(root, 'exclude', '.git', 'info', 'exclude')]);
      execFileSync('mkfifo', [join(root, 'config', '.url-grammar.json')]);
      const results = lintInChild([
        { cwd: join(root, 'walk'), args: ['.'] },
        { cwd: join(root, 'walk'), args: ['**/*.md'] },
        { cwd: join(root, 'exclude'), args: ['.'] },
        { cwd: join(root, 'exclude'), args: ['a.md'] },
        { cwd: join(root, 'config'), args: ['a.md'] },
        { cwd: join(root, 'config'), args: ['--config', '/dev/zero', 'a.md'] },
      ]);
      expect(results, 'the child process hung or crashed').to.not.equal(null);
      const [walk, glob, exclude, named1, config, zero] = results!;
      expect([walk.code, walk.err]).to.deep.equal([2, 'error: sub/.gitignore: is not a regular file (a named pipe): the files below sub are skipped\n1 error in 1 file (1 file linted)\n']);
      expect(named(walk.out)).to.deep.equal(['a.md']);
      expect([glob.code, named(glob.out)]).to.deep.equal([2, ['a.md']]);
      expect(glob.err).to.contain('error: sub/.gitignore: is not a regular file (a named pipe)');
      // .git/info/exclude governs the whole work tree; a file named on the command line is still linted
      expect([exclude.code, exclude.out]).to.deep.equal([2, '']);
      expect(exclude.err).to.equal('error: .git/info/exclude: is not a regular file (a named pipe): the files below . are skipped\n');
      expect([named1.code, named(named1.out)]).to.deep.equal([1, ['a.md']]);
      expect(config.code).to.equal(2);
      expect(config.err).to.match(/^error: the configuration file .*\.url-grammar\.json: is not a regular file \(a named pipe\)\n$/);
      expect([zero.code, zero.err]).to.deep.equal([2, 'error: the configuration file /dev/zero: is not a regular file (a character device)\n']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a folder as .gitignore, .git/info/exclude or .url-grammar.json is an error naming it (exit 2), not an internal error', async () => {
    const root = tree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'a.md': `<${BAD}>\n`,
      'sub/.gitignore/x': '',
      'sub/b.md': `<${BAD}>\n`,
    });
    try {
      const walk = await lintIn(root, ['.']);
      expect([walk.code, walk.err]).to.deep.equal([2, 'error: sub/.gitignore: is not a regular file (a folder): the files below sub are skipped\n1 error in 1 file (1 file linted)\n']);
      expect(named(walk.out)).to.deep.equal(['a.md']);
      // the folder it governs named alone: the error, not "nothing to lint here"
      const sub = await lintIn(root, ['sub']);
      expect([sub.code, sub.err]).to.deep.equal([2, 'error: sub/.gitignore: is not a regular file (a folder): the files below sub are skipped\n']);
      mkdirSync(join(root, '.git', 'info', 'exclude'), { recursive: true });
      rmSync(join(root, 'sub', '.gitignore'), { recursive: true });
      const exclude = await lintIn(root, ['.']);
      expect([exclude.code, exclude.err]).to.deep.equal([2, 'error: .git/info/exclude: is not a regular file (a folder): the files below . are skipped\n']);
      mkdirSync(join(root, '.url-grammar.json'));
      const config = await lintIn(root, ['a.md']);
      expect(config.code).to.equal(2);
      expect(config.err).to.match(/^error: the configuration file .*\.url-grammar\.json: is not a regular file \(a folder\)\n$/);
      // a link to nothing is not passed over either (a configuration further up would apply)
      rmSync(join(root, '.url-grammar.json'), { recursive: true });
      symlinkSync('nowhere.json', join(root, '.url-grammar.json'));
      const dangling = await lintIn(root, ['a.md']);
      expect(dangling.code).to.equal(2);
      expect(dangling.err).to.match(/^error: the configuration file .*\.url-grammar\.json: cannot be read \(no such file or directory\)\n$/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('an ignore file over 4 MiB, or a configuration file over 1 MiB, is an error naming it', async () => {
    const root = tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': '', 'a.md': `<${BAD}>\n`, 'big.json': '' });
    try {
      // sparse files: the size without the disk
      truncateSync(join(root, '.gitignore'), 4 * 1024 * 1024 + 1);
      truncateSync(join(root, 'big.json'), 1024 * 1024 + 1);
      const walk = await lintIn(root, ['.']);
      expect([walk.code, walk.out, walk.err]).to.deep.equal([2, '', 'error: .gitignore: is larger than 4 MiB: the files below . are skipped\n']);
      expect(() => loadConfig(root, join(root, 'big.json'))).to.throw(ConfigError, /big\.json: is larger than 1 MiB$/);
      // and one just at the limit is read
      writeFileSync(join(root, '.gitignore'), Buffer.alloc(4 * 1024 * 1024, '\n'));
      expect(await lintIn(root, ['.'])).to.deep.include({ code: 1, err: '1 error in 1 file (1 file linted)\n' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('an ignore rule the ignore package cannot compile is an error naming its file and line, not quoting it', async () => {
    // a line of 2 MiB: its regular expression is too large for the engine
    const root = tree({ '.git/HEAD': 'ref: refs/heads/main\n', '.gitignore': `build/\n${'?'.repeat(2 * 1024 * 1024)}\n`, 'a.md': `<${BAD}>\n` });
    try {
      const r = await lintIn(root, ['.']);
      expect([r.code, r.out, r.err]).to.deep.equal([2, '', 'error: .gitignore: line 2 cannot be used as an ignore rule: the files below . are skipped\n']);
      expect(() => configFrom({ ignores: ['build/', '?'.repeat(2 * 1024 * 1024)] }, 'x.json')).to.throw(ConfigError, /^x\.json: "ignores": pattern 2 cannot be used as an ignore rule$/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('lint: a configuration file that is not JSON', () => {
  it('the error gives the line and column, and never quotes the file', () => {
    const root = tree({
      'shadow': 'root:$6$hunter2secret:19000:0:99999:7:::\n',
      'deep.json': '{\n  "rules": {\n    "invalid-credentials": hunter2\n  }\n}\n',
      'short.json': '{"rules": {',
      'string.json': '{"base": "https://example.com/\u0001hunter2"}',
    });
    try {
      const message = (file: string) => {
        try {
          loadConfig(root, join(root, file));
        } catch (e) {
          expect(e).to.be.instanceOf(ConfigError);
          return (e as Error).message;
        }
        throw new Error(`${file} was accepted`);
      };
      expect(message('shadow')).to.equal(`${join(root, 'shadow')}: is not JSON: invalid symbol at line 1, column 1`);
      expect(message('deep.json')).to.equal(`${join(root, 'deep.json')}: is not JSON: invalid symbol at line 3, column 28`);
      expect(message('short.json')).to.equal(`${join(root, 'short.json')}: is not JSON: it ends too early at line 1, column 12`);
      expect(message('string.json')).to.equal(`${join(root, 'string.json')}: is not JSON: invalid character at line 1, column 10`);
      for (const file of ['shadow', 'deep.json', 'string.json']) expect(message(file)).to.not.contain('hunter2');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('notJSON', () => {
  it('gives a place, and no text, wherever JSON.parse refuses, on generated near-JSON texts', () => {
    // pieces that make texts which are often JSON and often nearly so; a fixed seed, so that a
    // failure can be replayed
    const pieces = ['{', '}', '[', ']', ',', ':', '"', '\\', 'u', '0', '1', '-', '.', 'e', '+', 'true', 'null', ' ', '\n', 'a', '\u0001', '"a"', '{"a":', '[1,', '\\u00e9'];
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let accepted = 0;
    for (let k = 0; k < 20_000; k++) {
      let text = '';
      for (let j = next(10); j > 0; j--) text += pieces[next(pieces.length)];
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      if (parses) accepted++;
      if (parses) continue;
      const why = notJSON(text);
      expect(why, JSON.stringify(text)).to.match(/^is not JSON: [a-z ]+ at line \d+, column \d+$/);
    }
    // (the generator makes both kinds)
    expect(accepted).to.be.greaterThan(100);
    // deep nesting: still one line, with no stack overflow escaping
    expect(notJSON('['.repeat(200_000) + '}')).to.match(/^is not JSON/);
    expect(notJSON('[[[1,}')).to.equal('is not JSON: value expected at line 1, column 6');
  });
});
