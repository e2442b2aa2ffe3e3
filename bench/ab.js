'use strict';
// Construct-then-href of two or more builds side by side, each timed in processes of its own that
// take turns: a steadier comparison of two revisions than bench/run.js --against, whose parsers
// share one process (on these 2-core machines one process's V8 state can move a figure by a
// third, and it moves both parsers of that process differently).
//
//   node bench/ab.js [--corpus FILE] [--rounds N] [--node BIN] REV_OR_DOT ...
//
// Each argument is a revision of this repository (built as bench/run.js --against builds one, in
// the system's temporary directory) or "." for this checkout's build (npm run build first). In
// each round every build gets one fresh process, in the order given; the process puts the WPT
// inputs (with their bases) and bench/real-urls.txt through `new URL(s).href` 20 times (other
// work, as the bench's "after" processes do), the corpus 30 times, then takes 15 samples of at
// least 100 ms of its CPU time; its figure is their median, per input. Printed: each build's
// figures over the rounds (sorted), their median, and that median divided by the first build's.
// Give a revision twice (say HEAD HEAD) to see how far two identical builds drift apart.

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.join(__dirname, '..');
const OTHER = [path.join(ROOT, 'test', 'wpt', 'urltestdata.json'), path.join(ROOT, 'bench', 'real-urls.txt')];

function child(dist, corpusFile) {
  const { URL } = require(dist);
  const inputs = fs.readFileSync(corpusFile, 'utf8').split('\n').filter(Boolean);
  const other = OTHER.flatMap((f) =>
    f.endsWith('.json')
      ? JSON.parse(fs.readFileSync(f, 'utf8'))
          .filter((c) => typeof c === 'object' && c.input !== undefined)
          .map((c) => [c.input, c.base ?? undefined])
      : fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((x) => [x, undefined]),
  );
  const pass = () => {
    let ok = 0;
    for (const s of inputs) {
      try {
        if (new URL(s).href !== '') ok++;
      } catch {
        // a failure counts like a parse
      }
    }
    return ok;
  };
  for (let k = 0; k < 20; k++) {
    for (const [s, b] of other) {
      try {
        void new URL(s, b).href;
      } catch {
        // (other work: failures are part of it)
      }
    }
  }
  for (let k = 0; k < 30; k++) pass();
  const samples = [];
  for (let round = 0; round < 15; round++) {
    const t0 = process.cpuUsage();
    const w0 = Date.now();
    let reps = 0;
    while (Date.now() - w0 < 100) {
      pass();
      reps++;
    }
    const u = process.cpuUsage(t0);
    samples.push(((u.user + u.system) * 1000) / (reps * inputs.length));
  }
  process.stdout.write(String(median(samples)));
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function fail(message) {
  process.stderr.write(`bench/ab.js: ${message}\n`);
  process.exit(2);
}

function main(argv) {
  const opts = { corpus: path.join(ROOT, 'bench', 'package-urls.txt'), rounds: 8, node: process.execPath, builds: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus' || a === '--rounds' || a === '--node') {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      const v = argv[++i];
      if (a === '--rounds') {
        opts.rounds = Number(v);
        if (!Number.isInteger(opts.rounds) || opts.rounds < 1) fail(`--rounds takes a whole number from 1 up, not ${JSON.stringify(v)}`);
      } else opts[a.slice(2)] = v;
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node bench/ab.js [--corpus FILE] [--rounds N] [--node BIN] REV_OR_DOT ...\n');
      process.exit(0);
    } else if (a.startsWith('--')) fail(`unknown option ${a}`);
    else opts.builds.push(a);
  }
  if (opts.builds.length < 2) fail('give two builds or more to compare (a revision, or "." for this checkout)');
  if (!fs.existsSync(opts.corpus)) fail(`no corpus at ${opts.corpus}`);
  const { buildAgainst } = require('./run');
  const dists = opts.builds.map((b) => {
    if (b !== '.') {
      try {
        return buildAgainst(b);
      } catch (e) {
        fail(String(e.message).split('\n')[0]);
      }
    }
    const dist = path.join(ROOT, 'dist', 'src', 'index.js');
    if (!fs.existsSync(dist)) fail('no build of this checkout: run npm run build');
    return dist;
  });
  const times = dists.map(() => []);
  for (let r = 0; r < opts.rounds; r++) {
    dists.forEach((dist, k) => {
      const out = spawnSync(opts.node, [__filename, '--child', dist, opts.corpus], { encoding: 'utf8' });
      if (out.status !== 0) fail(`the process for ${opts.builds[k]} failed: ${(out.stderr || '').trim().split('\n')[0]}`);
      times[k].push(Number(out.stdout));
    });
    process.stderr.write(`\rround ${r + 1} of ${opts.rounds}`);
  }
  process.stderr.write('\n');
  const version = spawnSync(opts.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`construct-then-href, ns per input, ${path.relative(ROOT, opts.corpus)}, Node ${version}, ${opts.rounds} processes each after other work`);
  const first = median(times[0]);
  opts.builds.forEach((b, k) => {
    const m = median(times[k]);
    console.log(`${b.padEnd(12)} median ${m.toFixed(1).padStart(7)}  ${(m / first).toFixed(3)}x  (${times[k].map((t) => t.toFixed(0)).sort((x, y) => x - y).join(' ')})`);
  });
}

if (process.argv[2] === '--child') child(process.argv[3], process.argv[4]);
else main(process.argv.slice(2));
