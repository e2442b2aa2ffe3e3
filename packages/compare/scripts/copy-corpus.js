// The default corpus that `url-grammar compare` reads when given none: the core's real-world URLs
// (bench/real-urls.txt), WPT's urltestdata.json (test/wpt/) and this package's URL-confusion
// inputs (corpus-src/confusion.jsonl), copied into corpus/ at build time so that the package ships
// them and the repository keeps one copy of each.
'use strict';
const fs = require('fs');
const path = require('path');

const PACKAGE = path.join(__dirname, '..');
const CORE = path.join(PACKAGE, '..', '..');
const FILES = [
  ['bench/real-urls.txt', 'real-urls.txt'],
  ['test/wpt/urltestdata.json', 'urltestdata.json'],
  ['test/wpt/LICENSE.md', 'LICENSE-wpt.md'],
  ['packages/compare/corpus-src/confusion.jsonl', 'confusion.jsonl'],
];

fs.mkdirSync(path.join(PACKAGE, 'corpus'), { recursive: true });
for (const [from, to] of FILES) {
  const source = path.join(CORE, from);
  if (!fs.existsSync(source)) {
    console.error(`copy-corpus: ${from} is missing (build this package from the url-grammar repository)`);
    process.exit(1);
  }
  fs.copyFileSync(source, path.join(PACKAGE, 'corpus', to));
}
