// The lint configuration: `.url-grammar.jsonc`, `.url-grammar.json`, or the "url-grammar" key of a
// `package.json`, found upward from the working directory, or named with `--config <file>`. The
// nearest folder that has one wins (as ESLint finds its flat config, markdownlint-cli2 its
// .markdownlint-cli2.* files); in that folder, `.url-grammar.jsonc` first, then `.url-grammar.json`,
// then `package.json` (CONFIG_FILES: the others there are not read). A package.json without the key
// does not count: the search goes on upward. Nothing is merged: one file gives the whole
// configuration. JSON with comments and trailing commas (JSONC, as VS Code, TypeScript and
// markdownlint-cli2 read theirs) in both .url-grammar files; a package.json is strict JSON, as npm
// reads it.
//
//   {
//     "ignores": ["build/", "vendor/**", "*.min.html"],   // .gitignore-style, relative to the file
//     "rules": {                                           // a severity per validation error type
//       "invalid-credentials": "off",                      //   "error" (the default): reported, exit 1
//       "invalid-reverse-solidus": "warn"                  //   "warning" or "warn": reported, exit status untouched
//     },                                                   //   "off": not reported
//     "base": "https://example.com/docs/",                 // as --base (the option wins)
//     "gitignore": true,                                   // skip what .gitignore files ignore (default true)
//   }
//
// A severity may also be written as ESLint's numbers: 0 off, 1 warning, 2 error (SEVERITY_WORDS).
// Every key is optional; an unknown key, an unknown error type or a bad value is an error of the
// file, with its line and column (the command says which and exits 2), never silently dropped.
//
// The file is read only when it is a regular file of at most MAX_CONFIG_BYTES (files.ts,
// readSmallFile): a named pipe, a device or a folder in its place is an error naming it, not a
// command that waits forever or reads without end. An error never quotes the file's text (it may
// be a file that was never meant to be shown, named by mistake): a syntax error gives the line and
// column where the text stops being JSON(C).

import { lstatSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { VALIDATION_ERRORS, type ValidationErrorType } from 'url-grammar';
import { readSmallFile, usableIgnorePattern } from './files';
import { findNodeAtLocation, parse as parseJSONC, parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from 'jsonc-parser';

/** The configuration files looked for in each folder, the first found winning. */
export const CONFIG_FILES = ['.url-grammar.jsonc', '.url-grammar.json', 'package.json'] as const;

/** The name most projects use (the one the README shows). */
export const CONFIG_FILE = '.url-grammar.json';

/** The key of package.json that holds the configuration. */
export const PACKAGE_JSON_KEY = 'url-grammar';

/** The largest configuration file read: 1 MiB, a thousand times what a long one holds. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export const SEVERITIES = ['error', 'warning', 'off'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * Every way a severity may be written, and what it means: the three words, ESLint's "warn" (so a
 * rule copied from an ESLint configuration works), and ESLint's numbers 0, 1, 2 (as JSON numbers in
 * a file, as digits in --rule).
 */
const SEVERITY_WORDS: ReadonlyMap<unknown, Severity> = new Map<unknown, Severity>([
  ['error', 'error'],
  ['warning', 'warning'],
  ['warn', 'warning'],
  ['off', 'off'],
  [2, 'error'],
  [1, 'warning'],
  [0, 'off'],
]);

/** What the severities may be, for messages. */
export const SEVERITY_CHOICES = '"error", "warning" (or "warn") or "off" (or 2, 1, 0)';

/** The severity `value` stands for, or null. */
export function severityFrom(value: unknown): Severity | null {
  return SEVERITY_WORDS.get(value) ?? null;
}

export interface LintConfig {
  /** The config file's path (null: none found). */
  file: string | null;
  /** Patterns in .gitignore syntax, relative to `root`. */
  ignores: string[];
  /** The folder `ignores` are relative to (the config file's; the working directory without one). */
  root: string;
  rules: Partial<Record<ValidationErrorType, Severity>>;
  base?: string;
  gitignore: boolean;
}

/** A config file that cannot be used: its path and what is wrong, for one line. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    what: string,
  ) {
    super(`${file}: ${what}`);
    this.name = 'ConfigError';
  }
}

/** Whether `file` is a package.json (its configuration is under PACKAGE_JSON_KEY). */
function isPackageJSON(file: string): boolean {
  return basename(file) === 'package.json';
}

/**
 * The config file that applies in `cwd`: the first of CONFIG_FILES in the nearest folder upward
 * that has one, or null. Whatever has a .url-grammar name counts, a folder or a broken link too:
 * reading it then says what is wrong, where passing over it would quietly apply a configuration
 * further up. A package.json counts when it has the key (one that cannot be read or is not JSON is
 * an error, for the same reason).
 */
export function findConfigFile(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) {
      const file = join(dir, name);
      if (!lstatSync(file, { throwIfNoEntry: false })) continue;
      if (name !== 'package.json' || packageJSONHasKey(file)) return file;
    }
    if (dirname(dir) === dir) return null;
  }
}

