// Times the host miscellany (hostPublicSuffix, hostRegistrableDomain), urlEquals and renderURL on
// the real-world corpus and on growing inputs (the time per input length should stay flat), and
// notes the size of the Public Suffix List package the core loads. Writes its own section of
// bench/RESULTS.md through results-section.js.
//   npm run build && node bench/rendering.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const os = require('os');
const u = require('../dist/src/index.js');
const { writeSection } = require('./results-section');

const lines = fs.readFileSync(path.join(__dirname, 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);
const records = lines.map((l) => u.parseURL(l)).filter(Boolean);

/** The best of `reps` runs of f, in milliseconds. */
function best(f, reps = 5) {
  let min = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = process.hrtime.bigint();
    f();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return min;
}

const rows = [];
const corpus = (name, f) => {
  for (const r of records) f(r); // warm up
  const ms = best(() => {
    for (const r of records) f(r);
  });
  rows.push(`| ${name} | ${ms.toFixed(1)} ms | ${((ms * 1000) / records.length).toFixed(2)} µs |`);
};
const opaque = (r) => ({ opaque: !u.isSpecialScheme(r.scheme) });
corpus('hostPublicSuffix', (r) => u.hostPublicSuffix(r.host, opaque(r)));
corpus('hostRegistrableDomain', (r) => u.hostRegistrableDomain(r.host, opaque(r)));
corpus('urlEquals(url, url)', (r) => u.urlEquals(r, r));
corpus('renderURL', (r) => u.renderURL(r));
corpus('renderURL, width 40', (r) => u.renderURL(r, { width: 40 }));

const growth = [];
for (const [name, make] of [
  ['renderURL, path of n "%C3%A9"', (n) => 'https://example.com/' + '%C3%A9'.repeat(n)],
  ['renderURL width 20, host of n labels', (n) => 'https://' + 'a.'.repeat(n) + 'example.com/'],
  ['hostRegistrableDomain, host of n labels', (n) => 'a.'.repeat(n) + 'example.com'],
]) {
  const cells = [];
  for (const n of [10_000, 100_000, 1_000_000]) {
    const input = make(n);
    const f = name.startsWith('host') ? () => u.hostRegistrableDomain(input) : () => u.renderURL(input, { width: 20 });
    const ms = best(f, 3);
    cells.push(`${ms.toFixed(1)} ms (${((ms * 1e6) / input.length).toFixed(0)} ns/char)`);
  }
  growth.push(`| ${name} | ${cells.join(' | ')} |`);
}

const tldtsMin = fs.readFileSync(require.resolve('tldts/dist/index.esm.min.js'));
const tldtsVersion = require('tldts/package.json').version;

const markdown = `## Host miscellany and URL rendering

\`node bench/rendering.js\` on ${os.cpus()[0].model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.

The ${records.length} URLs of \`bench/real-urls.txt\` that parse, best of 5:

| function | all URLs | per URL |
| --- | --- | --- |
${rows.join('\n')}

Growing inputs (time per input length should stay flat: linear):

| input | n = 10,000 | n = 100,000 | n = 1,000,000 |
| --- | --- | --- | --- |
${growth.join('\n')}

The Public Suffix List comes from \`tldts\` ${tldtsVersion}: its minified ES module is ${(tldtsMin.length / 1024).toFixed(0)} KB, ${(zlib.gzipSync(tldtsMin).length / 1024).toFixed(0)} KB gzipped.
`;

process.stdout.write(markdown);
writeSection('host-and-rendering', markdown);
