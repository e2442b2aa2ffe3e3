// `url-grammar viewer --out <file>` as the file system sees it: the copy goes through the core's
// safe writer (url-grammar/cli), so a device, a FIFO, a folder, a full disk or an existing file
// (without --force) gets one line and exit 2, and nothing there is opened, truncated or removed.
// Each case runs the built command line in a process of its own, with a time limit (a FIFO opened
// for writing waits for a reader forever: in-process, that would block mocha itself); the built
// command loads this package's dist/ (npm run build --workspace=packages/viewer). mknod and mount
// need root, as the tests run here and in CI.

import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_ROOT } from './support/cli';
import { VIEWER_PAGE } from './support/viewer-page';

const CLI = join(CORE_ROOT, 'dist', 'src', 'cli.js');
const isRoot = process.getuid?.() === 0;

function viewer(args: string[], cwd: string) {
  return spawnSync(process.execPath, [CLI, 'viewer', 'http://h/', ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
}

/** The one line of standard error of a refused run (and that it is one line, exit 2, nothing printed). */
function refusal(r: ReturnType<typeof viewer>): string {
  expect(r.signal, 'killed by the time limit: the command hung').to.equal(null);
  expect(r.status, r.stderr).to.equal(2);
  expect(r.stdout).to.equal('');
  expect(r.stderr.endsWith('\n') && r.stderr.split('\n').length === 2, r.stderr).to.equal(true);
  return r.stderr;
}

describe('viewer --out: what it writes over, and what it refuses', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-viewer-out-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a character device is refused and left as it was (the old copy removed it)', function () {
    if (!isRoot) this.skip(); // mknod needs root; the tests run as root here and in CI
    // the numbers of /dev/null, made in the test's own folder (never the real one)
    execFileSync('mknod', [join(dir, 'x'), 'c', '1', '3']);
    for (const force of [[], ['--force']]) {
      expect(refusal(viewer(['--out', 'x', ...force], dir))).to.equal('error: cannot write x: it is a character device\n');
      expect(lstatSync(join(dir, 'x')).isCharacterDevice()).to.equal(true);
    }
    expect(readdirSync(dir)).to.deep.equal(['x']);
  });

  it('a FIFO is refused without opening it: no hang', () => {
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(refusal(viewer(['--out', 'fifo'], dir))).to.equal('error: cannot write fifo: it is a FIFO\n');
    expect(lstatSync(join(dir, 'fifo')).isFIFO()).to.equal(true);
    expect(readdirSync(dir)).to.deep.equal(['fifo']);
  });

  it('a folder is refused', () => {
    mkdirSync(join(dir, 'v.html'));
    expect(refusal(viewer(['--out', 'v.html'], dir))).to.equal('error: cannot write v.html: it is a directory\n');
    expect(readdirSync(join(dir, 'v.html'))).to.deep.equal([]);
  });

  it('an existing file needs --force; with it, the page replaces the file, which keeps its mode', () => {
    const file = join(dir, 'v.html');
    writeFileSync(file, 'mine\n');
    chmodSync(file, 0o640);
    expect(refusal(viewer(['--out', 'v.html'], dir))).to.equal('error: cannot write v.html: it exists: use --force to replace it\n');
    expect(readFileSync(file, 'utf8')).to.equal('mine\n');
    const r = viewer(['--out', 'v.html', '--force'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(readFileSync(file).equals(readFileSync(VIEWER_PAGE))).to.equal(true);
    expect((statSync(file).mode & 0o777).toString(8)).to.equal('640');
    expect(readdirSync(dir)).to.deep.equal(['v.html']);
  });

  it('a new file is created whole, with the usual mode (not the 600 of the file it was written as)', () => {
    const r = viewer(['--out', 'new.html'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^file:.*\/new\.html#url=http%3A%2F%2Fh%2F\n$/);
    expect(readFileSync(join(dir, 'new.html')).equals(readFileSync(VIEWER_PAGE))).to.equal(true);
    // the command runs with this process's umask
    const umask = process.umask();
    expect((statSync(join(dir, 'new.html')).mode & 0o777).toString(8)).to.equal((0o666 & ~umask).toString(8));
    expect(readdirSync(dir)).to.deep.equal(['new.html']);
  });

  it('a symbolic link: refused without --force; with it, its target is written and the link kept', () => {
    writeFileSync(join(dir, 'target.html'), 'mine\n');
    symlinkSync('target.html', join(dir, 'link.html'));
    expect(refusal(viewer(['--out', 'link.html'], dir))).to.equal('error: cannot write link.html: it exists: use --force to replace it\n');
    expect(readFileSync(join(dir, 'target.html'), 'utf8')).to.equal('mine\n');
    const r = viewer(['--out', 'link.html', '--force'], dir);
    expect(r.status, r.stderr).to.equal(0);
    expect(readlinkSync(join(dir, 'link.html'))).to.equal('target.html');
    expect(readFileSync(join(dir, 'target.html')).equals(readFileSync(VIEWER_PAGE))).to.equal(true);
    expect(readdirSync(dir).sort()).to.deep.equal(['link.html', 'target.html']);
    // a link to nothing is not followed into a new file
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.html'));
    expect(refusal(viewer(['--out', 'dangling.html', '--force'], dir))).to.equal('error: cannot write dangling.html: it is a symbolic link to a file that does not exist\n');
    expect(readdirSync(dir).sort()).to.deep.equal(['dangling.html', 'link.html', 'target.html']);
  });

  it('--force without --out, and a --base that does not parse: one line, exit 2', () => {
    expect(refusal(viewer(['--force'], dir))).to.equal('error: --force goes with --out\n');
    expect(refusal(viewer(['--base', 'garbage'], dir))).to.equal('error: the base URL does not parse: "garbage"\n');
    expect(readdirSync(dir)).to.deep.equal([]);
  });

  describe('a full file system (a 256 kB tmpfs)', () => {
    let full: string;
    before(function () {
      if (!isRoot) this.skip(); // mounting needs root; the tests run as root here and in CI
      full = mkdtempSync(join(tmpdir(), 'url-grammar-viewer-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', full]);
    });
    after(() => {
      if (!full) return;
      execFileSync('umount', [full]);
      rmSync(full, { recursive: true, force: true });
    });

    it('an existing page is kept, not removed; a new one leaves nothing behind', () => {
      writeFileSync(join(full, 'v.html'), 'the page before\n');
      expect(refusal(viewer(['--out', 'v.html', '--force'], full))).to.equal('error: cannot write v.html: no space left on device\n');
      expect(readFileSync(join(full, 'v.html'), 'utf8')).to.equal('the page before\n');
      expect(refusal(viewer(['--out', 'new.html'], full))).to.equal('error: cannot write new.html: no space left on device\n');
      expect(readdirSync(full)).to.deep.equal(['v.html']);
    });
  });
});

describe('viewer --open: no shell between the viewer and the browser', function () {
  this.timeout(60_000);
  const SHELLS = /^(cmd|cmd\.exe|command\.com|powershell|powershell\.exe|pwsh|pwsh\.exe|sh|bash|dash|zsh|start)$/i;
  // a permalink with what a shell would read: "&" (cmd's command separator), "|", "^", "%PATH%", "$(...)", quotes
  const hostile = 'https://h/?a=1&calc.exe|x^y%PATH%$(touch pwned)`id`"q\'';

  it('on every platform the program is run directly, with the href, whole, as its own last argument', async () => {
    const { opener, viewerFragment } = await import('../src/cli');
    const href = 'file:///C:/viewer/index.html' + viewerFragment(hostile, 'https://b/', 'windows-1252');
    expect(href).to.include('&');
    for (const platform of ['win32', 'darwin', 'linux', 'freebsd', 'openbsd'] as NodeJS.Platform[]) {
      const [command, args] = opener(href, platform);
      expect(command, platform).to.not.match(SHELLS);
      expect(args.slice(0, -1).join(' '), platform).to.not.match(/\/c\b|\bstart\b|-Command/i);
      expect(args[args.length - 1], platform).to.equal(href);
    }
    expect(opener(href, 'win32')).to.deep.equal(['rundll32.exe', ['url.dll,FileProtocolHandler', href]]);
  });

  it('here (the built command, a stand-in xdg-open on PATH): the browser gets exactly the printed href, and nothing else runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-viewer-open-'));
    try {
      const bin = join(dir, 'bin');
      mkdirSync(bin);
      // records its arguments, one per line, NUL-separated
      writeFileSync(join(bin, 'xdg-open'), `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(join(dir, 'argv'))}, process.argv.slice(2).join('\\0'));\n`);
      chmodSync(join(bin, 'xdg-open'), 0o755);
      const r = spawnSync(process.execPath, [CLI, 'viewer', hostile, '--open'], { cwd: dir, encoding: 'utf8', timeout: 30_000, env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` } });
      expect(r.status, r.stderr).to.equal(0);
      const href = r.stdout.trim();
      expect(readFileSync(join(dir, 'argv'), 'utf8').split('\0')).to.deep.equal([href]);
      expect(readdirSync(dir).sort()).to.deep.equal(['argv', 'bin']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
