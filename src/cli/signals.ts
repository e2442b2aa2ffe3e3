// What the `url-grammar` command does when it is told to stop: SIGINT (Ctrl-C), SIGTERM (kill, a
// CI job's timeout) or SIGHUP (its terminal closed). Every write in progress is given up (its new
// file removed, its destination left as it was: src/cli/write.ts), what was written before is
// kept (the files lint --fix has already rewritten, a report already written), one line on
// standard error says so, and the process exits as a shell reports a command ended by that
// signal: 128 + its number (SIGHUP 129, SIGINT 130, SIGTERM 143).
//
// A command that handles Ctrl-C itself (compare: the first stops reading, and what was gathered is
// still written) claims it (`claimInterrupt`, behind CliIO.onInterrupt): a SIGINT then goes to it,
// once, instead. SIGTERM and SIGHUP always stop the command.

import { abandonWrites } from './write';
import { printable } from './printable';

/** The signals handled, and their numbers (the same on every platform Node runs on). */
export const STOP_SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
export type StopSignal = keyof typeof STOP_SIGNALS;

/** Those that claimed the next Ctrl-C, the last one first. */
const claims: Array<() => void> = [];

/**
 * Calls `handler` on the next SIGINT instead of stopping (once: a handler that wants the one after
 * claims again); returns a function that gives the claim up.
 */
export function claimInterrupt(handler: () => void): () => void {
  claims.push(handler);
  return () => {
    const at = claims.lastIndexOf(handler);
    if (at !== -1) claims.splice(at, 1);
  };
}

/**
 * The one line said on `signal`: what was given up ("not written: a.txt (left as it was)"), and
 * that what was written before is kept.
 */
export function stoppedLine(signal: StopSignal, abandoned: readonly string[]): string {
  const shown = abandoned.map((p) => printable(p, { escapeBackslash: process.platform !== 'win32' }));
  const what =
    shown.length === 0
      ? ''
      : `; not written: ${shown.slice(0, 3).join(', ')}${shown.length > 3 ? ` and ${shown.length - 3} more` : ''} (left as ${shown.length === 1 ? 'it was' : 'they were'}); what was written before is kept`;
  return `url-grammar: stopped by ${signal}${what}\n`;
}

/**
 * What the command does on `signal`: a claimed Ctrl-C goes to its claimant; otherwise every write
 * in progress is given up, one line goes to `err`, and `exit` is called with 128 + the signal's
 * number.
 */
export function onStopSignal(signal: StopSignal, err: (text: string) => void, exit: (code: number) => void): void {
  if (signal === 'SIGINT' && claims.length > 0) {
    const handler = claims.pop()!;
    handler();
    return;
  }
  const abandoned = abandonWrites();
  err(stoppedLine(signal, abandoned));
  exit(128 + STOP_SIGNALS[signal]);
}

/**
 * Installs the handlers (the command line's main does, once); returns a function that removes
 * them. `err` and `exit` default to standard error and process.exit.
 */
export function installStopHandlers(err: (text: string) => void = (t) => void process.stderr.write(t), exit: (code: number) => void = (c) => process.exit(c)): () => void {
  const listeners = (Object.keys(STOP_SIGNALS) as StopSignal[]).map((signal) => {
    const listener = () => onStopSignal(signal, err, exit);
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.removeListener(signal, listener);
  };
}
