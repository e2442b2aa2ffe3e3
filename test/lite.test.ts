// url-grammar/lite: the same parser without tr46, domain to ASCII supplied by the caller.
//
// - through package.json's exports (require and import) it is the built bundle, and that bundle
//   holds no tr46 module (its esbuild metafile);
// - every WPT urltestdata case whose hosts need no IDNA gives, through the lite entry with no IDNA
//   function, the same components and the same validation errors as the full build;
// - with tr46 supplied as the caller's function, every WPT case and toascii.json case passes;
// - without it, a host that needs IDNA gets a domain-to-ASCII error whose message names the reason;
// - the lite's own ToASCII of ASCII domains (no table needed) agrees with tr46 on generated input.

import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import * as full from '../src/index';
import { domainParserToASCII as tr46ToASCII, unicodeToUnicode as tr46ToUnicode } from '../src/semantic/idna';
import * as liteIDNA from '../src/semantic/idna-lite';
import { loadCases, type UrlTest } from './support/wpt';

const root = join(__dirname, '..');
type Lite = typeof import('../src/lite');
const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** Whether a string's host (as the grammar finds it, percent-decoded) needs IDNA: non-ASCII, or an xn-- label. */
function hostNeedsIDNA(input: string, base: string | null): boolean {
  const needs = (text: string) => /[^\u0000-\u007f]|(^|\.)xn--/i.test(text);
  const d = full.parseWithDiagnostics(input, base === null ? {} : { baseURL: base });
  const host = d.record?.host?.text;
  if (host === undefined) return d.url === null && needs(input);
  // percent-decode, then UTF-8 decode with replacement (as the host parser does)
  const bytes: number[] = [];
  for (let i = 0; i < host.length; i++) {
    if (host[i] === '%' && /^[0-9a-f]{2}$/i.test(host.slice(i + 1, i + 3))) {
      bytes.push(parseInt(host.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(host[i]));
  }
  return needs(host) || needs(new TextDecoder().decode(new Uint8Array(bytes)));
}

describe('url-grammar/lite', function () {
  this.timeout(60_000);
  let lite: Lite;

  before(function () {
    const cjs = join(root, 'dist', 'lite', 'lite.cjs');
    if (!existsSync(cjs)) throw new Error('dist/lite/lite.cjs is missing: run npm run build (npm ci runs it)');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    lite = require(cjs) as Lite;
  });

  afterEach(() => lite.configure({ idna: null, idnaToUnicode: null }));

  it('package.json exports ./lite as one CommonJS module with types, which import and require both load', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const entry = pkg.exports['./lite'];
    expect(entry).to.have.keys(['types', 'default']);
    for (const f of Object.values(entry) as string[]) expect(existsSync(join(root, f)), f).to.equal(true);
    const script =
      "import * as m from 'url-grammar/lite'; import { createRequire } from 'node:module'; const r = createRequire(import.meta.url); const c = r('url-grammar/lite');" +
      "const missing = Object.keys(r('url-grammar')).filter((k) => !(k in m) || !(k in c));" +
      "let t = null; try { new m.URL('https://ü.example/'); } catch (e) { t = e.constructor.name; }" +
      // one instance: what configure() does through import, require sees, and the classes are the same
      "m.configure({ idna: (d) => d === 'ü.example' ? 'xn--tda.example' : null }); const configured = c.URL.parse('https://ü.example/')?.host ?? null; m.configure({ idna: null });" +
      "const same = new m.URL('https://a/') instanceof c.URL && m.URL === c.URL;" +
      "process.stdout.write(JSON.stringify({ missing, resolved: r.resolve('url-grammar/lite'), href: new m.URL('a', 'https://x/y/z').href, cjs: new c.URL('HTTP://X.org/%7e').href, t, configure: typeof m.configure, configured, same }));";
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
    expect(out.missing).to.deep.equal([]);
    expect(out.resolved).to.equal(join(root, entry.default));
    expect(out.href).to.equal('https://x/y/a');
    expect(out.cjs).to.equal('http://x.org/%7e');
    expect(out.t).to.equal('TypeError');
    expect(out.configure).to.equal('function');
    expect(out.configured).to.equal('xn--tda.example');
    expect(out.same).to.equal(true);
    const dts = readFileSync(join(root, entry.types), 'utf8') + readFileSync(join(root, 'dist', 'src', 'lite.d.ts'), 'utf8');
    expect(dts).to.match(/configure/).and.to.match(/IDNAOptions/);
  });

  it('the lite bundle holds no tr46, and a program that bundles it gets none either; the full entry does', async () => {
    const text = readFileSync(join(root, 'dist', 'lite', 'lite.cjs'), 'utf8');
    expect(text).not.to.match(/mappingTable|combiningClassVirama|require\("tr46/);
    // bundled as a program's bundler would: no input from tr46, idna-lite's code in, idna's out
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require('esbuild') as typeof import('esbuild');
    const bundle = async (entry: string) => {
      const r = await esbuild.build({ stdin: { contents: `export * from '${entry}';`, resolveDir: root, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent', external: ['tldts'] });
      return Object.keys(r.metafile.inputs);
    };
    const lite = await bundle('url-grammar/lite');
    expect(lite.filter((p) => p.includes('node_modules/tr46/'))).to.deep.equal([]);
    expect(text).to.include('no IDNA function was supplied');
    const whole = await bundle('url-grammar');
    expect(whole.some((p) => p.includes('node_modules/tr46/'))).to.equal(true);
  });

  describe('every WPT urltestdata case without IDNA, with no IDNA function', () => {
    const cases = loadCases('urltestdata.json');
    const plain = cases.filter((c) => !hostNeedsIDNA(c.input, c.base) && (c.base === null || !hostNeedsIDNA(c.base, null)));

    it('leaves out only the cases whose hosts need IDNA', () => {
      expect(plain.length).to.be.greaterThan(cases.length * 0.8);
      expect(plain.length).to.be.lessThan(cases.length);
    });

    it('gives the expected components, and the full build\'s validation errors and record', () => {
      const wrong: string[] = [];
      for (const c of plain) {
        const base = c.base === null ? undefined : c.base;
        const name = `${JSON.stringify(c.input)} against ${JSON.stringify(c.base)}`;
        const u = lite.URL.parse(c.input, base);
        if (c.failure) {
          if (u !== null) wrong.push(`${name}: parses, expected failure`);
        } else if (u === null) wrong.push(`${name}: fails`);
        else for (const g of GETTERS) if ((c as UrlTest & Record<string, unknown>)[g] !== undefined && u[g] !== (c as Record<string, unknown>)[g]) wrong.push(`${name}: ${g} ${u[g]}`);
        const opts = base === undefined ? {} : { baseURL: base };
        const a = lite.parseWithDiagnostics(c.input, opts);
        const b = full.parseWithDiagnostics(c.input, opts);
        if (JSON.stringify(a) !== JSON.stringify(b)) wrong.push(`${name}: diagnostics differ`);
        const ea = lite.explain(c.input, { baseURL: base });
        const eb = full.explain(c.input, { baseURL: base });
        if (JSON.stringify(ea) !== JSON.stringify(eb)) wrong.push(`${name}: explain differs`);
      }
      expect(wrong).to.deep.equal([]);
    });
  });

  it('with tr46 supplied as the caller\'s IDNA, every WPT urltestdata and toascii case passes', () => {
    lite.configure({ idna: tr46ToASCII, idnaToUnicode: (d, s) => { const r = tr46ToUnicode(d, s); return r.error ? null : r.domain; } });
    const wrong: string[] = [];
    for (const c of loadCases('urltestdata.json')) {
      const u = lite.URL.parse(c.input, c.base === null ? undefined : c.base);
      if (c.failure ? u !== null : u?.href !== c.href) wrong.push(`${JSON.stringify(c.input)}: ${u?.href}`);
    }
    const toascii = (JSON.parse(readFileSync(join(root, 'test', 'wpt', 'toascii.json'), 'utf8')) as unknown[]).filter(
      (c): c is { input: string; output: string | null } => typeof c === 'object' && c !== null,
    );
    expect(toascii.length).to.be.greaterThan(50);
    for (const c of toascii) {
      const u = lite.URL.parse(`https://${c.input}/x`);
      if ((u?.host ?? null) !== c.output) wrong.push(`toascii ${JSON.stringify(c.input)}: ${u?.host}`);
    }
    expect(wrong).to.deep.equal([]);
    expect(lite.domainToUnicode('xn--53h.example')).to.equal('☕.example');
  });

  it('without IDNA, a non-ASCII host fails with a domain-to-ASCII error that names the reason', () => {
    for (const input of ['https://ü.example/', 'https://xn--tda.example/', 'https://%C3%BC.example/']) {
      const d = lite.parseWithDiagnostics(input);
      const e = d.errors.find((x) => x.type === 'domain-to-ASCII');
      expect(e, input).to.not.equal(undefined);
      expect(e!.message).to.equal(lite.NO_IDNA_MESSAGE);
      expect(e!.message).to.match(/no IDNA function was supplied/);
      expect([e!.start, e!.end]).to.deep.equal([8, input.indexOf('/', 8)]);
      expect(lite.explain(input).errors.find((x) => x.type === 'domain-to-ASCII')!.message).to.equal(lite.NO_IDNA_MESSAGE);
    }
    expect(lite.parseURL('https://ü.example/')).to.equal(null);
    expect(() => new lite.URL('https://ü.example/')).to.throw(TypeError);
    // an ASCII domain is lowercased whatever ToASCII says (the standard's domain parser, step 5)
    expect(lite.parseURL('https://XN--TDA.example/')?.host).to.equal('xn--tda.example');
    // a domain-to-ASCII error the full build has too keeps the standard's message
    const hyphen = lite.parseWithDiagnostics('https://-a.example/').errors;
    expect(hyphen.map((e) => [e.type, e.message])).to.deep.equal(full.parseWithDiagnostics('https://-a.example/').errors.map((e) => [e.type, e.message]));
    expect(lite.domainToUnicode('xn--53h.example')).to.equal('xn--53h.example');
  });

  it("a caller's IDNA function that throws or returns a non-string is a failure, not an exception", () => {
    lite.configure({ idna: () => { throw new Error('boom'); } });
    expect(lite.parseURL('https://ü.example/')).to.equal(null);
    lite.configure({ idna: (() => 42) as unknown as (d: string) => string });
    expect(lite.parseURL('https://ü.example/')).to.equal(null);
    lite.configure({ idna: (d) => (d === 'ü.example' ? 'xn--tda.example' : null) });
    expect(lite.parseURL('https://ü.example/')?.host).to.equal('xn--tda.example');
  });

  it("the lite's ToASCII of ASCII domains agrees with tr46 (generated domains)", () => {
    const domain = fc.array(
      fc.oneof(
        fc.constantFrom('a', 'Z', '0', '-', '.', '_', ' ', '--', 'ab', 'x'.repeat(63), 'y'.repeat(64)),
        fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      ),
      { maxLength: 12 },
    ).map((parts) => parts.join(''));
    fc.assert(
      fc.property(domain, fc.boolean(), (d, strict) => {
        if (/(^|\.)xn--/i.test(d)) return;
        expect(liteIDNA.domainParserToASCII(d, strict), `${JSON.stringify(d)} ${strict}`).to.equal(tr46ToASCII(d, strict));
        const u = tr46ToUnicode(d, strict);
        const l = liteIDNA.unicodeToUnicode(d, strict);
        expect(l.error, JSON.stringify(d)).to.equal(u.error);
        if (!u.error) expect(l.domain, JSON.stringify(d)).to.equal(u.domain);
      }),
      { numRuns: 3000 },
    );
    // long domains: the DNS length limits
    for (const d of ['a.'.repeat(126) + 'a', 'a.'.repeat(127) + 'a', 'a.'.repeat(126) + 'ab', 'a.', '.a']) {
      expect(liteIDNA.domainParserToASCII(d, true), d.length.toString()).to.equal(tr46ToASCII(d, true));
    }
  });
});
