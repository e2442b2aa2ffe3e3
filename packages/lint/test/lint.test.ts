// `url-grammar lint` and src/lint.ts: finding URLs in text, Markdown and HTML with their places,
// mapping each validation error back to the file, and the command's output and exit codes.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIO, mainAsync } from './support/cli';
import type { CliIO } from 'url-grammar/cli';
import { errorLink, specLink } from 'url-grammar';
import { decodeUTF8, findURLs, kindFromPath, lintText, sourceSpan, srcsetURLs, type FoundURL, type SourceKind } from '../src/lint';

/** The URLs found, each with the file's own text at its span. */
function urls(text: string, kind: SourceKind): Array<[string, string]> {
  return findURLs(text, { kind }).map((f) => [f.url, text.slice(f.start, f.end)]);
}

describe('lint: finding URLs', () => {
  describe('in plain text', () => {
    it('finds absolute URLs and leaves out trailing punctuation', () => {
      const text = 'See https://example.com/a. Or http://x.org/y, ftp://f.net/; mailto:me@x.org! wss://w/? file:///etc/hosts: tel:+1-555';
      expect(urls(text, 'text').map(([u]) => u)).to.deep.equal([
        'https://example.com/a',
        'http://x.org/y',
        'ftp://f.net/',
        'mailto:me@x.org',
        'wss://w/',
        'file:///etc/hosts',
        'tel:+1-555',
      ]);
    });

    it('keeps balanced parentheses and drops an unbalanced closing one', () => {
      const text = '(see https://en.wikipedia.org/wiki/URL_(disambiguation)) and (http://x.org/a)';
      expect(urls(text, 'text').map(([u]) => u)).to.deep.equal(['https://en.wikipedia.org/wiki/URL_(disambiguation)', 'http://x.org/a']);
    });

    it('gives offsets into the text', () => {
      const text = 'a\n  "https://example.com/x"!';
      const [f] = findURLs(text, { kind: 'text' });
      expect(f).to.deep.equal({ url: 'https://example.com/x', start: 5, end: 26, relative: false });
    });

    it('takes any scheme followed by "://", a known one followed by ":" alone', () => {
      expect(urls('git+ssh://host/repo.git and chrome-extension://abc/x and HTTPS://UP.COM', 'text').map(([u]) => u)).to.deep.equal([
        'git+ssh://host/repo.git',
        'chrome-extension://abc/x',
        'HTTPS://UP.COM',
      ]);
      // not URLs: a word before a colon, a scheme on its own, a scheme inside a word
      expect(urls('Note: this. The http:// and https: prefixes. data: none. xhttp:y', 'text')).to.deep.equal([]);
    });

    it('stops at white space, angle brackets, quotes, backticks and an unbalanced "]"', () => {
      expect(urls('<http://a/b> "http://c/d" `http://e/f` [http://g/h] http://[::1]/i', 'text').map(([u]) => u)).to.deep.equal([
        'http://a/b',
        'http://c/d',
        'http://e/f',
        'http://g/h',
        'http://[::1]/i',
      ]);
    });

    it('does not find a second URL inside the first', () => {
      expect(urls('https://a.example/?next=http://b.example/', 'text').map(([u]) => u)).to.deep.equal(['https://a.example/?next=http://b.example/']);
    });
  });

  describe('in Markdown', () => {
    it('finds inline link and image targets (with titles), and decodes escapes and references', () => {
      const text = '[a](https://x.com/a\\_b "title") ![i](<http://y/a b> \'t\') [c](http://z/?a=1&amp;b=2 (t))';
      expect(urls(text, 'markdown')).to.deep.equal([
        ['https://x.com/a_b', 'https://x.com/a\\_b'],
        ['http://y/a b', 'http://y/a b'],
        ['http://z/?a=1&b=2', 'http://z/?a=1&amp;b=2'],
      ]);
    });

    it('maps each unit of a decoded target back to the text', () => {
      const text = '[a](http://h/a\\_b&amp;c)';
      const [f] = findURLs(text, { kind: 'markdown' });
      expect(f.url).to.equal('http://h/a_b&c');
      // "_" came from "\_" at [14, 16), "&" from "&amp;" at [17, 22)
      expect(sourceSpan(f, 10, 11)).to.deep.equal([14, 16]);
      expect(sourceSpan(f, 12, 13)).to.deep.equal([17, 22]);
      expect(sourceSpan(f, 9, 14)).to.deep.equal([13, 23]);
      expect(sourceSpan(f, 14, 14)).to.deep.equal([23, 23]);
    });

    it('finds reference definitions, on their line or the next, and autolinks', () => {
      const text = '[id]: https://example.com/a "T"\n[other]:\n   <http://example.com/b>\n\nText <https://auto.example/c> end.\n[^note]: a footnote, not a definition';
      expect(urls(text, 'markdown').map(([u]) => u)).to.deep.equal(['https://example.com/a', 'http://example.com/b', 'https://auto.example/c']);
    });

    it('marks relative targets', () => {
      const found = findURLs('[a](../b.md) [c](#top) [d](mailto:x@y)', { kind: 'markdown' });
      expect(found.map((f) => [f.url, f.relative])).to.deep.equal([
        ['../b.md', true],
        ['#top', true],
        ['mailto:x@y', false],
      ]);
    });

    it('skips fenced code blocks, code spans and HTML comments, and finds prose URLs elsewhere', () => {
      const text = ['Visit https://one.example/.', '', '```sh', 'curl http://fenced.example/', '```', '', 'Run `curl http://span.example/` then.', '<!-- http://comment.example/ -->', '~~~', 'http://tilde.example/', '~~~', 'Last: http://two.example/'].join('\n');
      expect(urls(text, 'markdown').map(([u]) => u)).to.deep.equal(['https://one.example/', 'http://two.example/']);
    });

    it('reads code spans and comments left to right: a comment opener inside code is code', () => {
      // the line that starts with "<!--" is an HTML block up to the end of the line with "-->"
      // (CommonMark's HTML block kind 2), so "http://two.example/" after it is raw HTML, not prose
      const text = 'Write `<!--` to open a comment: http://one.example/ and `-->` to close.\n\n<!-- http://hidden.example/ --> http://two.example/\nAn inline <!-- unclosed http://three.example/';
      expect(urls(text, 'markdown').map(([u]) => u)).to.deep.equal(['http://one.example/', 'http://three.example/']);
    });

    it('finds a URL in the link text and the target once each', () => {
      const text = '[https://a.example/](https://b.example/)';
      expect(urls(text, 'markdown').map(([u]) => u)).to.deep.equal(['https://a.example/', 'https://b.example/']);
    });

    it('finds the URL attributes of inline HTML', () => {
      const text = 'Some <a href="https://h.example/&amp;x">html</a> and <img src=\'/logo.png\'>.';
      expect(urls(text, 'markdown')).to.deep.equal([
        ['https://h.example/&x', 'https://h.example/&amp;x'],
        ['/logo.png', '/logo.png'],
      ]);
    });
  });

  describe('in HTML', () => {
    it('decodes character references in attribute values and maps offsets back', () => {
      const text = '<a HREF = "http://h/?a=1&amp;b=&#x41;&#128512;z" title="http://not/">t</a>';
      const [f, ...rest] = findURLs(text, { kind: 'html' });
      expect(rest).to.deep.equal([]);
      expect(f.url).to.equal('http://h/?a=1&b=A😀z');
      expect(text.slice(f.start, f.end)).to.equal('http://h/?a=1&amp;b=&#x41;&#128512;z');
      const at = (s: number, e: number) => { const [a, b] = sourceSpan(f, s, e); return text.slice(a, b); };
      expect(at(13, 14)).to.equal('&amp;');
      expect(at(16, 17)).to.equal('&#x41;');
      expect(at(17, 19)).to.equal('&#128512;');
      expect(at(17, 18)).to.equal('&#128512;');
      expect(at(19, 20)).to.equal('z');
    });

    it('follows the HTML rules for references in attributes', () => {
      // "&amp=" and "&ampx" stay as written in an attribute; "&lt" without ";" is decoded
      const found = findURLs('<a href="http://h/?a&amp=1&ampx&lt">', { kind: 'html' });
      expect(found.map((f) => f.url)).to.deep.equal(['http://h/?a&amp=1&ampx<']);
    });

    it('takes each srcset candidate as its own URL', () => {
      const text = '<img src=a.png srcset="a.png 1x, http://b/c,d 2x,  e.png,, f.png (x,y) 3x">';
      expect(urls(text, 'html')).to.deep.equal([
        ['a.png', 'a.png'],
        ['a.png', 'a.png'],
        ['http://b/c,d', 'http://b/c,d'],
        ['e.png', 'e.png'],
        ['f.png', 'f.png'],
      ]);
      // as the HTML standard splits it: a comma inside a URL is part of it; trailing commas are not
      expect(srcsetURLs('x.png,y.png 2x')).to.deep.equal([[0, 11]]);
      expect(srcsetURLs('x.png, y.png 2x,z.png')).to.deep.equal([[0, 5], [7, 12], [16, 21]]);
    });

    it('reads href, src, action, formaction, cite, poster and <object data>, not script, comments or other data attributes', () => {
      const text = [
        '<form action="http://f/"><button formaction=http://g/>b</button></form>',
        '<blockquote cite=\'http://c/\'></blockquote><video poster="http://p/" src="http://v/"></video>',
        '<object data="http://o/"></object><div data="http://no/"></div>',
        '<script>document.write("<a href=http://script/>")</script><!-- <a href="http://comment/"> -->',
        '<svg><a xlink:href="http://svg/"></a></svg><template><a href="http://template/"></a></template>',
      ].join('\n');
      expect(urls(text, 'html').map(([u]) => u)).to.deep.equal([
        'http://f/',
        'http://g/',
        'http://c/',
        'http://p/',
        'http://v/',
        'http://o/',
        'http://svg/',
        'http://template/',
      ]);
    });
  });

  it('tells the kind from the file name', () => {
    expect(['a.md', 'b.MARKDOWN', 'c.html', 'd.htm', 'e.txt', 'f', 'g.md.txt'].map(kindFromPath)).to.deep.equal(['markdown', 'markdown', 'html', 'html', 'text', 'text', 'text']);
  });

  it('sourceSpan is the identity for a URL written as it is', () => {
    const f: FoundURL = { url: 'http://a b', start: 10, end: 20, relative: false };
    expect(sourceSpan(f, 8, 9)).to.deep.equal([18, 19]);
  });
});

