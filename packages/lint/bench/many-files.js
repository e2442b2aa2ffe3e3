// Lint speed on a docs tree of many small Markdown files, against markdown-it's read and parse.
//
//   npm run build --workspace=packages/lint    (the command runs from the build)
//   node packages/lint/bench/many-files.js [--files 8000] [--kb 1.2] [--rounds 3] [--seed 1] [--keep DIR] [--profile FILE]
//
// Makes, in a new temporary folder, a git work tree (a .git folder, a .gitignore at its root and
// in some folders, a .url-grammar.json) of `--files` Markdown pages of about `--kb` KB each (from
// half to one and a half times that), generated as a documentation site's pages are written (see
// `page`), in nested folders. Then, taking turns, each in
// a process of its own, `rounds` times:
//   - markdown-it: walk the tree (sorted, as lint walks it), read each file and parse it
//     (new MarkdownIt().parse(text, {})), what a Markdown tool does at least;
//   - lint: `url-grammar lint <tree>` (the core's command with this package's build), its
//     findings written to /dev/null.
// Each process reports its own CPU time (user + system, from its start, loading included). Prints
// the medians and lint's ratio to markdown-it; exits 1 above 2x. --profile FILE writes a V8 CPU
// profile of one more lint run (chrome://inspect opens it). --keep DIR builds the tree there and
// keeps it.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { BAD, rng } = require('./lint-large.js');

function options(argv) {
  const o = { files: 8000, kb: 1.2, rounds: 3, seed: 1, keep: null, profile: null };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === '--files') o.files = Number(v);
    else if (k === '--kb') o.kb = Number(v);
    else if (k === '--rounds') o.rounds = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else if (k === '--keep') o.keep = v;
    else if (k === '--profile') o.profile = v;
    else throw new Error(`unknown option ${k}`);
    i++;
  }
  if (!(o.files >= 1 && o.kb > 0 && o.rounds >= 1)) throw new Error('--files, --kb and --rounds must be positive');
  return o;
}

const WORDS = 'the a of to and in is it that for on with as by this be are from or an at which not have but can has all one there if more when will who so no out up into than them only other time new some could these may first then do any like now over such make even most also after many before must through back where much way well down should because each just how too little good very still own see work long get here both being under never day same another know while last might great old year off come since against go came right used take three file page command option value list example'.split(' ');

/**
 * One page of a documentation site, about `bytes` long: what tldr pages, free-programming-books
 * lists and a book's chapters hold (a heading, prose with links, lists, inline code, fenced code,
 * now and then a table, an image, a GFM literal autolink or a bad URL, at about one per ten pages).
 */
