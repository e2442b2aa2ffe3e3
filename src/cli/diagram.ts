// `url-grammar diagram [rule] --out <dir> [--force] [--format svg|html|ebnf] [--grammar url|host|writing]`
// `url-grammar diagram --trace <url> [--base <url>] [--out <dir> [--force]]`: the grammar's railroad
// diagrams (one SVG file per rule, or one HTML page), the grammar as EBNF, or the page of the
// rules one input went through with its path marked on them.
//
//   svg    <dir>/<rule>.svg for every rule (or only `rule`); each box of another rule links to
//          that rule's file. A rule name's "/" (the writing grammar has them), "\", "%" and the
//          other characters a file name cannot hold are written %XX in the file name.
//   html   <dir>/index.html: every rule (or only `rule`) on one self-contained page
//   ebnf   printed to standard output, or written to <dir>/<grammar>.ebnf with --out
//   --trace  the URL grammar's rules that <url> matched (with --base, the entry rule for that
//          base), each box and line it went through highlighted: <dir>/trace.html, or standard
//          output without --out
//
// --out must name a folder (created if missing); an existing file there is a bad argument (2).
// An unknown rule is a bad argument too, with the closest names and the list of rules.
// Each file is written by the safe writer (write.ts): a file that is already there is replaced only
// with --force (a symbolic link's target then, the link kept), and before any is written, so a run
// refused for that writes nothing; a folder, a device, a FIFO, a full or read-only disk: one line
// `error: cannot write <file>: <reason>`, exit 2.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HOST_GRAMMAR } from '../../grammar/host';
import { WRITING_GRAMMAR } from '../../grammar/writing';
import { URL_GRAMMAR } from '../../grammar/url';
import type { Grammar } from '../../grammar/vocabulary';
import { entryFor, parseURL } from '../parse';
import { grammarToEBNF } from '../grammar/ebnf';
import { grammarToHTML, ruleToSVG, traceInput } from '../grammar/railroad';
import { usageError } from './io';
import type { CommandSpec } from './command';
import { checkWritable, writeFileSafely } from './write';

export const GRAMMARS: Readonly<Record<string, { title: string; grammar: Grammar }>> = {
  url: { title: 'URL grammar', grammar: URL_GRAMMAR },
  host: { title: 'Host grammar', grammar: HOST_GRAMMAR },
  writing: { title: 'URL-writing grammar (valid URL strings)', grammar: WRITING_GRAMMAR },
};

const FORMATS = ['svg', 'html', 'ebnf'] as const;
type Format = (typeof FORMATS)[number];

interface DiagramOptions {
  out?: string;
  force?: boolean;
  format: string;
  grammar: string;
  trace?: string;
  base?: string;
}

