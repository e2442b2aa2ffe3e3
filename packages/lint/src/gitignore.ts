// .gitignore patterns (https://git-scm.com/docs/gitignore), matched without backtracking.
//
// The `ignore` package, which lint used before, turns each pattern into a JavaScript regular
// expression; one with many "**" ("**/a/**/a/**/a/..." twelve times) backtracks through every way
// of cutting a deep path, and took minutes on a 40-deep folder (git's own wildmatch backtracks
// too). Here a pattern is a list of segments, each "**" (any number of folders) or a glob of one
// name ("*", "?", "[...]", "\x" and plain characters), and a path is matched as an automaton
// reads it: the set of pattern positions reachable after each of the path's names, so a match
// costs at most (pattern segments) x (path names) x (one name's glob match), and one name's glob
// is matched by the greedy algorithm with one resumption point (at most its length times the
// name's). No input makes it take longer than that product.
//
// What a pattern means, as git says:
//   - a blank line, or one starting with "#", is no pattern; "\#" and "\!" start with the
//     character itself; trailing spaces are dropped unless escaped with "\";
//   - "!" negates: what an earlier pattern ignored is included again, but not below a folder
//     that is ignored (the folders of a path are looked at first: git does not look into an
//     ignored folder);
//   - a trailing "/" matches folders only;
//   - a pattern with a "/" at its start or in its middle is relative to the folder of its file;
//     one without matches a name at any level below it;
//   - "**/" at the start matches in every folder, "/**" at the end everything inside, "/**/" in
//     the middle zero or more folders; other "**" are two "*";
//   - "*" matches anything but "/", "?" one character but "/", "[...]" one of a set (ranges,
//     "!" or "^" to negate, the POSIX classes "[:alpha:]" and the rest); an unclosed "[" matches
//     nothing; "\" makes the next character plain, and a pattern ending in an unescaped "\" is no
//     pattern.
// Matching is case-sensitive, as git's is on a file system that tells case apart (its default
// outside Windows and macOS).

/** The longest pattern used: no path is longer on the systems lint runs on (PATH_MAX is 4096). */
export const MAX_PATTERN_LENGTH = 4096;

/** A pattern that cannot be used; `index` is its place among those given to `add` (0-based). */
export class PatternError extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
    this.name = 'PatternError';
  }
}

/** One character of a name's glob: itself, any, or one of a set. */
type One = string | null | ((c: string) => boolean);
/** A name's glob: plain text, or characters and stars ("*" is STAR). */
type NameGlob = { plain: string } | { atoms: Array<One | typeof STAR> };
const STAR = Symbol('*');
/** "**" as a whole segment: any number of names. */
const GLOBSTAR = Symbol('**');
type Segment = NameGlob | typeof GLOBSTAR;

interface Rule {
  negative: boolean;
  folderOnly: boolean;
  segments: Segment[];
}