function page(random, bytes, i) {
  const pick = (a) => a[Math.floor(random() * a.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const url = () => (random() < 0.1 ? pick(BAD)[0] : `https://${pick(['example.com', 'docs.example.org', 'github.com/org/repo'])}/${words(2).replace(/ /g, '-')}`);
  const out = [`# ${words(3)}\n`, `> ${words(12)}.\n> More information: <https://example.com/page-${i}>.\n`];
  let size = out.join('\n').length;
  while (size < bytes) {
    const r = random();
    let block;
    if (r < 0.35) block = `${words(10)} [${words(2)}](${url()}) ${words(12)} \`${words(1)} --${words(1)}\` ${words(8)}.`;
    else if (r < 0.55) block = Array.from({ length: 3 }, () => `- ${words(5)}: \`${words(2)} {{${words(1)}}}\``).join('\n');
    else if (r < 0.7) block = '```sh\n' + Array.from({ length: 3 }, () => `${words(1)} --${words(1)} ${words(2)}`).join('\n') + '\n```';
    else if (r < 0.8) block = `* [${words(3)}](${url()}) - ${words(6)}`;
    else if (r < 0.87) block = `## ${words(4)}`;
    else if (r < 0.93) block = `| ${words(1)} | ${words(1)} |\n| --- | --- |\n| \`${words(1)}\` | ${words(4)} |`;
    else if (r < 0.97) block = `See ${url()} for ${words(5)}.`;
    else block = `![${words(2)}](images/${words(1)}.png "${words(2)}")`;
    out.push(block + '\n');
    size += block.length + 2;
  }
  return out.join('\n');
}

/** Writes the tree under `root`: returns how many files and bytes. */
function makeTree(root, o) {
  const random = rng(o.seed);
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  fs.writeFileSync(path.join(root, '.gitignore'), 'build/\n*.tmp.md\nnode_modules/\n');
  fs.writeFileSync(path.join(root, '.url-grammar.json'), JSON.stringify({ ignores: ['vendor/**'], rules: { 'invalid-credentials': 'warning' } }));
  let bytes = 0;
  for (let i = 0; i < o.files; i++) {
    // pages/<platform>/<page>.md (as tldr's), book/<chapter>/<section>.md, and some at the top
    const dir = i % 25 === 0 ? path.join(root, 'docs') : i % 2 ? path.join(root, 'pages', `section-${i % 10}`) : path.join(root, 'book', `chapter-${i % 40}`, `part-${i % 3}`);
    fs.mkdirSync(dir, { recursive: true });
    if (i < 200 && i % 10 === 4) fs.writeFileSync(path.join(dir, '.gitignore'), 'draft-*.md\n');
    const text = page(random, o.kb * 1024 * (0.5 + random()), i);
    fs.writeFileSync(path.join(dir, `page-${i}.md`), text);
    bytes += Buffer.byteLength(text);
  }
  return { files: o.files, bytes };
}

const MARKDOWN_IT = `
const fs = require('fs');
const path = require('path');
const MarkdownIt = require(${JSON.stringify(require.resolve('markdown-it'))});
const md = new MarkdownIt();
let n = 0;
const walk = (d) => {
  const entries = fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) { if (e.name !== '.git' && e.name !== 'node_modules') walk(p); }
    else if (e.isFile() && e.name.endsWith('.md')) { md.parse(fs.readFileSync(p, 'utf8'), {}); n++; }
  }
};
walk(process.argv[1]);
const u = process.cpuUsage();
process.stdout.write(JSON.stringify({ cpu: (u.user + u.system) / 1e6, files: n }));
`;

const LINT = `
const cli = require(${JSON.stringify(path.join(__dirname, '..', '..', '..', 'dist', 'src', 'cli.js'))});
process.chdir(process.argv[1]);
cli.mainAsync(['lint', '.'], Object.assign(cli.processIO(), { out: () => undefined })).then((code) => {
  const u = process.cpuUsage();
  process.stdout.write(JSON.stringify({ cpu: (u.user + u.system) / 1e6, code }));
});
`;

function run(script, root, extra = []) {
  const r = spawnSync(process.execPath, [...extra, '-e', script, root], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0 && !r.stdout) throw new Error(`a child failed: ${r.stderr.slice(0, 2000)}`);
  return { ...JSON.parse(r.stdout), err: r.stderr };
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

function main() {
  const o = options(process.argv.slice(2));
  if (!fs.existsSync(path.join(__dirname, '..', 'dist', 'cli.js'))) throw new Error('build the package first: npm run build --workspace=packages/lint');
  const root = o.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-many-files-'));
  try {
    const { files, bytes } = makeTree(root, o);
    console.log(`tree: ${files} Markdown files, ${(bytes / 1e6).toFixed(1)} MB, in ${root}`);
    const mdit = [];
    const lint = [];
    let summary = '';
    for (let r = 0; r < o.rounds; r++) {
      const a = run(MARKDOWN_IT, root);
      if (a.files !== files) throw new Error(`markdown-it read ${a.files} files, not ${files}`);
      mdit.push(a.cpu);
      const b = run(LINT, root);
      lint.push(b.cpu);
      summary = b.err.trim().split('\n').pop();
    }
    const m = median(mdit);
    const l = median(lint);
    console.log(`markdown-it read and parse: ${m.toFixed(2)} s CPU (median of ${o.rounds}: ${mdit.map((x) => x.toFixed(2)).join(', ')})`);
    console.log(`url-grammar lint:           ${l.toFixed(2)} s CPU (median of ${o.rounds}: ${lint.map((x) => x.toFixed(2)).join(', ')})`);
    console.log(`lint's summary: ${summary}`);
    console.log(`ratio: ${(l / m).toFixed(2)}x markdown-it`);
    if (o.profile) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-profile-'));
      run(LINT, root, ['--cpu-prof', '--cpu-prof-dir', dir]);
      const [prof] = fs.readdirSync(dir);
      fs.copyFileSync(path.join(dir, prof), o.profile);
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(`profile: ${o.profile}`);
    }
    if (l / m > 2) {
      console.log('FAIL: lint took more than twice markdown-it\'s time');
      process.exitCode = 1;
    }
  } finally {
    if (!o.keep) fs.rmSync(root, { recursive: true, force: true });
  }
}

main();
