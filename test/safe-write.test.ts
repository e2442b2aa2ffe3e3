// The safe writer (src/cli/write.ts), on its own: what lint --fix, viewer --out and diagram --out
// rely on. The new file: exclusive, of a random name, 0600 while written, gone after any failure;
// the destination: its mode and owner kept, a link's target written, special files, folders and
// hard-linked files refused, a file that changed since it was read refused, a file that appears
// meanwhile never replaced by accident. Some cases need root (mknod; a child process run as
// nobody), as the tests run here and in CI.

import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abandonWrites, changedSinceRead, checkWritable, fileIdentity, openSafeWrite, sameIdentity, WriteError, writeFileSafely } from '../src/cli/write';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { failWrites } = require('./support/failing-writes') as { failWrites: (o: { mode: string; match?: (p: string) => boolean; at?: (position: number | null) => boolean; times?: number }) => () => void };

const isRoot = process.getuid?.() === 0;

/** The WriteError `f` throws (or its promise rejects with). */
async function writeError(f: () => unknown): Promise<WriteError> {
  try {
    await f();
  } catch (e) {
    expect(e).to.be.instanceOf(WriteError);
    return e as WriteError;
  }
  throw new Error('no WriteError');
}

describe('safe writer: the new file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-safe-write-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created beside the destination under a random name, mode 0600, and takes the name only at the end', async () => {
    const file = join(dir, 'doc.txt');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o644);
    const a = openSafeWrite(file, { replace: true });
    const b = openSafeWrite(file, { replace: true });
    await a.write('new\n');
    const temporaries = readdirSync(dir).filter((n) => n !== 'doc.txt');
    expect(temporaries).to.have.length(2);
    for (const t of temporaries) {
      expect(t).to.match(/^\.url-grammar-[0-9a-f]{16}\.tmp$/);
      expect((statSync(join(dir, t)).mode & 0o777).toString(8)).to.equal('600');
    }
    expect(readFileSync(file, 'utf8')).to.equal('old\n');
    b.abort();
    await a.end();
    expect(readFileSync(file, 'utf8')).to.equal('new\n');
    expect((statSync(file).mode & 0o777).toString(8)).to.equal('644');
    expect(readdirSync(dir)).to.deep.equal(['doc.txt']);
  });

  it('streams pieces in order with backpressure (strings and bytes, a surrogate pair split across pieces)', async () => {
    const file = join(dir, 'big.txt');
    const w = openSafeWrite(file);
    const expected: string[] = [];
    let waited = 0;
    for (let i = 0; i < 20_000; i++) {
      const piece = `${i} https://example.com/${'x'.repeat(i % 13)}\n`;
      expected.push(piece);
      const r = w.write(piece);
      if (r) {
        waited++;
        await r;
      }
    }
    // U+1F600 as two pieces, then bytes
    await w.write('\uD83D');
    await w.write('\uDE00');
    await w.write(Buffer.from('bytes\n'));
    expected.push('\u{1F600}', 'bytes\n');
    await w.end();
    expect(waited, 'write never asked the caller to wait').to.be.greaterThan(0);
    expect(readFileSync(file, 'utf8') === expected.join('')).to.equal(true);
    expect(readdirSync(dir)).to.deep.equal(['big.txt']);
  });

  it('a new file gets 0666 less the umask, and is linked, not renamed: nothing else holds it', () => {
    const file = join(dir, 'new.txt');
    writeFileSafely(file, 'x');
    const st = statSync(file);
    expect((st.mode & 0o777).toString(8)).to.equal((0o666 & ~process.umask()).toString(8));
    expect(st.nlink).to.equal(1);
    expect(readdirSync(dir)).to.deep.equal(['new.txt']);
  });

  it('abandonWrites removes the new files of every write in progress and names their destinations; an exit does the same', async () => {
    writeFileSync(join(dir, 'a.txt'), 'old\n');
    const a = openSafeWrite(join(dir, 'a.txt'), { replace: true });
    const b = openSafeWrite(join(dir, 'b.txt'));
    await a.write('new\n');
    writeFileSafely(join(dir, 'c.txt'), 'done\n');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).to.have.length(2);
    expect(abandonWrites()).to.deep.equal([join(dir, 'a.txt'), join(dir, 'b.txt')]);
    expect(readdirSync(dir).sort()).to.deep.equal(['a.txt', 'c.txt']);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).to.equal('old\n');
    expect((await writeError(() => b.end())).message).to.equal(`cannot write ${join(dir, 'b.txt')}: the write was abandoned`);
    expect(abandonWrites()).to.deep.equal([]);
    // process.exit in the middle of a write, in a process of its own
    const script = `const w = require(${JSON.stringify(join(__dirname, '..', 'dist', 'src', 'cli', 'write.js'))}).openSafeWrite(${JSON.stringify(join(dir, 'd.txt'))}); w.write('x'); process.exit(3);`;
    const r = spawnSync(process.execPath, ['-e', script]);
    expect(r.status).to.equal(3);
    expect(readdirSync(dir).sort()).to.deep.equal(['a.txt', 'c.txt']);
  });

  it('abort removes it and leaves the destination alone', async () => {
    const file = join(dir, 'doc.txt');
    writeFileSync(file, 'old\n');
    const w = openSafeWrite(file, { replace: true });
    await w.write('new\n');
    w.abort();
    expect(readdirSync(dir)).to.deep.equal(['doc.txt']);
    expect(readFileSync(file, 'utf8')).to.equal('old\n');
    expect((await writeError(() => w.end())).message).to.match(/abandoned/);
  });
});

