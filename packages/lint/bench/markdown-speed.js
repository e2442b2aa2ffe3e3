// Markdown lint speed against markdown-it, on one generated document, in one process.
//
//   node packages/lint/bench/markdown-speed.js [--mb 12] [--rounds 5] [--seed 1] [--dist] [--keep FILE] [--write]
//   (--write: also the markdown-speed section of the core's bench/RESULTS.md)
//
// The document mixes what Markdown files hold: prose with and without links, headings, bullet and
// ordered lists (some nested), GFM tables, block quotes, fenced and indented code, HTML blocks
// (<details>, <div>, <p align>), inline HTML, reference definitions and the links that use them,
// autolinks, GFM literal autolinks, and bad URLs planted in all of these (none in code), each from
// a template whose validation errors are known (lint-large.js's, checked against the parser).
//
// In the same process, alternating, for each round: markdown-it's `parse` of the text
// (new MarkdownIt().parse(text, {})), then lintText(text, { kind: 'markdown' }), then the
// streaming path, lintBytes over 64 KiB chunks of the UTF-8 bytes. Prints the medians, MB/s, the
// ratios to markdown-it, whether every planted URL was reported (with exactly the errors its
// template has, and nothing else reported), and the peak memory (max RSS) of a child process that
// streams the file through lintBytes: its RSS after loading the code and before reading, and at
// the end. Exits 1 when a check fails: a planted URL missed, lint slower than twice markdown-it,
// or the child's peak over 200 MB.
//
// The lint code runs from source (packages/lint/src, through ts-node, as the tests run it), or
// with --dist from the build (npm run build --workspace=packages/lint).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { BAD, checkTemplates, rng } = require('./lint-large.js');


function loadLint(dist) {
  if (dist) return require('../dist/index.js');
  require('ts-node').register({ transpileOnly: true, project: path.join(__dirname, '..', '..', '..', 'tsconfig.json') });
  return require('../src/index.ts');
}

const WORDS = 'the a of to and in is it that for on with as was by this be are from or an at which not have but were can has all one their there been if more when will would who so no out up into than them only two other time new some could these may first then do any like my now over such our man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(' ');

/**
 * The document: about `bytes` bytes, generated block by block. Returns the text and, for each
 * planted bad URL, where it is and which validation errors it has.
 */
