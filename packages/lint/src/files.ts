// Which files `url-grammar lint` reads, as ESLint, markdownlint-cli2 and lychee choose theirs:
//
//   - a file named on the command line is linted as it is named (even when an ignore rule would
//     skip it in a walk, and even when it is a symbolic link), and one that does not exist is
//     reported as a file that cannot be read;
//   - a folder is walked: the Markdown, HTML and .txt files below it (LINTED_EXTENSIONS), in
//     sorted order, without following symbolic links (to folders or to files);
//   - an argument that names nothing and holds a glob character (* ? [ { ) is a glob, expanded by
//     tinyglobby from the working directory (so a quoted 'docs/**/*.md' works as the shell's would),
//     every file it matches linted; like a walk it follows no symbolic link its pattern has to
//     match, and a link its pattern names literally ('vendorlink/*.md') is followed, as a folder
//     named on the command line is;
//   - in a walk and in a glob, `node_modules` and `.git` are skipped, and so is what the config's
//     "ignores" and the command line's --ignore-pattern name and, in a git work tree, what its
//     .gitignore files (at every level, with .git/info/exclude) ignore; "gitignore": false in the
//     config (or --no-gitignore) turns the latter off;
//   - an argument that starts with "!" is no path: it is a pattern of files to leave out of what
//     the other arguments give, named files too (as markdownlint-cli2 reads its "!" globs), in
//     .gitignore syntax relative to the working directory ('!docs/old.md', '!vendor/',
//     '!**/*.min.html'); a file whose name starts with "!" is named "./!name";
//   - each file is linted once, however many arguments reach it and by whatever names: files are
//     told apart by their real path (a link and its target are one file).
//
// What a walk or a glob cannot use is an error that names it, and the rest is still linted: a
// folder that cannot be read, and an ignore file (.gitignore, .git/info/exclude) that is not a
// regular file, is larger than MAX_IGNORE_FILE_BYTES or cannot be read. Without that ignore file's
// rules a walk could lint what it was meant to skip (vendored or generated files), so nothing below
// the folder it governs is linted.
//
// Ignore rules are .gitignore patterns, matched by gitignore.ts (without backtracking: no pattern
// makes a walk slow). A walk obeys the .gitignore files of the git work tree it walks, wherever the
// working directory is (as ripgrep does): each folder's work tree is the nearest folder upward that
// holds ".git", looked up once per folder.

import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { systemReason } from 'url-grammar/cli';
import { GitIgnore, PatternError, usablePattern } from './gitignore';
import { globSync } from 'tinyglobby';

/** The extensions a folder walk lints (a file named on the command line is linted whatever it is). */
export const LINTED_EXTENSIONS = ['.md', '.markdown', '.mdown', '.mkd', '.html', '.htm', '.xhtml', '.txt'];

/**
 * The largest .gitignore or .git/info/exclude read: 4 MiB. A hand-written one is a few kilobytes;
 * git's own checked-in ones reach tens of kilobytes. A bigger one is an error, not a slow run.
 */
export const MAX_IGNORE_FILE_BYTES = 4 * 1024 * 1024;

/** Folders never walked into. */
const ALWAYS_SKIPPED = new Set(['node_modules', '.git']);

const GLOB_CHARACTERS = /[*?[\]{}]/;

export interface FileOptions {
  /** Where relative arguments and globs start (the working directory). */
  cwd: string;
  /** Patterns in .gitignore syntax, relative to `ignoreRoot`. */
  ignores?: readonly string[];
  ignoreRoot?: string;
  /** Obey .gitignore files inside a git work tree (default true). */
  gitignore?: boolean;
  /** More patterns like `ignores` (--ignore-pattern), relative to `cwd`: walks and globs only. */
  ignorePatterns?: readonly string[];
  /** Patterns of files never linted, named ones too (the "!" arguments, without their "!"), relative to `cwd`. */
  excludes?: readonly string[];
}

/**
 * One argument's files, or why it gave none. A folder or ignore file that a walk or glob met and
 * could not use has an entry of its own after its argument's, its `argument` the path as shown.
 */
