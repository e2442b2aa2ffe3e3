// lint --fix as the file system sees it: what it replaces and what it leaves. The rewrite goes
// through the core's one safe writer (url-grammar/cli, src/cli/write.ts): a new file of an
// unpredictable name, the original's mode and owner, a symbolic link followed and kept, a file with
// other hard links refused, and nothing written when the file changed between the two passes (an
// edit, or another --fix run at the same time). Most cases run the built command line in a process
// of its own (`node dist/src/cli.js lint --fix`, which loads this package's dist/: build it first),
// as a user would; several need root (chown, mount), as the tests run here and in CI.

import { expect } from 'chai';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processIO, type CliIO } from 'url-grammar/cli';
import { CORE_ROOT, mainAsync } from './support/cli';

const CLI = join(CORE_ROOT, 'dist', 'src', 'cli.js');
/** Writes that fail or wait on purpose (node --require it, with URL_GRAMMAR_TEST_WRITES). */
const FAILING_WRITES = join(CORE_ROOT, 'test', 'support', 'failing-writes.js');
const isRoot = process.getuid?.() === 0;

/** A text document with `n` lines, each with a URL that --fix rewrites (upper case host, a backslash). */
function document(n: number, from = 0): string {
  let s = '';
  for (let i = from; i < from + n; i++) s += `line ${i}: see https://EXAMPLE.com\\p${i} here\n`;
  return s;
}

/** What --fix makes of `document`: worked out here by the rule the fixes follow, not by the linter. */
function fixedDocument(text: string): string {
  return text.replace(/https:\/\/EXAMPLE\.com\\p/g, 'https://example.com/p');
}

function lint(args: string[], cwd: string) {
  return spawnSync(process.execPath, [CLI, 'lint', '--no-config', ...args], { cwd, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20 });
}

/** Runs lint in-process through `io` (the real processIO with some members replaced, or an IO of the test's own). */
async function runWith(io: CliIO, args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await mainAsync(['lint', '--no-config', ...args], { ...io, out: (s) => void (out += s), err: (s) => void (err += s), setExitCode: () => undefined, progressStream: undefined });
  return { code, out, err };
}

