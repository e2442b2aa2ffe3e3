// Builds the live viewer: viewer/main.ts bundled by esbuild (with the library and whatwg-url) into
// src/index.html's <!--SCRIPT--> place, one self-contained file: dist/index.html (this package's).
'use strict';
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..');

async function buildViewer(outFile = path.join(ROOT, 'dist', 'index.html')) {
  const result = await esbuild.build({
    entryPoints: [path.join(__dirname, 'main.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    inject: [path.join(__dirname, 'shared-array-buffer.js')],
    define: { SharedArrayBuffer: 'SharedArrayBufferOrStandIn' },
    write: false,
    logLevel: 'silent',
  });
  // "</script" cannot appear inside an inline script; "<\/script" means the same in JavaScript
  const js = result.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  const template = fs.readFileSync(path.join(__dirname, 'index.html'), 'utf8');
  if (!template.includes('<!--SCRIPT-->')) throw new Error('viewer/index.html has no <!--SCRIPT--> place');
  const html = template.replace('<!--SCRIPT-->', () => `<script>\n${js}</script>`);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, html);
  return outFile;
}

module.exports = { buildViewer };

if (require.main === module) {
  buildViewer(process.argv[2]).catch((e) => {
    console.error(`@url-grammar/viewer build: ${e.message}`);
    process.exit(1);
  });
}