describe('safe writer: the destination', () => {
  let dir: string;
  let server: Server | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-safe-write-'));
  });
  afterEach(() => {
    server?.close();
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('an existing file is refused unless the caller replaces files; then its mode is kept', async () => {
    const file = join(dir, 'doc.txt');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o604);
    expect((await writeError(() => writeFileSafely(file, 'new\n'))).message).to.equal(`cannot write ${file}: it exists: use --force to replace it`);
    expect(() => checkWritable(file)).to.throw(WriteError, /it exists: use --force/);
    expect(() => checkWritable(file, { replace: true })).to.not.throw();
    writeFileSafely(file, 'new\n', { replace: true });
    expect(readFileSync(file, 'utf8')).to.equal('new\n');
    expect((statSync(file).mode & 0o7777).toString(8)).to.equal('604');
  });

  it('a file that appears while the new one is written is not replaced without --force', async () => {
    const file = join(dir, 'late.txt');
    const w = openSafeWrite(file);
    await w.write('mine\n');
    writeFileSync(file, 'theirs\n');
    expect((await writeError(() => w.end())).message).to.equal(`cannot write ${file}: it exists: use --force to replace it`);
    expect(readFileSync(file, 'utf8')).to.equal('theirs\n');
    expect(readdirSync(dir)).to.deep.equal(['late.txt']);
  });

  it('a symbolic link (to a link) is followed: the final target is written in its folder, the links kept', () => {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'target.txt'), 'old\n');
    symlinkSync(join('a', 'target.txt'), join(dir, 'one'));
    symlinkSync('one', join(dir, 'two'));
    writeFileSafely(join(dir, 'two'), 'new\n', { replace: true });
    expect(readFileSync(join(dir, 'a', 'target.txt'), 'utf8')).to.equal('new\n');
    expect(readlinkSync(join(dir, 'two'))).to.equal('one');
    expect(readlinkSync(join(dir, 'one'))).to.equal(join('a', 'target.txt'));
    expect(readdirSync(join(dir, 'a'))).to.deep.equal(['target.txt']);
    expect(readdirSync(dir).sort()).to.deep.equal(['a', 'one', 'two']);
  });

  it('a folder, a FIFO, a socket and (as root) a device are refused by what they are, and left as they are', async function () {
    mkdirSync(join(dir, 'folder'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(join(dir, 'socket'), resolve));
    const cases: Array<[string, string]> = [
      ['folder', 'a directory'],
      ['fifo', 'a FIFO'],
      ['socket', 'a socket'],
    ];
    if (isRoot) {
      execFileSync('mknod', [join(dir, 'char'), 'c', '1', '3']);
      cases.push(['char', 'a character device']);
    }
    for (const [name, kind] of cases) {
      for (const replace of [false, true]) {
        expect((await writeError(() => writeFileSafely(join(dir, name), 'x', { replace }))).message, name).to.equal(`cannot write ${join(dir, name)}: it is ${kind}`);
      }
    }
    expect(lstatSync(join(dir, 'fifo')).isFIFO()).to.equal(true);
    expect(lstatSync(join(dir, 'socket')).isSocket()).to.equal(true);
    expect(readdirSync(dir).sort()).to.deep.equal(cases.map(([n]) => n).sort());
  });

  it('a file with other hard links is refused, both names left as they were', async () => {
    const file = join(dir, 'doc.txt');
    writeFileSync(file, 'old\n');
    linkSync(file, join(dir, 'other.txt'));
    expect((await writeError(() => writeFileSafely(file, 'new\n', { replace: true }))).message).to.equal(`cannot write ${file}: it has 2 hard links: replacing it would split them; not rewritten`);
    expect(statSync(file).nlink).to.equal(2);
    expect(readFileSync(join(dir, 'other.txt'), 'utf8')).to.equal('old\n');
    expect(readdirSync(dir).sort()).to.deep.equal(['doc.txt', 'other.txt']);
  });

  describe('a file with other hard links, rewritten in place (inPlace: lint --fix and -o)', () => {
    let file: string;
    let other: string;
    const OLD = 'old content, line 1\nline 2\n'.repeat(500);
    beforeEach(() => {
      file = join(dir, 'doc.txt');
      other = join(dir, 'other.txt');
      writeFileSync(file, OLD);
      chmodSync(file, 0o640);
      linkSync(file, other);
    });
    let restore: (() => void) | null = null;
    afterEach(() => {
      restore?.();
      restore = null;
    });

    /** Both names as they were: the old content, still one file of two links, nothing beside them. */
    function untouched(): void {
      expect(readFileSync(file, 'utf8') === OLD, 'the content changed').to.equal(true);
      expect(statSync(file).ino).to.equal(statSync(other).ino);
      expect(statSync(file).nlink).to.equal(2);
      expect(readdirSync(dir).sort()).to.deep.equal(['doc.txt', 'other.txt']);
    }

    it('longer, shorter, whole or piece by piece: both names see the new content, the same inode and mode, nothing left beside them', async () => {
      const ino = statSync(file).ino;
      for (const text of ['new\n'.repeat(3000), 'short\n', '']) {
        writeFileSafely(file, text, { replace: true, inPlace: true });
        expect(readFileSync(other, 'utf8')).to.equal(text);
        expect(statSync(file).ino).to.equal(ino);
        expect(statSync(file).nlink).to.equal(2);
        expect((statSync(file).mode & 0o777).toString(8)).to.equal('640');
        expect(readdirSync(dir).sort()).to.deep.equal(['doc.txt', 'other.txt']);
      }
      const w = openSafeWrite(other, { replace: true, inPlace: true, expect: fileIdentity(statSync(other, { bigint: true })) });
      for (let i = 0; i < 2000; i++) await w.write(`piece ${i}\n`);
      await w.end();
      expect(readFileSync(file, 'utf8').split('\n')[1999]).to.equal('piece 1999');
      expect(statSync(file).ino).to.equal(ino);
    });

    it('no space for the new content (ENOSPC on the new file): refused, both names as they were', async () => {
      restore = failWrites({ mode: 'enospc' });
      const e = await writeError(() => writeFileSafely(file, 'new\n', { replace: true, inPlace: true }));
      expect(e.message).to.equal(`cannot write ${file}: no space left on device`);
      restore();
      untouched();
    });

    it('no space to grow the file (ENOSPC past its old end): cut back to its old length, the old content whole', async () => {
      restore = failWrites({ mode: 'enospc', match: (p: string) => p === file, at: (position: number | null) => position !== null && position >= OLD.length });
      const e = await writeError(() => writeFileSafely(file, OLD + 'more\n'.repeat(100), { replace: true, inPlace: true }));
      expect(e.reason).to.equal('no space left on device');
      restore();
      untouched();
    });

    it('a failure while the old bytes are overwritten: the old content written back from the copy', async () => {
      // (the first write at the start fails; the writing back, at the start too, succeeds)
      restore = failWrites({ mode: 'enospc', match: (p: string) => p === file, at: (position: number | null) => position === 0, times: 1 });
      const e = await writeError(() => writeFileSafely(file, 'x'.repeat(OLD.length - 10), { replace: true, inPlace: true }));
      expect(e.reason).to.equal('no space left on device');
      restore();
      untouched();
    });

    it('and should writing back fail too: the copy of the old content is kept, and the message names it', async () => {
      restore = failWrites({ mode: 'enospc', match: (p: string) => p === file, at: (position: number | null) => position === 0 });
      const e = await writeError(() => writeFileSafely(file, 'x'.repeat(100), { replace: true, inPlace: true }));
      restore();
      const m = /^no space left on device; it was left part written: its content before this write is in (.*\.url-grammar-[0-9a-f]{16}\.tmp)$/.exec(e.reason);
      expect(m, e.reason).to.not.equal(null);
      expect(readFileSync(m![1], 'utf8') === OLD).to.equal(true);
      expect((statSync(m![1]).mode & 0o777).toString(8)).to.equal('600');
    });

    it('one that changed since it was read is refused, as any other file', async () => {
      const seen = fileIdentity(statSync(file, { bigint: true }));
      const w = openSafeWrite(file, { replace: true, inPlace: true, expect: seen });
      await w.write('new\n');
      writeFileSync(other, OLD + 'edited\n');
      expect((await writeError(() => w.end())).reason).to.equal('it changed since it was read; not rewritten');
      expect(readFileSync(file, 'utf8')).to.equal(OLD + 'edited\n');
      expect(readdirSync(dir).sort()).to.deep.equal(['doc.txt', 'other.txt']);
    });
  });

  it('a file that is no longer what the caller read is refused, at the start or at the end', async () => {
    const file = join(dir, 'doc.txt');
    writeFileSync(file, 'old\n');
    const seen = fileIdentity(statSync(file, { bigint: true }));
    expect(sameIdentity(seen, fileIdentity(statSync(file, { bigint: true })))).to.equal(true);
    // changed at the end: after the new content was written, before it took the name
    const w = openSafeWrite(file, { replace: true, expect: seen });
    await w.write('new\n');
    writeFileSync(file, 'edited\n');
    expect((await writeError(() => w.end())).message).to.equal(changedSinceRead(file).message);
    expect(changedSinceRead(file).message).to.equal(`cannot write ${file}: it changed since it was read; not rewritten`);
    expect(readFileSync(file, 'utf8')).to.equal('edited\n');
    // replaced by another file (another run's rename): refused at once
    writeFileSync(join(dir, 'other'), 'old\n');
    const before = fileIdentity(statSync(file, { bigint: true }));
    execFileSync('mv', [join(dir, 'other'), file]);
    expect((await writeError(() => writeFileSafely(file, 'new\n', { replace: true, expect: before }))).reason).to.equal('it changed since it was read; not rewritten');
    // gone
    rmSync(file);
    expect((await writeError(() => writeFileSafely(file, 'new\n', { replace: true, expect: before }))).reason).to.equal('it changed since it was read; not rewritten');
    expect(readdirSync(dir)).to.deep.equal([]);
  });

  it("a folder that does not exist: the system's reason, in words; checkWritable says which folder before anything is written", async () => {
    const e = await writeError(() => writeFileSafely(join(dir, 'no', 'such.txt'), 'x'));
    expect(e.message).to.equal(`cannot write ${join(dir, 'no', 'such.txt')}: no such file or directory`);
    expect(e.code).to.equal('ENOENT');
    expect(() => checkWritable(join(dir, 'no', 'such.txt'))).to.throw(WriteError, `cannot write ${join(dir, 'no', 'such.txt')}: the folder ${join(dir, 'no')} does not exist`);
    writeFileSync(join(dir, 'file'), '');
    expect(() => checkWritable(join(dir, 'file', 'such.txt'))).to.throw(WriteError, `: ${join(dir, 'file')} is not a folder`);
    expect(() => checkWritable(join(dir, 'new.txt'))).to.not.throw();
    expect(readdirSync(dir)).to.deep.equal(['file']);
  });

  it('a name with control characters is printed escaped', async () => {
    const name = join(dir, 'a\u001b[2Jb\nc');
    writeFileSync(name, 'x');
    const e = await writeError(() => writeFileSafely(name, 'y'));
    expect(e.message).to.not.match(/[\u0000-\u001f]/);
    expect(e.path).to.equal(name);
  });

  describe('as a user other than root (a child process run as nobody)', () => {
    // The built writer, copied with the one module it requires into a folder of its own that
    // nobody can read: the checkout itself may sit in a folder only root can enter (mktemp -d).
    // So may the Node that runs the tests (test/runtimes' Node 22 and 24 are inside the checkout):
    // the child runs a link to it (or a copy, across file systems) in that folder too.
    let WRITER = '';
    let NODE = process.execPath;
    let writerDir = '';
    before(function () {
      if (!isRoot) return;
      writerDir = mkdtempSync(join(tmpdir(), 'url-grammar-writer-'));
      chmodSync(writerDir, 0o755);
      for (const f of ['write.js', 'printable.js']) copyFileSync(join(__dirname, '..', 'dist', 'src', 'cli', f), join(writerDir, f));
      WRITER = join(writerDir, 'write.js');
      NODE = join(writerDir, 'node');
      try {
        linkSync(process.execPath, NODE);
      } catch {
        copyFileSync(process.execPath, NODE);
        chmodSync(NODE, 0o755);
      }
    });
    after(() => {
      if (writerDir) rmSync(writerDir, { recursive: true, force: true });
    });
    /** What writeFileSafely(file, 'new', { replace: true }) says, run as uid and gid 65534. */
    const asNobody = (file: string) =>
      spawnSync(NODE, ['-e', `try { require(${JSON.stringify(WRITER)}).writeFileSafely(process.argv[1], 'new\\n', { replace: true }); console.log('written') } catch (e) { console.log(e.message) }`, file], {
        uid: 65534,
        gid: 65534,
        // (from a folder nobody can read: Node 24 looks for a package.json from there up)
        cwd: writerDir,
        encoding: 'utf8',
        timeout: 30_000,
      });

    beforeEach(function () {
      if (!isRoot) this.skip(); // only root can start a process as another user; the tests run as root here and in CI
      chmodSync(dir, 0o777);
    });

    it("a file owned by someone else, though writable: refused, not silently made the writer's", () => {
      const file = join(dir, 'roots.txt');
      writeFileSync(file, 'old\n');
      chmodSync(file, 0o666);
      const r = asNobody(file);
      expect(r.stdout).to.equal(`cannot write ${file}: it belongs to uid 0, gid 0, which this user cannot give the new file; not rewritten\n`);
      expect(readFileSync(file, 'utf8')).to.equal('old\n');
      expect(statSync(file).uid).to.equal(0);
      expect(readdirSync(dir)).to.deep.equal(['roots.txt']);
    });

    it('its own read-only file: permission denied, as writing it in place would be; its own writable file: written', () => {
      const file = join(dir, 'mine.txt');
      writeFileSync(file, 'old\n');
      chownSync(file, 65534, 65534);
      chmodSync(file, 0o444);
      expect(asNobody(file).stdout).to.equal(`cannot write ${file}: permission denied\n`);
      expect(readFileSync(file, 'utf8')).to.equal('old\n');
      chmodSync(file, 0o640);
      expect(asNobody(file).stdout).to.equal('written\n');
      const st = statSync(file);
      expect([readFileSync(file, 'utf8'), st.uid, st.gid, (st.mode & 0o777).toString(8)]).to.deep.equal(['new\n', 65534, 65534, '640']);
      expect(readdirSync(dir)).to.deep.equal(['mine.txt']);
    });
  });
});
