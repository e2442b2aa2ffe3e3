// A flat config that runs url-grammar/valid-url on JavaScript files. The plugin is TypeScript that
// requires url-grammar from the repository's source, so ts-node compiles it on the fly:
//
//   npx eslint -c examples/eslint-plugin-url-grammar/eslint.config.cjs examples/eslint-plugin-url-grammar/demo.js
//
// In a project that installs url-grammar, build the plugin (or copy index.ts into a TypeScript
// build) and require it without ts-node.

const { join } = require('node:path');

require('ts-node').register({ transpileOnly: true, project: join(__dirname, '..', '..', 'tsconfig.json') });
const urlGrammar = require('./index.ts').default;

module.exports = [
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    plugins: { 'url-grammar': urlGrammar },
    rules: { 'url-grammar/valid-url': 'error' },
  },
];
