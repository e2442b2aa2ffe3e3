// `url-grammar lsp [--stdio]`: the language server on standard input and output (server.ts). The
// core's `url-grammar` command finds this command here when the package is installed.

import { usageError, type CommandSpec } from 'url-grammar/cli';
import { startServer } from './server';

export const command: CommandSpec = {
  name: 'lsp',
  description: 'a language server (stdio): the findings, fixes and disable comments of lint in any editor, and hover on a URL',
  arguments: [],
  options: {
    stdio: { type: 'boolean', description: 'talk over standard input and output (the only way; accepted because editors pass it)' },
  },
  run(_args, _options, io) {
    if (io.stdinIsTTY) throw usageError('the language server talks the Language Server Protocol on standard input: start it from an editor (see the README of @url-grammar/lsp)');
    startServer(process.stdin, process.stdout);
    // it runs until the client says exit, or goes away (the server ends the process then)
    return new Promise<void>(() => undefined);
  },
};
