// planFix (src/fix.ts): when lint --fix and the ESLint rule replace a URL by its
// serialization, and how the replacement is escaped for where the URL stands.

import { expect } from 'chai';
import { planFix, type FixContext } from '../src/fix';
import { decodeAttributeValue } from '../src/html';
import { decodeMarkdown } from '../src/markdown';
import { isValidURLString, parseURL, serializeURL } from 'url-grammar';

const fixed = (url: string, context: FixContext = 'text', srcset = false) => {
  const p = planFix(url, context, { srcset });
  return p.fix ? p.text : `no: ${p.reason}`;
};

describe('lint: planFix', () => {
  it('fixes what the standard normalises anyway: case, default port, backslashes, dot segments, percent-encoding', () => {
    expect(fixed('HTTPS://Example.COM:443\\a/./b/../c d', 'markdown-pointy')).to.equal('https://example.com/a/c%20d');
    // (in prose a new percent-escape may be of the sentence after the URL: no fix there)
    expect(fixed('https://example.com\\docs’s')).to.match(/^no: the serialization percent-encodes/);
    expect(fixed('https://example.com\\docs')).to.equal('https://example.com/docs');
    expect(fixed('https://example.com:\\x')).to.equal('https://example.com/x');
  });

  it('a fix parses to the same URL and is a valid URL string', () => {
    for (const url of ['HTTPS://Example.COM:443\\a/./b/../c d', 'https://example.com/a\\(b)', 'wss://h.example/x y?q z#f g']) {
      const p = planFix(url, 'markdown-pointy');
      expect(p.fix, url).to.equal(true);
      if (!p.fix) continue;
      expect(serializeURL(parseURL(p.url)!)).to.equal(serializeURL(parseURL(url)!));
      expect(isValidURLString(p.url)).to.equal(true);
    }
  });

  it('whatwg/url#379: no fix when the serialization is still not a valid URL string, or is the input itself', () => {
    expect(fixed('https://EXAMPLE.com/?}')).to.equal('no: the serialization is not a valid URL string either (the standard allows this: whatwg/url#379)');
    expect(fixed('https://example.com/?}')).to.equal('no: the serialization is the same text: the parser does not normalise this error away');
    expect(fixed('https://user:pw@example.com/')).to.match(/^no: the serialization is the same text/);
  });

  it('no fix for what is more than normalisation', () => {
    expect(fixed('https://exämple.com/a\\b')).to.equal('no: the host would be rewritten in ASCII (IDNA)');
    expect(fixed('http://0x7f.0.0.1\\x')).to.equal('no: IPv4-non-decimal-part is not fixed by normalisation');
    expect(fixed('https://example.com:0443\\a')).to.equal('no: the port has leading zeros');
    expect(fixed('file://localhost\\c')).to.equal('no: file: "localhost" would be dropped');
    expect(fixed('file:///C|\\x')).to.equal('no: a Windows drive letter\'s "|" would become ":"');
    expect(fixed('https:example.com\\x')).to.equal('no: special-scheme-missing-following-solidus is not fixed by normalisation');
    expect(fixed('https://example.com/a\tb\\c')).to.equal('no: the parser would remove tabs, newlines or surrounding spaces');
    expect(fixed('../a b')).to.equal('no: a relative reference: its serialization would be absolute');
    expect(fixed('https://example.com:99999/')).to.equal('no: the URL does not parse');
    expect(fixed('https://example.com/a\\b', 'implied')).to.match(/^no: the document does not write this URL whole/);
  });

  it('escapes for a Markdown destination, and reads back to the URL', () => {
    expect(fixed('https://example.com/a b(c', 'markdown-destination')).to.equal('https://example.com/a%20b\\(c');
    expect(fixed('https://example.com/a\\(b)', 'markdown-destination')).to.equal('https://example.com/a/(b)');
    expect(fixed('https://example.com/&amp;\\x', 'markdown-destination')).to.equal('https://example.com/\\&amp;/x');
    expect(fixed('https://example.com/a b', 'markdown-pointy')).to.equal('https://example.com/a%20b');
    for (const url of ['https://example.com/a b(c', 'https://example.com/&amp;\\x']) {
      const p = planFix(url, 'markdown-destination');
      if (p.fix) expect(decodeMarkdown(p.text, 0, p.text.length).value).to.equal(p.url);
    }
    expect(fixed('https://example.com\\a', 'markdown-autolink')).to.equal('https://example.com/a');
  });

  it('escapes for an HTML attribute by its quoting, or offers none', () => {
    expect(fixed("https://example.com/it's a", 'html-single')).to.equal('https://example.com/it&#39;s%20a');
    expect(fixed('https://example.com/a\\b?x=1&copy=2', 'html-double')).to.equal('https://example.com/a/b?x=1&copy=2');
    expect(fixed('https://example.com/a\\b?x=1&copy;', 'html-double')).to.equal('https://example.com/a/b?x=1&amp;copy;');
    const p = planFix('https://example.com/a\\b?x=1&copy;', 'html-double');
    if (p.fix) expect(decodeAttributeValue(p.text, 0, p.text.length).value).to.equal(p.url);
    expect(fixed('https://example.com/a,b\\c,', 'html-double', true)).to.match(/^no: a srcset candidate/);
  });

  it('in prose, only a URL that prose reads back whole', () => {
    expect(fixed('https://example.com\\a')).to.equal('https://example.com/a');
    expect(fixed('https://example.com\\a.')).to.equal('no: in prose the new URL would not be read back whole');
  });

  it('escapes for JavaScript string literals', () => {
    expect(fixed("https://example.com/it's\\x", 'js-single')).to.equal("https://example.com/it\\'s/x");
    expect(fixed('https://example.com/a b', 'js-template')).to.equal('https://example.com/a%20b');
  });
});

describe('lint: no input makes it throw, and time stays linear', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fc = require('fast-check') as typeof import('fast-check');
  const { lintText, LintSession } = require('../src/lint') as typeof import('../src/lint');
  const pieces = ['http://', 'https://', '[a](', ')', '<', '>', '`', '```', '\n', '\n\n', '    ', '\\', '&amp;', '&#', '"', "'", ' ', '<a href="', '<!--', '-->', '*', '[x]: ', 'www.', '@', '%', ':', '/', '?', '#', 'é', '\ud800', '\r'];
  const doc = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 5 })), { maxLength: 60 }).map((a) => a.join(''));

  it('lintText (text, Markdown, HTML, with fixes) and planFix (every context) never throw', function () {
    this.timeout(60000);
    const contexts: FixContext[] = ['text', 'markdown-destination', 'markdown-pointy', 'markdown-autolink', 'html-double', 'html-single', 'html-unquoted', 'implied', 'js-single', 'js-double', 'js-template'];
    fc.assert(
      fc.property(doc, (text) => {
        for (const kind of ['text', 'markdown', 'html'] as const) lintText(text, { kind, base: 'https://example.com/a/b', fixes: true });
        for (const c of contexts) planFix(text, c, { srcset: true });
      }),
      { numRuns: 1500 },
    );
  });

  it('a 4 MB line without a line break, read in 64 KB chunks, finds every URL (text); its time is for a benchmark, not a unit test', function () {
    this.timeout(60000);
    const unit = 'x https://u@a.example/ ';
    const n = Math.floor((4 * 1024 * 1024) / unit.length);
    const text = unit.repeat(n);
    const session = new LintSession({ kind: 'text' });
    let found = 0;
    for (let i = 0; i < text.length; i += 65536) found += session.push(text.slice(i, i + 65536)).length;
    found += session.end().length;
    expect(found).to.equal(n);
  });
});
