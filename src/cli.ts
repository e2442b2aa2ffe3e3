#!/usr/bin/env node
// The url-grammar command line: one command for the core and for the tools. The core's
// subcommands (parse, check, render, diagram) live in src/cli/<name>.ts; a tool's subcommand
// (lint, compare, viewer, coverage, lsp) lives in its package (@url-grammar/lint, ...), which exports
// it as `command` from `<package>/cli`, and is found here when that package is installed. Each
// subcommand is a CommandSpec (src/cli/command.ts), read with node:util's parseArgs. This file
// dispatches, maps errors to exit codes and never shows a stack trace:
//   exit 0: done (a URL that parses, a check that passes); 1: the answer is "no"; 2: bad arguments,
//   a tool whose package is not installed, or a file that cannot be written (a WriteError of
//   src/cli/write.ts: `error: cannot write <file>: <reason>`); 70: internal error; 129, 130, 143:
//   stopped by SIGHUP, SIGINT (unless the command handles Ctrl-C itself, as compare does) or
//   SIGTERM, with no temporary file left and one line said (src/cli/signals.ts). No arguments at
//   all: the help on standard output, exit 2.
// `mainAsync` runs every command (lint and compare read streams); `main` runs the core's
// synchronous ones and is what in-process tests of those use.

import { closeSync, constants, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { colorEnabled, memoryIO, type CliIO } from './cli/io';
import { fileIdentity, openSafeWrite, writeFileSafely, type FileIdentity } from './cli/write';
import { claimInterrupt, installStopHandlers } from './cli/signals';
import { printable } from './cli/printable';
import { columns, readArguments, UsageError, type CommandSpec } from './cli/command';
import { command as parseCommand } from './cli/parse';
import { command as checkCommand } from './cli/check';
import { command as renderCommand } from './cli/render';
import { command as diagramCommand } from './cli/diagram';

/** The version in the package's package.json (found from here, in src/ or in dist/src/). */
export function packageVersion(): string {
  for (let dir = __dirname, i = 0; i < 4; i++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    try {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'url-grammar' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not this one
    }
  }
  return 'unknown';
}

/** The core's own subcommands. */
export const CORE_COMMANDS: readonly CommandSpec[] = [parseCommand, checkCommand, renderCommand, diagramCommand];

/** The tools' subcommands: each is in a package of its own, installed beside the core. */
export const TOOL_COMMANDS: Readonly<Record<string, { package: string; description: string }>> = {
  lint: { package: '@url-grammar/lint', description: 'find the URLs in text, Markdown and HTML files and report their validation errors' },
  compare: { package: '@url-grammar/compare', description: 'how often other URL parsers agree with url-grammar, component by component, and where they differ' },
  viewer: { package: '@url-grammar/viewer', description: "the live viewer page: components beside the browser's, spans, errors, verdicts, diagrams" },
  coverage: { package: '@url-grammar/coverage', description: 'what a corpus exercises of the standard, by the grammar: every branch, validation error type, state override and writing rule' },
  lsp: { package: '@url-grammar/lsp', description: 'a language server (stdio): the findings, fixes and disable comments of lint in any editor, and hover on a URL' },
};

/** What loads a tool's `cli` module (tests replace it). */
export type ToolLoader = (specifier: string) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports
let loadTool: ToolLoader = (specifier) => require(specifier);

/** Replaces how tools' packages are loaded (for tests); returns the one it replaced. */
export function setToolLoader(loader: ToolLoader): ToolLoader {
  const before = loadTool;
  loadTool = loader;
  return before;
}

/**
 * Makes the command find `module` for `specifier` (`@url-grammar/lint/cli`, ...) and every other
 * specifier as before: a tool's tests run its command from its sources this way.
 */
export function useToolModule(specifier: string, module: unknown): void {
  const previous = loadTool;
  loadTool = (s) => (s === specifier ? module : previous(s));
}

/** Runs `argv` through the whole command line in memory (memoryIO): its exit status and what it wrote. */
export async function runInMemory(argv: string[], overrides: Partial<CliIO> = {}): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = memoryIO(overrides);
  const code = await mainAsync(argv, io);
  return { code, out: out(), err: err() };
}

/** Thrown when a tool's package is not installed: one line, exit 2. */
class MissingTool extends UsageError {}

