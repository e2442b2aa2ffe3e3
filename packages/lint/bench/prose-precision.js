// How much of what lint reports in real documentation is a real URL problem.
//
//   node packages/lint/bench/prose-precision.js [--sample 80] [--seed 1] [--dist] [--lint DIR]
//        [--keep DIR] [--out FILE] [--max-files N]
//
// Builds, at run time, a tree of documentation written by people for people from what this machine
// has installed (nothing of it is committed): under /usr/share/doc, the text files (*.txt, NEWS,
// README, changelog, ChangeLog, CHANGES, HISTORY, TODO, AUTHORS, THANKS, FAQ, release notes; their
// .gz decompressed) and the Markdown and HTML ones; under the node_modules folders of this checkout
// and of the global prefix, README, CHANGELOG, HISTORY and LICENSE-free *.txt, *.md and *.html files.
// Each is copied (or decompressed) into a fresh folder of os.tmpdir(), named after where it came
// from, and linted there as `url-grammar lint` would (the kind from the file name: a name without
// an extension is text).
//
// Prints the counts (files, findings, URLs, error types, by kind of file) and writes a random
// sample of the findings (seeded: the same tree gives the same sample), each with the line it is
// on, for a person to judge: is this a URL written as one, with the problem lint names? The file
// is printed at the end (--out to choose it). The tree is removed unless --keep names a folder to
// build it in.
//
// --lint DIR lints with the lint package found in DIR (its src/index.ts, or with --dist its
// dist/index.js): the way to run the same tree through an older checkout of the code (a git
// worktree) and compare. An older lint reports one finding per validation error; the counts of
// URLs (distinct file, line and URL) are comparable across both.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');

function args() {
  const a = process.argv.slice(2);
  const o = { sample: 80, seed: 1, dist: false, lint: path.join(__dirname, '..'), keep: null, out: null, maxFiles: Infinity };
  for (let i = 0; i < a.length; i++) {
    const k = a[i];
    const v = () => {
      if (i + 1 >= a.length) fail(`${k} needs a value`);
      return a[++i];
    };
    if (k === '--sample') o.sample = Number(v());
    else if (k === '--seed') o.seed = Number(v());
    else if (k === '--dist') o.dist = true;
    else if (k === '--lint') o.lint = path.resolve(v());
    else if (k === '--keep') o.keep = path.resolve(v());
    else if (k === '--out') o.out = path.resolve(v());
    else if (k === '--max-files') o.maxFiles = Number(v());
    else fail(`unknown option ${k}`);
  }
  if (!Number.isInteger(o.sample) || o.sample < 0 || !Number.isFinite(o.seed)) fail('--sample and --seed take numbers');
  return o;
}

function fail(message) {
  process.stderr.write(`prose-precision: ${message}\n`);
  process.exit(2);
}

function loadLint(dir, dist) {
  if (dist) return require(path.join(dir, 'dist', 'index.js'));
  require('ts-node').register({ transpileOnly: true, project: path.join(__dirname, '..', '..', '..', 'tsconfig.json') });
  return require(path.join(dir, 'src', 'index.ts'));
}

// a small seeded generator (lint-large.js's), so that a sample can be drawn again
const { rng } = require('./lint-large.js');

/** Names of documentation files written as text (less a trailing .gz). */
const TEXT_DOC = /^(?:.*\.txt|NEWS(?:\.Debian)?|README(?:\.Debian)?|changelog(?:\.Debian)?(?:\.[a-z0-9]+)?|ChangeLog|CHANGES|HISTORY|TODO|AUTHORS|THANKS|FAQ|.*ReleaseNotes.*|CHANGELOG)$/i;
const MARKUP_DOC = /\.(?:md|markdown|html?)$/i;
/** Files of node_modules worth reading: their documentation, not their code or licences. */
const MODULE_DOC = /^(?:README|CHANGELOG|HISTORY|CHANGES|NEWS)(?:\.(?:md|markdown|txt|html?))?$|^[^.]+\.(?:md|txt)$/i;
const MAX_BYTES = 4 * 1024 * 1024;

function* walk(dir, depth = 0) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    // (a hidden folder holds caches and tools' data, not documentation)
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory() && depth < 12) yield* walk(p, depth + 1);
    else if (e.isFile()) yield p;
  }
}

