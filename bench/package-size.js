// What each package costs the project that installs it: the tarball `npm pack` makes, and what
// `npm install <tarball> --omit=dev` puts in an empty project's node_modules (packages, bytes),
// beside whatwg-url installed the same way.
//
//   node bench/package-size.js              pack, install each into an empty project (needs the
//                                           npm registry for the dependencies), print a table
//   node bench/package-size.js --readme     the same, and rewrite the table in README.md
//                                           (between <!-- begin package-table --> and the end mark)
//   node bench/package-size.js --offline    no install: the runtime dependencies' closure as this
//                                           checkout's node_modules holds it (what the tests use)
//
// Run after `npm run build` (the tarballs are packed from the built dist/ folders).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.join(__dirname, '..');

/** The workspace's packages: the core first, then the tools, each with what it is for. */
const PACKAGES = [
  { dir: '.', what: 'the core: grammar, parser, URL API, validation errors with spans, writing checker, explain, diagrams, EBNF; the `url-grammar` command (parse, check, render, diagram)' },
  { dir: 'packages/lint', what: 'finds the URLs in text, Markdown, HTML and JavaScript/TypeScript and reports their validation errors, with safe fixes; `url-grammar lint`' },
  { dir: 'packages/compare', what: 'other parsers against url-grammar: built-in ones, browser engines and other languages through adapters; `url-grammar compare`' },
  { dir: 'packages/viewer', what: 'the live viewer page; `url-grammar viewer`' },
  { dir: 'packages/coverage', what: 'what a set of URL tests exercises of the standard, by the grammar\'s own rules; the generated conformance corpus; the validity fuzzer; `url-grammar coverage`' },
  { dir: 'packages/eslint-plugin', what: 'an ESLint plugin: validation errors in the string literals given to `new URL()` and `fetch()`, with fixes and suggestions' },
  { dir: 'packages/markdownlint-rule', what: 'a markdownlint custom rule with the findings, columns and fixes of `url-grammar lint`' },
  { dir: 'packages/lsp', what: 'a language server: the findings, fixes and disable comments of `url-grammar lint` in any editor, with hover; `url-grammar lsp`' },
];

