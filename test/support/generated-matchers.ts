// The tests' setup (.mocharc.json): the core's generated matchers (src/grammar/generated/, see
// src/grammar/core-matchers.ts) made again from the sources as they are now, through the entry
// point the build uses, before any test runs. A file whose text is unchanged is left alone;
// one that differs (a grammar, a flag table or the generator edited since the last build or run)
// is rewritten. So no test runs a matcher generated from older sources, and the tests need no
// build first.

import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateMatchers } = require('../../scripts/generate-matchers') as { generateMatchers: (root: string, outDirs: string[]) => string[] };

const ROOT = join(__dirname, '..', '..');
generateMatchers(ROOT, [join(ROOT, 'src', 'grammar', 'generated')]);
