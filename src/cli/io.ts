// What a subcommand may use to talk to the outside, so tests can run the CLI in-process.

export interface CliIO {
  /** Standard output. */
  out(text: string): void;
  /** Standard error. */
  err(text: string): void;
  /** Reads a file (or standard input for "-") as bytes. */
  readFile(path: string): Buffer;
  /** Sets the exit status (the last call wins; 0 when never called). */
  setExitCode(code: number): void;
  /** Whether standard output is a terminal (colour only then). */
  isTTY: boolean;
}
