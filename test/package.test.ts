// The built package: `require('url-grammar')` and `import` both work from dist/, with types.
// (npm ci / npm install run the `prepare` script, which builds dist/.)

import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mainAsync, setToolLoader, TOOL_COMMANDS } from '../src/cli';
import { captureIO, runCli } from './support/cli';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const sizes = require('../bench/package-size.js');
const { PACKAGES } = sizes as { PACKAGES: Array<{ dir: string }> };
// each package packed once for the run (with test/package-metadata.test.ts)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { packed } = require('./support/packed') as { packed: (dir: string) => { files: string[]; unpackedSize: number; filename: string } };

const root = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('package', () => {
  before(function () {
    if (!existsSync(join(root, pkg.main))) {
      throw new Error(`${pkg.main} is missing: run npm install (its prepare script builds dist/)`);
    }
  });

  it('require("url-grammar") resolves to the built entry and parses', () => {
    const out = execFileSync(process.execPath, ['-e', "const u = require('url-grammar'); process.stdout.write(JSON.stringify([require.resolve('url-grammar'), new u.URL('HTTP://EXAMPLE.com/a/../b').href, Object.keys(u).sort()]))"], { cwd: root, encoding: 'utf8' });
    const [resolved, href, keys] = JSON.parse(out);
    expect(resolved).to.equal(join(root, pkg.main));
    expect(href).to.equal('http://example.com/b');
    expect(keys).to.include.members(['URL', 'URLSearchParams', 'parseURL', 'basicURLParse', 'serializeURL', 'serializeHost', 'serializePath', 'serializeURLOrigin', 'parseHost', 'domainToASCII', 'domainToUnicode', 'parseToRecord', 'parseWithDiagnostics']);
  });

  it('import from "url-grammar" gives the same named exports', () => {
    const script = "import * as m from 'url-grammar'; import { createRequire } from 'node:module'; const c = createRequire(import.meta.url)('url-grammar'); const missing = Object.keys(c).filter((k) => !(k in m)); process.stdout.write(JSON.stringify({ missing, href: new m.URL('a', 'https://x/y/z').href }));";
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
    expect(out.missing).to.deep.equal([]);
    expect(out.href).to.equal('https://x/y/a');
  });

  it('ships type declarations next to the entry point', () => {
    expect(pkg.types).to.equal(pkg.main.replace(/\.js$/, '.d.ts'));
    const dts = readFileSync(join(root, pkg.types), 'utf8');
    expect(dts).to.match(/parseURL/);
    expect(dts).to.match(/URLSearchParams/);
  });

  it('has a bin that runs', () => {
    const out = execFileSync(process.execPath, [join(root, pkg.bin['url-grammar']), 'parse', 'https://example.com/?a b', '--json'], { encoding: 'utf8' });
    expect(JSON.parse(out).components.search).to.equal('?a%20b');
  });

  it("engines.node is what every runtime dependency's own engines field allows, no more and no less", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const semver = require('semver') as {
      subset(sub: string, sup: string): boolean;
      satisfies(version: string, range: string): boolean;
    };
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
    };
    const ours: string = pkg.engines.node;
    // every package installed for a runtime dependency (the lockfile marks development-only ones dev)
    const runtime = Object.entries(lock.packages).filter(([path, p]) => path.startsWith('node_modules/') && !p.dev);
    expect(runtime.map(([path]) => path)).to.include('node_modules/tr46');
    const ranges = runtime.filter(([, p]) => p.engines?.node !== undefined).map(([path, p]) => [path, p.engines!.node!] as const);
    for (const [path, range] of ranges) expect(semver.subset(ours, range), `${ours} within ${path}'s ${range}`).to.equal(true);
    // not narrower than needed: every Node version all of them accept, ours accepts
    for (let major = 16; major <= 30; major++) {
      for (let minor = 0; minor <= 40; minor++) {
        const version = `${major}.${minor}.0`;
        if (ranges.every(([, range]) => semver.satisfies(version, range))) expect(semver.satisfies(version, ours), version).to.equal(true);
      }
    }
  });

  it('ships the MIT LICENSE, and the WPT data with its BSD license beside it @packaging', () => {
    expect(pkg.license).to.equal('MIT');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).to.match(/^MIT License\n\nCopyright \(c\) \d{4} /);
    const wptLicense = readFileSync(join(root, 'test', 'wpt', 'LICENSE.md'), 'utf8');
    expect(wptLicense).to.contain('# The 3-Clause BSD License');
    expect(wptLicense).to.contain('web-platform-tests contributors');
    // npm pack's file list (without running the prepare script): wherever WPT data goes, its license goes too
    const paths = packed('.').files;
    expect(paths).to.include('LICENSE');
    if (paths.some((p) => p.startsWith('test/wpt/') && p.endsWith('.json'))) expect(paths).to.include('test/wpt/LICENSE.md');
  });
});

