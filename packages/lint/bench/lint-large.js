// Generates a large Markdown (or HTML) file of real-looking links with a known number of
// validation errors, runs `url-grammar lint` on it under /usr/bin/time -v, and checks that every
// error is reported, in bounded memory. Writes the `lint-large` section of bench/RESULTS.md.
//
//   node bench/lint-large.js [--mb 50] [--kind markdown|html|both] [--out <dir>] [--no-results]
//
// The expected count comes from the generator: each bad URL is placed from a template whose
// validation errors are written down below (and checked against the parser once, at the start);
// bad URLs inside code (spans, fenced and indented blocks) count for nothing. Among the templates
// is a link destination with backticks, which the old hand-written Markdown scanner took for a
// code span, hiding every URL up to the next backticks.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

// the core's repository: its built command line, its real-world URLs and bench/RESULTS.md
const CORE = path.join(__dirname, '..', '..', '..');

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Bad URLs: [url, the validation errors the URL parser reports for it]
const BAD = [
  ['https://docs.example.com:99999/guide', ['port-out-of-range']],
  ['https://user@cdn.example.net/img/logo.png', ['invalid-credentials']],
  ['http://[::1/admin', ['IPv6-unclosed']],
  ['https://example.org:80a/', ['port-invalid']],
  ['https://user:secret@api.example.io/v1', ['invalid-credentials']],
  ['https://example.com/a`b`c', ['invalid-URL-unit', 'invalid-URL-unit']],
];
const BACKSLASH = ['https://wiki.example.com\\docs\\start', ['invalid-reverse-solidus', 'invalid-reverse-solidus']];

