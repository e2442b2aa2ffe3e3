// Running the CLI in-process: an IO that collects standard output and standard error, for the
// tests of each subcommand.

import { main } from '../../src/cli';
import { memoryIO } from '../../src/cli/io';
import type { CliIO } from '../../src/cli/io';

/** An IO that collects what is written; `overrides` replaces any of its members (by default no file can be read). */
export const captureIO = memoryIO;

/** Runs a synchronous command (src/cli.ts main) on `args`: its exit status and what it wrote. */
export function runCli(args: string[], overrides: Partial<CliIO> = {}): { code: number; out: string; err: string } {
  const { io, out, err } = captureIO(overrides);
  const code = main(args, io);
  return { code, out: out(), err: err() };
}
