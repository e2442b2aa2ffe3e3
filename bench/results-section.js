// bench/RESULTS.md is written by several scripts (bench/run.js and the tools' own benchmarks). Each
// owns one section, between `<!-- begin NAME -->` and `<!-- end NAME -->`, and replaces only that;
// a section not yet in the file is appended. Text outside every section is kept as it is.
'use strict';
const fs = require('fs');
const path = require('path');

const RESULTS = path.join(__dirname, 'RESULTS.md');

/** Replaces (or appends) section `name` of bench/RESULTS.md with `markdown`. */
function writeSection(name, markdown, file = RESULTS) {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`section names are lower-case words joined by '-': ${name}`);
  const begin = `<!-- begin ${name} -->`;
  const end = `<!-- end ${name} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from !== -1 && to > from) {
    text = text.slice(0, from) + block + text.slice(to + end.length);
  } else {
    text = text.replace(/\n*$/, '\n\n') + block + '\n';
  }
  fs.writeFileSync(file, text);
  return file;
}

module.exports = { writeSection, RESULTS };