export interface ArgumentFiles {
  argument: string;
  /** Paths to lint, as they will be shown: relative to cwd for what a walk or glob found, as given otherwise. */
  files: string[];
  /** Set when the argument names nothing to lint (a glob or a folder with no file to lint), or cannot be used. */
  problem?: string;
}

/** A file that `readSmallFile` will not or cannot read; the message never holds the file's content. */
export class SmallFileError extends Error {
  constructor(
    message: string,
    /** The system's error code (ENOENT...) when the system refused. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SmallFileError';
  }
}

/** What a system error says, in a few words (its code's meaning; never a stack or a path). */
export function describeError(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return systemReason(e) ?? (typeof code === 'string' ? code : (e instanceof Error ? e.message : String(e)).split('\n')[0]);
}

/** What kind of thing a path that is not a regular file is, for an error message. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/**
 * The text of a small configuration or ignore file, read only if it is a regular file of at most
 * `limit` bytes. It is looked at (stat) before it is opened, so that a named pipe is never opened
 * (opening one for reading waits for a writer: forever) and a device never read (/dev/zero has no
 * end); then opened without blocking and looked at again through the open descriptor, so that
 * something put in its place between the two is refused too. Read as UTF-8. Throws
 * SmallFileError, whose message is a few words that never quote the file.
 */
export function readSmallFile(path: string, limit: number): string {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (e) {
    throw new SmallFileError(`cannot be read (${describeError(e)})`, (e as { code?: string }).code);
  }
  if (!stat.isFile()) throw new SmallFileError(`is not a regular file (${kindOf(stat)})`);
  if (stat.size > limit) throw new SmallFileError(`is larger than ${sizeText(limit)}`);
  let fd: number;
  try {
    // O_NONBLOCK: a named pipe swapped in after the stat above opens at once instead of waiting
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw new SmallFileError(`cannot be read (${describeError(e)})`, (e as { code?: string }).code);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.ino !== stat.ino || opened.dev !== stat.dev) throw new SmallFileError('changed while it was being read');
    if (opened.size > limit) throw new SmallFileError(`is larger than ${sizeText(limit)}`);
    // read to the end rather than to the size fstat gave (a file may grow meanwhile, and some,
    // as in /proc, say 0), and never past the limit
    let buffer = Buffer.alloc(Math.min(limit + 1, Math.max(opened.size + 1, 8192)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > limit) throw new SmallFileError(`is larger than ${sizeText(limit)}`);
        const bigger = Buffer.alloc(Math.min(limit + 1, buffer.length * 2));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > limit) throw new SmallFileError(`is larger than ${sizeText(limit)}`);
    return buffer.toString('utf8', 0, length);
  } catch (e) {
    if (e instanceof SmallFileError) throw e;
    throw new SmallFileError(`cannot be read (${describeError(e)})`, (e as { code?: string }).code);
  } finally {
    closeSync(fd);
  }
}

/** A size limit in words: "4 MiB", "512 KiB". */
function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The folder holding `.git` at or above `dir`, or null outside a git work tree. */
export function gitRoot(dir: string): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return null;
  }
}

/** Paths in the form an Ignore wants: relative, with "/" and a trailing "/" for folders. */
function asIgnorePath(root: string, path: string, folder: boolean): string | null {
  // (a path below the root, as a walk's are: its rest, without path.relative's work)
  if (path.length > root.length + 1 && path.startsWith(root) && (path[root.length] === sep || root.endsWith(sep))) {
    const rest = path.slice(root.endsWith(sep) ? root.length : root.length + 1);
    if (!rest.split(sep).includes('..')) {
      const posix = sep === '/' ? rest : rest.split(sep).join('/');
      return folder ? posix + '/' : posix;
    }
  }
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  const posix = rel.split(sep).join('/');
  return folder ? posix + '/' : posix;
}

/** A path that a walk or glob could not use, and why. */
interface Problem {
  path: string;
  problem: string;
}

