// A report to triage from (issue 37): the HTML page filters by parser, class and security relevance,
// searches, collapses its sections, gives each parser of each root cause a command that reproduces
// it and links each step to the pinned url.bs, and builds the CSV of the cases in the browser;
// --report FILE.csv writes the same CSV. The page is checked in a real browser: Debian's chromium,
// headless, through puppeteer-core (without chromium on PATH the browser tests are skipped with
// the reason, unless CI is set: CI installs it, .ci/run). The page must stay self-contained:
// nothing is fetched, and what a parser or a corpus gave makes no element.

/// <reference lib="dom" />

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { URL as GrammarURL } from 'url-grammar';
import { captureIO, CORE_ROOT, mainAsync } from './support/cli';
import { compareStream, type StreamReport } from '../src/stream';
import { csvCell, csvReport, htmlReport, markdownReport, mdText, reportFromJson, reproduceCommand, type CompareJson, type ReportInput } from '../src/report';
import { citation } from '../src/provenance';
import { printable } from 'url-grammar/cli';
import { createHash } from 'node:crypto';
import { type as osType } from 'node:os';
import { REPORT_FORMAT } from '../src/provenance';
import { whichCommand } from '../src/manifest';
import type { ParserAdapter, Result } from '../src/compare';

const root = join(__dirname, '..');

/** url-grammar's getters as another parser would give them, changed by `f`. */
function parser(name: string, f: (r: Extract<Result, { ok: true }>, input: string) => Result): ParserAdapter {
  return {
    name,
    parse(input, base) {
      const u = GrammarURL.parse(input, base ?? undefined);
      if (!u) return { ok: false, message: 'Invalid URL' };
      return f({ ok: true, href: u.href, protocol: u.protocol, username: u.username, password: u.password, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash }, input);
    },
  };
}

const TAG = '<img src=x onerror="document.title=\'owned\'">';
/** Parsers that differ in known ways: a host confusion, a failure, a path kept, and values with HTML in them. */
const PARSERS: ParserAdapter[] = [
  parser('evil-host', (r, input) => (input.includes('evil') ? { ...r, hostname: 'good.example', host: 'good.example' } : r)),
  parser('strict', (r, input) => (input.includes('%') ? { ok: false, message: 'percent not allowed' } : r)),
  parser('dots', (r, input) => (input.includes('..') ? { ...r, pathname: `/kept${r.pathname}` } : r)),
  parser('hostile', (r, input) => (input.includes('fine') ? { ...r, hostname: TAG, host: TAG } : r)),
];

const INPUTS = [
  'http://evil.example/a',
  'https://evil.test/b?c',
  'http://a%41.example/',
  'https://example.com/a/../b',
  'https://example.com/x/%2e%2e/y',
  'https://fine.example/</script><script>document.title="owned"</script>',
  'http://plain.example/',
  "https://o'quote.example/it's",
];

async function report(): Promise<ReportInput> {
  const rep: StreamReport = await compareStream(
    INPUTS.map((input) => ({ input, base: null })),
    { builtins: ['node'], adapters: PARSERS, workers: 0 },
  );
  return { ...rep, sources: [{ name: 'inputs', cases: INPUTS.length }], note: 'made by the test' };
}

