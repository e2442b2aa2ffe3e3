// @url-grammar/eslint-plugin: one rule, `url-grammar/valid-url`, that parses the string literals a
// program hands to the URL parser and reports each WHATWG URL validation error at the exact
// columns of the offending text inside the literal.
//
// Checked: the first argument of `new URL(...)`, `URL(...)`, `URL.parse(...)`,
// `URL.canParse(...)` and `fetch(...)` when it is a string literal or a template literal without
// substitutions. For the URL forms, a second argument that is such a literal is the base URL
// (a base that does not parse is reported in its own right); a relative first argument is checked
// only against a known base, except that `new URL("/x")` without any second argument is itself
// an error (missing-scheme-non-relative-URL). fetch() resolves against the page, so a relative
// fetch() target is not checked.
//
// Offsets inside the string value are mapped back to the source through its escape sequences
// (`\u00e9`, `\x41`, `\\`, line continuations, ...): an error on a character written as an
// escape spans the whole escape. The decoding is @url-grammar/lint's decodeStringBody, with which
// `url-grammar lint` reads JavaScript and TypeScript string literals too. Should the decoding ever
// disagree with the parser's value (an escape it does not know), the error is reported on the
// whole literal.
//
// Options: `{ failuresOnly: true }` reports only the errors that make the URL fail to parse.
//
// One report per URL (per literal), as lint and the markdownlint rule give one finding per URL: at
// its first validation error's place; with one error, "{{type}}: {{message}}"; with several,
// lint's finding message ("3 validation errors: invalid-URL-unit (2), invalid-credentials"; the
// messageIds failures, validations, validationsNoFix). Each message ends with where the parser
// reported the (first) error and that error type's row of url.bs, pinned to the commit url-grammar
// implements: "Reported by the authority state. https://github.com/whatwg/url/blob/6ae8486/url.bs#L313"
// (the core's reportedBy and errorLink; the link last, with nothing after it, so that a terminal
// takes no punctuation into it).
//
// Fixes: where url-grammar's lint would replace the URL by its serialization (planFix from
// @url-grammar/lint decides, for `url-grammar lint --fix` and for this rule alike), the report
// carries that replacement both as a fix (`eslint --fix`) and as a suggestion; where it would not,
// the message says why (messageId validationNoFix). A URL that does not parse has no fix.
//
// The module's export is the plugin object itself (`export =`, so `module.exports` in the
// CommonJS output): `require('@url-grammar/eslint-plugin')` and
// `import plugin from '@url-grammar/eslint-plugin'` both give it, and `plugin.configs.recommended`
// is a flat config. It imports only the public exports of url-grammar and @url-grammar/lint.

import type { ESLint, Linter, Rule, SourceCode } from 'eslint';
import type * as ESTree from 'estree';
import { errorLink, parseURL, parseWithDiagnostics, reportedBy, type URLRecord, type ValidationError } from 'url-grammar';
import { decodeStringBody as lintDecodeStringBody, findingMessage, planFix, type FixContext, type FixPlan } from '@url-grammar/lint';

/** lint's decoder, bound here so that the export below names it as a plain identifier (see there). */
const decodeStringBody = lintDecodeStringBody;

/** A string literal's value with, for each UTF-16 unit, the source range [start, end) it was written as. */
type MappedString = NonNullable<ReturnType<typeof decodeStringBody>>;

/** The rule's one option object (`['error', { failuresOnly: true }]`). */
interface ValidURLOptions {
  /** Report only the errors that make the URL fail to parse. */
  failuresOnly?: boolean;
}

interface StringArgument {
  node: ESTree.Node;
  value: string;
  /** null when the value cannot be mapped to the source unit by unit. */
  mapped: MappedString | null;
}

/** The value of a string literal or a template literal without substitutions, with its source map. */
function stringArgument(node: ESTree.Node | undefined, sourceCode: SourceCode): StringArgument | null {
  if (!node || !node.range) return null;
  const [a, b] = node.range;
  if (node.type === 'Literal' && typeof node.value === 'string') {
    const mapped = decodeStringBody(sourceCode.text.slice(a + 1, b - 1), a + 1, false);
    return { node, value: node.value, mapped: mapped && mapped.value === node.value ? mapped : null };
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0 && node.quasis.length === 1) {
    const cooked = node.quasis[0].value.cooked;
    if (typeof cooked !== 'string') return null;
    const mapped = decodeStringBody(sourceCode.text.slice(a + 1, b - 1), a + 1, true);
    return { node, value: cooked, mapped: mapped && mapped.value === cooked ? mapped : null };
  }
  return null;
}

