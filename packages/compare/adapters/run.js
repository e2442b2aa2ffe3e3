#!/usr/bin/env node
// Starts an adapter that needs a build step: `node adapters/run.js NAME`.
//
// The Go and C adapters are compiled once, into a cache directory keyed by a hash of their source
// ($XDG_CACHE_HOME/url-grammar/adapters, else ~/.cache/url-grammar/adapters; never into the
// package), then run with this process's standard input, output and error. A build writes into a
// fresh temporary directory and renames it into place, so two adapters starting at once never see
// half a binary. A failed build is a one-line message on standard error and exit status 1.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } = require('node:fs');
const { homedir } = require('node:os');
const { join } = require('node:path');

const here = __dirname;

/** name -> { source, build(source, out, dir) -> [argv, env] } */
const BUILDS = {
  'go-net-url': {
    source: 'go_net_url.go',
    // Standard library only: no module downloads (GOPROXY=off), no toolchain switch
    // (GOTOOLCHAIN=local), build caches inside our own cache directory.
    build: (src, out, dir) => [
      ['go', 'build', '-trimpath', '-o', out, src],
      {
        GOCACHE: join(dir, 'gocache'),
        GOPATH: join(dir, 'gopath'),
        GOPROXY: 'off',
        GOTOOLCHAIN: 'local',
        GOFLAGS: '',
        GO111MODULE: 'off',
        CGO_ENABLED: '0',
      },
    ],
  },
  'curl-url-api': {
    source: 'curl_url.c',
    build: (src, out) => [['gcc', '-O2', '-std=c99', '-Wall', '-o', out, src, '-lcurl'], {}],
  },
};

function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'url-grammar', 'adapters');
}

function fail(message) {
  process.stderr.write(`adapters/run.js: ${message}\n`);
  process.exit(1);
}

/** The built program for `name`, building it first when the cache has none for this source. */
function ensureBuilt(name) {
  const spec = BUILDS[name];
  const src = join(here, spec.source);
  const hash = createHash('sha256').update(name).update('\0').update(readFileSync(src)).digest('hex').slice(0, 16);
  const root = cacheRoot();
  const final = join(root, `${name}-${hash}`);
  const program = join(final, name);
  if (existsSync(program)) return program;
  mkdirSync(root, { recursive: true });
  const tmp = mkdtempSync(join(root, `.${name}-build-`));
  const [argv, env] = spec.build(src, join(tmp, name), root);
  const r = spawnSync(argv[0], argv.slice(1), { env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error || r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    const why = r.error ? r.error.message : (r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' | ');
    fail(`building ${name} with ${argv[0]} failed: ${why}`);
  }
  try {
    renameSync(tmp, final);
  } catch (e) {
    // another start built it at the same moment: use theirs
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(program)) fail(`could not move the build of ${name} into ${final}: ${e.message}`);
  }
  return program;
}

function main() {
  const name = process.argv[2];
  if (!name || !Object.prototype.hasOwnProperty.call(BUILDS, name)) {
    process.stderr.write(`usage: node adapters/run.js ${Object.keys(BUILDS).join('|')}\n`);
    process.exit(2);
  }
  if (process.argv[3] === '--build-only') {
    process.stdout.write(ensureBuilt(name) + '\n');
    return;
  }
  const child = spawn(ensureBuilt(name), [], { stdio: 'inherit' });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('error', (e) => fail(`could not start ${name}: ${e.message}`));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

main();