function generate(bytes, seed) {
  const random = rng(seed);
  const pick = (a) => a[Math.floor(random() * a.length)];
  const good = ['https://example.com/docs/guide', 'https://www.example.org/a/b?c=d&e=f', 'http://example.net/x_(y)', 'https://cdn.example.io/img/logo.png', 'https://github.com/user/repo/blob/main/README.md', 'https://developer.example.com/en-US/docs/Web/API', 'https://example.com/#section-2'];
  const noTicks = BAD.filter(([url]) => !url.includes('`'));
  const parts = [];
  const plants = [];
  let length = 0;
  let size = 0;
  let n = 0;
  // text with bad URLs as {bad: true} holes: each is planted where it lands
  const out = (...pieces) => {
    for (const p of pieces) {
      if (typeof p === 'string') {
        parts.push(p);
        length += p.length;
        size += Buffer.byteLength(p);
      } else {
        plants.push({ start: length, end: length + p.url.length, url: p.url, errors: p.errors });
        parts.push(p.url);
        length += p.url.length;
        size += Buffer.byteLength(p.url);
      }
    }
  };
  const bad = (list = BAD) => {
    const [url, errors] = pick(list);
    return { url, errors };
  };
  const words = (count) => {
    const w = [];
    for (let i = 0; i < count; i++) w.push(pick(WORDS));
    return w.join(' ');
  };
  const sentence = () => {
    const s = words(6 + Math.floor(random() * 14));
    return s[0].toUpperCase() + s.slice(1) + pick(['.', '.', '.', ':', '?', ';']);
  };
  const prose = (lines) => {
    const l = [];
    for (let i = 0; i < lines; i++) l.push(`${sentence()} ${random() < 0.3 ? `*${words(2)}* ` : ''}${random() < 0.2 ? `\`${words(1)}\` ` : ''}${sentence()}`);
    return l.join('\n');
  };
  while (size < bytes) {
    n++;
    const r = random();
    if (r < 0.28) out(prose(2 + Math.floor(random() * 5)), '\n\n');
    else if (r < 0.36) out(`## ${words(3)} ${n}\n\n`);
    else if (r < 0.46) out(`${sentence()} See [the ${words(1)} page](${pick(good)}) and [this one](`, bad(), ` "${words(2)}").\nAlso ${pick(good)} and `, bad(noTicks), ` in prose, <`, bad(), `> as an autolink, and www.example.com/${n}.\n![${words(2)}](`, bad(), `)\n\n`);
    else if (r < 0.52) out(`- ${sentence()}\n- [${words(2)}](${pick(good)})\n- [${words(1)}](`, bad(), `) ${words(3)}\n  ${words(4)} continued\n- <a href="`, bad(), `">${words(2)}</a> and \`code ${pick(BAD)[0].replace(/`/g, '')}\`\n\n`);
    else if (r < 0.56) out(`1. ${sentence()}\n2. Run \`npm install\` then [${words(2)}](`, bad(), `)\n3. ${sentence()}\n\n`);
    else if (r < 0.6) out(`| Name | Link | Notes |\n| --- | --- | --- |\n| ${words(1)} | [docs](${pick(good)}) | ${words(3)} |\n| ${words(1)} | <`, bad(), `> | ${words(2)} |\n| ${words(1)} | `, bad(noTicks), ` | ${words(2)} |\n\n`);
    else if (r < 0.66) out(`\`\`\`${pick(['sh', 'js', 'json', ''])}\ncurl ${pick(BAD)[0]}\n# ${words(4)}\nfetch("${pick(good)}")\n\n${words(5)}\n\`\`\`\n\n`);
    else if (r < 0.69) out(`${sentence()}\n\n    wget ${pick(BAD)[0]}\n    ${words(3)}\n\n`);
    else if (r < 0.73) out(`> ${sentence()}\n> See [${words(2)}](`, bad(), `) for more.\n>\n> - ${words(3)} <`, bad(), `>\n\n`);
    else if (r < 0.77) out(`<details>\n<summary>${words(3)}</summary>\n\n\`\`\`sh\ncurl ${pick(BAD)[0]}\n\`\`\`\n\nSee [${words(1)}](`, bad(), `).\n\n</details>\n\n`);
    else if (r < 0.8) out(`<div align="center">\n  <a href="`, bad(), `"><img src="${pick(good)}" alt="${words(2)}"></a>\n  <p>${words(5)}</p>\n</div>\n\n`);
    else if (r < 0.86) out(`[ref-${n}]: `, bad(), `\n[good-${n}]: ${pick(good)} "${words(2)}"\n\n${sentence()} See [the guide][ref-${n}] and [this][good-${n}], or [good-${n}].\n\n`);
    else if (r < 0.9) out(`- ${words(3)}\n  - [${words(2)}](`, bad(), `)\n  - ${words(4)}\n- ${words(2)}\n\n`);
    else if (r < 0.93) out(`${sentence()} Contact ${words(1)}@example.com or mailto:${words(1)}@example.org.\n\n***\n\n`);
    else out(`# ${words(4)}\n\n${prose(3)} [${words(2)}](${pick(good)}).\n\n`);
  }
  return { text: parts.join(''), plants, bytes: size };
}

function median(a) {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
}

function seconds(f) {
  const t = process.hrtime.bigint();
  const r = f();
  return [Number(process.hrtime.bigint() - t) / 1e9, r];
}

