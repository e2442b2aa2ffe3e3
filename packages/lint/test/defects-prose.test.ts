// Words of prose that looked like URLs: "http:-URLs" (a scheme joined to a word by a hyphen),
// "file:12" and "file:linenumber" (a file URL is written file:/// or file:/ in prose), and YARD's
// links to files, "{file:doc/x.md}". Real URLs next to them are still found, and a URL in braces
// ("{https://x.org/}", as YARD and LaTeX write links) is found without the closing brace.

import { expect } from 'chai';
import { findURLs, lintText, type SourceKind } from '../src/lint';

/** The URLs found, each with the file's own text at its span. */
function urls(text: string, kind: SourceKind = 'text'): Array<[string, string]> {
  return findURLs(text, { kind }).map((f) => [f.url, text.slice(f.start, f.end)]);
}

describe('defects: prose words that are not URLs', () => {
  for (const kind of ['text', 'markdown'] as const) {
    describe(`in ${kind}`, () => {
      it('a scheme joined to the next word by a hyphen is not a URL', () => {
        expect(urls('Prefer https:-URLs over http:-URLs; a data:-URL or mailto:-Link is a word too.', kind)).to.deep.equal([]);
        expect(urls('Die file:-Schema und ws:-Verbindungen.', kind)).to.deep.equal([]);
      });

      it('"file:" not followed by "/" or "\\" is not a URL', () => {
        expect(urls('See file:12, file:linenumber and file:src/lint.ts:40, or FILE:x.', kind)).to.deep.equal([]);
      });

      it("YARD's {file:...} and {include:file:...} name files, not URLs", () => {
        expect(urls('See {file:doc/x.md}, {file:doc/y.md The Guide}, {include:file:doc/z.md} and {file:/abs/w.md}.', kind)).to.deep.equal([]);
      });

      it('still finds the URLs written next to them', () => {
        const text = 'http:-URLs: http://a.example/; file:12 and file:///etc/hosts, file:/tmp/x, file://host/share; data:,Hello and tel:+1-555; {file:doc/x.md} {https://yard.example/ Title}';
        expect(urls(text, kind).map(([u]) => u)).to.deep.equal([
          'http://a.example/',
          'file:///etc/hosts',
          'file:/tmp/x',
          'file://host/share',
          'data:,Hello',
          'tel:+1-555',
          'https://yard.example/',
        ]);
      });

    });
  }

  it('leaves out the closing brace a URL stands in (text); a URL template with braces is no URL', () => {
    expect(urls('{https://yard.example/} and \\url{ftp://latex.example/a}.')).to.deep.equal([
      ['https://yard.example/', 'https://yard.example/'],
      ['ftp://latex.example/a', 'ftp://latex.example/a'],
    ]);
    expect(urls('GET https://api.example/users/{id} now').map(([u]) => u)).to.deep.equal([]);
  });

  it('keeps the closing brace in Markdown where a GFM literal autolink does ("http://", "https://"), not elsewhere', () => {
    expect(urls('{https://yard.example/} and {ftp://yard.example/}', 'markdown').map(([u]) => u)).to.deep.equal(['https://yard.example/}', 'ftp://yard.example/']);
  });

  it('keeps finding URLs that only look odd: a missing "//" and a "\\" after file:', () => {
    expect(urls('https:/x and http:example.com and file:\\\\host\\share').map(([u]) => u)).to.deep.equal(['https:/x', 'http:example.com', 'file:\\\\host\\share']);
  });

  it('reports nothing for those words when linting', () => {
    const text = 'Use https:-URLs; see file:12 and file:linenumber; {file:doc/x.md}; {https://u@yard.example/ Yard}\n';
    expect(lintText(text, { kind: 'text' }).map((d) => [d.type, d.url])).to.deep.equal([['invalid-credentials', 'https://u@yard.example/']]);
    expect(lintText(text, { kind: 'markdown' }).map((d) => [d.type, d.url])).to.deep.equal([['invalid-credentials', 'https://u@yard.example/']]);
    expect(lintText('{https://yard.example/}', { kind: 'text' })).to.deep.equal([]);
  });
});
