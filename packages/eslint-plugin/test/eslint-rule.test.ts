// @url-grammar/eslint-plugin: the valid-url rule through ESLint's RuleTester (each case is a
// mocha test), the string-literal decoder that maps a value's units to source columns, the plugin
// object and its recommended flat config, from the sources; then the built package as a program
// loads it, through require() and import.

import { expect } from 'chai';
import { Linter, RuleTester } from 'eslint';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorLink } from 'url-grammar';
import plugin from '../src/index';

// The module's one export is the plugin; the rule and the decoder are its properties.
const { decodeStringBody, validURL } = plugin;

const packageDir = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name: string; version: string; main: string };

const CREDENTIALS = { type: 'invalid-credentials', message: 'The input includes credentials.' };
const PORT_RANGE = { type: 'port-out-of-range', message: 'The port is greater than 65535.' };
const URL_UNIT = { type: 'invalid-URL-unit', message: 'A code point is found that is not a URL unit.' };
const BACKSLASH = { type: 'invalid-reverse-solidus', message: 'A URL with a special scheme uses "\\" instead of "/".' };
const NO_SCHEME = { type: 'missing-scheme-non-relative-URL', message: 'The input has no scheme, and there is no base URL it can be resolved against.' };
const HOST_MISSING = { type: 'host-missing', message: 'The input has a special scheme, but no host.' };
const NO_SOLIDUS = { type: 'special-scheme-missing-following-solidus', message: 'The scheme is not followed by "//".' };

/** The reasons lint's planFix gives (@url-grammar/lint, packages/lint/src/fix.ts), as the rule appends them. */
const SAME_TEXT = 'the serialization is the same text: the parser does not normalise this error away';
const TRIMMED = 'the parser would remove tabs, newlines or surrounding spaces';
const RELATIVE = 'a relative reference: its serialization would be absolute';
const SLASHES = 'special-scheme-missing-following-solidus is not fixed by normalisation';
const noFix = (data: Record<string, string>, reason: string) => ({ messageId: 'validationNoFix', data: { ...data, reason } });

/**
 * A message's data with where the parser reported the (first) error, as url.bs's state machine
 * reports it (read there for each case below), and the link of `type`'s row of url.bs.
 */
const at = (data: Record<string, string>, where: string, type = data.type) => ({ ...data, reportedBy: where, link: errorLink(type) });
const BEFORE = 'the basic URL parser, before its state machine';
const suggest = (url: string, output: string) => [{ messageId: 'serialize', data: { url }, output }];

const ruleTester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'script' } });

