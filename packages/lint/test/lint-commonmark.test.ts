// lint on every one of the CommonMark spec's own examples (commonmark-spec 0.31.2, the spec's test cases as
// its repository publishes them): for every example, the URLs lint finds in the Markdown must be
// exactly the link and image destinations of the example's expected HTML (`href` and `src`),
// after the same decoding: CommonMark percent-encodes a destination for its href, and the HTML
// escapes it, so a found URL is percent-encoded the same way and the href is HTML-decoded.
// Raw HTML passes through to the expected HTML unchanged, so a URL found in a raw HTML attribute
// is compared as it is. A reference definition that no link uses appears in no href: such a
// definition's destination is the one thing lint may find beyond the expected HTML.
// Prose (GFM literal autolinks, bare URLs) is left out here: CommonMark does not link it.

import { expect } from 'chai';
import { decodeHTML } from 'entities';
import { findURLs } from '../src/lint';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const spec: { tests: Array<{ markdown: string; html: string; section: string; number: number }> } = require('commonmark-spec');

/** CommonMark's destination-to-href encoding: UTF-8 percent-encoding of all but these, keeping valid %XX. */
function commonmarkEncode(url: string): string {
  let out = '';
  for (let i = 0; i < url.length; i++) {
    const c = url[i];
    if (/[A-Za-z0-9;\/?:@&=+$,\-_.!~*'()#]/.test(c)) out += c;
    else if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(url.slice(i + 1, i + 3))) out += c;
    else {
      const cp = url.codePointAt(i)!;
      if (cp > 0xffff) i++;
      out += cp >= 0xd800 && cp <= 0xdfff ? '%EF%BF%BD' : encodeURIComponent(String.fromCodePoint(cp));
    }
  }
  return out;
}

function expectedURLs(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) out.push(decodeHTML(m[1]));
  return out;
}

const SECTIONS = [...new Set(spec.tests.map((t) => t.section))];

describe('lint: the CommonMark spec examples', () => {
  for (const section of SECTIONS) {
    const examples = spec.tests.filter((t) => t.section === section);
    it(`${section}: ${examples.length} examples, the URLs found are the destinations of the expected HTML`, () => {
      expect(examples.length).to.be.greaterThan(0);
      const failures: string[] = [];
      for (const ex of examples) {
        const found = findURLs(ex.markdown, { kind: 'markdown', prose: false });
        const expected = new Set(expectedURLs(ex.html));
        const got = new Set<string>();
        for (const f of found) {
          const url = f.context?.startsWith('html-') ? f.url : commonmarkEncode(f.url);
          if (f.definition && !expected.has(url)) continue;
          got.add(url);
        }
        const a = [...got].sort();
        const b = [...expected].sort();
        if (JSON.stringify(a) !== JSON.stringify(b)) failures.push(`example ${ex.number}: found ${JSON.stringify(a)}, expected ${JSON.stringify(b)} in ${JSON.stringify(ex.markdown)}`);
      }
      expect(failures).to.deep.equal([]);
    });
  }

  it('finds nothing inside code: spans, fenced and indented blocks', () => {
    const md = ['`http://span.example/a b`', '', '```', 'http://fenced.example/a b', '```', '', '    http://indented.example/a b', '', '- item', '', '      http://indented-in-list.example/ a', '', '[ok](http://link.example/a b)'].join('\n');
    expect(findURLs(md, { kind: 'markdown' }).map((f) => f.url)).to.deep.equal(['http://link.example/a']);
  });
});

describe('lint: Markdown in pieces finds what the whole document gives', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MarkdownSplitter, MarkdownParser } = require('../src/markdown') as typeof import('../src/markdown');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateMarkdown } = require('../bench/lint-large.js') as { generateMarkdown: (bytes: number, write: (s: string) => void) => unknown };

  const inPieces = (text: string, target: number, chunk: number) => {
    const splitter = new MarkdownSplitter(target);
    const parser = new MarkdownParser();
    const pieces: Array<{ text: string; offset: number }> = [];
    for (let i = 0; i < text.length; i += chunk) pieces.push(...splitter.push(text.slice(i, i + chunk)));
    pieces.push(...splitter.end());
    return { pieces: pieces.length, found: pieces.flatMap((p) => parser.find(p.text, p.offset)).map((f) => [f.url, f.start, f.end]) };
  };

  const documents: Record<string, string> = {
    'a tight list with no blank line': Array.from({ length: 400 }, (_, i) => `- [item ${i}](https://example.com/${i} "t") and https://u@x.example/${i}\n  continued <https://a.example:99999/${i}>`).join('\n') + '\n',
    'headings and a list in an HTML block': ['<div>', '- [not](https://in.html.example/)', '# not either', '</div>', '', ...Array.from({ length: 200 }, (_, i) => `# H${i}\n[a](https://h.example/${i})\n* b <https://b.example/${i}>`), '```', '- [in](https://fence.example/)', '', '# x', '```', '[last][ref]', '', '[ref]: https://ref.example/'].join('\n'),
    'a generated document': (() => {
      const parts: string[] = [];
      generateMarkdown(96 * 1024, (s) => parts.push(s));
      return parts.join('');
    })(),
  };

  for (const [name, text] of Object.entries(documents)) {
    it(`${name}: the same URLs at the same places, in many pieces`, () => {
      const whole = new MarkdownParser().find(text).map((f) => [f.url, f.start, f.end]);
      const split = inPieces(text, 256, 1000);
      expect(split.pieces).to.be.greaterThan(10);
      expect(split.found).to.deep.equal(whole);
    });
  }
});
