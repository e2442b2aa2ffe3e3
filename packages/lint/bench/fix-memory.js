// `url-grammar lint --fix` on a large file: its time and peak memory (max RSS under /usr/bin/time
// -v), to show that the rewrite streams. The file is generated: paragraphs that each hold a
// fixable URL (a backslash in a link destination) and one that is not fixable (credentials).
//
//   node packages/lint/bench/fix-memory.js [--mb 20]
//
// Run after `npm run build` (it runs the built command line).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const CORE = path.join(__dirname, '..', '..', '..');
const args = process.argv.slice(2);
const at = args.indexOf('--mb');
const mb = at >= 0 ? Number(args[at + 1]) : 20;

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'url-grammar-fix-')), 'big.md');
const para = 'Some prose with a [link](http://example.com\\a/b) and <https://u@example.com/> and text to pad the paragraph out a little more.\n\n';
const count = Math.ceil((mb * 1e6) / para.length);
fs.writeFileSync(file, para.repeat(count));
const r = spawnSync('/usr/bin/time', ['-v', process.execPath, path.join(CORE, 'dist', 'src', 'cli.js'), 'lint', '--fix', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(r.stderr)?.[1];
const fixed = fs.readFileSync(file, 'utf8').split('http://example.com/a/b').length - 1;
fs.rmSync(path.dirname(file), { recursive: true, force: true });
console.log(`lint --fix on ${(count * para.length / 1e6).toFixed(1)} MB (${count} fixable URLs): ${fixed} fixed, exit ${r.status}, ${wall} wall, peak ${peak.toFixed(0)} MB (Node ${process.version})`);
if (fixed !== count) process.exitCode = 1;
