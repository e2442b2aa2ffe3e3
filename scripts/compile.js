// The core's TypeScript compiled into dist/ (npm run build:core), as `tsc -p tsconfig.json` does
// (the same program, options, checks and messages), with one difference: the JavaScript keeps
// each file's head comment (what the module is) but not the comments inside it. The declarations
// (.d.ts) keep every doc comment, for editors; the commented source is src/ and grammar/ in the
// repository.
//
// Why: the package installs its code twice over (dist/src for Node, and the bundles), and the
// comments were a third of dist/src's JavaScript (656 kB with them, 503 kB without, 2026-12-06);
// that room is what the generated matchers (src/grammar/core-matchers.ts) take, within the
// package's 2.5 MB (node bench/package-size.js).
//
//   node scripts/compile.js      prints tsc's diagnostics and exits 1 when there are any
'use strict';
const path = require('path');
const ts = require('typescript');

const ROOT = path.join(__dirname, '..');

/** A transformer (JavaScript only) that drops the comments of every node under the source file: its head comment stays. */
function innerCommentsDropped(context) {
  const visit = (node) => {
    ts.setEmitFlags(node, ts.EmitFlags.NoComments);
    return ts.visitEachChild(node, visit, context);
  };
  return (sourceFile) => ts.visitEachChild(sourceFile, visit, context);
}

function compile() {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, host);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  const emitted = program.emit(undefined, undefined, undefined, false, { before: [innerCommentsDropped] });
  const diagnostics = ts.sortAndDeduplicateDiagnostics([...config.errors, ...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics]);
  if (diagnostics.length > 0) {
    const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, formatHost));
    return 1;
  }
  return emitted.emitSkipped ? 1 : 0;
}

if (require.main === module) process.exitCode = compile();

module.exports = { compile };
