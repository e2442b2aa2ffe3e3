// The fast path of markdown.ts (its own reading of the common blocks and of inline content, and
// the skipping of parts that have no URL candidate) against micromark reading everything
// (`fast: false`): the same findings, to the last offset, on the CommonMark spec examples, on
// generated documents, and on random documents made of the constructs where readers differ.
// Findings include relative URLs (which lint checks only against a base), so equal findings make
// equal diagnostics with and without a base; the last test checks that with a base too.

import { expect } from 'chai';
import { parseWithDiagnostics } from 'url-grammar';
import { lintText, sourceSpan } from '../src/lint';
import { MarkdownParser } from '../src/markdown';
import type { FoundURL } from '../src/found';
import { streamed } from './support/markdown';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const spec: { tests: Array<{ markdown: string; number: number }> } = require('commonmark-spec');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generate } = require('../bench/markdown-speed.js') as { generate: (bytes: number, seed: number) => { text: string } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateMarkdown } = require('../bench/lint-large.js') as { generateMarkdown: (bytes: number, write: (s: string) => void) => unknown };

const fast = (text: string, prose = true) => new MarkdownParser({ prose }).find(text);
const slow = (text: string, prose = true) => new MarkdownParser({ prose, fast: false }).find(text);

/** Everything a finding says, in a form chai compares whole. */
const all = (found: FoundURL[]) => found.map((f) => JSON.stringify([f.url, f.start, f.end, f.relative, f.context, f.definition, f.starts, f.ends]));


/** Random documents from fragments where Markdown readers tend to differ. */
function randomDocuments(count: number, seed: number): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(a: T[]) => a[Math.floor(random() * a.length)];
  const inline = [
    '[a](http://x.example/a)', '[b](<http://y.example/b c>)', '![i](http://i.example/i.png "t")', '[c][ref]', '[ref]', '[ref][]', '[d](x "ti\ntle")', '`code http://c.example`', '``a`b``', '`', '``',
    '<http://auto.example/a>', '<me@mail.example>', '<a href="http://h.example/x">', '</a>', '<img src=http://s.example/i>', '<b\nc="d">', 'http://lit.example/path.', 'https://lit.example/(a)b)',
    'www.example.com/x?y=1&amp;', 'www.ex_ample.com', 'foo@bar.example', 'mailto:me@example.com?subject=x', 'xmpp:me@ex.example/res@x.y.', 'a.b-c@d.e_', '*em*', '_u_', '**http://em.example**',
    '\\[x]', '\\`y`', '\\<a>', '&amp;', '&#91;', '[', ']', '(', ')', '![', '[x [y](z) w](v)', '![a [b](c)](d)', '[a](b) [c]: d', 'text', 'more words', ' ', '  ', '\t', 'http://[::1/x',
    'ftp://f.example', 'tel:123', '[l](http://p.example/a\\)b)', '[e]()', '[e](<>)', '(http://paren.example)', '[foo]: /url', '<!-- c -->', '<?php ?>', '~~x~~', 'Ünïcödé http://ü.example/ä',
    'www.ü.example', '[x](http://a.example/&quot;)', '&quot;http://q.example&quot;', '<span>', '</div>', '[ref]:', '"title"', '   ', '1.', '- x',
  ];
  const starts = ['', '', '', '# h ', '## ', '- ', '* ', '+ ', '1. ', '2) ', '> ', '    ', '  ', '```\n', '~~~js\n', '---\n', '***\n', '===\n', '<div>\n', '[ref]: http://ref.example/r "T"\n', '[other]:\n  <http://o.example>\n', '\t', ' - ', '   ```\n', '<script>\n', '</div>\n', '<a href="x">\n', '[ref]: /r\n"title"\n', '10. ', '  - ', '>> ', '<!--\n', '-->\n'];
  const docs: string[] = [];
  for (let d = 0; d < count; d++) {
    const lines: string[] = [];
    const n = 1 + Math.floor(random() * 30);
    for (let i = 0; i < n; i++) {
      let line = pick(starts);
      const k = Math.floor(random() * 5);
      for (let j = 0; j < k; j++) line += pick(inline) + (random() < 0.5 ? ' ' : '');
      lines.push(line);
    }
    docs.push(lines.join(random() < 0.9 ? '\n' : '\r\n'));
  }
  return docs;
}