type Callee = 'url' | 'fetch' | null;

function calleeKind(node: ESTree.CallExpression | ESTree.NewExpression): Callee {
  const callee = node.callee;
  if (callee.type === 'Identifier') {
    if (callee.name === 'URL') return 'url';
    if (callee.name === 'fetch' && node.type === 'CallExpression') return 'fetch';
    return null;
  }
  if (
    node.type === 'CallExpression' &&
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'URL' &&
    callee.property.type === 'Identifier' &&
    (callee.property.name === 'parse' || callee.property.name === 'canParse')
  ) {
    return 'url';
  }
  return null;
}

function isRelative(input: string): boolean {
  return !/^[\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.\-]*:/.test(input);
}

const validURL: Rule.RuleModule = {
  meta: {
    type: 'problem',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'report WHATWG URL validation errors in the string literals given to new URL(), URL.parse(), URL.canParse() and fetch()',
      // where ESLint's formatters and editors link the rule's name: its section of the package's
      // README in the repository (the address package.json's "repository" and "homepage" give)
      url: 'https://github.com/url-grammar/url-grammar/blob/main/packages/eslint-plugin/README.md#what-the-rule-checks',
    },
    schema: [
      {
        type: 'object',
        properties: { failuresOnly: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      failure: '{{type}}: {{message}} The URL does not parse. Reported by {{reportedBy}}. {{link}}',
      validation: '{{type}}: {{message}} Reported by {{reportedBy}}. {{link}}',
      validationNoFix: '{{type}}: {{message}} No fix: {{reason}}. Reported by {{reportedBy}}. {{link}}',
      // one URL with several errors: one report, at the first ("3 validation errors: invalid-URL-unit (2), ..."),
      // where the first was reported and the link of its type
      failures: '{{message}}. The URL does not parse. The first is reported by {{reportedBy}}. {{link}}',
      validations: '{{message}}. The first is reported by {{reportedBy}}. {{link}}',
      validationsNoFix: '{{message}}. No fix: {{reason}}. The first is reported by {{reportedBy}}. {{link}}',
      serialize: 'Replace the URL by its serialization {{url}}',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const options = (context.options[0] ?? {}) as ValidURLOptions;

    /** What lint's planFix says of replacing this literal's URL, in this literal's quoting. */
    function planFor(arg: StringArgument): FixPlan {
      if (!arg.mapped) return { fix: false, reason: 'the literal has an escape this rule does not map' };
      const [a] = arg.node.range!;
      const quote = sourceCode.text[a];
      const context: FixContext = arg.node.type === 'TemplateLiteral' ? 'js-template' : quote === '"' ? 'js-double' : 'js-single';
      return planFix(arg.value, context);
    }

    /**
     * One report for the literal's URL, as lint and the markdownlint rule give one finding per URL:
     * at its first error's place, its message naming every error (findingMessage), with one fix.
     * (A report per error, each carrying the whole URL's replacement as fix and suggestion, made
     * 64,000 reports and 4 GB of a literal of 64,000 backslashes.)
     */
    function report(arg: StringArgument, all: readonly ValidationError[]): void {
      const seen = new Set<string>();
      const errors: ValidationError[] = [];
      for (const e of all) {
        if (options.failuresOnly && !e.failure) continue;
        const key = `${e.type} ${e.start} ${e.end}`;
        if (seen.has(key)) continue; // the parser may meet one error twice at one place
        seen.add(key);
        errors.push(e);
      }
      if (errors.length === 0) return;
      const first = errors[0];
      const failure = errors.some((e) => e.failure);
      const plan = failure ? null : planFor(arg);
      const [litStart, litEnd] = arg.node.range!;
      const fix = plan?.fix ? (fixer: Rule.RuleFixer) => fixer.replaceTextRange([litStart + 1, litEnd - 1], (plan as { text: string }).text) : null;
      const several = errors.length > 1;
      const data: Record<string, string> = several ? { count: String(errors.length), message: findingMessage(errors) } : { type: first.type, message: first.message };
      // where the parser reported the (first) error, and its type's row of url.bs (pinned)
      data.reportedBy = reportedBy(first).text;
      data.link = errorLink(first.type);
      let messageId = several ? (failure ? 'failures' : 'validations') : failure ? 'failure' : 'validation';
      if (plan && !plan.fix) {
        messageId = several ? 'validationsNoFix' : 'validationNoFix';
        data.reason = plan.reason;
      }
      const fixes = fix && plan?.fix ? { fix, suggest: [{ messageId: 'serialize', data: { url: plan.url }, fix }] } : {};
      if (!arg.mapped) {
        context.report({ node: arg.node, messageId, data, ...fixes });
        return;
      }
      const { starts, ends } = arg.mapped;
      const n = starts.length;
      const at = (k: number) => (k < n ? starts[k] : n > 0 ? ends[n - 1] : litEnd - 1);
      const start = first.end > first.start ? at(first.start) : first.start === 0 ? (n > 0 ? starts[0] : litStart + 1) : at(first.start);
      const end = first.end > first.start ? ends[Math.min(first.end, n) - 1] : start;
      context.report({
        loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(end) },
        messageId,
        data,
        ...fixes,
      });
    }

    function check(node: ESTree.CallExpression | ESTree.NewExpression): void {
      const kind = calleeKind(node);
      if (!kind) return;
      const input = stringArgument(node.arguments[0], sourceCode);
      if (!input) return;
      let base: URLRecord | undefined;
      let baseKnown = node.arguments.length < 2;
      if (kind === 'url' && node.arguments.length >= 2) {
        const b = stringArgument(node.arguments[1], sourceCode);
        if (b) {
          const record = parseURL(b.value);
          if (record) {
            base = record;
            baseKnown = true;
          } else {
            report(b, parseWithDiagnostics(b.value).errors);
          }
        }
      }
      if (kind === 'fetch') baseKnown = false;
      if (isRelative(input.value) && !base && !baseKnown) return;
      report(input, parseWithDiagnostics(input.value, { baseURL: base }).errors);
    }

    return {
      CallExpression: check,
      NewExpression: check,
    };
  },
};

/**
 * The plugin object: ESLint reads meta, rules and configs; decodeStringBody and validURL are the
 * rule's parts, there for tests and for a program that wants them without going through ESLint.
 */
interface URLGrammarPlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: string };
  rules: { 'valid-url': Rule.RuleModule };
  configs: { recommended: Linter.Config };
  decodeStringBody: typeof decodeStringBody;
  validURL: Rule.RuleModule;
}

