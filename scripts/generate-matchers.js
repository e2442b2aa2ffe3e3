// The core's matchers, generated when the package is built (npm run build:core runs this after
// tsc): coreMatcherFiles() of src/grammar/core-matchers.ts, written into grammar/generated/ beside
// the loader (src/grammar/prebuilt.ts) that requires them.
//
//   node scripts/generate-matchers.js          from dist/ (tsc's output): writes
//                                              dist/src/grammar/generated/ and src/grammar/generated/
//   generateMatchers(root, outDirs)            the same from the compiled or transpiled core under
//                                              `root` (its src/grammar/core-matchers module), for
//                                              the tests' setup (test/support/generated-matchers.ts)
//                                              and test/one-edit.test.ts's edited copies
//
// A file is written only when its text changed (through the core's safe writer, src/cli/write.ts:
// a new file renamed over the old, so a reader never sees half of one); the files are not in git.
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');

/**
 * Generates the matchers with the core found under `root` (a folder holding src/ as .js, or as
 * .ts with ts-node registered) and writes them into each of `outDirs`, with `writeFileSafely`
 * (by default that core's own, src/cli/write). Returns the paths written.
 */
function generateMatchers(root, outDirs, writeFileSafely) {
  root = path.resolve(root);
  const { coreMatcherFiles } = require(path.join(root, 'src', 'grammar', 'core-matchers'));
  writeFileSafely ??= require(path.join(root, 'src', 'cli', 'write')).writeFileSafely;
  const files = coreMatcherFiles();
  const written = [];
  for (const dir of outDirs) {
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dir, `${name}.js`);
      let old = null;
      try {
        old = fs.readFileSync(file, 'utf8');
      } catch {
        // not there yet
      }
      if (old === text) continue;
      writeFileSafely(file, text, { replace: true });
      written.push(file);
    }
  }
  return written;
}

module.exports = { generateMatchers };

if (require.main === module) {
  try {
    const dist = path.join(ROOT, 'dist');
    generateMatchers(dist, [path.join(dist, 'src', 'grammar', 'generated'), path.join(ROOT, 'src', 'grammar', 'generated')]);
  } catch (e) {
    console.error(`generate-matchers: ${e.message}`);
    process.exit(1);
  }
}
