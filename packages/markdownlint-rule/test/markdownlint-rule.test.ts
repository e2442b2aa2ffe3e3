// @url-grammar/markdownlint-rule: markdownlint (its sync API) with the rule must give exactly the
// findings of lint's `lintText(text, { kind: 'markdown', fixes: true })`, at the same lines and
// columns, with the same types, messages, URLs and fixes: on every CommonMark spec example, on
// the repository's own Markdown documents and on documents written here for the cases in between
// (HTML comments, which markdownlint blanks before a rule sees them; CR LF; tabs; characters
// outside the BMP; raw HTML). markdownlint's applyFixes must write what lint's applyFixes writes.
// Then front matter, the options, and the built package as a program loads it, through require()
// and import, and as TypeScript sees it.

import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { applyFixes as markdownlintApplyFixes, type LintError, type Rule } from 'markdownlint';
import { lint } from 'markdownlint/sync';
import { errorLink, parseWithDiagnostics, reportedBy, SPEC_URL, specLink } from 'url-grammar';
import { applyFixes, lintText, type LintDiagnostic } from '@url-grammar/lint';
import rule from '../src/index';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const spec: { tests: Array<{ markdown: string; number: number }> } = require('commonmark-spec');

const packageDir = join(__dirname, '..');
const root = join(packageDir, '..', '..');
const NAME = 'url-grammar/valid-url';
const BASE = 'https://example.com/dir/page?q#f';

/** One finding, in the terms markdownlint reports it. */
interface Finding {
  line: number;
  range: number[] | null;
  detail: string;
  context: string;
  information: string | null;
  fix: { lineNumber?: number; editColumn?: number; deleteCount?: number; insertText?: string } | null;
}

/** The lines markdownlint splits a document into (after the BOM, which both drop). */
function linesOf(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n?|\n/);
}

/**
 * What markdownlint must say for lint's finding `d` in a document of `lines`. The line is lint's
 * line. The range starts at lint's column and is as wide as the finding on that line: to its end
 * column when it ends on the same line, to the end of the line when it goes on, and at least one
 * character wide. There is no range when the column is past the last character of the line (a
 * range must cover a character of it). The context is the URL, whose line breaks markdownlint
 * writes as spaces; a fix is lint's replacement of [column, endColumn) on its line.
 */
function expected(d: LintDiagnostic, lines: readonly string[]): Finding {
  const line = lines[d.line - 1];
  let range: number[] | null = null;
  if (d.column <= line.length) {
    const end = d.endLine === d.line ? d.endColumn : line.length + 1;
    range = [d.column, Math.max(1, end - d.column)];
  }
  return {
    line: d.line,
    range,
    // the message, then where the parser reported the (first) error, by the core's reportedBy
    detail: d.errors.length > 1 ? `${d.message}. The first is reported by ${reportedBy(d.errors[0]).text}.` : `${d.type}: ${d.message} Reported by ${reportedBy(d.errors[0]).text}.`,
    context: d.url.replace(/\r\n?|\n/g, ' '),
    information: errorLink(d.type),
    fix: d.fix ? { lineNumber: d.fix.line, editColumn: d.fix.column, deleteCount: d.fix.endColumn - d.fix.column, insertText: d.fix.text } : null,
  };
}

/** markdownlint's error as a Finding. */
function actual(e: LintError): Finding {
  return {
    line: e.lineNumber,
    range: e.errorRange,
    detail: e.errorDetail ?? '',
    context: e.errorContext ?? '',
    information: e.ruleInformation,
    fix: e.fixInfo ? { ...e.fixInfo } : null,
  };
}

/** markdownlint's errors for `text`, with only this rule on. */
function viaMarkdownlint(text: string, config: unknown = true, options: { frontMatter?: RegExp | null } = {}): LintError[] {
  const results = lint({ strings: { doc: text }, config: { default: false, [NAME]: config as boolean }, customRules: [rule as unknown as Rule], ...options });
  const errors = results.doc;
  for (const e of errors) expect(e.ruleNames[0]).to.equal(NAME);
  return errors;
}

interface Comparison {
  /** The differences, one line each (empty when markdownlint and lint agree). */
  mismatches: string[];
  findings: number;
  fixes: number;
  /** Whether markdownlint's applyFixes wrote what lint's applyFixes writes. */
  fixedAlike: boolean;
}

