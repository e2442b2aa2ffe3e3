#!/usr/bin/env node
// The url-grammar command line. Each subcommand lives in src/cli/<name>.ts and registers itself
// on the program; this file wires them up, maps errors to exit codes and never shows a stack trace.
//   exit 0: done (a URL that parses, a check that passes); 1: the answer is "no"; 2: bad arguments;
//   70: internal error. No arguments at all: the help on standard output, exit 2.
// `mainAsync` runs every command (lint and compare read streams); `main` runs the synchronous
// ones and is what in-process tests of those use.

import { createReadStream, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { colorEnabled, type CliIO } from './cli/io';
import { register as registerParse } from './cli/parse';
import { register as registerDiagram } from './cli/diagram';
import { register as registerLint } from './cli/lint';
import { register as registerCheck } from './cli/check';
import { register as registerCompare } from './cli/compare';
import { register as registerRender } from './cli/render';
import { register as registerViewer } from './cli/viewer';

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

export function buildProgram(io: CliIO): Command {
  const program = new Command();
  program
    .name('url-grammar')
    .description('The WHATWG URL Standard as a grammar: parse, check and explain URLs.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  registerParse(program, io);
  registerDiagram(program, io);
  registerLint(program, io, packageVersion());
  registerCheck(program, io);
  registerCompare(program, io);
  registerRender(program, io);
  registerViewer(program, io);
  return program;
}

function exitCodeOf(e: unknown, io: CliIO): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
    // commander has already printed its own one-line message; ours are printed here
    if (e.code.startsWith('url-grammar.')) io.err(e.message + '\n');
    return 2;
  }
  io.err(`url-grammar: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  return 70;
}

function setup(argv: string[], io: CliIO): { program: Command; code: () => number; wrapped: CliIO } | number {
  let code = 0;
  const wrapped: CliIO = { ...io, setExitCode: (c) => (code = c) };
  const program = buildProgram(wrapped);
  if (argv.length === 0) {
    io.out(program.helpInformation());
    return 2;
  }
  return { program, code: () => code, wrapped };
}

/** Runs a synchronous command on `argv` (without node and the script); returns the exit status. */
export function main(argv: string[], io: CliIO = processIO()): number {
  const s = setup(argv, io);
  if (typeof s === 'number') return s;
  // lint reads streams: run synchronously, its result would be lost
  if (argv[0] === 'lint') return exitCodeOf(new Error('lint runs only through mainAsync'), io);
  try {
    s.program.parse(argv, { from: 'user' });
    return s.code();
  } catch (e) {
    return exitCodeOf(e, io);
  }
}

/** Runs any command on `argv`, those that stream and wait (lint, compare) too; resolves to the exit status. */
export async function mainAsync(argv: string[], io: CliIO = processIO()): Promise<number> {
  const s = setup(argv, io);
  if (typeof s === 'number') return s;
  try {
    await s.program.parseAsync(argv, { from: 'user' });
    return s.code();
  } catch (e) {
    return exitCodeOf(e, io);
  }
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
    writeFile: (path, data) => {
      // beside the file, then renamed over it: an interrupted write leaves the file as it was
      const tmp = `${path}.url-grammar-fix.tmp`;
      writeFileSync(tmp, data);
      renameSync(tmp, path);
    },
    setExitCode: (c) => void (process.exitCode = c),
    isTTY: !!process.stdout.isTTY,
    openRead: (path) => (path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 16 })),
    fileSize: (path) => (path === '-' ? undefined : statSync(path).size),
    write: (s) => (process.stdout.write(s) ? undefined : new Promise<void>((r) => process.stdout.once('drain', () => r()))),
    progressStream: process.stderr.isTTY ? process.stderr : undefined,
    onInterrupt: (handler) => {
      process.once('SIGINT', handler);
      return () => void process.removeListener('SIGINT', handler);
    },
    stdinIsTTY: !!process.stdin.isTTY,
    color: colorEnabled(process.env, !!process.stdout.isTTY),
  };
}

if (require.main === module) {
  // a reader that stops early (`| head`) is no error: end quietly instead of throwing EPIPE
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.stderr.write(`url-grammar: cannot write to standard output: ${e.message}\n`);
    process.exit(70);
  });
  void mainAsync(process.argv.slice(2)).then((c) => (process.exitCode = c));
}
