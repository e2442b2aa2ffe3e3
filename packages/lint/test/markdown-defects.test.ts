// Two Markdown defects of url-grammar issue 19, each with what GFM or CommonMark says:
//   (a) a fence line inside an HTML block (`<div>` then a line of backticks) put the piece
//       splitter out of step in files over 16 KB: a URL inside real fenced code was reported and
//       one after it was missed;
//   (b) GFM's extended protocol autolinks: `mailto:me@example.com` and `xmpp:me@example.com/res`
//       are links as written (GFM spec, "Autolinks (extension)", examples 633 and 634); the
//       address was reported alone, with an implied `mailto:` (so `xmpp:` became `mailto:`).

import { expect } from 'chai';
import { findURLs, lintText } from '../src/lint';
import { MAX_NESTING, MarkdownParser, MarkdownSplitter } from '../src/markdown';
import type { FoundURL } from '../src/found';
import { streamed } from './support/markdown';

const spans = (found: FoundURL[]) => found.map((f) => [f.url, f.start, f.end]);


/** The findings of micromark on the whole document, in one piece. */
const whole = (text: string) => new MarkdownParser({ fast: false }).find(text);

describe('Markdown defect (a): a fence line inside an HTML block', () => {
  // a paragraph of about 16 KB with no blank line (no place to cut), so that the splitter's first
  // chance to cut comes inside the fenced code block below
  const filler = (size: number) => {
    const lines: string[] = [];
    let n = 0;
    while (n < size) {
      const line = `Filler text line ${lines.length} with nothing to link in it at all.`;
      lines.push(line);
      n += line.length + 1;
    }
    return lines.join('\n') + '\n';
  };
  const tail = [
    '',
    '<div>',
    '```',
    '</div>',
    '',
    '```',
    'curl https://inside.example:99999/a',
    '',
    'more https://inside.example:99999/b',
    '```',
    'After the code: https://after.example:99999/c',
    '',
  ].join('\n');
  const text = filler(16 * 1024 - 40) + tail;

  it('the document is as intended: over 16 KB, the `<div>` before 16 KB and the code after', () => {
    expect(text.length).to.be.greaterThan(16 * 1024);
    expect(text.indexOf('<div>')).to.be.lessThan(16 * 1024);
    expect(text.indexOf('more https://inside')).to.be.greaterThan(16 * 1024);
  });

  it('lint reports the URL after the code, and none inside it', () => {
    const urls = lintText(text, { kind: 'markdown' }).map((d) => d.url);
    expect(urls).to.deep.equal(['https://after.example:99999/c']);
  });

  it('the same findings as micromark on the whole document, in pieces of any size', () => {
    const expected = spans(whole(text));
    expect(expected.map(([u]) => u)).to.deep.equal(['https://after.example:99999/c']);
    for (const chunk of [1, 100, 4096, 1 << 20]) expect(spans(streamed(text, chunk)), `chunks of ${chunk}`).to.deep.equal(expected);
  });

  it('the splitter does not cut inside the fenced code block', () => {
    const splitter = new MarkdownSplitter();
    const pieces = [...splitter.push(text), ...splitter.end()];
    const code = [text.indexOf('```\ncurl'), text.indexOf('```\nAfter')];
    for (const p of pieces) expect(p.offset <= code[0] || p.offset > code[1], `a piece starts at ${p.offset}`).to.equal(true);
    const parser = new MarkdownParser();
    expect(spans(pieces.flatMap((p) => parser.find(p.text, p.offset)))).to.deep.equal(spans(whole(text)));
  });

  it('where the splitter is still wrong (a fence opened on a list item line), the parser keeps the open block for the next piece', () => {
    // "- ```" opens a fence inside the item; the splitter sees only the indented closing line,
    // takes it for an opening one, and is out of step from there on
    const blocks: string[] = [];
    for (let i = 0; i < 40; i++) blocks.push(`- \`\`\`sh\n  echo ${i}\n  \`\`\`\n\nText ${i} https://t${i}.example:99999/\n\n\`\`\`\ncode https://c${i}.example:99999/\n\nhttps://d${i}.example:99999/\n\`\`\`\n\n`);
    const doc = blocks.join('');
    const expected = spans(whole(doc));
    expect(expected.length).to.equal(40);
    for (const target of [64, 512, 4096]) expect(spans(streamed(doc, 1000, target)), `pieces of ${target}`).to.deep.equal(expected);
    expect(lintText(doc, { kind: 'markdown' }).map((d) => d.url)).to.deep.equal(expected.map(([u]) => u));
  });
});

