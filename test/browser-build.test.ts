// The core runs in browsers (DESIGN.md): no module outside src/cli/ and src/cli.ts may
// import a Node built-in. esbuild bundles every core module for `platform: 'browser'`, where an
// import of `fs`, `node:path`, ... is an error; the test fails on any such error, and checks the
// bundle's inputs for built-ins as well (in case a later esbuild only warned).

import { expect } from 'chai';
import { build } from 'esbuild';
import { readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');

/** Every TypeScript module of the core: src/ and grammar/, less the CLI and the file-reading tools. */
function coreModules(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      const rel = relative(ROOT, file).split('\\').join('/');
      if (rel === 'src/cli' || rel === 'src/cli.ts') continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(file);
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'grammar'));
  return out.sort();
}

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe('browser build: the core imports no Node built-in', function () {
  this.timeout(60_000);

  it('finds the core modules', () => {
    const modules = coreModules().map((f) => relative(ROOT, f).split('\\').join('/'));
    expect(modules).to.include.members(['src/index.ts', 'src/parse.ts', 'src/grammar/railroad.ts', 'src/semantic/host.ts', 'src/check/explain.ts']);
    expect(modules.some((m) => m.startsWith('src/cli'))).to.equal(false);
  });

  it('every core module bundles for platform browser', async () => {
    const result = await build({
      entryPoints: coreModules(),
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      outdir: 'out',
      metafile: true,
      logLevel: 'silent',
    }).catch((e: { errors?: { text: string; location?: { file: string; line: number } | null }[] }) => {
      const errors = (e.errors ?? []).map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
      throw new Error(`the core does not bundle for browsers:\n${errors.join('\n') || String(e)}`);
    });
    expect(result.errors).to.deep.equal([]);
    const imported = new Set<string>();
    for (const input of Object.values(result.metafile.inputs)) for (const i of input.imports) imported.add(i.path);
    expect([...imported].filter((p) => BUILTINS.has(p))).to.deep.equal([]);
  });

  it('would catch a core module that imports a Node built-in', async () => {
    let failed = false;
    await build({
      stdin: { contents: "import { readFileSync } from 'node:fs'; export const f = readFileSync;", resolveDir: join(ROOT, 'src'), loader: 'ts' },
      bundle: true,
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    }).catch(() => {
      failed = true;
    });
    expect(failed).to.equal(true);
  });
});
