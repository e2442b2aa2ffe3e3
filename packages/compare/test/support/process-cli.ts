// `url-grammar` as a process of its own, with the compare command from this package's sources (as
// ./cli.ts makes the in-process runs use them) and the real process IO: standard streams, signals
// (the command line's own handlers: SIGINT, SIGTERM, SIGHUP), exit status. test/interrupt.test.ts
// starts it with node -r REGISTER_TS (./cli.ts: the core's test/support/register-ts.js, which
// compiles TypeScript as mocha's run does).

import { installStopHandlers, mainAsync, processIO } from 'url-grammar/cli';
import './cli';

installStopHandlers();
void mainAsync(process.argv.slice(2), processIO()).then((code) => (process.exitCode = code));
