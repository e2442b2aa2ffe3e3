// lint in bounded memory and time (url-grammar issue 34, part 3), on the documents that once ran it
// out of memory or time, each generated here smaller than it was reported but large enough that
// the code before these fixes fails: run in a child process under a heap limit of 100 MB (the
// child, support/bounded.js, streams the document through lintBytes as the command line reads a
// file, generating it as it goes), they ran out of heap; now each is read in pieces of bounded
// size. Then what the bounds must not change (every document written for people reads as before),
// and the linear --fix-dry-run diff (patch.ts), byte for byte what the diff package writes.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { applyFixes, lintText, MAX_URL_LENGTH, type LintDiagnostic } from '../src/lint';
import { lintBytes } from '../src/run';
import { MarkdownParser, MarkdownSplitter, MAX_NESTING } from '../src/markdown';
import { LongRuns } from '../src/text';
import { LONG_LINE } from '../src/disable';
import { fixesPatch, type TextEdit } from '../src/patch';
import type { FoundURL } from '../src/found';
import { mainAsync } from './support/cli';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const fc = require('fast-check') as typeof import('fast-check');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateMarkdown } = require('../bench/lint-large.js') as { generateMarkdown: (bytes: number, write: (s: string) => void) => unknown };

/** Runs support/bounded.js on a shape: what it found, its time and its peak memory. */
function bounded(shape: string, size: number): { findings: number; first: string[]; ms: number; maxRSS: number } {
  const r = spawnSync(process.execPath, ['--max-old-space-size=100', join(__dirname, 'support', 'bounded.js'), join(__dirname, '..', 'src'), shape, String(size)], { encoding: 'utf8', timeout: 50_000 });
  const last = r.stderr.trim().split('\n').slice(-3).join(' | ');
  expect(r.status, `${shape}: the child ended with ${r.status ?? r.signal} (${last})`).to.equal(0);
  return JSON.parse(r.stdout);
}

describe('lint in bounded memory: the documents that ran it out of memory (under a 100 MB heap)', function () {
  this.timeout(60_000);

  it('lines of 99 nested block quotes, each with a URL: every URL (3,000 lines; 80,000 took 4.4 GB per 40,000)', () => {
    // no line starts a top-level block, so the splitter cut nothing and micromark took it whole
    const r = bounded('quotes', 3000);
    expect(r.findings).to.equal(3000);
    expect(r.first[0]).to.equal('1:212 invalid-credentials');
  });

  it('one line of 20 MB of text, a URL every 27 characters: every URL, reported as the line is read', () => {
    // the findings of a line were all held until its end, for the disable comments on it
    const r = bounded('long-line', 20_000_000);
    expect(r.findings).to.equal(740_741);
    expect(r.first.slice(0, 2)).to.deep.equal(['1:14 invalid-credentials', '1:41 invalid-credentials']);
  });

  it('an HTML attribute of 10 MB: left unchecked (longer than MAX_URL_LENGTH), the link after it checked', () => {
    // parse5 built the value a character at a time
    const r = bounded('attribute', 10_000_000);
    expect(r.first).to.deep.equal(['2:19 invalid-credentials']);
  });

  it('a list nested 1,000 levels by indentation alone: every URL (2,000 levels took 121 s)', () => {
    const r = bounded('indented-list', 1000);
    expect(r.findings).to.equal(1000);
    expect(r.first[1]).to.equal('2:19 invalid-credentials');
  });

  it('an HTML comment never closed, 200,000 lines: nothing in it, the URL before it found', () => {
    const r = bounded('open-comment', 200_000);
    expect(r.first).to.deep.equal(['1:17 invalid-credentials']);
  });

  it('a <pre> block of 100,000 links: every link, and the URL after the block', () => {
    const r = bounded('pre-block', 100_000);
    expect(r.findings).to.equal(100_001);
    expect(r.first.slice(0, 2)).to.deep.equal(['2:19 invalid-credentials', '3:19 invalid-credentials']);
  });
});

/** A finding's URL and place. */
const spans = (found: FoundURL[]) => found.map((f) => [f.url, f.start, f.end, f.context ?? 'text']).sort((a, b) => (a[1] as number) - (b[1] as number));