async function secondsAsync(f) {
  const t = process.hrtime.bigint();
  const r = await f();
  return [Number(process.hrtime.bigint() - t) / 1e9, r];
}

function* chunksOf(buffer, size) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

/** Every planted URL reported with its template's errors, and nothing else reported. */
function check(plants, diagnostics) {
  const problems = [];
  let p = 0;
  const byPlant = new Map();
  const sorted = [...diagnostics].sort((a, b) => a.start - b.start);
  for (const d of sorted) {
    while (p < plants.length && plants[p].end <= d.start) p++;
    const plant = plants[p];
    if (!plant || d.start < plant.start) {
      if (problems.length < 5) problems.push(`unexpected ${d.type} at ${d.line}:${d.column} in ${JSON.stringify(d.url)}`);
      continue;
    }
    // one finding per URL, listing its errors
    if (!byPlant.has(p)) byPlant.set(p, []);
    for (const e of d.errors ?? [d]) byPlant.get(p).push(e.type);
  }
  let missed = 0;
  plants.forEach((plant, i) => {
    const got = (byPlant.get(i) || []).join(',');
    if (got !== plant.errors.join(',')) {
      missed++;
      if (problems.length < 10) problems.push(`${plant.url} at ${plant.start}: reported [${got}], expected [${plant.errors.join(',')}]`);
    }
  });
  return { missed, problems };
}

