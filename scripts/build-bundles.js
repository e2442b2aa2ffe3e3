// The bundles, built with esbuild after the compile and the generated matchers (npm run build:core):
//
//   dist/browser/url-grammar.mjs   url-grammar/browser: the core as one ES module, for browsers and
//                                  bundlers (no Node built-in in it), with url-grammar.d.mts
//   dist/lite/lite.cjs             url-grammar/lite: the core without tr46's IDNA tables, one
//                                  CommonJS module that `require` and `import` both load (one
//                                  instance, so one configure() for both), with lite.d.ts
//
// The light build puts src/semantic/idna-lite.ts in the place of src/semantic/idna.ts (the one
// module that reaches tr46), so it holds no IDNA table; `buildAll` checks its metafile for that.
// It holds only the modules that reach the IDNA step (they must import idna-lite instead): every
// other module of the core, the generated matchers among them, it requires from dist/src and
// dist/grammar, which the package installs anyway (sharedOutsideLite). The package then carries
// those modules once instead of twice; a program that loads both builds shares them (they hold
// no state of either build's: grammars, the generator and its caches, the matchers, the URL
// search parameters, the encoders).
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

/**
 * The core's modules (under src/ and grammar/) that the light bundle requires from dist/ instead of
 * holding: those from which no import, static or lazy, leads to src/semantic/idna-lite.ts, as the
 * light bundle's own metafile `metafile` (built with every module in it) says.
 */
function sharedOutsideLite(metafile) {
  const reaches = new Map();
  const reachesIDNA = (file) => {
    if (reaches.has(file)) return reaches.get(file);
    reaches.set(file, false); // (a cycle does not reach it through itself)
    const found = file.endsWith('src/semantic/idna-lite.ts') || (metafile.inputs[file]?.imports ?? []).some((i) => !i.external && reachesIDNA(i.path));
    reaches.set(file, found);
    return found;
  };
  return new Set(Object.keys(metafile.inputs).filter((f) => /^(src|grammar)\//.test(f) && !reachesIDNA(f)));
}

/** An esbuild plugin that leaves the modules of `shared` (paths relative to ROOT) to be required from dist/, relative to dist/lite/. */
function requireFromDist(shared) {
  return {
    name: 'url-grammar-lite-shared',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const base = path.resolve(args.resolveDir, args.path);
        for (const candidate of [base, `${base}.ts`, `${base}.js`]) {
          const rel = path.relative(ROOT, candidate).split(path.sep).join('/');
          if (!shared.has(rel)) continue;
          // dist/lite/lite.cjs -> dist/<the module's path, as .js>
          return { path: `../${rel.replace(/\.ts$/, '.js')}`, external: true };
        }
        return undefined;
      });
    },
  };
}

/** The inputs of a metafile that come from tr46 (none may be in a light bundle). */
function tr46Inputs(metafile) {
  return Object.keys(metafile.inputs).filter((p) => /(^|\/)node_modules\/tr46\//.test(p) || p.endsWith('src/semantic/idna.ts'));
}

/** esbuild options for one bundle. */
function options(entry, { lite = false, format = 'esm', minify = true, outfile, platform = 'browser', packages, plugins = [] } = {}) {
  return {
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform,
    format,
    target: 'es2022',
    // 'names kept': whitespace and syntax only, so a stack trace still names the functions
    ...(minify === 'names kept' ? { minifyWhitespace: true, minifySyntax: true } : { minify }),
    legalComments: 'none',
    // non-ASCII text as UTF-8, not \u escapes (tr46's tables hold much of it): an ES module is
    // always read as UTF-8 in a browser, and Node reads both bundles so; 21 kB less in the browser's
    charset: 'utf8',
    metafile: true,
    logLevel: 'silent',
    external: ['tldts'],
    ...(packages ? { packages } : {}),
    plugins: [...(lite ? [liteIDNA] : []), ...plugins],
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
    if (o.lite) {
      // first with every module in it, to learn which ones reach the IDNA step
      const whole = await esbuild.build(options(o.entry, { ...o, outfile: undefined }));
      o.plugins = [requireFromDist(sharedOutsideLite(whole.metafile))];
    }
    const result = await esbuild.build(options(o.entry, o));
    if (o.lite) {
      const found = tr46Inputs(result.metafile);
      if (found.length) throw new Error(`${o.outfile} holds tr46: ${found.join(', ')}`);
    }
  }
  // the bundles' types: the entries' declarations, which tsc wrote
  fs.writeFileSync(path.join(ROOT, 'dist', 'lite', 'lite.d.ts'), "export * from '../src/lite';\n");
  fs.writeFileSync(path.join(ROOT, 'dist', 'browser', 'url-grammar.d.mts'), "export * from '../src/index.js';\n");
  for (const file of declarationsNoEntryReaches()) fs.rmSync(file);
}

/**
 * The declaration files under dist/ that no type of the package's entry points (package.json's
 * exports) reaches, however indirectly: those of modules only other modules use (the generator's
 * parts, the pass, the IDNA tables' module, ...). They would take room in every install and say
 * nothing to a program that imports the package, which only reaches what the exports name.
 */
function declarationsNoEntryReaches() {
  const dist = path.join(ROOT, 'dist');
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const entries = [];
  (function collect(v) {
    if (typeof v === 'string') {
      if (/\.d\.m?ts$/.test(v)) entries.push(path.join(ROOT, v));
    } else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) collect(x);
  })([pkg.types, pkg.exports]);
  const reached = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file) || !fs.existsSync(file)) continue;
    reached.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = path.resolve(path.dirname(file), (m[1] ?? m[2]).replace(/\.js$/, ''));
      queue.push(target + '.d.ts', path.join(target, 'index.d.ts'));
    }
  }
  const unreached = [];
  (function walk(dir) {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.d.ts') && !reached.has(file)) unreached.push(file);
    }
  })(dist);
  return unreached;
}

module.exports = { options, liteIDNA, tr46Inputs, sharedOutsideLite, requireFromDist, buildAll };

if (require.main === module) {
  buildAll().catch((e) => {
    console.error(`build-bundles: ${e.message}`);
    process.exit(1);
  });
}
