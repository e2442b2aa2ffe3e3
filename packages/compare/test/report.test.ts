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
import { csvCell, csvReport, htmlReport, reproduceCommand, type ReportInput } from '../src/report';
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
      expect(csv.split('\r\n')[0]).to.equal('class,security,root cause,parser,parser cases,input,base,reference value,parser value,command');
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
