// The rule on every markdownlint its peer range (>=0.40.0) admits: 0.40 (what markdownlint-cli2
// 0.22 uses, the last for Node 20), 0.41 (markdownlint-cli2 0.23) and the current one (the
// workspace's markdownlint). The two old ones are installed under other names for these tests
// only (the package's devDependencies "markdownlint-040" and "markdownlint-041", npm aliases).
//
// markdownlint places an error in front matter (`frontMatter: true` in onError) from 0.42.0 on.
// Before, it takes every line number as one of the document after the front matter and checks a
// range against that line: a front-matter finding landed on another line of the document, or
// made markdownlint throw ("Value of 'range' passed to onError ..."), which lost every other
// finding of the rule in the file. The rule now leaves front matter alone there.

import { expect } from 'chai';
import { lintText } from '@url-grammar/lint';
import rule from '../src/index';

const NAME = 'url-grammar/valid-url';

interface Markdownlint {
  lint: (options: { strings: Record<string, string>; config: Record<string, unknown>; customRules: unknown[] }) => Record<string, Array<{ lineNumber: number; ruleNames: string[]; errorDetail: string | null; errorContext: string | null; errorRange: number[] | null }>>;
  getVersion: () => string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (name: string): Markdownlint => ({ lint: require(`${name}/sync`).lint, getVersion: require(name).getVersion });

const VERSIONS: Array<{ module: string; version: RegExp; frontMatter: boolean }> = [
  { module: 'markdownlint-040', version: /^0\.40\./, frontMatter: false },
  { module: 'markdownlint-041', version: /^0\.41\./, frontMatter: false },
  { module: 'markdownlint', version: /^(?:0\.(?:4[2-9]|[5-9]\d)|[1-9]\d*\.)/, frontMatter: true },
];

// The URL in the front matter stands further right than the third line of the document after it
// is long: read as a line of the document, its range would be past that line's end.
const THROWS = ['---', 'title: A page', 'home: https://example.com\\home', '---', '# Title', 'See <https://example.com\\body>.', ''].join('\n');
// Here the third line of the document is long enough: read as one of its lines, the front
// matter's finding would be reported on the wrong line, with no error.
const MISPLACED = ['---', 'title: A page', 'home: https://example.com\\home', '---', '', '# Title', 'See <https://example.com\\body> and <https://example.com:99999/>.', ''].join('\n');

/** What lint finds in the document after the front matter of `text` (`skip` lines), on the file's lines. */
function bodyFindings(text: string, skip: number) {
  const body = text.split('\n').slice(skip).join('\n');
  return lintText(body, { kind: 'markdown' }).map((d) => [d.line + skip, d.url]);
}

describe('markdownlint-rule: every markdownlint of the peer range', () => {
  for (const v of VERSIONS) {
    describe(v.module, () => {
      const markdownlint = load(v.module);
      const run = (text: string) => {
        const errors = markdownlint.lint({ strings: { doc: text }, config: { default: false, [NAME]: true }, customRules: [rule] }).doc;
        for (const e of errors) expect(e.errorDetail ?? '', 'the rule threw').to.not.match(/threw an exception/);
        return errors;
      };

      it(`is the version it stands for (${v.version})`, () => {
        expect(markdownlint.getVersion()).to.match(v.version);
      });

      it('reports every finding after front matter, on its line, and does not throw', () => {
        for (const [text, skip] of [
          [THROWS, 4],
          [MISPLACED, 4],
        ] as const) {
          const errors = run(text).filter((e) => e.lineNumber > skip);
          expect(errors.map((e) => [e.lineNumber, e.errorContext])).to.deep.equal(bodyFindings(text, skip));
        }
      });

      it(v.frontMatter ? 'reports the URLs of front matter on their lines' : 'leaves front matter unchecked (it cannot place an error there)', () => {
        for (const text of [THROWS, MISPLACED]) {
          const inFrontMatter = run(text).filter((e) => e.errorContext === 'https://example.com\\home');
          const column = text.split('\n')[2].indexOf('\\') + 1;
          expect(inFrontMatter.map((e) => [e.lineNumber, e.errorRange])).to.deep.equal(v.frontMatter ? [[3, [column, 1]]] : []);
        }
      });

      it('is named url-grammar/valid-url once, as markdownlint-cli2 prints names (joined by "/")', () => {
        const errors = run('<https://example.com\\a>\n');
        expect(errors.map((e) => e.ruleNames.join('/'))).to.deep.equal([NAME]);
      });
    });
  }
});