/** This package's name and version, which ESLint shows and keys its cache on (../package.json from dist/ and from src/ alike). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { name, version } = require('../package.json') as { name: string; version: string };

const meta: URLGrammarPlugin['meta'] = { name, version, namespace: 'url-grammar' };
const rules: URLGrammarPlugin['rules'] = { 'valid-url': validURL };

/**
 * The flat config that turns the rule on. Its plugins entry is the plugin, the object this module
 * exports, and a getter reads it: TypeScript writes `module.exports = ...` as the file's last
 * statement, so no statement here can see the object. ESLint takes one object per plugin
 * namespace, so a config array with both this config and `plugins: { 'url-grammar': plugin }` of
 * its own must meet the same object twice.
 */
const recommended = {
  name: 'url-grammar/recommended',
  plugins: {
    get 'url-grammar'(): ESLint.Plugin {
      return module.exports as ESLint.Plugin;
    },
  },
  rules: { 'url-grammar/valid-url': 'error' },
} satisfies Linter.Config;
const configs: URLGrammarPlugin['configs'] = { recommended };

// One export, the plugin object: a require() and an import's default both give it. It is written
// as an object literal of names so that Node.js also finds each property as a named export of this
// CommonJS module (import { configs } from '@url-grammar/eslint-plugin'), as its types promise: a
// name bound to an import would compile to `name: module_1.name`, where Node's reading of the
// literal stops.
export = {
  meta,
  rules,
  configs,
  decodeStringBody,
  validURL,
} satisfies URLGrammarPlugin;
