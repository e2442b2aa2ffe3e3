// Each package's CHANGELOG.md, from the repository's CHANGELOG.md, where the notes are written.
//
//   node scripts/changelog.js            writes packages/<name>/CHANGELOG.md for every package
//   node scripts/changelog.js DIR...     writes it for the packages in these folders (a package's
//                                        prepack runs `node ../../scripts/changelog.js .`)
//   node scripts/changelog.js --check    writes nothing; exits 1 naming each file that differs
//
// The root file has a "## " heading for each version and, under it, a "### " heading for each
// package, named as its package.json names it; a package's sections hold "#### " headings (Added,
// Fixed...). A package's file is its sections, newest first, under their versions, with each
// heading one level up ("#### Added" becomes "### Added"). The core is the root package: it ships
// the root file itself. A package with no section under any version is an error, as is a "### "
// heading that names no package.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const REPOSITORY_FILE = 'https://github.com/url-grammar/url-grammar/blob/main/CHANGELOG.md';

/**
 * The versions of the root file, in its order: each { heading, packages: Map(name -> lines) }.
 * Lines between a version's heading and its first package (what is said of every package) are
 * left out, as is everything before the first version.
 */
function parse(text) {
  const versions = [];
  let version = null;
  let lines = null;
  let fence = false;
  for (const line of text.split('\n')) {
    // a heading inside a fenced code block is text
    if (/^(```|~~~)/.test(line)) fence = !fence;
    if (!fence && line.startsWith('## ')) {
      version = { heading: line, packages: new Map() };
      versions.push(version);
      lines = null;
      continue;
    }
    if (!fence && line.startsWith('### ') && version) {
      const name = line.slice(4).trim();
      if (version.packages.has(name)) throw new Error(`CHANGELOG.md: ${version.heading.slice(3)} has two sections for ${name}`);
      lines = [];
      version.packages.set(name, lines);
      continue;
    }
    if (lines) lines.push(line);
  }
  return versions;
}

/** The CHANGELOG.md of package `name`, from the root file's text. */
function render(text, name) {
  const out = [`# Changelog of ${name}`, '', `The notes of ${name} from the repository's [CHANGELOG.md](${REPOSITORY_FILE}), which`, "holds every package's, in the style of [Keep a Changelog](https://keepachangelog.com/en/1.1.0/).", ''];
  let any = false;
  for (const version of parse(text)) {
    const lines = version.packages.get(name);
    if (!lines) continue;
    any = true;
    out.push(version.heading, '');
    const body = lines.map((l) => (l.startsWith('#### ') ? l.slice(1) : l));
    while (body.length > 0 && body[0].trim() === '') body.shift();
    while (body.length > 0 && body[body.length - 1].trim() === '') body.pop();
    for (const l of body) out.push(l);
    out.push('');
  }
  if (!any) throw new Error(`CHANGELOG.md has no section for ${name}`);
  return out.join('\n');
}

/** The folders of the workspace's packages under packages/, each with its package.json's name. */
function packages() {
  const dir = path.join(root, 'packages');
  return fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, 'package.json')))
    .sort()
    .map((d) => ({ dir: path.join(dir, d), name: JSON.parse(fs.readFileSync(path.join(dir, d, 'package.json'), 'utf8')).name }));
}

function main(args) {
  const check = args.includes('--check');
  const text = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  const all = packages();
  const core = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).name;
  const known = new Set([core, ...all.map((p) => p.name)]);
  for (const version of parse(text)) {
    for (const name of version.packages.keys()) if (!known.has(name)) throw new Error(`CHANGELOG.md: ${version.heading.slice(3)} has a section for ${name}, which is no package here`);
  }
  const dirs = args.filter((a) => a !== '--check');
  const chosen = dirs.length === 0 ? all : dirs.map((d) => {
    const p = all.find((q) => q.dir === path.resolve(d));
    if (!p) throw new Error(`${d} is not a package under packages/`);
    return p;
  });
  let differ = 0;
  for (const p of chosen) {
    const file = path.join(p.dir, 'CHANGELOG.md');
    const want = render(text, p.name);
    const have = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (have === want) continue;
    if (check) {
      process.stderr.write(`${path.relative(root, file)} is not its section of CHANGELOG.md: run node scripts/changelog.js\n`);
      differ++;
    } else {
      // through the project's one safe writer (the core's, built into dist/ by npm install)
      require(path.join(root, 'dist', 'src', 'cli', 'write.js')).writeFileSafely(file, want, { replace: true });
    }
  }
  return differ === 0 ? 0 : 1;
}

module.exports = { parse, render, packages };

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`changelog: ${e.message}\n`);
    process.exitCode = 1;
  }
}
