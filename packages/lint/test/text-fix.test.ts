// Fixes only where certain (issue 36). In a text file lint replaces a URL only when its extent is
// certain: white space (or the line's ends) on both sides, or enclosed in <...>, "...", '...' or
// `...`. Each text of the issue that --fix corrupted is here: `)\]` became `)/]`, `\xC3\xA9`
// became `/xC3/xA9`, a line continuation `\` was rewritten. And in every format a fix changes
// nothing outside the URL: the text before and after the URL's span is byte-identical, with
// applyFixes and with the streaming rewrite of --fix alike.

import { expect } from 'chai';
import { applyFixes, findURLs, lintText, type LintDiagnostic, type SourceKind } from '../src/lint';
import { rewriteWithFixes } from '../src/rewrite';

/** The document as --fix would write it (applyFixes), and the findings. */
function fixed(text: string, kind: SourceKind = 'text'): { out: string; ds: LintDiagnostic[] } {
  const ds = lintText(text, { kind, fixes: true });
  return { out: applyFixes(text, ds.flatMap((d) => (d.fix ? [d.fix] : []))), ds };
}

describe('lint --fix in text: the corruptions of issue 36', () => {
  it('a Markdown link escaped in text, "\\[[#269](https://github.com/o/r/pull/269)\\]", is left as it is', () => {
    const text = '* \\[[#269](https://github.com/o/r/pull/269)\\] fix memory leak in V3fArrayFromBuffer\n';
    const { out, ds } = fixed(text);
    expect(out).to.equal(text);
    expect(ds).to.deep.equal([]);
  });

  it('a string escape, "http://example.org/Andr\\xC3\\xA9", is left as it is', () => {
    const text = 'now decodes "http://example.org/Andr\\xC3\\xA9" as UTF-8\n';
    expect(fixed(text).out).to.equal(text);
  });

  it('a line continuation after a URL is left as it is, and the URL before it gets no fix', () => {
    const text = 'curl https://EXAMPLE.com/a\\b\\\n  --data x\n';
    const { out, ds } = fixed(text);
    expect(out).to.equal(text);
    expect(ds.map((d) => [d.url, d.noFix])).to.deep.equal([['https://EXAMPLE.com/a\\b', "the URL's extent in the text is not certain: it is cut before a backslash escape"]]);
  });
});

describe('lint --fix in text: only a URL whose extent is certain', () => {
  const url = 'https://EXAMPLE.com\\a';
  const serialized = 'https://example.com/a';

  it('fixes a URL between white space or the line\'s ends, or enclosed in <>, quotes or backticks', () => {
    for (const [before, after] of [
      ['see ', ' now'],
      ['', '\n'],
      ['\t', ''],
      ['<', '>'],
      ['"', '"'],
      ["'", "'"],
      ['`', '`'],
    ]) {
      const text = `${before}${url}${after}`;
      expect(fixed(text).out, JSON.stringify(text)).to.equal(`${before}${serialized}${after}`);
    }
  });

  it('offers none next to punctuation, a parenthesis, other text, or quotes that do not match', () => {
    for (const [text, why] of [
      [`see ${url}.`, 'it may end before or after the punctuation that follows it'],
      [`(see ${url})`, 'it may end before or after the punctuation that follows it'],
      [`x=${url} y`, 'it is written against other text'],
      [`«${url}»`, 'it is written against other text'],
      [`"${url}'`, 'it may end before or after the punctuation that follows it'],
      [`${url}\u0007`, 'it is cut before a control character'],
    ]) {
      const { out, ds } = fixed(text);
      expect(out, text).to.equal(text);
      expect(ds.map((d) => d.noFix), text).to.deep.equal([`the URL's extent in the text is not certain: ${why}`]);
    }
  });
});

describe('lint --fix: a fix changes nothing outside the URL, in every format', () => {
  const documents: Array<[SourceKind, string]> = [
    ['text', 'é see https://EXAMPLE.com\\a now\n"https://x.example\\y" and <HTTPS://x.example:443\\z> 😀\n\\[https://x.example/q\\]\n'],
    ['markdown', '# é\n\n[a](https://EXAMPLE.com\\a "t") <HTTPS://x.example:443\\z> [b](<https://x.example/a b>)\n\n[id]: https://x.example\\y\n\nSee https://x.example\\q now 😀\n'],
    ['html', '<p>é <a href="https://EXAMPLE.com\\a">a</a><img src=\'HTTPS://x.example:443\\z\'> <a href=https://x.example\\y>b</a> 😀</p>\n'],
  ];

  for (const [kind, text] of documents) {
    it(`${kind}: the bytes before and after each fixed URL are the same, and the fix is the URL's span`, async () => {
      const ds = lintText(text, { kind, fixes: true });
      const fixes = ds.flatMap((d) => (d.fix ? [d.fix] : []));
      expect(fixes.length, 'fixes').to.be.greaterThan(1);
      const urls = findURLs(text, { kind });
      for (const f of fixes) {
        // the span a fix replaces is exactly where a URL was found
        expect(urls.some((u) => u.start === f.start && u.end === f.end), JSON.stringify(text.slice(f.start, f.end))).to.equal(true);
        const out = applyFixes(text, [f]);
        const tail = text.length - f.end;
        expect(Buffer.from(out.slice(0, f.start))).to.deep.equal(Buffer.from(text.slice(0, f.start)));
        expect(Buffer.from(out.slice(out.length - tail))).to.deep.equal(Buffer.from(text.slice(f.end)));
        expect(out.slice(f.start, out.length - tail)).to.equal(f.text);
      }
      // the streaming rewrite of --fix writes the same bytes, read in small chunks
      const bytes = Buffer.from(text, 'utf8');
      const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.subarray(i * 5, i * 5 + 5));
      let written = '';
      await rewriteWithFixes(chunks, fixes, (s) => void (written += s));
      expect(written).to.equal(applyFixes(text, fixes));
    });
  }
});