/** Whether `e` says that `specifier` itself (not something it requires) cannot be found. */
function isMissing(e: unknown, pkg: string): boolean {
  const err = e as { code?: string; message?: string } | null;
  if (!err || (err.code !== 'MODULE_NOT_FOUND' && err.code !== 'ERR_MODULE_NOT_FOUND' && err.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED')) return false;
  return typeof err.message === 'string' && err.message.includes(`'${pkg}`);
}

/** The command of a tool's package, or a MissingTool error that says what to install. */
function toolCommand(name: string): CommandSpec {
  const tool = TOOL_COMMANDS[name];
  let mod: unknown;
  try {
    mod = loadTool(`${tool.package}/cli`);
  } catch (e) {
    if (isMissing(e, tool.package)) {
      throw new MissingTool(`"url-grammar ${name}" is in the package ${tool.package}, which is not installed: npm install ${tool.package}`);
    }
    throw e;
  }
  const command = (mod as { command?: CommandSpec } | null)?.command;
  if (!command || typeof command.run !== 'function') throw new Error(`${tool.package}/cli exports no command`);
  return command;
}

/** Whether a tool's package can be loaded here. */
function toolInstalled(name: string): boolean {
  try {
    toolCommand(name);
    return true;
  } catch {
    return false;
  }
}

/** The help: every command, the tools' marked with their package when it is not installed. */
export function programHelp(): string {
  const rows: Array<[string, string]> = CORE_COMMANDS.map((c) => [c.name, c.description]);
  for (const [name, tool] of Object.entries(TOOL_COMMANDS)) {
    rows.push([name, `${tool.description}${toolInstalled(name) ? '' : ` (not installed: npm install ${tool.package})`}`]);
  }
  return [
    'Usage: url-grammar <command> [options]',
    '',
    'The WHATWG URL Standard as a grammar: parse, check and explain URLs.',
    '',
    'Commands:',
    ...columns(rows),
    '',
    'Options:',
    ...columns([
      ['-V, --version', 'print the version'],
      ['-h, --help', 'print this help; url-grammar <command> --help for a command'],
    ]),
    '',
  ].join('\n');
}

function exitCodeOf(e: unknown, io: CliIO): number {
  // by name too: a tool's package may hold another copy of the core (its own version of it)
  if (e instanceof UsageError || (e instanceof Error && (e.name === 'UsageError' || e.name === 'WriteError'))) {
    // (a message may quote what was typed: made printable, it stays one line as it is shown)
    io.err(`error: ${printable(e.message)}\n`);
    return 2;
  }
  io.err(`url-grammar: internal error: ${printable(e instanceof Error ? e.message : String(e))}\n`);
  return 70;
}

/** The command `argv` names, or a number: the exit status of what was done instead (help, version). */
function dispatch(argv: string[], io: CliIO): CommandSpec | number {
  const [first] = argv;
  if (first === undefined) {
    io.out(programHelp());
    return 2;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.out(programHelp());
    return 0;
  }
  if (first === '--version' || first === '-V') {
    if (argv.length > 1) throw new UsageError(`${first} takes nothing after it (got ${JSON.stringify(argv[1])})`);
    io.out(packageVersion() + '\n');
    return 0;
  }
  const core = CORE_COMMANDS.find((c) => c.name === first);
  if (core) return core;
  if (Object.prototype.hasOwnProperty.call(TOOL_COMMANDS, first)) return toolCommand(first);
  const known = [...CORE_COMMANDS.map((c) => c.name), ...Object.keys(TOOL_COMMANDS)];
  // an option before any command: options come after the command's name
  if (first.startsWith('-')) throw new UsageError(`unknown option ${JSON.stringify(first)}: give a command first (commands: ${known.join(', ')}; see url-grammar --help)`);
  throw new UsageError(`unknown command ${JSON.stringify(first)} (commands: ${known.join(', ')}; see url-grammar --help)`);
}

/**
 * `io` with its exit status kept by `keep` (what main and mainAsync return) and still given to
 * `io` as it is set: processIO sets process.exitCode, which the EPIPE handler below reads when the
 * reader goes away before the command returns (`url-grammar parse x | true` ends with the
 * verdict, not 141).
 */
function passExitCode(io: CliIO, keep: (code: number) => void): CliIO {
  return {
    ...io,
    setExitCode: (c) => {
      keep(c);
      io.setExitCode(c);
    },
  };
}

/** Runs a synchronous command on `argv` (without node and the script); returns the exit status. */
export function main(argv: string[], io: CliIO = processIO()): number {
  let code = 0;
  const wrapped = passExitCode(io, (c) => (code = c));
  try {
    if (argv[0] !== undefined && Object.prototype.hasOwnProperty.call(TOOL_COMMANDS, argv[0])) {
      // a tool reads streams: run synchronously, its result would be lost
      throw new Error(`${argv[0]} runs only through mainAsync`);
    }
    const spec = dispatch(argv, wrapped);
    if (typeof spec === 'number') return spec;
    const read = readArguments(spec, argv.slice(1), wrapped);
    if (read === null) return 0;
    const result = spec.run(read.args, read.options, wrapped);
    if (result && typeof (result as Promise<void>).then === 'function') throw new Error(`${spec.name} runs only through mainAsync`);
    return code;
  } catch (e) {
    return exitCodeOf(e, io);
  }
}

/** Runs any command on `argv`, those that stream and wait (lint, compare) too; resolves to the exit status. */
export async function mainAsync(argv: string[], io: CliIO = processIO()): Promise<number> {
  let code = 0;
  const wrapped = passExitCode(io, (c) => (code = c));
  try {
    const spec = dispatch(argv, wrapped);
    if (typeof spec === 'number') return spec;
    const read = readArguments(spec, argv.slice(1), wrapped);
    if (read === null) return 0;
    await spec.run(read.args, read.options, wrapped);
    return code;
  } catch (e) {
    return exitCodeOf(e, io);
  }
}

/**
 * The file at `path` in pieces of 64 kB, and what it is (fstat of the same descriptor, so the
 * identity is of the very file read, not of whatever has the name a moment later) to `opened`.
 */
async function* readPieces(path: string, opened?: (identity: FileIdentity) => void): AsyncGenerator<Uint8Array> {
  // A regular file is read with synchronous calls, as readFileSync does: through the thread pool,
  // each file's open, stat, reads and close are round trips that cost more than linting a small
  // file (a docs tree of thousands of them took twice as long). Anything else (a named pipe, a
  // device, a terminal) is read asynchronously, as it may keep the reader waiting; it is opened
  // without blocking to be told apart, then opened again to be read.
  const regular = regularFileOpened(path);
  if (regular !== null) {
    try {
      const stat = fstatSync(regular, { bigint: true });
      if (opened) opened(fileIdentity(stat));
      // (the first read takes a small file whole, and one byte more to see its end)
      let size = Math.min(1 << 16, Math.max(4096, Number(stat.size) + 1));
      for (;;) {
        const buffer = Buffer.allocUnsafe(size);
        size = 1 << 16;
        const bytesRead = readSync(regular, buffer, 0, buffer.length, null);
        if (bytesRead === 0) return;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      closeSync(regular);
    }
  }
  const file = await open(path, 'r');
  try {
    if (opened) opened(fileIdentity(await file.stat({ bigint: true })));
    for (;;) {
      const buffer = Buffer.allocUnsafe(1 << 16);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/** A descriptor of `path` open for reading when it is a regular file; null for anything else, or when it cannot be opened so. */
function regularFileOpened(path: string): number | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    if (fstatSync(fd).isFile()) return fd;
  } catch {
    // (said by the asynchronous open, if it fails too)
  }
  closeSync(fd);
  return null;
}

export function processIO(): CliIO {
  let full = false;
  return {
    out: (s) => {
      if (!process.stdout.write(s)) full = true;
    },
    drained: () =>
      full
        ? new Promise<void>((resolve) => {
            const done = () => {
              full = false;
              process.stdout.off('drain', done);
              process.stdout.off('error', done);
              process.stdout.off('close', done);
              resolve();
            };
            process.stdout.on('drain', done);
            process.stdout.on('error', done);
            process.stdout.on('close', done);
          })
        : Promise.resolve(),
    err: (s) => void process.stderr.write(s),
    readFile: (path) => (path === '-' ? readFileSync(0) : readFileSync(path)),
    // both through the one safe writer (src/cli/write.ts): a new file beside it, which takes the
    // name only when whole and only if the file is still the one that was read; a file with
    // other hard links is rewritten in place (keeping them, as ESLint's --fix does), its old
    // content kept aside until the new one is whole
    writeFile: (path, data, expect) => writeFileSafely(path, data, { replace: true, expect, inPlace: true }),
    writeStream: (path, expect) => openSafeWrite(path, { replace: true, expect, inPlace: true }),
    setExitCode: (c) => void (process.exitCode = c),
    isTTY: !!process.stdout.isTTY,
    openRead: (path, opened) => (path === '-' ? process.stdin : readPieces(path, opened)),
    fileSize: (path) => (path === '-' ? undefined : statSync(path).size),
    write: (s) => (process.stdout.write(s) ? undefined : new Promise<void>((r) => process.stdout.once('drain', () => r()))),
    progressStream: process.stderr.isTTY ? process.stderr : undefined,
    // (a Ctrl-C not claimed stops the command: src/cli/signals.ts, installed below)
    onInterrupt: (handler) => claimInterrupt(handler),
    stdinIsTTY: !!process.stdin.isTTY,
    color: colorEnabled(process.env, !!process.stdout.isTTY),
  };
}

if (require.main === module) {
  // A reader that stops early (`| head`): end quietly instead of throwing EPIPE, with the exit
  // status the command has set (each sets it before its last output), or, when the run had not
  // got that far (lint on, file by file), 141, as a program killed by SIGPIPE ends: a verdict
  // not reached is not a success (`set -o pipefail; url-grammar lint docs | head` fails).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 141);
    process.stderr.write(`url-grammar: cannot write to standard output: ${e.message}\n`);
    process.exit(70);
  });
  // SIGINT, SIGTERM, SIGHUP: the writes in progress given up (no temporary file left), what was
  // written kept, one line, exit 130, 143, 129 (src/cli/signals.ts)
  installStopHandlers();
  void mainAsync(process.argv.slice(2)).then((c) => (process.exitCode = c));
}