describe('lint: lintText', () => {
  it('reports each validation error at its line and column (1-based, UTF-16 units, end exclusive), one finding per URL', () => {
    const text = 'first line\r\nsecond 😀 https://u:p@example.com:99999/\nthird';
    const ds = lintText(text, { kind: 'text' });
    expect(ds).to.have.length(1);
    const [d] = ds;
    expect(d.errors.map((e) => [e.type, e.line, e.column, e.endLine, e.endColumn, e.failure])).to.deep.equal([
      ['invalid-credentials', 2, 22, 2, 23, false],
      ['port-out-of-range', 2, 35, 2, 40, true],
    ]);
    expect(text.slice(d.errors[1].start, d.errors[1].end)).to.equal('99999');
    // the finding's own place and type are its first error's; its message names both types
    expect([d.type, d.line, d.column, d.endLine, d.endColumn, d.start, d.end, d.failure, d.url]).to.deep.equal(['invalid-credentials', 2, 22, 2, 23, d.errors[0].start, d.errors[0].end, false, 'https://u:p@example.com:99999/']);
    expect(d.message).to.equal('2 validation errors: invalid-credentials, port-out-of-range');
  });

  it('checks relative targets only against a base URL', () => {
    const text = '[a](..\\b.md)';
    expect(lintText(text, { kind: 'markdown' })).to.deep.equal([]);
    const ds = lintText(text, { kind: 'markdown', base: 'https://example.com/docs/' });
    expect(ds.map((d) => [d.type, d.column, d.endColumn])).to.deep.equal([['invalid-reverse-solidus', 7, 8]]);
  });

  it('reports an error on a character reference at the whole reference', () => {
    const ds = lintText('<a href="http://h/&#32;x">', { kind: 'html' });
    expect(ds.map((d) => [d.type, d.column, d.endColumn])).to.deep.equal([['invalid-URL-unit', 19, 24]]);
  });

  it('reports one error once even when the parser meets it twice', () => {
    expect(lintText('https:/x', { kind: 'text' }).map((d) => d.type)).to.deep.equal(['special-scheme-missing-following-solidus']);
  });

  it('refuses a base URL that does not parse', () => {
    expect(() => lintText('', { kind: 'text', base: 'not a url' })).to.throw(TypeError, /base URL does not parse/);
  });

  it('decodes bytes that are not UTF-8 with U+FFFD', () => {
    expect(decodeUTF8(Buffer.from([0x68, 0xff, 0x69]))).to.deep.equal({ text: 'h\ufffdi', valid: false });
    expect(decodeUTF8(Buffer.from('\ufeffé', 'utf8'))).to.deep.equal({ text: 'é', valid: true });
  });
});

