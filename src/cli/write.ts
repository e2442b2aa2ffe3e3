// The one way the commands write a file (lint --fix, viewer --out, diagram --out): nothing at the
// destination is opened, truncated or removed before the new content is complete.
//
//   - The content goes to a NEW file in the destination's own folder, created exclusively
//     (O_CREAT|O_EXCL|O_NOFOLLOW: a file or link planted there is never opened) under a name no one
//     can guess (.url-grammar-<16 random hex digits>.tmp), readable by its owner only (0600) while
//     it is written. Given whole (writeFileSafely) or piece by piece (openSafeWrite, with
//     backpressure).
//   - Then it takes the destination's name: over an existing file by rename(2), after copying that
//     file's mode and owner onto it; where nothing exists, by link(2), which fails if a file has
//     appeared there meanwhile, so no file of someone else's is ever replaced by accident.
//   - A symbolic link is followed: its final target is replaced, in the target's own folder, and the
//     link stays a link. A link to nothing is refused (it would create a file wherever it points).
//   - Refused, with a message that says what it is: a folder, a device, a FIFO or a socket (never
//     opened: opening a FIFO for writing waits for a reader forever); a file that exists, unless
//     the caller replaces files (--force, lint --fix); a file with other hard links (renaming over
//     one name would split them), unless the caller asks for such a file to be rewritten in place
//     (`inPlace`: lint --fix and -o, as ESLint does; see below); a file this user could not write
//     in place (its permission bits say
//     so; root passes them, as it would writing in place); a file owned by someone this user cannot
//     give the new file to (only root can chown to another user: the owner is never changed
//     silently, so the file is left as it is); and, when the caller says what it read
//     (`expect`: device, inode, size, modification time), a file that is no longer that file as it
//     was: another program's edit, or another run's rewrite, is never overwritten with text made
//     from the old content.
//   - A file with other hard links, when the caller asks for it (`inPlace`), keeps its inode and
//     so every one of its names: the new content is first written whole to the new file as
//     above, and the old content copied whole to a second new file (0600) beside it, both synced;
//     only then is the file itself rewritten: what grows past its old end first (a failure there
//     cuts it back to its old length, the old content untouched), then the rest over the old
//     bytes, then it is cut to its new length. A failure while the old bytes are being
//     overwritten (a disk that allocates on overwrite, an I/O error) writes the old content back
//     from the copy; should even that fail, the copy is kept and the message names it. Its mode,
//     owner, links, extended attributes and ACLs are those it had (it is the same file).
//   - Any failure removes the new file and throws a WriteError: "cannot write <name>: <reason>",
//     the system's reason in words (no space left on device, permission denied, ...). The commands
//     print it as one line and exit 2.
//   - The new files of writes in progress are known (`abandonWrites` removes them all, as the
//     command line does on SIGINT, SIGTERM or SIGHUP: src/cli/signals.ts), and are removed too if
//     the process exits before a write ends (process.exit from anywhere).
//
// What is not kept: extended attributes and ACLs of a replaced file (rename gives the new file's,
// as most editors' "save" does). What no check can close: a change to the destination in the
// instant between the last check and the rename; and for a file rewritten in place, a process
// killed (SIGKILL, a power cut) while it overwrites the file: its old content is then in the
// copy beside it (.url-grammar-<random>.tmp), which is left there.

import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  write as writeCallback,
  writeSync,
  type BigIntStats,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { printable } from './printable';

/** What a file was when it was read: if any of it differs, it is another file, or was changed. */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

/** The identity in `stats` (from fstat of the descriptor that was read, with { bigint: true }). */
export function fileIdentity(stats: BigIntStats): FileIdentity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs };
}

/** Whether two identities are of the same file, unchanged. */
export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

/** A file that could not be written: `cannot write <path>: <reason>`. Nothing was changed. */
export class WriteError extends Error {
  override readonly name = 'WriteError';
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly code?: string,
  ) {
    super(`cannot write ${shownPath(path)}: ${reason}`);
  }
}

/**
 * A file name as a message shows it (`printable`): a control or a bidi character in it cannot
 * forge or reorder a line; where a backslash is an ordinary character of a name (not on Windows),
 * it is doubled, so that no name reads like an escape.
 */