describe('Markdown: the fast path finds what micromark finds', () => {
  it('every CommonMark spec example, with prose and without', () => {
    const failures: string[] = [];
    for (const ex of spec.tests) {
      for (const prose of [true, false]) {
        if (JSON.stringify(all(fast(ex.markdown, prose))) !== JSON.stringify(all(slow(ex.markdown, prose)))) failures.push(`example ${ex.number} (prose ${prose})`);
      }
    }
    expect(failures).to.deep.equal([]);
  });

  it('a part with no candidate (no ":", "@", "<", "](" or "www.") has no finding: on the spec examples', () => {
    let without = 0;
    for (const ex of spec.tests) {
      if (/[:@<]|\]\(|[wW]{3}\./.test(ex.markdown)) continue;
      without++;
      expect(slow(ex.markdown), `example ${ex.number}`).to.deep.equal([]);
    }
    expect(without).to.be.greaterThan(200);
  });

  const documents: Record<string, string> = {
    'a generated mixed document (bench/markdown-speed.js)': generate(192 * 1024, 7).text,
    'a generated link-heavy document (bench/lint-large.js)': (() => {
      const parts: string[] = [];
      generateMarkdown(192 * 1024, (s) => parts.push(s));
      return parts.join('');
    })(),
  };

  for (const [name, text] of Object.entries(documents)) {
    it(`${name}: whole, and in pieces`, () => {
      const expected = all(slow(text));
      expect(expected.length).to.be.greaterThan(500);
      expect(all(fast(text))).to.deep.equal(expected);
      // in pieces, definitions come from earlier pieces only; these documents define before use
      expect(all(streamed(text, 1000, 2048))).to.deep.equal(expected);
    });
  }

  it('600 random documents of tricky constructs, with prose and without', () => {
    const failures: string[] = [];
    for (const doc of randomDocuments(600, 19)) {
      for (const prose of [true, false]) {
        if (JSON.stringify(all(fast(doc, prose))) !== JSON.stringify(all(slow(doc, prose)))) failures.push(JSON.stringify(doc));
      }
    }
    expect(failures.slice(0, 3)).to.deep.equal([]);
  });

  it('block quotes read as paragraphs (withSimpleQuotesOpened) and those left to micromark: the same findings', () => {
    const quotes = [
      '> Lint URLs.\n> More information: <https://example.com/a\\b>.\n\n- `x`\n',
      '> [a\n> b](http://x.example/a\\b) and `code\n> http://c.example` after\n',
      '- item\n> [quote](http://q.example/a\\b)\n',
      '> a https://x.example/a\\b\nlazy http://lazy.example/a\\b\n>\nnot lazy http://n.example\n',
      '> [id]: http://def.example/a\\b\n\n[id]\n',
      '>     code http://code.example/x\n',
      '> - item http://i.example/a\\b\n> ```\n> http://fenced.example\n',
      '> # heading http://h.example/a\\b\n>\n> ===\n',
      '> a\n> ===\n> <http://after.example/a\\b>\n',
      'para\n> quote http://p.example/a\\b\n',
      '> "quoted" http://q.example/x [l](<http://l.example/a b>)\n> (paren) ![i](http://i.example/i.png "t\n> more https://t.example/a\\b")\n',
    ];
    for (const doc of quotes) for (const prose of [true, false]) expect(all(fast(doc, prose)), `${JSON.stringify(doc)} ${prose}`).to.deep.equal(all(slow(doc, prose)));
  });

  it('with a base: the same diagnostics as micromark\'s findings give, relative URLs included', () => {
    const base = 'https://example.com/docs/';
    const blocks: string[] = [];
    for (let i = 0; i < 300; i++) {
      blocks.push(
        [
          `Text [rel ${i}](../a\\\\b/${i}) and ![img](<pic ${i}.png>) and [empty]() [e2](<>).`,
          `- <img src="..\\x${i}.png"> and [ref-${i}][] after <a href='/p?q=${i} r'>a</a>`,
          '',
          `[ref-${i}]: /def\\\\${i} "t"`,
          '',
          '```',
          `[not](../code\\${i})`,
          '```',
          '',
          `> quoted [link](/q\\\\${i}) <span title="x">`,
          '',
        ].join('\n'),
      );
    }
    const text = blocks.join('\n');
    const expected: string[] = [];
    for (const f of slow(text)) {
      for (const e of parseWithDiagnostics(f.url, { baseURL: base }).errors) {
        const [s, t] = sourceSpan(f, e.start, e.end);
        expected.push(`${s} ${t} ${e.type}`);
      }
    }
    const got = lintText(text, { kind: 'markdown', base }).map((d) => `${d.start} ${d.end} ${d.type}`);
    expect(expected.length).to.be.greaterThan(900);
    expect([...new Set(got)].sort()).to.deep.equal([...new Set(expected)].sort());
    expect(lintText(text, { kind: 'markdown' })).to.deep.equal([]);
  });
});