describe('lint --fix: what it writes, and what it leaves alone', function () {
  this.timeout(180_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-fix-safety-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a file planted at the old temporary name (a symbolic link to a victim) is not followed: the victim is untouched', () => {
    const doc = join(dir, 'doc.md');
    const text = document(3);
    writeFileSync(doc, text);
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious\n');
    // what another user could plant, knowing the name the old code wrote to
    symlinkSync(victim, `${doc}.url-grammar-fix.tmp`);
    const r = lint(['--fix', 'doc.md'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(readFileSync(victim, 'utf8')).to.equal('precious\n');
    expect(lstatSync(doc).isFile()).to.equal(true);
    expect(readFileSync(doc, 'utf8')).to.equal(fixedDocument(text));
    // nothing left beside it: no temporary file of this run
    expect(readdirSync(dir).sort()).to.deep.equal(['doc.md', 'doc.md.url-grammar-fix.tmp', 'victim']);
  });

  it('keeps the mode (600, 444, 750) and, as root, the owner (nobody:nogroup)', function () {
    if (!isRoot) this.skip(); // chown to another user needs root; the tests run as root here and in CI
    const cases: Array<[string, number, number | null]> = [
      ['a.txt', 0o600, null],
      ['b.txt', 0o444, null],
      ['c.txt', 0o750, 65534],
    ];
    const text = document(2);
    for (const [name, mode, owner] of cases) {
      const p = join(dir, name);
      writeFileSync(p, text);
      chmodSync(p, mode);
      if (owner !== null) chownSync(p, owner, owner);
    }
    const r = lint(['--fix', ...cases.map(([n]) => n)], dir);
    expect(r.status, r.stderr).to.equal(0);
    for (const [name, mode, owner] of cases) {
      const st = statSync(join(dir, name));
      expect(readFileSync(join(dir, name), 'utf8'), name).to.equal(fixedDocument(text));
      expect((st.mode & 0o7777).toString(8), name).to.equal(mode.toString(8));
      expect([st.uid, st.gid], name).to.deep.equal(owner === null ? [0, 0] : [owner, owner]);
    }
  });

  it('a symbolic link: its target is fixed, in its own folder, and the link stays a link', () => {
    mkdirSync(join(dir, 'real'));
    const target = join(dir, 'real', 'target.md');
    const text = document(3);
    writeFileSync(target, text);
    symlinkSync(join('real', 'target.md'), join(dir, 'link.md'));
    const r = lint(['--fix', 'link.md'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(lstatSync(join(dir, 'link.md')).isSymbolicLink()).to.equal(true);
    expect(readlinkSync(join(dir, 'link.md'))).to.equal(join('real', 'target.md'));
    expect(readFileSync(target, 'utf8')).to.equal(fixedDocument(text));
    expect(readdirSync(join(dir, 'real'))).to.deep.equal(['target.md']);
    expect(readdirSync(dir).sort()).to.deep.equal(['link.md', 'real']);
  });

  it('a file with other hard links is fixed in place, as ESLint does: both names see the fix, the one file kept (its inode, mode, links), nothing left beside it', () => {
    const text = document(200);
    writeFileSync(join(dir, 'doc.txt'), text);
    chmodSync(join(dir, 'doc.txt'), 0o640);
    linkSync(join(dir, 'doc.txt'), join(dir, 'other.txt'));
    const ino = statSync(join(dir, 'doc.txt')).ino;
    const r = lint(['--fix', 'doc.txt'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stderr).to.equal('0 errors in 0 files (1 file linted), 200 URLs fixed\n');
    expect(readFileSync(join(dir, 'other.txt'), 'utf8') === fixedDocument(text)).to.equal(true);
    expect(statSync(join(dir, 'doc.txt')).ino).to.equal(ino);
    expect(statSync(join(dir, 'doc.txt')).nlink).to.equal(2);
    expect((statSync(join(dir, 'doc.txt')).mode & 0o777).toString(8)).to.equal('640');
    expect(readdirSync(dir).sort()).to.deep.equal(['doc.txt', 'other.txt']);
  });

  it('a hard-linked file whose rewrite fails (ENOSPC on every new file: test/support/failing-writes.js) is left whole, its links too: one line, exit 2', () => {
    const text = document(200);
    writeFileSync(join(dir, 'doc.txt'), text);
    linkSync(join(dir, 'doc.txt'), join(dir, 'other.txt'));
    const r = spawnSync(process.execPath, ['--require', FAILING_WRITES, CLI, 'lint', '--no-config', '--fix', 'doc.txt'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, URL_GRAMMAR_TEST_WRITES: 'enospc' } });
    expect(r.status, r.stderr).to.equal(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('error:'))).to.deep.equal(['error: cannot write doc.txt: no space left on device']);
    // the fixes not made are not counted as made
    expect(lines[lines.length - 1]).to.match(/, 0 URLs fixed$/);
    expect(readFileSync(join(dir, 'other.txt'), 'utf8') === text).to.equal(true);
    expect(statSync(join(dir, 'doc.txt')).nlink).to.equal(2);
    expect(readdirSync(dir).sort()).to.deep.equal(['doc.txt', 'other.txt']);
  });

  it('a file edited between the two passes is not rewritten: one line, exit 2, the edit kept', async () => {
    const doc = join(dir, 'doc.txt');
    const text = document(5);
    writeFileSync(doc, text);
    // the real IO, but the file is edited (in place, at its start: every offset moves) just before
    // the second pass opens it
    const io = processIO();
    const open = io.openRead!;
    let opens = 0;
    const edited = 'an edit\n' + text;
    io.openRead = (path, ...rest) => {
      if (++opens === 2) writeFileSync(path, edited);
      return open(path, ...rest);
    };
    const r = await runWith(io, ['--fix', doc]);
    expect(opens).to.equal(2);
    expect(r.code).to.equal(2);
    expect(r.err).to.contain(`error: cannot write ${doc}: it changed since it was read; not rewritten\n`);
    expect(r.err).to.match(/, 0 URLs fixed\n$/);
    expect(readFileSync(doc, 'utf8')).to.equal(edited);
    expect(readdirSync(dir)).to.deep.equal(['doc.txt']);
  });

  it('an IO whose second read differs from the first: nothing is written', async () => {
    const first = document(3);
    const second = 'x' + first;
    let reads = 0;
    const written: string[] = [];
    const io: CliIO = {
      out: () => undefined,
      err: () => undefined,
      readFile: () => Buffer.from(++reads === 1 ? first : second),
      writeFile: (_path, data) => void written.push(data),
      setExitCode: () => undefined,
      isTTY: false,
    };
    const r = await runWith(io, ['--fix', 'doc.txt']);
    expect(reads).to.equal(2);
    expect(written).to.deep.equal([]);
    expect(r.code).to.equal(2);
    expect(r.err).to.contain('error: cannot write doc.txt: it changed since it was read; not rewritten\n');
  });

  it('two runs at once on a large file: the file ends as one complete result, never interleaved; the run that lost is refused', async () => {
    const doc = join(dir, 'doc.txt');
    const text = document(200_000);
    writeFileSync(doc, text);
    const run = (started?: () => void) => {
      const child = spawn(process.execPath, [CLI, 'lint', '--no-config', '--fix', 'doc.txt'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stdout!.once('data', () => started?.());
      child.stdout!.resume();
      child.stderr!.on('data', (d) => (err += d));
      return new Promise<{ code: number | null; err: string }>((resolve) => child.on('close', (code) => resolve({ code, err })));
    };
    // the second starts when the first reports its first finding: the first is then reading the
    // file, with seconds of work left, so the second reads the file the first is about to replace
    // (the tester started it when the first's temporary file appeared, which on a fast machine can
    // be too late to overlap). Started apart, the two cannot reach their last check at one instant.
    let second: Promise<{ code: number | null; err: string }> | null = null;
    const first = await run(() => (second = run()));
    expect(second, 'the first run reported nothing').to.not.equal(null);
    const other = await second!;
    const results = [first, other];
    // the file is whole: the fixed text once, not two runs' output mixed
    expect(readFileSync(doc, 'utf8') === fixedDocument(text), 'the file is not the one complete result').to.equal(true);
    expect(readdirSync(dir)).to.deep.equal(['doc.txt']);
    const wrote = results.filter((x) => x.code === 0);
    const refused = results.filter((x) => x.code === 2);
    expect(wrote, results.map((x) => x.err).join('\n')).to.have.length(1);
    expect(refused).to.have.length(1);
    expect(refused[0].err).to.contain('error: cannot write doc.txt: it changed since it was read; not rewritten\n');
  });

  describe('a full file system (a 256 kB tmpfs)', () => {
    let full: string;
    before(function () {
      if (!isRoot) this.skip(); // mounting needs root; the tests run as root here and in CI
      full = mkdtempSync(join(tmpdir(), 'url-grammar-fix-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', full]);
    });
    after(() => {
      if (!full) return;
      execFileSync('umount', [full]);
      rmSync(full, { recursive: true, force: true });
    });

    it('the original is kept whole, no temporary file is left, and the message says "cannot write ...: no space left on device"', () => {
      // about 150 kB: the new copy does not fit beside it
      const text = document(3000);
      writeFileSync(join(full, 'doc.txt'), text);
      const r = lint(['--fix', 'doc.txt'], full);
      expect(r.status).to.equal(2);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).to.deep.equal(['error: cannot write doc.txt: no space left on device']);
      expect(readFileSync(join(full, 'doc.txt'), 'utf8') === text).to.equal(true);
      expect(readdirSync(full)).to.deep.equal(['doc.txt']);
    });

    it('the same for a hard-linked file, fixed in place: the original kept whole under both names, no copy left', () => {
      rmSync(join(full, 'doc.txt'), { force: true });
      const text = document(3000);
      writeFileSync(join(full, 'doc.txt'), text);
      linkSync(join(full, 'doc.txt'), join(full, 'other.txt'));
      const r = lint(['--fix', 'doc.txt'], full);
      expect(r.status).to.equal(2);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).to.deep.equal(['error: cannot write doc.txt: no space left on device']);
      expect(readFileSync(join(full, 'other.txt'), 'utf8') === text).to.equal(true);
      expect(statSync(join(full, 'doc.txt')).nlink).to.equal(2);
      expect(readdirSync(full).sort()).to.deep.equal(['doc.txt', 'other.txt']);
      rmSync(join(full, 'other.txt'));
    });
  });

  it('fixing a 3 MB file prints no MaxListenersExceededWarning', () => {
    const text = document(66_000);
    expect(text.length).to.be.greaterThan(3 * 1000 * 1000);
    writeFileSync(join(dir, 'big.txt'), text);
    const r = lint(['--fix', 'big.txt'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stderr).to.not.contain('MaxListenersExceededWarning');
    // every URL was fixed: the summary counts none left
    expect(r.stderr).to.equal('0 errors in 0 files (1 file linted), 66000 URLs fixed\n');
    expect(readFileSync(join(dir, 'big.txt'), 'utf8') === fixedDocument(text)).to.equal(true);
  });
});

describe('lint: file names in its messages are printable', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-fix-names-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a name with an escape or a line break cannot forge a line of output', () => {
    // (no glob character: the name is then a file that does not exist, not a pattern)
    const forged = 'a\u001bcb\nfake.md:9:9: invalid-credentials';
    const r = lint([forged], dir);
    expect(r.status).to.equal(2);
    expect(r.stderr).to.not.contain('\u001b');
    expect(r.stderr.split('\n').filter((l) => l.startsWith('fake.md'))).to.deep.equal([]);
    expect(r.stderr).to.equal('error: cannot read a\\x1bcb\\nfake.md:9:9: invalid-credentials: no such file or directory\n');
    // a file that exists, not valid UTF-8, with --fix: "not valid UTF-8" and "not rewritten" name it printably
    const name = 'x\u001b]0;t\u0007.txt';
    // (it exists: the "]" is not read as a glob)
    writeFileSync(join(dir, name), Buffer.from('https://EXAMPLE.com\\a \xff\n', 'latin1'));
    const fix = lint(['--fix', name], dir);
    expect(fix.stderr).to.not.contain('\u001b');
    expect(fix.stderr).to.not.contain('\u0007');
    expect(fix.stderr).to.contain('x\\x1b]0;t\\x07.txt: not rewritten (not valid UTF-8)\n');
    expect(fix.stderr).to.contain('x\\x1b]0;t\\x07.txt: not valid UTF-8 (decoded with U+FFFD)\n');
  });
});
