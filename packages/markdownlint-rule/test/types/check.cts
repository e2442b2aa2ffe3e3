// Compiled (not run) by markdownlint-rule.test.ts: from CommonJS, `import rule = require(...)`
// is markdownlint's Rule.

import rule = require('@url-grammar/markdownlint-rule');
import type { Rule } from 'markdownlint' with { 'resolution-mode': 'import' };

const asMarkdownlint: Rule = rule;
const { names, parser } = rule;
const tags: string[] = rule.tags;

export { asMarkdownlint, names, parser, tags };
