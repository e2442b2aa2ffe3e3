// The adapters manifest (adapters/manifest.json): the out-of-process parsers compare knows by name,
// how to start each, what it needs, and how to tell whether this machine has it.
//
// Each entry: { name, title, language, command: [argv, paths relative to the package root],
// requires: { commands: [...], debian: [...], packages: [npm packages its script requires] },
// check: [optional argv that must exit 0 within 20 s], version: [optional argv that prints the
// parser's versions on its first line], install: "how to install", mapping: "doc link" }. Commands
// run with the package root as their working directory; a first word "node" is the Node running
// compare. The packages are resolved from the package root, in this process; so
// is a check that only does `node -e "require.resolve('name')"` (the browser adapters' check for
// puppeteer-core, an optional peer dependency of this package).

import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { killMarked, markedEnv } from './processes';

export interface ManifestEntry {
  name: string;
  title: string;
  language: string;
  command: string[];
  /** `packages`: the npm packages its script requires (absent in entries made before it existed). */
  requires: { commands: string[]; debian: string[]; packages?: string[] };
  check: string[] | null;
  /** A command whose first line of output names the parser's versions (engine, library), or null. */
  version: string[] | null;
  /**
   * A command run to completion before the adapter is first started (a build on first use, such as
   * `node adapters/run.js NAME --build-only`), so that it does not count against the request
   * timeout; or null.
   */
  prepare?: string[] | null;
  install: string;
  mapping: string;
}

const CHECK_TIMEOUT_MS = 20_000;

function strings(v: unknown, what: string): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) throw new Error(`${what} must be an array of strings`);
  return v as string[];
}

/** Reads and checks a manifest; throws an Error with a one-line message when it is not one. */
export function readManifest(path: string): ManifestEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read the adapters manifest ${JSON.stringify(path)}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(data)) throw new Error(`the adapters manifest ${JSON.stringify(path)} is not a JSON array`);
  const seen = new Set<string>();
  return data.map((item: unknown, i) => {
    const at = `entry ${i} of the adapters manifest`;
    if (typeof item !== 'object' || item === null) throw new Error(`${at} is not an object`);
    const o = item as Record<string, unknown>;
    if (typeof o.name !== 'string' || !/^[A-Za-z0-9._-]+$/.test(o.name)) throw new Error(`${at} has no valid "name"`);
    if (seen.has(o.name)) throw new Error(`the adapters manifest names ${JSON.stringify(o.name)} twice`);
    seen.add(o.name);
    const command = strings(o.command, `"command" of ${o.name}`);
    if (command.length === 0) throw new Error(`${o.name} in the adapters manifest has no "command"`);
    const req = (typeof o.requires === 'object' && o.requires !== null ? o.requires : {}) as Record<string, unknown>;
    const check = strings(o.check, `"check" of ${o.name}`);
    const version = strings(o.version, `"version" of ${o.name}`);
    const prepare = strings(o.prepare, `"prepare" of ${o.name}`);
    return {
      name: o.name,
      title: typeof o.title === 'string' ? o.title : o.name,
      language: typeof o.language === 'string' ? o.language : '',
      command,
      requires: {
        commands: strings(req.commands, `"requires.commands" of ${o.name}`),
        debian: strings(req.debian, `"requires.debian" of ${o.name}`),
        packages: strings(req.packages, `"requires.packages" of ${o.name}`),
      },
      check: check.length > 0 ? check : null,
      version: version.length > 0 ? version : null,
      prepare: prepare.length > 0 ? prepare : null,
      install: typeof o.install === 'string' ? o.install : '',
      mapping: typeof o.mapping === 'string' ? o.mapping : '',
    };
  });
}

/** Where an executable is on PATH (or the path itself, if it has a slash), or null. */
export function whichCommand(cmd: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const executable = (p: string) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (cmd.includes('/')) return executable(cmd) ? cmd : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const p = join(dir, cmd);
    if (executable(p)) return p;
  }
  return null;
}

/** An argv from the manifest, made runnable: "node" is this Node; paths stay relative to the root (the cwd). */
export function resolveArgv(argv: readonly string[]): string[] {
  const [first, ...rest] = argv;
  return [first === 'node' ? process.execPath : first, ...rest];
}

export interface Availability {
  available: boolean;
  /** Why not (what is missing, or what the check said). */
  reason?: string;
}