/** Whether the package.json `file` has the configuration key (it is read whole: throws ConfigError). */
function packageJSONHasKey(file: string): boolean {
  const value = parsed(file, readText(file)).value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, PACKAGE_JSON_KEY);
}

const KEYS = new Set(['$schema', 'ignores', 'rules', 'base', 'gitignore']);

/** Where a value of the file is, as " at line L, column C", or "" (a value given without its text). */
export type Locate = (path: JSONPath, key?: boolean) => string;

/**
 * Checks a parsed config object; throws ConfigError naming the first thing wrong, at its place when
 * `locate` can say where that is.
 */
export function configFrom(value: unknown, file: string, locate: Locate = () => ''): LintConfig {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(file, `the configuration must be a JSON object${locate([])}`);
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!KEYS.has(k)) throw new ConfigError(file, `unknown key ${JSON.stringify(k)}${locate([k], true)} (known: ${[...KEYS].filter((x) => x !== '$schema').join(', ')})`);
  const config: LintConfig = { file, ignores: [], root: dirname(file), rules: {}, gitignore: true };
  if (o.ignores !== undefined) {
    if (!Array.isArray(o.ignores) || !o.ignores.every((p) => typeof p === 'string')) throw new ConfigError(file, `"ignores" must be a list of strings${locate(['ignores'])}`);
    // a pattern the `ignore` package cannot use (too long for a regular expression) would fail
    // mid-walk, its error quoting it whole: it is this file's error instead
    const unusable = (o.ignores as string[]).findIndex((p) => !usableIgnorePattern(p));
    if (unusable !== -1) throw new ConfigError(file, `"ignores": pattern ${unusable + 1} cannot be used as an ignore rule${locate(['ignores', unusable])}`);
    config.ignores = o.ignores as string[];
  }
  if (o.rules !== undefined) {
    if (o.rules === null || typeof o.rules !== 'object' || Array.isArray(o.rules)) throw new ConfigError(file, `"rules" must be an object of validation error types${locate(['rules'])}`);
    for (const [type, written] of Object.entries(o.rules as Record<string, unknown>)) {
      if (!Object.prototype.hasOwnProperty.call(VALIDATION_ERRORS, type)) throw new ConfigError(file, `"rules": unknown validation error type ${JSON.stringify(type)}${locate(['rules', type], true)}`);
      const severity = severityFrom(written);
      if (severity === null) throw new ConfigError(file, `"rules": ${type}${locate(['rules', type])} must be ${SEVERITY_CHOICES}, not ${shownValue(written)}`);
      config.rules[type as ValidationErrorType] = severity;
    }
  }
  if (o.base !== undefined) {
    if (typeof o.base !== 'string') throw new ConfigError(file, `"base" must be a URL string${locate(['base'])}`);
    config.base = o.base;
  }
  if (o.gitignore !== undefined) {
    if (typeof o.gitignore !== 'boolean') throw new ConfigError(file, `"gitignore" must be true or false${locate(['gitignore'])}`);
    config.gitignore = o.gitignore;
  }
  return config;
}

/**
 * A wrong value, for a message: a short word or number as JSON writes it (one line), anything else
 * by what it is (its text is the file's, which a message does not quote at length).
 */
function shownValue(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  if (typeof v === 'string') return v.length <= 20 ? JSON.stringify(v) : 'a longer string';
  return Array.isArray(v) ? 'a list' : 'an object';
}

/** Line and column (1-based, UTF-16 units) of `offset` in `text`. */
function place(text: string, offset: number): { line: number; column: number } {
  const line = text.slice(0, offset).split('\n').length;
  return { line, column: offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1 };
}

