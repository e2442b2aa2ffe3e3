// Start-up: `require` of the package plus the first `new URL(...).href`, in a fresh process each
// time, for url-grammar (the core, as installed: its package.json's main) and whatwg-url, taken in
// turns so that both see the same machine. Prints the median and quartiles of each, and their ratio.
//
//   node bench/startup.js [--runs N] [--json]
//   node bench/startup.js --write      under Node 20, 22 and 24 (test/runtimes), and writes the
//                                      startup section of bench/RESULTS.md
//
// Measured inside the child, from just before `require` to just after the first href: node's own
// start-up is the same for both and is left out.
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const INPUT = 'https://example.com/a/b?c#d';

const SUBJECTS = {
  'url-grammar': ROOT,
  'whatwg-url': 'whatwg-url',
};

/** One fresh process: milliseconds from before require to after the first href. */
function once(specifier) {
  const script = `const t = process.hrtime.bigint(); const { URL } = require(${JSON.stringify(specifier)}); const h = new URL(${JSON.stringify(INPUT)}).href; const ms = Number(process.hrtime.bigint() - t) / 1e6; if (h !== ${JSON.stringify(INPUT)}) throw new Error(h); process.stdout.write(String(ms));`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`startup: ${specifier}: ${r.stderr.trim().split('\n').pop()}`);
  return Number(r.stdout);
}

function quantile(sorted, q) {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo] + (sorted[Math.ceil(i)] - sorted[lo]) * (i - lo);
}

function measure(runs) {
  const times = Object.fromEntries(Object.keys(SUBJECTS).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    const names = Object.keys(SUBJECTS);
    if (i % 2) names.reverse();
    for (const name of names) times[name].push(once(SUBJECTS[name]));
  }
  const out = {};
  for (const [name, list] of Object.entries(times)) {
    const s = list.slice().sort((a, b) => a - b);
    out[name] = { median: quantile(s, 0.5), q1: quantile(s, 0.25), q3: quantile(s, 0.75), runs: s.length };
  }
  out.ratio = out['url-grammar'].median / out['whatwg-url'].median;
  return out;
}

module.exports = { measure };

/** Runs this script under each Node of test/runtimes (and this one) and writes the section of bench/RESULTS.md. */
function writeResults(runs) {
  const fs = require('fs');
  const { writeSection } = require('./results-section');
  const nodes = [process.execPath, ...['node22', 'node24'].map((n) => path.join(ROOT, 'test', 'runtimes', 'node_modules', n, 'bin', 'node')).filter((f) => fs.existsSync(f))];
  const rows = [];
  for (const node of nodes) {
    const r = spawnSync(node, [__filename, '--runs', String(runs), '--json'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`startup under ${node}: ${r.stderr}`);
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    rows.push({ version, ...JSON.parse(r.stdout) });
  }
  const ms = (m) => `${m.median.toFixed(1)} ms (${m.q1.toFixed(1)}-${m.q3.toFixed(1)})`;
  const lines = [
    '## Start-up (bench/startup.js)',
    '',
    `\`node bench/startup.js --write\` on ${new Date().toISOString().slice(0, 10)}: \`require\` of the package plus the first \`new URL(${JSON.stringify(INPUT)}).href\`, timed inside a fresh process, ${runs} processes each, url-grammar and whatwg-url in turns; median (quartiles). ${require('os').cpus().length} CPUs, load average ${require('os').loadavg()[0].toFixed(1)}.`,
    '',
    '| Node | url-grammar | whatwg-url | url-grammar / whatwg-url |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.version} | ${ms(r['url-grammar'])} | ${ms(r['whatwg-url'])} | ${r.ratio.toFixed(2)} |`),
  ];
  writeSection('startup', lines.join('\n'));
  console.log(lines.join('\n'));
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.includes('--write')) {
    const at = args.indexOf('--runs');
    writeResults(at >= 0 ? Math.max(1, parseInt(args[at + 1], 10) || 1) : 31);
    return;
  }
  const at = args.indexOf('--runs');
  const runs = at >= 0 ? Math.max(1, parseInt(args[at + 1], 10) || 1) : 21;
  const r = measure(runs);
  if (args.includes('--json')) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
  else {
    for (const name of Object.keys(SUBJECTS)) {
      const m = r[name];
      console.log(`${name.padEnd(12)} median ${m.median.toFixed(1)} ms (quartiles ${m.q1.toFixed(1)}-${m.q3.toFixed(1)}), ${m.runs} runs`);
    }
    console.log(`url-grammar / whatwg-url: ${r.ratio.toFixed(2)} (Node ${process.version})`);
  }
}