/** Whether `pattern` can be used as an ignore rule (gitignore.ts: one no longer than any path). */
export function usableIgnorePattern(pattern: string): boolean {
  return usablePattern(pattern);
}

/** One ignore file's rules; `unusable` once it is known that they cannot be read or used (reported). */
interface IgnoreFile {
  file: string;
  /** The folder whose files it governs. */
  governs: string;
  rules: GitIgnore;
  unusable: boolean;
}

/**
 * The ignore rules in force for one lint run: the config's, and the .gitignore files of each git
 * work tree a walk enters, each applying below its own folder. .gitignore files are read as the
 * walk reaches their folders, once each; one that cannot be read or used is reported (through
 * `report`) once, and what it governs is taken as ignored.
 */
export class IgnoreRules {
  private readonly config: GitIgnore | null;
  private readonly configRoot: string;
  /** --ignore-pattern's rules, relative to cwd. */
  private readonly patterns: GitIgnore | null;
  /** The "!" arguments' rules, relative to cwd. */
  private readonly excludes: GitIgnore | null;
  /** Whether .gitignore files count. */
  private readonly gitignore: boolean;
  private readonly cwd: string;
  /** Each git work tree's .git/info/exclude. */
  private readonly exclude = new Map<string, IgnoreFile | null>();
  private readonly perFolder = new Map<string, IgnoreFile | null>();
  /** The work tree each folder is in (null: none). */
  private readonly roots = new Map<string, string | null>();
  /** How many times a path was taken as ignored because the rules governing it could not be used. */
  withheld = 0;

  constructor(
    options: FileOptions,
    private readonly report: (problem: Problem) => void = () => undefined,
  ) {
    this.cwd = resolve(options.cwd);
    this.configRoot = resolve(options.ignoreRoot ?? options.cwd);
    this.config = options.ignores && options.ignores.length ? new GitIgnore().add(options.ignores) : null;
    this.patterns = options.ignorePatterns && options.ignorePatterns.length ? new GitIgnore().add(options.ignorePatterns) : null;
    this.excludes = options.excludes && options.excludes.length ? new GitIgnore().add(options.excludes) : null;
    this.gitignore = options.gitignore !== false;
  }

  /** The folder holding `.git` at or above `folder` (absolute), or null: once per folder. */
  private rootOf(folder: string): string | null {
    let r = this.roots.get(folder);
    if (r === undefined) {
      const parent = dirname(folder);
      r = existsSync(join(folder, '.git')) ? folder : parent === folder ? null : this.rootOf(parent);
      this.roots.set(folder, r);
    }
    return r;
  }

  /** One ignore file: null when there is none. */
  private read(file: string, governs: string): IgnoreFile | null {
    const found: IgnoreFile = { file, governs, rules: new GitIgnore(), unusable: false };
    let text: string;
    try {
      text = readSmallFile(file, MAX_IGNORE_FILE_BYTES);
    } catch (e) {
      const code = (e as SmallFileError).code;
      // no file (or, for .git/info/exclude, a .git that is a file: a linked work tree)
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      this.unusable(found, (e as Error).message);
      return found;
    }
    try {
      found.rules.add(text);
    } catch (e) {
      // (the message would quote the rule: say which line it is instead)
      this.unusable(found, e instanceof PatternError ? `line ${e.index + 1} cannot be used as an ignore rule` : 'a rule cannot be used');
    }
    return found;
  }

  private unusable(f: IgnoreFile, why: string): void {
    f.unusable = true;
    this.report({ path: f.file, problem: `${why}: the files below ${named(this.cwd, f.governs)} are skipped` });
  }

  /** Whether `f` ignores `p` (relative to its folder); true too, counted, when its rules cannot be used. */
  private hit(f: IgnoreFile | null, p: string | null): boolean {
    if (!f || p === null) return false;
    if (f.unusable) return this.withhold();
    return f.rules.ignores(p);
  }

