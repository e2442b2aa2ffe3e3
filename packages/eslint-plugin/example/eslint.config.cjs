// A flat config that runs url-grammar/valid-url, as a project that installs
// @url-grammar/eslint-plugin writes it. From the repository's root, after
// `npm run build --workspace=packages/eslint-plugin`:
//
//   npx eslint -c packages/eslint-plugin/example/eslint.config.cjs packages/eslint-plugin/example/demo.js
//
// The recommended config turns the rule on for every file ESLint lints; the object after it is
// where a project sets the rule's option, or turns it down for some files.

const urlGrammar = require('@url-grammar/eslint-plugin');

module.exports = [
  urlGrammar.configs.recommended,
  {
    files: ['**/*.test.js'],
    rules: { 'url-grammar/valid-url': ['error', { failuresOnly: true }] },
  },
];
