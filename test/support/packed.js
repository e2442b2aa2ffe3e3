// One `npm pack` of each package of the workspace for the whole test run, shared by the packaging
// tests (test/package.test.ts, test/package-metadata.test.ts): its file list and sizes, and the
// tarball itself (for attw). Packed from the built folders without running any script
// (bench/package-size.js's pack()).
//
// The run's processes share them (mocha --parallel runs those files in worker processes of its
// own): in a folder named by the run (URL_GRAMMAR_TEST_RUN, set by test/run.js, which removes the
// folder at the end), the first process to want a package takes its lock, packs it and writes what
// it found; the others wait for that. A process run without test/run.js packs for itself, in a
// folder removed when it ends.
'use strict';
const { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { pack } = require('../../bench/package-size.js');

const RUN = process.env.URL_GRAMMAR_TEST_RUN;
const FOLDER = join(tmpdir(), `url-grammar-packed-${RUN ?? process.pid}`);
/** How long a process waits for another's `npm pack` of one package. */
const WAIT_MS = 300_000;

const cache = new Map();
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function packOnce(dir) {
  mkdirSync(FOLDER, { recursive: true });
  const name = dir === '.' ? 'core' : dir.replace(/[^A-Za-z0-9-]/g, '_');
  const result = join(FOLDER, `${name}.json`);
  let mine = true;
  try {
    mkdirSync(join(FOLDER, `${name}.lock`));
  } catch {
    mine = false;
  }
  if (mine) {
    let found;
    try {
      const into = join(FOLDER, name);
      mkdirSync(into, { recursive: true });
      found = { packed: pack(dir, into) };
    } catch (e) {
      found = { error: String(e && e.message) };
    }
    // written whole under another name, then renamed: a process waiting for it reads all or nothing
    writeFileSync(`${result}.part`, JSON.stringify(found));
    renameSync(`${result}.part`, result);
  } else {
    const until = Date.now() + WAIT_MS;
    while (!existsSync(result)) {
      if (Date.now() > until) throw new Error(`npm pack of ${dir}: another test process took it and did not finish within ${WAIT_MS / 1000} s`);
      Atomics.wait(sleeper, 0, 0, 50);
    }
  }
  const found = JSON.parse(readFileSync(result, 'utf8'));
  if (found.error !== undefined) throw new Error(`npm pack of ${dir} failed: ${found.error}`);
  return found.packed;
}

/** The packed package of the workspace folder `dir` ("." for the core): { name, size, unpackedSize, files, filename }. */
function packed(dir) {
  let p = cache.get(dir);
  if (p === undefined) {
    if (RUN === undefined && cache.size === 0) process.once('exit', () => rmSync(FOLDER, { recursive: true, force: true }));
    p = packOnce(dir);
    cache.set(dir, p);
  }
  return p;
}

module.exports = { packed };
