'use strict';
// The bar of issue 48 for --wpt-candidates, on a corpus of its own: runs `url-grammar compare
// --wpt-candidates` against the browser engines, then checks the file it wrote by asking the engines
// afresh (verifyCandidates in src/candidates.ts): no candidate reducible by one deletion, no
// candidate for an engine behaviour a candidate before it shows, none literally a WPT input, none
// whose every engine behaviour a WPT input shows, every expectation url-grammar's answer, and no
// invisible code point anywhere in the file. It prints the candidates (the input, its base, what
// each is for) and the counts.
//
//   npm run build && node packages/compare/bench/candidates-check.js --generate 3000 --seed 4848
//   node packages/compare/bench/candidates-check.js --file candidates.json   # check a file already written
//
// --generate N   inputs drawn from the grammar (default 3000)
// --seed S       their seed (default 4848: one no test of the project uses)
// --corpus FILE  a corpus instead (repeatable; any format compare reads)
// --against LIST the engines (default chromium,firefox,webkit)
// --keep FILE    where to write the candidates (default: a temporary file, removed at the end)
// --file FILE    check FILE, written before, instead of running compare
// Exit 0 when every check holds; 1 otherwise (the problems listed); 2 for bad arguments.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const PKG = path.join(__dirname, '..');
const ROOT = path.join(PKG, '..', '..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli.js');

function usage(message) {
  process.stderr.write(`candidates-check: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { generate: 3000, seed: 4848, corpus: [], against: 'chromium,firefox,webkit', keep: null, file: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} wants a value`));
    if (a === '--generate') o.generate = Number(value());
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--corpus') o.corpus.push(value());
    else if (a === '--against') o.against = value();
    else if (a === '--keep') o.keep = value();
    else if (a === '--file') o.file = value();
    else usage(`unknown argument ${a}`);
  }
  for (const k of ['generate', 'seed']) if (!Number.isSafeInteger(o[k]) || o[k] < 0) usage(`--${k} wants a whole number`);
  return o;
}

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI) || !fs.existsSync(path.join(PKG, 'dist', 'index.js'))) usage('dist/ is missing: run npm run build first');
  // eslint-disable-next-line import/no-dynamic-require
  const lib = require(path.join(PKG, 'dist', 'index.js'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-candidates-check-'));
  const file = o.file ?? o.keep ?? path.join(dir, 'candidates.json');
  let status = 0;
  try {
    if (o.file === null) {
      const corpus = o.corpus.length > 0 ? o.corpus.flatMap((c) => ['--corpus', c]) : ['--generate', String(o.generate), '--seed', String(o.seed)];
      const started = Date.now();
      const code = await run(['compare', ...corpus, '--against', o.against, '--json', '--wpt-candidates', file]);
      process.stdout.write(`compare exited ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      if (code !== 0) return 1;
    }
    const text = fs.readFileSync(file, 'utf8');
    const wpt = lib.parseWptCorpus(fs.readFileSync(path.join(PKG, 'corpus', 'urltestdata.json'), 'utf8'));
    const manifest = lib.readManifest(path.join(PKG, 'adapters', 'manifest.json'));
    const engines = o.against.split(',').map((n) => lib.freshAdapter(n.trim(), { manifest, root: PKG }));
    if (engines.some((e) => !e)) usage(`an engine of ${o.against} is not in the manifest`);
    try {
      const check = await lib.verifyCandidates(text, engines, wpt);
      const data = JSON.parse(text);
      data.forEach((x, i) => {
        if (typeof x !== 'object' || x === null) return;
        const comment = String(data[i - 1]);
        const forText = /it is for (.*?)(?:; besides|\. The step)/.exec(comment);
        process.stdout.write(`${lib.terminalText(JSON.stringify(x.input))}${x.base !== null ? ` against ${lib.terminalText(JSON.stringify(x.base))}` : ''}: ${forText ? forText[1] : '?'}\n`);
      });
      process.stdout.write(`${check.candidates} candidates; ${check.deletions} single deletions asked about, none may keep a behaviour; ${check.asked} inputs asked of one engine each\n`);
      if (check.problems.length > 0) {
        status = 1;
        for (const p of check.problems.slice(0, 40)) process.stdout.write(`problem: ${lib.terminalText(p)}\n`);
        if (check.problems.length > 40) process.stdout.write(`and ${check.problems.length - 40} more\n`);
      } else process.stdout.write('every check holds\n');
    } finally {
      await Promise.all(engines.map((e) => e && e.close && e.close()));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return status;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`candidates-check: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
  },
);
