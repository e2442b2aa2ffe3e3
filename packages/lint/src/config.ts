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

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { VALIDATION_ERRORS, type ValidationErrorType } from 'url-grammar';

export const CONFIG_FILE = '.url-grammar.json';

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

/** The config file that applies in `cwd`: the nearest `.url-grammar.json` upward, or null. */
export function findConfigFile(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, CONFIG_FILE);
    if (existsSync(file)) return file;
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

/** Reads and checks a config file. */
export function readConfig(file: string): LintConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(file, `cannot be read (${(e as { code?: string }).code ?? (e as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(file, `is not JSON: ${(e as Error).message.split('\n')[0]}`);
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