/** Real URLs from bench/real-urls.txt that parse with no error and need no escaping anywhere. */
function goodURLs() {
  const { parseWithDiagnostics } = require('url-grammar');
  const lines = fs.readFileSync(path.join(CORE, 'bench', 'real-urls.txt'), 'utf8').split('\n');
  return lines.filter((u) => /^https?:\/\/[\x21-\x7e]+$/.test(u) && !/[\\&()<>`"'*_\[\]~]/.test(u) && !/[.,;:!?]$/.test(u) && parseWithDiagnostics(u).errors.length === 0);
}

function checkTemplates() {
  const { parseWithDiagnostics } = require('url-grammar');
  for (const [url, errors] of [...BAD, BACKSLASH]) {
    const got = parseWithDiagnostics(url).errors.map((e) => e.type);
    if (JSON.stringify(got) !== JSON.stringify(errors)) throw new Error(`template ${url}: the parser reports ${got.join(', ')}, not ${errors.join(', ')}`);
  }
}

/**
 * Writes a Markdown document of about `bytes` bytes through `write`; returns the number of
 * validation errors lint must report in it.
 */
function generateMarkdown(bytes, write, seed = 1) {
  const random = rng(seed);
  const good = goodURLs();
  const pick = (a) => a[Math.floor(random() * a.length)];
  let size = 0;
  let expected = 0;
  let n = 0;
  const out = (s) => {
    size += Buffer.byteLength(s);
    write(s);
  };
  // in prose and in code spans a backtick ends the URL or the span: those places take the others
  const noTicks = BAD.filter(([url]) => !url.includes('`'));
  const bad = (inProse = false) => {
    const [url, errors] = pick(inProse ? noTicks : BAD);
    expected += errors.length;
    return url;
  };
  while (size < bytes) {
    n++;
    const r = random();
    if (r < 0.05) {
      // the backtick case: a destination with backticks, then more bad URLs on later lines
      expected += 2;
      out(`A link with backticks: [tick](https://example.com/x\`\`y) and [next](${bad()}),\nthen <${bad()}> on the next line and ![img](${bad()}).\n\n`);
    } else if (r < 0.1) {
      out(`\`\`\`sh\ncurl ${pick(BAD)[0]}\ncurl ${pick(good)}\n\`\`\`\n\n`);
    } else if (r < 0.14) {
      // after a paragraph: right after a list, an indented line would continue the list item
      out(`Run this:\n\n    wget ${pick(BAD)[0]}\n    wget ${pick(good)}\n\n`);
    } else if (r < 0.2) {
      expected += BACKSLASH[1].length;
      out(`[ref-${n}]: ${BACKSLASH[0]}\n[good-${n}]: ${pick(good)} "A title"\n\nSee [the guide][ref-${n}] and [this][good-${n}].\n\n`);
    } else if (r < 0.3) {
      out(`## Section ${n}\n\n- [${pick(['Home', 'Docs', 'API'])}](${pick(good)})\n- [Broken](${bad()})\n- <a href="${bad()}">raw HTML</a> and \`code ${pick(noTicks)[0]}\`\n\n`);
    } else {
      out(`Read [the docs](${pick(good)}) or ${pick(good)} and [this one](${bad()} "title"); also ${bad(true)} in prose.\nImages: ![logo](${pick(good)}) ![bad](${bad()})\n\n`);
    }
  }
  return { expected, bytes: size };
}

/** The same links as HTML: href and src attributes (text is not linted in HTML). */
function generateHTML(bytes, write, seed = 2) {
  const random = rng(seed);
  const good = goodURLs();
  const pick = (a) => a[Math.floor(random() * a.length)];
  let size = 0;
  let expected = 0;
  const out = (s) => {
    size += Buffer.byteLength(s);
    write(s);
  };
  const bad = () => {
    const [url, errors] = pick(BAD);
    expected += errors.length;
    return url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  };
  out('<!doctype html>\n<html><head><title>links</title></head><body>\n');
  while (size < bytes) {
    const r = random();
    if (r < 0.1) out(`<pre><code>curl ${pick(BAD)[0]}</code></pre>\n<script>fetch("${pick(BAD)[0]}")</script>\n`);
    else out(`<p>Read <a href="${pick(good)}">the docs</a> or <a href="${bad()}">this</a>.\n<img src="${bad()}" alt=""> <img src='${pick(good)}'></p>\n`);
  }
  out('</body></html>\n');
  return { expected, bytes: size };
}

function writeFile(file, generate, mb) {
  const fd = fs.openSync(file, 'w');
  let buf = [];
  let len = 0;
  const r = generate(mb * 1024 * 1024, (s) => {
    buf.push(s);
    len += s.length;
    if (len > 1 << 20) {
      fs.writeSync(fd, buf.join(''));
      buf = [];
      len = 0;
    }
  });
  fs.writeSync(fd, buf.join(''));
  fs.closeSync(fd);
  return r;
}

/** Runs lint on `file` under /usr/bin/time -v; counts the findings (one per line of output). */
function measure(file) {
  const outFile = file + '.out';
  const fd = fs.openSync(outFile, 'w');
  const started = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, path.join(CORE, 'dist/src/cli.js'), 'lint', '--format', 'jsonl', file], { stdio: ['ignore', fd, 'pipe'], maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  fs.closeSync(fd);
  const stderr = r.stderr.toString();
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
  const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
  const cpu = user && sys ? Number(user[1]) + Number(sys[1]) : NaN;
  // one record per URL, listing its errors: the errors are counted
  let findings = 0;
  for (const line of fs.readFileSync(outFile, 'utf8').split('\n')) if (line) findings += JSON.parse(line).errors.length;
  fs.rmSync(outFile);
  return { status: r.status, seconds, cpu, peakMB: rss ? Number(rss[1]) / 1024 : NaN, findings, summary: stderr.split('\n').find((l) => / errors? in /.test(l)) };
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const mb = Number(opt('--mb', '50'));
  const kind = opt('--kind', 'both');
  const dir = opt('--out', os.tmpdir());
  if (!fs.existsSync('/usr/bin/time')) throw new Error('/usr/bin/time is needed (Debian package "time")');
  checkTemplates();
  const rows = [];
  for (const k of kind === 'both' ? ['markdown', 'html'] : [kind]) {
    const file = path.join(dir, `url-grammar-lint-large.${k === 'markdown' ? 'md' : 'html'}`);
    const gen = writeFile(file, k === 'markdown' ? generateMarkdown : generateHTML, mb);
    const m = measure(file);
    fs.rmSync(file);
    const ok = m.findings === gen.expected && m.peakMB <= 300;
    rows.push({ k, gen, m, ok });
    console.log(`${k}: ${(gen.bytes / 1048576).toFixed(1)} MB, expected ${gen.expected} findings, got ${m.findings}; ${m.seconds.toFixed(1)} s (CPU ${m.cpu.toFixed(1)} s), peak ${m.peakMB.toFixed(0)} MB; exit ${m.status}; ${m.summary}${ok ? '' : '  <-- FAILED'}`);
  }
  if (!args.includes('--no-results')) {
    const { writeSection } = require(path.join(CORE, 'bench', 'results-section'));
    const lines = [
      '## lint on large files (bench/lint-large.js)',
      '',
      `\`node packages/lint/bench/lint-large.js --mb ${mb}\`: a generated file of real-looking links (good ones from bench/real-urls.txt, bad ones from templates with known validation errors, some in code that must not count, a link destination with backticks), linted by \`node dist/src/cli.js lint --format jsonl FILE\` under \`/usr/bin/time -v\`, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the end (the machine is shared: CPU time is the steadier figure). ${rows.every((r) => r.m.findings === r.gen.expected) ? 'Every finding expected was reported.' : 'NOT every finding expected was reported.'}`,
      '',
      '| kind | size | findings expected | findings reported | wall time | CPU time (user+sys) | CPU time per MB | peak memory (max RSS) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(({ k, gen, m }) => `| ${k} | ${(gen.bytes / 1048576).toFixed(1)} MB | ${gen.expected} | ${m.findings} | ${m.seconds.toFixed(1)} s | ${m.cpu.toFixed(1)} s | ${((m.cpu * 1048576) / gen.bytes).toFixed(2)} s | ${m.peakMB.toFixed(0)} MB |`),
    ];
    writeSection('lint-large', lines.join('\n'));
  }
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

module.exports = { generateMarkdown, generateHTML, checkTemplates, BAD, rng };

if (require.main === module) main();
