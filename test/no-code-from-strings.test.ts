// The builds run where code cannot be made from strings (issue 44): the matchers are generated
// when the package is built (src/grammar/core-matchers.ts), so nothing the core runs calls eval
// or `new Function`.
//
// - dist/browser/url-grammar.mjs on a page served from localhost with the header
//   `Content-Security-Policy: script-src 'self'` (the rule of browser extensions under Manifest
//   V3, and of many sites), in Chromium (playwright-core) and Firefox (puppeteer-core over
//   WebDriver BiDi, as packages/viewer/test/viewer-firefox.test.ts explains): URLs with every
//   kind of base, setters, IPv4 and IPv6 hosts, validation errors; no securitypolicyviolation
//   event, no error. The page then tries `new Function` itself, which must be refused: the policy
//   was in force.
// - dist/lite/lite.cjs (and the CommonJS main) under `node --disallow-code-generation-from-strings`,
//   and lite in a `vm` context made with `codeGeneration: { strings: false }` (what a Cloudflare
//   Worker's isolate is), every module it loads evaluated in that context.
//
// Each answer is compared with the core's own (src/, in this process). The browsers are Debian's
// chromium and firefox-esr (.ci/run installs them); without one the test is skipped with a
// message, unless CI is set: there a missing browser is a failure.

/// <reference lib="dom" />

import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vm from 'node:vm';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import * as core from '../src/index';

const ROOT = join(__dirname, '..');
const BUNDLE = join(ROOT, 'dist', 'browser', 'url-grammar.mjs');
const LITE = join(ROOT, 'dist', 'lite', 'lite.cjs');
const MAIN = join(ROOT, 'dist', 'src', 'index.js');
const CHROMIUM = '/usr/bin/chromium';
const FIREFOX = '/usr/bin/firefox-esr';
const POLICY = "script-src 'self'";

/** What each build is asked: a URL with no base and with each kind of base, setters, hosts, errors. */
const CASES = {
  parse: [
    ['https://EXAMPLE.com:443/a/./b/../c?d=e f#g', null],
    ['http://user:pa ss@example.com/%7e?q', null],
    ['foo://host/path?query#fragment', null],
    ['javascript:alert(1)', null],
    ['file:///C|/windows/../x', null],
    ['\t https://ex\nample.org/ \n', null],
    ['../x/./y?z#w', 'https://example.com/a/b/c'],
    ['//other.example/p', 'wss://example.com/'],
    ['HTTP:rel', 'http://example.com/dir/'],
    ['d/e', 'file:///C:/a/b'],
    ['/x', 'file://host/share/y'],
    ['g/h?i', 'foo://host/a/b'],
    ['#frag', 'mailto:someone@example.com'],
    ['?q', 'data:text/plain,hi'],
    ['http://192.168.0.1/', null],
    ['http://0x7f.1/', null],
    ['http://[2001:db8::1:0:0:1]:8080/', null],
    ['http://[::ffff:192.0.2.128]/', null],
    ['http://münchen.example/', null],
    ['http://a b/', null],
  ],
  setters: [
    ['https://example.com/a?b#c', 'pathname', '/x y/../z'],
    ['https://example.com/a?b#c', 'host', 'other.example:8443'],
    ['https://example.com/a?b#c', 'hostname', '[::1]'],
    ['https://example.com/a?b#c', 'port', '80'],
    ['https://example.com/a?b#c', 'protocol', 'wss'],
    ['https://example.com/a?b#c', 'search', '?x=1 2'],
    ['https://example.com/a?b#c', 'hash', 'h i'],
    ['foo://h/p', 'pathname', 'q/r'],
    ['file:///a', 'host', '10.0.0.1'],
  ],
  diagnose: ['https://exa mple.com:99999/\\x', 'http://[1:2:3]/'],
};

type Cases = typeof CASES;
interface Answers {
  parse: (string | null)[];
  setters: string[];
  diagnose: string[][];
}
interface Lib {
  URL: typeof core.URL;
  parseWithDiagnostics: typeof core.parseWithDiagnostics;
}