ruleTester.run('url-grammar/valid-url', validURL, {
  valid: [
    "new URL('https://example.com/a/b?c#d')",
    'new URL(`https://example.com/`)',
    "URL.parse('../x', 'https://example.com/a/b')",
    "URL.canParse('mailto:someone@example.com')",
    // fetch resolves against the page: a relative target is not checked
    "fetch('/api/items?q=1')",
    // the base is not a literal: a relative input is not checked
    "new URL('/x', location.href)",
    // not one of the checked calls, or not a literal
    "new Foo('http://a b')",
    "URL.createObjectURL('http://a b')",
    "x.fetch('http://a b')",
    'new URL(`https://${host}/ a`)',
    'new URL(href)',
    // only failures, on request
    { code: "new URL('https://user@example.com/')", options: [{ failuresOnly: true }] },
  ],
  invalid: [
    {
      code: "new URL('https://user:pw@example.com/')",
      errors: [{ ...noFix(at(CREDENTIALS, 'the authority state'), SAME_TEXT), line: 1, column: 25, endLine: 1, endColumn: 26 }],
    },
    {
      code: "const u = URL.parse('https://example.com:99999/');",
      errors: [{ messageId: 'failure', data: at(PORT_RANGE, 'the port state'), line: 1, column: 42, endLine: 1, endColumn: 47 }],
    },
    {
      // an escape: the error spans the whole "\u0020" in the source
      code: "URL.canParse('https://example.com/a\\u0020b')",
      // the fix (and the suggestion) write the serialization, escapes and all
      output: "URL.canParse('https://example.com/a%20b')",
      errors: [{ messageId: 'validation', data: at(URL_UNIT, 'the path state'), line: 1, column: 36, endLine: 1, endColumn: 42, suggestions: suggest('https://example.com/a%20b', "URL.canParse('https://example.com/a%20b')") }],
    },
    {
      // "\\\\" in the source is one backslash in the value: the error spans both source characters
      code: "fetch('https://example.com\\\\search')",
      output: "fetch('https://example.com/search')",
      errors: [{ messageId: 'validation', data: at(BACKSLASH, 'the path start state'), line: 1, column: 27, endLine: 1, endColumn: 29, suggestions: suggest('https://example.com/search', "fetch('https://example.com/search')") }],
    },
    {
      // escapes before the error shift it: \\x41 is one unit, written as four characters
      code: "new URL('http://\\x41.com/ ')",
      errors: [{ ...noFix(at(URL_UNIT, BEFORE), TRIMMED), line: 1, column: 26, endLine: 1, endColumn: 27 }],
    },
    {
      // a template literal on two lines: the error is on the second
      code: 'new URL(`https://example.com/\na b`)',
      // (two errors of one URL: one report, at the first)
      errors: [{ messageId: 'validationsNoFix', data: at({ count: '2', message: '2 validation errors: invalid-URL-unit (2)', reason: TRIMMED }, BEFORE, URL_UNIT.type), line: 1, column: 30, endLine: 2, endColumn: 1 }],
    },
    {
      // a line continuation is no unit: the error after it maps past it
      code: "new URL('https://example.com/\\\n a')",
      output: "new URL('https://example.com/%20a')",
      errors: [{ messageId: 'validation', data: at(URL_UNIT, 'the path state'), line: 2, column: 1, endLine: 2, endColumn: 2, suggestions: suggest('https://example.com/%20a', "new URL('https://example.com/%20a')") }],
    },
    {
      // an astral character is two units; the error after it is still at the right column
      code: "new URL('https://example.com/😀 ')",
      errors: [{ ...noFix(at(URL_UNIT, BEFORE), TRIMMED), line: 1, column: 32, endLine: 1, endColumn: 33 }],
    },
    {
      // no base at all: new URL('/x') throws
      code: "new URL('/relative')",
      errors: [{ messageId: 'failure', data: at(NO_SCHEME, 'the no scheme state'), line: 1, column: 10, endLine: 1, endColumn: 19 }],
    },
    {
      // the base literal is checked against: a relative input with a space
      code: "new URL('a b', 'https://example.com/')",
      errors: [{ ...noFix(at(URL_UNIT, 'the path state'), RELATIVE), line: 1, column: 11, endLine: 1, endColumn: 12 }],
    },
    {
      // a base that does not parse is reported in its own right (and a relative input is then left alone)
      code: "new URL('x', 'https://')",
      errors: [{ messageId: 'failure', data: at(HOST_MISSING, 'the host state'), line: 1, column: 23, endLine: 1, endColumn: 23 }],
    },
    {
      // a zero-width error at the end of the value sits before the closing quote
      code: "new URL('http://')",
      errors: [{ messageId: 'failure', data: at(HOST_MISSING, 'the host state'), line: 1, column: 17, endLine: 1, endColumn: 17 }],
    },
    {
      // URL() without new is checked too, and the errors of one literal are one report, at the first, naming each
      code: "URL('https:/x/ y')",
      errors: [{ messageId: 'validationsNoFix', data: at({ count: '2', message: `2 validation errors: ${NO_SOLIDUS.type}, ${URL_UNIT.type}`, reason: SLASHES }, 'the special authority slashes state', NO_SOLIDUS.type), line: 1, column: 12, endLine: 1, endColumn: 13 }],
    },
    {
      // an octal escape (sloppy scripts): mapped like any other escape
      code: "new URL('https://example.com/\\040')",
      // "\\040" is a space at the end: the parser trims it, so no fix
      errors: [{ ...noFix(at(URL_UNIT, BEFORE), TRIMMED), line: 1, column: 30, endLine: 1, endColumn: 34 }],
    },
    {
      options: [{ failuresOnly: true }],
      code: "new URL('https://u@example.com:70000/')",
      errors: [{ messageId: 'failure', data: at(PORT_RANGE, 'the port state'), line: 1, column: 32, endLine: 1, endColumn: 37 }],
    },
  ],
});

