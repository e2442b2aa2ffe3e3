#!/usr/bin/env node
// Starts an adapter that needs a build step: `node adapters/run.js NAME`.
//
// The Go, C and Rust adapters are compiled once, into a cache directory keyed by a hash of their
// source and build recipe ($XDG_CACHE_HOME/url-grammar/adapters, else
// ~/.cache/url-grammar/adapters; never into the package), then run with this process's standard
// input, output and error. A build writes into a fresh temporary directory and renames it into
// place, so two adapters starting at once never see half a binary. A failed build is a one-line
// message on standard error and exit status 1.
//
//   node adapters/run.js NAME --build-only   builds (if needed) and prints the program's path
//   node adapters/run.js NAME --check        exit 0 when this machine can build it, else 1 and why
//   node adapters/run.js NAME --version      one line: the versions of what it is (or would be) built with
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { join } = require('node:path');

const here = __dirname;

// rust-url: Debian's own cargo and rustc (not a rustup toolchain that may come first on PATH),
// offline, with crates.io replaced by the crates Debian packages (librust-*-dev) install here
const DEBIAN_CARGO = '/usr/bin/cargo';
const DEBIAN_RUSTC = '/usr/bin/rustc';
const DEBIAN_CRATES = '/usr/share/cargo/registry';

const CARGO_TOML = `[package]
name = "url-grammar-rust-url-adapter"
version = "0.0.0"
edition = "2018"
publish = false

[[bin]]
name = "rust-url"
path = "main.rs"

[dependencies]
url = "2"

[profile.release]
opt-level = 2
debug = false
strip = true
`;

const CARGO_CONFIG = `[source.crates-io]
replace-with = "debian-packages"

[source.debian-packages]
directory = "${DEBIAN_CRATES}"

[net]
offline = true
`;

/**
 * name -> { source, recipe (text that changes the build besides the source), steps(src, out, dir,
 * work) -> [{ argv, env, cwd }], after?(work, out) -> void (moves the program to out),
 * check?() -> null or why not, version?(program or null) -> string }.
 * `dir` is the cache root, `work` a scratch folder inside the build's temporary directory.
 */
const BUILDS = {
  'go-net-url': {
    source: 'go_net_url.go',
    recipe: '',
    // Standard library only: no module downloads (GOPROXY=off), no toolchain switch
    // (GOTOOLCHAIN=local), build caches inside our own cache directory.
    steps: (src, out, dir) => [
      {
        argv: ['go', 'build', '-trimpath', '-o', out, src],
        env: {
          GOCACHE: join(dir, 'gocache'),
          GOPATH: join(dir, 'gopath'),
          GOPROXY: 'off',
          GOTOOLCHAIN: 'local',
          GOFLAGS: '',
          GO111MODULE: 'off',
          CGO_ENABLED: '0',
        },
      },
    ],
  },
  'curl-url-api': {
    source: 'curl_url.c',
    recipe: '',
    steps: (src, out) => [{ argv: ['gcc', '-O2', '-std=c99', '-Wall', '-o', out, src, '-lcurl'], env: {} }],
  },
  'rust-url': {
    source: 'rust_url.rs',
    recipe: CARGO_TOML + CARGO_CONFIG,
    check: () => {
      const missing = [DEBIAN_CARGO, DEBIAN_RUSTC].filter((p) => !executable(p));
      if (missing.length > 0) return `no ${missing.join(' or ')} (apt-get install cargo)`;
      if (debianUrlCrate() === null) return `no url crate in ${DEBIAN_CRATES} (apt-get install librust-url-dev)`;
      return null;
    },
    // A cargo project in the scratch folder (the adapter's source as main.rs, a Cargo.toml and a
    // .cargo/config.toml that points crates.io at Debian's crates), built with --offline; cargo's
    // home and its target folder (compiled dependencies, reused by the next build) are in the
    // cache directory.
    steps: (src, out, dir, work) => {
      mkdirSync(join(work, '.cargo'), { recursive: true });
      writeFileSync(join(work, 'Cargo.toml'), CARGO_TOML);
      writeFileSync(join(work, '.cargo', 'config.toml'), CARGO_CONFIG);
      copyFileSync(src, join(work, 'main.rs'));
      return [
        {
          argv: [DEBIAN_CARGO, 'build', '--release', '--offline', '--quiet', '--bin', 'rust-url'],
          cwd: work,
          env: {
            CARGO_HOME: join(dir, 'cargo-home'),
            CARGO_TARGET_DIR: join(dir, 'cargo-target'),
            CARGO_NET_OFFLINE: 'true',
            RUSTC: DEBIAN_RUSTC,
            RUSTDOC: '/usr/bin/rustdoc',
          },
        },
      ];
    },
    after: (work, out, dir) => {
      copyFileSync(join(dir, 'cargo-target', 'release', 'rust-url'), out);
      const lock = readFileSync(join(work, 'Cargo.lock'), 'utf8');
      const url = /\[\[package\]\]\s*\nname = "url"\s*\nversion = "([^"]+)"/.exec(lock);
      writeFileSync(`${out}.version`, rustVersion(url ? url[1] : '?') + '\n');
    },
    version: (program) => {
      if (program !== null) {
        try {
          return readFileSync(`${program}.version`, 'utf8').trim();
        } catch {
          // built before versions were kept: say what a build would use
        }
      }
      const crate = debianUrlCrate();
      return rustVersion(crate === null ? '?' : crate);
    },
  },
};

