'use strict';
// The whole zoo at once, as issue 20 asks of it: the bundled corpus (the WPT inputs, the
// real-world URLs and the URL-confusion inputs in corpus/) plus 100,000 inputs generated from the grammar, against every
// parser available on this machine (--against all), with a Markdown report. It measures:
// - the wall time of the command, report included;
// - the peak resident memory of the command's own process (main thread and worker threads), and
//   separately the peak of the sum over its whole process tree (adapters, browsers, runtimes),
//   sampled from /proc every 100 ms;
// - whether any process of that tree is still alive once the command has exited.
// The command is the built CLI (dist/), run with the machine's node.
//
//   npm run build && node packages/compare/bench/zoo-run.js [--generate N] [--report FILE] [--against LIST]

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const PKG = path.join(__dirname, '..');
const ROOT = path.join(PKG, '..', '..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli.js');

function parseArgs(argv) {
  const opts = { generate: 100_000, report: null, against: 'all' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--generate') opts.generate = Math.max(0, parseInt(argv[++i], 10));
    else if (a === '--report') opts.report = argv[++i];
    else if (a === '--against') opts.against = argv[++i];
    else {
      process.stderr.write(`zoo-run: unknown argument ${a}\n`);
      process.exit(2);
    }
  }
  return opts;
}

/** pid -> { ppid, rssKb } for every process (Linux /proc). */
function processTable() {
  const table = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      const rss = /VmRSS:\s+([0-9]+) kB/.exec(status);
      table.set(Number(name), { state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]), rssKb: rss ? Number(rss[1]) : 0, command: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 100) });
    } catch {
      // the process ended while being read
    }
  }
  return table;
}

/** The processes below `root` (by parent), and those in a group or session one of them leads. */
function tree(table, root, known) {
  const found = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of table) {
      if (found.has(pid)) continue;
      if (found.has(p.ppid) || (found.has(p.pgrp) && p.pgrp !== process.pid) || (found.has(p.session) && p.session !== process.pid) || known.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return found;
}

function mb(kb) {
  return `${(kb / 1024).toFixed(0)} MB`;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CLI)) {
    process.stderr.write('zoo-run: dist/src/cli.js is missing: run npm run build first\n');
    process.exit(2);
  }
  const report = opts.report ?? path.join(os.tmpdir(), `url-grammar-zoo-${process.pid}.md`);
  const args = [
    CLI,
    'compare',
    '--corpus',
    path.join(PKG, 'corpus', 'urltestdata.json'),
    '--corpus',
    path.join(PKG, 'corpus', 'real-urls.txt'),
    '--corpus',
    path.join(PKG, 'corpus', 'confusion.jsonl'),
    '--generate',
    String(opts.generate),
    '--against',
    opts.against,
    '--report',
    report,
  ];
  const started = Date.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const seen = new Set();
  let peakOwn = 0;
  let peakTree = 0;
  let peakTreeWhat = '';
  const sample = () => {
    const table = processTable();
    const members = tree(table, child.pid, seen);
    let sum = 0;
    for (const pid of members) {
      seen.add(pid);
      sum += table.get(pid)?.rssKb ?? 0;
    }
    const own = table.get(child.pid)?.rssKb ?? 0;
    peakOwn = Math.max(peakOwn, own);
    if (sum > peakTree) {
      peakTree = sum;
      peakTreeWhat = `${members.size} processes`;
    }
  };
  const timer = setInterval(sample, 100);
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? s)));
  clearInterval(timer);
  const seconds = (Date.now() - started) / 1000;
  // anything of the tree still running once the command has exited (a zombie has ended: only its
  // parent's wait is missing, and init reaps it)
  await new Promise((r) => setTimeout(r, 200));
  const table = processTable();
  const left = [...seen].filter((pid) => pid !== child.pid && table.has(pid) && table.get(pid).state !== 'Z').map((pid) => `${pid} (${table.get(pid).state}: ${table.get(pid).command})`);
  const summary = /([0-9,]+) cases/.exec(out);
  const lines = [
    `command: url-grammar compare --corpus corpus/urltestdata.json --corpus corpus/real-urls.txt --corpus corpus/confusion.jsonl --generate ${opts.generate} --against ${opts.against} --report ${opts.report ?? '<tmp>.md'}`,
    `exit status: ${code}`,
    `cases: ${summary ? summary[1] : '?'}`,
    `wall time: ${seconds.toFixed(1)} s`,
    `peak resident memory of the command's process (main and worker threads): ${mb(peakOwn)}`,
    `peak resident memory summed over its process tree (adapters and browsers included): ${mb(peakTree)} (${peakTreeWhat})`,
    `processes of the run still running after it exited: ${left.length === 0 ? 'none' : left.join(', ')}`,
    `report: ${fs.existsSync(report) ? `${(fs.statSync(report).size / 1024).toFixed(0)} kB` : 'not written'}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  if (code !== 0) process.stdout.write(`standard error (last lines):\n${err.split('\n').slice(-15).join('\n')}\n`);
  if (opts.report === null) fs.rmSync(report, { force: true });
  process.exitCode = code === 0 && left.length === 0 ? 0 : 1;
}

main().catch((e) => {
  process.stderr.write(`zoo-run: ${e.message}\n`);
  process.exit(1);
});