  /** The rules of `folder`'s own .gitignore. */
  private gitignoreOf(folder: string): IgnoreFile | null {
    let rules = this.perFolder.get(folder);
    if (rules === undefined) {
      rules = this.read(join(folder, '.gitignore'), folder);
      this.perFolder.set(folder, rules);
    }
    return rules;
  }

  /** Whether a "!" argument leaves `path` (absolute) out; `folder` when it is a folder. */
  excluded(path: string, folder: boolean): boolean {
    if (!this.excludes) return false;
    const p = asIgnorePath(this.cwd, path, folder);
    return p !== null && this.excludes.ignores(p);
  }

  /** Whether `path` (absolute) is ignored; `folder` when it is a folder. */
  ignored(path: string, folder: boolean): boolean {
    // a walk never enters these, and a glob leaves them out (its ignore patterns): what lies above
    // the folder being linted does not count (a project may itself sit in a node_modules folder)
    if (folder && ALWAYS_SKIPPED.has(path.split(sep).pop() ?? '')) return true;
    if (this.config) {
      const p = asIgnorePath(this.configRoot, path, folder);
      if (p !== null && this.config.ignores(p)) return true;
    }
    if (this.patterns) {
      const p = asIgnorePath(this.cwd, path, folder);
      if (p !== null && this.patterns.ignores(p)) return true;
    }
    if (this.excluded(path, folder)) return true;
    if (!this.gitignore) return false;
    // what lies inside a work tree is governed by its ignore files, wherever lint was started
    const git = this.rootOf(dirname(path));
    const inTree = git === null ? null : asIgnorePath(git, path, folder);
    if (git !== null && inTree !== null) {
      let exclude = this.exclude.get(git);
      if (exclude === undefined) {
        exclude = this.read(join(git, '.git', 'info', 'exclude'), git);
        this.exclude.set(git, exclude);
      }
      if (this.hit(exclude, inTree)) return true;
      // every .gitignore from the path's folder up to the work tree's root
      for (let d = dirname(path); ; d = dirname(d)) {
        if (this.hit(this.gitignoreOf(d), asIgnorePath(d, path, folder))) return true;
        if (d === git || dirname(d) === d) break;
      }
    }
    return false;
  }

  private withhold(): true {
    this.withheld++;
    return true;
  }
}

