// TypeScript for the tests, and for the sources they load: each .ts file is compiled by esbuild as
// it is required (types stripped, not checked: tsc checks them), to CommonJS, in strict mode, with
// the root tsconfig.json's settings that change what code does (strict: "use strict"; target
// ES2022: class fields defined, not assigned), and an inline source map so that a stack trace names
// the lines of the .ts file. mocha requires it (.mocharc.json), and so do the tests' own child
// processes (node -r). JavaScript files are left as they are.
//
// Why not ts-node (what mocha used before): it loads the TypeScript compiler into every process,
// 1.5 s of CPU before the first line runs, in mocha and in each child a test starts. Why not
// esbuild-register: it puts a line of its own before a file's "use strict", which then no longer
// applies, and it hooks .js files too, the built dist/ among them: they ran in sloppy mode.
'use strict';
const { readFileSync } = require('node:fs');
const { transformSync } = require('esbuild');

const OPTIONS = {
  loader: 'ts',
  format: 'cjs',
  target: 'es2022',
  sourcemap: 'inline',
  tsconfigRaw: { compilerOptions: { strict: true, target: 'ES2022' } },
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...OPTIONS, sourcefile: filename });
  module._compile(code, filename);
};
process.setSourceMapsEnabled(true);
