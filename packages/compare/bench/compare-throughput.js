'use strict';
// The throughput and peak memory of `url-grammar compare --jsonl` with url-grammar, Node's URL and
// whatwg-url, over 1,000,000 cases: (a) the real-world corpus repeated to a million lines, read
// from a file, and (b) a million inputs generated from the grammar (--generate, --seed 1). Each run
// is the built CLI (dist/) under /usr/bin/time -v, its standard output (one JSON line per case)
// counted and dropped; "peak RSS" is the process's maximum resident set, worker threads included.
// The section "compare-throughput" of bench/RESULTS.md is rewritten through bench/results-section.js.
//
//   npm run build && node bench/compare-throughput.js [--cases N] [--no-write]

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
// the core's repository: its built command line, its real-world URLs and bench/RESULTS.md
const ROOT = path.join(__dirname, '..', '..', '..');
const { writeSection } = require(path.join(ROOT, 'bench', 'results-section'));
const CLI = path.join(ROOT, 'dist', 'src', 'cli.js');
const AGAINST = 'node,whatwg-url';

function parseArgs(argv) {
  const opts = { cases: 1_000_000, write: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--cases') opts.cases = Math.max(1, parseInt(argv[++i], 10));
    else if (argv[i] === '--no-write') opts.write = false;
    else {
      process.stderr.write(`compare-throughput: unknown argument ${argv[i]}\n`);
      process.exit(2);
    }
  }
  return opts;
}

/** Runs the CLI under /usr/bin/time -v; resolves with the lines it printed, the seconds and the peak RSS. */
function run(args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-v', process.execPath, CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      if (code !== 0 || !rss) {
        reject(new Error(`compare exited with ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      const summary = stderr.split('\n').find((l) => l.startsWith('compare: ')) ?? '';
      resolve({ lines, seconds, peakMB: Number(rss[1]) / 1024, summary });
    });
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI)) {
    process.stderr.write('compare-throughput: dist/src/cli.js is missing: run npm run build first\n');
    process.exit(2);
  }
  if (!fs.existsSync('/usr/bin/time')) {
    process.stderr.write('compare-throughput: /usr/bin/time is needed for the peak memory (Debian package "time")\n');
    process.exit(2);
  }
  const real = fs.readFileSync(path.join(ROOT, 'bench', 'real-urls.txt'), 'utf8').split('\n').filter((l) => l !== '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-compare-bench-'));
  const corpus = path.join(dir, 'million.txt');
  try {
    // a --corpus line's TAB separates the input from its base: the few real URLs with a tab get %09
    const fd = fs.openSync(corpus, 'w');
    for (let i = 0; i < opts.cases; ) {
      const n = Math.min(real.length, opts.cases - i);
      fs.writeSync(fd, real.slice(0, n).map((l) => l.replace(/\t/g, '%09')).join('\n') + '\n');
      i += n;
    }
    fs.closeSync(fd);
    const runs = [
      { label: `real-world URLs (bench/real-urls.txt repeated), ${opts.cases.toLocaleString('en-US')} lines from a file`, args: ['compare', '--corpus', corpus, '--against', AGAINST, '--jsonl'] },
      { label: `generated from the grammar, --generate ${opts.cases} --seed 1`, args: ['compare', '--generate', String(opts.cases), '--seed', '1', '--against', AGAINST, '--jsonl'] },
    ];
    const rows = [];
    for (const r of runs) {
      process.stderr.write(`compare-throughput: ${r.label} ...\n`);
      const loadBefore = os.loadavg()[0];
      const got = await run(r.args);
      got.load = `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`;
      if (got.lines !== opts.cases) throw new Error(`expected ${opts.cases} JSON lines, got ${got.lines}`);
      rows.push({ ...r, ...got });
      process.stderr.write(`  ${got.lines} cases in ${got.seconds.toFixed(1)} s, ${Math.round(got.lines / got.seconds)} cases/s, peak RSS ${got.peakMB.toFixed(0)} MB\n`);
    }
    const md = [
      '## compare throughput',
      '',
      `Produced by \`node bench/compare-throughput.js\` (after \`npm run build\`) on ${new Date().toISOString().slice(0, 16)}Z: \`url-grammar compare --against ${AGAINST} --jsonl\` (url-grammar with its validation errors, Node's URL, whatwg-url with its validation errors) over ${opts.cases.toLocaleString('en-US')} cases, the built-in parsers on ${Math.max(1, Math.min(4, os.availableParallelism() - 1))} worker thread(s), one JSON line per case written to a pipe and counted. Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores (shared with other work: a load average above the number of cores means the figures are lower than the machine can do), Node ${process.version}. Peak RSS: \`/usr/bin/time -v\`'s maximum resident set of the whole process, worker threads included.`,
      '',
      '| corpus | cases | time | cases/s | peak RSS | load average (1 min) before → after |',
      '| :--- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.label} | ${r.lines.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} s | ${Math.round(r.lines / r.seconds).toLocaleString('en-US')} | ${r.peakMB.toFixed(0)} MB | ${r.load} |`),
      '',
      ...rows.map((r) => `- ${r.summary.replace(/^compare: /, '')}`),
    ].join('\n');
    if (opts.write) writeSection('compare-throughput', md);
    process.stdout.write(md + '\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`compare-throughput: ${e.message}\n`);
  process.exit(1);
});