function shownPath(path: string): string {
  return printable(path, { escapeBackslash: process.platform !== 'win32' });
}

/** The system's reasons in words, as `ls` or a shell would say them. */
const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  ENOENT: 'no such file or directory',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EMLINK: 'too many links',
  EXDEV: 'on another file system',
  ETXTBSY: 'text file busy',
};

/** The system's reason for `e` (an error of node:fs) in words, or null when its code is not one of these. */
export function systemReason(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(REASONS, code) ? REASONS[code] : null;
}

/** `e` (an error of node:fs, or anything thrown) as a WriteError for `path`. */
export function toWriteError(path: string, e: unknown): WriteError {
  if (e instanceof WriteError) return e;
  // by name too: a tool's package may hold another copy of the core
  if (e instanceof Error && e.name === 'WriteError' && typeof (e as WriteError).reason === 'string') return new WriteError(path, (e as WriteError).reason, (e as WriteError).code);
  const code = (e as { code?: unknown } | null)?.code;
  const reason = systemReason(e);
  if (reason !== null) return new WriteError(path, reason, code as string);
  const message = e instanceof Error ? e.message : String(e);
  return new WriteError(path, printable(message.split('\n')[0]), typeof code === 'string' ? code : undefined);
}

/** The error for a file that is no longer what its reader saw. */
export function changedSinceRead(path: string): WriteError {
  return new WriteError(path, 'it changed since it was read; not rewritten');
}

export interface SafeWriteOptions {
  /** Replace a file that exists (--force; lint --fix). Without it, an existing file is refused. */
  replace?: boolean;
  /** What the caller read: the file must still be that one, unchanged, or nothing is written. */
  expect?: FileIdentity;
  /**
   * With `replace`: a file with other hard links is rewritten in place, keeping them (see the top
   * of this file), instead of being refused.
   */
  inPlace?: boolean;
}

/** A write piece by piece: `write` each piece in order (awaiting it), then `end`; or `abort`. */
export interface SafeWriteStream {
  /** Takes a piece; when it returns a promise, wait for it before the next (the disk's backpressure). */
  write(piece: string | Uint8Array): void | Promise<void>;
  /** Writes what is left, checks the destination again and gives the new file its name. */
  end(): Promise<void>;
  /** Gives up: the new file is removed, the destination is left as it was. */
  abort(): void;
}

