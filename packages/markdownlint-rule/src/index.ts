// @url-grammar/markdownlint-rule: a markdownlint custom rule, `url-grammar/valid-url`, that reports the WHATWG URL validation errors of the URLs in a Markdown document
// with the same lines, columns and fixes as url-grammar's `lint` (@url-grammar/lint).
//
// The rule does not find URLs on its own: it hands the document's text to lint's `lintText` (kind
// markdown, with fixes) and turns each diagnostic into a markdownlint error. That is the simplest
// way to give exactly lint's findings, since both read the same text with the same code.
//
// What markdownlint gives a rule is not quite the file, so the text is put back together first:
//   - the BOM is dropped and every line break (CR LF, CR, LF) is read as LF. lint drops the BOM
//     too and counts lines the same way, so lines and columns do not move. A URL that holds a
//     line break itself (in a raw HTML attribute) is read with LF for CR LF; the URL parser
//     removes line breaks and reports the first one only, where the line ends, so its findings
//     are the same;
//   - front matter (YAML, TOML or JSON at the top) is taken out of `params.lines` and given in
//     `params.frontMatterLines`. The rest is linted as Markdown, and markdownlint moves its line
//     numbers down past the front matter itself. The front matter is not Markdown: it is linted
//     as text (lint's prose URLs) and reported with `frontMatter: true`, unless the option
//     `frontMatter` is false. markdownlint reads `frontMatter` from 0.42.0 on; before that it
//     takes every line number as one of `params.lines` and checks a range against that line, so
//     a finding in front matter would land on a line of the document, or make markdownlint throw
//     (a range past the end of that line), which loses the rule's other findings in the file.
//     With an earlier markdownlint the front matter is therefore not checked;
//   - the content of what looks like an HTML comment is replaced by "." in `params.lines` (the
//     line lengths stay the same). The rule asks for micromark's tokens, whose text markdownlint
//     takes from the content before that, and writes the top-level tokens back over the lines
//     they cover, which gives back the document as it was.
//
// Positions: lint's lines and columns are 1-based and count UTF-16 code units, as markdownlint's
// do. lint gives one finding per URL, at its first validation error; it becomes one markdownlint
// error, with `range: [column, length]` of that first error on its line. A finding of no width gets the
// length 1 (the character at its place), and one that runs over a line break is cut at the end of
// its first line. A finding whose place is the end of a line (no character there) has no range.
//
// Fixes: where lint offers a fix (the URL replaced by its serialization, escaped for its place)
// the error carries it as `fixInfo`. lint never offers a fix
// for a URL that holds a line break, so a fix always stays on one line.
//
// Links: each error's `information` is its type's row of the table of validation errors in url.bs
// at the commit url-grammar implements (the core's errorLink; markdownlint-cli2 prints it beside
// the finding), and its detail says where the parser reported it (the core's reportedBy: "the
// authority state", "the IPv6 parser, called by the host state"). The rule's own `information` is
// url.bs's definition of a validation error, pinned the same way (specLink).
//
// Options, in markdownlint's configuration under the rule's name:
//   base          a URL: relative references are resolved against it and checked (without it
//                 they are not checked, as with `lint --base`);
//   failuresOnly  report only the errors that make the URL fail to parse (default false);
//   frontMatter   check the URLs in front matter (default true).

import { errorLink, parseURL, reportedBy, specLink, type URLRecord } from 'url-grammar';
import { lintText, type LintDiagnostic } from '@url-grammar/lint';

/** A token of markdownlint's micromark parse (only what this rule reads). */
interface MicromarkToken {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  text: string;
}

/** What markdownlint hands a rule (only what this rule reads). */
interface RuleParams {
  name: string;
  parsers: { micromark?: { tokens: readonly MicromarkToken[] } };
  lines: readonly string[];
  frontMatterLines: readonly string[];
  config: unknown;
  version: string;
}

/** A fix: on line `lineNumber`, delete `deleteCount` characters from `editColumn` and insert `insertText`. */
interface RuleOnErrorFixInfo {
  lineNumber?: number;
  editColumn?: number;
  deleteCount?: number;
  insertText?: string;
}