describe('package: what an installed url-grammar is @packaging', function () {
  this.timeout(300_000);

  it('ships what users run: no TypeScript sources, source maps, metafiles, pictures or adapters in any tarball', () => {
    for (const { dir } of PACKAGES) {
      const { files } = packed(dir);
      const bad = files.filter((f: string) => /\.map$|\.meta\.json$|\.(png|jpe?g|svg)$|(^|\/)adapters\/.*\.(java|go|c)$/.test(f) || (/\.ts$/.test(f) && !/\.d\.(m|c)?ts$/.test(f)));
      // the compare package's adapters are what it runs (other languages' sources it compiles on demand)
      expect(bad.filter((f: string) => !(dir === 'packages/compare' && f.startsWith('adapters/'))), dir).to.deep.equal([]);
    }
  });

  it('the core installed with --omit=dev: at most 2.5 MB and 6 packages, none of the tools\' dependencies', () => {
    const core = sizes.offlineClosure('.', packed);
    expect(core.bytes).to.be.at.most(2.5e6);
    expect(core.packages).to.be.at.most(6);
    expect(core.names.sort()).to.deep.equal(['@exodus/bytes', 'parsimmon', 'punycode', 'railroad-diagrams', 'tr46', 'url-grammar']);
    // and a tool brings its own: the lint package's closure holds micromark, the core's does not
    expect(sizes.offlineClosure('packages/lint', packed).names).to.include.members(['micromark', 'parse5', 'url-grammar']);
  });

  it('the build builds every package under packages/, each after the workspace packages it depends on', () => {
    const script: string = pkg.scripts['build:packages'];
    const order = [...script.matchAll(/--workspace=(packages\/[a-z-]+)/g)].map((m) => m[1]);
    const dirs = readdirSync(join(root, 'packages')).filter((d) => existsSync(join(root, 'packages', d, 'package.json'))).map((d) => `packages/${d}`);
    expect([...order].sort()).to.deep.equal(dirs.sort());
    // npm runs one --workspace list in its own order: a package that needs another is in a later command
    const step = (dir: string) => script.split('&&').findIndex((part) => part.includes(`--workspace=${dir}`));
    for (const dir of dirs) {
      const deps = Object.keys(JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).dependencies ?? {});
      for (const d of dirs) {
        const name = JSON.parse(readFileSync(join(root, d, 'package.json'), 'utf8')).name;
        if (deps.includes(name)) expect(step(d), `${d} is built before ${dir}`).to.be.lessThan(step(dir));
      }
    }
  });

  it('every package depends on the core by its version', () => {
    for (const { dir } of PACKAGES.filter((p: { dir: string }) => p.dir !== '.')) {
      const p = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      expect(p.dependencies['url-grammar'], dir).to.equal(pkg.version);
      expect(p.version, dir).to.equal(pkg.version);
    }
  });

  it('attw: no problem for any entry of any package under node10, node16 (CJS and ESM) and bundler', () => {
    const attw = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    for (const { dir } of PACKAGES) {
      // the tarball packed once for the run (attw --pack would pack it again)
      const r = spawnSync(process.execPath, [attw, packed(dir).filename, '--format', 'json'], { cwd: join(root, dir), encoding: 'utf8' });
      const report = JSON.parse(r.stdout) as { analysis: { problems: unknown[]; entrypoints: Record<string, unknown> } };
      expect(Object.keys(report.analysis.entrypoints).length, dir).to.be.greaterThan(1);
      expect(report.analysis.problems, `${dir}: ${JSON.stringify(report.analysis.problems).slice(0, 500)}`).to.deep.equal([]);
    }
  });

  it('url-grammar/browser resolves for import (the ES module) and require (the CommonJS main), and gives the URL API', () => {
    const script = "import * as m from 'url-grammar/browser'; import { createRequire } from 'node:module'; const r = createRequire(import.meta.url); process.stdout.write(JSON.stringify({ href: new m.URL('HTTP://A/b/../c').href, file: import.meta.resolve('url-grammar/browser'), cjs: r.resolve('url-grammar/browser') }));";
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
    expect(out.href).to.equal('http://a/c');
    expect(out.file).to.match(/dist\/browser\/url-grammar\.mjs$/);
    expect(out.cjs).to.equal(join(root, pkg.main));
    const text = readFileSync(join(root, 'dist', 'browser', 'url-grammar.mjs'), 'utf8');
    // one file a page can load: no import of anything else
    expect(text).to.not.match(/\bfrom\s*["'][^"']+["']|\bimport\s*\(/);
  });

  it('require("url-grammar") loads the parser only: no diagrams, parsimmon, legacy encodings, IDNA tables or Public Suffix List until asked', () => {
    const script =
      "const u = require('url-grammar'); new u.URL('https://example.com/a').href; const loaded = () => Object.keys(require.cache).map((f) => f.replace(/\\\\/g, '/'));" +
      "const before = loaded(); u.ruleToSVG(u.URL_GRAMMAR, 'url'); u.parseURL('https://h/?\\u00e9', { encoding: 'windows-1252' }); new u.URL('https://\\u00fc.example/'); u.hostPublicSuffix('a.co.uk');" +
      "process.stdout.write(JSON.stringify({ before, after: loaded() }));";
    const { before, after } = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as { before: string[]; after: string[] };
    const heavy = ['/railroad-diagrams/', '/parsimmon/', '/@exodus/bytes/', '/tr46/', '/tldts/', '/grammar/railroad.js', '/check/writing.js'];
    expect(heavy.filter((h) => before.some((f) => f.includes(h)))).to.deep.equal([]);
    // and each loads when its function is first called
    expect(heavy.filter((h) => !h.includes('writing') && !after.some((f) => f.includes(h)))).to.deep.equal([]);
  });
});