const POSIX_CLASSES: Record<string, RegExp> = {
  alnum: /[A-Za-z0-9]/,
  alpha: /[A-Za-z]/,
  blank: /[ \t]/,
  cntrl: /[\x00-\x1f\x7f]/,
  digit: /[0-9]/,
  graph: /[!-~]/,
  lower: /[a-z]/,
  print: /[ -~]/,
  punct: /[!-\/:-@\[-`{-~]/,
  space: /[ \t\n\v\f\r]/,
  upper: /[A-Z]/,
  xdigit: /[0-9A-Fa-f]/,
};

/**
 * The set of "[...]" starting at chars[at] ("["): its test and the index after its "]", or null
 * when it is not closed (git's wildmatch then matches nothing).
 */
function bracket(chars: string[], at: number): { test: (c: string) => boolean; next: number } | null {
  let i = at + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const singles = new Set<string>();
  const ranges: Array<[number, number]> = [];
  const classes: RegExp[] = [];
  let first = true;
  for (;;) {
    if (i >= chars.length) return null;
    let c = chars[i];
    if (c === ']' && !first) break;
    first = false;
    if (c === '[' && chars[i + 1] === ':') {
      const close = chars.indexOf(':', i + 2);
      if (close > 0 && chars[close + 1] === ']') {
        const cls = POSIX_CLASSES[chars.slice(i + 2, close).join('')];
        // (an unknown class makes the set match nothing, as in git)
        classes.push(cls ?? /(?!)/);
        i = close + 2;
        continue;
      }
    }
    if (c === '\\') {
      i++;
      if (i >= chars.length) return null;
      c = chars[i];
    }
    if (chars[i + 1] === '-' && chars[i + 2] !== undefined && chars[i + 2] !== ']') {
      let hi = chars[i + 2];
      let skip = 3;
      if (hi === '\\') {
        hi = chars[i + 3];
        skip = 4;
        if (hi === undefined) return null;
      }
      ranges.push([c.codePointAt(0)!, hi.codePointAt(0)!]);
      i += skip;
      continue;
    }
    singles.add(c);
    i++;
  }
  const test = (c: string): boolean => {
    if (c === '/') return false;
    const cp = c.codePointAt(0)!;
    const hit = singles.has(c) || ranges.some(([a, b]) => cp >= a && cp <= b) || classes.some((r) => r.test(c));
    return hit !== negated;
  };
  return { test, next: i + 1 };
}

/** One name's glob; null when it can match nothing (an unclosed "["). */
function nameGlob(text: string): NameGlob | null {
  if (!/[*?[\\]/.test(text)) return { plain: text };
  const chars = Array.from(text);
  const atoms: Array<One | typeof STAR> = [];
  for (let i = 0; i < chars.length; ) {
    const c = chars[i];
    if (c === '*') {
      if (atoms[atoms.length - 1] !== STAR) atoms.push(STAR);
      i++;
    } else if (c === '?') {
      atoms.push(null);
      i++;
    } else if (c === '[') {
      const b = bracket(chars, i);
      if (!b) return null;
      atoms.push(b.test);
      i = b.next;
    } else if (c === '\\') {
      atoms.push(chars[i + 1]);
      i += 2;
    } else {
      atoms.push(c);
      i++;
    }
  }
  return { atoms };
}

/** Whether `name` (no "/" in it) matches `glob`. */
function matchName(glob: NameGlob, name: string): boolean {
  if ('plain' in glob) return glob.plain === name;
  const atoms = glob.atoms;
  const chars = Array.from(name);
  let p = 0;
  let i = 0;
  // the last star met, and where in the name what it matches ends so far
  let star = -1;
  let resume = 0;
  while (i < chars.length) {
    const a = atoms[p];
    if (p < atoms.length && a === STAR) {
      star = p++;
      resume = i;
      continue;
    }
    if (p < atoms.length && (a === null || (typeof a === 'string' ? a === chars[i] : (a as (c: string) => boolean)(chars[i])))) {
      p++;
      i++;
      continue;
    }
    if (star < 0) return false;
    // the star takes one character more
    p = star + 1;
    i = ++resume;
  }
  while (p < atoms.length && atoms[p] === STAR) p++;
  return p === atoms.length;
}

/** Drops trailing spaces that are not escaped. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') {
    let backslashes = 0;
    for (let k = end - 2; k >= 0 && line[k] === '\\'; k--) backslashes++;
    if (backslashes % 2 === 1) break;
    end--;
  }
  return line.slice(0, end);
}

/** The rule of one line, null for none (blank, a comment, a trailing "\"); throws when it cannot be used. */
function compile(line: string, index: number): Rule | null {
  if (line.length > MAX_PATTERN_LENGTH) throw new PatternError(`pattern ${index + 1} is longer than ${MAX_PATTERN_LENGTH} characters`, index);
  let p = trimTrailingSpaces(line.endsWith('\r') ? line.slice(0, -1) : line);
  if (p === '' || p.startsWith('#')) return null;
  const negative = p.startsWith('!');
  if (negative) p = p.slice(1);
  let trailing = 0;
  for (let k = p.length - 1; k >= 0 && p[k] === '\\'; k--) trailing++;
  if (trailing % 2 === 1) return null;
  const folderOnly = p.endsWith('/');
  if (folderOnly) p = p.slice(0, -1);
  const anchored = p.includes('/');
  if (p.startsWith('/')) p = p.slice(1);
  if (p === '') return null;
  const parts = p.split('/');
  const segments: Segment[] = [];
  for (const part of parts) {
    if (part === '**') {
      if (segments[segments.length - 1] !== GLOBSTAR) segments.push(GLOBSTAR);
      continue;
    }
    const g = nameGlob(part);
    // (a name that can match nothing: the rule matches nothing)
    if (!g) return null;
    segments.push(g);
  }
  // "/**" at the end: everything inside, not the folder itself
  if (parts.length > 1 && segments[segments.length - 1] === GLOBSTAR) segments.splice(segments.length - 1, 0, { atoms: [STAR] });
  if (!anchored && segments[0] !== GLOBSTAR) segments.unshift(GLOBSTAR);
  return { negative, folderOnly, segments };
}

/** Whether the names of a path match a rule's segments. */
function matchSegments(segments: readonly Segment[], names: readonly string[]): boolean {
  const m = segments.length;
  // the common rule "name" anywhere: the last name alone decides
  if (m === 2 && segments[0] === GLOBSTAR && segments[1] !== GLOBSTAR) return matchName(segments[1], names[names.length - 1]);
  let states = new Uint8Array(m + 1);
  const close = (s: Uint8Array) => {
    for (let i = 0; i < m; i++) if (s[i] && segments[i] === GLOBSTAR) s[i + 1] = 1;
  };
  states[0] = 1;
  close(states);
  for (const name of names) {
    const next = new Uint8Array(m + 1);
    let any = false;
    for (let i = 0; i < m; i++) {
      if (!states[i]) continue;
      const s = segments[i];
      if (s === GLOBSTAR) next[i] = 1;
      else if (matchName(s, name)) next[i + 1] = 1;
      else continue;
      any = true;
    }
    if (!any) return false;
    close(next);
    states = next;
  }
  return states[m] === 1;
}

/** Whether `pattern` can be used as an ignore rule (see MAX_PATTERN_LENGTH). */
export function usablePattern(pattern: string): boolean {
  try {
    compile(pattern, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The rules of an ignore file, or of a list of patterns, relative to one folder. `ignores` takes
 * a path relative to that folder, with "/" between names and a "/" at the end of a folder's.
 */
export class GitIgnore {
  private readonly rules: Rule[] = [];
  /** What each folder's path gave (a walk asks about a folder, then about each name in it). */
  private readonly folders = new Map<string, boolean>();

  /** Adds the patterns of `text` (one a line) or of a list; throws a PatternError for one that cannot be used. */
  add(patterns: string | readonly string[]): this {
    const lines = typeof patterns === 'string' ? patterns.split('\n') : patterns;
    lines.forEach((line, index) => {
      const rule = compile(line, index);
      if (rule) this.rules.push(rule);
    });
    this.folders.clear();
    return this;
  }

  /** Whether `path` is ignored: it, or a folder it is in, is matched last by a rule that is not negated. */
  ignores(path: string): boolean {
    if (this.rules.length === 0) return false;
    const folder = path.endsWith('/');
    const names = (folder ? path.slice(0, -1) : path).split('/');
    // the folders it is in, outermost first: below an ignored one nothing is included again
    for (let k = 1; k < names.length; k++) if (this.folder(names.slice(0, k))) return true;
    return folder ? this.folder(names) : this.decide(names, false);
  }

  private folder(names: string[]): boolean {
    const key = names.join('/');
    let r = this.folders.get(key);
    if (r === undefined) {
      r = this.decide(names, true);
      this.folders.set(key, r);
    }
    return r;
  }

  /** The last rule that matches decides. */
  private decide(names: readonly string[], folder: boolean): boolean {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const r = this.rules[i];
      if (r.folderOnly && !folder) continue;
      if (matchSegments(r.segments, names)) return !r.negative;
    }
    return false;
  }
}