/** Whether a walk lints a file of this name. */
function linted(name: string): boolean {
  const lower = name.toLowerCase();
  return LINTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** The problem of a folder that cannot be listed. */
function unreadableFolder(e: unknown): string {
  return `this folder cannot be read (${describeError(e)})`;
}

/**
 * The files below `folder` to lint, sorted, skipping ignored ones and symbolic links; a folder
 * that cannot be listed is reported.
 */
function walk(folder: string, rules: IgnoreRules, out: string[], report: (problem: Problem) => void): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (e) {
    report({ path: folder, problem: unreadableFolder(e) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(folder, e.name);
    if (e.isDirectory()) {
      if (!rules.ignored(path, true)) walk(path, rules, out, report);
    } else if (e.isFile() && linted(e.name) && !rules.ignored(path, false)) out.push(path);
  }
}

/** `path` as the output shows it: relative to cwd when below it, else absolute. */
function shown(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** `path` as a problem names it: as shown, "." for the working directory itself. */
function named(cwd: string, path: string): string {
  return relative(cwd, path) === '' ? '.' : shown(cwd, path);
}

/** What tells files apart: the real path (links resolved), or the path itself when it has none. */
function identity(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The real path of a file a walk found (a regular file, no link: the walk follows none): its
 * folder's real path, resolved once per folder, and its name.
 */
class WalkedIdentity {
  private readonly folders = new Map<string, string>();
  of(path: string): string {
    const folder = dirname(path);
    let real = this.folders.get(folder);
    if (real === undefined) {
      real = identity(folder);
      this.folders.set(folder, real);
    }
    return join(real, basename(path));
  }
}

/**
 * What each argument stands for. "-" is standard input; "!pattern" leaves files out (it has no
 * entry); a file is itself; a folder is walked; a glob (an argument that names nothing and holds a
 * glob character) is expanded. Each file once (by its real path), in the order met.
 */
export function expandArguments(args: readonly string[], options: FileOptions): ArgumentFiles[] {
  const cwd = resolve(options.cwd);
  const problems: Problem[] = [];
  const report = (p: Problem) => void problems.push(p);
  const excludes = [...(options.excludes ?? []), ...args.filter((a) => a.startsWith('!')).map((a) => a.slice(1))];
  const rules = new IgnoreRules({ ...options, excludes }, report);
  const seen = new Set<string>();
  const reported = new Set<string>();
  const out: ArgumentFiles[] = [];
  const walked = new WalkedIdentity();
  const add = (entry: ArgumentFiles, paths: string[], asGiven?: string, fromWalk = false) => {
    for (const p of paths) {
      const key = p === '-' ? '-' : fromWalk ? walked.of(p) : identity(resolve(cwd, p));
      if (seen.has(key)) continue;
      seen.add(key);
      entry.files.push(asGiven ?? shown(cwd, resolve(cwd, p)));
    }
  };
  for (const arg of args) {
    if (arg.startsWith('!')) continue;
    const entry: ArgumentFiles = { argument: arg, files: [] };
    out.push(entry);
    if (arg === '-') {
      add(entry, ['-'], '-');
      continue;
    }
    const before = problems.length;
    const withheld = rules.withheld;
    // whether this argument met something it could not use (then that is said, not "nothing here")
    const troubled = () => problems.length !== before || rules.withheld !== withheld;
    const path = resolve(cwd, arg);
    let stat: Stats | null = null;
    try {
      stat = lstatSync(path);
      if (stat.isSymbolicLink()) stat = statSync(path);
    } catch {
      stat = null;
    }
    if (stat?.isDirectory()) {
      // (a folder that "!" leaves out, whole: nothing of it, and nothing to say)
      if (rules.excluded(path, true)) continue;
      const found: string[] = [];
      walk(path, rules, found, report);
      add(entry, found, undefined, true);
      // (a folder that cannot be read, or whose ignore rules cannot be, says so instead)
      if (found.length === 0 && !troubled()) entry.problem = 'no Markdown, HTML or .txt file to lint in this folder';
    } else if (stat) {
      // (a named file is linted whatever the ignore rules say, but not when "!" leaves it out)
      if (!rules.excluded(path, false)) add(entry, [arg], arg);
    } else if (GLOB_CHARACTERS.test(arg)) {
      const matches = globSync(arg, {
        cwd,
        absolute: true,
        onlyFiles: true,
        dot: false,
        followSymbolicLinks: false,
        ignore: ['**/node_modules/**', '**/.git/**'],
        // tinyglobby passes over a folder it cannot list in silence: this says which
        fs: {
          readdirSync: ((folder: string, opts: { withFileTypes: true }) => {
            try {
              return readdirSync(folder, opts);
            } catch (e) {
              // (a folder the pattern names that does not exist: the glob matches nothing there)
              const code = (e as { code?: string }).code;
              const where = resolve(cwd, folder);
              if (code !== 'ENOENT' && code !== 'ENOTDIR' && !rules.ignored(where, true)) report({ path: where, problem: unreadableFolder(e) });
              throw e;
            }
          }) as typeof readdirSync,
        },
      }).sort();
      const kept = matches.map((m) => resolve(m)).filter((m) => !rules.ignored(m, false));
      add(entry, kept);
      if (kept.length === 0 && !troubled()) entry.problem = 'no file matches this glob';
    } else if (!rules.excluded(path, false)) {
      // not here to walk or match: the reader says what is wrong with it, as for any file
      add(entry, [arg], arg);
    }
    // what this argument's walk or glob could not use, each path once in the run
    for (const p of problems.slice(before)) {
      if (reported.has(p.path)) continue;
      reported.add(p.path);
      out.push({ argument: named(cwd, p.path), files: [], problem: p.problem });
    }
  }
  return out;
}
