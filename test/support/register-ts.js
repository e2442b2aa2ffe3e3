// TypeScript for the tests, and for the sources they load: each .ts file is compiled as it is
// required by TypeScript's own transpileModule (types removed, not checked: tsc checks them) with
// the root tsconfig.json's compiler options, so it does what tsc's output in dist/ does, and with
// an inline source map, so that a stack trace names the lines of the .ts file. mocha requires it
// (.mocharc.json), and so do the tests' own child processes (node -r). JavaScript files are left
// as they are.
//
// Each compiled file is kept in node_modules/.cache/url-grammar-ts, under a hash of the compiler's
// version, the options, the file's path and its text; TypeScript itself is loaded only for a file
// not found there. Loading it costs 1.5 s of CPU in each process (what ts-node, which mocha used
// before, paid in mocha and in every child a test starts); the children find every file mocha's
// run compiled already.
//
// Why not a faster compiler: esbuild makes each export a getter (a test replaces one to count the
// calls through it) and keeps import() (which then finds no .ts file); sucrase lets `export *`
// claim a name the module exports itself (src/lite.ts's parseWithDiagnostics), then fails to
// assign it; esbuild-register puts a line before a file's "use strict", which then no longer applies.
'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'url-grammar-ts');
const TSCONFIG = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
const COMPILER_OPTIONS = {
  ...JSON.parse(TSCONFIG).compilerOptions,
  // one file at a time, to CommonJS, with its map inside it; nothing else written
  isolatedModules: true,
  module: 'commonjs',
  sourceMap: false,
  inlineSourceMap: true,
  inlineSources: false,
  declaration: false,
  noEmit: false,
};
const TYPESCRIPT_VERSION = require('typescript/package.json').version;

let typescript = null;

function compile(source, filename) {
  const key = createHash('sha256').update(`${TYPESCRIPT_VERSION}\0${JSON.stringify(COMPILER_OPTIONS)}\0${filename}\0`).update(source).digest('hex');
  const cached = join(CACHE, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    // not compiled yet
  }
  typescript ??= require('typescript');
  const { outputText } = typescript.transpileModule(source, { compilerOptions: COMPILER_OPTIONS, fileName: filename });
  try {
    // written whole under another name, then renamed: a process reading it at once sees all or nothing
    mkdirSync(CACHE, { recursive: true });
    const part = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(part, outputText);
    renameSync(part, cached);
  } catch {
    // a cache that cannot be written only costs the next process the compilation
  }
  return outputText;
}

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  module._compile(compile(readFileSync(filename, 'utf8'), filename), filename);
};
process.setSourceMapsEnabled(true);
