// url-grammar/cli: what a tool's package needs to add a subcommand to `url-grammar` (lint,
// compare and viewer are such packages). A package exports `command` (a CommandSpec) from its
// own `cli` entry; `url-grammar <name>` finds it there. Everything here is the core command
// line's own: its IO, its colours, its usage errors, its argument reading, and the one safe way to
// write a file (write.ts).

export {
  usageError,
  UsageError,
  readArguments,
  runCommand,
  commandHelp,
  columns,
  type CommandSpec,
  type OptionSpec,
  type ArgumentSpec,
  type OptionValues,
} from './command';
export { createColors, colorEnabled, useColor, requireParsableBase, memoryIO, type CliIO, type Colors } from './io';
export { printable, quoted, caretLines } from './parse';
export {
  writeFileSafely,
  openSafeWrite,
  checkWritable,
  WriteError,
  toWriteError,
  systemReason,
  changedSinceRead,
  abandonWrites,
  fileIdentity,
  sameIdentity,
  type FileIdentity,
  type SafeWriteOptions,
  type SafeWriteStream,
} from './write';
export { claimInterrupt, installStopHandlers, onStopSignal, stoppedLine, STOP_SIGNALS, type StopSignal } from './signals';
export { main, mainAsync, runInMemory, processIO, packageVersion, setToolLoader, useToolModule, TOOL_COMMANDS, CORE_COMMANDS, type ToolLoader } from '../cli';
