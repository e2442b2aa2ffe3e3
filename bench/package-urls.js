'use strict';
// Builds bench/package-urls.txt, the benchmark's second real-world corpus: every URL in the
// `homepage`, `repository`, `bugs`, `funding` and `author`/`contributors` `url` fields of the
// package.json files installed under node_modules/ (this project's and test/runtimes'), as their
// authors wrote them (git+https:, git:, git+ssh:, http(s): with and without a trailing slash,
// fragments such as #readme). Deduplicated and sorted, so the file only changes when the
// installed packages do. The global node_modules (`npm root -g`: npm's own dependencies, and
// whatever else is installed there) is read too. See bench/CORPUS.md.
//
//   node bench/package-urls.js

const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const OUT = path.join(__dirname, 'package-urls.txt');

function* packageJsons(dir, depth = 0) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.isDirectory() || e.isSymbolicLink()) continue;
    const sub = path.join(dir, e.name);
    if (e.name.startsWith('@')) {
      yield* packageJsons(sub, depth);
      continue;
    }
    const pj = path.join(sub, 'package.json');
    if (fs.existsSync(pj)) yield pj;
    const nested = path.join(sub, 'node_modules');
    if (depth < 4 && fs.existsSync(nested)) yield* packageJsons(nested, depth + 1);
  }
}

function urlsOf(pkg) {
  const out = [];
  const add = (v) => {
    if (typeof v === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(v.trim())) out.push(v.trim());
  };
  const addField = (v) => {
    if (typeof v === 'string') add(v);
    else if (v && typeof v === 'object') {
      add(v.url);
      add(v.web);
    }
  };
  add(pkg.homepage);
  addField(pkg.repository);
  addField(pkg.bugs);
  if (Array.isArray(pkg.funding)) pkg.funding.forEach(addField);
  else addField(pkg.funding);
  addField(pkg.author);
  if (Array.isArray(pkg.contributors)) pkg.contributors.forEach(addField);
  if (Array.isArray(pkg.maintainers)) pkg.maintainers.forEach(addField);
  return out;
}

function globalRoot() {
  const r = require('child_process').spawnSync('npm', ['root', '-g'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const urls = new Set();
const roots = [path.join(ROOT, 'node_modules'), path.join(ROOT, 'test', 'runtimes', 'node_modules'), globalRoot()];
for (const base of roots.filter(Boolean)) {
  for (const pj of packageJsons(base)) {
    try {
      for (const u of urlsOf(JSON.parse(fs.readFileSync(pj, 'utf8')))) if (!/[\r\n]/.test(u)) urls.add(u);
    } catch {
      // a package.json that is not JSON: skip it
    }
  }
}
const sorted = [...urls].sort();
fs.writeFileSync(OUT, sorted.join('\n') + '\n');
process.stdout.write(`wrote ${path.relative(process.cwd(), OUT)}: ${sorted.length} URLs\n`);
