// Lint me: npx eslint -c packages/eslint-plugin/example/eslint.config.cjs packages/eslint-plugin/example/demo.js
/* global fetch */

const api = new URL('https://user:secret@api.example.com:8080/v1/');
const bad = URL.parse('https://example.com:99999/');
const relative = new URL('../img/logo.png', 'https://example.com/docs/');
const escaped = new URL('https://ex\u0061mple.com/a b');

fetch('https://example.com\\search?q=1');
fetch('/relative/is/resolved/by/the/page');

module.exports = { api, bad, relative, escaped, ok: URL.canParse(`https://example.com/`) };