/** The child: streams `file` through lintBytes and reports its peak memory. */
async function child(file, dist) {
  const { lintBytes } = loadLint(dist);
  const before = process.resourceUsage().maxRSS;
  let count = 0;
  const r = await lintBytes(fs.createReadStream(file, { highWaterMark: 64 * 1024 }), { kind: 'markdown' }, () => count++);
  process.stdout.write(JSON.stringify({ diagnostics: r.diagnostics, count, beforeKB: before, peakKB: process.resourceUsage().maxRSS }));
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const dist = args.includes('--dist');
  if (args[0] === '--child') return child(args[1], dist);
  const mb = Number(opt('--mb', '12'));
  const rounds = Number(opt('--rounds', '5'));
  const seed = Number(opt('--seed', '1'));
  checkTemplates();
  const MarkdownIt = require('markdown-it');
  const { lintText, lintBytes } = loadLint(dist);
  const gen = generate(mb * 1024 * 1024, seed);
  const { text, plants } = gen;
  const bytes = Buffer.from(text, 'utf8');
  const megabytes = bytes.length / 1048576;
  const expected = plants.reduce((s, p) => s + p.errors.length, 0);
  console.log(`document: ${megabytes.toFixed(1)} MB, ${text.split('\n').length} lines, ${plants.length} bad URLs planted (${expected} validation errors); Node ${process.version}, ${os.cpus().length} CPUs, lint from ${dist ? 'dist' : 'source'}`);

  const times = { markdownIt: [], lintText: [], lintBytes: [] };
  let diagnostics = [];
  let streamed = 0;
  for (let round = 0; round < rounds; round++) {
    const [a] = seconds(() => new MarkdownIt().parse(text, {}));
    const [b, ds] = seconds(() => lintText(text, { kind: 'markdown' }));
    const [c, r] = await secondsAsync(() => lintBytes(chunksOf(bytes, 64 * 1024), { kind: 'markdown' }, () => {}));
    times.markdownIt.push(a);
    times.lintText.push(b);
    times.lintBytes.push(c);
    diagnostics = ds;
    streamed = r.diagnostics;
    console.log(`  round ${round + 1}: markdown-it ${a.toFixed(2)} s, lintText ${b.toFixed(2)} s, lintBytes ${c.toFixed(2)} s`);
  }
  const m = { markdownIt: median(times.markdownIt), lintText: median(times.lintText), lintBytes: median(times.lintBytes) };
  const rate = (s) => `${(megabytes / s).toFixed(1)} MB/s`;
  console.log(`medians of ${rounds}: markdown-it parse ${m.markdownIt.toFixed(2)} s (${rate(m.markdownIt)}); lintText ${m.lintText.toFixed(2)} s (${rate(m.lintText)}, ${(m.lintText / m.markdownIt).toFixed(2)}x markdown-it); lintBytes ${m.lintBytes.toFixed(2)} s (${rate(m.lintBytes)}, ${(m.lintBytes / m.markdownIt).toFixed(2)}x)`);

  const { missed, problems } = check(plants, diagnostics);
  console.log(`planted: ${plants.length - missed} of ${plants.length} reported with their errors; lintText ${diagnostics.length} findings, lintBytes ${streamed} (expected ${plants.length}, one per bad URL)`);
  for (const p of problems) console.log(`  ${p}`);

  // peak memory: a child streams the file
  const file = opt('--keep', path.join(os.tmpdir(), `url-grammar-markdown-speed-${process.pid}.md`));
  fs.writeFileSync(file, bytes);
  const r = spawnSync(process.execPath, [__filename, '--child', file, ...(dist ? ['--dist'] : [])], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (!args.includes('--keep')) fs.rmSync(file);
  if (r.status !== 0) throw new Error(`the child failed: ${r.stderr}`);
  const mem = JSON.parse(r.stdout);
  console.log(`child (lintBytes from a file, 64 KiB reads): ${mem.diagnostics} diagnostics; max RSS ${(mem.beforeKB / 1024).toFixed(0)} MB with the code loaded, ${(mem.peakKB / 1024).toFixed(0)} MB at the end`);

  const failures = [];
  if (missed > 0 || diagnostics.length !== plants.length || streamed !== plants.length || mem.diagnostics !== plants.length) failures.push('not every planted URL was reported as expected');
  if (m.lintText > 2 * m.markdownIt || m.lintBytes > 2 * m.markdownIt) failures.push('lint took more than twice markdown-it\'s time');
  if (mem.peakKB / 1024 > 200) failures.push('peak memory over 200 MB');
  console.log(failures.length ? `FAILED: ${failures.join('; ')}` : 'ok: every planted URL found, lint within 2x markdown-it, peak memory under 200 MB');
  if (failures.length) process.exitCode = 1;
  if (args.includes('--write')) {
    // the section of the core's bench/RESULTS.md this script owns
    const { writeSection } = require(path.join(__dirname, '..', '..', '..', 'bench', 'results-section'));
    const ratio = (x) => `${(x / m.markdownIt).toFixed(2)}x`;
    writeSection(
      'markdown-speed',
      [
        '## Markdown lint against markdown-it (packages/lint/bench/markdown-speed.js)',
        '',
        `\`node packages/lint/bench/markdown-speed.js${dist ? ' --dist' : ''} --write\` on ${new Date().toISOString().slice(0, 10)}: a generated ${megabytes.toFixed(1)} MB mixed Markdown document with ${plants.length} bad URLs planted, medians of ${rounds} rounds in one process, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}.`,
        '',
        '| | time | MB/s | to markdown-it |',
        '| --- | ---: | ---: | ---: |',
        `| markdown-it \`parse\` | ${m.markdownIt.toFixed(2)} s | ${rate(m.markdownIt)} | 1x |`,
        `| \`lintText\` | ${m.lintText.toFixed(2)} s | ${rate(m.lintText)} | ${ratio(m.lintText)} |`,
        `| \`lintBytes\` (streaming) | ${m.lintBytes.toFixed(2)} s | ${rate(m.lintBytes)} | ${ratio(m.lintBytes)} |`,
        '',
        `Planted URLs reported: ${plants.length - missed} of ${plants.length}. Peak memory of a process that streams the file: ${(mem.peakKB / 1024).toFixed(0)} MB (${(mem.beforeKB / 1024).toFixed(0)} MB with the code loaded).`,
      ].join('\n'),
    );
  }
}

module.exports = { generate };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