/**
 * markdownlint with the rule against lintText on `text`, finding by finding, then the fixed text.
 * lint reads a file without its BOM (TextDecoder drops it), and so does markdownlint: lint is
 * given the text without it. (markdownlint's own applyFixes counts the BOM as a column of the
 * first line, for every rule's fixes: the fixed texts are compared without it.)
 */
function compare(name: string, text: string, base?: string): Comparison {
  const source = text.replace(/^\uFEFF/, '');
  const diagnostics = lintText(source, { kind: 'markdown', fixes: true, base });
  const lines = linesOf(source);
  const errors = viaMarkdownlint(text, base === undefined ? true : { base });
  const want = diagnostics.map((d) => JSON.stringify(expected(d, lines)));
  const got = errors.map((e) => JSON.stringify(actual(e)));
  const mismatches: string[] = [];
  const label = `${name}${base === undefined ? '' : ` (base ${base})`}`;
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] !== got[i]) mismatches.push(`${label} #${i + 1}: markdownlint ${got[i] ?? 'nothing'}, lint ${want[i] ?? 'nothing'}`);
  }
  const fixes = diagnostics.filter((d) => d.fix).map((d) => d.fix!);
  for (const f of fixes) if (f.line !== f.endLine) mismatches.push(`${label}: a fix of lint over more than one line, ${JSON.stringify(f)}`);
  const fixedAlike = markdownlintApplyFixes(source, errors) === applyFixes(source, fixes);
  if (!fixedAlike) mismatches.push(`${label}: markdownlint's applyFixes writes ${JSON.stringify(markdownlintApplyFixes(source, errors))}, lint's ${JSON.stringify(applyFixes(source, fixes))}`);
  return { mismatches, findings: diagnostics.length, fixes: fixes.length, fixedAlike };
}

/** Documents written for the cases between markdownlint and lint. */
const CRAFTED: Record<string, string> = {
  'links, images and definitions': [
    '# Links',
    '',
    'An [inline link](HTTP://Example.COM/a/../b) and an ![image](<https://example.com/a b.png> "t").',
    'A [pointy one](<https://example.com/a b>), [a reference][ref] and [a collapsed one][].',
    '',
    '[ref]: https://user:pass@example.com:0080/x "title"',
    '[a collapsed one]: HTTPS://EXAMPLE.COM\\\\path',
    '[unused]: https://example.com/%zz',
    '',
    '![alt with a [link](https://in.alt.example\\x)](https://example.com/i\\\\.png)',
  ].join('\n'),
  'autolinks and literal autolinks': '<https://EXAMPLE.com\\a> <HTTP://x.org:80/> www.example.com/a|b and user@example.com,\nhttps://example.com/%zz. and <mailto:a@b%>, see https://x.org/a\\b.\n',
  'escapes and character references': '[a](https://example.com/&amp;\\(x\\)&#32;y) [b](https://ex&#97;mple.com\\\\c) [c](https://example.com/a\\&b)\n',
  'characters outside the BMP (UTF-16 columns)': '😀😀 [a](https://example.com/😀\\\\x) 𝒳𝒳 <https://example.com:99999/𝒳> 😀 https://ex.com/%\n',
  'tabs': '\t[a](https://example.com\\\\tab)\n- \t<https://x.org:0080/>\n>\t[q](https://example.com/a%2)\n',
  'raw HTML': [
    '<a href="HTTPS://Example.com/a\\b">x</a>',
    "<img src='https://example.com\\i.png' srcset=\"https://a.example/x 1x, https://b.example\\y 2x\">",
    '',
    '<div title="x" data-x="y">',
    '<a href=https://ex.com/\\u>u</a> <a href="https://example.com/&amp;&quot;\\q">q</a>',
    '</div>',
    '',
    'Inline <a href="https://example.com:99999/">HTML</a> in a paragraph.',
  ].join('\n'),
  'a URL attribute across lines': '<a href="https://example.com/a\nb\\c">x</a> and <a href="https://x\n.org/">y</a>\n',
  'code is skipped': '`https://span.example\\a`\n\n```\n[a](https://fenced.example\\b)\n```\n\n    <https://indented.example\\c>\n\n[d](https://example.com\\d)\n',
  'lists and block quotes': '- [a](https://x.org:99999/)\n  - <https://[::1/>\n\n> [q](https://example.com/a%2)\n> > https://example.com\\deep\n',
  'a GFM table (a paragraph to lint)': '| a | b |\n| - | - |\n| [x](https://example.com\\t) | https://x.org/a\\b |\n',
  'empty and failing URLs': '[e]() [f](<>) <https://> [g](http://) https://[bad [h](https://example.com:port/)\n',
  'no line break at the end': '[a](https://example.com\\z)',
  'a BOM': '\uFEFF[a](https://example.com\\bom) <https://EXAMPLE.com/>\n',
  'HTML comments': [
    'Text <!-- [hidden](https://example.com\\hidden) --> and [shown](https://example.com\\shown).',
    '',
    '<!--',
    '[hidden too](https://example.com\\h2)',
    '-->',
    '',
    '```html',
    '<!-- a comment opened in a code block',
    '```',
    '',
    '[visible](https://example.com\\visible) and the end of no comment -->',
    '',
    '[in a destination](https://example.com/<!--x-->\\y) `<!-- in code -->` [after](HTTP://EXAMPLE.COM/)',
    '',
    '<a href="https://example.com/<!--z-->\\w">w</a>',
  ].join('\n'),
  'a comment that markdownlint blanks over a definition': '`<!--` is no comment here\n\n[ref]: https://example.com\\r\n\n[ref] -->\n',
  'markdownlint comments stay as they are': '<!-- markdownlint-capture -->\n[a](https://example.com\\a)\n<!-- markdownlint-restore -->\n',
};

