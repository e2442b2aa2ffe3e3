// `url-grammar diagram --out <dir>` as the file system sees it: each file goes through the safe
// writer (src/cli/write.ts), so a file that exists needs --force, a symbolic link is followed only
// with it (the link kept), and a folder, a FIFO, a full or read-only file system gets one line
// `error: cannot write <file>: <reason>` and exit 2, never "internal error" (70). mount needs
// root, as the tests run here and in CI.

import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './support/cli';

const isRoot = process.getuid?.() === 0;

/** The one line of a refused run, checked to be one line, exit 2 and nothing on standard output. */
function refusal(r: { code: number; out: string; err: string }): string {
  expect(r.code, r.err).to.equal(2);
  expect(r.out).to.equal('');
  expect(r.err.endsWith('\n') && r.err.split('\n').length === 2, r.err).to.equal(true);
  return r.err;
}

describe('diagram --out: what it writes over, and what it refuses', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-diagram-out-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an index.html that is a folder: one line, exit 2 (not an internal error)', () => {
    mkdirSync(join(dir, 'index.html'));
    const r = runCli(['diagram', '--format', 'html', '--out', dir]);
    expect(refusal(r)).to.equal(`error: cannot write ${join(dir, 'index.html')}: it is a directory\n`);
    expect(readdirSync(dir)).to.deep.equal(['index.html']);
  });

  it('a file that exists needs --force: nothing of a second run is written without it', () => {
    expect(runCli(['diagram', '--out', dir]).code).to.equal(0);
    const before = readdirSync(dir).sort();
    const scheme = join(dir, 'scheme.svg');
    writeFileSync(scheme, 'mine\n');
    const r = runCli(['diagram', '--out', dir]);
    expect(refusal(r)).to.match(/^error: cannot write .*\.svg: it exists: use --force to replace it\n$/);
    expect(readFileSync(scheme, 'utf8')).to.equal('mine\n');
    const forced = runCli(['diagram', '--out', dir, '--force']);
    expect(forced.code, forced.err).to.equal(0);
    expect(readFileSync(scheme, 'utf8')).to.match(/^<svg/);
    expect(readdirSync(dir).sort()).to.deep.equal(before);
  });

  it('a symbolic link is written through only with --force, and stays a link', () => {
    const victim = join(dir, 'victim.html');
    writeFileSync(victim, 'mine\n');
    mkdirSync(join(dir, 'out'));
    symlinkSync(join('..', 'victim.html'), join(dir, 'out', 'index.html'));
    const r = runCli(['diagram', '--format', 'html', '--out', join(dir, 'out')]);
    expect(refusal(r)).to.equal(`error: cannot write ${join(dir, 'out', 'index.html')}: it exists: use --force to replace it\n`);
    expect(readFileSync(victim, 'utf8')).to.equal('mine\n');
    const forced = runCli(['diagram', '--format', 'html', '--out', join(dir, 'out'), '--force']);
    expect(forced.code, forced.err).to.equal(0);
    expect(lstatSync(join(dir, 'out', 'index.html')).isSymbolicLink()).to.equal(true);
    expect(readlinkSync(join(dir, 'out', 'index.html'))).to.equal(join('..', 'victim.html'));
    expect(readFileSync(victim, 'utf8')).to.match(/^<!doctype html>/i);
    expect(readdirSync(dir).sort()).to.deep.equal(['out', 'victim.html']);
  });

  it('--force goes with --out', () => {
    expect(refusal(runCli(['diagram', '--format', 'ebnf', '--force']))).to.equal('error: --force goes with --out\n');
  });

  it('a FIFO where trace.html goes: refused without opening it, no hang', () => {
    execFileSync('mkfifo', [join(dir, 'trace.html')]);
    // in a process of its own with a time limit: opening a FIFO for writing waits for a reader
    const r = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'src', 'cli.js'), 'diagram', '--trace', 'https://h/', '--out', dir], { encoding: 'utf8', timeout: 30_000 });
    expect(r.signal, 'killed by the time limit: the command hung').to.equal(null);
    expect(r.status).to.equal(2);
    expect(r.stderr).to.equal(`error: cannot write ${join(dir, 'trace.html')}: it is a FIFO\n`);
    expect(lstatSync(join(dir, 'trace.html')).isFIFO()).to.equal(true);
  });

  describe('a full and a read-only file system (a 256 kB tmpfs)', () => {
    let mnt: string;
    before(function () {
      if (!isRoot) this.skip(); // mounting needs root; the tests run as root here and in CI
      mnt = mkdtempSync(join(tmpdir(), 'url-grammar-diagram-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mnt]);
    });
    after(() => {
      if (!mnt) return;
      execFileSync('umount', [mnt]);
      rmSync(mnt, { recursive: true, force: true });
    });

    it('full: "no space left on device", exit 2, nothing left behind', () => {
      // the page is about 150 kB: with 200 kB taken it does not fit
      writeFileSync(join(mnt, 'filler'), Buffer.alloc(200 * 1024));
      const r = runCli(['diagram', '--format', 'html', '--out', mnt]);
      expect(refusal(r)).to.equal(`error: cannot write ${join(mnt, 'index.html')}: no space left on device\n`);
      expect(readdirSync(mnt)).to.deep.equal(['filler']);
      rmSync(join(mnt, 'filler'));
    });

    it('read-only: "read-only file system", exit 2 (root passes permission bits, not this)', () => {
      execFileSync('mount', ['-o', 'remount,ro', mnt]);
      try {
        const r = runCli(['diagram', '--format', 'ebnf', '--out', mnt]);
        expect(refusal(r)).to.equal(`error: cannot write ${join(mnt, 'url.ebnf')}: read-only file system\n`);
      } finally {
        execFileSync('mount', ['-o', 'remount,rw', mnt]);
      }
      expect(readdirSync(mnt)).to.deep.equal([]);
    });
  });
});
