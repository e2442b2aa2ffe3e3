// Where a URL in prose stops, what is not a URL at all, and what lint says it left out (text.ts):
//   - a URL in text, or a GFM literal autolink, ends before punctuation of any script but ASCII,
//     and one that runs into CJK text has no fix; a fix never changes text outside the URL (a
//     property over random prose around random URLs);
//   - the patterns of real text that were taken for URLs (issue 47), each read as no URL or as two;
//   - what is left out as a likely template, pattern or escape is told (LintOptions.leftOut), counted
//     in the command's summary and listed by --show-skipped.

import { expect } from 'chai';
import fc from 'fast-check';
import { applyFixes, findURLs, lintText, type LeftOut, type SourceKind } from '../src/lint';
import { runCli } from './support/cli';

const urls = (text: string, kind: SourceKind = 'text') => findURLs(text, { kind }).map((f) => f.url);
const reported = (text: string, kind: SourceKind = 'text') => lintText(text, { kind, fixes: true }).map((d) => ({ url: d.url, fix: d.fix?.text ?? null }));
const leftOut = (text: string, kind: SourceKind = 'text') => {
  const told: LeftOut[] = [];
  lintText(text, { kind, leftOut: (l) => told.push(l) });
  return told.map((l) => [l.text, l.reason]);
};