ruleTester.run('url-grammar/valid-url fixes in each kind of literal', validURL, {
  valid: [],
  invalid: [
    {
      // a double-quoted literal: the serialization written with the same quotes
      code: 'new URL("HTTPS://Example.COM:443\\\\a/./b")',
      output: 'new URL("https://example.com/a/b")',
      errors: [{ messageId: 'validation', data: at(BACKSLASH, 'the path start state'), suggestions: suggest('https://example.com/a/b', 'new URL("https://example.com/a/b")') }],
    },
    {
      // a template literal
      code: 'fetch(`https://example.com/a b`)',
      output: 'fetch(`https://example.com/a%20b`)',
      errors: [{ messageId: 'validation', data: at(URL_UNIT, 'the path state'), suggestions: suggest('https://example.com/a%20b', 'fetch(`https://example.com/a%20b`)') }],
    },
    {
      // the serialization would still not be a valid URL string (whatwg/url#379): no fix
      code: "new URL('https://EXAMPLE.com/?}')",
      errors: [{ ...noFix(at(URL_UNIT, 'the query state'), 'the serialization is not a valid URL string either (the standard allows this: whatwg/url#379)') }],
    },
  ],
});

describe('@url-grammar/eslint-plugin', () => {
  it('maps every unit of a literal to its source range', () => {
    const m = decodeStringBody('a\\u00e9\\x41\\\\b', 10, false)!;
    expect(m.value).to.equal('aéA\\b');
    expect(m.starts).to.deep.equal([10, 11, 17, 21, 23]);
    expect(m.ends).to.deep.equal([11, 17, 21, 23, 24]);
  });

  it('maps both units of \\u{...} to the one escape, and an unknown escape to null', () => {
    const m = decodeStringBody('\\u{1F600}x', 0, false)!;
    expect(m.value).to.equal('😀x');
    expect(m.starts).to.deep.equal([0, 0, 9]);
    expect(m.ends).to.deep.equal([9, 9, 10]);
    expect(decodeStringBody('\\u{110000}', 0, false)).to.equal(null);
    expect(decodeStringBody('\\1', 0, true)).to.equal(null);
  });

  it('runs through Linter with the plugin in a flat config', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify("fetch('https://[::1')", [
      { plugins: { 'url-grammar': plugin }, rules: { 'url-grammar/valid-url': 'error' } },
    ]);
    expect(messages.map((m) => [m.ruleId, m.line, m.column, m.endColumn, m.message])).to.deep.equal([
      ['url-grammar/valid-url', 1, 16, 20, `IPv6-unclosed: An IPv6 address is missing the closing "]". The URL does not parse. Reported by the host parser, called by the host state. ${errorLink('IPv6-unclosed')}`],
    ]);
  });

  it("ends each message with the type's row of url.bs at 6ae8486, and keeps it one line", () => {
    const linter = new Linter({ configType: 'flat' });
    const code = [
      "fetch('https://[::1')",
      "new URL('https://user:pw@example.com/')",
      "new URL('https://u@a b:99999/')",
      'new URL(`https://example.com/\na b`)',
      "new URL('http://1.2.3.4.5/')",
      "new URL('https://example.com/?}')",
    ].join(';\n');
    const messages = linter.verify(code, [plugin.configs.recommended]);
    expect(messages).to.have.length(6);
    // the vendored url.bs (test/spec/url.bs) is whatwg/url at 6ae8486: each link's line holds its type's <dfn>
    const bs = readFileSync(join(packageDir, '..', '..', 'test', 'spec', 'url.bs'), 'utf8').split('\n');
    const types = ['IPv6-unclosed', 'invalid-credentials', 'invalid-credentials', 'invalid-URL-unit', 'IPv4-too-many-parts', 'invalid-URL-unit'];
    messages.forEach((m, i) => {
      expect(m.message, m.message).to.not.match(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      const link = / (\S+)$/.exec(m.message)![1];
      expect(link, m.message).to.equal(errorLink(types[i]));
      const line = /^https:\/\/github\.com\/whatwg\/url\/blob\/6ae8486\/url\.bs#L(\d+)$/.exec(link);
      expect(line, link).to.not.equal(null);
      expect(bs[Number(line![1]) - 1]).to.include(`>${types[i]}</dfn>`);
    });
    expect(messages[2].message).to.include('The URL does not parse. The first is reported by the authority state. ');
    expect(messages[4].message).to.include(' Reported by the IPv4 parser, called by the host state. ');
  });

  it('has a recommended config that turns the rule on', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify('const ok = new URL("https://example.com/");\nconst bad = URL.canParse("http://exa mple.com/");', [plugin.configs.recommended]);
    expect(messages.map((m) => [m.ruleId, m.severity, m.line, m.column, m.endLine, m.endColumn])).to.deep.equal([['url-grammar/valid-url', 2, 2, 34, 2, 46]]);
  });

  it('is the plugin object ESLint 9 reads: meta from package.json, the rule, the recommended flat config', () => {
    expect(plugin.meta).to.deep.equal({ name: '@url-grammar/eslint-plugin', version: pkg.version, namespace: 'url-grammar' });
    expect(pkg.name).to.equal(plugin.meta.name);
    expect(plugin.rules['valid-url']).to.equal(validURL);
    expect(plugin.configs.recommended.rules).to.deep.equal({ 'url-grammar/valid-url': 'error' });
    expect(plugin.configs.recommended.plugins!['url-grammar']).to.equal(plugin);
  });

  it("links its documentation: meta.docs.url is the rule's section of the package's README in the repository", () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { repository: { url: string; directory: string } };
    const repository = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    const url = new URL(validURL.meta!.docs!.url!);
    expect(url.href.slice(0, url.href.length - url.hash.length)).to.equal(`${repository}/blob/main/${manifest.repository.directory}/README.md`);
    // GitHub's anchor of a heading: lower case, spaces as "-", other punctuation dropped
    const anchors = readFileSync(join(packageDir, 'README.md'), 'utf8')
      .split('\n')
      .filter((l) => /^#{2,6} /.test(l))
      .map((l) => l.replace(/^#+ /, '').toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
    expect(anchors).to.include(url.hash.slice(1));
  });

  it('takes the recommended config beside a config of its own that names the plugin again, with options', () => {
    // ESLint throws "Cannot redefine plugin" unless both objects are the one plugin.
    const linter = new Linter({ configType: 'flat' });
    const code = "new URL('https://user@example.com:99999/')";
    const own = { plugins: { 'url-grammar': plugin }, rules: { 'url-grammar/valid-url': ['error', { failuresOnly: true }] } } satisfies Linter.Config;
    // (one report for the URL, naming both errors)
    expect(linter.verify(code, [plugin.configs.recommended]).map((m) => m.message)).to.deep.equal([
      `2 validation errors: invalid-credentials, port-out-of-range. The URL does not parse. The first is reported by the authority state. ${errorLink('invalid-credentials')}`,
    ]);
    expect(linter.verify(code, [plugin.configs.recommended, own]).map((m) => [m.ruleId, m.column, m.endColumn, m.message])).to.deep.equal([
      ['url-grammar/valid-url', 35, 40, `port-out-of-range: The port is greater than 65535. The URL does not parse. Reported by the port state. ${errorLink('port-out-of-range')}`],
    ]);
  });
});

ruleTester.run('url-grammar/valid-url: one report per URL, with one fix', validURL, {
  valid: [],
  invalid: [
    {
      // a failure among the errors: the URL does not parse, no fix
      code: "new URL('https://u@a b:99999/')",
      errors: [{ messageId: 'failures', line: 1, column: 19 }],
    },
  ],
});

describe('@url-grammar/eslint-plugin: a literal with 64,000 errors', function () {
  this.timeout(60_000);
  const backslashes = 'https://example.com' + '\\\\a'.repeat(64_000);
  for (const [what, code] of [
    ['a string literal', `new URL('${backslashes}');\n`],
    ['a template literal', `new URL(\`${backslashes}\`);\n`],
  ]) {
    it(`${what} (128 KB of source): one report, whose one fix writes the serialization`, () => {
      const linter = new Linter({ configType: 'flat' });
      const messages = linter.verify(code, [plugin.configs.recommended], 'big.js');
      expect(messages).to.have.length(1);
      expect(messages[0].message).to.equal(`64000 validation errors: invalid-reverse-solidus (64000). The first is reported by the path start state. ${errorLink('invalid-reverse-solidus')}`);
      expect(messages[0].suggestions).to.have.length(1);
      const fixed = linter.verifyAndFix(code, [plugin.configs.recommended], 'big.js');
      expect(fixed.fixed).to.equal(true);
      expect(fixed.messages).to.deep.equal([]);
      expect(fixed.output.length).to.equal(code.length - 64_000);
    });
  }
});

describe('@url-grammar/eslint-plugin with typescript-eslint', () => {
  // typescript-eslint's parser gives ESLint an ESTree of TypeScript code: the calls and literals
  // the rule reads are the same nodes, with type annotations, generics and `as` around them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tsParser = require('@typescript-eslint/parser') as Linter.Parser;
  // the configuration the README gives
  const config: Linter.Config[] = [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tsParser } }, plugin.configs.recommended];
  const code = [
    'interface Endpoint { url: URL }',
    "const home: Endpoint = { url: new URL('https://example.com\\\\docs/') };",
    'export async function get<T>(id: number): Promise<T> {',
    "  const r = await fetch<unknown>('https://api.example.com:99999/items');",
    "  const base = new URL('/v1/', 'https://API.example.com' as const satisfies string);",
    "  if (!URL.canParse(`https://exa mple.com/${id}`)) throw new Error();",
    '  return (await r.json()) as T;',
    '}',
    '',
  ].join('\n');

  it('finds the URLs of a TypeScript file at their columns, and fixes them', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify(code, config, 'api.ts');
    expect(messages.filter((m) => m.fatal)).to.deep.equal([]);
    const lines = code.split('\n');
    expect(messages.map((m) => [m.ruleId, m.line, m.column, m.message.split(':')[0]])).to.deep.equal([
      ['url-grammar/valid-url', 2, lines[1].indexOf('\\\\') + 1, 'invalid-reverse-solidus'],
      ['url-grammar/valid-url', 4, lines[3].indexOf('99999') + 1, 'port-out-of-range'],
    ]);
    // (a base written with "as const" is no literal; a template with ${} is not read)
    const fixed = linter.verifyAndFix(code, config, 'api.ts');
    expect(fixed.output).to.equal(code.replace('https://example.com\\\\docs/', 'https://example.com/docs/'));
  });

  it('reads the same literals as ESLint\'s own parser, where the code is also JavaScript', () => {
    const js = "new URL('https://user:pw@example.com\\\\a', 'https://x.org/');\nfetch(`http://[::1`);\nURL.parse('HTTP://Example.com:80/%zz');\n";
    const linter = new Linter({ configType: 'flat' });
    const withTS = linter.verify(js, config, 'same.ts');
    const withEspree = linter.verify(js, [plugin.configs.recommended], 'same.js');
    expect(withTS.length).to.be.greaterThan(2);
    expect(withTS.map((m) => [m.line, m.column, m.endColumn, m.message, m.fix])).to.deep.equal(withEspree.map((m) => [m.line, m.column, m.endColumn, m.message, m.fix]));
  });
});

