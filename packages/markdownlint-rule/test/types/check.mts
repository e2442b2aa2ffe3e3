// Compiled (not run) by markdownlint-rule.test.ts: from an ES module, the package's default
// import is markdownlint's Rule, its properties are named exports too, and markdownlint's lint
// takes it.

import rule, { names } from '@url-grammar/markdownlint-rule';
import type { Rule } from 'markdownlint';
import { lint } from 'markdownlint/sync';

const asMarkdownlint: Rule = rule;
const options = { base: 'https://example.com/', failuresOnly: false, frontMatter: true };
lint({ strings: { doc: '' }, customRules: [rule], config: { 'url-grammar/valid-url': options } });

const first: string = names[0];

export { asMarkdownlint, first };
