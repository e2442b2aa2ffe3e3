// A child process for lint-bounds.test.ts: lints one generated document, streamed through
// lintBytes in 64 KiB chunks as the command line reads a file, and prints what it found, how long
// it took and its peak memory as one line of JSON. The document is generated as it is read, so
// that the child's memory is lint's alone; the test runs it under a heap limit.
//
//   node --max-old-space-size=<MB> bounded.js <lint sources folder> <shape> <size>
'use strict';
const path = require('path');

const [src, shape, sizeText] = process.argv.slice(2);
const size = Number(sizeText);
// the sources are TypeScript, compiled as they are required, as in mocha's run
require(path.join(__dirname, '..', '..', '..', '..', 'test', 'support', 'register-ts.js'));
const { lintBytes } = require(path.join(src, 'run'));

/** The shapes (see lint-bounds.test.ts): each a kind and a generator of the document's text. */
const SHAPES = {
  // `size` lines of 99 nested block quotes, each with a URL
  quotes: ['markdown', function* () {
    for (let i = 0; i < size; i++) yield '> '.repeat(99) + `see https://u@example.com/${i}\n`;
  }],
  // one line of `size` bytes of text, a URL every 27 characters
  'long-line': ['text', function* () {
    for (let n = 0; n < size; n += 27) yield 'see https://u@example.com/ ';
    yield '\n';
  }],
  // one attribute value of `size` characters, then a link on the next line
  attribute: ['html', function* () {
    yield '<p><a href="https://u@example.com/';
    for (let n = 0; n < size; n += 1024) yield 'a'.repeat(1024);
    yield '">x</a>\n<a href="https://v@example.com/">y</a>\n';
  }],
  // a list nested `size` levels deep by indentation alone, a URL on each line
  'indented-list': ['markdown', function* () {
    for (let i = 0; i < size; i++) yield ' '.repeat(2 * i) + `- item https://u@example.com/${i}\n`;
  }],
  // an HTML comment that is never closed, `size` lines long
  'open-comment': ['markdown', function* () {
    yield 'Before https://u@example.com/\n\n<!--\n';
    for (let i = 0; i < size; i++) yield `text https://u@example.com/${i} in the comment\n`;
  }],
  // a <pre> HTML block of `size` lines, each a link
  'pre-block': ['markdown', function* () {
    yield '<pre>\n';
    for (let i = 0; i < size; i++) yield `<a href="https://u@example.com/${i}">${i}</a>\n`;
    yield '</pre>\n\nAfter https://u@example.com/\n';
  }],
};

const [kind, generate] = SHAPES[shape];

/** The text in chunks of 64 KiB of UTF-8. */
function* chunks() {
  let pending = [];
  let length = 0;
  for (const s of generate()) {
    pending.push(s);
    length += s.length;
    if (length >= 65536) {
      yield Buffer.from(pending.join(''));
      pending = [];
      length = 0;
    }
  }
  if (length > 0) yield Buffer.from(pending.join(''));
}

const started = Date.now();
let findings = 0;
const lines = [];
lintBytes(chunks(), { kind }, (d) => {
  findings++;
  if (lines.length < 5) lines.push(`${d.line}:${d.column} ${d.type}`);
}).then(() => {
  const ms = Date.now() - started;
  process.stdout.write(JSON.stringify({ findings, first: lines, ms, maxRSS: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\n');
});
