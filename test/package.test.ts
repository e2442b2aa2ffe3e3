// The built package: `require('url-grammar')` and `import` both work from dist/, with types.
// (npm ci / npm install run the `prepare` script, which builds dist/.)

import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

  it('ships the MIT LICENSE, and the WPT data with its BSD license beside it', () => {
    expect(pkg.license).to.equal('MIT');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).to.match(/^MIT License\n\nCopyright \(c\) \d{4} /);
    const wptLicense = readFileSync(join(root, 'test', 'wpt', 'LICENSE.md'), 'utf8');
    expect(wptLicense).to.contain('# The 3-Clause BSD License');
    expect(wptLicense).to.contain('web-platform-tests contributors');
    // npm pack's file list (without running the prepare script): wherever WPT data goes, its license goes too
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    ) as Array<{ files: Array<{ path: string }> }>;
    const paths = packed[0].files.map((f) => f.path);
    expect(paths).to.include('LICENSE');
    if (paths.some((p) => p.startsWith('test/wpt/') && p.endsWith('.json'))) expect(paths).to.include('test/wpt/LICENSE.md');
  });
});
