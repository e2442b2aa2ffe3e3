// The bundles, built with esbuild after tsc (npm run build:core):
//
//   dist/browser/url-grammar.mjs   url-grammar/browser: the core as one ES module, for browsers and
//                                  bundlers (no Node built-in in it), with url-grammar.d.mts
//   dist/lite/lite.cjs             url-grammar/lite: the core without tr46's IDNA tables, one
//                                  CommonJS module that `require` and `import` both load (one
//                                  instance, so one configure() for both), with lite.d.ts
//
// The light build puts src/semantic/idna-lite.ts in the place of src/semantic/idna.ts (the one
// module that reaches tr46), so it holds no IDNA table; `buildAll` checks its metafile for that.
// tldts stays outside both: the core looks for it at run time (src/api/public-suffix.ts), and a
// bundle gets its list from configurePublicSuffixList.
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
function options(entry, { lite = false, format = 'esm', minify = true, outfile, platform = 'browser', packages } = {}) {
  return {
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform,
    format,
    target: 'es2022',
    // 'names kept': whitespace and syntax only, so a stack trace still names the functions
    ...(minify === 'names kept' ? { minifyWhitespace: true, minifySyntax: true } : { minify }),
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
    external: ['tldts'],
    ...(packages ? { packages } : {}),
    plugins: lite ? [liteIDNA] : [],
    ...(outfile ? { outfile: path.join(ROOT, outfile) } : { write: false, outdir: path.join(ROOT, 'dist', 'out') }),
  };
}

async function buildAll() {
  const outputs = [
    // everything in one file, dependencies included: a page can load it as it is
    { entry: 'src/index.ts', outfile: 'dist/browser/url-grammar.mjs' },
    // platform node: esbuild then writes the export names where Node's CommonJS lexer finds them,
    // so that `import { URL } from 'url-grammar/lite'` works. The dependencies (parsimmon,
    // railroad-diagrams, @exodus/bytes) stay packages of their own, as the core's modules load
    // them; a program's bundler bundles them with it.
    { entry: 'src/lite.ts', outfile: 'dist/lite/lite.cjs', lite: true, minify: 'names kept', format: 'cjs', platform: 'node', packages: 'external' },
  ];
  for (const o of outputs) {
    const result = await esbuild.build(options(o.entry, o));
    if (o.lite) {
      const found = tr46Inputs(result.metafile);
      if (found.length) throw new Error(`${o.outfile} holds tr46: ${found.join(', ')}`);
    }
  }
  // the bundles' types: the entries' declarations, which tsc wrote
  fs.writeFileSync(path.join(ROOT, 'dist', 'lite', 'lite.d.ts'), "export * from '../src/lite';\n");
  fs.writeFileSync(path.join(ROOT, 'dist', 'browser', 'url-grammar.d.mts'), "export * from '../src/index.js';\n");
}

module.exports = { options, liteIDNA, tr46Inputs, buildAll };

if (require.main === module) {
  buildAll().catch((e) => {
    console.error(`build-bundles: ${e.message}`);
    process.exit(1);
  });
}