/** One error, as markdownlint's `onError` takes it. */
interface RuleOnErrorInfo {
  frontMatter?: boolean;
  lineNumber: number;
  detail?: string;
  context?: string;
  information?: URL;
  range?: [number, number];
  fixInfo?: RuleOnErrorFixInfo;
}

/** A markdownlint custom rule (the shape markdownlint's `Rule` type describes). */
interface Rule {
  names: string[];
  description: string;
  information?: URL;
  tags: string[];
  parser: 'markdownit' | 'micromark' | 'none';
  asynchronous?: boolean;
  function: (params: RuleParams, onError: (info: RuleOnErrorInfo) => void) => void;
}

/** The rule's options: the object under its name in markdownlint's configuration. */
interface Options {
  /** Relative references are resolved against this URL and checked; without it they are skipped. */
  base?: string;
  /** Report only the errors that make the URL fail to parse. */
  failuresOnly?: boolean;
  /** Check the URLs in front matter, read as text (default true). */
  frontMatter?: boolean;
}

const NAME = 'url-grammar/valid-url';

/** The options in `config`, checked; `true`, `"warning"` and the like are no options at all. */
function readOptions(config: unknown): { base?: URLRecord; failuresOnly: boolean; frontMatter: boolean } {
  const options = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  const flag = (key: keyof Options, fallback: boolean): boolean => {
    const value = options[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw new TypeError(`${NAME}: the option "${key}" must be true or false, not ${JSON.stringify(value)}`);
    return value;
  };
  let base: URLRecord | undefined;
  if (options.base !== undefined) {
    if (typeof options.base !== 'string') throw new TypeError(`${NAME}: the option "base" must be a URL string, not ${JSON.stringify(options.base)}`);
    const record = parseURL(options.base);
    if (!record) throw new TypeError(`${NAME}: the option "base" does not parse as a URL: ${JSON.stringify(options.base)}`);
    base = record;
  }
  return { base, failuresOnly: flag('failuresOnly', false), frontMatter: flag('frontMatter', true) };
}

/**
 * The text of the document after its front matter, as it was before markdownlint replaced the
 * content of its HTML comments: `lines` joined, with the text of each top-level micromark token
 * written back over the span it covers. Tokens are read by line and column against `lines`,
 * which have the same lengths as the original lines; a token whose text does not fit its span is
 * left out, and what no token covers stays as `lines` have it.
 */
function documentText(lines: readonly string[], tokens: readonly MicromarkToken[] | undefined): string {
  const cleared = lines.join('\n');
  // Clearing keeps "<!--" and "-->": without them nothing was changed.
  if (!tokens || tokens.length === 0 || !cleared.includes('<!--')) return cleared;
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  const offset = (line: number, column: number): number => (line >= 1 && line <= starts.length ? starts[line - 1] + column - 1 : -1);
  const spans: Array<{ start: number; end: number; text: string }> = [];
  for (const token of tokens) {
    const start = offset(token.startLine, token.startColumn);
    const end = offset(token.endLine, token.endColumn);
    if (start < 0 || end > cleared.length || end - start !== token.text.length) continue;
    spans.push({ start, end, text: token.text });
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const parts: string[] = [];
  let done = 0;
  for (const span of spans) {
    if (span.end <= done) continue;
    const from = Math.max(span.start, done);
    parts.push(cleared.slice(done, from), span.text.slice(from - span.start));
    done = span.end;
  }
  parts.push(cleared.slice(done));
  return parts.join('');
}

/** The markdownlint range of a finding on `line`: [column, length], or undefined where there is no character to point at. */
function rangeOf(d: Pick<LintDiagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>, line: string): [number, number] | undefined {
  if (d.column > line.length) return undefined;
  const end = d.endLine === d.line ? d.endColumn : line.length + 1;
  return [d.column, Math.max(1, end - d.column)];
}

/**
 * Whether markdownlint `version` places an error in front matter (`frontMatter: true`, new in
 * 0.42.0). A version it does not say, or says in a form not known here, is taken as one that
 * does not: a finding then goes unreported rather than on the wrong line.
 */
function reportsFrontMatter(version: unknown): boolean {
  const m = typeof version === 'string' ? /^(\d+)\.(\d+)\./.exec(version) : null;
  if (!m) return false;
  return Number(m[1]) > 0 || Number(m[2]) >= 42;
}

/** A finding's words: its message, and where its (first) error was reported ("Reported by the authority state."). */
function detailOf(d: LintDiagnostic): string {
  const first = d.errors[0];
  const where = first ? reportedBy(first).text : null;
  if (d.errors.length > 1) return `${d.message}. The first is reported by ${where}.`;
  return where === null ? `${d.type}: ${d.message}` : `${d.type}: ${d.message} Reported by ${where}.`;
}

/** The markdownlint error for a finding of lint, on `lines` (the document's, or its front matter's). */
function toErrorInfo(d: LintDiagnostic, lines: readonly string[], frontMatter = false): RuleOnErrorInfo {
  const info: RuleOnErrorInfo = {
    lineNumber: d.line,
    // one error per URL, as lint reports it: the type and the standard's words when it has one
    // error; else lint's message, which names every type ("3 validation errors: ..."); then where
    // the parser reported the (first) error
    detail: detailOf(d),
    context: d.url,
    // the (first) error type's row of url.bs's table of validation errors, pinned
    information: new URL(errorLink(d.type)),
  };
  if (frontMatter) info.frontMatter = true;
  const range = rangeOf(d, lines[d.line - 1] ?? '');
  if (range) info.range = range;
  if (d.fix && d.fix.endLine === d.fix.line) {
    info.fixInfo = { lineNumber: d.fix.line, editColumn: d.fix.column, deleteCount: d.fix.endColumn - d.fix.column, insertText: d.fix.text };
  }
  return info;
}

// One name: markdownlint-cli2 and markdownlint's other tools print a rule's names joined by "/",
// so a second name (an alias) would print as "url-grammar/valid-url/valid-url". The one name is
// also the key of the rule's configuration and what its disable comments name.
const names = [NAME];
const description = 'URLs must be valid URL strings (WHATWG URL Standard)';
// url.bs's definition of a validation error, pinned to the text url-grammar implements
const information = new URL(specLink('validation-error'));
const tags = ['url', 'links'];
const parser = 'micromark';

/** The rule's function: lint's findings in the document (and its front matter), reported to markdownlint. */
function validate(params: RuleParams, onError: (info: RuleOnErrorInfo) => void): void {
  const options = readOptions(params.config);
  const report = (diagnostics: readonly LintDiagnostic[], lines: readonly string[], frontMatter: boolean): void => {
    for (const d of diagnostics) {
      if (!options.failuresOnly) {
        onError(toErrorInfo(d, lines, frontMatter));
        continue;
      }
      // The error that makes the URL fail, which need not be its first: the parser returns
      // failure where it meets it, so there is one at most, and the finding becomes that error.
      const failure = d.errors.find((e) => e.failure);
      if (failure) onError(toErrorInfo({ ...d, ...failure, errors: [failure] }, lines, frontMatter));
    }
  };
  if (options.frontMatter && params.frontMatterLines.length > 0 && reportsFrontMatter(params.version)) {
    const text = params.frontMatterLines.join('\n');
    report(lintText(text, { kind: 'text', base: options.base, fixes: true }), params.frontMatterLines, true);
  }
  const text = documentText(params.lines, params.parsers.micromark?.tokens);
  report(lintText(text, { kind: 'markdown', base: options.base, fixes: true }), params.lines, false);
}

// One export, the rule object: require() and an import's default both give it, and so does
// markdownlint-cli2's `customRules`. It is written as an object literal of names so that Node.js
// also finds each property as a named export of this CommonJS module, as its types promise.
export = {
  names,
  description,
  information,
  tags,
  parser,
  function: validate,
} satisfies Rule;
