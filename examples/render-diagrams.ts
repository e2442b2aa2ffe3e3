// Render the grammar's railroad diagrams into a folder: one SVG file per rule, one HTML page with
// every rule of the URL and host grammars, the grammar as EBNF, and a page that marks the path one
// URL takes through the grammar.
//
//   npx ts-node examples/render-diagrams.ts [folder] [url]
//
// then open <folder>/index.html (or <folder>/traced.html) in a browser. The same files come from
// the command line: `url-grammar diagram --out <folder>` (SVG), `--format html`, `--format ebnf`.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENTRY_RULES, grammarToEBNF, grammarToHTML, grammarToSVGs, HOST_GRAMMAR, traceInput, URL_GRAMMAR } from 'url-grammar/grammar';

const out = resolve(process.argv[2] ?? 'diagrams');
const url = process.argv[3] ?? 'https://user@example.com:8080/a/b?q#f';

// 1. One SVG per rule. Each file holds its own stylesheet; the box of another rule links to
//    that rule's file in the same folder.
mkdirSync(join(out, 'svg'), { recursive: true });
for (const [name, svg] of grammarToSVGs(URL_GRAMMAR)) writeFileSync(join(out, 'svg', `${name}.svg`), svg);

// 2. One page with both grammars: rule names, summaries, spec links and diagrams.
const grammars = [
  { title: 'URL grammar', grammar: URL_GRAMMAR },
  { title: 'Host grammar', grammar: HOST_GRAMMAR },
];
writeFileSync(join(out, 'index.html'), grammarToHTML(grammars));

// 3. The grammar as text.
writeFileSync(join(out, 'url.ebnf'), grammarToEBNF(URL_GRAMMAR));

// 4. Which rules one URL went through (no base URL: the entry rule is "url"), marked on the page.
const trace = traceInput(URL_GRAMMAR, ENTRY_RULES.none, url);
for (const step of trace) console.log(`${'  '.repeat(step.depth)}${step.rule} ${JSON.stringify(step.text)}`);
writeFileSync(join(out, 'traced.html'), grammarToHTML([{ title: `URL grammar, tracing ${url}`, grammar: URL_GRAMMAR, highlight: trace }]));

console.log(`wrote ${out}/index.html, ${out}/traced.html, ${out}/url.ebnf and ${out}/svg/*.svg`);
