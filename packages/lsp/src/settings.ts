// The server's settings and what lint is told for one document.
//
// A document is linted as `url-grammar lint <file>` lints it when run from the document's folder:
// the configuration file is the one lint finds upward from there (config.ts of @url-grammar/lint:
// `.url-grammar.jsonc`, `.url-grammar.json`, or a package.json with a "url-grammar" key), its
// rules (severities) and base apply, and so do the document's disable comments. The settings
// (initializationOptions, or `workspace/didChangeConfiguration` with a "url-grammar" section) are
// the command's options:
//
//   config           a configuration file to use instead (--config); null for none (--no-config)
//   rules            severities over the file's ({"invalid-credentials": "off"}; --rule)
//   base             the base URL for relative references (--base)
//   inlineConfig     false: obey no disable comment (--no-inline-config)
//   timeBudget       the most time one document's lint may take, in milliseconds (default 10000)
//   maxDocumentSize  the longest document linted, in UTF-16 code units (default 16 Mi)
//
// A setting that cannot be used is said (window/showMessage) and left at its default; a
// configuration file that cannot be used is said on the document (one diagnostic at its start).

import { dirname, isAbsolute, resolve } from 'node:path';
import { ConfigError, loadConfig, severityFrom, type Severity } from '@url-grammar/lint';
import { parseURL, VALIDATION_ERRORS, type URLRecord } from 'url-grammar';

export interface Settings {
  config?: string | null;
  rules?: Record<string, Severity>;
  base?: string;
  inlineConfig?: boolean;
  timeBudget?: number;
  maxDocumentSize?: number;
}

export const DEFAULT_TIME_BUDGET = 10_000;
export const DEFAULT_MAX_DOCUMENT_SIZE = 16 * 1024 * 1024;

/** The settings in `value` (the "url-grammar" section), and what could not be used in it. */
export function readSettings(value: unknown): { settings: Settings; problems: string[] } {
  const settings: Settings = {};
  const problems: string[] = [];
  if (value === undefined || value === null) return { settings, problems };
  if (typeof value !== 'object' || Array.isArray(value)) return { settings, problems: ['the "url-grammar" settings must be an object'] };
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const v = o[key];
    switch (key) {
      case 'config':
        if (v === null || typeof v === 'string') settings.config = v;
        else problems.push('"config" must be a file name or null');
        break;
      case 'rules':
        if (v === null || typeof v !== 'object' || Array.isArray(v)) {
          problems.push('"rules" must be an object of validation error types');
          break;
        }
        settings.rules = {};
        for (const [type, written] of Object.entries(v as Record<string, unknown>)) {
          const severity = severityFrom(written);
          if (!Object.prototype.hasOwnProperty.call(VALIDATION_ERRORS, type)) problems.push(`"rules": unknown validation error type ${JSON.stringify(type)}`);
          else if (severity === null) problems.push(`"rules": ${type} must be "error", "warning" (or "warn") or "off" (or 2, 1, 0)`);
          else settings.rules[type] = severity;
        }
        break;
      case 'base':
        if (typeof v === 'string' && parseURL(v) !== null) settings.base = v;
        else problems.push('"base" must be a URL that parses');
        break;
      case 'inlineConfig':
        if (typeof v === 'boolean') settings.inlineConfig = v;
        else problems.push('"inlineConfig" must be true or false');
        break;
      case 'timeBudget':
        if (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 600_000) settings.timeBudget = v;
        else problems.push('"timeBudget" must be a whole number of milliseconds from 100 to 600000');
        break;
      case 'maxDocumentSize':
        if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 256 * 1024 * 1024) settings.maxDocumentSize = v;
        else problems.push('"maxDocumentSize" must be a whole number of code units up to 268435456');
        break;
      default:
        problems.push(`unknown setting ${JSON.stringify(key)} (known: config, rules, base, inlineConfig, timeBudget, maxDocumentSize)`);
    }
  }
  return { settings, problems };
}

/** What lint is told for one document (what the worker needs: plain data). */
export interface DocumentLintOptions {
  base?: string;
  rules: Record<string, Severity>;
  directives: boolean;
}

/**
 * The lint options of the document at `path` (null: not a file), from the configuration file
 * found upward from its folder (or `root`, the workspace's, for a document that is no file), or a
 * sentence saying why the configuration cannot be used.
 */
export function documentOptions(path: string | null, root: string, settings: Settings): { options: DocumentLintOptions; configFile: string | null } | { error: string } {
  const folder = path === null ? root : dirname(path);
  let file: string | null | undefined;
  if (settings.config === null) file = null;
  else if (settings.config !== undefined) file = isAbsolute(settings.config) ? settings.config : resolve(root, settings.config);
  let config;
  try {
    config = loadConfig(folder, file);
  } catch (e) {
    if (e instanceof ConfigError) return { error: `the configuration file ${e.message}` };
    return { error: `the configuration cannot be read: ${(e as Error).message}` };
  }
  const base = settings.base ?? config.base;
  // (a base from the settings was checked when they were read: this one is the file's)
  if (base !== undefined && (parseURL(base) as URLRecord | null) === null) return { error: `the base URL does not parse: ${JSON.stringify(base)} (in ${config.file})` };
  return {
    options: { base, rules: { ...config.rules, ...settings.rules }, directives: settings.inlineConfig !== false },
    configFile: config.file,
  };
}
