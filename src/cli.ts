#!/usr/bin/env node
// The url-grammar command line. Each subcommand lives in src/cli/<name>.ts and registers itself
// on the program; this file wires them up, maps errors to exit codes and never shows a stack trace.
//   exit 0: done (a URL that parses, a check that passes); 1: the answer is "no"; 2: bad arguments.

import { createReadStream, readFileSync, statSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import type { CliIO } from './cli/io';
import { register as registerParse } from './cli/parse';
import { register as registerDiagram } from './cli/diagram';
import { register as registerLint } from './cli/lint';
import { register as registerCheck } from './cli/check';
import { register as registerCompare } from './cli/compare';
import { register as registerRender } from './cli/render';
import { register as registerViewer } from './cli/viewer';

export function buildProgram(io: CliIO): Command {
  const program = new Command();
  program
    .name('url-grammar')
    .description('The WHATWG URL Standard as a grammar: parse, check and explain URLs.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  registerParse(program, io);
  registerDiagram(program, io);
  registerLint(program, io);
  registerCheck(program, io);
  registerCompare(program, io);
  registerRender(program, io);
  registerViewer(program, io);
  return program;
}

/** Runs the CLI on `argv` (without node and the script); returns the exit status. */
export function main(argv: string[], io: CliIO = processIO()): number {
  let code = 0;
  const wrapped: CliIO = { ...io, setExitCode: (c) => (code = c) };
  const program = buildProgram(wrapped);
  try {
    program.parse(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      // commander has already printed its own one-line message; ours are printed here
      if (e.code.startsWith('url-grammar.')) io.err(e.message + '\n');
      return 2;
    }
    io.err(`url-grammar: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 70;
  }
}

/** The same for every command, those that stream and wait (compare) too. */
export async function mainAsync(argv: string[], io: CliIO = processIO()): Promise<number> {
  let code = 0;
  const wrapped: CliIO = { ...io, setExitCode: (c) => (code = c) };
  const program = buildProgram(wrapped);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      if (e.code.startsWith('url-grammar.')) io.err(e.message + '\n');
      return 2;
    }
    io.err(`url-grammar: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 70;
  }
}

export function processIO(): CliIO {
  return {
    out: (s) => void process.stdout.write(s),
    err: (s) => void process.stderr.write(s),
    readFile: (path) => (path === '-' ? readFileSync(0) : readFileSync(path)),
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