/** The repository's own Markdown documents. */
function repositoryDocuments(): string[] {
  const out: string[] = [];
  const add = (path: string) => {
    if (existsSync(path) && statSync(path).isFile()) out.push(path);
  };
  const markdownIn = (dir: string, deep: boolean) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && deep) markdownIn(path, true);
      else if (entry.isFile() && entry.name.endsWith('.md')) out.push(path);
    }
  };
  add(join(root, 'README.md'));
  for (const dir of readdirSync(join(root, 'packages'))) add(join(root, 'packages', dir, 'README.md'));
  add(join(root, 'examples', 'README.md'));
  markdownIn(join(root, 'docs'), false);
  markdownIn(join(root, 'bench'), false);
  markdownIn(join(root, 'packages', 'compare', 'docs'), true);
  add(join(root, 'packages', 'compare', 'adapters', 'README.md'));
  return out.sort();
}

describe('markdownlint-rule: the same findings as lint', () => {
  it('on every CommonMark spec example, without a base and with one', () => {
    const mismatches: string[] = [];
    let findings = 0;
    for (const base of [undefined, BASE]) {
      for (const ex of spec.tests) {
        const c = compare(`example ${ex.number}`, ex.markdown, base);
        mismatches.push(...c.mismatches);
        findings += c.findings;
      }
    }
    expect(spec.tests.length).to.be.greaterThan(600);
    expect(findings).to.be.greaterThan(20);
    expect(mismatches).to.deep.equal([]);
  });

  it("on the repository's own Markdown documents, without a base and with one", function () {
    // (compare's zoo report, packages/compare/docs/zoo/REPORT.md, is 1.2 MB: markdownlint reads it
    // twice here, 15 to 20 s on an idle machine and over 60 on one busy with two other test runs
    // and browsers; the limit is for a test that hangs, not a measure of speed)
    this.timeout(240_000);
    const files = repositoryDocuments();
    expect(files.map((f) => relative(root, f))).to.include.members(['README.md', 'packages/lint/README.md', 'packages/markdownlint-rule/README.md']);
    // The documents have few findings, if any (the written documents below have many); with a
    // base, their relative links are checked too.
    const mismatches: string[] = [];
    for (const base of [undefined, BASE]) {
      for (const file of files) mismatches.push(...compare(relative(root, file), readFileSync(file, 'utf8'), base).mismatches);
    }
    expect(files.length).to.be.greaterThan(10);
    expect(mismatches).to.deep.equal([]);
  });

  for (const [name, text] of Object.entries(CRAFTED)) {
    it(`${name}: the same findings and fixes, with LF and with CR LF`, () => {
      const lf = compare(name, text);
      const crlf = compare(`${name} (CR LF)`, text.replace(/\n/g, '\r\n'));
      expect([...lf.mismatches, ...crlf.mismatches]).to.deep.equal([]);
      expect(lf.findings, 'findings').to.be.greaterThan(0);
    });
  }

  it('the written documents exercise fixes, and applyFixes keeps CR LF', () => {
    let fixes = 0;
    for (const [name, text] of Object.entries(CRAFTED)) fixes += compare(name, text).fixes;
    expect(fixes).to.be.greaterThan(20);
    const text = '[a](HTTP://Example.COM/a/../b\\c)\r\n<https://EXAMPLE.com\\c>\r\n';
    const fixed = markdownlintApplyFixes(text, viaMarkdownlint(text));
    expect(fixed).to.equal('[a](http://example.com/b/c)\r\n<https://example.com/c>\r\n');
  });

  it('reads the text markdownlint blanks inside HTML comments', () => {
    const errors = viaMarkdownlint(CRAFTED['HTML comments']);
    const urls = errors.map((e) => e.errorContext);
    expect(urls).to.include.members(['https://example.com\\shown', 'https://example.com\\visible', 'https://example.com/<!--x-->\\y', 'https://example.com/<!--z-->\\w']);
    expect(urls.filter((u) => u?.includes('hidden') || u?.includes('h2'))).to.deep.equal([]);
  });
});