describe('package: the command line finds the tools in their packages', () => {
  it('a tool whose package is not installed: one line naming the package to install, exit 2', async () => {
    const previous = setToolLoader((specifier) => {
      const e = new Error(`Cannot find module '${specifier}'`) as Error & { code: string };
      e.code = 'MODULE_NOT_FOUND';
      throw e;
    });
    try {
      for (const [name, tool] of Object.entries(TOOL_COMMANDS)) {
        const { io, err } = captureIO();
        const code = await mainAsync([name, '--help'], io);
        expect(code, name).to.equal(2);
        expect(err(), name).to.equal(`error: "url-grammar ${name}" is in the package ${tool.package}, which is not installed: npm install ${tool.package}\n`);
      }
      expect(runCli(['--help']).out).to.include('(not installed: npm install @url-grammar/lint)');
    } finally {
      setToolLoader(previous);
    }
  });

  it('from the repository root, npx url-grammar runs every command, the tools\' through their packages', () => {
    const bin = join(root, pkg.bin['url-grammar']);
    for (const [args, expected] of [
      [['parse', 'https://a/', '--json'], /"href": "https:\/\/a\/"/],
      [['check', 'https://a/'], /verdict/],
      [['render', 'https://a/'], /rendered/],
      [['diagram', '--format', 'ebnf'], /::=/],
      [['lint', '--help'], /Usage: url-grammar lint/],
      [['compare', '--help'], /Usage: url-grammar compare/],
      [['viewer'], /^file:.*index\.html/],
      [['coverage', '--help'], /Usage: url-grammar coverage/],
      [['lsp', '--help'], /Usage: url-grammar lsp/],
    ] as Array<[string[], RegExp]>) {
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
      expect(r.status, args.join(' ') + r.stderr).to.equal(0);
      expect(r.stdout, args.join(' ')).to.match(expected);
    }
  });
});