/**
 * Why `text` is not JSON (or, `jsonc`, not JSONC: comments and trailing commas allowed; the
 * message says "JSON" for both, what the reader knows it as), by place only: "line 3, column 7" (columns in UTF-16 code units, as the lint's); null when it is. JSON.parse's
 * own message quotes the text around the error (a secret, if the file named is not a configuration
 * at all), and gives no position for most errors on Node 20; jsonc-parser's parser gives the place
 * and a code, never the text.
 */
function syntaxError(text: string, jsonc: boolean): string | null {
  const errors: ParseError[] = [];
  try {
    parseJSONC(text, errors, { disallowComments: !jsonc, allowTrailingComma: jsonc, allowEmptyContent: false });
  } catch {
    // (its parser recurses: a text nested deeper than the stack allows has no place to give)
    return `is not JSON (nested too deeply to say where)`;
  }
  const first = errors[0];
  if (first === undefined) return null;
  const at = first.offset;
  const { line, column } = place(text, at);
  const what = at >= text.length ? 'it ends too early' : printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `is not JSON: ${what} at line ${line}, column ${column}`;
}

/** Why `text`, which JSON.parse refused, is not JSON: by place only (see syntaxError). */
export function notJSON(text: string): string {
  // (JSON.parse refused what jsonc-parser accepts: no place to give)
  return syntaxError(text, false) ?? 'is not JSON';
}

/** The text of a config file (a regular file of at most MAX_CONFIG_BYTES), or a ConfigError. */
function readText(file: string): string {
  try {
    return readSmallFile(file, MAX_CONFIG_BYTES);
  } catch (e) {
    throw new ConfigError(file, (e as Error).message);
  }
}

/** A config file's value, and where each part of it is; ConfigError when it is not JSON(C). */
function parsed(file: string, text: string): { value: unknown; locate: Locate } {
  const jsonc = !isPackageJSON(file);
  const why = syntaxError(text, jsonc);
  if (why !== null) throw new ConfigError(file, why);
  const tree = parseTree(text, [], { disallowComments: !jsonc, allowTrailingComma: jsonc });
  const value = tree ? valueOf(tree) : undefined;
  const locate: Locate = (path, key = false) => {
    const node = tree && findNodeAtLocation(tree, path);
    if (!node) return '';
    // a key's place is its property's (the key's first character); a value's, its first character
    const at = key && node.parent?.type === 'property' ? node.parent.offset : node.offset;
    const { line, column } = place(text, at);
    return ` at line ${line}, column ${column}`;
  };
  return { value, locate };
}

/**
 * The value of a parsed JSON(C) node. Built here rather than by jsonc-parser's `parse`, which
 * assigns keys, so that a "__proto__" key is a key like any other (as JSON.parse makes it), not the
 * object's prototype lending it keys the checks would not see.
 */
function valueOf(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) Object.defineProperty(o, key.value as string, { value: valueOf(value), enumerable: true, writable: true, configurable: true });
      }
      return o;
    }
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}

/** Reads and checks a config file (of a package.json, its "url-grammar" key). */
export function readConfig(file: string): LintConfig {
  const { value, locate } = parsed(file, readText(file));
  if (!isPackageJSON(file)) return configFrom(value, resolve(file), locate);
  const has = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, PACKAGE_JSON_KEY);
  if (!has) throw new ConfigError(file, `has no ${JSON.stringify(PACKAGE_JSON_KEY)} key`);
  return configFrom((value as Record<string, unknown>)[PACKAGE_JSON_KEY], resolve(file), (path, key) => locate([PACKAGE_JSON_KEY, ...path], key));
}

/** The configuration in effect: `file` when given, else the nearest one upward from `cwd`, else the defaults. */
export function loadConfig(cwd: string, file?: string | null): LintConfig {
  const found = file === undefined ? findConfigFile(cwd) : file;
  if (found === null) return { file: null, ignores: [], root: resolve(cwd), rules: {}, gitignore: true };
  return readConfig(found);
}

/** A diagnostic's severity under `rules` (every type is an error unless configured). */
export function severityOf(rules: LintConfig['rules'], type: string): Severity {
  return (rules as Record<string, Severity | undefined>)[type] ?? 'error';
}