function readJSON(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** `npm pack` of one package: its file list and sizes (dry run), or the tarball written into `into`. */
function pack(dir, into) {
  const args = ['pack', '--json', '--ignore-scripts', ...(into ? ['--pack-destination', into] : ['--dry-run'])];
  const out = execFileSync('npm', args, { cwd: path.join(ROOT, dir), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [info] = JSON.parse(out);
  return { name: info.name, size: info.size, unpackedSize: info.unpackedSize, files: info.files.map((f) => f.path), filename: into ? path.join(into, info.filename) : null };
}

/** Bytes of the files under `dir` (symbolic links not followed). */
function du(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += du(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** The package folders directly in a node_modules folder (scoped ones included). */
function packagesIn(nodeModules) {
  if (!fs.existsSync(nodeModules)) return [];
  const out = [];
  for (const name of fs.readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const p = path.join(nodeModules, name);
    const packages = name.startsWith('@') ? fs.readdirSync(p).map((sub) => path.join(p, sub)) : [p];
    for (const q of packages) {
      out.push(q);
      for (const inner of packagesIn(path.join(q, 'node_modules'))) out.push(inner);
    }
  }
  return out;
}

/**
 * The runtime closure of a package as this checkout has it installed: the package itself (its
 * packed size) plus every dependency reached through `dependencies` (not dev, not optional peers),
 * each counted once with the bytes of its folder. `packer` packs a workspace folder (the tests
 * pass one that packs each folder once per run).
 */
function offlineClosure(dir, packer = pack) {
  const pkg = readJSON(path.join(ROOT, dir, 'package.json'));
  const seen = new Map();
  const visit = (name, from) => {
    if (seen.has(name)) return;
    let folder = null;
    for (let d = from; ; d = path.dirname(d)) {
      const candidate = path.join(d, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) {
        folder = fs.realpathSync(candidate);
        break;
      }
      if (path.dirname(d) === d) break;
    }
    if (folder === null) throw new Error(`${name} (needed by ${from}) is not installed: run npm install`);
    const own = readJSON(path.join(folder, 'package.json'));
    // a workspace package counts as its tarball would unpack; a registry package as installed
    const workspace = !folder.includes(`${path.sep}node_modules${path.sep}`);
    seen.set(name, workspace ? packer(path.relative(ROOT, folder) || '.').unpackedSize : du(folder));
    for (const dep of Object.keys(own.dependencies ?? {})) visit(dep, folder);
  };
  seen.set(pkg.name, packer(dir).unpackedSize);
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, path.join(ROOT, dir));
  return { packages: seen.size, bytes: [...seen.values()].reduce((a, b) => a + b, 0), names: [...seen.keys()] };
}

/** Installs `specs` (tarballs or registry names) into a new empty project: packages and bytes in its node_modules. */
function installed(specs) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-size-'));
  try {
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'size-probe', version: '1.0.0', private: true }));
    execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', ...specs], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
    const nm = path.join(project, 'node_modules');
    const list = packagesIn(nm);
    return { packages: list.length, bytes: du(nm), names: list.map((p) => path.relative(nm, p)) };
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}

const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

function measureAll({ offline }) {
  const tmp = offline ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-pack-'));
  try {
    const rows = [];
    // every package packed first: a package is installed with the tarballs of the workspace's
    // packages it depends on (the core, and @url-grammar/lint for the two plugins)
    const packedAll = new Map(PACKAGES.map((p) => [p.dir, offline ? pack(p.dir) : pack(p.dir, tmp)]));
    const byName = new Map(PACKAGES.map((p) => [packedAll.get(p.dir).name, p.dir]));
    const withLocal = (dir, acc = new Set()) => {
      acc.add(dir);
      const deps = Object.keys(readJSON(path.join(ROOT, dir, 'package.json')).dependencies ?? {});
      for (const d of deps) if (byName.has(d) && !acc.has(byName.get(d))) withLocal(byName.get(d), acc);
      return acc;
    };
    for (const p of PACKAGES) {
      const packed = packedAll.get(p.dir);
      const inst = offline ? offlineClosure(p.dir) : installed([...withLocal(p.dir)].map((d) => packedAll.get(d).filename));
      rows.push({ ...p, name: packed.name, tarball: packed.size, files: packed.files.length, installedPackages: inst.packages, installedBytes: inst.bytes, installedNames: inst.names });
    }
    const reference = offline ? null : installed(['whatwg-url@' + readJSON(path.join(ROOT, 'node_modules', 'whatwg-url', 'package.json')).version]);
    return { rows, reference };
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function table({ rows, reference }) {
  const lines = [
    '| package | what it is for | tarball | installed with `--omit=dev` (node_modules) |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((r) => `| \`${r.name}\` | ${r.what} | ${(r.tarball / 1e3).toFixed(0)} kB, ${r.files} files | ${mb(r.installedBytes)}, ${r.installedPackages} packages${r.dir === '.' ? '' : ' (with what it needs of this workspace)'} |`),
  ];
  lines.push('', 'What npm installs counts, peer dependencies included: the ESLint plugin brings ESLint and the markdownlint rule markdownlint, as npm installs a peer dependency that is not there.');
  if (reference) lines.push('', `For comparison, whatwg-url installed the same way: ${mb(reference.bytes)}, ${reference.packages} packages.`);
  return lines.join('\n');
}

module.exports = { offlineClosure, pack, measureAll, PACKAGES };

if (require.main === module) {
  const args = process.argv.slice(2);
  const offline = args.includes('--offline');
  const result = measureAll({ offline });
  const text = table(result);
  console.log(text);
  for (const r of result.rows) console.log(`\n${r.name}: ${r.installedNames.join(', ')}`);
  if (args.includes('--readme')) {
    if (offline) throw new Error('--readme wants the real install: leave out --offline');
    const file = path.join(ROOT, 'README.md');
    const readme = fs.readFileSync(file, 'utf8');
    const begin = '<!-- begin package-table -->';
    const end = '<!-- end package-table -->';
    const a = readme.indexOf(begin);
    const b = readme.indexOf(end);
    if (a < 0 || b < a) throw new Error('README.md has no package-table marks');
    const stamp = `Measured by \`node bench/package-size.js --readme\` on ${new Date().toISOString().slice(0, 10)}, npm ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}.`;
    fs.writeFileSync(file, readme.slice(0, a + begin.length) + '\n' + text + '\n\n' + stamp + '\n' + readme.slice(b));
  }
}
