// The habits users of ESLint and markdownlint-cli2 bring to `url-grammar lint` (issue 36): no path
// is a usage error and "-" reads standard input; "!pattern" leaves files out; --ignore-pattern,
// --no-gitignore, --no-inline-config; --quiet and --max-warnings with ESLint's meanings; -o writes
// the report through the safe writer; --color/--no-color; --print-config; --version; a
// configuration in JSONC (.url-grammar.json, .url-grammar.jsonc) or under package.json's
// "url-grammar" key, with "warn" and ESLint's numbers; after --fix the summary counts what is left;
// the text output shows the URL, every type it has, and why it has no fix.
//
// Most cases run in-process in a temporary tree (the working directory changed for the run); a few
// run the built command line as a shell would (standard input from /dev/null, --version).

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openSafeWrite, writeFileSafely, type CliIO } from 'url-grammar/cli';
import { ConfigError, loadConfig } from '../src/config';
import { shownURL, SHOWN_URL_LENGTH, textReporter } from '../src/text-report';
import type { LintDiagnostic } from '../src/lint';
import { CORE_ROOT, runCli } from './support/cli';

const CLI = join(CORE_ROOT, 'dist', 'src', 'cli.js');
const BAD = 'https://u@example.com/'; // invalid-credentials, no fix (the serialization is the same)
const SLASH = 'http://example.com\\a'; // invalid-reverse-solidus, which --fix rewrites
const ESC = '\u001b';

/** Writes `files` (path -> content) under a new folder; returns it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'url-grammar-lint-conventions-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Runs `url-grammar lint args` in-process in `cwd` on the real files, writing through the safe writer. */
async function lintIn(cwd: string, args: string[], io: Partial<CliIO> & { stdin?: string } = {}): Promise<{ code: number; out: string; err: string }> {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await runCli(['lint', ...args], {
      readFile: (p) => (p === '-' ? Buffer.from(io.stdin ?? '', 'utf8') : readFileSync(p)),
      writeFile: (p, data, expect) => writeFileSafely(p, data, { replace: true, expect }),
      writeStream: (p, expect) => openSafeWrite(p, { replace: true, expect }),
      ...io,
    });
  } finally {
    process.chdir(before);
  }
}

/** The files an output names, sorted. */
const named = (out: string) => [...new Set(out.split('\n').filter(Boolean).map((l) => l.split(':')[0]))].sort();