/** Finds a module from a folder, as require.resolve does (it throws when it cannot). */
export type Resolver = (id: string, from: string) => string;

/** require.resolve from `from`, as a script in that folder would find the module. */
export const defaultResolver: Resolver = (id, from) => require.resolve(id, { paths: [from] });

/** Whether the module `id` can be found from the folder `from`, and when not, why in one line with the install command. */
export function packageAvailability(id: string, from: string, resolve: Resolver = defaultResolver): Availability {
  try {
    resolve(id, from);
    return { available: true };
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (code === 'MODULE_NOT_FOUND') return { available: false, reason: `${id} is not installed (npm install ${id})` };
    return { available: false, reason: `${id} cannot be loaded (${(e instanceof Error ? e.message : String(e)).split('\n')[0]})` };
  }
}

/** The package a check resolves and does nothing else with (`node -e "require.resolve('name')"`), or null. */
export function resolveOnlyCheck(check: readonly string[] | null): string | null {
  if (check === null || check.length !== 3 || check[0] !== 'node' || (check[1] !== '-e' && check[1] !== '--eval')) return null;
  return /^\s*require\.resolve\(\s*(['"])([^'"\\]+)\1\s*\)\s*;?\s*$/.exec(check[2])?.[2] ?? null;
}

/**
 * Whether an adapter can run here: its required commands exist, its required packages resolve
 * from the package root (through `resolve`), and its check exits 0 within 20 s. When something is
 * missing, the reason names all that is.
 */
export function checkAvailable(e: ManifestEntry, root: string, checkTimeoutMs = CHECK_TIMEOUT_MS, resolve: Resolver = defaultResolver): Availability {
  const reasons: string[] = [];
  const missing = e.requires.commands.filter((c) => (c === 'node' ? false : whichCommand(c) === null));
  if (missing.length > 0) reasons.push(`missing command${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}`);
  const resolvedByCheck = resolveOnlyCheck(e.check);
  const packages = [...(e.requires.packages ?? []), ...(resolvedByCheck === null ? [] : [resolvedByCheck])];
  for (const id of new Set(packages)) {
    const a = packageAvailability(id, root, resolve);
    if (!a.available) reasons.push(a.reason!);
  }
  if (reasons.length > 0) return { available: false, reason: reasons.join('; ') };
  const first = resolveArgv(e.command)[0];
  if (first !== process.execPath && !isAbsolute(first) && !first.includes('/') && whichCommand(first) === null) return { available: false, reason: `missing command: ${first}` };
  // a check that only resolves a package was done above, in this process
  if (e.check && resolvedByCheck === null) {
    const [cmd, ...args] = resolveArgv(e.check);
    const { env, mark } = markedEnv();
    const r = spawnSync(cmd, args, { cwd: root, env, timeout: checkTimeoutMs, killSignal: 'SIGKILL', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 20 });
    // nothing it started outlives it
    killMarked(mark);
    if (r.error) return { available: false, reason: `its check ${JSON.stringify(e.check.join(' '))} ${(r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? `took more than ${checkTimeoutMs / 1000} s` : `could not run: ${r.error.message}`}` };
    if (r.status !== 0) {
      const tail = (r.stderr?.toString('utf8') ?? '').trim().split('\n').pop() ?? '';
      return { available: false, reason: `its check ${JSON.stringify(e.check.join(' '))} ${r.signal ? `was killed by ${r.signal}` : `exited with ${r.status}`}${tail ? `: ${tail.slice(0, 200)}` : ''}` };
    }
  }
  return { available: true };
}

const VERSION_TIMEOUT_MS = 20_000;

/**
 * What the entry's version command prints: the first non-blank line of its standard output
 * (trimmed, at most 200 characters), run from the package root; null when there is no version
 * command, or it fails, prints nothing or takes more than `timeoutMs`.
 */
export function adapterVersion(e: ManifestEntry, root: string, timeoutMs = VERSION_TIMEOUT_MS): string | null {
  if (e.version === null) return null;
  const [cmd, ...args] = resolveArgv(e.version);
  const { env, mark } = markedEnv();
  const r = spawnSync(cmd, args, { cwd: root, env, timeout: timeoutMs, killSignal: 'SIGKILL', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 20 });
  killMarked(mark);
  if (r.error || r.status !== 0 || !r.stdout) return null;
  const line = r.stdout
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  return line === undefined ? null : line.slice(0, 200);
}