describe('prose: a URL ends where the prose around it starts', () => {
  it('before punctuation of any script: closing quotes and brackets, "…", "。", and no fix', () => {
    expect(reported('See https://example.com\\docs’s page.')).to.deep.equal([{ url: 'https://example.com\\docs', fix: null }]);
    expect(reported('see https://example.com\\docs… and')).to.deep.equal([{ url: 'https://example.com\\docs', fix: null }]);
    expect(urls('« https://example.com/a » ⟨http://example.com/b⟩ 「https://example.com/c」、')).to.deep.equal(['https://example.com/a', 'http://example.com/b', 'https://example.com/c']);
  });

  it('a GFM literal autolink too: what GFM links past the URL is left out, and the finding has no fix', () => {
    const text = '詳細はhttps://example.com\\docs」を参照。\n';
    const [d] = lintText(text, { kind: 'markdown', fixes: true });
    expect([d.url, d.fix, d.noFix]).to.deep.equal(['https://example.com\\docs', undefined, 'the URL\'s extent in the text is not certain: GFM links the text after it too (from "」" on)']);
    expect(applyFixes(text, [])).to.equal(text);
  });

  it('a URL that runs into CJK text has no fix (its end is a guess), in text and in Markdown', () => {
    for (const kind of ['text', 'markdown'] as const) {
      const [d] = lintText('詳細はhttps://example.com\\docsを参照', { kind, fixes: true });
      expect(d.url, kind).to.equal('https://example.com\\docsを参照');
      expect(d.fix, kind).to.equal(undefined);
      expect(d.noFix, kind).to.match(/^the URL's extent in the text is not certain: /);
    }
  });

  it('a fix never changes the text outside the URL: random prose around random URLs', function () {
    this.timeout(60_000);
    const scheme = fc.constantFrom('http', 'HTTP', 'https', 'ftp', 'wss');
    const host = fc.constantFrom('example.com', 'Example.COM', 'x.test', 'EXAMPLE.org:443', 'example.com:80', 'a.example:8080');
    const segment = fc.constantFrom('a', 'B', '..', '.', 'docs', '%41', 'é', 'x.y', 'news', 'q(1)');
    const url = fc
      .tuple(scheme, host, fc.array(fc.tuple(fc.constantFrom('/', '\\'), segment), { maxLength: 4 }), fc.constantFrom('', '?q=1', '?a=b&c=d', '#f', '?x=ü'))
      .map(([s, h, path, rest]) => `${s}://${h}${path.map(([sep, seg]) => sep + seg).join('')}${rest}`);
    const word = fc.constantFrom('see', 'the', 'page', 'docs', 'Dies', 'ist', '詳細は', 'を参照', '文档', 'หน้า', 'x', '42');
    const prose = fc.array(fc.oneof(word, fc.constantFrom(' ', '  ', '\n', ', ', '. ', '; ', '(', ')', '"', '’', '«', '»', '…', '。', '、', '」', '「', '—', '–')), { maxLength: 8 }).map((t) => t.join(''));
    // what a writer puts right before and right after a URL
    const before = fc.constantFrom('', ' ', '\n', '(', '"', '「', '«', '⟨', '詳細は', 'See: ', '— ');
    const after = fc.constantFrom('', ' ', '\n', '.', '. ', ',', ')', ').', '"', '’s', '…', '」', '»', '⟩', '。', 'を参照', '—', '?', '!', "'s", ': ');
    fc.assert(
      fc.property(prose, before, url, after, prose, fc.constantFrom<SourceKind>('text', 'markdown'), (p1, b, u, a, p2, kind) => {
        const head = p1 + b;
        const tail = a + p2;
        const text = head + u + tail;
        const fixes = lintText(text, { kind, fixes: true }).flatMap((d) => (d.fix ? [d.fix] : []));
        const out = applyFixes(text, fixes);
        expect(out.startsWith(head), JSON.stringify({ text, out })).to.equal(true);
        expect(out.endsWith(tail), JSON.stringify({ text, out })).to.equal(true);
      }),
      { numRuns: 400, seed: 47 },
    );
  });
});

describe('prose: real text that is no URL, or is two', () => {
  it('POD links L<url|url>, pipes and alternatives: "|" before a scheme, white space or the end ends a URL', () => {
    expect(urls('L<http://example.com/a\\b|http://example.com/c\\d>')).to.deep.equal(['http://example.com/a\\b', 'http://example.com/c\\d']);
    expect(reported('curl https://encoding.spec.whatwg.org/encodings.json|\ncurl https://example.com/x.json| jq')).to.deep.equal([]);
    expect(reported('@markup.add_regexp_handling(/(?:link:|https?:|mailto:|ftp:|irc:|www\\.)\\S+\\w/,')).to.deep.equal([]);
    // (a "|" inside a URL stays: a chart's query)
    expect(urls('https://chart.example/c?chl=a|b|c now')).to.deep.equal(['https://chart.example/c?chl=a|b|c']);
  });

  it('curl globs, printf and Python templates, back-references and elisions are left out, and said', () => {
    expect(leftOut('"ftp://ftp.example.com/file[1-100].txt" "http://example.com/file[a-z:2].txt"')).to.deep.equal([
      ['ftp://ftp.example.com/file[1-100].txt', 'a glob (a range in brackets, as curl reads it)'],
      ['http://example.com/file[a-z:2].txt', 'a glob (a range in brackets, as curl reads it)'],
    ]);
    expect(leftOut("url = 'https://pkg.example/%(algo)s/%(digest)s'")).to.deep.equal([["https://pkg.example/%(algo)s/%(digest)s", 'a printf conversion']]);
    expect(leftOut('return m.expand(r"ssh://\\1\\2/\\3")')).to.deep.equal([['ssh://\\1\\2/\\3', 'a back-reference ("\\1")']]);
    expect(leftOut("get('http://.../x') and <https://../p.tar.gz>")).to.deep.equal([
      ['http://.../x', 'an elision ("...")'],
      ['https://../p.tar.gz', 'an elision (a host of dots)'],
    ]);
    for (const t of ['ftp://ftp.example.com/file[1-100].txt', "'https://pkg.example/%(algo)s'", 'ssh://\\1\\2/\\3', 'http://.../x']) expect(reported(t), t).to.deep.equal([]);
  });

  it('regular expressions, a string\'s "file:\\n", a tool\'s setting and its syntax after a URL', () => {
    expect(leftOut('} elsif ($url =~ /^http:/i) {')).to.deep.equal([['http:/i', 'a regular expression ("^" before the scheme)']]);
    expect(reported('if ($url =~ m|^ftp://(.*?)/(.*)/(.*)|) {')).to.deep.equal([]);
    expect(leftOut('myprint("Trying to get away with old file:\\n" .')).to.deep.equal([['file:\\n', 'an escape ("\\" after the scheme: JSON, a regular expression or a string)']]);
    expect(reported('$str .= "set ftp:passive-mode 1;\\n" if $FTP_PASSIVE;')).to.deep.equal([]);
    expect(urls('curl --referer "https://fake.example;auto" -L https://example.com')).to.deep.equal(['https://fake.example', 'https://example.com']);
    expect(urls('tr=udp://tracker.example:80&tr=udp://other.example:6969&')).to.deep.equal(['udp://tracker.example:80', 'udp://other.example:6969']);
    // (but a special scheme's word in quotes is written as a URL)
    expect(urls('URI->new("http:foo")')).to.deep.equal(['http:foo']);
  });

  it('a URL that man hyphenated (U+2010 at the end of a line) is read whole, across the lines, and has no fix', () => {
    const text = '       This command is deprecated. See https://cloud.example/kubernetes-en‐\n       gine\\docs for more.\n';
    const [d] = lintText(text, { kind: 'text', fixes: true });
    expect(d.url).to.equal('https://cloud.example/kubernetes-engine\\docs');
    expect(text.slice(d.start, d.end)).to.equal('\\');
    expect([d.line, d.fix]).to.deep.equal([2, undefined]);
    // an ASCII hyphen at the end of a line may be the URL's own: such a URL is left out, and said
    expect(leftOut('see https://example.com/a-\nb')).to.deep.equal([['https://example.com/a-', 'hyphenated at the end of its line (its rest is on the next)']]);
  });
});

describe('prose: URLs that were missed', () => {
  it('a special scheme\'s slashes written as backslashes are reported', () => {
    expect(lintText('open https:\\\\files.example\\share now', { kind: 'text' }).map((d) => [d.url, d.errors.map((e) => e.type)])).to.deep.equal([
      ['https:\\\\files.example\\share', ['special-scheme-missing-following-solidus', 'special-scheme-missing-following-solidus', 'invalid-reverse-solidus']],
    ]);
  });

  it('an IPv6 address with a zone is no printf conversion: it is reported', () => {
    expect(lintText('see http://[fe80::1%eth0]/ and "http://[fe80::3%25eth0]/"', { kind: 'text' }).map((d) => [d.url, d.type])).to.deep.equal([
      ['http://[fe80::1%eth0]/', 'IPv6-invalid-code-point'],
      ['http://[fe80::3%25eth0]/', 'IPv6-invalid-code-point'],
    ]);
  });

  it('"\\n" before a lower-case letter stays in a URL outside quotes (a Windows path\'s name), and ends one in a string', () => {
    expect(urls('see https://example.com\\news now')).to.deep.equal(['https://example.com\\news']);
    expect(urls('"http://example.org/a\\nb"')).to.deep.equal(['http://example.org/a']);
  });
});

describe('lint: what is left out is counted and listed', () => {
  const text = 'A template: http://localhost:{{port}}/x\nAn escape: http:\\/\\/example.com\\/a\nA URL: https://u@example.com/\n';

  it('lintText tells each one, at its place', () => {
    const told: LeftOut[] = [];
    expect(lintText(text, { kind: 'text', leftOut: (l) => told.push(l) })).to.have.length(1);
    expect(told.map((l) => [l.text, l.line, l.column, l.reason])).to.deep.equal([
      ['http://localhost:{{port}}/x', 1, 13, 'a template or a variable'],
      ['http:\\/\\/example.com\\/a', 2, 12, 'an escape ("\\" after the scheme: JSON, a regular expression or a string)'],
    ]);
    // in Markdown prose too
    const md: LeftOut[] = [];
    lintText('See https://{host}/api or `http://%s` and ftp://%s/x.\n', { kind: 'markdown', leftOut: (l) => md.push(l) });
    expect(md.map((l) => l.text)).to.deep.equal(['ftp://%s/x']);
  });

  it('the command counts them in its summary, and --show-skipped lists them on standard error', async () => {
    const io = { readFile: () => Buffer.from(text) };
    const plain = await runCli(['lint', 'doc.txt'], io);
    expect(plain.err).to.equal('1 error in 1 file (1 file linted); 2 skipped as likely templates or escapes (--show-skipped lists them)\n');
    const listed = await runCli(['lint', '--show-skipped', 'doc.txt'], io);
    expect(listed.err.split('\n')).to.deep.equal([
      'doc.txt:1:13: skipped (a template or a variable) http://localhost:{{port}}/x',
      'doc.txt:2:12: skipped (an escape ("\\" after the scheme: JSON, a regular expression or a string)) http:\\/\\/example.com\\/a',
      '1 error in 1 file (1 file linted); 2 skipped as likely templates or escapes (--show-skipped lists them)',
      '',
    ]);
    expect(listed.out).to.equal(plain.out);
    expect(listed.code).to.equal(1);
  });
});
