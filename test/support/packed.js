// One `npm pack` of each package of the workspace for the whole test run, shared by the packaging
// tests (test/package.test.ts, test/package-metadata.test.ts): its file list and sizes, and the
// tarball itself (for attw), in a temporary folder removed when the process ends. Packed from the
// built folders without running any script (bench/package-size.js's pack()).
'use strict';
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { pack } = require('../../bench/package-size.js');

let folder = null;
const cache = new Map();

/** The packed package of the workspace folder `dir` ("." for the core): { name, size, unpackedSize, files, filename }. */
function packed(dir) {
  let p = cache.get(dir);
  if (p === undefined) {
    if (folder === null) {
      folder = mkdtempSync(join(tmpdir(), 'url-grammar-packed-'));
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    }
    p = pack(dir, folder);
    cache.set(dir, p);
  }
  return p;
}

module.exports = { packed };
