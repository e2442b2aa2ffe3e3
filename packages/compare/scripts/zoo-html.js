// Writes packages/compare/docs/zoo/REPORT.html, the zoo's self-contained HTML page (every listed
// case of every root cause: about 22 MB), from REPORT.json.gz beside it with the current renderer,
// as `compare --report` writes it; no parser runs. The repository keeps the JSON and the Markdown,
// not the page. Run after `npm run build`:
//
//   node packages/compare/scripts/zoo-html.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { reportFromJson, htmlReport } = require('../dist/report');
const { writeFileSafely } = require('url-grammar/cli');

const ZOO = path.join(__dirname, '..', 'docs', 'zoo');

const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(ZOO, 'REPORT.json.gz'))).toString('utf8'));
const out = path.join(ZOO, 'REPORT.html');
writeFileSafely(out, htmlReport(reportFromJson(json)));
console.log(`wrote ${path.relative(process.cwd(), out)}`);