describe('compare: the report as CSV, and the command that reproduces a finding', function () {
  this.timeout(60_000);

  it('CSV: one row for each parser on each listed case of each root cause; quoted as RFC 4180 says; no cell a spreadsheet runs', async () => {
    const doc = await report();
    const csv = csvReport(doc);
    const lines = csv.split('\r\n');
    expect(lines[0]).to.equal('class,security,root cause,parser,parser cases,input,base,reference value,parser value,command');
    const rows = doc.classes.flatMap((c) => c.rootCauses.flatMap((k) => k.caseList.flatMap((e) => e.parsers.map((p) => `${c.id} ${p} ${e.input}`))));
    expect(lines.length - 2).to.equal(rows.length);
    expect(csv).to.include('host,yes,');
    expect(csvCell('a,"b"')).to.equal('"a,""b"""');
    expect(csvCell('=HYPERLINK("x")')).to.equal('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1')).to.equal("'-1");
    expect(csvCell('line\nbreak')).to.equal('"line\nbreak"');
  });

  it('--report FILE.csv writes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-report-csv-'));
    try {
      const corpus = join(dir, 'c.txt');
      writeFileSync(corpus, 'https://Example.com:80\nhttp://a b/\n');
      const out = join(dir, 'r.csv');
      const { io, err } = captureIO({ readFile: (p) => readFileSync(p) });
      expect(await mainAsync(['compare', '--corpus', corpus, '--against', 'url-parse', '--report', out, '--workers', '0'], io), err()).to.equal(0);
      const csv = readFileSync(out, 'utf8');
      // the provenance first, as lines a CSV reader told comment="#" skips; then the header
      const lines = csv.split('\r\n');
      const header = lines.findIndex((l) => !l.startsWith('#'));
      expect(lines.slice(0, header).map((l) => l.slice(0, l.indexOf(':')))).to.deep.equal(['# date', '# url-grammar', '# command', '# system', '# parsers', '# URL Standard', '# corpus', '# report format', '# to cite']);
      expect(lines[header]).to.equal('class,security,root cause,parser,parser cases,input,base,reference value,parser value,command');
      expect(csv).to.include(',url-parse,');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the command of a finding, run by a shell, compares that case with that parser and shows that parser\'s value', async function () {
    const bash = whichCommand('bash');
    if (bash === null) {
      if (process.env.CI) throw new Error('no bash on PATH');
      this.skip();
    }
    const doc = await report();
    const host = doc.classes.find((c) => c.id === 'host')!.rootCauses[0];
    const e = host.examples[0];
    expect(e.parser).to.equal('evil-host');
    // the report's command, with the parser it names given by an adapter (as a manifest would)
    const adapter = join(root, 'test', 'fixtures', 'adapters', 'fake-browser.js');
    const command = reproduceCommand(e.input, e.base, ['chromium']);
    expect(command).to.equal(`printf '%s\\n' '${JSON.stringify({ input: e.input, base: e.base })}' | url-grammar compare --corpus - --corpus-format jsonl --against 'chromium'`);
    const cli = join(CORE_ROOT, 'dist', 'src', 'cli.js');
    const manifest = join(mkdtempSync(join(tmpdir(), 'url-grammar-report-cmd-')), 'manifest.json');
    try {
      writeFileSync(manifest, JSON.stringify([{ name: 'chromium', title: 'fake', language: 'JavaScript', command: ['node', adapter, 'evil'], requires: { commands: [], debian: [] }, install: 'none', mapping: 'none' }]));
      const script = `url-grammar() { ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} "$@" --manifest ${JSON.stringify(manifest)} --json; }\n${command}\n`;
      const r = spawnSync(bash!, ['-c', script], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stderr).to.equal(0);
      const out = JSON.parse(r.stdout) as { cases: number; classes: Array<{ id: string; rootCauses: Array<{ examples: Array<{ input: string; values: { hostname: string } }> }> }> };
      expect(out.cases).to.equal(1);
      const seen = out.classes.find((c) => c.id === 'host')!.rootCauses[0].examples[0];
      expect(seen.input).to.equal(e.input);
      expect(seen.values.hostname).to.equal((e.values as { hostname: string }).hostname);
    } finally {
      rmSync(join(manifest, '..'), { recursive: true, force: true });
    }
    // an input with a quote, a tab and non-ASCII: one line of ASCII, quoted for the shell
    expect(reproduceCommand("a'b\tü", 'http://x/', ['p'], 'exact')).to.equal(String.raw`printf '%s\n' '{"input":"a'\''b\tu00fc","base":"http://x/"}' | url-grammar compare --corpus - --corpus-format jsonl --against 'p' --equivalence exact`.replace('u00fc', '\\u00fc'));
  });
});