describe('lint: paths as ESLint and markdownlint-cli2 take them', function () {
  this.timeout(60_000);

  it('no path is a usage error: exit 2, the help on standard error, nothing linted', async () => {
    const t = tree({ 'a.md': `<${BAD}>\n` });
    try {
      const none = await lintIn(t, [], { stdin: `${BAD}\n` });
      expect(none.code).to.equal(2);
      expect(none.out).to.equal('');
      expect(none.err).to.match(/^error: no path to lint: name files, folders or globs, or "-" for standard input\n\nUsage: url-grammar lint \[options\] \[paths\.\.\.\]\n/);
      expect(none.err).to.contain('--max-warnings <n>');
      // only exclusions: still no path
      const only = await lintIn(t, ['!a.md']);
      expect([only.code, only.out]).to.deep.equal([2, '']);
      expect(only.err).to.match(/^error: no path to lint \(only "!" patterns, which leave files out\)/);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('the built command line with standard input from /dev/null and no path fails (it passed before)', () => {
    const t = tree({ 'a.md': `<${BAD}>\n` });
    try {
      const r = spawnSync(process.execPath, [CLI, 'lint'], { cwd: t, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      expect(r.status).to.equal(2);
      expect(r.stderr.split('\n')[0]).to.equal('error: no path to lint: name files, folders or globs, or "-" for standard input');
      expect(r.stdout).to.equal('');
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('"-" reads standard input (text unless --kind says otherwise)', async () => {
    const t = tree({});
    try {
      const r = await lintIn(t, ['-'], { stdin: `see ${BAD}\n` });
      expect([r.code, r.out]).to.deep.equal([1, `<stdin>:1:14: invalid-credentials The input includes credentials. <${BAD}>\n`]);
      const md = await lintIn(t, ['--kind', 'markdown', '-'], { stdin: `\`${BAD}\`\n` });
      expect([md.code, md.out]).to.deep.equal([0, '']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('"!pattern" leaves files out of walks, globs and named files; a file named "!x" is "./!x"', async () => {
    const t = tree({ 'dir/a.md': `<${BAD}>\n`, 'dir/b.html': `<a href="${BAD}">b</a>\n`, 'dir/old/c.md': `<${BAD}>\n`, '!x.md': `<${BAD}>\n` });
    try {
      expect(named((await lintIn(t, ['dir'])).out)).to.deep.equal(['dir/a.md', 'dir/b.html', 'dir/old/c.md']);
      const walk = await lintIn(t, ['dir', '!dir/b.html', '!dir/old/']);
      expect(walk.code).to.equal(1);
      expect(named(walk.out)).to.deep.equal(['dir/a.md']);
      expect(walk.err).to.equal('1 error in 1 file (1 file linted)\n');
      // the order does not matter, and a glob-like pattern works as in .gitignore
      expect(named((await lintIn(t, ['!**/*.md', 'dir/**/*'])).out)).to.deep.equal(['dir/b.html']);
      // a named file too (as markdownlint-cli2's "!" globs remove it)
      const file = await lintIn(t, ['dir/a.md', 'dir/b.html', '!dir/a.md']);
      expect(named(file.out)).to.deep.equal(['dir/b.html']);
      // a folder left out whole is not an error ("nothing to lint here")
      const folder = await lintIn(t, ['dir/old', 'dir/a.md', '!dir/old']);
      expect([folder.code, named(folder.out)]).to.deep.equal([1, ['dir/a.md']]);
      expect(folder.err).to.not.contain('error:');
      expect(named((await lintIn(t, ['./!x.md'])).out)).to.deep.equal(['./!x.md']);
      // a pattern that leaves nothing out is refused, not ignored
      const empty = await lintIn(t, ['dir', '!']);
      expect([empty.code, empty.err]).to.deep.equal([2, 'error: the argument "!": an empty pattern (or a comment) leaves nothing out\n']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('--ignore-pattern adds to the ignores of walks and globs (a named file is still linted); --no-gitignore', async () => {
    const t = tree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'gen/\n',
      'a.md': `<${BAD}>\n`,
      'vendor/v.md': `<${BAD}>\n`,
      'x.min.html': `<a href="${BAD}">x</a>\n`,
      'gen/g.md': `<${BAD}>\n`,
    });
    try {
      expect(named((await lintIn(t, ['.'])).out)).to.deep.equal(['a.md', 'vendor/v.md', 'x.min.html']);
      const ignored = await lintIn(t, ['--ignore-pattern', 'vendor/', '--ignore-pattern', '*.min.html', '.']);
      expect(named(ignored.out)).to.deep.equal(['a.md']);
      expect(named((await lintIn(t, ['--ignore-pattern', 'vendor/', 'vendor/v.md'])).out)).to.deep.equal(['vendor/v.md']);
      expect(named((await lintIn(t, ['--no-gitignore', '.'])).out)).to.deep.equal(['a.md', 'gen/g.md', 'vendor/v.md', 'x.min.html']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });
});

describe('lint: --quiet, --max-warnings, --no-inline-config', function () {
  this.timeout(60_000);
  let t: string;
  before(() => {
    // two warnings (invalid-credentials, configured "warn"), one error (invalid-reverse-solidus)
    t = tree({
      'w.md': `<${BAD}> <https://v@example.com/>\n`,
      'e.md': `<${SLASH}>\n`,
      'd.md': `<!-- url-grammar-disable-next-line -->\n<${SLASH}>\n`,
      '.url-grammar.json': JSON.stringify({ rules: { 'invalid-credentials': 'warn' } }),
    });
  });
  after(() => rmSync(t, { recursive: true, force: true }));

  it('--max-warnings N: exit 1 past N warnings, 0 at N; -1 (the default) no limit; errors still exit 1', async () => {
    expect((await lintIn(t, ['w.md'])).code).to.equal(0);
    const over = await lintIn(t, ['--max-warnings', '1', 'w.md']);
    expect(over.code).to.equal(1);
    expect(over.err).to.equal('0 errors and 2 warnings in 1 file (1 file linted)\nurl-grammar lint found too many warnings (2; maximum: 1)\n');
    expect((await lintIn(t, ['--max-warnings', '2', 'w.md'])).code).to.equal(0);
    expect((await lintIn(t, ['--max-warnings=-1', 'w.md'])).code).to.equal(0);
    expect((await lintIn(t, ['--max-warnings', '5', 'e.md'])).code).to.equal(1);
    for (const bad of ['x', '1.5', '-2', '']) {
      const r = await lintIn(t, [`--max-warnings=${bad}`, 'w.md']);
      expect([r.code, r.err], bad).to.deep.equal([2, `error: --max-warnings wants a whole number (-1: no limit), not "${bad}"\n`]);
    }
  });

  it('--quiet: warnings neither shown nor counted; with --max-warnings they still count for it (as ESLint)', async () => {
    const quiet = await lintIn(t, ['--quiet', 'w.md', 'e.md']);
    expect(quiet.code).to.equal(1);
    expect(named(quiet.out)).to.deep.equal(['e.md']);
    expect(quiet.err).to.equal('1 error in 1 file (2 files linted)\n');
    expect((await lintIn(t, ['--quiet', 'w.md'])).code).to.equal(0);
    const limited = await lintIn(t, ['--quiet', '--max-warnings', '0', 'w.md']);
    expect([limited.code, limited.out]).to.deep.equal([1, '']);
    expect(limited.err).to.contain('too many warnings (2; maximum: 0)');
  });

  it('--quiet --fix fixes no URL whose finding is a warning (as ESLint fixes errors only)', async () => {
    const f = tree({ 'a.md': `<${SLASH}>\n`, '.url-grammar.json': JSON.stringify({ rules: { 'invalid-reverse-solidus': 'warning' } }) });
    try {
      const r = await lintIn(f, ['--quiet', '--fix', 'a.md']);
      expect([r.code, r.out]).to.deep.equal([0, '']);
      expect(readFileSync(join(f, 'a.md'), 'utf8')).to.equal(`<${SLASH}>\n`);
      await lintIn(f, ['--fix', 'a.md']);
      expect(readFileSync(join(f, 'a.md'), 'utf8')).to.equal('<http://example.com/a>\n');
    } finally {
      rmSync(f, { recursive: true, force: true });
    }
  });

  it('--no-inline-config: the documents\' disable comments are not obeyed', async () => {
    expect((await lintIn(t, ['d.md'])).code).to.equal(0);
    const r = await lintIn(t, ['--no-inline-config', 'd.md']);
    expect([r.code, r.out]).to.deep.equal([1, `d.md:2:20: invalid-reverse-solidus A URL with a special scheme uses "\\" instead of "/". <${SLASH}>\n`]);
  });
});

describe('lint: -o, colour, --print-config, --version', function () {
  this.timeout(60_000);

  it('-o/--output-file writes the report to the file (standard output empty), replacing one that exists', async () => {
    const t = tree({ 'a.md': `<${BAD}>\n`, 'report.txt': 'old report, longer than the new one will be ...........................................\n' });
    try {
      const r = await lintIn(t, ['-o', 'report.txt', 'a.md']);
      expect([r.code, r.out]).to.deep.equal([1, '']);
      expect(r.err).to.equal('1 error in 1 file (1 file linted)\n');
      expect(readFileSync(join(t, 'report.txt'), 'utf8')).to.equal(`a.md:1:11: invalid-credentials The input includes credentials. <${BAD}>\n`);
      const json = await lintIn(t, ['--format', 'json', '--output-file', 'new.json', 'a.md']);
      expect(json.out).to.equal('');
      expect(JSON.parse(readFileSync(join(t, 'new.json'), 'utf8'))).to.have.length(1);
      // the same through writeFile alone (an IO that cannot stream)
      const whole = await lintIn(t, ['-o', 'whole.txt', 'a.md'], { writeStream: undefined });
      expect(whole.out).to.equal('');
      expect(readFileSync(join(t, 'whole.txt'), 'utf8')).to.equal(readFileSync(join(t, 'report.txt'), 'utf8'));
      // no colour in a file unless asked for
      await lintIn(t, ['-o', 'plain.txt', 'a.md'], { color: true, isTTY: true });
      expect(readFileSync(join(t, 'plain.txt'), 'utf8')).to.not.contain(ESC);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('-o into something that cannot be written: one line, exit 2, before anything is linted', async () => {
    const t = tree({ 'a.md': `<${BAD}>\n`, 'folder/x': '' });
    try {
      const r = await lintIn(t, ['-o', 'folder', 'a.md']);
      expect(r.code).to.equal(2);
      expect(r.out).to.equal('');
      expect(r.err).to.match(/^error: cannot write folder: .*\n$/);
      const nowhere = await lintIn(t, ['-o', join('missing', 'r.txt'), 'a.md']);
      expect(nowhere.code).to.equal(2);
      expect(nowhere.err.split('\n').filter(Boolean)).to.have.length(1);
      expect(existsSync(join(t, 'missing'))).to.equal(false);
      expect(await lintIn(t, ['-o', '', 'a.md'])).to.deep.equal({ code: 2, out: '', err: 'error: --output-file: an empty file name\n' });
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('--color/--no-color; errors red, warnings yellow; the default follows the IO (a terminal, NO_COLOR, FORCE_COLOR)', async () => {
    const t = tree({ 'a.md': `<${SLASH}> <${BAD}>\n`, '.url-grammar.json': JSON.stringify({ rules: { 'invalid-credentials': 'warning' } }) });
    try {
      const colored = await lintIn(t, ['--color', 'a.md']);
      const [error, warning] = colored.out.split('\n');
      expect(error).to.contain(`${ESC}[31minvalid-reverse-solidus${ESC}[39m`);
      expect(warning).to.contain(`${ESC}[33mwarning${ESC}[39m ${ESC}[33minvalid-credentials${ESC}[39m`);
      expect(warning).to.not.contain(`${ESC}[31m`);
      expect((await lintIn(t, ['--no-color', 'a.md'], { color: true })).out).to.not.contain(ESC);
      expect((await lintIn(t, ['a.md'], { color: true })).out).to.contain(ESC);
      expect((await lintIn(t, ['a.md'], { color: false })).out).to.not.contain(ESC);
      const both = await lintIn(t, ['--color', '--no-color', 'a.md']);
      expect([both.code, both.err]).to.deep.equal([2, 'error: --color and --no-color do not go together\n']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('--print-config FILE prints the configuration that applies to it, as JSON, and exits 0', async () => {
    const t = tree({ '.url-grammar.jsonc': '{\n  // vendored docs\n  "ignores": ["vendor/"],\n  "rules": { "invalid-credentials": "warn", "port-invalid": 0, },\n}\n', 'vendor/v.md': '' });
    try {
      const r = await lintIn(t, ['--print-config', 'vendor/v.md', '--rule', 'host-missing=1', '--no-inline-config']);
      expect([r.code, r.err]).to.deep.equal([0, '']);
      const printed = JSON.parse(r.out);
      expect(printed).to.deep.include({ file: 'vendor/v.md', configFile: join(t, '.url-grammar.jsonc'), kind: 'markdown', ignored: true, ignores: ['vendor/'], gitignore: true, base: null, inlineConfig: false });
      expect(printed.rules).to.deep.include({ 'invalid-credentials': 'warning', 'port-invalid': 'off', 'host-missing': 'warning', 'invalid-reverse-solidus': 'error' });
      expect(JSON.parse((await lintIn(t, ['--print-config', 'a.html'])).out)).to.deep.include({ kind: 'html', ignored: false });
      const withPaths = await lintIn(t, ['--print-config', 'a.md', 'b.md']);
      expect(withPaths.code).to.equal(2);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('--version prints the lint package\'s version (in-process and through the built command line)', async () => {
    const version = (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
    const t = tree({});
    try {
      expect(await lintIn(t, ['--version'])).to.deep.equal({ code: 0, out: `${version}\n`, err: '' });
      const r = spawnSync(process.execPath, [CLI, 'lint', '--version'], { cwd: t, encoding: 'utf8' });
      expect([r.status, r.stdout, r.stderr]).to.deep.equal([0, `${version}\n`, '']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });
});

describe('lint: the configuration file as ESLint and markdownlint-cli2 users write it', function () {
  this.timeout(60_000);

  it('"warn" for "warning", and ESLint\'s numbers 0, 1, 2, in the file and in --rule', async () => {
    const t = tree({ 'a.md': `<${BAD}> <${SLASH}>\n`, '.url-grammar.json': JSON.stringify({ rules: { 'invalid-credentials': 'warn', 'invalid-reverse-solidus': 0 } }) });
    try {
      const r = await lintIn(t, ['a.md']);
      expect([r.code, r.err]).to.deep.equal([0, '0 errors and 1 warning in 1 file (1 file linted)\n']);
      expect(r.out).to.match(/^a\.md:1:11: warning invalid-credentials /);
      expect((await lintIn(t, ['--rule', 'invalid-credentials=2', 'a.md'])).code).to.equal(1);
      expect((await lintIn(t, ['--rule', 'invalid-reverse-solidus=warn', 'a.md'])).err).to.equal('0 errors and 2 warnings in 1 file (1 file linted)\n');
      expect((await lintIn(t, ['--rule', 'invalid-credentials=3', 'a.md'])).code).to.equal(2);
      writeFileSync(join(t, '.url-grammar.json'), JSON.stringify({ rules: { 'invalid-credentials': 3 } }));
      const bad = await lintIn(t, ['a.md']);
      expect(bad.code).to.equal(2);
      expect(bad.err).to.contain('invalid-credentials at line 1, column 33 must be "error", "warning" (or "warn") or "off" (or 2, 1, 0), not 3');
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('JSONC: comments and trailing commas in .url-grammar.json and .url-grammar.jsonc; errors at their line and column', async () => {
    const jsonc = '{\n  // credentials in our docs are examples\n  "rules": {\n    "invalid-credentials": "off", /* for now */\n  },\n}\n';
    const t = tree({ 'a.md': `<${BAD}>\n`, '.url-grammar.json': jsonc });
    try {
      expect((await lintIn(t, ['a.md'])).code).to.equal(0);
      rmSync(join(t, '.url-grammar.json'));
      writeFileSync(join(t, '.url-grammar.jsonc'), jsonc);
      expect((await lintIn(t, ['a.md'])).code).to.equal(0);
      writeFileSync(join(t, '.url-grammar.jsonc'), '{\n  // a comment\n  "rules": { "invalid-credentials" "off" }\n}\n');
      const syntax = await lintIn(t, ['a.md']);
      expect([syntax.code, syntax.err]).to.deep.equal([2, `error: the configuration file ${join(t, '.url-grammar.jsonc')}: is not JSON: colon expected at line 3, column 36\n`]);
      writeFileSync(join(t, '.url-grammar.jsonc'), '{\n  // a comment\n  "rules": {},\n  "ignore": ["x"]\n}\n');
      const key = await lintIn(t, ['a.md']);
      expect(key.err).to.equal(`error: the configuration file ${join(t, '.url-grammar.jsonc')}: unknown key "ignore" at line 4, column 3 (known: ignores, rules, base, gitignore)\n`);
      // a "__proto__" key is a key like any other (refused), not a prototype lending "base" to the object
      writeFileSync(join(t, '.url-grammar.jsonc'), '{"__proto__": {"base": "https://example.com/"}}');
      expect((await lintIn(t, ['a.md'])).err).to.contain('unknown key "__proto__" at line 1, column 2');
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('a "url-grammar" key in package.json; which file wins: the nearest folder, then .jsonc, .json, package.json', async () => {
    const off = (type: string) => JSON.stringify({ rules: { [type]: 'off' } });
    const t = tree({
      'package.json': JSON.stringify({ name: 'docs', 'url-grammar': { rules: { 'invalid-credentials': 'off' } } }),
      'a.md': `<${BAD}> <${SLASH}>\n`,
      'sub/package.json': JSON.stringify({ name: 'no-key' }),
      'sub/a.md': `<${BAD}>\n`,
    });
    const rootConfig = (cwd: string) => loadConfig(cwd).file;
    try {
      expect(rootConfig(t)).to.equal(join(t, 'package.json'));
      expect(named((await lintIn(t, ['a.md'])).out)).to.deep.equal(['a.md']);
      expect((await lintIn(t, ['a.md'])).out).to.not.contain('invalid-credentials');
      // a package.json without the key does not count: the one above applies
      expect(rootConfig(join(t, 'sub'))).to.equal(join(t, 'package.json'));
      expect((await lintIn(join(t, 'sub'), ['a.md'])).code).to.equal(0);
      writeFileSync(join(t, '.url-grammar.json'), off('invalid-reverse-solidus'));
      expect(rootConfig(t)).to.equal(join(t, '.url-grammar.json'));
      writeFileSync(join(t, '.url-grammar.jsonc'), off('port-invalid'));
      expect(rootConfig(t)).to.equal(join(t, '.url-grammar.jsonc'));
      // the nearest folder wins, whatever its file's name
      writeFileSync(join(t, 'sub', 'package.json'), JSON.stringify({ name: 'docs-sub', 'url-grammar': {} }));
      expect(rootConfig(join(t, 'sub'))).to.equal(join(t, 'sub', 'package.json'));
      expect((await lintIn(join(t, 'sub'), ['a.md'])).code).to.equal(1);
      // named with --config, a package.json must have the key
      writeFileSync(join(t, 'other.json'), JSON.stringify({ name: 'x' }));
      expect(() => loadConfig(t, join(t, 'sub', '..', 'sub', 'package.json'))).to.not.throw();
      writeFileSync(join(t, 'sub', 'package.json'), JSON.stringify({ name: 'x' }));
      expect(() => loadConfig(t, join(t, 'sub', 'package.json'))).to.throw(ConfigError, /package\.json: has no "url-grammar" key$/);
      // a package.json is JSON as npm reads it: no comments
      writeFileSync(join(t, 'sub', 'package.json'), '{ // no\n "name": "x" }');
      expect(() => loadConfig(join(t, 'sub'))).to.throw(ConfigError, /package\.json: is not JSON: invalid comment token at line 1, column 3$/);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });
});

describe('lint: what the text output says', function () {
  this.timeout(60_000);

  it('after --fix fixed everything, the summary counts only what is left', async () => {
    const t = tree({ 'a.md': `<${SLASH}>\n`, 'b.md': `<${SLASH}> <${BAD}>\n` });
    try {
      const all = await lintIn(t, ['--fix', 'a.md']);
      expect([all.code, all.err]).to.deep.equal([0, '0 errors in 0 files (1 file linted), 1 URL fixed\n']);
      // the finding is still reported, as it was found
      expect(all.out).to.contain('invalid-reverse-solidus');
      const some = await lintIn(t, ['--fix', 'b.md']);
      expect([some.code, some.err]).to.deep.equal([1, '1 error in 1 file (1 file linted), 1 URL fixed\n']);
      expect(readFileSync(join(t, 'b.md'), 'utf8')).to.equal(`<http://example.com/a> <${BAD}>\n`);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('each finding shows its URL, every type it has, and (with fixes) why it has no fix', async () => {
    const t = tree({ 'a.md': `<http://u@example.com\\a>\n` });
    try {
      const r = await lintIn(t, ['a.md']);
      expect(r.out).to.match(/^a\.md:1:10: invalid-credentials,invalid-reverse-solidus .* <http:\/\/u@example\.com\\a>\n$/);
      const dry = await lintIn(t, ['--fix-dry-run', 'a.md']);
      expect(dry.err).to.match(/^a\.md:1:10: invalid-credentials,invalid-reverse-solidus .* <http:\/\/u@example\.com\\a> \(no fix: [^)]+/);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('the text reporter: a URL cannot forge a line, a long one is cut, a finding without `errors` gives its type', () => {
    let out = '';
    const d = { line: 1, column: 2, endLine: 1, endColumn: 3, start: 1, end: 2, url: 'https://a.example/\n\u202Ex', type: 'invalid-credentials', failure: false, message: 'm', noFix: 'r' } as unknown as LintDiagnostic;
    const rep = textReporter((s) => void (out += s), { showFixes: true, platform: 'linux' });
    rep.report('f.md', d);
    expect(out).to.equal('f.md:1:2: invalid-credentials m <https://a.example/\\n<U+202E>x> (no fix: r)\n');
    const long = 'https://a.example/' + 'x'.repeat(1000);
    expect(shownURL(long)).to.equal(long.slice(0, SHOWN_URL_LENGTH) + '…');
    // never half of a surrogate pair
    const pair = 'https://a.example/' + '\u{1F600}'.repeat(200);
    expect(shownURL(pair)).to.not.match(/[\uD800-\uDBFF]…$/);
    const errors = [{ type: 'invalid-URL-unit' }, { type: 'invalid-credentials' }, { type: 'invalid-URL-unit' }];
    out = '';
    rep.report('f.md', { ...d, url: 'x', errors } as unknown as LintDiagnostic);
    expect(out).to.match(/^f\.md:1:2: invalid-URL-unit,invalid-credentials m <x>/);
  });
});