/** `text` read in pieces as LintSession reads it, with the splitter's bounds set to `soft` and `hard`. */
function streamed(text: string, soft: number, hard: number, chunk = 997): FoundURL[] {
  const splitter = new MarkdownSplitter(64, soft, hard);
  const parser = new MarkdownParser();
  const found: FoundURL[] = [];
  for (let i = 0; i < text.length; i += chunk) for (const p of splitter.push(text.slice(i, i + chunk))) found.push(...parser.push(p.text, p.offset, p.continued));
  for (const p of splitter.end()) found.push(...parser.push(p.text, p.offset, p.continued));
  found.push(...parser.end());
  return found;
}

describe('lint in bounded memory: what the bounds leave as it was', () => {
  const whole = (text: string) => new MarkdownParser({ fast: false }).find(text);

  it('a piece cut through a fenced code block or an HTML block, anywhere: the same findings as the whole document', () => {
    // Blocks of lines that each stand alone (no construct goes on to the next line), fenced code
    // and HTML blocks of every kind among them; the bounds are set so low that the splitter cuts
    // every few lines, inside the blocks too. The block left open is read on line by line.
    let state = 7;
    const random = () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x7fffffff;
    };
    const pick = <T>(a: T[]) => a[Math.floor(random() * a.length)];
    const lines = ['Text https://a@x.example/ here.', 'A [link](https://b@x.example/) and <https://c@x.example/>.', '', '', '# Heading https://d@x.example/', '- item https://e@x.example/', '> quote https://f@x.example/'];
    const blocks = [
      ['```', 'code https://g@x.example/', '', '```'],
      ['~~~~', '```', 'https://h@x.example/', '~~~~'],
      ['<pre>', '<a href="https://i@x.example/">i</a>', '', 'https://j@x.example/', '</pre>'],
      ['<!--', 'https://k@x.example/', '<a href="https://l@x.example/">', '-->'],
      ['<div>', '<img src="https://m@x.example/">', 'https://n@x.example/', '', 'After https://o@x.example/'],
      ['<span title="x">', '<a href="https://p@x.example/">p</a>', '', 'https://q@x.example/'],
      ['<script>', 'var u = "https://r@x.example/";', '</script> https://s@x.example/'],
      ['<?php', 'echo "https://t@x.example/"; ?>'],
    ];
    const failures: string[] = [];
    for (let d = 0; d < 150; d++) {
      const doc: string[] = [];
      const n = 5 + Math.floor(random() * 40);
      for (let i = 0; i < n; i++) {
        if (random() < 0.3) doc.push(...pick(blocks), '');
        else doc.push(pick(lines));
      }
      const text = doc.join(random() < 0.8 ? '\n' : '\r\n') + (random() < 0.5 ? '\n' : '');
      const expected = JSON.stringify(spans(whole(text)));
      for (const [soft, hard] of [[40, 80], [1, 200], [300, 300]]) {
        if (JSON.stringify(spans(streamed(text, soft, hard))) !== expected) failures.push(`${soft}/${hard}: ${JSON.stringify(text)}`);
      }
    }
    expect(failures.slice(0, 2)).to.deep.equal([]);
  });

  it('a document written for people is never cut past its bounds: the generated link-heavy one, 1 MB, reads the same in pieces', () => {
    const parts: string[] = [];
    generateMarkdown(1 << 20, (s) => parts.push(s));
    const text = parts.join('');
    const splitter = new MarkdownSplitter();
    const pieces = [...splitter.push(text), ...splitter.end()];
    expect(pieces.filter((p) => p.continued)).to.deep.equal([]);
    expect(pieces.length).to.be.greaterThan(50);
    expect(JSON.stringify(spans(streamed(text, 64 * 1024, 256 * 1024)))).to.equal(JSON.stringify(spans(new MarkdownParser().find(text))));
  });

  it('a list nested deeper than MAX_NESTING by indentation: read as 100 levels, then as text, every URL found at its place', () => {
    const lines: string[] = [];
    for (let i = 0; i < MAX_NESTING + 50; i++) lines.push(' '.repeat(2 * i) + `- [x](https://u@example.com/${i}) and https://v@example.com/${i}`);
    const text = lines.join('\n') + '\n';
    const found = spans(new MarkdownParser().find(text));
    expect(found.length).to.equal(2 * (MAX_NESTING + 50));
    for (let i = 0; i < MAX_NESTING + 50; i++) {
      const at = text.indexOf(`https://u@example.com/${i})`);
      expect(found[2 * i], `line ${i + 1}`).to.deep.equal([`https://u@example.com/${i}`, at, at + `https://u@example.com/${i}`.length, 'markdown-destination']);
    }
    // the 100th level is still a list item ("-" then 5 spaces: its content starts with indented
    // code); the 101st is text
    const probe = (depth: number) => {
      const md = lines.slice(0, depth - 1).join('\n') + '\n' + ' '.repeat(2 * (depth - 1)) + '-     https://w@example.com/\n';
      return spans(new MarkdownParser().find(md)).map((s) => s[0]).includes('https://w@example.com/');
    };
    expect(probe(MAX_NESTING)).to.equal(false);
    expect(probe(MAX_NESTING + 1)).to.equal(true);
  });

  it('a URL of MAX_URL_LENGTH units is checked; one longer is not, in text, Markdown and HTML', () => {
    for (const [kind, wrap] of [
      ['text', (u: string) => `See ${u} here.\n`],
      // (in Markdown a run without white space is what counts: a link's brackets would lengthen it)
      ['markdown', (u: string) => `See ${u} here.\n\n[x]:\n${u}\n`],
      ['html', (u: string) => `<p><a href="${u}">x</a>\n`],
    ] as const) {
      for (const extra of [0, 1]) {
        const url = 'https://u@example.com/' + 'a'.repeat(MAX_URL_LENGTH - 22 + extra);
        expect(url.length).to.equal(MAX_URL_LENGTH + extra);
        const found = lintText(wrap(url), { kind }).filter((d) => d.type === 'invalid-credentials');
        expect(found.length, `${kind}, ${url.length} units`).to.equal(extra === 0 ? (kind === 'markdown' ? 2 : 1) : 0);
      }
    }
  });

  it('LongRuns leaves out a run longer than MAX_URL_LENGTH without white space, whatever the chunks, and nothing else', () => {
    const long = 'b'.repeat(MAX_URL_LENGTH + 1);
    const short = 'c'.repeat(MAX_URL_LENGTH);
    const text = `a ${long} d\n${short}\te ${long}`;
    for (const chunk of [1, 7, 1000, 65536, text.length]) {
      const runs = new LongRuns();
      const out: Array<{ text: string; offset: number }> = [];
      for (let i = 0; i < text.length; i += chunk) out.push(...runs.push(text.slice(i, i + chunk)));
      out.push(...runs.end());
      // joined back at their offsets: the text with the long runs gone
      let kept = '';
      let at = 0;
      const gaps: number[] = [];
      for (const s of out) {
        if (s.offset !== at) gaps.push(s.offset - at);
        expect(text.slice(s.offset, s.offset + s.text.length)).to.equal(s.text);
        kept += s.text;
        at = s.offset + s.text.length;
      }
      expect(kept, `chunks of ${chunk}`).to.equal(`a  d\n${short}\te `);
      expect(gaps).to.deep.equal([long.length]);
      expect(at + long.length).to.equal(text.length);
    }
  });

  /** Lints `text` streamed in chunks of 64 KiB: each finding, and how much had been given when it was reported. */
  async function streamedLint(text: string, kind: 'text' | 'markdown'): Promise<Array<{ d: LintDiagnostic; given: number }>> {
    const bytes = Buffer.from(text);
    const out: Array<{ d: LintDiagnostic; given: number }> = [];
    let given = 0;
    const chunks = function* () {
      for (let i = 0; i < bytes.length; i += 65536) {
        given = Math.min(bytes.length, i + 65536);
        yield bytes.subarray(i, i + 65536);
      }
    };
    await lintBytes(chunks(), { kind }, (d) => void out.push({ d, given }));
    return out;
  }

  it('on a line longer than LONG_LINE, findings go out as it is read (they were held until its end)', async () => {
    // (3 MB: a text file's line is cut into pieces past 1 MiB, a Markdown one past SPLIT_HARD)
    const line = 'https://b@x.example/ '.repeat(150_000);
    for (const kind of ['text', 'markdown'] as const) {
      const found = await streamedLint(line + '\n', kind);
      expect(found.length).to.equal(150_000);
      expect(found.filter((f) => f.given < line.length / 2).length, kind).to.be.greaterThan(30_000);
    }
  });

  it('on a line longer than LONG_LINE, a disable comment counts for what follows it; on a shorter line, for the whole line', async () => {
    const urls = (name: string, n: number) => `https://${name}@x.example/ `.repeat(n);
    const text = [
      '<!-- url-grammar-disable-next-line -->',
      urls('a', LONG_LINE / 4),
      urls('b', LONG_LINE / 4) + '<!-- url-grammar-disable invalid-credentials --> ' + urls('c', 10),
      urls('d', 3),
      '<!-- url-grammar-enable --> ' + urls('e', 2) + ' <!-- url-grammar-disable -->',
      urls('f', 1),
    ].join('\n');
    const found = await streamedLint(text, 'markdown');
    const users = new Set(found.map((f) => /\/\/(\w)@/.exec(f.d.url)![1]));
    expect([...users].sort()).to.deep.equal(['b']);
    // the findings of line 3 read more than LONG_LINE before its comment are reported; none after it
    expect(found.length).to.be.greaterThan(LONG_LINE / 8);
    expect(found.length).to.be.lessThan(LONG_LINE / 4);
  });
});

