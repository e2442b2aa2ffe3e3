// The lint configuration file: `.url-grammar.json`, found upward from the working directory (the
// first one wins, as ESLint finds its flat config), or named with `--config <file>`. JSON:
//
//   {
//     "ignores": ["build/", "vendor/**", "*.min.html"],   // .gitignore-style, relative to the file
//     "rules": {                                           // a severity per validation error type
//       "invalid-credentials": "off",                      //   "error" (the default): reported, exit 1
//       "invalid-reverse-solidus": "warning"               //   "warning": reported, exit status untouched
//     },                                                   //   "off": not reported
//     "base": "https://example.com/docs/",                 // as --base (the option wins)
//     "gitignore": true                                    // skip what .gitignore files ignore (default true)
//   }
//
// Every key is optional; an unknown key, an unknown error type or a bad value is an error of the
// file (the command says which and exits 2), never silently dropped.
//
// The file is read only when it is a regular file of at most MAX_CONFIG_BYTES (files.ts,
// readSmallFile): a named pipe, a device or a folder in its place is an error naming it, not a
// command that waits forever or reads without end. An error never quotes the file's text (it may
// be a file that was never meant to be shown, named by mistake): a JSON syntax error gives the
// line and column where the text stops being JSON.

import { lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { VALIDATION_ERRORS, type ValidationErrorType } from 'url-grammar';
import { readSmallFile, usableIgnorePattern } from './files';
import { parse as parseJSONC, printParseErrorCode, type ParseError } from 'jsonc-parser';

export const CONFIG_FILE = '.url-grammar.json';

/** The largest configuration file read: 1 MiB, a thousand times what a long one holds. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export const SEVERITIES = ['error', 'warning', 'off'] as const;
export type Severity = (typeof SEVERITIES)[number];

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

/**
 * The config file that applies in `cwd`: the nearest `.url-grammar.json` upward, or null. Whatever
 * has the name counts, a folder or a broken link too: reading it then says what is wrong, where
 * passing over it would quietly apply a configuration further up.
 */
export function findConfigFile(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, CONFIG_FILE);
    if (lstatSync(file, { throwIfNoEntry: false })) return file;
    if (dirname(dir) === dir) return null;
  }
}

const KEYS = new Set(['$schema', 'ignores', 'rules', 'base', 'gitignore']);

/** Checks a parsed config object; throws ConfigError naming the first thing wrong. */
export function configFrom(value: unknown, file: string): LintConfig {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(file, 'the configuration must be a JSON object');
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!KEYS.has(k)) throw new ConfigError(file, `unknown key ${JSON.stringify(k)} (known: ${[...KEYS].filter((x) => x !== '$schema').join(', ')})`);
  const config: LintConfig = { file, ignores: [], root: dirname(file), rules: {}, gitignore: true };
  if (o.ignores !== undefined) {
    if (!Array.isArray(o.ignores) || !o.ignores.every((p) => typeof p === 'string')) throw new ConfigError(file, '"ignores" must be a list of strings');
    // a pattern the `ignore` package cannot use (too long for a regular expression) would fail
    // mid-walk, its error quoting it whole: it is this file's error instead
    const unusable = (o.ignores as string[]).findIndex((p) => !usableIgnorePattern(p));
    if (unusable !== -1) throw new ConfigError(file, `"ignores": pattern ${unusable + 1} cannot be used as an ignore rule`);
    config.ignores = o.ignores as string[];
  }
  if (o.rules !== undefined) {
    if (o.rules === null || typeof o.rules !== 'object' || Array.isArray(o.rules)) throw new ConfigError(file, '"rules" must be an object of validation error types');
    for (const [type, severity] of Object.entries(o.rules as Record<string, unknown>)) {
      if (!Object.prototype.hasOwnProperty.call(VALIDATION_ERRORS, type)) throw new ConfigError(file, `"rules": unknown validation error type ${JSON.stringify(type)}`);
      if (!(SEVERITIES as readonly unknown[]).includes(severity)) throw new ConfigError(file, `"rules": ${type} must be "error", "warning" or "off", not ${JSON.stringify(severity)}`);
      config.rules[type as ValidationErrorType] = severity as Severity;
    }
  }
  if (o.base !== undefined) {
    if (typeof o.base !== 'string') throw new ConfigError(file, '"base" must be a URL string');
    config.base = o.base;
  }
  if (o.gitignore !== undefined) {
    if (typeof o.gitignore !== 'boolean') throw new ConfigError(file, '"gitignore" must be true or false');
    config.gitignore = o.gitignore;
  }
  return config;
}

/**
 * Why `text` is not JSON, by place only: "line 3, column 7" (columns in UTF-16 code units, as the
 * lint's). JSON.parse's own message quotes the text around the error (a secret, if the file named is
 * not a configuration at all), and gives no position for most errors on Node 20; jsonc-parser's
 * parser, held to strict JSON, gives the place and a code, never the text.
 */
export function notJSON(text: string): string {
  const errors: ParseError[] = [];
  try {
    parseJSONC(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    // (its parser recurses: a text nested deeper than the stack allows has no place to give)
    return 'is not JSON (nested too deeply to say where)';
  }
  const first = errors[0];
  // (JSON.parse refused what it accepts: no place to give)
  if (first === undefined) return 'is not JSON';
  const at = first.offset;
  const line = text.slice(0, at).split('\n').length;
  const column = at - (text.lastIndexOf('\n', at - 1) + 1) + 1;
  const what = at >= text.length ? 'it ends too early' : printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `is not JSON: ${what} at line ${line}, column ${column}`;
}

/** Reads and checks a config file. */
export function readConfig(file: string): LintConfig {
  let text: string;
  try {
    text = readSmallFile(file, MAX_CONFIG_BYTES);
  } catch (e) {
    throw new ConfigError(file, (e as Error).message);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(file, notJSON(text));
  }
  return configFrom(value, resolve(file));
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
