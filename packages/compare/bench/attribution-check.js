'use strict';
// The attribution bar of issue 37, on a held-out corpus: runs `url-grammar compare --json` on a
// corpus compare has not seen, then asks every parser the report names again, with a fresh adapter,
// about every case the report shows it on (verifyAttribution in src/attribution.ts), and says
// whether every value shown beside a parser's name is that parser's own answer.
//
//   npm run build && node packages/compare/bench/attribution-check.js --docs /usr/share/doc --limit 500
//   node packages/compare/bench/attribution-check.js --corpus held-out.jsonl --against node,python-urllib
//
// --docs DIR     the corpus: the http(s), ftp and file URLs found in the text files under DIR
//                (gzipped ones too), as a researcher would gather one; each once, in the order of
//                the files' paths, at most --limit of them (default 500, evenly spread)
// --corpus FILE  the corpus, in any format compare reads (repeatable)
// --against LIST the parsers (default: all)
// --manifest F   the adapters manifest (default: the package's)
// --equivalence  meaning or exact (default: compare's)
// --keep FILE    keep the report (compare --json) in FILE
// Exit 0 when every claim holds and every parser named could be asked; 1 otherwise (the problems
// listed, at most 20); 2 for bad arguments.

const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { spawn } = require('child_process');

const PKG = path.join(__dirname, '..');
const ROOT = path.join(PKG, '..', '..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli.js');

function usage(message) {
  process.stderr.write(`attribution-check: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { corpus: [], docs: null, limit: 500, against: 'all', manifest: null, equivalence: null, keep: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} wants a value`));
    if (a === '--corpus') o.corpus.push(value());
    else if (a === '--docs') o.docs = value();
    else if (a === '--limit') o.limit = Number(value());
    else if (a === '--against') o.against = value();
    else if (a === '--manifest') o.manifest = value();
    else if (a === '--equivalence') o.equivalence = value();
    else if (a === '--keep') o.keep = value();
    else usage(`unknown argument ${a}`);
  }
  if (!Number.isSafeInteger(o.limit) || o.limit < 1) usage('--limit wants a whole number of at least 1');
  if (o.docs === null && o.corpus.length === 0) usage('give a corpus: --docs DIR or --corpus FILE');
  return o;
}

/** Every file under `dir`, in the order of their paths. */
function files(dir) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The URLs in the text files under `dir`: each once, at most `limit`, evenly spread over them. */
function docsCorpus(dir, limit) {
  const seen = new Set();
  for (const f of files(dir)) {
    let bytes;
    try {
      bytes = fs.readFileSync(f);
      if (f.endsWith('.gz')) bytes = zlib.gunzipSync(bytes);
    } catch {
      continue;
    }
    // text only: a NUL in the first KiB says it is not
    if (bytes.subarray(0, 1024).includes(0)) continue;
    const text = bytes.toString('utf8');
    for (const m of text.matchAll(/\b(?:https?|ftp|file):\/\/[^\s<>"'`)\]}]+/g)) {
      // a sentence's full stop or comma is not part of the URL
      seen.add(m[0].replace(/[.,;:!?]+$/, ''));
    }
  }
  const all = [...seen];
  if (all.length <= limit) return all;
  return Array.from({ length: limit }, (_, i) => all[Math.floor((i * all.length) / limit)]);
}

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'compare', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    // decoded as a stream: a character whose bytes two pieces share is not two U+FFFD
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => {
      err += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI)) usage('dist/src/cli.js is missing: run npm run build first');
  // the library as built, as an installed package is
  const { verifyAttribution, freshAdapter, readManifest } = require(path.join(PKG, 'dist', 'index.js'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-attribution-'));
  try {
    const corpus = [...o.corpus];
    if (o.docs !== null) {
      const urls = docsCorpus(o.docs, o.limit);
      const file = path.join(tmp, 'docs.jsonl');
      fs.writeFileSync(file, urls.map((input) => JSON.stringify({ input, base: null })).join('\n') + '\n');
      corpus.push(file);
      process.stderr.write(`attribution-check: ${urls.length} URLs from ${o.docs}\n`);
    }
    const args = [...corpus.flatMap((c) => ['--corpus', c]), '--against', o.against, '--json'];
    if (o.manifest) args.push('--manifest', o.manifest);
    if (o.equivalence) args.push('--equivalence', o.equivalence);
    const r = await run(args);
    if (r.code !== 0 && r.code !== 1) {
      process.stderr.write(`attribution-check: compare exited with ${r.code}\n`);
      process.exit(1);
    }
    if (o.keep) fs.writeFileSync(o.keep, r.out);
    const report = JSON.parse(r.out);
    const manifest = readManifest(o.manifest ?? path.join(PKG, 'adapters', 'manifest.json'));
    const result = await verifyAttribution(report, (name) => freshAdapter(name, { manifest }));
    const parsers = Object.keys(result.asked).sort();
    const lines = [
      `corpus: ${report.cases} cases (${report.corpus.sources.map((s) => `${s.cases} from ${path.basename(s.name)}`).join(', ')}); equivalence ${report.equivalence}`,
      `parsers asked again: ${parsers.length} (${parsers.map((p) => `${p} ${result.asked[p]}`).join(', ')})`,
      `claims checked: ${result.checked}; problems: ${result.problems.length}${result.unchecked.length > 0 ? `; not asked (no adapter): ${result.unchecked.join(', ')}` : ''}`,
    ];
    for (const p of result.problems.slice(0, 20)) lines.push(`  ${p.where}: ${p.parser} on ${JSON.stringify(p.input)}${p.base !== null ? ` (base ${JSON.stringify(p.base)})` : ''}: shown ${JSON.stringify(p.shown)}, answers ${JSON.stringify(p.answered)}`);
    process.stdout.write(lines.join('\n') + '\n');
    process.exitCode = result.problems.length === 0 && result.unchecked.length === 0 ? 0 : 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`attribution-check: ${e.message}\n`);
  process.exit(1);
});
