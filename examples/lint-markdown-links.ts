// Lint the links of a Markdown file with the library's linter: inline links and images,
// reference definitions, autolinks, the URL attributes of inline HTML and the URLs in its prose.
// Relative targets are checked only when a base URL is given.
//
//   npx ts-node examples/lint-markdown-links.ts README.md
//   npx ts-node examples/lint-markdown-links.ts docs/guide.md https://example.com/docs/
//
// The exit status is 1 when a link has a validation error. The command line does the same for
// any number of files: `url-grammar lint README.md --base https://example.com/docs/`.

import { readFileSync } from 'node:fs';
import { findURLs, lintText } from '@url-grammar/lint';

const file = process.argv[2];
const base = process.argv[3];
if (!file) {
  console.error('usage: npx ts-node examples/lint-markdown-links.ts <file.md> [base URL]');
  process.exit(2);
}

const text = readFileSync(file, 'utf8');

// What the linter looks at: every URL found, with its [start, end) in the file.
const found = findURLs(text, { kind: 'markdown' });
const checked = found.filter((f) => !f.relative || base !== undefined);
console.log(`${file}: ${found.length} URL${found.length === 1 ? '' : 's'} found, ${checked.length} checked`);

// What it reports: each validation error with its line and column (1-based, UTF-16 units).
const diagnostics = lintText(text, { kind: 'markdown', base });
for (const d of diagnostics) {
  console.log(`${file}:${d.line}:${d.column}: ${d.type}${d.failure ? ' (failure)' : ''} ${d.message}`);
  console.log(`    in ${JSON.stringify(d.url)}`);
}
console.log(diagnostics.length === 0 ? 'no validation errors' : `${diagnostics.length} validation error${diagnostics.length === 1 ? '' : 's'}`);
process.exitCode = diagnostics.length === 0 ? 0 : 1;