function lstatOrNull(path: string): BigIntStats | null {
  try {
    return lstatSync(path, { bigint: true });
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
}

/** What a file that is not a regular file is, in words; null for a regular file. */
function kindOf(st: BigIntStats): string | null {
  if (st.isFile()) return null;
  if (st.isDirectory()) return 'a directory';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** Where the content goes: `real` is the file renamed over (a link's final target). */
interface Destination {
  path: string;
  real: string;
}

function resolveDestination(path: string): Destination {
  const st = lstatOrNull(path);
  if (!st?.isSymbolicLink()) return { path, real: path };
  try {
    return { path, real: realpathSync(path) };
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') throw new WriteError(path, 'it is a symbolic link to a file that does not exist');
    throw e;
  }
}

/** Throws unless `st` (the destination now, null when there is none) may be replaced, or created. */
function checkDestination(path: string, st: BigIntStats | null, options: SafeWriteOptions): void {
  if (options.expect && (st === null || !st.isFile() || !sameIdentity(fileIdentity(st), options.expect))) throw changedSinceRead(path);
  if (st === null) return;
  const kind = kindOf(st);
  if (kind !== null) throw new WriteError(path, `it is ${kind}`);
  if (!options.replace) throw new WriteError(path, 'it exists: use --force to replace it', 'EEXIST');
  if (st.nlink > 1n && !options.inPlace) throw new WriteError(path, `it has ${st.nlink} hard links: replacing it would split them; not rewritten`);
}

/**
 * Throws the WriteError that writing `path` with `options` would meet at its destination as it is
 * now (for a command that writes several files and would rather write none than some). Creates
 * nothing.
 */
export function checkWritable(path: string, options: SafeWriteOptions = {}): void {
  try {
    let dest: Destination;
    let st: BigIntStats | null;
    try {
      dest = resolveDestination(path);
      st = lstatOrNull(dest.real);
    } catch (e) {
      // a part of the path that is a file: said as such
      if ((e as { code?: string }).code === 'ENOTDIR') checkFolder(path, dirname(resolve(path)));
      throw e;
    }
    checkDestination(path, st, options);
    if (st !== null) checkPermission(dest.real);
    else checkFolder(path, dirname(resolve(dest.real)));
  } catch (e) {
    throw toWriteError(path, e);
  }
}

/** Throws unless a new file can be made in `folder`: it exists, is a folder, and this user may write in it. */
function checkFolder(path: string, folder: string): void {
  let st: BigIntStats;
  try {
    st = statSync(folder, { bigint: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') throw new WriteError(path, `the folder ${shownPath(folder)} does not exist`, code);
    if (code === 'ENOTDIR') throw new WriteError(path, `a part of ${shownPath(folder)} is not a folder`, code);
    throw e;
  }
  if (!st.isDirectory()) throw new WriteError(path, `${shownPath(folder)} is not a folder`, 'ENOTDIR');
  accessSync(folder, constants.W_OK | constants.X_OK);
}

/** The permission to write `real` in place, which its replacement asks for too (root passes). */
function checkPermission(real: string): void {
  accessSync(real, constants.W_OK);
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** A new file in `folder`, created exclusively under a random name, mode 0600. */
function createTemporary(folder: string): { fd: number; file: string } {
  for (let attempt = 0; ; attempt++) {
    const file = join(folder, `.url-grammar-${randomBytes(8).toString('hex')}.tmp`);
    try {
      // (read and write: an in-place rewrite reads it back)
      return { fd: openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600), file };
    } catch (e) {
      // (with 64 random bits a clash is all but impossible: a few in a row mean something else)
      if ((e as { code?: string }).code !== 'EEXIST' || attempt >= 3) throw e;
    }
  }
}

/** The mode a file created now gets: 0666 less the process's umask. */
function newFileMode(): number {
  return 0o666 & ~process.umask();
}

/** The writes in progress, whose new files a signal or an exit removes (abandonWrites). */
const inFlight = new Set<Pending>();
let exitHook = false;

/**
 * Gives up every write in progress, now and synchronously: their new files are removed, their
 * destinations left as they were. Returns the destinations, as given. (What a signal does:
 * src/cli/signals.ts.)
 */
export function abandonWrites(): string[] {
  const paths: string[] = [];
  for (const p of [...inFlight]) {
    paths.push(p.dest.path);
    p.abort();
  }
  return paths;
}

/** How much is copied at a time between files (the in-place rewrite). */
const COPY = 1 << 16;

/** Copies `length` bytes of `from` at `fromAt` to `to` at `toAt`, synchronously. */
function copyRange(from: number, fromAt: number, to: number, toAt: number, length: number): void {
  const buffer = Buffer.allocUnsafe(Math.min(COPY, Math.max(length, 1)));
  for (let done = 0; done < length; ) {
    const n = readSync(from, buffer, 0, Math.min(buffer.length, length - done), fromAt + done);
    if (n === 0) throw new Error('the file ended before its length: it changed while it was copied');
    for (let at = 0; at < n; ) at += writeSync(to, buffer, at, n - at, toAt + done + at);
    done += n;
  }
}

/** One write in progress: its destination, its new file, and how it ends. */
class Pending {
  private fd: number | null;
  private file: string | null;

  constructor(
    readonly dest: Destination,
    private readonly options: SafeWriteOptions,
  ) {
    // checked now, so that nothing is written for a destination that will be refused; and again
    // at the end (commit)
    const st = lstatOrNull(dest.real);
    checkDestination(dest.path, st, options);
    if (st !== null) checkPermission(dest.real);
    const { fd, file } = createTemporary(dirname(dest.real));
    this.fd = fd;
    this.file = file;
    inFlight.add(this);
    if (!exitHook) {
      exitHook = true;
      // (an exit in the middle of a write, from anywhere, leaves no new file behind)
      process.on('exit', () => void abandonWrites());
    }
  }

  get descriptor(): number {
    if (this.fd === null) throw new Error(this.abandoned ? 'the write was abandoned' : 'this write has ended');
    return this.fd;
  }

  /** Whether abort was called (by the caller, or by abandonWrites). */
  private abandoned = false;

  /** Checks the destination again, gives the new file its mode and owner, and its name. */
  commit(): void {
    const fd = this.descriptor;
    const file = this.file!;
    fsyncSync(fd);
    for (let attempt = 0; ; attempt++) {
      const now = lstatOrNull(this.dest.real);
      checkDestination(this.dest.path, now, this.options);
      if (now !== null) {
        checkPermission(this.dest.real);
        if (now.nlink > 1n) {
          // (checkDestination let it through: the caller asked for it)
          this.rewriteInPlace(now);
          return;
        }
        const mine = fstatSync(fd, { bigint: true });
        if (mine.uid !== now.uid || mine.gid !== now.gid) {
          try {
            fchownSync(fd, Number(now.uid), Number(now.gid));
          } catch (e) {
            const code = (e as { code?: string }).code;
            if (code !== 'EPERM' && code !== 'EINVAL') throw e;
            throw new WriteError(this.dest.path, `it belongs to uid ${now.uid}, gid ${now.gid}, which this user cannot give the new file; not rewritten`, code);
          }
        }
        // (after the owner: chown clears the set-user-ID and set-group-ID bits)
        fchmodSync(fd, Number(now.mode & 0o7777n));
        this.close();
        renameSync(file, this.dest.real);
        this.file = null;
        inFlight.delete(this);
        return;
      }
      fchmodSync(fd, newFileMode());
      try {
        linkSync(file, this.dest.real);
      } catch (e) {
        const code = (e as { code?: string }).code;
        // a file appeared under the name meanwhile: replace it only if the caller replaces files,
        // after the checks above, once
        if (code === 'EEXIST' && this.options.replace && attempt === 0) continue;
        if (code === 'EEXIST') throw new WriteError(this.dest.path, 'it exists: use --force to replace it', code);
        throw e;
      }
      this.close();
      this.removeTemporary();
      inFlight.delete(this);
      return;
    }
  }

  /**
   * Writes the new file's content over the destination `now` (a file with other hard links), in
   * place (see the top of this file): its old content is first copied whole beside it.
   */
  private rewriteInPlace(now: BigIntStats): void {
    const fd = this.descriptor;
    const newSize = Number(fstatSync(fd).size);
    const real = this.dest.real;
    const backup = createTemporary(dirname(real));
    let target: number | null = null;
    let keepBackup = false;
    try {
      target = openSync(real, constants.O_WRONLY | O_NOFOLLOW);
      const opened = fstatSync(target, { bigint: true });
      // the file opened must be the one checked (not one renamed there meanwhile)
      if (opened.dev !== now.dev || opened.ino !== now.ino || opened.size !== now.size || opened.mtimeNs !== now.mtimeNs) throw changedSinceRead(this.dest.path);
      const oldSize = Number(now.size);
      // the old content, whole, beside it
      const source = openSync(real, constants.O_RDONLY | O_NOFOLLOW);
      try {
        copyRange(source, 0, backup.fd, 0, oldSize);
      } finally {
        closeSync(source);
      }
      fsyncSync(backup.fd);
      // what grows past the old end: a failure here cuts the file back, the old bytes untouched
      if (newSize > oldSize) {
        try {
          copyRange(fd, oldSize, target, oldSize, newSize - oldSize);
          fsyncSync(target);
        } catch (e) {
          try {
            ftruncateSync(target, oldSize);
          } catch {
            keepBackup = true;
            throw new WriteError(this.dest.path, `${toWriteError(this.dest.path, e).reason}; it could not be cut back to its old length: its content before this write is in ${shownPath(backup.file)}`, (e as { code?: string }).code);
          }
          throw e;
        }
      }
      // the old bytes overwritten: a failure here writes them back from the copy
      try {
        copyRange(fd, 0, target, 0, Math.min(oldSize, newSize));
        if (newSize < oldSize) ftruncateSync(target, newSize);
        fsyncSync(target);
      } catch (e) {
        try {
          copyRange(backup.fd, 0, target, 0, oldSize);
          ftruncateSync(target, oldSize);
          fsyncSync(target);
        } catch {
          keepBackup = true;
          throw new WriteError(this.dest.path, `${toWriteError(this.dest.path, e).reason}; it was left part written: its content before this write is in ${shownPath(backup.file)}`, (e as { code?: string }).code);
        }
        throw e;
      }
    } finally {
      if (target !== null) closeSync(target);
      closeSync(backup.fd);
      if (!keepBackup) {
        try {
          unlinkSync(backup.file);
        } catch {
          // (made by this write, in a folder this user writes)
        }
      }
    }
    this.close();
    this.removeTemporary();
    inFlight.delete(this);
  }

  private close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    closeSync(fd);
  }

  private removeTemporary(): void {
    if (this.file === null) return;
    const file = this.file;
    this.file = null;
    try {
      unlinkSync(file);
    } catch {
      // (it was made by this write, in a folder this user writes: nothing else to do)
    }
  }

  /** Closes and removes the new file (nothing of the destination is touched). */
  abort(): void {
    inFlight.delete(this);
    if (this.fd !== null) this.abandoned = true;
    try {
      this.close();
    } catch {
      // (closing can fail only on an already failed write: it is being removed anyway)
    }
    this.removeTemporary();
  }
}

function writeAllSync(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
}

function writeAll(fd: number, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const from = (at: number) => {
      if (at >= data.length) {
        resolve();
        return;
      }
      writeCallback(fd, data, at, data.length - at, null, (e, written) => (e ? reject(e) : from(at + written)));
    };
    from(0);
  });
}

function bytesOf(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

/**
 * Writes `data` to `path` safely (see the top of this file): the whole content, synchronously.
 * Throws a WriteError, with nothing changed at `path`, when it cannot.
 */
export function writeFileSafely(path: string, data: string | Uint8Array, options: SafeWriteOptions = {}): void {
  let pending: Pending | null = null;
  try {
    pending = new Pending(resolveDestination(path), options);
    writeAllSync(pending.descriptor, bytesOf(data));
    pending.commit();
  } catch (e) {
    pending?.abort();
    throw toWriteError(path, e);
  }
}

/** How much text is gathered before it is written (lint's pieces are often a few bytes). */
const PIECE = 1 << 16;

/**
 * Starts a safe write of `path` (see the top of this file), piece by piece: nothing is at `path`
 * until `end()` resolves. Throws (or the returned promises reject with) a WriteError.
 */
export function openSafeWrite(path: string, options: SafeWriteOptions = {}): SafeWriteStream {
  let pending: Pending;
  try {
    pending = new Pending(resolveDestination(path), options);
  } catch (e) {
    throw toWriteError(path, e);
  }
  let text = '';
  let failed: WriteError | null = null;
  let finished = false;
  // each write waits for the one before: the pieces reach the file in order even if a caller
  // does not wait
  let queue: Promise<void> = Promise.resolve();
  const fail = (e: unknown): WriteError => {
    failed ??= toWriteError(path, e);
    pending.abort();
    return failed;
  };
  const flush = (bytes: Uint8Array): Promise<void> => {
    queue = queue.then(() => (failed ? Promise.reject(failed) : writeAll(pending.descriptor, bytes).catch((e) => Promise.reject(fail(e)))));
    return queue;
  };
  const takeText = (all: boolean): Uint8Array => {
    // a piece that ends inside a surrogate pair keeps its first half for the next piece
    const cut = !all && text.length > 0 && /[\uD800-\uDBFF]$/.test(text) ? text.length - 1 : text.length;
    const bytes = Buffer.from(text.slice(0, cut), 'utf8');
    text = text.slice(cut);
    return bytes;
  };
  return {
    write(piece) {
      if (failed) return Promise.reject(failed);
      if (finished) return Promise.reject(new Error('write after end'));
      if (typeof piece !== 'string') {
        // the text gathered so far goes first (its promise is the queue's: a failure reaches the caller)
        if (text.length > 0) void flush(takeText(true));
        return flush(piece);
      }
      text += piece;
      if (text.length < PIECE) return undefined;
      return flush(takeText(false));
    },
    async end() {
      if (failed) throw failed;
      finished = true;
      if (text.length > 0) await flush(takeText(true));
      await queue;
      try {
        pending.commit();
      } catch (e) {
        throw fail(e);
      }
    },
    abort() {
      finished = true;
      failed ??= new WriteError(path, 'the write was abandoned');
      pending.abort();
    },
  };
}