describe('lint: url-grammar lint', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-lint-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function file(name: string, content: string | Buffer): string {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  /** A file in a folder of its own (not in the folder another case walks), removed at the end. */
  const folders: string[] = [];
  after(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));
  function alone(name: string, content: Buffer): string {
    const folder = mkdtempSync(join(tmpdir(), 'url-grammar-lint-encoding-'));
    folders.push(folder);
    const path = join(folder, name);
    writeFileSync(path, content);
    return path;
  }

  /** Runs `lint` in-process; `err` is standard error less the summary line. */
  async function run(args: string[], stdin = '', overrides: Partial<CliIO> = {}): Promise<{ code: number; out: string; err: string }> {
    const captured = captureIO({ readFile: (path) => (path === '-' ? Buffer.from(stdin, 'utf8') : readFileSync(path)), ...overrides });
    const code = await mainAsync(['lint', ...args], captured.io);
    const out = captured.out();
    const err = captured.err();
    const m = /(?:^|\n)(\d+ errors? in \d+ files? \(\d+ files? linted\)[^\n]*)\n$/.exec(err);
    if (!m) return { code, out, err };
    return { code, out, err: err.slice(0, m.index + (m[0].startsWith('\n') ? 1 : 0)) };
  }

  it('prints file:line:col: type message for each error and exits 1', async () => {
    const txt = file('notes.txt', 'See https://user@example.com/a b.\nAnd http://[::1/.\n');
    const md = file('doc.md', '# Doc\n\n[x](https://example.com:70000/) and `http://x:99999/`\n');
    const r = await run([txt, md]);
    expect(r.code).to.equal(1);
    expect(r.err).to.equal('');
    expect(r.out).to.equal(
      [
        `${txt}:1:17: invalid-credentials The input includes credentials. <https://user@example.com/a>`,
        `${txt}:2:12: IPv6-unclosed An IPv6 address is missing the closing "]". <http://[::1/>`,
        `${md}:3:25: port-out-of-range The port is greater than 65535. <https://example.com:70000/>`,
        '',
      ].join('\n'),
    );
  });

  it('prints nothing and exits 0 when there is no error', async () => {
    const ok = file('ok.html', '<a href="https://example.com/">x</a><img src="logo.png">');
    expect(await run([ok])).to.deep.equal({ code: 0, out: '', err: '' });
  });

  it('prints JSON with --format json', async () => {
    const html = file('page.html', '<p>\n  <a href="https://example.com/a&#92;b">x</a>\n');
    const r = await run(['--format', 'json', html]);
    expect(r.code).to.equal(1);
    const WHERE = { state: 'path', step: 'concept-basic-url-parser', link: errorLink('invalid-reverse-solidus'), reportedBy: { text: 'the path state', link: specLink('path-state') } };
    expect(JSON.parse(r.out)).to.deep.equal([
      {
        file: html,
        line: 2,
        column: 33,
        endLine: 2,
        endColumn: 38,
        url: 'https://example.com/a\\b',
        type: 'invalid-reverse-solidus',
        failure: false,
        severity: 'error',
        message: 'A URL with a special scheme uses "\\" instead of "/".',
        // where the parser reported it (the backslash in the path state), and the type's row of url.bs, pinned
        ...WHERE,
        // every error of the URL (here one), each at its own place
        errors: [{ type: 'invalid-reverse-solidus', failure: false, severity: 'error', message: 'A URL with a special scheme uses "\\" instead of "/".', line: 2, column: 33, endLine: 2, endColumn: 38, ...WHERE }],
        // the replacement covers the attribute value as written (the reference included)
        fix: { line: 2, column: 12, endLine: 2, endColumn: 39, text: 'https://example.com/a/b' },
      },
    ]);
    expect(JSON.parse((await run(['--format', 'json', file('empty.txt', 'no urls')])).out)).to.deep.equal([]);
  });

  it('checks relative targets with --base', async () => {
    const md = file('rel.md', '[a](../a b.md) [b](<../c d.md>)\n');
    expect((await run([md])).code).to.equal(0);
    const r = await run(['--base', 'https://example.com/docs/', md]);
    expect(r.code).to.equal(1);
    expect(r.out).to.equal(`${md}:1:25: invalid-URL-unit A code point is found that is not a URL unit. <../c d.md>\n`);
  });

  it('reads standard input for "-" (no file at all is a usage error), as text unless --kind says', async () => {
    const stdin = 'x https://example.com:99999/\n';
    const expected = '<stdin>:1:23: port-out-of-range The port is greater than 65535. <https://example.com:99999/>\n';
    const none = await run([], stdin);
    expect([none.code, none.out]).to.deep.equal([2, '']);
    expect(none.err).to.match(/^error: no path to lint/);
    expect(await run(['-'], stdin)).to.deep.equal({ code: 1, out: expected, err: '' });
    expect(await run(['-'], '[a](/b c)')).to.deep.equal({ code: 0, out: '', err: '' });
    expect((await run(['--kind', 'markdown', '--base', 'https://e.example/', '-'], '[a](/b\\\\c)')).out).to.equal('<stdin>:1:7: invalid-reverse-solidus A URL with a special scheme uses "\\" instead of "/". </b\\c>\n');
  });

  it('says a file is not UTF-8, still lints it, and exits 2 (never a silent pass)', async () => {
    // (0xFF 0xFF: no BOM; 0xFF 0xFE would be UTF-16LE's)
    const bad = alone('latin1.txt', Buffer.concat([Buffer.from([0xff, 0xff, 0x20]), Buffer.from('http://example.com:1x/\n')]));
    const r = await run([bad]);
    expect(r.err).to.equal(`${bad}: not valid UTF-8 (decoded with U+FFFD)\n`);
    expect(r.out).to.equal(`${bad}:1:24: port-invalid The port contains something other than ASCII digits. <http://example.com:1x/>\n`);
    expect(r.code).to.equal(2);
    // and one with no error in it is not a pass either
    const quiet = alone('quiet.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await run([quiet])).to.deep.equal({ code: 2, out: '', err: `${quiet}: not valid UTF-8 (decoded with U+FFFD)\n` });
  });

  it('reads a file in the encoding its BOM names: UTF-16LE (what PowerShell 5 writes), UTF-16BE and UTF-8, with the same findings at the same places', async () => {
    const text = 'see https://EXAMPLE.com\\docs here\r\nand <https://user:pw@example.com/> é\r\n';
    const findings = (name: string) =>
      `${name}:1:24: invalid-reverse-solidus A URL with a special scheme uses "\\" instead of "/". <https://EXAMPLE.com\\docs>\n` + `${name}:2:21: invalid-credentials The input includes credentials. <https://user:pw@example.com/>\n`;
    const be = Buffer.from(text, 'utf16le');
    be.swap16();
    for (const [name, bytes] of [
      ['utf8.txt', Buffer.from(text)],
      ['bom8.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
      ['le.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
      ['be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), be])],
    ] as Array<[string, Buffer]>) {
      const f = file(name, bytes);
      expect(await run([f]), name).to.deep.equal({ code: 1, out: findings(f), err: '' });
      // in pieces of one byte (a BOM split across reads)
      const pieces = await run([f], '', { openRead: () => [...bytes].map((b) => Uint8Array.of(b)) });
      expect(pieces, name).to.deep.equal({ code: 1, out: findings(f), err: '' });
    }
    // UTF-16 with no BOM: NUL bytes, said, exit 2
    const bare = alone('bare.txt', Buffer.from(text, 'utf16le'));
    const r = await run([bare]);
    expect(r.code).to.equal(2);
    expect(r.err).to.equal(`${bare}: not text in UTF-8: it holds NUL bytes (UTF-16 without a BOM, or not text at all); read as UTF-8\n`);
  });

  it('exits 2 with one line for a file it cannot read, and lints the others', async () => {
    const missing = join(dir, 'missing.md');
    const ok = file('fine.txt', 'https://u@example.com/');
    const r = await run([missing, ok]);
    expect(r.code).to.equal(2);
    expect(r.err).to.equal(`error: cannot read ${missing}: no such file or directory\n`);
    expect(r.out).to.equal(`${ok}:1:10: invalid-credentials The input includes credentials. <https://u@example.com/>\n`);
    // with nothing else to lint, that one line is all (no "0 errors in 0 files" after it; read
    // here without run(), which takes the summary line off)
    const alone = captureIO({ readFile: (path) => readFileSync(path) });
    expect(await mainAsync(['lint', missing], alone.io)).to.equal(2);
    expect(alone.err()).to.equal(`error: cannot read ${missing}: no such file or directory\n`);
    // a folder is walked (packages/lint/test/lint-files.test.ts has the rest of what that means)
    const d = await run([dir]);
    expect(d.code).to.equal(1);
    expect(d.out).to.contain(`${ok}:1:10: invalid-credentials`);
  });

  it('refuses an empty file name before linting anything: one line, exit 2', async () => {
    const ok = file('also.txt', 'https://u@example.com/');
    expect(await run([''])).to.deep.equal({ code: 2, out: '', err: 'error: an empty file name (file argument 1 of 1): name a file, or "-" for standard input\n' });
    expect(await run([ok, '', '-'], 'https://u@example.com/')).to.deep.equal({
      code: 2,
      out: '',
      err: 'error: an empty file name (file argument 2 of 3): name a file, or "-" for standard input\n',
    });
    expect((await run(['--fix', ok, ''])).err).to.equal('error: an empty file name (file argument 2 of 2): name a file, or "-" for standard input\n');
  });

  it('exits 2 on bad arguments, with one line and no stack trace', async () => {
    for (const [args, message] of [
      [['--format', 'xml', '-'], 'error: unknown format "xml" (expected text, json, jsonl, sarif)\n'],
      [['--kind', 'pdf', '-'], 'error: unknown kind "pdf" (expected auto, text, markdown, html, js)\n'],
      [['--base', 'not a url', '-'], 'error: the base URL does not parse: "not a url"\n'],
    ] as Array<[string[], string]>) {
      expect(await run(args)).to.deep.equal({ code: 2, out: '', err: message });
    }
    const unknown = await run(['--frobnicate']);
    expect(unknown.code).to.equal(2);
    expect(unknown.err.trim().split('\n')).to.have.length(1);
  });
});