describe('Markdown defect (b): GFM extended protocol autolinks (mailto:, xmpp:)', () => {
  const one = (text: string) => findURLs(text, { kind: 'markdown' }).map((f) => [f.url, f.start, f.end, f.context ?? 'text']);

  it('`mailto:me@example.com?subject=hi^there`: GFM links `mailto:me@example.com`, as written from its first letter', () => {
    // GFM: "mailto:" then an e-mail address; the address ends before "?" (only letters, digits,
    // ".", "-", "_" after the "@"), so the rest is text
    expect(one('mailto:me@example.com?subject=hi^there')).to.deep.equal([['mailto:me@example.com', 0, 21, 'text']]);
    expect(one('Write to mailto:me@example.com?subject=hi^there now.')).to.deep.equal([['mailto:me@example.com', 9, 30, 'text']]);
  });

  it('the examples of the GFM spec (633, 634): the link of each, no shorter', () => {
    const examples: Array<[string, string[]]> = [
      ['mailto:foo@bar.baz', ['mailto:foo@bar.baz']],
      ['mailto:a.b-c_d@a.b', ['mailto:a.b-c_d@a.b']],
      ['mailto:a.b-c_d@a.b.', ['mailto:a.b-c_d@a.b']],
      ['mailto:a.b-c_d@a.b/', ['mailto:a.b-c_d@a.b']],
      ['xmpp:foo@bar.baz', ['xmpp:foo@bar.baz']],
      ['xmpp:foo@bar.baz.', ['xmpp:foo@bar.baz']],
      ['xmpp:foo@bar.baz/txt', ['xmpp:foo@bar.baz/txt']],
      ['xmpp:foo@bar.baz/txt@bin', ['xmpp:foo@bar.baz/txt@bin']],
      ['xmpp:foo@bar.baz/txt@bin.com', ['xmpp:foo@bar.baz/txt@bin.com']],
      ['xmpp:foo@bar.baz/txt/bin', ['xmpp:foo@bar.baz/txt']],
    ];
    for (const [md, urls] of examples) {
      const found = findURLs(md, { kind: 'markdown' });
      expect(found.map((f) => f.url), md).to.deep.equal(urls);
      expect(found[0].start, md).to.equal(0);
      expect(found[0].context, md).to.equal('text');
    }
  });

  it('a protocol after a letter or digit, or not in lower case, is no protocol: the address alone is linked, with mailto: implied', () => {
    expect(one('xmailto:me@example.com')).to.deep.equal([['mailto:me@example.com', 8, 22, 'implied']]);
    expect(one('MAILTO:me@example.com')).to.deep.equal([['mailto:me@example.com', 7, 21, 'implied']]);
    expect(one('me@example.com')).to.deep.equal([['mailto:me@example.com', 0, 14, 'implied']]);
  });

  it('the same with and without the fast path, in prose and in a list', () => {
    for (const md of ['- mailto:a@b.co and xmpp:c@d.co/e@f.g.', '> mailto:a@b.co and xmpp:c@d.co/e', 'x xmpp:c@d.co/a@b@c.de y']) {
      expect(spans(new MarkdownParser().find(md)), md).to.deep.equal(spans(whole(md)));
    }
  });
});

describe('Markdown: block quotes and list items nested past MAX_NESTING on one line', function () {
  // Before the cap, micromark took about a minute for 16,000 nested "- " (its time grows with the
  // square of the depth), so these end by the timeout when the cap is gone.
  this.timeout(30_000);
  const url = 'https://a\\b';

  it('a line nested 20,000 deep (quotes, bullets, ordinals): its URL found, at its offset', () => {
    for (const prefix of ['> '.repeat(20_000), '- '.repeat(20_000), '1. '.repeat(20_000), '>'.repeat(20_000) + ' ']) {
      for (const md of [`${prefix}${url}\n`, `${prefix}[x](${url})\n`]) {
        const found = new MarkdownParser().find(md);
        expect(spans(found), md.slice(0, 8)).to.deep.equal([[url, md.indexOf(url), md.indexOf(url) + url.length]]);
        expect(lintText(md, { kind: 'markdown' }).map((d) => d.type)).to.deep.equal(['invalid-reverse-solidus']);
      }
    }
  });

  it('within the limit, the document is read as it is (a code span stays code, a link stays a link)', () => {
    for (const depth of [1, 50, MAX_NESTING]) {
      for (const prefix of ['> '.repeat(depth), '- '.repeat(depth)]) {
        const md = `${prefix}\`${url}\` and [x](https://b/)\n`;
        expect(spans(new MarkdownParser().find(md)), `depth ${depth}`).to.deep.equal(spans(whole(md)));
        expect(spans(new MarkdownParser().find(md)).map((s) => s[0])).to.deep.equal(['https://b/']);
      }
    }
  });
});