describe('markdownlint-rule: front matter', () => {
  const text = ['---', 'title: A page', 'homepage: HTTPS://Example.com\\home', 'tags: [a, b]', '---', '', '# Title', '', '[a](<https://example.com/a b>) <https://EXAMPLE.com:443\\x>', ''].join('\n');

  it('reports the findings after the front matter on their lines in the file', () => {
    const errors = viaMarkdownlint(text, { frontMatter: false });
    // lint on the document without its front matter, five lines further down
    const body = text.split('\n').slice(5).join('\n');
    const want = lintText(body, { kind: 'markdown', fixes: true }).map((d) => {
      const f = expected(d, linesOf(body));
      return JSON.stringify({ ...f, line: f.line + 5, fix: f.fix ? { ...f.fix, lineNumber: f.fix.lineNumber! + 5 } : null });
    });
    expect(errors.map((e) => JSON.stringify(actual(e)))).to.deep.equal(want);
    expect(errors.map((e) => e.lineNumber)).to.deep.equal([9, 9]);
    // They are also where lint finds them in the whole file.
    const whole = lintText(text, { kind: 'markdown', fixes: true }).filter((d) => d.line > 5);
    expect(errors.map((e) => [e.lineNumber, e.errorRange![0], e.errorDetail])).to.deep.equal(whole.map((d) => [d.line, d.column, `${d.type}: ${d.message} Reported by ${reportedBy(d.errors[0]).text}.`]));
  });

  it('reports the URLs in the front matter itself (read as text), with fixes', () => {
    const errors = viaMarkdownlint(text);
    const inFrontMatter = errors.filter((e) => e.lineNumber <= 5);
    const fromText = lintText(text.split('\n').slice(0, 5).join('\n'), { kind: 'text', fixes: true });
    expect(inFrontMatter.map((e) => JSON.stringify(actual(e)))).to.deep.equal(fromText.map((d) => JSON.stringify(expected(d, linesOf(text)))));
    expect(inFrontMatter.map((e) => [e.lineNumber, e.errorRange])).to.deep.equal([[3, [30, 1]]]);
    // For this simple front matter, that is what lint finds there in the whole file too.
    const whole = lintText(text, { kind: 'markdown', fixes: true });
    expect(errors.map((e) => JSON.stringify(actual(e)))).to.deep.equal(whole.map((d) => JSON.stringify(expected(d, linesOf(text)))));
    expect(markdownlintApplyFixes(text, errors)).to.equal(applyFixes(text, whole.filter((d) => d.fix).map((d) => d.fix!)));
    expect(markdownlintApplyFixes(text, errors)).to.contain('homepage: https://example.com/home\n');
  });

  it('TOML front matter too; with markdownlint told of no front matter, the whole file is Markdown', () => {
    const toml = ['+++', 'url = "https://example.com\\docs"', '+++', '', '<https://example.com\\md>'].join('\n');
    expect(viaMarkdownlint(toml).map((e) => [e.lineNumber, e.errorRange![0]])).to.deep.equal([[2, 27], [5, 21]]);
    const asMarkdown = viaMarkdownlint(text, true, { frontMatter: null });
    expect(asMarkdown.map((e) => JSON.stringify(actual(e)))).to.deep.equal(lintText(text, { kind: 'markdown', fixes: true }).map((d) => JSON.stringify(expected(d, linesOf(text)))));
  });
});

