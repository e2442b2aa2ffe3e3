// Running `url-grammar compare` in-process from this package's sources: the core's command line (its
// built dist, as an installed package sees it) finds the command here instead of in dist/.

import { join } from 'node:path';
import { useToolModule } from 'url-grammar/cli';
import * as sources from '../../src/cli';

useToolModule('@url-grammar/compare/cli', sources);

export { mainAsync, memoryIO as captureIO, runInMemory as runCli } from 'url-grammar/cli';

/** The core's repository folder (its WPT data and url.bs copy are in test/). */
export const CORE_ROOT = join(__dirname, '..', '..', '..', '..');

/** What compiles TypeScript as it is required, for `node -r` in a child process (as in mocha's run). */
export const REGISTER_TS = join(CORE_ROOT, 'test', 'support', 'register-ts.js');