describe('compare: provenance on every report, and no invisible code point in any', function () {
  this.timeout(60_000);

  it('--json, --report .json, .md, .html and .csv: the date, the versions and commit, the command, the system, each parser, the spec, the corpus\'s SHA-256, a block to cite; the documents made again from the JSON alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-provenance-'));
    try {
      // invisible code points in the inputs: U+00A0, U+202E, U+200B, U+E0001
      const lines = ['http://a\u00a0b.example/', 'https://example.com/\u202eevil', 'http://x\u200b.example/', 'https://example.org/\u{E0001}', 'http://a b/'];
      const corpus = join(dir, 'c.txt');
      writeFileSync(corpus, lines.join('\n') + '\n');
      const files = Object.fromEntries(['json', 'md', 'html', 'csv'].map((ext) => [ext, join(dir, `r.${ext}`)]));
      const { io, out, err } = captureIO({ readFile: (p) => readFileSync(p), openRead: (p) => [readFileSync(p)], fileSize: (p) => readFileSync(p).length });
      const started = Date.now();
      expect(await mainAsync(['compare', '--corpus', corpus, '--against', 'url-parse', '--workers', '0', '--json', ...Object.values(files).flatMap((f) => ['--report', f])], io), err()).to.equal(0);
      const json = readFileSync(files.json, 'utf8');
      expect(json).to.equal(out());
      const report = JSON.parse(json) as CompareJson;
      const p = report.provenance!;
      expect(p.format).to.equal(REPORT_FORMAT);
      expect(Date.parse(p.date)).to.be.within(started - 1000, Date.now() + 1000);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect(p.urlGrammar.version).to.equal((require('url-grammar/package.json') as { version: string }).version);
      const git = spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
      expect(p.urlGrammar.commit).to.equal(git.status === 0 ? git.stdout.trim() : null);
      expect(p.command).to.equal(`url-grammar compare --corpus ${corpus} --against url-parse --json ${Object.values(files).map((f) => `--report ${f}`).join(' ')} --workers 0`);
      expect(p.os).to.include(osType());
      expect(p.node).to.equal(process.versions.node);
      expect(p.parsers.map((x) => x.name)).to.deep.equal(['url-grammar', 'url-parse']);
      expect(p.parsers[1].version).to.match(/^url-parse \d/);
      expect(p.spec).to.deep.equal({ commit: '6ae8486', url: 'https://github.com/whatwg/url/blob/6ae8486/url.bs' });
      // the corpus: its cases as JSON lines, as --corpus-format jsonl reads them, hash to it; the file's bytes to its own
      const sha = (x: string | Buffer) => createHash('sha256').update(x).digest('hex');
      expect(p.corpus).to.deep.equal({ cases: lines.length, sha256: sha(lines.map((input) => `${JSON.stringify({ input, base: null })}\n`).join('')), files: [{ name: corpus, sha256: sha(readFileSync(corpus)) }] });
      const docs = Object.fromEntries(['md', 'html', 'csv'].map((ext) => [ext, readFileSync(files[ext], 'utf8')]));
      for (const [ext, doc] of Object.entries(docs)) {
        for (const v of [p.date, p.command, p.corpus.sha256, p.os, `commit ${p.urlGrammar.commit ?? ''}`.trim(), p.parsers[1].version!, '6ae8486']) expect(doc, `${ext}: ${v}`).to.include(ext === 'md' && v !== p.command ? mdText(v) : ext === 'html' ? v.replace(/&/g, '&amp;') : v);
        expect(doc, ext).to.include(citation(p).text.slice(0, 60));
      }
      expect(docs.md).to.include('@misc{url-grammar-compare-');
      // no code point in any report that a reader would not see: each is as printable leaves it (line ends aside)
      for (const [ext, text] of Object.entries({ ...docs, json })) {
        const raw = [...text].filter((ch) => ch !== '\n' && ch !== '\r' && printable(ch) !== ch);
        expect(raw.map((ch) => `U+${ch.codePointAt(0)!.toString(16)}`), ext).to.deep.equal([]);
      }
      // and what they hold is exact: the JSON reads back to the inputs, and makes the documents again
      expect(report.classes.flatMap((c) => c.rootCauses.flatMap((k) => k.caseList.map((e) => e.input)))).to.include('http://a\u00a0b.example/');
      const again = reportFromJson(report);
      expect(markdownReport(again)).to.equal(docs.md);
      expect(htmlReport(again)).to.equal(docs.html);
      expect(csvReport(again)).to.equal(docs.csv);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('compare: the HTML report in headless Chromium @browser', function () {
  this.timeout(180_000);
  const chromium = whichCommand('chromium') ?? whichCommand('chromium-browser');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let browser: any;
  let dir: string;
  let doc: ReportInput;
  let file: string;

  before(async function () {
    if (chromium === null) {
      if (process.env.CI) throw new Error('no chromium on PATH: CI installs Debian\'s chromium package (.ci/run)');
      console.warn('\n  skipped: the report browser tests need chromium on PATH (apt-get install chromium)\n');
      this.skip();
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const puppeteer = require('puppeteer-core') as typeof import('puppeteer-core');
    browser = await puppeteer.launch({ browser: 'chrome', executablePath: chromium!, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-report-browser-'));
    doc = await report();
    file = join(dir, 'report.html');
    writeFileSync(file, htmlReport(doc));
  });
  after(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the page; what went wrong while it loaded (a console error, a page error, a request for anything but the page) goes to `problems`. */
  async function open(path: string, width = 1280): Promise<{ page: import('puppeteer-core').Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m: import('puppeteer-core').ConsoleMessage) => {
      if (m.type() === 'error' || m.type() === 'warn') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e: Error) => problems.push(`page error: ${e.message}`));
    page.on('dialog', (d: import('puppeteer-core').Dialog) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('request', (r: import('puppeteer-core').HTTPRequest) => {
      if (r.url() !== pathToFileURL(path).href) problems.push(`request: ${r.url()}`);
    });
    await page.setViewport({ width, height: 900 });
    await page.goto(pathToFileURL(path).href);
    return { page, problems };
  }

  /** The findings (root causes) shown now: their class, parsers and text. */
  const shown = () =>
    Array.from(document.querySelectorAll('details.finding'))
      .filter((f) => !(f as HTMLElement).hidden)
      .map((f) => ({ cls: f.getAttribute('data-class')!, parsers: f.getAttribute('data-parsers')!.split(' '), security: f.getAttribute('data-security'), text: f.textContent! }));

  it('loads with nothing fetched and no error; collapsed, it is short; expanded, it holds every root cause; what parsers gave makes no element', async () => {
    const { page, problems } = await open(file);
    try {
      const collapsed = await page.evaluate(() => document.documentElement.scrollHeight);
      const all = doc.classes.reduce((n, c) => n + c.rootCauses.length, 0);
      expect(await page.evaluate(() => document.querySelectorAll('details.finding').length)).to.equal(all);
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('details')).every((d) => !d.open))).to.equal(true);
      expect(collapsed).to.be.below(4000);
      await page.click('#expand-all');
      const expanded = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(expanded).to.be.above(collapsed * 1.5);
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('details.finding')).every((d) => (d as HTMLDetailsElement).open))).to.equal(true);
      await page.click('#collapse-all');
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).to.equal(collapsed);
      // the hostile values are text
      expect(await page.evaluate(() => document.querySelectorAll('img, iframe, script[src]').length)).to.equal(0);
      expect(await page.evaluate(() => document.title)).to.equal('url-grammar compare');
      expect(await page.evaluate(() => document.body.textContent!.includes('<img src=x onerror='))).to.equal(true);
      // each class's step, pinned
      const links = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]')).map((a) => a.getAttribute('href')!));
      expect(links.filter((l) => l.startsWith('https://github.com/whatwg/url/blob/6ae8486/url.bs#L')).length).to.be.above(3);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('filters by parser, by class and by security relevance, and searches; the count says how many are shown', async () => {
    const { page, problems } = await open(file);
    try {
      const total = await page.evaluate(() => document.querySelectorAll('details.finding').length);
      await page.select('#f-parser', 'dots');
      const dots = await page.evaluate(shown);
      expect(dots.length).to.be.above(0).and.below(total);
      for (const f of dots) expect(f.parsers).to.include('dots');
      expect(await page.evaluate(() => document.getElementById('f-count')!.textContent)).to.equal(`${dots.length} of ${total} root causes shown`);
      await page.select('#f-parser', '');
      await page.select('#f-class', 'host');
      const host = await page.evaluate(shown);
      expect(host.length).to.be.above(0);
      for (const f of host) expect(f.cls).to.equal('host');
      // the class chosen is open, the others hidden
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('details.class')).filter((c) => !(c as HTMLElement).hidden).map((c) => [c.id, (c as HTMLDetailsElement).open]))).to.deep.equal([['class-host', true]]);
      await page.select('#f-class', '');
      await page.click('#f-security');
      const security = await page.evaluate(shown);
      expect(security.length).to.be.above(0);
      for (const f of security) expect(f.security).to.equal('1');
      expect(security.some((f) => f.cls === 'path')).to.equal(false);
      await page.click('#f-security');
      await page.type('#f-search', 'a%41.example');
      const found = await page.evaluate(shown);
      expect(found.length).to.be.above(0);
      for (const f of found) expect(f.text.toLowerCase()).to.include('a%41.example');
      // what is found is opened
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('details.finding')).filter((f) => !(f as HTMLElement).hidden).every((f) => (f as HTMLDetailsElement).open))).to.equal(true);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it("each parser's row of a root cause: its own values, its shortest case, and its command, which the copy button takes", async () => {
    const { page, problems } = await open(file);
    try {
      await page.click('#expand-all');
      const rows = await page.evaluate(() =>
        Array.from(document.querySelectorAll('details.finding tr[data-parser]')).map((tr) => ({ parser: tr.getAttribute('data-parser')!, cmd: tr.querySelector('code.cmd')!.textContent!, cells: Array.from(tr.children).map((td) => td.textContent!) })),
      );
      const examples = doc.classes.flatMap((c) => c.rootCauses.flatMap((k) => k.examples));
      expect(rows.length).to.equal(examples.length);
      rows.forEach((row, i) => {
        const e = examples[i];
        expect(row.parser).to.equal(e.parser);
        expect(row.cmd).to.equal(reproduceCommand(e.input, e.base, [e.parser], 'meaning'));
      });
      const copy = (await page.$('details.finding button.copy'))!;
      await copy.click();
      // the command is selected at once (and copied too where the page may write to the clipboard)
      expect(await page.evaluate(() => window.getSelection()!.toString())).to.equal(rows[0].cmd);
      expect(['copied', 'selected: copy it']).to.include(await page.evaluate(() => document.querySelector('details.finding button.copy')!.textContent));
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('the CSV button saves the CSV of the cases, the same as --report FILE.csv writes', async () => {
    const { page, problems } = await open(file);
    try {
      await page.evaluate(() => {
        const saved: Blob[] = [];
        (window as unknown as { saved: Blob[] }).saved = saved;
        const make = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (b: Blob | MediaSource) => {
          saved.push(b as Blob);
          return make(b);
        };
      });
      await page.click('#csv');
      const text = await page.evaluate(async () => {
        const saved = (window as unknown as { saved: Blob[] }).saved;
        return saved.length === 1 ? [saved[0].type, await saved[0].text()] : null;
      });
      expect(text).to.deep.equal(['text/csv', csvReport(doc)]);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('holds every listed case of each root cause in a collapsed list of its own, with each parser\'s value', async () => {
    const { page, problems } = await open(file);
    try {
      const lists = await page.evaluate(() =>
        Array.from(document.querySelectorAll('details.finding')).map((f) => {
          const cases = f.querySelector('details.cases');
          return { open: cases ? (cases as HTMLDetailsElement).open : null, rows: cases ? Array.from(cases.querySelectorAll('tr')).slice(1).map((tr) => tr.textContent!) : [] };
        }),
      );
      const causes = doc.classes.flatMap((c) => c.rootCauses);
      expect(lists).to.have.length(causes.length);
      causes.forEach((k, i) => {
        expect(lists[i].open, 'collapsed').to.equal(false);
        expect(lists[i].rows).to.have.length(k.caseList.length);
        k.caseList.forEach((e, j) => {
          expect(lists[i].rows[j]).to.include(JSON.stringify(e.input));
          for (const p of e.parsers) expect(lists[i].rows[j]).to.include(p);
        });
      });
      // "expand all" opens the classes and root causes, not every case list
      await page.click('#expand-all');
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('details.cases')).some((d) => (d as HTMLDetailsElement).open))).to.equal(false);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('a zoo of nineteen parsers with long versions, every section and case list open, fits 1280 px: nothing wider than the page, nothing to scroll sideways', async () => {
    // the zoo's parsers, each differing from url-grammar in one of four ways on some inputs
    const names = ['node', 'node-legacy', 'whatwg-url', 'url-parse', 'chromium', 'firefox', 'webkit', 'python-urllib', 'python-rfc3986', 'python-yarl', 'python-hyperlink', 'go-net-url', 'curl-url-api', 'java-uri', 'ruby-uri', 'perl-uri', 'php-parse-url', 'python-urllib3', 'java-url', 'rust-url'].slice(1);
    const zoo = names.map((n, i) => ({ ...PARSERS[i % PARSERS.length], name: n, version: `${n} ${i}.${i + 1}.${i + 2} (Some Runtime 3.11.2, built on Debian GNU/Linux 12 (bookworm) for x86_64)` }));
    // and values with nothing to break them at: a long path with dot segments, a long host
    const long = [`https://example.com/${'x'.repeat(300)}/../${'%2F'.repeat(100)}`, `http://evil${'e'.repeat(200)}.example/${'a'.repeat(250)}`, `http://a.example/?${'q'.repeat(400)}%41`];
    const rep = await compareStream([...INPUTS, ...long].map((input) => ({ input, base: null })), { builtins: ['node'], adapters: zoo, workers: 0 });
    const wide: ReportInput = {
      ...rep,
      // the counts of a real zoo run, as wide as they get there ("10,926/10,926")
      cases: 10_926,
      adapters: rep.adapters.map((a) => ({ ...a, answered: 10_926 })),
      sources: [{ name: 'inputs', cases: INPUTS.length + long.length }],
      provenance: {
        format: REPORT_FORMAT,
        date: '2026-01-02T03:04:05.678Z',
        urlGrammar: { version: '0.1.0', compare: '0.1.0', commit: 'f'.repeat(40), modified: false },
        command: `url-grammar compare --against ${names.join(',')} --timeout 60000 --report packages/compare/docs/zoo/REPORT.json --report packages/compare/docs/zoo/REPORT.md --report packages/compare/docs/zoo/REPORT.html`,
        os: 'Debian GNU/Linux 12 (bookworm) (Linux 6.1.0-18-amd64 x64)',
        node: '20.20.2',
        parsers: [{ name: 'url-grammar', version: 'url-grammar 0.1.0' }, ...zoo.map((z) => ({ name: z.name, version: z.version }))],
        spec: { commit: '6ae8486', url: 'https://github.com/whatwg/url/blob/6ae8486/url.bs' },
        corpus: { cases: INPUTS.length + long.length, sha256: 'a'.repeat(64), files: [{ name: 'corpus/real-urls.txt', sha256: 'b'.repeat(64) }] },
      },
    };
    const path = join(dir, 'zoo.html');
    writeFileSync(path, htmlReport(wide));
    const { page, problems } = await open(path, 1280);
    try {
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
      const fit = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const overflowing = Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > width + 0.5 || (e as HTMLElement).scrollWidth > (e as HTMLElement).clientWidth + 1)
          .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className)}` : ''}${e.firstElementChild ? ` (${e.firstElementChild.tagName.toLowerCase()}${e.firstElementChild.id ? `#${e.firstElementChild.id}` : ''}${e.firstElementChild.className ? `.${String(e.firstElementChild.className)}` : ''}: ${(e as HTMLElement).scrollWidth} px)` : ''}`);
        return { width, scroll: document.documentElement.scrollWidth, overflowing: [...new Set(overflowing)], rows: document.getElementById('agreement')!.querySelectorAll('tr').length };
      });
      expect(fit.width).to.equal(1280 - (await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth)));
      expect(fit.rows).to.equal(names.length + 2); // the header, node, the zoo
      expect(fit.scroll, 'the page scrolls sideways').to.be.at.most(fit.width);
      expect(fit.overflowing, 'elements wider than their box or the page').to.deep.equal([]);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('the agreement table of twenty parsers with long versions is not cut off at 1400 px', async () => {
    const wide = { ...doc, adapters: Array.from({ length: 20 }, (_, i) => ({ ...doc.adapters[0], name: `parser-number-${i}`, version: `Some Engine 123.0.${i}.456 built on Debian GNU/Linux 12 (bookworm) with a long tail` })) };
    const path = join(dir, 'wide.html');
    writeFileSync(path, htmlReport(wide as ReportInput));
    const { page, problems } = await open(path, 1400);
    try {
      const fit = await page.evaluate(() => {
        const t = document.getElementById('agreement')!;
        return { right: t.getBoundingClientRect().right, width: document.documentElement.clientWidth, rows: t.querySelectorAll('tr').length };
      });
      expect(fit.rows).to.equal(21);
      expect(fit.right).to.be.at.most(fit.width);
      expect(problems).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