describe('@url-grammar/eslint-plugin, the built package', () => {
  before(function () {
    if (!existsSync(join(packageDir, pkg.main))) {
      throw new Error(`packages/eslint-plugin/${pkg.main} is missing: run npm run build --workspace=packages/eslint-plugin`);
    }
  });

  /**
   * What a program that loads the package as `plugin` sees: where it resolved, the plugin's
   * shape, and ESLint's Linter run with `plugin.configs.recommended` on one line.
   */
  const report = `
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify("fetch('https://[::1')", [plugin.configs.recommended]);
    process.stdout.write(JSON.stringify({
      meta: plugin.meta,
      rules: Object.keys(plugin.rules),
      create: typeof plugin.rules['valid-url'].create,
      recommended: plugin.configs.recommended.rules,
      self: plugin.configs.recommended.plugins['url-grammar'] === plugin,
      named: typeof named.validURL.create + ' ' + typeof named.decodeStringBody + ' ' + (named.configs === plugin.configs),
      messages: messages.map((m) => [m.ruleId, m.severity, m.line, m.column, m.endColumn, m.message]),
    }));`;

  const expected = {
    meta: { name: '@url-grammar/eslint-plugin', version: pkg.version, namespace: 'url-grammar' },
    rules: ['valid-url'],
    create: 'function',
    recommended: { 'url-grammar/valid-url': 'error' },
    self: true,
    named: 'function function true',
    messages: [['url-grammar/valid-url', 2, 1, 16, 20, `IPv6-unclosed: An IPv6 address is missing the closing "]". The URL does not parse. Reported by the host parser, called by the host state. ${errorLink('IPv6-unclosed')}`]],
  };

  const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }));

  it("require('@url-grammar/eslint-plugin') gives the plugin, from dist/", () => {
    const script = `
      const plugin = require('@url-grammar/eslint-plugin');
      const named = plugin;
      const { Linter } = require('eslint');
      if (require.resolve('@url-grammar/eslint-plugin') !== require('node:path').join(${JSON.stringify(packageDir)}, ${JSON.stringify(pkg.main)})) throw new Error('resolved elsewhere');
      ${report}`;
    expect(run(['-e', script])).to.deep.equal(expected);
  });

  it("import plugin from '@url-grammar/eslint-plugin' gives the plugin, and its properties as named imports", () => {
    const script = `
      import plugin from '@url-grammar/eslint-plugin';
      import * as named from '@url-grammar/eslint-plugin';
      import { Linter } from 'eslint';
      ${report}`;
    expect(run(['--input-type=module', '-e', script])).to.deep.equal(expected);
  });
});
