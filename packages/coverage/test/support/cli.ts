// Running `url-grammar coverage` in-process from this package's sources: the core's command line
// (its built dist, as an installed package sees it) finds the command here instead of in dist/.

import { useToolModule } from 'url-grammar/cli';
import * as sources from '../../src/cli';

useToolModule('@url-grammar/coverage/cli', sources);

export { memoryIO as captureIO, runInMemory as runCli } from 'url-grammar/cli';
