// Parse one URL with the library and print what it is made of: the URL API's components, the
// spans of the intermediate record (where each component stands in the input) and the validation
// errors, each with a caret line under the text it is about.
//
//   npx ts-node examples/inspect-url.ts 'https://user@exämple.org:8080/a/./b/../c?q=ü#f'
//   npx ts-node examples/inspect-url.ts '../d?x#y' 'https://example.com/a/b/c'

import { URL, parseWithDiagnostics, type IntermediateRecord, type Span } from 'url-grammar';

const input = process.argv[2] ?? 'HTTPS://user:pw@Example.COM:443/a\\b/../c d?q=1#frag';
const base = process.argv[3];

const { url, errors, record } = parseWithDiagnostics(input, { baseURL: base });

console.log(`input  ${JSON.stringify(input)}`);
if (base !== undefined) console.log(`base   ${JSON.stringify(base)}`);
console.log(`parses ${url ? 'yes' : 'no'}`);

// 1. The components, through the URL class (the same parser behind it).
const parsed = URL.parse(input, base);
if (parsed) {
  console.log('\ncomponents');
  for (const name of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const) {
    console.log(`  ${name.padEnd(9)} ${JSON.stringify(parsed[name])}`);
  }
}

// 2. The record: what the grammar found, with [start, end) offsets into the original input
//    (UTF-16 code units; input.slice(start, end) is the component as it was written).
function spans(r: IntermediateRecord): Array<[string, Span]> {
  const rows: Array<[string, Span | null]> = [
    ['scheme', r.scheme],
    ['slashes', r.slashes],
    ['username', r.username],
    ['password', r.password],
    ['host', r.host],
    ['port', r.port],
    ...r.path.map((s, i): [string, Span] => [`path[${i}]`, s]),
    ['opaque path', r.opaquePath],
    ['query', r.query],
    ['fragment', r.fragment],
  ];
  return rows.filter((row): row is [string, Span] => row[1] !== null);
}
if (record) {
  console.log(`\nrecord (entry rule ${record.rule})`);
  for (const [name, s] of spans(record)) console.log(`  ${name.padEnd(11)} [${s.start}, ${s.end})  ${JSON.stringify(s.text)}`);
}

// 3. The validation errors, in the order the parser met them. Offsets are into the input too.
console.log(`\nvalidation errors (${errors.length})`);
for (const e of errors) {
  console.log(`  ${e.type}${e.failure ? ' (failure)' : ''} at [${e.start}, ${e.end}): ${e.message}`);
  console.log(`    ${input}`);
  // a caret under each code point of the span (the input is assumed to be on one line)
  const pad = [...input.slice(0, e.start)].length;
  const width = Math.max(1, [...input.slice(e.start, e.end)].length);
  console.log(`    ${' '.repeat(pad)}${'^'.repeat(width)}`);
}
