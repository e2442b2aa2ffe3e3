// The browser bundles and the light entry point, built with esbuild after tsc (npm run build).
//
//   dist/browser/url-grammar.js        the whole library as one minified ES module for browsers
//   dist/browser/url-grammar-lite.js   the same without tr46 (src/lite.ts), minified
//   dist/lite/lite.mjs, lite.cjs       url-grammar/lite for package.json's exports (import, require)
//   dist/browser/*.meta.json           esbuild's metafiles: which input went into which bundle
//
// The light builds put src/semantic/idna-lite.ts in the place of src/semantic/idna.ts (the one
// module that reaches tr46), so they hold no IDNA table; `buildAll` checks their metafiles for that.
//
// Why esbuild: measured against rollup 4.68.5 on the same full bundle (2026-11-22, a loaded 2-core
// machine), rollup needed tsc's output plus four plugins (node-resolve, commonjs for tr46 and
// railroad-diagrams, json, terser) and took 18.6 s for 716 kB minified (255 kB gzipped); esbuild
// reads the TypeScript and CommonJS itself and took 0.6 s for 706 kB (248 kB), and its metafile
// says which input went into which bundle, which the lite build's check needs.
'use strict';
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..');
const IDNA = path.join(ROOT, 'src', 'semantic', 'idna.ts');
const IDNA_LITE = path.join(ROOT, 'src', 'semantic', 'idna-lite.ts');

/** An esbuild plugin that resolves src/semantic/idna.ts to src/semantic/idna-lite.ts. */
const liteIDNA = {
  name: 'url-grammar-lite-idna',
  setup(build) {
    build.onResolve({ filter: /(^|\/)idna$/ }, (args) => {
      const target = path.resolve(args.resolveDir, `${args.path}.ts`);
      return target === IDNA ? { path: IDNA_LITE } : undefined;
    });
  },
};

/** The inputs of a metafile that come from tr46 (none may be in a light bundle). */
function tr46Inputs(metafile) {
  return Object.keys(metafile.inputs).filter((p) => /(^|\/)node_modules\/tr46\//.test(p) || p.endsWith('src/semantic/idna.ts'));
}

/** esbuild options for one bundle. */
function options(entry, { lite = false, format = 'esm', minify = true, outfile } = {}) {
  return {
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform: 'browser',
    format,
    target: 'es2022',
    minify,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
    plugins: lite ? [liteIDNA] : [],
    ...(outfile ? { outfile: path.join(ROOT, outfile) } : { write: false, outdir: path.join(ROOT, 'dist', 'out') }),
  };
}

async function buildAll() {
  const outputs = [
    { entry: 'src/index.ts', outfile: 'dist/browser/url-grammar.js' },
    { entry: 'src/lite.ts', outfile: 'dist/browser/url-grammar-lite.js', lite: true },
    { entry: 'src/lite.ts', outfile: 'dist/lite/lite.mjs', lite: true, minify: false },
    { entry: 'src/lite.ts', outfile: 'dist/lite/lite.cjs', lite: true, minify: false, format: 'cjs' },
  ];
  for (const o of outputs) {
    const result = await esbuild.build(options(o.entry, o));
    const meta = path.join(ROOT, o.outfile.replace(/\.(m?js|cjs)$/, '.meta.json'));
    fs.writeFileSync(meta, JSON.stringify(result.metafile));
    if (o.lite) {
      const found = tr46Inputs(result.metafile);
      if (found.length) throw new Error(`${o.outfile} holds tr46: ${found.join(', ')}`);
    }
  }
  // url-grammar/lite's types: the light entry's declarations, which tsc wrote
  fs.writeFileSync(path.join(ROOT, 'dist', 'lite', 'lite.d.ts'), "export * from '../src/lite';\n");
}

module.exports = { options, liteIDNA, tr46Inputs, buildAll };

if (require.main === module) {
  buildAll().catch((e) => {
    console.error(`build-bundles: ${e.message}`);
    process.exit(1);
  });
}
