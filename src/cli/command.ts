// One subcommand of `url-grammar`, declared as data: its arguments, its options and what it runs.
// Arguments are read by node:util's parseArgs (no dependency); this file adds what the command line
// promises on top of it: `--help` for each command, camelCase option names for the code, defaults,
// required and repeatable arguments, and one-line "error: ..." messages with exit status 2 for
// anything the user got wrong. The tools' packages (@url-grammar/lint, compare, viewer) declare
// their commands the same way, through `url-grammar/cli`.

import { parseArgs } from 'node:util';
import type { CliIO } from './io';
import { printable, quoted } from './printable';

export interface OptionSpec {
  /** A flag (`--json`) or an option with a value (`--base <url>`). */
  type: 'boolean' | 'string';
  /** The value's placeholder in the help (`<url>`); for string options. */
  value?: string;
  description: string;
  /** The value when the option is absent. */
  default?: string;
  /** May be given more than once: the values come as a list. */
  multiple?: boolean;
  /** A one-letter alias (`-o`). */
  short?: string;
}

export interface ArgumentSpec {
  name: string;
  description: string;
  /** Must be given (`<url>`); otherwise optional (`[rule]`). */
  required?: boolean;
  /** Takes every remaining positional (`[files...]`); only the last argument may. */
  variadic?: boolean;
}

/** What a command receives: its positionals by name, and its options by camelCase name. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface CommandSpec {
  name: string;
  description: string;
  arguments: ArgumentSpec[];
  /** Keyed by the long name without its dashes (`host-only`); the command reads `hostOnly`. */
  options: Record<string, OptionSpec>;
  /** Runs the command: write through `io`, set the exit status with `io.setExitCode`. */
  run(args: Record<string, string | string[] | undefined>, options: OptionValues, io: CliIO): void | Promise<void>;
}

/** A mistake in the command line: printed as one line, exit status 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A bad-arguments error: the CLI prints `error: <message>` on one line and exits with status 2. */
export function usageError(message: string): UsageError {
  return new UsageError(message);
}

/** `host-only` -> `hostOnly`. */
function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function argumentLabel(a: ArgumentSpec): string {
  const inner = a.name + (a.variadic ? '...' : '');
  return a.required ? `<${inner}>` : `[${inner}]`;
}

function optionLabel(name: string, o: OptionSpec): string {
  const short = o.short ? `-${o.short}, ` : '';
  return `${short}--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`;
}

/** Two columns: the labels padded to the widest, then the descriptions. */
export function columns(rows: Array<[string, string]>, indent = '  '): string[] {
  const width = rows.reduce((w, [l]) => Math.max(w, l.length), 0);
  return rows.map(([l, d]) => `${indent}${l.padEnd(width)}  ${d}`.trimEnd());
}

/** The help of one command, as `url-grammar <command> --help` prints it. */
export function commandHelp(spec: CommandSpec, program = 'url-grammar'): string {
  const usage = [program, spec.name, ...(Object.keys(spec.options).length ? ['[options]'] : []), ...spec.arguments.map(argumentLabel)].join(' ');
  const out = [`Usage: ${usage}`, '', spec.description];
  if (spec.arguments.length) {
    out.push('', 'Arguments:');
    for (const l of columns(spec.arguments.map((a) => [a.name, a.description]))) out.push(l);
  }
  const opts: Array<[string, string]> = Object.entries(spec.options).map(([name, o]) => [
    optionLabel(name, o),
    o.description + (o.default !== undefined ? ` (default: ${JSON.stringify(o.default)})` : ''),
  ]);
  opts.push(['-h, --help', 'print this help']);
  out.push('', 'Options:');
  for (const l of columns(opts)) out.push(l);
  return out.join('\n') + '\n';
}

/**
 * One line for a parseArgs error: what was wrong, in the words of this command line. parseArgs
 * quotes the word it stumbled on as it was typed: it is made printable, so that a control or bidi
 * character in it cannot rewrite the line on the terminal.
 */
function describeParseError(e: unknown, spec: CommandSpec): string {
  const err = e as { code?: string; message?: string };
  const message = err.message ?? String(e);
  const word = /'(-[^' ]*)/.exec(printable(message))?.[1];
  const firstLine = printable(message.split('\n')[0]);
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${word ?? firstLine}' for "${spec.name}" (see url-grammar ${spec.name} --help)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = word?.replace(/^-+/, '') ?? '';
      const o = spec.options[name];
      // ("--width -1": parseArgs reads "-1" as an option, so the value looks missing)
      if (o && o.type === 'string' && /ambiguous/.test(message)) return `option '--${name} ${o.value ?? '<value>'}': a value that starts with "-" is written --${name}=<value>`;
      if (o && o.type === 'string') return `option '--${name} ${o.value ?? '<value>'}' needs a value`;
      if (o && o.type === 'boolean') return `option '--${name}' takes no value`;
      return firstLine;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `too many arguments for "${spec.name}" (see url-grammar ${spec.name} --help)`;
    default:
      return firstLine;
  }
}

/** Whether `argv` asks for this command's help (before a `--`). */
function asksForHelp(argv: string[]): boolean {
  for (const a of argv) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}

/**
 * Reads `argv` (the words after the command's name) by `spec`. Throws a UsageError for anything
 * the spec does not allow; returns null when the help was asked for (and printed).
 */
export function readArguments(
  spec: CommandSpec,
  argv: string[],
  io: CliIO,
): { args: Record<string, string | string[] | undefined>; options: OptionValues } | null {
  if (asksForHelp(argv)) {
    io.out(commandHelp(spec));
    return null;
  }
  const options: Record<string, { type: 'boolean' | 'string'; multiple?: boolean; short?: string }> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw usageError(describeParseError(e, spec));
  }
  const values: OptionValues = {};
  for (const [name, o] of Object.entries(spec.options)) {
    const v = (parsed.values as Record<string, string | boolean | Array<string | boolean> | undefined>)[name];
    values[camelCase(name)] = v === undefined ? o.default : (v as string | boolean | string[]);
  }
  const positionals = parsed.positionals;
  const args: Record<string, string | string[] | undefined> = {};
  let i = 0;
  for (const a of spec.arguments) {
    if (a.variadic) {
      args[a.name] = positionals.slice(i);
      i = positionals.length;
      if (a.required && (args[a.name] as string[]).length === 0) throw usageError(`missing required argument '${a.name}' (see url-grammar ${spec.name} --help)`);
      continue;
    }
    if (i < positionals.length) args[a.name] = positionals[i++];
    else if (a.required) throw usageError(`missing required argument '${a.name}' (see url-grammar ${spec.name} --help)`);
  }
  if (i < positionals.length) {
    throw usageError(`too many arguments for "${spec.name}": ${quoted(positionals[i])} (see url-grammar ${spec.name} --help)`);
  }
  return { args, options: values };
}

/** Runs `spec` on `argv`: its help, or its action (usage errors are thrown, for the caller to print). */
export async function runCommand(spec: CommandSpec, argv: string[], io: CliIO): Promise<void> {
  const read = readArguments(spec, argv, io);
  if (read === null) return;
  await spec.run(read.args, read.options, io);
}