/** The answers of `lib` (written to run in a page, in a vm context and here: no closure over this file). */
function answer(lib: Lib, cases: Cases): Answers {
  return {
    parse: cases.parse.map(([input, base]) => {
      const u = base === null ? lib.URL.parse(input as string) : lib.URL.parse(input as string, base);
      return u === null ? null : `${u.href} | ${u.origin} | ${u.host}`;
    }),
    setters: cases.setters.map(([href, attribute, value]) => {
      const u = new lib.URL(href);
      (u as unknown as Record<string, string>)[attribute] = value;
      return u.href;
    }),
    diagnose: cases.diagnose.map((input) => lib.parseWithDiagnostics(input).errors.map((e) => `${e.type} ${e.start}-${e.end}`)),
  };
}

const expected = answer(core, CASES);

/** The cases for lite, which has no IDNA function unless given one: those with no non-ASCII host. */
const ASCII_CASES: Cases = { ...CASES, parse: CASES.parse.filter(([input]) => !/[^\x00-\x7f]/.test(input as string)) };
const expectedASCII = answer(core, ASCII_CASES);

describe('no code from strings at run time', function () {
  this.timeout(120_000);

  it('the answers compared are worth comparing', () => {
    // the two that must fail: "?" against an opaque path, and a space in a host
    expect(CASES.parse.filter((_, i) => expected.parse[i] === null)).to.deep.equal([
      ['?q', 'data:text/plain,hi'],
      ['http://a b/', null],
    ]);
    expect(expected.parse.some((a) => a?.startsWith('http://[2001:db8::1:0:0:1]:8080/'))).to.equal(true);
    expect(expected.parse.some((a) => a?.startsWith('http://127.0.0.1/'))).to.equal(true);
    expect(expected.diagnose.every((d) => d.length > 0)).to.equal(true);
  });

  describe(`dist/browser/url-grammar.mjs under Content-Security-Policy: ${POLICY} @browser`, () => {
    let server: Server;
    let origin: string;
    let results: Promise<unknown>;
    let deliver: (value: unknown) => void;

    // The page: a classic script that listens for violations first, then the module that loads the
    // bundle, answers and sends what it found back (nothing inline: the policy forbids it).
    const PAGE = '<!doctype html><meta charset="utf-8"><title>CSP</title><script src="/listen.js"></script><script type="module" src="/page.mjs"></script>';
    const LISTEN = "window.violations = []; document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));";
    const MODULE = `
      const send = (result) => fetch('/result', { method: 'POST', body: JSON.stringify(result) });
      try {
        const lib = await import('/url-grammar.mjs');
        const cases = await (await fetch('/cases.json')).json();
        const answers = (${answer.toString()})(lib, cases);
        const before = window.violations.slice();
        let control = 'not refused';
        try { new Function('return 1')(); } catch (e) { control = e.name; }
        await new Promise((r) => setTimeout(r, 50)); // the control's violation event
        send({ answers, before, control, after: window.violations.length });
      } catch (e) {
        send({ error: String(e && e.stack || e) });
      }`;

    before(async () => {
      if (!existsSync(BUNDLE)) throw new Error('dist/browser/url-grammar.mjs is missing: run npm run build (npm ci runs it)');
      server = createServer((req, res) => {
        const headers = { 'content-security-policy': POLICY, 'cache-control': 'no-store' };
        const send = (type: string, body: string | Buffer) => {
          res.writeHead(200, { ...headers, 'content-type': type });
          res.end(body);
        };
        if (req.method === 'POST' && req.url === '/result') {
          let body = '';
          req.on('data', (d) => (body += d));
          req.on('end', () => {
            res.writeHead(204, headers);
            res.end();
            deliver(JSON.parse(body));
          });
        } else if (req.url === '/') send('text/html', PAGE);
        else if (req.url === '/listen.js') send('text/javascript', LISTEN);
        else if (req.url === '/page.mjs') send('text/javascript', MODULE);
        else if (req.url === '/url-grammar.mjs') send('text/javascript', readFileSync(BUNDLE));
        else if (req.url === '/cases.json') send('application/json', JSON.stringify(CASES));
        else if (req.url === '/favicon.ico') {
          res.writeHead(204, headers);
          res.end();
        }
        else {
          res.writeHead(404, headers);
          res.end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    });

    after(() => server?.close());

    beforeEach(() => {
      results = new Promise((resolve) => (deliver = resolve));
    });

    /** What the page sent back, with the errors the browser reported meanwhile. */
    async function check(result: unknown, problems: string[]): Promise<void> {
      const r = result as { answers?: Answers; before?: string[]; control?: string; after?: number; error?: string };
      expect(r.error, 'the page ran to the end').to.equal(undefined);
      expect(r.before, 'securitypolicyviolation events while the bundle loaded and answered').to.deep.equal([]);
      expect(r.control, "the page's own new Function, refused: the policy is in force").to.equal('EvalError');
      expect(r.after, 'and that one reported as a violation').to.equal(1);
      expect(r.answers).to.deep.equal(expected);
      // the control's refusal is the one error a browser may print
      expect(problems.filter((p) => !/Function|eval/i.test(p))).to.deep.equal([]);
    }

    function skipWithout(browser: string, ctx: Mocha.Context): void {
      if (existsSync(browser)) return;
      if (process.env.CI) throw new Error(`${browser} is missing: CI installs it before the tests (see .ci/run)`);
      console.warn(`\n  skipped: this test needs ${browser} (apt-get install -y ${browser.split('/').pop()})\n`);
      ctx.skip();
    }

    it('in Chromium: every kind of base, setters, IPv4 and IPv6 hosts, validation errors, with no violation', async function () {
      skipWithout(CHROMIUM, this);
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        await page.goto(`${origin}/`);
        await check(await results, problems);
      } finally {
        await browser.close();
      }
    });

    it('in Firefox: the same', async function () {
      skipWithout(FIREFOX, this);
      const dir = mkdtempSync(join(tmpdir(), 'url-grammar-csp-'));
      const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, userDataDir: join(dir, 'profile') });
      try {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
        await page.goto(`${origin}/`);
        await check(await results, problems);
      } finally {
        await browser.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('dist/lite/lite.cjs and the CommonJS main where code generation from strings is disallowed', () => {
    before(() => {
      for (const f of [LITE, MAIN]) if (!existsSync(f)) throw new Error(`${f} is missing: run npm run build (npm ci runs it)`);
    });

    /** The answers of the module `file` in a process of `node --disallow-code-generation-from-strings`, and whether that process refused `new Function`. */
    function inProcess(file: string, cases: Cases): { answers: Answers; control: string } {
      const script = `
        const lib = require(${JSON.stringify(file)});
        const answers = (${answer.toString()})(lib, ${JSON.stringify(cases)});
        let control = 'not refused';
        try { new Function('return 1'); } catch (e) { control = e.name; }
        process.stdout.write(JSON.stringify({ answers, control }));`;
      return JSON.parse(execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], { encoding: 'utf8' }));
    }

    for (const [name, file, cases, answers] of [
      ['lite (no IDNA function: ASCII hosts)', LITE, ASCII_CASES, expectedASCII],
      ['the CommonJS main', MAIN, CASES, expected],
    ] as const) {
      it(`${name} under node --disallow-code-generation-from-strings`, () => {
        const got = inProcess(file, cases);
        expect(got.control, 'the flag is in force').to.equal('EvalError');
        expect(got.answers).to.deep.equal(answers);
      });
    }

    it('lite (ASCII hosts) in a vm context without code generation from strings, every module it requires evaluated there', () => {
      const context = vm.createContext({ TextDecoder, TextEncoder }, { codeGeneration: { strings: false, wasm: false } });
      const modules = new Map<string, { exports: unknown }>();
      // CommonJS, as small as lite needs: each file compiled in the context, its requires resolved as Node would
      const load = (file: string): unknown => {
        const known = modules.get(file);
        if (known) return known.exports;
        const module = { exports: {} as unknown };
        modules.set(file, module);
        if (file.endsWith('.json')) module.exports = JSON.parse(readFileSync(file, 'utf8'));
        else {
          const fn = vm.compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { parsingContext: context, filename: file });
          const resolve = createRequire(file).resolve;
          fn(module.exports, (spec: string) => load(resolve(spec)), module, file, dirname(file));
        }
        return module.exports;
      };
      const lib = load(LITE) as Lib;
      const run = vm.runInContext(`(${answer.toString()})`, context) as typeof answer;
      expect(JSON.parse(JSON.stringify(run(lib, ASCII_CASES)))).to.deep.equal(expectedASCII);
      expect(() => vm.runInContext("new Function('return 1')", context), 'the context refuses it').to.throw();
      expect([...modules.keys()].some((f) => f.includes(join('dist', 'src', 'grammar', 'generated'))), 'the generated matchers were loaded there').to.equal(true);
    });
  });
});
