// HTML attribute values the finder read wrong or not at all: the ASCII whitespace around a URL
// attribute's value (which HTML allows: "a valid URL potentially surrounded by spaces"), the URL
// in a <meta http-equiv="refresh"> content (the shared declarative refresh steps), ping on <a> and
// <area> (space-separated URLs), and imagesrcset on <link> (srcset syntax). Every URL is checked
// with its exact span in the source.

import { expect } from 'chai';
import { applyFixes, findURLs, lintText, type SourceKind } from '../src/lint';
import { pingURLs, refreshURL, strippedURL } from '../src/html';

/** The URLs found, each with the file's own text at its span. */
function urls(text: string, kind: SourceKind = 'html'): Array<[string, string]> {
  return findURLs(text, { kind }).map((f) => [f.url, text.slice(f.start, f.end)]);
}

/** Each diagnostic as its type and the source text at its span. */
/** Every validation error found, of every URL (one finding each), with the source text at its span. */
function errors(text: string): Array<[string, string]> {
  return lintText(text, { kind: 'html' }).flatMap((d) => d.errors.map((e): [string, string] => [e.type, text.slice(e.start, e.end)]));
}

describe('defects: HTML attributes', () => {
  describe('leading and trailing ASCII whitespace of a URL attribute', () => {
    it('is not part of the URL, and not reported', () => {
      const text = '<a href=" https://e.com/ ">x</a><img src="\t\nhttps://e.com/i.png\r\n\f"><form action=\'  /a  \'></form>';
      expect(urls(text)).to.deep.equal([
        ['https://e.com/', 'https://e.com/'],
        ['https://e.com/i.png', 'https://e.com/i.png'],
        ['/a', '/a'],
      ]);
      expect(errors(text)).to.deep.equal([]);
      expect(lintText(text, { kind: 'html', base: 'https://e.com/' })).to.deep.equal([]);
    });

    it('is stripped after character references are decoded', () => {
      const text = '<a href="&#32;&Tab;https://e.com/a&NewLine;">x</a>';
      expect(urls(text)).to.deep.equal([['https://e.com/a', 'https://e.com/a']]);
      expect(errors(text)).to.deep.equal([]);
    });

    it('leaves the URL inside checked, at its place in the source', () => {
      const text = '<a href="  https://u@e.com/a b\n">x</a>';
      expect(errors(text)).to.deep.equal([
        ['invalid-credentials', '@'],
        ['invalid-URL-unit', ' '],
      ]);
    });

    it('is only ASCII whitespace: a C0 control or U+00A0 stays part of the URL', () => {
      expect(urls('<a href="&#1;https://e.com/">').map(([u]) => u)).to.deep.equal(['\u0001https://e.com/']);
      expect(urls('<a href="\u00a0https://e.com/">').map(([u]) => u)).to.deep.equal(['\u00a0https://e.com/']);
    });

    it('is kept by a fix, which replaces the URL only', () => {
      const text = '<a href=" https://e.com\\a ">x</a>';
      const ds = lintText(text, { kind: 'html', fixes: true });
      expect(ds.map((d) => d.type)).to.deep.equal(['invalid-reverse-solidus']);
      expect(applyFixes(text, ds.map((d) => d.fix!))).to.equal('<a href=" https://e.com/a ">x</a>');
    });

    it('is stripped in the inline HTML of Markdown too', () => {
      expect(urls('Some <a href=" https://e.com/ ">html</a>.', 'markdown')).to.deep.equal([['https://e.com/', 'https://e.com/']]);
    });

    it('strippedURL gives the span less ASCII whitespace', () => {
      expect(strippedURL(' \t\n\f\rx y\r ')).to.deep.equal([5, 8]);
      expect(strippedURL('   ')).to.deep.equal([3, 3]);
      expect(strippedURL('')).to.deep.equal([0, 0]);
    });
  });

  describe('<meta http-equiv="refresh"> content', () => {
    it('finds the URL after the time, with its span', () => {
      const text = '<meta http-equiv="refresh" content="5; url=https://e.com/a">';
      expect(urls(text)).to.deep.equal([['https://e.com/a', 'https://e.com/a']]);
      const [f] = findURLs(text, { kind: 'html' });
      expect([f.start, f.end]).to.deep.equal([43, 58]);
    });

    it('reads the forms the refresh steps allow, in either attribute order and any case', () => {
      const text = [
        '<meta content="0;URL=\'https://e.com/b\'" http-equiv="Refresh">',
        '<META HTTP-EQUIV=REFRESH CONTENT="0, https://e.com/c">',
        '<meta http-equiv="refresh" content=" 1.5 url = https://e.com/d">',
        '<meta http-equiv="refresh" content=".5;url=&quot;https://e.com/q&amp;r&quot; trailing">',
        '<meta http-equiv="refresh" content="0; urx=https://e.com/f">',
        '<meta http-equiv="refresh" content="0; \'https://e.com/g">',
        '<meta http-equiv="refresh" content="0; url=">',
      ].join('\n');
      expect(urls(text)).to.deep.equal([
        ['https://e.com/b', 'https://e.com/b'],
        ['https://e.com/c', 'https://e.com/c'],
        ['https://e.com/d', 'https://e.com/d'],
        ['https://e.com/q&r', 'https://e.com/q&amp;r'],
        ['urx=https://e.com/f', 'urx=https://e.com/f'],
        ['https://e.com/g', 'https://e.com/g'],
        ['', ''],
      ]);
    });

    it('finds nothing where the refresh names no URL, or where there is no refresh', () => {
      const text = [
        '<meta http-equiv="refresh" content="5">',
        '<meta http-equiv="refresh" content="">',
        '<meta http-equiv="refresh" content="soon; url=https://no.example/">',
        '<meta http-equiv="refresh" content="5x; url=https://no.example/">',
        '<meta http-equiv=" refresh" content="0; url=https://no.example/">',
        '<meta name="description" content="https://no.example/">',
        '<meta http-equiv="content-type" content="text/html; url=https://no.example/">',
        '<div http-equiv="refresh" content="0; url=https://no.example/"></div>',
      ].join('\n');
      expect(urls(text)).to.deep.equal([]);
    });

    it('reports the URL\'s errors at their place in the content', () => {
      const text = '<meta http-equiv="refresh" content="0; url=https://e.com\\a">';
      expect(lintText(text, { kind: 'html' }).map((d) => [d.type, d.column, d.endColumn, text.slice(d.start, d.end)])).to.deep.equal([['invalid-reverse-solidus', 57, 58, '\\']]);
    });

    it('refreshURL follows the shared declarative refresh steps', () => {
      expect(refreshURL('0;url=x')).to.deep.equal([6, 7]);
      // Only one ";" or "," is skipped: the URL starts at the second.
      expect(refreshURL('0 ; , x')).to.deep.equal([4, 7]);
      expect(refreshURL('0 ;x y ')).to.deep.equal([3, 7]);
      expect(refreshURL('0;ur')).to.deep.equal([2, 4]);
      expect(refreshURL("0;url='a'b")).to.deep.equal([7, 8]);
      expect(refreshURL("0;url='ab")).to.deep.equal([7, 9]);
      expect(refreshURL('0;')).to.equal(null);
      expect(refreshURL('0')).to.equal(null);
      expect(refreshURL('url=x')).to.equal(null);
      expect(refreshURL('')).to.equal(null);
    });
  });

  describe('ping on <a> and <area>', () => {
    it('finds each space-separated URL, with its span', () => {
      const text = '<a href="/x" ping=" https://p.example/a  https://q.example/b\n">x</a><area ping=https://r.example/>';
      expect(urls(text, 'html').filter(([u]) => u !== '/x')).to.deep.equal([
        ['https://p.example/a', 'https://p.example/a'],
        ['https://q.example/b', 'https://q.example/b'],
        ['https://r.example/', 'https://r.example/'],
      ]);
      expect(errors('<a ping="https://p.example/ https://u@q.example/">x</a>')).to.deep.equal([['invalid-credentials', '@']]);
      const [, second] = findURLs('<a ping="https://p.example/ https://u@q.example/">', { kind: 'html' });
      expect([second.start, second.end]).to.deep.equal([28, 48]);
    });

    it('is read on <a> and <area> only', () => {
      expect(urls('<img ping="https://no.example/"><link ping="https://no.example/">')).to.deep.equal([]);
    });

    it('pingURLs splits on ASCII whitespace', () => {
      expect(pingURLs('\ta  b\f\nc ')).to.deep.equal([[1, 2], [4, 5], [7, 8]]);
      expect(pingURLs('  ')).to.deep.equal([]);
    });
  });

  describe('imagesrcset on <link>', () => {
    it('finds each image candidate URL, as srcset', () => {
      const text = '<link rel="preload" as="image" imagesrcset="a.png 1x, https://b.example/c,d 2x,https://e.example/&amp;f 3x" imagesizes="50vw">';
      const found = findURLs(text, { kind: 'html' });
      expect(found.map((f) => [f.url, text.slice(f.start, f.end), f.srcset])).to.deep.equal([
        ['a.png', 'a.png', true],
        ['https://b.example/c,d', 'https://b.example/c,d', true],
        ['https://e.example/&f', 'https://e.example/&amp;f', true],
      ]);
      expect(errors('<link imagesrcset="https://u@b.example/ 2x">')).to.deep.equal([['invalid-credentials', '@']]);
    });

    it('is read on <link> only', () => {
      expect(urls('<img imagesrcset="https://no.example/ 1x">')).to.deep.equal([]);
    });
  });
});
