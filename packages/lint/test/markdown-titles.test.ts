// URLs in the titles of Markdown links, images and reference definitions (issue 36): a title is
// prose that renders (as a tooltip), so its URLs are found as prose are, in its text as it
// renders (backslash escapes and character references decoded), and reported where they are
// written in the file. Each case is checked on both of markdown.ts's readings (its fast path and
// micromark's, `fast: false`), which must agree.

import { expect } from 'chai';
import { lintText } from '../src/lint';
import { MarkdownParser } from '../src/markdown';

/** The absolute URLs markdown.ts finds in `text` (the destinations here are relative), on both readings. */
function titleFindings(text: string) {
  const fast = new MarkdownParser().find(text);
  const slow = new MarkdownParser({ fast: false }).find(text);
  expect(JSON.stringify(fast), 'fast path and micromark agree').to.equal(JSON.stringify(slow));
  return fast.filter((f) => !f.relative);
}

/** lint's findings in `text` (one per URL), each error with the text it points at. */
function reported(text: string) {
  return lintText(text, { kind: 'markdown', fixes: true }).flatMap((d) =>
    d.errors.map((e) => ({ url: d.url, type: e.type, line: e.line, column: e.column, written: text.slice(e.start, e.end), fix: d.fix?.text, noFix: d.noFix })),
  );
}

describe('lint: URLs in Markdown link titles', () => {
  for (const [name, open, close] of [
    ['double-quoted', '"', '"'],
    ['single-quoted', "'", "'"],
    ['parenthesised', '(', ')'],
  ] as const) {
    it(`finds a URL in a ${name} title of a link, an image and a reference definition, at its place`, () => {
      const title = `${open}see https://twitter.com\\a\\b${close}`;
      for (const text of [`[x](u ${title})`, `![x](u ${title})`, `[id]: u ${title}\n\n[id]`, `Some words, then [x](<u>\n  ${title}) and more.`]) {
        const found = titleFindings(text);
        expect(found.map((f) => f.url), text).to.deep.equal(['https://twitter.com\\a\\b']);
        const at = text.indexOf('https://');
        expect([found[0].start, found[0].end], text).to.deep.equal([at, at + 'https://twitter.com\\a\\b'.length]);
        const ds = reported(text);
        expect(ds.map((d) => [d.type, d.written]), text).to.deep.equal([
          ['invalid-reverse-solidus', '\\'],
          ['invalid-reverse-solidus', '\\'],
        ]);
        expect(ds[0].fix, text).to.equal('https://twitter.com/a/b');
      }
    });
  }

  it('maps backslash escapes and character references in a title back to the text written', () => {
    const text = 'A [link](/u "docs at https://x.example/\\_private\\\\path&#x41;\\*x").';
    const [f] = titleFindings(text);
    expect(f.url).to.equal('https://x.example/_private\\pathA*x');
    const ds = reported(text);
    expect(ds).to.have.length(1);
    // the error is at the "\\" escape that stands for the one "\" of the URL
    expect(ds[0].written).to.equal('\\\\');
    expect(ds[0].column).to.equal(text.indexOf('\\\\') + 1);
    // the replacement covers the whole URL as written, with its escapes
    const d = lintText(text, { kind: 'markdown', fixes: true })[0];
    expect(text.slice(d.fix!.start, d.fix!.end)).to.equal('https://x.example/\\_private\\\\path&#x41;\\*x');
  });

  it('a fix in a title leaves the title as it was around the URL and reads back as the fixed URL', () => {
    for (const text of ['[x](u "see https://a.example\\b&amp;c, and more")', "[x](u 'see https://a.example\\b\\&c')", '[x](u (see HTTPS://A.example\\b))']) {
      const ds = lintText(text, { kind: 'markdown', fixes: true });
      expect(ds.length, text).to.be.greaterThan(0);
      const fix = ds[0].fix!;
      expect(fix, text).to.not.equal(undefined);
      const fixed = text.slice(0, fix.start) + fix.text + text.slice(fix.end);
      expect(lintText(fixed, { kind: 'markdown' }), fixed).to.deep.equal([]);
      expect(fixed.slice(0, 10), fixed).to.equal(text.slice(0, 10));
      expect(fixed.slice(fixed.length - (text.length - fix.end)), fixed).to.equal(text.slice(fix.end));
    }
  });

  it('gives no fix where writing the URL bare would end its title', () => {
    // the "'" is escaped in a '...' title; a fix would write it bare
    const text = "[x](u 'see https://a.example\\b/it\\'s')";
    const ds = reported(text);
    expect(ds.map((d) => d.url)).to.deep.equal(["https://a.example\\b/it's"]);
    expect(ds[0].fix).to.equal(undefined);
    expect(ds[0].noFix).to.be.a('string');
  });

  it('finds nothing in a title that is in an image description, or in code, or when prose is off', () => {
    expect(titleFindings('![a [b](c "https://alt.example\\a")](d)')).to.deep.equal([]);
    expect(titleFindings('`[x](u "https://code.example\\a")`')).to.deep.equal([]);
    expect(new MarkdownParser({ prose: false }).find('[x](u "https://a.example\\a")').map((f) => f.url)).to.deep.equal(['u']);
  });

  it('reads a title that is not one as the prose it is', () => {
    // no closing quote: no link, and the URL is prose of the paragraph (GFM's literal)
    const text = '[x](u "see https://a.example\\a';
    expect(reported(text).map((d) => d.url)).to.deep.equal(['https://a.example\\a']);
  });
});
