// Bundle sizes: url-grammar for browsers, with and without tr46's IDNA tables, beside whatwg-url
// bundled the same way (esbuild, ES module, platform browser, minified; gzip level 9). Writes its
// section of bench/RESULTS.md through bench/results-section.js.
//
//   node bench/bundle-size.js           prints the table and writes the section
//   node bench/bundle-size.js --print   prints only
'use strict';
const path = require('path');
const zlib = require('zlib');
const esbuild = require('esbuild');
const { tr46Inputs } = require('../scripts/build-bundles');
const { writeSection } = require('./results-section');

const ROOT = path.join(__dirname, '..');

// each through the package's own entries, as a program of yours imports them (resolved from this
// repository's root, where node_modules/url-grammar is the workspace's link to it)
const BUNDLES = [
  { name: 'url-grammar/browser, everything', code: "export * from 'url-grammar/browser';" },
  { name: 'url-grammar/browser, URL and URLSearchParams only', code: "export { URL, URLSearchParams } from 'url-grammar/browser';" },
  { name: 'url-grammar (the CommonJS main), URL and URLSearchParams only', code: "export { URL, URLSearchParams } from 'url-grammar';" },
  { name: 'url-grammar/lite, everything', code: "export * from 'url-grammar/lite';", lite: true },
  { name: 'url-grammar/lite, URL and URLSearchParams only', code: "export { URL, URLSearchParams, configure } from 'url-grammar/lite';", lite: true },
  { name: 'whatwg-url 17.3.0, URL and URLSearchParams', code: "export { URL, URLSearchParams } from 'whatwg-url';" },
];

async function measure(b) {
  const result = await esbuild.build({
    stdin: { contents: b.code, resolveDir: ROOT, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // the Public Suffix List is the program's to supply in a browser (configurePublicSuffixList)
    external: ['tldts'],
  });
  const bytes = Buffer.from(result.outputFiles[0].contents);
  const inputs = Object.keys(result.metafile.inputs);
  if (b.lite && tr46Inputs(result.metafile).length) throw new Error(`${b.name} holds tr46`);
  const parts = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
  const share = (dir) => parts.filter(([p]) => p.includes(`node_modules/${dir}/`)).reduce((n, [, v]) => n + v.bytesInOutput, 0);
  return { name: b.name, min: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length, tr46: share('tr46'), encodings: share('@exodus/bytes'), modules: inputs.length };
}

const kB = (n) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  const rows = [];
  for (const b of BUNDLES) rows.push(await measure(b));
  const lines = [
    '## Bundle sizes',
    '',
    `\`node bench/bundle-size.js\` (esbuild ${esbuild.version}, ES module for browsers, minified; gzip level 9; ${new Date().toISOString().slice(0, 10)}). "of which tr46" is tr46's share of the minified bundle (its IDNA mapping table and regular expressions); "of which encodings" is @exodus/bytes's (the legacy encoders a query may need), the next largest part. url-grammar/browser is one file bundled already, so its parts are not told apart (0 there means not measured); a bundle of URL alone from it drops what nothing reaches.`,
    '',
    '| bundle | minified | min + gzip | of which tr46 (min) | of which encodings (min) | modules |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${kB(r.min)} | ${kB(r.gzip)} | ${r.tr46 ? kB(r.tr46) : '0'} | ${r.encodings ? kB(r.encodings) : '0'} | ${r.modules} |`),
  ];
  const markdown = lines.join('\n');
  console.log(markdown);
  if (!process.argv.includes('--print')) writeSection('bundle-size', markdown);
}

main().catch((e) => {
  console.error(`bundle-size: ${e.message}`);
  process.exit(1);
});