function executable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The highest version of the url crate in Debian's crate directory, or null. */
function debianUrlCrate() {
  let names;
  try {
    names = readdirSync(DEBIAN_CRATES);
  } catch {
    return null;
  }
  const versions = names
    .map((n) => /^url-(\d+)\.(\d+)\.(\d+)$/.exec(n))
    .filter(Boolean)
    .map((m) => [Number(m[1]), Number(m[2]), Number(m[3])])
    .filter((v) => v[0] === 2)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return versions.length === 0 ? null : versions[versions.length - 1].join('.');
}

function rustVersion(urlCrate) {
  const r = spawnSync(DEBIAN_RUSTC, ['--version'], { encoding: 'utf8' });
  const rustc = r.status === 0 ? r.stdout.trim().split(/\s+/).slice(0, 2).join(' ') : 'rustc unknown';
  return `url ${urlCrate} (${rustc})`;
}

function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'url-grammar', 'adapters');
}

function fail(message) {
  process.stderr.write(`adapters/run.js: ${message}\n`);
  process.exit(1);
}

/** Where the program for `name` is (or would be) in the cache, for this source and recipe. */
function programPath(name) {
  const spec = BUILDS[name];
  const src = join(here, spec.source);
  const h = createHash('sha256').update(name).update('\0').update(readFileSync(src));
  if (spec.recipe !== '') h.update('\0').update(spec.recipe);
  const hash = h.digest('hex').slice(0, 16);
  const final = join(cacheRoot(), `${name}-${hash}`);
  return { src, final, program: join(final, name) };
}

/** The built program for `name`, building it first when the cache has none for this source. */
function ensureBuilt(name) {
  const spec = BUILDS[name];
  const { src, final, program } = programPath(name);
  if (existsSync(program)) return program;
  if (spec.check) {
    const why = spec.check();
    if (why !== null) fail(`cannot build ${name}: ${why}`);
  }
  const root = cacheRoot();
  mkdirSync(root, { recursive: true });
  const tmp = mkdtempSync(join(root, `.${name}-build-`));
  const work = join(tmp, 'work');
  const out = join(tmp, name);
  try {
    mkdirSync(work);
    for (const step of spec.steps(src, out, root, work)) {
      const r = spawnSync(step.argv[0], step.argv.slice(1), { cwd: step.cwd, env: { ...process.env, ...step.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 << 20 });
      if (r.error || r.status !== 0) {
        const why = r.error ? r.error.message : (r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' | ');
        throw new Error(`building ${name} with ${step.argv[0]} failed: ${why}`);
      }
    }
    if (spec.after) spec.after(work, out, root);
    rmSync(work, { recursive: true, force: true });
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    fail(e.message);
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
    process.stderr.write(`usage: node adapters/run.js ${Object.keys(BUILDS).join('|')} [--build-only|--check|--version]\n`);
    process.exit(2);
  }
  const spec = BUILDS[name];
  const mode = process.argv[3];
  if (mode === '--build-only') {
    process.stdout.write(ensureBuilt(name) + '\n');
    return;
  }
  if (mode === '--check') {
    const why = spec.check ? spec.check() : null;
    if (why !== null) fail(`cannot build ${name}: ${why}`);
    return;
  }
  if (mode === '--version') {
    if (!spec.version) fail(`no version for ${name}`);
    const { program } = programPath(name);
    process.stdout.write(spec.version(existsSync(program) ? program : null) + '\n');
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
