// What `url-grammar coverage` ships beside its code, made at build time from the core's
// repository, which keeps the one copy of each: the WPT files that are its default corpus
// (test/wpt/, with their license) in dist/corpus/, and the passages of url.bs its reports cite
// (test/spec/url.bs) in dist/spec-passages.json. Run after tsc: it uses the built extractor.
'use strict';
const fs = require('fs');
const path = require('path');

const PACKAGE = path.join(__dirname, '..');
const CORE = path.join(PACKAGE, '..', '..');
const CORPUS = [
  ['test/wpt/urltestdata.json', 'urltestdata.json'],
  ['test/wpt/setters_tests.json', 'setters_tests.json'],
  ['test/wpt/toascii.json', 'toascii.json'],
  ['test/wpt/IdnaTestV2.json', 'IdnaTestV2.json'],
  ['test/wpt/LICENSE.md', 'LICENSE-wpt.md'],
];

function source(from) {
  const file = path.join(CORE, from);
  if (!fs.existsSync(file)) {
    console.error(`copy-data: ${from} is missing (build this package from the url-grammar repository)`);
    process.exit(1);
  }
  return file;
}

fs.mkdirSync(path.join(PACKAGE, 'dist', 'corpus'), { recursive: true });
for (const [from, to] of CORPUS) fs.copyFileSync(source(from), path.join(PACKAGE, 'dist', 'corpus', to));

const { extractPassages } = require('../dist/spec-text.js');
const { VALIDATION_ERRORS } = require('url-grammar');
const { HOST_GRAMMAR, URL_GRAMMAR, WRITING_GRAMMAR } = require('url-grammar/grammar');
const { WRITING_CHECKS } = require('../dist/writing-rules.js');
// the writing rules, and the parser's states and algorithms (the URL and host grammars' anchors)
const rules = [WRITING_GRAMMAR, URL_GRAMMAR, HOST_GRAMMAR].flatMap((g) => Object.values(g));
const anchors = [...new Set([...rules.map((r) => r.spec), ...WRITING_CHECKS.map((c) => c.spec)])];
const passages = extractPassages(fs.readFileSync(source('test/spec/url.bs'), 'utf8'), Object.keys(VALIDATION_ERRORS), anchors);
fs.writeFileSync(path.join(PACKAGE, 'dist', 'spec-passages.json'), JSON.stringify(passages, null, 1) + '\n');