/** The file name (without ".svg") for a rule: what a file name cannot hold, as %XX. */
export function ruleFileName(rule: string): string {
  return rule.replace(/[%\/\\:*?"<>|\u0000-\u001f]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** Levenshtein distance, for "did you mean". */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The one-line message for a rule `name` that `grammarName` does not have. */
export function unknownRuleMessage(name: string, grammarName: string): string {
  const rules = Object.keys(GRAMMARS[grammarName].grammar);
  const scored = rules.map((r) => ({ r, d: editDistance(name.toLowerCase(), r.toLowerCase()) })).sort((a, b) => a.d - b.d || a.r.localeCompare(b.r));
  const close = scored.filter((x) => x.d <= Math.max(2, Math.floor(name.length / 3)) || x.r.includes(name)).slice(0, 3).map((x) => JSON.stringify(x.r));
  const elsewhere = Object.keys(GRAMMARS).filter((g) => g !== grammarName && Object.prototype.hasOwnProperty.call(GRAMMARS[g].grammar, name));
  let message = `unknown rule ${JSON.stringify(name)} in the ${grammarName} grammar`;
  if (elsewhere.length > 0) message += ` (it is in the ${elsewhere.join(' and ')} grammar: add --grammar ${elsewhere[0]})`;
  else if (close.length > 0) message += ` (did you mean ${close.join(' or ')}?)`;
  else {
    const near = Object.keys(GRAMMARS)
      .filter((g) => g !== grammarName)
      .flatMap((g) => Object.keys(GRAMMARS[g].grammar).map((r) => ({ r, g, d: editDistance(name.toLowerCase(), r.toLowerCase()) })))
      .filter((x) => x.d <= Math.max(2, Math.floor(name.length / 3)))
      .sort((a, b) => a.d - b.d)[0];
    if (near) message += ` (did you mean ${JSON.stringify(near.r)}, with --grammar ${near.g}?)`;
  }
  return `${message}; its rules: ${rules.join(', ')}`;
}

/**
 * mkdirSync(dir, { recursive: true }), a level at a time from the nearest folder that exists:
 * Node's recursive form never returns for a path under /proc on Linux (`--out /proc/x`).
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

/** Makes `dir` a folder to write into, or throws a usage error. */
function outputFolder(dir: string): string {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw usageError(`--out ${JSON.stringify(dir)} is a file, not a folder`);
  try {
    makeFolders(dir);
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    throw usageError(`cannot create the folder ${JSON.stringify(dir)}${code ? ` (${code})` : ''}`);
  }
  return dir;
}

/**
 * Writes each [file, content] of `files` safely, replacing files only with `force`. Each
 * destination is checked before any is written, so a run refused for one of them writes none
 * (the writer checks again as it writes each, for a file that appears meanwhile).
 */
function writeFiles(files: ReadonlyArray<readonly [string, string]>, force: boolean): void {
  for (const [file] of files) checkWritable(file, { replace: force });
  for (const [file, content] of files) writeFileSafely(file, content, { replace: force });
}

/** The page of the URL grammar's rules that `input` (with `base`) went through, the path marked. */
export function tracePage(input: string, base: string | undefined): string | null {
  const baseRecord = base === undefined ? null : parseURL(base);
  const { rule, ctx } = entryFor(baseRecord);
  // what the parser does first: trim C0 controls and spaces, drop tabs and newlines
  const text = input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const trace = traceInput(URL_GRAMMAR, rule, text, ctx);
  if (trace.length === 0) return null;
  const rules = [...new Set(trace.map((e) => e.rule))];
  const title = `url-grammar: the path of ${JSON.stringify(input)}${base === undefined ? '' : ` against ${JSON.stringify(base)}`}`;
  return grammarToHTML([{ title: `URL grammar, from the entry rule ${rule}`, grammar: URL_GRAMMAR, rules, highlight: trace }], { title });
}

export const command: CommandSpec = {
  name: 'diagram',
  description: 'draw the grammar: one railroad diagram (SVG) per rule, an HTML page of them all, EBNF, or the path one URL takes',
  arguments: [{ name: 'rule', description: 'only this rule' }],
  options: {
    out: { type: 'string', value: '<dir>', description: 'the folder to write into (created if missing)' },
    force: { type: 'boolean', description: 'replace the files of --out that exist already' },
    format: { type: 'string', value: '<format>', description: FORMATS.join(', '), default: 'svg' },
    grammar: { type: 'string', value: '<name>', description: Object.keys(GRAMMARS).join(', '), default: 'url' },
    trace: { type: 'string', value: '<url>', description: 'an HTML page of the rules this input goes through, its path highlighted' },
    base: { type: 'string', value: '<url>', description: 'with --trace: the base URL (it decides the entry rule)' },
  },
  run(args, options, io) {
    const ruleName = args.rule as string | undefined;
    const opts = options as unknown as DiagramOptions;
    const force = opts.force === true;
    if (force && opts.out === undefined) throw usageError('--force goes with --out');
    if (opts.trace !== undefined) {
      if (ruleName !== undefined) throw usageError('--trace draws the rules the input goes through: give no rule name');
      if (opts.grammar !== 'url') throw usageError('--trace follows the URL grammar only');
      if (opts.base !== undefined && parseURL(opts.base) === null) throw usageError(`the base URL does not parse: ${JSON.stringify(opts.base)}`);
      const page = tracePage(opts.trace, opts.base);
      if (page === null) {
        io.err(`the URL grammar does not match ${JSON.stringify(opts.trace)}\n`);
        io.setExitCode(1);
        return;
      }
      if (opts.out === undefined) {
        io.out(page);
        return;
      }
      const file = join(outputFolder(opts.out), 'trace.html');
      writeFiles([[file, page]], force);
      io.out(`wrote ${file}\n`);
      return;
    }
    if (opts.base !== undefined) throw usageError('--base goes with --trace');
    if (!(FORMATS as readonly string[]).includes(opts.format)) {
      throw usageError(`unknown format ${JSON.stringify(opts.format)} (expected ${FORMATS.join(', ')})`);
    }
    const format = opts.format as Format;
    const chosen = Object.prototype.hasOwnProperty.call(GRAMMARS, opts.grammar) ? GRAMMARS[opts.grammar] : undefined;
    if (!chosen) throw usageError(`unknown grammar ${JSON.stringify(opts.grammar)} (expected ${Object.keys(GRAMMARS).join(', ')})`);
    const { grammar, title } = chosen;
    if (ruleName !== undefined && !Object.prototype.hasOwnProperty.call(grammar, ruleName)) throw usageError(unknownRuleMessage(ruleName, opts.grammar));
    const rules = ruleName === undefined ? Object.keys(grammar) : [ruleName];

    if (format === 'ebnf' && opts.out === undefined) {
      io.out(grammarToEBNF(grammar, { rules }));
      return;
    }
    if (opts.out === undefined) throw usageError(`--out <dir> is needed for --format ${format}`);
    const dir = outputFolder(opts.out);
    if (format === 'svg') {
      const link = (name: string) => `${encodeURIComponent(ruleFileName(name))}.svg`;
      writeFiles(
        rules.map((name) => [join(dir, `${ruleFileName(name)}.svg`), ruleToSVG(grammar, name, { link })] as const),
        force,
      );
      io.out(`wrote ${rules.length} SVG file${rules.length === 1 ? '' : 's'} to ${dir}\n`);
    } else if (format === 'html') {
      const file = join(dir, 'index.html');
      writeFiles([[file, grammarToHTML([{ title, grammar, rules }], { title: `url-grammar: ${title}` })]], force);
      io.out(`wrote ${file}\n`);
    } else {
      const file = join(dir, `${opts.grammar}.ebnf`);
      writeFiles([[file, grammarToEBNF(grammar, { rules })]], force);
      io.out(`wrote ${file}\n`);
    }
  },
};