/** What createTwoFilesPatch writes for `text` and `text` with `edits` applied (what --fix-dry-run printed before patch.ts). */
const diffOf = (text: string, edits: TextEdit[]) => createTwoFilesPatch('f.md', 'f.md', text, applyFixes(text, edits));

describe('--fix-dry-run: the unified diff built from the fixes (patch.ts)', function () {
  this.timeout(60_000);

  it('the same, byte for byte, as createTwoFilesPatch on random documents with random fixes', () => {
    // lines drawn from a few, so that changed lines often equal the lines around them (where
    // Myers's algorithm may line the change up otherwise than line by line)
    const pool = ['a', 'b', '', 'http://x\\y', 'http://x/y', 'c d', '\t'];
    const doc = fc.record({
      lines: fc.array(fc.constantFrom(...pool), { maxLength: 60 }),
      crlf: fc.boolean(),
      last: fc.boolean(),
    });
    fc.assert(
      fc.property(
        doc,
        fc.array(fc.record({ at: fc.nat(), length: fc.nat({ max: 6 }), text: fc.constantFrom(...pool, 'z', '') }), { maxLength: 12 }),
        ({ lines, crlf, last }, raw) => {
          const text = lines.join(crlf ? '\r\n' : '\n') + (last ? (crlf ? '\r\n' : '\n') : '');
          const edits = raw.map((e) => {
            const start = text.length === 0 ? 0 : e.at % (text.length + 1);
            return { start, end: Math.min(text.length, start + e.length), text: e.text };
          });
          if (applyFixes(text, edits) === text) return;
          expect(fixesPatch('f.md', 'f.md', text, edits)).to.equal(diffOf(text, edits));
        },
      ),
      { numRuns: 3000, seed: 34 },
    );
  });

  it('the same on lint\'s own fixes of a generated document, with a BOM before it', () => {
    const parts: string[] = [];
    generateMarkdown(256 * 1024, (s) => parts.push(s));
    const text = parts.join('');
    const fixes = lintText(text, { kind: 'markdown', fixes: true }).flatMap((d) => (d.fix ? [d.fix] : []));
    expect(fixes.length).to.be.greaterThan(100);
    expect(fixesPatch('f.md', 'f.md', text, fixes)).to.equal(diffOf(text, fixes));
    const bom = '\uFEFF';
    expect(fixesPatch('f.md', 'f.md', bom + text, fixes, 1)).to.equal(createTwoFilesPatch('f.md', 'f.md', bom + text, bom + applyFixes(text, fixes)));
  });

  it('the command line prints it (a file with a BOM, fixes on its first line and its last, which has no line break)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-dry-'));
    try {
      const text = '[a](http://x.example\\a) first\n\nmiddle\n\nlast [b](HTTP://X.example/b\\c)';
      const file = join(dir, 'd.md');
      writeFileSync(file, '\uFEFF' + text);
      let out = '';
      const code = await mainAsync(['lint', '--fix-dry-run', file], {
        out: (s) => void (out += s),
        err: () => undefined,
        readFile: (p: string) => readFileSync(p),
        setExitCode: () => undefined,
        isTTY: false,
        stdinIsTTY: false,
      });
      expect(code).to.equal(0);
      const fixed = '[a](http://x.example/a) first\n\nmiddle\n\nlast [b](http://x.example/b/c)';
      expect(out).to.equal(createTwoFilesPatch(file, file, '\uFEFF' + text, '\uFEFF' + fixed));
      expect(out).to.contain('\\ No newline at end of file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // (it took a minute; bench/lint-bounds.js times it, from 8,000 to 32,000 changed lines)
  it('the command line prints the diff of 16,000 changed lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-dry-'));
    try {
      const lines: string[] = [];
      for (let i = 0; i < 16_000; i++) lines.push(`Line ${i}: see [x](http://example.com\\${i}/a) and more`);
      const file = join(dir, 'many.md');
      writeFileSync(file, lines.join('\n') + '\n');
      let out = '';
      await mainAsync(['lint', '--fix-dry-run', file], {
        out: (s) => void (out += s),
        err: () => undefined,
        readFile: (p: string) => readFileSync(p),
        setExitCode: () => undefined,
        isTTY: false,
        stdinIsTTY: false,
      });
      expect(out.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++')).length).to.equal(16_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Its time is bench/lint-bounds.js's figure (--fix-dry-run from 8,000 to 32,000 changed lines);
  // here its work is counted, which no load on the machine changes: the string slices and set
  // look-ups it makes (each line is sliced and looked up a bounded number of times) and the lines
  // it hands the diff package's diffArrays (Myers's search, whose time grows with the square).
  it('its work grows with the number of changed lines, not with its square (slices, look-ups and lines handed to diffArrays, counted)', () => {
    // every line changed; or, `paired`, every other line already what the fix makes of the line
    // before it, so that the diff package decides how the change lines up
    const make = (n: number, paired: boolean) => {
      const lines: string[] = [];
      const edits: TextEdit[] = [];
      let at = 0;
      for (let i = 0; i < n; i++) {
        const k = paired ? i >> 1 : i;
        const fixed = paired && i % 2 === 1;
        const line = `Line ${k}: see [x](http://example.com${fixed ? '/' : '\\'}${k}/a) and more\n`;
        if (!fixed) {
          const s = at + line.indexOf('http');
          edits.push({ start: s, end: s + `http://example.com\\${k}/a`.length, text: `http://example.com/${k}/a` });
        }
        lines.push(line);
        at += line.length;
      }
      return { text: lines.join(''), edits };
    };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const diffPackage = require('diff') as { diffArrays: (a: string[], b: string[]) => unknown };
    const work = (n: number, paired: boolean) => {
      const { text, edits } = make(n, paired);
      const slice = String.prototype.slice;
      const has = Set.prototype.has;
      const diffArrays = Object.getOwnPropertyDescriptor(diffPackage, 'diffArrays')!;
      const real = diffPackage.diffArrays;
      const count = { operations: 0, handed: 0, calls: 0 };
      String.prototype.slice = function (this: string, ...args: [number?, number?]) {
        count.operations++;
        return slice.apply(this, args);
      };
      Set.prototype.has = function (this: Set<unknown>, value: unknown) {
        count.operations++;
        return has.call(this, value);
      };
      Object.defineProperty(diffPackage, 'diffArrays', { configurable: true, enumerable: true, get: () => (a: string[], b: string[]) => {
        count.calls++;
        count.handed += a.length + b.length;
        return real(a, b);
      } });
      let patch: string;
      try {
        patch = fixesPatch('f.md', 'f.md', text, edits);
      } finally {
        String.prototype.slice = slice;
        Set.prototype.has = has;
        Object.defineProperty(diffPackage, 'diffArrays', diffArrays);
      }
      expect(patch.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++')).length).to.equal(edits.length);
      return count;
    };
    for (const paired of [false, true]) {
      const small = work(8000, paired);
      const large = work(32_000, paired);
      // 4 times the lines: 4 times the work, give or take (16 times would be its square)
      expect(small.operations, `paired: ${paired}`).to.be.above(8000);
      expect(large.operations / small.operations, `paired: ${paired}`).to.be.within(3.5, 4.5);
      expect(large.handed, `lines handed to diffArrays (paired: ${paired})`).to.be.at.most(4 * small.handed);
      // the paired lines are where the diff package takes part
      if (paired) expect(small.calls).to.be.above(0);
      else expect(small.calls + large.calls).to.equal(0);
    }
  });
});

describe('lint: HTML a browser reads, read (issue 50)', function () {
  this.timeout(60_000);

  it('a numeric character reference of any length: 307 leading zeros are "A" (entities gave NaN, and lint "cannot read"), a number past U+10FFFF is U+FFFD', async () => {
    const zeros = '0'.repeat(307);
    const html = `<a href="https://EXAMPLE.com/&#${zeros}65;\\b">x</a> &#${'0'.repeat(500)}66; <img src="https://e.com/&#x${'0'.repeat(400)}41; b"><a href="https://a.com/&#${'9'.repeat(400)};\\c">y</a>`;
    const found = lintText(html, { kind: 'html', fixes: true });
    expect(found.map((d) => [d.type, d.column])).to.deep.equal([
      ['invalid-reverse-solidus', html.indexOf('\\b') + 1],
      ['invalid-URL-unit', html.indexOf(' b"') + 1],
      ['invalid-reverse-solidus', html.indexOf('\\c') + 1],
    ]);
    // the reference's place is the whole reference, and the fix writes what it means
    expect(applyFixes(html, found.flatMap((d) => (d.fix ? [d.fix] : []))).startsWith('<a href="https://example.com/A/b">')).to.equal(true);
    // (the number past U+10FFFF: U+FFFD, which the URL is fixed with, percent-encoded)
    expect(found[2].fix?.text).to.equal('https://a.com/%EF%BF%BD/c');
    const r = await lintBytes([Buffer.from(html)], { kind: 'html' }, () => undefined);
    expect(r.diagnostics).to.equal(3);
  });

  it('a tag of 200,000 attributes (6.5 MB) in linear time: the first 1,024 read, the rest of the tag not, and said; what follows it at its place', async () => {
    const attrs = Array.from({ length: 200_000 }, (_, i) => `a${i}="v"`).join(' ');
    const html = `<p>x</p><a href="https://EXAMPLE.com\\x" ${attrs} src="https://late.example/ z" title='>' data-x=">">t</a>\n<img src="https://e.com/a b">`;
    const d: Array<{ type: string; line: number; column: number; url?: string }> = [];
    const r = await lintBytes([Buffer.from(html)], { kind: 'html' }, (x) => d.push(x));
    // the href before the 1,024th attribute is checked; the src after it is not read; the quoted ">"s do not end the tag
    expect(d.map((x) => [x.type, x.line, x.column])).to.deep.equal([
      ['invalid-reverse-solidus', 1, html.indexOf('\\x') + 1],
      ['invalid-URL-unit', 2, '<img src="https://e.com/a'.length + 1],
    ]);
    expect(r.truncatedTags).to.equal(1);
    // and the command line says it
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-lint-attrs-'));
    try {
      writeFileSync(join(dir, 'many.html'), html);
      let err = '';
      const code = await mainAsync(['lint', '--no-config', join(dir, 'many.html')], { out: () => undefined, err: (s) => void (err += s), readFile: (p) => readFileSync(p), setExitCode: () => undefined, isTTY: false });
      expect(code).to.equal(1);
      expect(err).to.include(`many.html: 1 tag with more than 1,024 attributes: the rest of it not read\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
