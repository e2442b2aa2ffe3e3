// `url-grammar lint` on a docs tree as a user runs it in CI: folders walked, quoted globs expanded,
// .gitignore and node_modules skipped, the configuration file (.url-grammar.json) with its ignores
// and severities, disable comments, one SARIF log for the whole run, and --fix that keeps a BOM
// and streams. The built command line runs in a temporary tree, as a user's shell would run it.

import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv-draft-04';
import { directivesOf } from '../src/disable';
import { lintText } from '../src/lint';
import { rewriteWithFixes } from '../src/rewrite';
import { CORE_ROOT } from './support/cli';

const CLI = join(CORE_ROOT, 'dist', 'src', 'cli.js');

/** Writes `files` (path -> content) under a new folder; returns it. */
function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'url-grammar-lint-tree-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function lint(cwd: string, args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [CLI, 'lint', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 28 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const BAD = 'https://u@example.com/'; // invalid-credentials, column 9 of the URL
const SLASH = 'http://example.com\\a'; // invalid-reverse-solidus

describe('lint: a docs tree', function () {
  this.timeout(60_000);
  let root: string;

  before(() => {
    root = tree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'build/\n*.generated.md\n',
      'README.md': `# Docs\n\nSee <${BAD}>.\n`,
      'docs/guide.md': `A [link](${SLASH}).\n\n<!-- url-grammar-disable-next-line -->\nNot this one: <${BAD}>\n`,
      'docs/legacy.html': `<!-- url-grammar-disable invalid-credentials -->\n<a href="${BAD}">old</a>\n`,
      'docs/page.html': `<p><a href="${BAD}">x</a></p>\n`,
      'docs/nested/deep.html': `<img src="${SLASH}">\n`,
      'docs/notes.txt': `plain ${BAD} here\n`,
      'docs/script.js': `fetch('${BAD}')\n`, // not a kind a walk lints
      'docs/api.generated.md': `<${BAD}>\n`, // .gitignore'd by pattern
      'docs/.gitignore': 'private/\n',
      'docs/private/secret.md': `<${BAD}>\n`, // .gitignore'd by the nested file
      'build/out.md': `<${BAD}>\n`, // .gitignore'd folder
      'node_modules/pkg/README.md': `<${BAD}>\n`, // always skipped
      'vendor/third.md': `<${BAD}>\n`, // the config's ignores
      '.url-grammar.json': JSON.stringify({ ignores: ['vendor/'] }),
    });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const files = (out: string) => [...new Set(out.split('\n').filter(Boolean).map((l) => l.split(':')[0]))].sort();

  it('a folder is walked: Markdown, HTML and .txt files, less .gitignore, node_modules and the config\'s ignores', () => {
    const r = lint(root, ['.']);
    expect(r.code).to.equal(1);
    expect(files(r.out)).to.deep.equal(['README.md', 'docs/guide.md', 'docs/nested/deep.html', 'docs/notes.txt', 'docs/page.html']);
    // docs/legacy.html is linted, and its one finding is turned off by its disable comment, as is guide.md's second
    expect(r.err).to.equal('5 errors in 5 files (6 files linted)\n');
  });

  it('a quoted glob is expanded, with the same ignores; a glob or folder with nothing to lint is exit 2 with one line', () => {
    const r = lint(root, ['docs/**/*.md']);
    expect(files(r.out)).to.deep.equal(['docs/guide.md']);
    const none = lint(root, ['nothing/**/*.md']);
    expect(none.code).to.equal(2);
    expect(none.err.split('\n')[0]).to.equal('error: nothing/**/*.md: no file matches this glob');
    // a file named on the command line is linted even where a walk would skip it
    expect(files(lint(root, ['vendor/third.md']).out)).to.deep.equal(['vendor/third.md']);
  });

  it('outside a git work tree .gitignore is not read; "gitignore": false turns it off inside one', () => {
    const t = tree({ '.gitignore': 'skip/\n', 'skip/a.md': `<${BAD}>\n`, 'b.md': `<${BAD}>\n` });
    try {
      expect(files(lint(t, ['.']).out)).to.deep.equal(['b.md', 'skip/a.md']);
      writeFileSync(join(t, '.git'), 'gitdir: elsewhere\n');
      expect(files(lint(t, ['.']).out)).to.deep.equal(['b.md']);
      writeFileSync(join(t, '.url-grammar.json'), JSON.stringify({ gitignore: false }));
      expect(files(lint(t, ['.']).out)).to.deep.equal(['b.md', 'skip/a.md']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('a docs tree that itself sits inside a node_modules folder is walked (only node_modules below it are skipped)', () => {
    const t = tree({ 'node_modules/pkg/README.md': `<${BAD}>\n`, 'node_modules/pkg/node_modules/dep/README.md': `<${BAD}>\n` });
    try {
      expect(files(lint(join(t, 'node_modules', 'pkg'), ['.']).out)).to.deep.equal(['README.md']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('one SARIF log for the whole run, valid SARIF 2.1.0, a result per finding', () => {
    const r = lint(root, ['--format', 'sarif', '.']);
    const log = JSON.parse(r.out);
    const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
    const validate = new Ajv({ strict: false, unicodeRegExp: false, logger: false }).compile(schema);
    expect(validate(log), JSON.stringify(validate.errors)).to.equal(true);
    expect(log.runs).to.have.length(1);
    expect(log.runs[0].results).to.have.length(5);
    expect(new Set(log.runs[0].results.map((x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => x.locations[0].physicalLocation.artifactLocation.uri)).size).to.equal(5);
  });
});

describe('lint: severities (the configuration file and --rule)', function () {
  this.timeout(60_000);

  it('"warning" is reported but does not set exit 1; "off" is not reported; --rule overrides the file', () => {
    const t = tree({ 'a.md': `<${BAD}> <${SLASH}>\n`, '.url-grammar.json': JSON.stringify({ rules: { 'invalid-credentials': 'warning', 'invalid-reverse-solidus': 'off' } }) });
    try {
      const r = lint(t, ['a.md']);
      expect(r.code).to.equal(0);
      expect(r.out).to.equal(`a.md:1:11: warning invalid-credentials The input includes credentials. <${BAD}>\n`);
      expect(r.err).to.equal('0 errors and 1 warning in 1 file (1 file linted)\n');
      const sarif = JSON.parse(lint(t, ['a.md', '--format', 'sarif']).out);
      expect(sarif.runs[0].results.map((x: { level: string }) => x.level)).to.deep.equal(['warning']);
      const over = lint(t, ['a.md', '--rule', 'invalid-reverse-solidus=error']);
      expect(over.code).to.equal(1);
      expect(over.out).to.contain('invalid-reverse-solidus');
      expect(lint(t, ['a.md', '--no-config']).out.split('\n').filter(Boolean)).to.have.length(2);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('a configuration file that cannot be used, or a bad --rule: one line naming what is wrong, exit 2', () => {
    const t = tree({ 'a.md': 'nothing\n' });
    try {
      for (const [content, expected] of [
        ['{', /is not JSON/],
        ['[]', /must be a JSON object/],
        ['{"rulez": {}}', /unknown key "rulez"/],
        ['{"rules": {"no-such-error": "off"}}', /unknown validation error type "no-such-error"/],
        ['{"rules": {"invalid-credentials": "loud"}}', /invalid-credentials at line 1, column 35 must be "error", "warning" \(or "warn"\) or "off" \(or 2, 1, 0\), not "loud"/],
        ['{"ignores": "vendor"}', /"ignores" must be a list of strings/],
        ['{"base": "not a url"}', /the base URL does not parse/],
      ] as Array<[string, RegExp]>) {
        writeFileSync(join(t, '.url-grammar.json'), content);
        const r = lint(t, ['a.md']);
        expect(r.code, content).to.equal(2);
        expect(r.err.trim().split('\n'), content).to.have.length(1);
        expect(r.err, content).to.match(expected);
      }
      rmSync(join(t, '.url-grammar.json'));
      const bad = lint(t, ['a.md', '--rule', 'invalid-credentials=loud']);
      expect([bad.code, bad.err]).to.deep.equal([2, 'error: --rule invalid-credentials: the severity is error, warning (or warn) or off (or 2, 1, 0), not "loud"\n']);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('the configuration is found upward from the working directory', () => {
    const t = tree({ '.url-grammar.json': JSON.stringify({ rules: { 'invalid-credentials': 'off' } }), 'sub/dir/a.md': `<${BAD}>\n` });
    try {
      expect(lint(join(t, 'sub', 'dir'), ['a.md'])).to.deep.include({ code: 0, out: '' });
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });
});

describe('lint: disable comments', () => {
  const types = (text: string, kind: 'markdown' | 'html' | 'text') => lintText(text, { kind }).map((d) => `${d.line}:${d.type}`);

  it('Markdown and HTML: disable-next-line, with and without types; disable ... enable', () => {
    const md = [
      `<${BAD}>`,
      '<!-- url-grammar-disable-next-line -->',
      `<${BAD}> <${SLASH}>`,
      '<!-- url-grammar-disable-next-line invalid-reverse-solidus -->',
      `<${BAD}> <${SLASH}>`,
      '<!-- url-grammar-disable invalid-credentials -->',
      `<${BAD}> <${SLASH}>`,
      '<!-- url-grammar-enable -->',
      `<${BAD}>`,
      '<!-- url-grammar-disable -->',
      `<${BAD}> <${SLASH}>`,
      '<!-- url-grammar-enable invalid-reverse-solidus -->',
      `<${BAD}> <${SLASH}>`,
    ].join('\n');
    expect(types(md, 'markdown')).to.deep.equal(['1:invalid-credentials', '5:invalid-credentials', '7:invalid-reverse-solidus', '9:invalid-credentials', '13:invalid-reverse-solidus']);
    const html = `<a href="${BAD}">a</a>\n<!-- url-grammar-disable-next-line -->\n<a href="${BAD}">b</a>\n<a href="${BAD}">c</a>\n`;
    expect(types(html, 'html')).to.deep.equal(['1:invalid-credentials', '4:invalid-credentials']);
  });

  it('text files: the same words anywhere in a line; Markdown wants them in a comment', () => {
    expect(types(`# url-grammar-disable-next-line\n${BAD}\n${BAD}\n`, 'text')).to.deep.equal(['3:invalid-credentials']);
    expect(types(`url-grammar-disable-next-line\n\n<${BAD}>\n`, 'markdown')).to.deep.equal(['3:invalid-credentials']);
  });

  it('streamed in pieces of any size, the directives count as in one piece', async () => {
    const { lintBytes } = await import('../src/run');
    const text = `<!-- url-grammar-disable-next-line -->\n<${BAD}>\n<${BAD}>\n<!-- url-grammar-disable -->\n<${SLASH}>\n`;
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const seen: string[] = [];
      await lintBytes(chunks, { kind: 'markdown' }, (d) => void seen.push(`${d.line}:${d.type}`));
      expect(seen, `pieces of ${size}`).to.deep.equal(['3:invalid-credentials']);
    }
    // and a directive with no effect on findings leaves them be; directives off with `directives: false`
    expect(lintText(text, { kind: 'markdown', directives: false })).to.have.length(3);
    expect(directivesOf('no directive here', 'markdown').any).to.equal(false);
  });
});

describe('lint --fix', function () {
  this.timeout(60_000);

  it('keeps a UTF-8 byte order mark, in the file and in the dry run\'s diff', () => {
    const t = tree({ 'a.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`x <http://example.com\\a> y\n`)]) });
    try {
      const dry = lint(t, ['--fix-dry-run', 'a.md']);
      expect(dry.out).to.contain('-\uFEFFx <http://example.com\\a> y').and.to.contain('+\uFEFFx <http://example.com/a> y');
      const r = lint(t, ['--fix', 'a.md']);
      expect(r.code).to.equal(0);
      const after = readFileSync(join(t, 'a.md'));
      expect([...after.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
      expect(after.subarray(3).toString('utf8')).to.equal('x <http://example.com/a> y\n');
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });

  it('rewrites in pieces: replacements that straddle the pieces, at the ends, an insertion', async () => {
    const text = 'aaXXbbYYYcc';
    const fixes = [
      { start: 2, end: 4, text: 'x' },
      { start: 6, end: 9, text: 'yyyy' },
      { start: 0, end: 0, text: '<' },
      { start: 11, end: 11, text: '>' },
      { start: 3, end: 5, text: 'overlaps: dropped' },
    ];
    for (const size of [1, 2, 3, 5, 11]) {
      const bytes = Buffer.from(text);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      let out = '';
      await rewriteWithFixes(chunks, fixes, (s) => void (out += s));
      expect(out, `pieces of ${size}`).to.equal('<aaxbbyyyycc>');
    }
  });

  it('a large file is rewritten correctly through the streaming writer', () => {
    const line = `see <http://example.com\\a> and <${BAD}> and some text to make the line longer\n`;
    const t = tree({ 'big.md': line.repeat(20_000) });
    try {
      const r = lint(t, ['--fix', 'big.md']);
      expect(r.code).to.equal(1); // the credentials are not fixed, and remain
      const after = readFileSync(join(t, 'big.md'), 'utf8');
      expect(after).to.equal(line.replace('http://example.com\\a', 'http://example.com/a').repeat(20_000));
      expect(r.err).to.match(/, 20000 URLs fixed\n$/);
    } finally {
      rmSync(t, { recursive: true, force: true });
    }
  });
});

describe('lintText on a string that starts with a byte order mark', () => {
  it('counts places in the string given, so its fixes apply to it', async () => {
    const { applyFixes } = await import('../src/lint');
    const text = `\uFEFFsee <${SLASH}>\nand <${SLASH}>\n`;
    const ds = lintText(text, { kind: 'markdown', fixes: true });
    expect(ds.map((d) => [d.line, d.column, text.slice(d.start, d.end)])).to.deep.equal([
      [1, 25, '\\'],
      [2, 24, '\\'],
    ]);
    expect(applyFixes(text, ds.map((d) => d.fix!))).to.equal('\uFEFFsee <http://example.com/a>\nand <http://example.com/a>\n');
  });
});

describe('lint: this repository, as its own docs tree', function () {
  this.timeout(60_000);

  it('lints clean: its corpora ignored by its .url-grammar.json, its one deliberate example turned off by a disable comment', () => {
    const r = lint(CORE_ROOT, ['.']);
    expect(r.out).to.equal('');
    expect(r.code).to.equal(0);
    expect(r.err).to.match(/^0 errors in 0 files \(\d+ files linted\)\n$/);
  });
});

describe('lint: a reader that stops early (`| head`)', function () {
  this.timeout(60_000);

  it('exits non-zero when its output is cut off before the verdict, not 0 as for a clean run', async () => {
    // 20,000 errors: far more output than a pipe holds, so the command is still writing findings
    // when the reader goes, and has not yet reached its verdict
    const root = tree({ 'many.txt': `${BAD}\n`.repeat(20_000) });
    try {
      const child = spawn(process.execPath, [CLI, 'lint', 'many.txt'], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'ignore'] });
      let first = '';
      child.stdout.once('data', (chunk: Buffer) => {
        first = chunk.toString('utf8').split('\n')[0];
        child.stdout.destroy();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(first).to.match(/invalid-credentials/);
      // 141: as a program killed by SIGPIPE ends (the errors already found make 0 a false verdict)
      expect(code).to.equal(141);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
