// The viewer without a browser: `npm run build` wrote one self-contained page, `url-grammar viewer`
// points at it (or copies it) with the state in the fragment, and every validation error's link
// goes to an anchor that exists in the standard.

import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './support/cli';
import { isEncodingLabel } from '../src/cli';
import { VIEWER_PAGE } from './support/viewer-page';

const run = (args: string[]) => runCli(args);

describe('viewer: the built page', () => {
  it('is one self-contained HTML file: no external script, stylesheet, image or font', () => {
    const html = readFileSync(VIEWER_PAGE, 'utf8');
    expect(html).to.match(/^<!DOCTYPE html>/);
    expect(html).to.not.match(/<script[^>]+src=/i);
    expect(html).to.not.match(/<link[^>]+rel="?stylesheet/i);
    expect(html).to.not.match(/<img[^>]+src="?(https?:|\/\/)/i);
    expect(html).to.not.match(/@import|url\((["']?)(https?:|\/\/)/i);
    // the script holds no "</script" before its end
    const scripts = html.match(/<script>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts).to.have.length(1);
    for (const id of ['url', 'base', 'encoding', 'results', 'permalink', 'copy-json']) expect(html).to.contain(`id="${id}"`);
  });

  it('its source type-checks (esbuild, which bundles it, does not check types)', function () {
    this.timeout(120_000);
    const tsc = require.resolve('typescript/bin/tsc');
    const out = execFileSync(process.execPath, [tsc, '-p', join(__dirname, '..', 'src', 'tsconfig.json')], { encoding: 'utf8' });
    expect(out).to.equal('');
  });

  it('links steps through the core (pinned url.bs), never by a table or a living-standard address of its own', () => {
    // the core's test/spec-anchors.test.ts checks each pinned line against url.bs; here, that the
    // viewer's code has no address of the living standard beside it (comments and the page's
    // introduction, which links the standard itself, aside)
    const dir = join(__dirname, '..', 'src');
    const own: string[] = [];
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      readFileSync(join(dir, f), 'utf8').split('\n').forEach((line, i) => {
        if (/url\.spec\.whatwg\.org/.test(line.replace(/\/\/.*$|^\s*\*.*$|\/\*.*?\*\//g, ''))) own.push(`${f}:${i + 1}`);
      });
    }
    expect(own).to.deep.equal([]);
    expect(readdirSync(dir)).to.not.include('anchors.ts');
  });
});

describe('CLI: viewer', () => {
  it('prints the page\'s file URL with the URL, base and encoding in the fragment', async () => {
    const r = await run(['viewer', 'https://a b/?ü', '--base', 'https://x/', '--encoding', 'windows-1252']);
    expect(r.code).to.equal(0);
    const printed = new URL(r.out.trim());
    expect(printed.protocol).to.equal('file:');
    expect(fileURLToPath(printed)).to.equal(VIEWER_PAGE);
    const p = new URLSearchParams(printed.hash.slice(1));
    expect([p.get('url'), p.get('base'), p.get('encoding')]).to.deep.equal(['https://a b/?ü', 'https://x/', 'windows-1252']);
    expect(new URL((await run(['viewer'])).out.trim()).hash).to.equal('');
  });

  it('--out copies the page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-viewer-cli-'));
    try {
      const file = join(dir, 'v.html');
      const r = await run(['viewer', 'x', '--out', file]);
      expect(r.code).to.equal(0);
      const copy = readFileSync(file, 'utf8');
      expect(copy === readFileSync(VIEWER_PAGE, 'utf8')).to.equal(true);
      expect(copy).to.not.contain('<!--SCRIPT-->');
      expect(r.out.trim()).to.match(/^file:.*v\.html#url=x$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--encoding takes any Encoding Standard label; an unknown one is a usage error, exit 2', async () => {
    const r = await run(['viewer', 'https://h/?é', '--encoding', 'bogus']);
    expect(r).to.deep.equal({ code: 2, out: '', err: 'error: unknown encoding "bogus" (an Encoding Standard label, e.g. utf-8, windows-1252, shift_jis)\n' });
    for (const label of ['', 'utf-32', 'x-mac-greek', 'iso-2022-kr2', 'csiso2022\u212Ar']) {
      expect((await run(['viewer', 'x', '--encoding', label])).code, JSON.stringify(label)).to.equal(2);
    }
    // without a URL, the error stays the one about the missing URL
    expect((await run(['viewer', '--encoding', 'bogus'])).err).to.equal('error: --base and --encoding need a URL to show\n');
    const ok = await run(['viewer', 'x', '--encoding', 'Shift_JIS']);
    expect(ok.code).to.equal(0);
    expect(new URLSearchParams(new URL(ok.out.trim()).hash.slice(1)).get('encoding')).to.equal('Shift_JIS');
  });

  it('knows the labels TextDecoder refuses as labels too (replacement, x-user-defined, ISO-8859-16)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { labelToName } = require('@exodus/bytes/encoding-lite.js') as { labelToName(label: string): string | null };
    const labels = [
      'utf-8', 'UTF8', ' latin1\n', 'windows-1252', 'sjis', 'gb18030', 'big5', 'euc-kr', 'iso-2022-jp', 'koi8-u', 'x-mac-cyrillic',
      'iso-8859-16', 'x-user-defined', 'utf-16', 'UTF-16BE', 'unicodefffe',
      'csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'ISO-2022-KR', '\treplacement ',
      '', 'bogus', 'utf-32', 'utf7', 'latin-1', 'iso-2022-kr ,', 'csiso2022\u212Ar',
    ];
    for (const label of labels) expect(isEncodingLabel(label), JSON.stringify(label)).to.equal(labelToName(label) !== null);
  });

  it('bad arguments: one line, exit 2, no stack trace', async () => {
    for (const args of [['viewer', '--base', 'https://x/'], ['viewer', 'x', '--out', join(tmpdir(), 'no-such-dir-url-grammar', 'v.html')], ['viewer', '--frob']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).to.equal(2);
      expect(r.err.trim().split('\n'), args.join(' ')).to.have.length(1);
      expect(r.err).to.not.match(/\bat \S+ \(/);
    }
  });
});
