// Which files `url-grammar lint` reads, as ESLint, markdownlint-cli2 and lychee choose theirs:
//
//   - a file named on the command line is linted as it is named (even when an ignore rule would
//     skip it in a walk), and one that does not exist is reported as a file that cannot be read;
//   - a folder is walked: the Markdown, HTML and .txt files below it (LINTED_EXTENSIONS), in
//     sorted order, without following symbolic links;
//   - an argument that names nothing and holds a glob character (* ? [ { ) is a glob, expanded by
//     tinyglobby from the working directory (so a quoted 'docs/**/*.md' works as the shell's would),
//     every file it matches linted;
//   - in a walk and in a glob, `node_modules` and `.git` are skipped, and so is what the config's
//     "ignores" name and, in a git work tree, what its .gitignore files (at every level, with
//     .git/info/exclude) ignore; "gitignore": false in the config turns the latter off.
//
// Ignore rules are read with the `ignore` package, which implements .gitignore's matching (the one
// ESLint uses).

import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { globSync } from 'tinyglobby';

/** The extensions a folder walk lints (a file named on the command line is linted whatever it is). */
export const LINTED_EXTENSIONS = ['.md', '.markdown', '.mdown', '.mkd', '.html', '.htm', '.xhtml', '.txt'];

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
}

/** One argument's files, or why it gave none. */
export interface ArgumentFiles {
  argument: string;
  /** Paths to lint, as they will be shown: relative to cwd for what a walk or glob found, as given otherwise. */
  files: string[];
  /** Set when the argument names nothing to lint: a glob or a folder with no file to lint. */
  problem?: string;
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
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  const posix = rel.split(sep).join('/');
  return folder ? posix + '/' : posix;
}

/**
 * The ignore rules in force for one lint run: the config's, and the .gitignore files of a git
 * work tree, each applying below its own folder. .gitignore files are read as the walk reaches
 * their folders, once each.
 */
export class IgnoreRules {
  private readonly config: Ignore | null;
  private readonly configRoot: string;
  private readonly git: string | null;
  private readonly perFolder = new Map<string, Ignore | null>();

  constructor(options: FileOptions) {
    this.configRoot = resolve(options.ignoreRoot ?? options.cwd);
    this.config = options.ignores && options.ignores.length ? ignore().add([...options.ignores]) : null;
    this.git = options.gitignore === false ? null : gitRoot(options.cwd);
    if (this.git) {
      const exclude = join(this.git, '.git', 'info', 'exclude');
      const rules = ignore();
      if (existsSync(exclude)) rules.add(readFileSync(exclude, 'utf8'));
      this.perFolder.set(`${this.git}\u0000exclude`, rules);
    }
  }

  /** The rules of `folder`'s own .gitignore (null: none). */
  private gitignoreOf(folder: string): Ignore | null {
    let rules = this.perFolder.get(folder);
    if (rules === undefined) {
      const file = join(folder, '.gitignore');
      rules = existsSync(file) ? ignore().add(readFileSync(file, 'utf8')) : null;
      this.perFolder.set(folder, rules);
    }
    return rules;
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
    if (this.git) {
      const exclude = this.perFolder.get(`${this.git}\u0000exclude`);
      const p = asIgnorePath(this.git, path, folder);
      if (p !== null && exclude?.ignores(p)) return true;
      // every .gitignore from the work tree's root down to the path's folder
      for (let d = dirname(path); ; d = dirname(d)) {
        const rules = this.gitignoreOf(d);
        const q = asIgnorePath(d, path, folder);
        if (rules && q !== null && rules.ignores(q)) return true;
        if (d === this.git || dirname(d) === d || !d.startsWith(this.git)) break;
      }
    }
    return false;
  }
}

/** Whether a walk lints a file of this name. */
function linted(name: string): boolean {
  const lower = name.toLowerCase();
  return LINTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** The files below `folder` to lint, sorted, skipping ignored ones and symbolic links. */
function walk(folder: string, rules: IgnoreRules, out: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(folder, e.name);
    if (e.isDirectory()) {
      if (!rules.ignored(path, true)) walk(path, rules, out);
    } else if (e.isFile() && linted(e.name) && !rules.ignored(path, false)) out.push(path);
  }
}

/** `path` as the output shows it: relative to cwd when below it, else absolute. */
function shown(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/**
 * What each argument stands for. "-" is standard input; a file is itself; a folder is walked; a
 * glob (an argument that names nothing and holds a glob character) is expanded. Each path once,
 * in the order met.
 */
export function expandArguments(args: readonly string[], options: FileOptions): ArgumentFiles[] {
  const cwd = resolve(options.cwd);
  const rules = new IgnoreRules(options);
  const seen = new Set<string>();
  const out: ArgumentFiles[] = [];
  const add = (entry: ArgumentFiles, paths: string[], asGiven?: string) => {
    for (const p of paths) {
      const key = p === '-' ? '-' : resolve(cwd, p);
      if (seen.has(key)) continue;
      seen.add(key);
      entry.files.push(asGiven ?? shown(cwd, key));
    }
  };
  for (const arg of args) {
    const entry: ArgumentFiles = { argument: arg, files: [] };
    out.push(entry);
    if (arg === '-') {
      add(entry, ['-'], '-');
      continue;
    }
    const path = resolve(cwd, arg);
    let stat: import('node:fs').Stats | null = null;
    try {
      stat = lstatSync(path);
      if (stat.isSymbolicLink()) stat = statSync(path);
    } catch {
      stat = null;
    }
    if (stat?.isDirectory()) {
      const found: string[] = [];
      walk(path, rules, found);
      add(entry, found);
      if (found.length === 0) entry.problem = 'no Markdown, HTML or .txt file to lint in this folder';
    } else if (stat) {
      add(entry, [arg], arg);
    } else if (GLOB_CHARACTERS.test(arg)) {
      const matches = globSync(arg, { cwd, absolute: true, onlyFiles: true, dot: false, ignore: ['**/node_modules/**', '**/.git/**'] }).sort();
      const kept = matches.map((m) => resolve(m)).filter((m) => !rules.ignored(m, false));
      add(entry, kept);
      if (kept.length === 0) entry.problem = 'no file matches this glob';
    } else {
      // not here to walk or match: the reader says what is wrong with it, as for any file
      add(entry, [arg], arg);
    }
  }
  return out;
}
