// What a URL in prose is (src/text.ts): in a text file, and in Markdown where no GFM literal
// autolink starts, only what a reader takes for a URL written as one. Qualified names,
// placeholders and templates, regular expressions, syntax notation and the escapes of the text
// around a URL are left out or end it; each case here is one that lint reported as a URL with
// errors on real documentation (issue 36), next to a real URL that is still found.

import { expect } from 'chai';
import { findURLs, lintText, type SourceKind } from '../src/lint';

const found = (text: string, kind: SourceKind = 'text') => findURLs(text, { kind }).map((f) => f.url);
const reported = (text: string, kind: SourceKind = 'text') => lintText(text, { kind }).map((d) => [d.url, d.errors.map((e) => e.type).join(',')]);

describe('prose: what is not a URL', () => {
  for (const kind of ['text', 'markdown'] as const) {
    describe(`in ${kind}`, () => {
      it('qualified names: a scheme followed or preceded by "::"', () => {
        const text = 'Use HTTP::Request, Net::FTP and LWP::Protocol::http::Socket; http::geturl(); git fetch http::/site/path; std::';
        expect(found(text, kind)).to.deep.equal([]);
        expect(reported(text, kind)).to.deep.equal([]);
      });

      it('without "//": a scheme not in lower case, a protocol and its port', () => {
        expect(found('Use HTTP:Response here; File:/dev/tty; revert the http:443 change; ftp:21 too', kind)).to.deep.equal([]);
        // a lower-case scheme without "//" is still a URL (the standard's special-scheme-missing-following-solidus)
        expect(reported('treat http:img.gif as relative', kind)).to.deep.equal([['http:img.gif', 'special-scheme-missing-following-solidus']]);
      });

      it('templates and placeholders: braces, variables, printf conversions, a port that is a word', () => {
        const text = [
          'ssh://host:port/path/to/repo',
          'druby://localhost:port',
          'ssh://git@host.xz:PORT/x',
          '${BASE}/x',
          'ftp://$URL',
          'ftp://$(hostname)/',
          'ftp://%s',
          'git://github.com/o/r/commit/%H',
          'ssh://<host>',
          'ftp://<server>/pub',
        ].join(' ');
        expect(found(text, kind)).to.deep.equal([]);
        // in Markdown GFM links "http://" and "https://" whatever follows: only text leaves these out
        const gfm = 'http://localhost:{{port}}/x https://{host}/api http://$URL http://%s https://github.com/o/r/commit/%H #<File:/dev/tty> http:443->https';
        expect(found(gfm, 'text')).to.deep.equal([]);
      });

      it('regular expressions and wildcards', () => {
        expect(found("git grep -l 'ftp://.*example.org' and ssh://.+/x or ssh://*.example.org/ and ws://(?:a|b)", kind)).to.deep.equal([]);
        expect(found('http://.*gnome.org https://*.example.org/', 'text')).to.deep.equal([]);
      });

      it('syntax notation: brackets in the authority that hold no IP address', () => {
        expect(found('ssh://[user@]host.xz[:port]/path/to/repo.git/ and git://host.xz[:port]/x', kind)).to.deep.equal([]);
        // an IPv6 address in brackets is a URL, and so is one in brackets in the path or query
        expect(found('ssh://user@[2001:db8::1]:22/repo.git and ssh://[::1]/x', kind)).to.deep.equal(['ssh://user@[2001:db8::1]:22/repo.git', 'ssh://[::1]/x']);
        expect(found('https://x.example/?a=[object%20Object]')).to.deep.equal(['https://x.example/?a=[object%20Object]']);
      });
    });
  }

  it('in Markdown, GFM literal autolinks keep their extent and are reported whatever they hold', () => {
    // the reader sees a link to each: lint reports what the link holds
    expect(reported('See http://localhost:{{port}}/x now.', 'markdown')).to.deep.equal([['http://localhost:{{port}}/x', 'port-invalid']]);
  });
});

describe('prose: where a URL ends in a text file', () => {
  it('before a backslash that escapes markup around it: "\\[[#269](https://github.com/o/r/pull/269)\\]" ends at 269', () => {
    const text = '* \\[[#269](https://github.com/o/r/pull/269)\\] fix memory leak';
    expect(found(text)).to.deep.equal(['https://github.com/o/r/pull/269']);
    expect(reported(text)).to.deep.equal([]);
    expect(found('see https://x.example/a\\_b and \\(https://x.example/c\\) and https://x.example/d\\#e')).to.deep.equal(['https://x.example/a', 'https://x.example/c', 'https://x.example/d']);
  });

  it('before a string escape ("\\xC3", "\\u00e9", "\\n") and before a line continuation', () => {
    expect(found('"http://example.org/Andr\\xC3\\xA9" "http://example.org/caf\\u00e9" "http://example.org/a\\nb"')).to.deep.equal([
      'http://example.org/Andr',
      'http://example.org/caf',
      'http://example.org/a',
    ]);
    expect(found('See:\thttps://lists.example/archives/\\\n  more')).to.deep.equal(['https://lists.example/archives/']);
    expect(found('http:\\x2f\\x2fwww.example.org')).to.deep.equal([]);
  });

  it('keeps a backslash before another letter or digit (a real invalid-reverse-solidus), and every one in a file: URL', () => {
    expect(reported('see https://example.com\\docs now')).to.deep.equal([['https://example.com\\docs', 'invalid-reverse-solidus']]);
    expect(found('file:\\\\host\\share\\x and file:///C:\\Windows\\_x')).to.deep.equal(['file:\\\\host\\share\\x', 'file:///C:\\Windows\\_x']);
  });

  it('before a control character, and before the "-" of an arrow', () => {
    expect(found('https://bugs.example/show_bug.cgi?id=41303\u001a\nhttp://a.example/->http://b.example/')).to.deep.equal([
      'https://bugs.example/show_bug.cgi?id=41303',
      'http://a.example/',
      'http://b.example/',
    ]);
  });

  it('leaves out a URL hyphenated at the end of its line', () => {
    expect(found('contact the Translation Project (https://translationpro-\nject.org/team/) now')).to.deep.equal([]);
    expect(found('https://x.example/a-\tand https://x.example/b-')).to.deep.equal(['https://x.example/a-']);
  });
});

describe('prose: invalid-credentials on schemes that carry a user', () => {
  it('is not reported for a user name without a password on a scheme that is not special', () => {
    const text = 'git+ssh://sandmann@git.example.org/git/pixman ssh://git@github.com/o/r sftp://me@host.example/ ipc://@/tmp/tester';
    expect(reported(text).filter(([, t]) => t.includes('invalid-credentials'))).to.deep.equal([]);
    expect(reported(`<a href="ssh://git@github.com/o/r">x</a>`, 'html')).to.deep.equal([]);
    expect(reported('[x](ssh://git@github.com/o/r)', 'markdown')).to.deep.equal([]);
  });

  it('is reported for a password on any scheme, and for a user name on a special scheme', () => {
    expect(reported('rfb://:secret@10.0.0.1:5903 ssh://me:pw@host.example/ https://me@example.com/')).to.deep.equal([
      ['rfb://:secret@10.0.0.1:5903', 'invalid-credentials'],
      ['ssh://me:pw@host.example/', 'invalid-credentials'],
      ['https://me@example.com/', 'invalid-credentials'],
    ]);
  });
});