describe('markdownlint-rule: options and configuration', () => {
  it('base: relative references are checked against it', () => {
    const text = '[a](<../x y/>) [b](//host:99999/) [c](https://example.com\\abs)\n';
    expect(viaMarkdownlint(text).map((e) => e.errorContext)).to.deep.equal(['https://example.com\\abs']);
    const errors = viaMarkdownlint(text, { base: BASE });
    expect(errors.map((e) => e.errorContext)).to.deep.equal(['../x y/', '//host:99999/', 'https://example.com\\abs']);
    expect(errors.map((e) => e.errorDetail!.split(':')[0])).to.deep.equal(['invalid-URL-unit', 'port-out-of-range', 'invalid-reverse-solidus']);
  });

  it('failuresOnly: only the errors that make the URL fail to parse', () => {
    const text = '<https://example.com\\a> <https://example.com:99999/>\n';
    expect(viaMarkdownlint(text).length).to.equal(2);
    expect(viaMarkdownlint(text, { failuresOnly: true }).map((e) => e.errorDetail!.split(':')[0])).to.deep.equal(['port-out-of-range']);
    // one finding per URL: the failure after an error that is none is still reported, at its place
    const both = '<https://user@example.com:99999/>\n';
    expect(viaMarkdownlint(both).map((e) => e.errorDetail)).to.deep.equal(['2 validation errors: invalid-credentials, port-out-of-range. The first is reported by the authority state.']);
    expect(viaMarkdownlint(both, { failuresOnly: true }).map((e) => [e.errorDetail!.split(':')[0], e.errorRange![0]])).to.deep.equal([['port-out-of-range', both.indexOf('99999') + 1]]);
  });

  it('severity and inline configuration work as for any rule, under the rule\'s one name', () => {
    const text = '<https://example.com\\a>\n<!-- markdownlint-disable-next-line url-grammar/valid-url -->\n<https://example.com\\b>\n<!-- markdownlint-disable-next-line MD001 -->\n<https://example.com\\c>\n';
    const results = lint({ strings: { doc: text }, config: { default: false, [NAME]: 'warning' }, customRules: [rule as unknown as Rule] });
    expect(results.doc.map((e) => [e.lineNumber, e.severity])).to.deep.equal([[1, 'warning'], [5, 'warning']]);
  });

  it('runs beside all of markdownlint\'s own rules (no name or tag taken)', () => {
    const results = lint({ strings: { doc: '# Title\n\nSee <https://example.com\\a>.\n' }, customRules: [rule as unknown as Rule] });
    expect(results.doc.map((e) => e.ruleNames[0])).to.deep.equal([NAME]);
  });

  it("links each error to its type's row of url.bs at 6ae8486 and names where it was reported", () => {
    const errors = viaMarkdownlint('[a](https://u@a.example/) [b](http://[1::2::3]/) <https://u@b.example:99999/>\n');
    expect(errors.map((e) => e.ruleInformation)).to.deep.equal([errorLink('invalid-credentials'), errorLink('IPv6-multiple-compression'), errorLink('invalid-credentials')]);
    for (const e of errors) expect(e.ruleInformation).to.match(/^https:\/\/github\.com\/whatwg\/url\/blob\/6ae8486\/url\.bs#L\d+$/);
    expect(errors[0].ruleInformation!.startsWith(`${SPEC_URL}#L`)).to.equal(true);
    const message = (url: string) => parseWithDiagnostics(url).errors.at(-1)!.message;
    expect(errors.map((e) => e.errorDetail)).to.deep.equal([
      `invalid-credentials: ${message('https://u@a.example/')} Reported by the authority state.`,
      `IPv6-multiple-compression: ${message('http://[1::2::3]/')} Reported by the IPv6 parser, called by the host state.`,
      '2 validation errors: invalid-credentials, port-out-of-range. The first is reported by the authority state.',
    ]);
    // failuresOnly: the failure is the finding, linked and placed as itself
    const [failure] = viaMarkdownlint('<https://u@b.example:99999/>\n', { failuresOnly: true });
    expect(failure.ruleInformation).to.equal(errorLink('port-out-of-range'));
    expect(failure.errorDetail).to.equal(`port-out-of-range: ${message('https://b.example:99999/')} Reported by the port state.`);
  });

  it('a base that does not parse, or an option of the wrong type, is an error', () => {
    expect(() => viaMarkdownlint('x', { base: 'not a url' })).to.throw(/the option "base" does not parse as a URL/);
    expect(() => viaMarkdownlint('x', { base: 42 })).to.throw(/"base" must be a URL string/);
    expect(() => viaMarkdownlint('x', { failuresOnly: 'yes' })).to.throw(/"failuresOnly" must be true or false/);
  });

  it('the rule object: names, description, tags, information, parser', () => {
    // one name: markdownlint-cli2 prints the names joined by "/" (a second would repeat "valid-url")
    expect(rule.names).to.deep.equal([NAME]);
    expect(rule.tags).to.deep.equal(['url', 'links']);
    expect(rule.parser).to.equal('micromark');
    expect(rule.description).to.be.a('string').and.not.equal('');
    expect(Object.getPrototypeOf(rule.information)).to.equal(URL.prototype);
    // url.bs's definition of a validation error, pinned (line 80 of whatwg/url's url.bs at 6ae8486)
    expect(rule.information.href).to.equal(specLink('validation-error'));
    expect(rule.information.href).to.match(/^https:\/\/github\.com\/whatwg\/url\/blob\/6ae8486\/url\.bs#L\d+$/);
    const line = Number(/#L(\d+)$/.exec(rule.information.href)![1]);
    expect(readFileSync(join(root, 'test', 'spec', 'url.bs'), 'utf8').split('\n')[line - 1]).to.include('>validation error</dfn>');
    expect('asynchronous' in rule).to.equal(false);
  });
});

describe('markdownlint-rule: the built package', () => {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { main: string; peerDependencies: Record<string, string>; dependencies: Record<string, string> };

  before(function () {
    const built = join(packageDir, pkg.main);
    if (!existsSync(built)) throw new Error(`packages/markdownlint-rule/${pkg.main} is missing: run npm run build --workspace=packages/markdownlint-rule`);
    if (statSync(built).mtimeMs < statSync(join(packageDir, 'src', 'index.ts')).mtimeMs) {
      throw new Error(`packages/markdownlint-rule/${pkg.main} is older than src/index.ts: run npm run build --workspace=packages/markdownlint-rule`);
    }
  });

  const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' })) as Record<string, unknown>;
  const LINT = `
    const results = lint({ strings: { doc: '<https://example.com\\\\a>' }, config: { default: false, 'url-grammar/valid-url': true }, customRules: [rule] });
    const errors = results.doc.map((e) => [e.lineNumber, e.errorRange, e.errorDetail.split(':')[0], e.fixInfo]);
  `;
  const FOUND = [[1, [21, 1], 'invalid-reverse-solidus', { lineNumber: 1, editColumn: 2, deleteCount: 21, insertText: 'https://example.com/a' }]];

  it('declares markdownlint as a peer and lint and the core as dependencies', () => {
    expect(pkg.peerDependencies).to.deep.equal({ markdownlint: '>=0.40.0' });
    expect(Object.keys(pkg.dependencies).sort()).to.deep.equal(['@url-grammar/lint', 'url-grammar']);
  });

  it("require('@url-grammar/markdownlint-rule') is the rule, from dist/, and markdownlint takes it", () => {
    const out = run(['-e', `
      const rule = require('@url-grammar/markdownlint-rule');
      const { lint } = require('markdownlint/sync');
      ${LINT}
      console.log(JSON.stringify({ path: require.resolve('@url-grammar/markdownlint-rule'), names: rule.names, errors }));
    `]);
    expect(out.path).to.equal(join(packageDir, pkg.main));
    expect(out.names).to.deep.equal([NAME]);
    expect(out.errors).to.deep.equal(FOUND);
  });

  it("import rule from '@url-grammar/markdownlint-rule' is the rule, its properties are named exports, and markdownlint-cli2's import().default is the rule too", () => {
    const out = run(['--input-type=module', '-e', `
      import rule, { names, function as ruleFunction } from '@url-grammar/markdownlint-rule';
      import { lint } from 'markdownlint/sync';
      import { createRequire } from 'node:module';
      import { pathToFileURL } from 'node:url';
      const require = createRequire(process.cwd() + '/');
      const loaded = (await import(pathToFileURL(require.resolve('@url-grammar/markdownlint-rule')).href)).default;
      ${LINT}
      console.log(JSON.stringify({ same: loaded === rule, named: names === rule.names && ruleFunction === rule.function, names: rule.names, errors }));
    `]);
    expect(out.same).to.equal(true);
    expect(out.named).to.equal(true);
    expect(out.names).to.deep.equal([NAME]);
    expect(out.errors).to.deep.equal(FOUND);
  });

  it("TypeScript takes the package's types as markdownlint's Rule, from ESM and CommonJS", function () {
    this.timeout(120_000);
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const files = ['check.mts', 'check.cts'].map((f) => join(packageDir, 'test', 'types', f));
    const args = [tsc, '--noEmit', '--strict', '--skipLibCheck', '--module', 'node20', '--moduleResolution', 'node16', '--target', 'es2022', '--types', 'node', ...files];
    let output = '';
    try {
      execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).to.equal('');
  });
});
