// `url-grammar lint` on the documents that once ran it out of memory or time: each generated at
// the size it was reported at, linted by the built command line under /usr/bin/time -v, with its
// time, peak memory (max RSS) and the number of findings. Then `--fix-dry-run` on files of 8,000
// to 32,000 changed lines, whose diff once took time that grew with the square of that number.
//
//   node packages/lint/bench/lint-bounds.js [--only <shape>] [--scale 0.5]
//
// Run after `npm run build` (it runs the built command line). Exits 1 when a document takes more
// than 500 MB, or a run fails.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const CORE = path.join(__dirname, '..', '..', '..');
const CLI = path.join(CORE, 'dist', 'src', 'cli.js');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = opt('--only', null);
const scale = Number(opt('--scale', '1'));
const LIMIT_MB = 500;

/** The documents, as they were reported: a file name (its kind) and a writer of its text. */
const SHAPES = {
  // 80,000 lines of 99 nested ">" and a URL (10 MB): 4.4 GB at 40,000 lines, out of memory at 80,000
  quotes: ['quotes.md', (write) => {
    const n = Math.round(80000 * scale);
    for (let i = 0; i < n; i++) write('>'.repeat(99) + ` https://u@x.org/${i}\n`);
  }],
  // one 45 MB line of text with a URL every 27 characters: 1.96 GB
  'long-line': ['long-line.txt', (write) => {
    const line = 'see https://u@example.com/ '.repeat(1000);
    for (let n = 0; n < 45e6 * scale; n += line.length) write(line);
    write('\n');
  }],
  // one 45 MB line with no white space at all
  'long-word': ['long-word.txt', (write) => {
    write('https://u@example.com/');
    const part = 'a'.repeat(1 << 16);
    for (let n = 0; n < 45e6 * scale; n += part.length) write(part);
    write('\n');
  }],
  // one 50 MB HTML attribute: 4.6 GB
  attribute: ['attribute.html', (write) => {
    write('<a href="https://u@example.com/');
    const part = 'a'.repeat(1 << 16);
    for (let n = 0; n < 50e6 * scale; n += part.length) write(part);
    write('">x</a>\n<a href="https://v@example.com/">y</a>\n');
  }],
  // a list nested 2,000 levels by indentation (4 MB): 121 s
  'indented-list': ['indented-list.md', (write) => {
    const n = Math.round(2000 * Math.sqrt(scale));
    for (let i = 0; i < n; i++) write(' '.repeat(2 * i) + `- item https://u@example.com/${i}\n`);
  }],
  // an HTML comment never closed, then 20 MB
  'open-comment': ['open-comment.md', (write) => {
    write('<!--\n');
    for (let n = 0; n < 20e6 * scale; n += 34) write('text https://u@example.com/ line\n');
  }],
};

/** Runs the command line on `argv` under /usr/bin/time -v: its exit status, output lines (those that `keep` keeps), wall time and peak memory. */
function measure(argv, keep = () => true) {
  const out = path.join(dir, 'out.txt');
  const fd = fs.openSync(out, 'w');
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, CLI, ...argv], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 });
  fs.closeSync(fd);
  const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(r.stderr)?.[1];
  // the output, a line at a time (it may be larger than a string can be)
  let lines = 0;
  let rest = '';
  const read = fs.openSync(out, 'r');
  const buffer = Buffer.alloc(1 << 20);
  for (let n; (n = fs.readSync(read, buffer)) > 0; ) {
    const text = rest + buffer.toString('latin1', 0, n);
    const all = text.split('\n');
    rest = all.pop();
    for (const line of all) if (keep(line)) lines++;
  }
  fs.closeSync(read);
  fs.rmSync(out);
  return { status: r.status, lines, peak, wall };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-bounds-'));
let failed = false;
try {
  for (const [name, [file, generate]] of Object.entries(SHAPES)) {
    if (only && only !== name) continue;
    const target = path.join(dir, file);
    const fd = fs.openSync(target, 'w');
    const parts = [];
    let size = 0;
    generate((s) => {
      parts.push(s);
      size += s.length;
      if (size > 1 << 20) {
        fs.writeSync(fd, parts.join(''));
        parts.length = 0;
        size = 0;
      }
    });
    fs.writeSync(fd, parts.join(''));
    fs.closeSync(fd);
    const mb = fs.statSync(target).size / 1e6;
    const { status, lines: findings, peak, wall } = measure(['lint', target]);
    const ok = status !== null && status <= 1 && peak <= LIMIT_MB;
    if (!ok) failed = true;
    console.log(`${name}: ${mb.toFixed(1)} MB, ${findings} findings, exit ${status}, ${wall} wall, peak ${peak.toFixed(0)} MB${ok ? '' : '  FAILED'}`);
    fs.rmSync(target);
  }
  if (!only || only === 'fix-dry-run') {
    for (const n of [8000, 16000, 32000]) {
      const target = path.join(dir, `dry-${n}.md`);
      const lines = [];
      for (let i = 0; i < n; i++) lines.push(`Line ${i}: see [x](http://example.com\\${i}/a) and more`);
      fs.writeFileSync(target, lines.join('\n') + '\n');
      const { status, lines: changed, peak, wall } = measure(['lint', '--fix-dry-run', target], (l) => l.startsWith('+') && !l.startsWith('+++'));
      if (status !== 0 || changed !== n) failed = true;
      console.log(`fix-dry-run: ${n} changed lines, ${changed} in the diff, ${wall} wall, peak ${peak.toFixed(0)} MB`);
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`(Node ${process.version})`);
if (failed) process.exitCode = 1;
