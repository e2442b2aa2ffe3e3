// JavaScript and TypeScript sources (js.ts): the URLs of string literals, read as the program means
// them, and of comments; nothing from regular expressions or templates with substitutions; the
// same findings whole and streamed in chunks of any size.

import { expect } from 'chai';
import { applyFixes, findURLs, kindFromPath, lintText } from '../src/lint';
import { lintBytes } from '../src/run';
import { decodeStringBody, JS_PIECE } from '../src/js';
import type { LintDiagnostic } from '../src/lint';

const where = (d: LintDiagnostic[]) => d.map((x) => [x.line, x.column, x.endLine, x.endColumn, x.type]);

async function streamed(text: string, size: number): Promise<LintDiagnostic[]> {
  const bytes = Buffer.from(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: LintDiagnostic[] = [];
  await lintBytes(chunks, { kind: 'js', fixes: true }, (d) => out.push(d));
  return out;
}

describe('lint: JavaScript and TypeScript sources', () => {
  it('reads .js, .mjs, .cjs, .ts, .mts and .cts files as JavaScript; .jsx and .tsx stay text', () => {
    expect(['a.js', 'b.MJS', 'c.cjs', 'd.ts', 'e.mts', 'f.cts', 'g.tsx', 'h.jsx', 'i.json'].map(kindFromPath)).to.deep.equal(['js', 'js', 'js', 'js', 'js', 'js', 'text', 'text', 'text']);
  });

  it("finds a literal's URL by its value: an escape is one character, and an error on it spans the whole escape", () => {
    const src = 'const u: string = "https://a\\\\b";\n';
    const d = lintText(src, { kind: 'js', fixes: true });
    expect(d.map((x) => x.url)).to.deep.equal(['https://a\\b']);
    // the "\\" that writes the one backslash: columns 29 and 30, end exclusive
    expect(where(d)).to.deep.equal([[1, 29, 1, 31, 'invalid-reverse-solidus']]);
    expect(applyFixes(src, [d[0].fix!])).to.equal('const u: string = "https://a/b";\n');
  });

  it('a literal that is one URL is the URL whole; in one of prose, its prose URLs', () => {
    const src = "x('https://h/a\\\\..\\\\b.'); y(`http://H/\\``); z(\"see https://q\\\\docs and more\")";
    const d = lintText(src, { kind: 'js', fixes: true });
    expect(d.map((x) => x.url)).to.deep.equal(['https://h/a\\..\\b.', 'http://H/`', 'https://q\\docs']);
    // each fix escaped for its literal's quote
    expect(applyFixes(src, d.flatMap((x) => (x.fix ? [x.fix] : [])))).to.equal("x('https://h/b.'); y(`http://h/%60`); z(\"see https://q/docs and more\")");
  });

  it('finds URLs in comments as prose, and none in regular expressions or templates with substitutions', () => {
    const src = ['// see https://x\\y', '/* and http://a:99999/ */', 'const r = /https:\\/\\/a\\\\b/;', 'const t = `https://h\\\\${p}`;', 'const ok = "https://example.com/";'].join('\n');
    expect(findURLs(src, { kind: 'js' }).map((f) => f.url)).to.deep.equal(['https://x\\y', 'http://a:99999/', 'https://example.com/']);
  });

  it('obeys // url-grammar-disable-next-line', () => {
    const src = '// url-grammar-disable-next-line invalid-reverse-solidus\nf("https://a\\\\b");\nf("https://a\\\\b");\n';
    expect(where(lintText(src, { kind: 'js' }))).to.deep.equal([[3, 13, 3, 15, 'invalid-reverse-solidus']]);
  });

  it('an escape decodeStringBody does not know leaves the literal unread', () => {
    expect(decodeStringBody('\\u{110000}', 0, false)).to.equal(null);
    expect(findURLs('f("https://a\\u{110000}\\\\b")', { kind: 'js' })).to.deep.equal([]);
  });

  it('gives the same findings whole and streamed in chunks of any size, across pieces', async () => {
    const lines: string[] = [];
    for (let i = 0; lines.join('\n').length < 3 * JS_PIECE; i++) {
      lines.push(`const a${i} = "https://h${i}.example\\\\p"; // http://c${i}:99999/`, `const t${i} = \`multi`, `line https://t${i}\\\\x\`;`);
    }
    const src = lines.join('\n');
    const whole = lintText(src, { kind: 'js', fixes: true });
    expect(whole.length).to.equal((lines.length / 3) * 3);
    for (const size of [1000, 65536]) expect(await streamed(src, size), String(size)).to.deep.equal(whole);
  });
});
