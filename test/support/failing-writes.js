// Writes that fail or stall on purpose, for the tests of what the tools do on a full disk or when
// stopped in the middle of a write, without a disk of that size: the new files of the safe writer
// (src/cli/write.ts names them .url-grammar-<16 hex digits>.tmp) are recognised when they are
// opened, and the writes to them (fs.writeSync and fs.write, which the writer calls through the
// fs module, so a replacement here is the one it meets) fail with ENOSPC, or wait, as asked.
//
// In a test's own process: `const restore = failWrites({ mode: 'enospc' })`, then `restore()`.
// In a process of its own: `node -r <this file> ...` with URL_GRAMMAR_TEST_WRITES set to `enospc`
// or `stall` (each write to such a file waits a minute, during which the test signals the process),
// and URL_GRAMMAR_TEST_WRITES_FROM to the number of the first such file to affect (default 1:
// every one; 2 leaves the first alone).

'use strict';

const fs = require('node:fs');

const TEMPORARY = /(^|[\\/])\.url-grammar-[0-9a-f]{16}\.tmp$/;

/**
 * Makes the writes to the safe writer's new files fail (`mode: 'enospc'`) or wait a minute
 * (`mode: 'stall'`), from the `from`-th such file opened on (1: every one). Returns a function that
 * puts fs back as it was. `match` chooses other files by their path (opened with fs.openSync);
 * `at(position)` only the synchronous writes at such positions; `times` fails only that many.
 */
function failWrites({ mode, from = 1, match = (path) => TEMPORARY.test(path), at = () => true, times = Infinity }) {
  const { openSync, writeSync, write, closeSync } = fs;
  const affected = new Set();
  let opened = 0;
  let failed = 0;
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  fs.openSync = function (path, ...rest) {
    const fd = openSync.call(fs, path, ...rest);
    if (typeof path === 'string' && match(path) && ++opened >= from) affected.add(fd);
    return fd;
  };
  fs.closeSync = function (fd) {
    affected.delete(fd);
    return closeSync.call(fs, fd);
  };
  fs.writeSync = function (fd, ...rest) {
    // (writeSync(fd, buffer, offset, length, position))
    if (affected.has(fd) && failed < times && at(typeof rest[3] === 'number' ? rest[3] : null)) {
      failed++;
      if (mode === 'enospc') throw enospc();
      // (a synchronous write cannot be stalled without stopping everything: it fails as a slow disk never would)
      throw Object.assign(new Error('EIO: stalled write, i/o error'), { code: 'EIO' });
    }
    return writeSync.call(fs, fd, ...rest);
  };
  fs.write = function (fd, ...rest) {
    if (!affected.has(fd) || failed >= times) return write.call(fs, fd, ...rest);
    failed++;
    const callback = rest[rest.length - 1];
    if (mode === 'enospc') {
      process.nextTick(() => callback(enospc()));
      return undefined;
    }
    setTimeout(() => write.call(fs, fd, ...rest), 60_000);
    return undefined;
  };
  return () => {
    Object.assign(fs, { openSync, writeSync, write, closeSync });
  };
}

module.exports = { failWrites };

if (process.env.URL_GRAMMAR_TEST_WRITES) {
  failWrites({ mode: process.env.URL_GRAMMAR_TEST_WRITES, from: Number(process.env.URL_GRAMMAR_TEST_WRITES_FROM ?? '1') });
}
