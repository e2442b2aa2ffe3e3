// Running `url-grammar compare` in-process from this package's sources: the core's command line (its
// built dist, as an installed package sees it) finds the command here instead of in dist/.

import { mainAsync, memoryIO, setToolLoader, type CliIO, type ToolLoader } from 'url-grammar/cli';
import { join } from 'node:path';
import * as sources from '../../src/cli';

// the other packages' test supports set their own: each keeps the one before it for the rest
const previous: ToolLoader = setToolLoader((specifier) => (specifier === '@url-grammar/compare/cli' ? sources : previous(specifier)));

/** An IO that collects what is written; `overrides` replaces any of its members (by default no file can be read). */
export const captureIO = memoryIO;

export { mainAsync };

/** Runs `argv` through the command line: its exit status and what it wrote. */
export async function runCli(args: string[], overrides: Partial<CliIO> = {}): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIO(overrides);
  const code = await mainAsync(args, io);
  return { code, out: out(), err: err() };
}

/** The core's repository folder (its WPT data and url.bs copy are in test/). */
export const CORE_ROOT = join(__dirname, '..', '..', '..', '..');