/** [source path, name in the tree, decompress?] for each document found. */
function sources() {
  const out = [];
  const seen = new Set();
  const add = (src, name, gz) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push([src, name, gz]);
  };
  for (const p of walk('/usr/share/doc')) {
    const gz = p.endsWith('.gz');
    const base = path.basename(gz ? p.slice(0, -3) : p);
    if (/LICENSE|COPYING|copyright/i.test(base)) continue;
    if (TEXT_DOC.test(base) || MARKUP_DOC.test(base)) add(p, 'usr-share-doc/' + path.relative('/usr/share/doc', gz ? p.slice(0, -3) : p), gz);
  }
  const moduleRoots = [path.join(__dirname, '..', '..', '..', 'node_modules'), '/usr/lib/node_modules', '/usr/local/lib/node_modules'];
  for (const root of moduleRoots) {
    for (const p of walk(root)) {
      const base = path.basename(p);
      if (/LICENSE|COPYING|licen[cs]e/i.test(base) || /\/(?:test|tests|fixtures?|__tests__)\//.test(p)) continue;
      if (MODULE_DOC.test(base)) add(p, 'node_modules/' + path.relative(root, fs.realpathSync(p)).replace(/^(\.\.\/)+/, ''), false);
    }
  }
  return out.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
}

function build(tree, maxFiles) {
  const files = [];
  for (const [src, name, gz] of sources()) {
    if (files.length >= maxFiles) break;
    let bytes;
    try {
      if (fs.statSync(src).size > MAX_BYTES) continue;
      bytes = fs.readFileSync(src);
      if (gz) bytes = zlib.gunzipSync(bytes, { maxOutputLength: MAX_BYTES });
    } catch {
      continue;
    }
    // a binary file is no documentation to read
    if (bytes.subarray(0, 8192).includes(0)) continue;
    const dest = path.join(tree, name);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, bytes);
    files.push(name);
  }
  return files;
}

function main() {
  const o = args();
  const lint = loadLint(o.lint, o.dist);
  const tree = o.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'prose-precision-'));
  fs.mkdirSync(tree, { recursive: true });
  try {
    const files = build(tree, o.maxFiles);
    const byKind = {};
    const byType = {};
    const findings = [];
    const urls = new Set();
    const started = Date.now();
    for (const name of files) {
      const kind = lint.kindFromPath(name);
      const { text } = lint.decodeUTF8(fs.readFileSync(path.join(tree, name)));
      const k = (byKind[kind] ??= { files: 0, findings: 0, urls: 0, fixes: 0 });
      k.files++;
      const lines = text.split(/\r\n|\r|\n/);
      for (const d of lintText(lint, text, kind)) {
        findings.push({ file: name, kind, d, context: lines[d.line - 1] ?? '' });
        k.findings++;
        if (d.fix) k.fixes++;
        const key = `${name}\n${d.line}\n${d.url}`;
        if (!urls.has(key)) {
          urls.add(key);
          k.urls++;
        }
        for (const e of d.errors ?? [d]) byType[e.type] = (byType[e.type] ?? 0) + 1;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const total = (f) => Object.values(byKind).reduce((n, k) => n + k[f], 0);
    console.log(`lint: ${o.lint}${o.dist ? ' (dist)' : ''}`);
    console.log(`files: ${files.length}, findings: ${findings.length}, URLs with findings: ${urls.size}, fixes offered: ${total('fixes')} (${seconds.toFixed(1)} s)`);
    for (const [kind, k] of Object.entries(byKind)) console.log(`  ${kind}: ${k.files} files, ${k.findings} findings, ${k.urls} URLs, ${k.fixes} fixes`);
    console.log('validation errors by type:');
    for (const [type, n] of Object.entries(byType).sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(6)} ${type}`);
    // the sample: drawn without replacement, in the order drawn
    const random = rng(o.seed);
    const pool = findings.slice();
    const sample = [];
    while (sample.length < o.sample && pool.length > 0) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
    // (by default in a fresh folder: a fixed name in the shared temporary directory could be anyone's link)
    const out = o.out ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prose-precision-sample-')), `sample-${o.seed}.txt`);
    const lines = sample.map((s, i) => {
      const types = (s.d.errors ?? [s.d]).map((e) => e.type).join(', ');
      const fix = s.d.fix ? ` fix: ${JSON.stringify(s.d.fix.text)}` : s.d.noFix ? ' no fix' : '';
      const context = s.context.length > 240 ? s.context.slice(Math.max(0, s.d.column - 100), s.d.column + 140) : s.context;
      return `#${i + 1} ${s.file}:${s.d.line}:${s.d.column} [${s.kind}] ${types}${fix}\n   url: ${JSON.stringify(s.d.url)}\n   line: ${JSON.stringify(context)}\n`;
    });
    require('url-grammar/cli').writeFileSafely(out, lines.join('\n'), { replace: true });
    console.log(`sample of ${sample.length} findings (seed ${o.seed}): ${out}`);
  } finally {
    if (!o.keep) fs.rmSync(tree, { recursive: true, force: true });
  }
}

/** lintText, kept working when one file's text makes it throw (counted, never the end of the run). */
function lintText(lint, text, kind) {
  try {
    return lint.lintText(text, { kind, fixes: true });
  } catch (e) {
    console.error(`lint threw: ${e && e.message}`);
    return [];
  }
}

main();
