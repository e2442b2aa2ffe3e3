// Real lines, true and false: what lint flags in text written by people, with its precision.
//
// test/data/real-lines.json holds lines of installed documentation and library sources (man pages
// rendered by `MANWIDTH=80 man -P cat`, Perl, Python and Ruby libraries of Debian 12), each with
// its source and the URLs in it that are written as URLs and have validation errors (`urls`, empty
// for a line with none). They were chosen for the patterns that lint took for URLs before (curl's
// globs, regular expressions, tool settings, pipes, templates, back-references, elisions, a "|"
// after a URL, a URL hyphenated by man, Unicode brackets, POD links) and for the findings lint
// reports on those sources, deliberate examples in URL libraries' documentation included (URLs
// with credentials, "file:/x": the standard makes them invalid, and lint says so).
//
// Precision = lines' URLs flagged that are in `urls` / all URLs flagged; recall = URLs of `urls`
// flagged / all of `urls`. bench/real-lines.js prints both and each miss.

import { expect } from 'chai';
import { REAL_LINES, score } from './support/real-lines';

describe('real lines: what lint flags in text written by people', () => {
  it('the corpus holds true and false lines of every source kind', () => {
    expect(REAL_LINES.length).to.be.greaterThan(100);
    expect(REAL_LINES.filter((l) => l.urls.length === 0).length).to.be.greaterThan(30);
    for (const kind of ['man ', '/usr/share/perl', '/usr/lib/python3', '/usr/lib/ruby']) expect(REAL_LINES.some((l) => l.source.startsWith(kind)), kind).to.equal(true);
  });

  it('at most 1 of 15 URLs flagged is not a URL with an error, and at least 9 of 10 true ones are flagged', () => {
    const { tp, fp, fn, wrong } = score(REAL_LINES);
    const detail = JSON.stringify(wrong, null, 1);
    expect(fp * 15, `precision ${tp}/${tp + fp}: ${detail}`).to.be.at.most(tp + fp);
    expect(fn * 10, `recall ${tp}/${tp + fn}: ${detail}`).to.be.at.most(tp + fn);
  });
});
