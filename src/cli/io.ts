// What a subcommand may use to talk to the outside, so tests can run the CLI in-process.

import { usageError } from './command';
import type { FileIdentity, SafeWriteStream } from './write';

export { usageError, UsageError } from './command';

export interface CliIO {
  /** Standard output. */
  out(text: string): void;
  /** Standard error. */
  err(text: string): void;
  /** Reads a file (or standard input for "-") as bytes. */
  readFile(path: string): Buffer;
  /**
   * Replaces a file's content (lint --fix). `expect` is what the file was when it was read
   * (`openRead`'s `opened`): when it is no longer that file, unchanged, nothing is written and a
   * WriteError says so. processIO writes through src/cli/write.ts.
   */
  writeFile?(path: string, data: string, expect?: FileIdentity): void;
  /**
   * Resolves when standard output has taken what was written so far (a pipe's reader may be
   * slower than lint: without waiting, the output would pile up in memory).
   */
  drained?(): Promise<void>;
  /** Sets the exit status (the last call wins; 0 when never called). */
  setExitCode(code: number): void;
  /** Whether standard output is a terminal. */
  isTTY: boolean;
  /**
   * Optional, for commands that stream: a file (or standard input for "-") read in pieces. When
   * given, `opened` is called with the identity of the file read (fstat of the descriptor it reads
   * from, before the first piece), which a rewrite then expects to find unchanged.
   */
  openRead?(path: string, opened?: (identity: FileIdentity) => void): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Optional: a file's size in bytes (undefined for standard input); throws when it cannot be read. */
  fileSize?(path: string): number | undefined;
  /**
   * Optional: replaces a file's content piece by piece (lint --fix on large files): `write` each
   * piece in order, then `end()`, or `abort()` to give up; nothing changes in the file until `end`
   * (the pieces go to a new file beside it, which takes its name at the end). `expect` as for
   * `writeFile`. Without it, `writeFile` takes the whole content.
   */
  writeStream?(path: string, expect?: FileIdentity): Pick<SafeWriteStream, 'write' | 'end'> & Partial<Pick<SafeWriteStream, 'abort'>>;
  /** Optional: standard output with backpressure (the promise settles when it may be written again). */
  write?(text: string): void | Promise<void>;
  /** Optional: where a progress bar may draw, when standard error is a terminal. */
  progressStream?: NodeJS.WritableStream;
  /**
   * Optional: calls `handler` on the next Ctrl-C (SIGINT) instead of stopping the command (once);
   * returns a function that gives the claim up. processIO: src/cli/signals.ts claimInterrupt.
   */
  onInterrupt?(handler: () => void): () => void;
  /** Whether standard input is a terminal (lint then says it is waiting for it). */
  stdinIsTTY?: boolean;
  /** Whether to colour the output; when absent, only on a terminal (see `colorEnabled`). */
  color?: boolean;
}

/** Whether `io`'s output is coloured. */
export function useColor(io: CliIO): boolean {
  return io.color ?? io.isTTY;
}

/**
 * Colour by the conventions: FORCE_COLOR set and not "0" or "false" turns colour on (FORCE_COLOR
 * "0" or "false" turns it off); otherwise NO_COLOR set to anything but "" turns it off
 * (https://no-color.org); otherwise colour on a terminal only.
 */
export function colorEnabled(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY;
}

/** The styles the commands use: each wraps a string in its ANSI escape, or leaves it as it is. */
export interface Colors {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

function style(open: number, close: number): (s: string) => string {
  return (s) => `\u001b[${open}m${s}\u001b[${close}m`;
}

const ON: Colors = { bold: style(1, 22), dim: style(2, 22), red: style(31, 39), green: style(32, 39), yellow: style(33, 39), cyan: style(36, 39) };
const same = (s: string) => s;
const OFF: Colors = { bold: same, dim: same, red: same, green: same, yellow: same, cyan: same };

/** The styles, or none when `enabled` is false. */
export function createColors(enabled: boolean): Colors {
  return enabled ? ON : OFF;
}

/** Throws a usage error when a --base option is given and does not parse. */
export function requireParsableBase(base: string | undefined, canParse: (url: string) => boolean): void {
  if (base !== undefined && !canParse(base)) throw usageError(`the base URL does not parse: ${JSON.stringify(base)}`);
}

/**
 * An IO that keeps what is written in memory (for tests of a command, in-process): `out()` and
 * `err()` give what was written so far. `overrides` replaces any member; by default no file can
 * be read, standard output is not a terminal, and the exit status is left to main/mainAsync.
 */
export function memoryIO(overrides: Partial<CliIO> = {}): { io: CliIO; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (s) => void (out += s),
    err: (s) => void (err += s),
    readFile: () => {
      throw new Error('no files here');
    },
    // main and mainAsync give the status themselves (they wrap this member)
    setExitCode: () => undefined,
    isTTY: false,
    ...overrides,
  };
  return { io, out: () => out, err: () => err };
}
