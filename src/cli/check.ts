// `url-grammar check <url> [--base <url>] [--json]`: is the URL valid? Three verdicts (does it
// parse, does it parse without a validation error, is it a valid URL string by the writing rules),
// why, and where the parser and the writing rules disagree. Exit 0 when it is valid both ways,
// 1 when it is not, 2 for bad arguments.

import { explain, type Explanation } from '../check/explain';
import { URL } from '../api/url';
import { caretLines, clippedLine, errorLines, listedLines, printable, quoted } from './parse';
import { createColors, requireParsableBase, useColor, type Colors } from './io';
import type { CommandSpec } from './command';

const plain = createColors(false);

export interface CheckReport extends Explanation {
  base: string | null;
  /** Valid both ways: it parses with no validation error, and it is a valid URL string. */
  valid: boolean;
  /** What the input is, in words, where the verdicts alone would puzzle (a relative reference without a base). */
  inWords: string | null;
}

const EXAMPLE_BASE = 'https://example.com/dir/page';

/** Which kind of relative reference `input` is (url.bs's relative-URL string forms). */
function relativeKind(input: string): string {
  const s = input.replace(/^[\u0000-\u0020]+/, '');
  if (/^[\/\\]{2}/.test(s)) return 'a scheme-relative reference ("//host/path": it takes only the scheme from the base)';
  if (/^[\/\\]/.test(s)) return 'a path-absolute reference ("/path": it takes the scheme and host from the base)';
  if (s.startsWith('?')) return 'a query-only reference ("?query": it replaces the base URL\'s query)';
  if (s.startsWith('#')) return 'a fragment-only reference ("#fragment": it replaces the base URL\'s fragment)';
  if (s === '') return 'the empty reference (it means the base URL itself, less its fragment)';
  return 'a path-relative reference ("path": it is resolved against the base URL\'s directory)';
}

/** The input in words, when it has no scheme and there is no base: what it is and what a base would make of it. */
export function inWords(input: string, base: string | undefined, e: Explanation): string | null {
  if (base !== undefined || !e.errors.some((x) => x.type === 'missing-scheme-non-relative-URL')) return null;
  const resolved = URL.parse(input, EXAMPLE_BASE);
  const example = resolved ? ` Against ${EXAMPLE_BASE} it would mean ${resolved.href}.` : '';
  return (
    `${quoted(input)} has no scheme (nothing like "https:" before its first "/", "?" or "#"), so on its own it is not a URL and the parser fails; ` +
    `it is ${relativeKind(input)}, a relative-URL string that means something only against a base URL (give one with --base).${example}`
  );
}

export function checkReport(input: string, base: string | undefined): CheckReport {
  const e = explain(input, { baseURL: base ?? null });
  return { ...e, base: base ?? null, valid: e.parserValid && e.grammarValid, inWords: inWords(input, base, e) };
}

const yesNo = (b: boolean, pc: Colors) => (b ? pc.green('yes') : pc.red('no'));

export function formatCheckReport(rep: CheckReport, pc: Colors = plain): string {
  const out: string[] = [];
  const head = (s: string) => pc.bold(s);
  const row = (name: string, value: string) => out.push(`${head(name.padEnd(14))} ${value}`);
  row('input', clippedLine(rep.input));
  if (rep.base !== null) row('base', clippedLine(rep.base));
  row('parses', rep.parses ? pc.green('yes') : pc.red('no (failure)'));
  row('parser-valid', rep.parserValid ? pc.green('yes (no validation error)') : pc.red(`no (${rep.errors.length} validation error${rep.errors.length === 1 ? '' : 's'})`));
  row('grammar-valid', rep.grammarValid ? pc.green('yes (a valid URL string)') : pc.red('no (not a valid URL string)'));
  row('verdict', rep.valid ? pc.green('valid') : pc.red('invalid'));
  if (rep.inWords !== null) out.push('', head('in words'), `  ${printable(rep.inWords)}`);

  out.push('', head(`validation errors (${rep.errors.length})`));
  for (const l of listedLines(rep.errors, 'validation error', (e) => errorLines(rep.input, e, pc))) out.push(l);

  out.push('', head(`writing problems (${rep.problems.length})`));
  const problems = listedLines(rep.problems, 'writing problem', (p) => {
    const [line, carets] = caretLines(rep.input, p.offset, Math.min(rep.input.length, p.offset + 1));
    return [`  ${pc.yellow(p.rule)} at ${p.offset}: ${printable(p.message)}`, `    ${line}`, `    ${pc.cyan(carets)}`];
  });
  for (const l of problems) out.push(l);

  const r = rep.relativeFor;
  out.push(
    '',
    `${head('relative-URL-with-fragment string')} against a special base URL: ${yesNo(r.special, pc)}, a file base URL: ${yesNo(r.file, pc)}, another base URL: ${yesNo(r.other, pc)}`,
  );
  if (rep.disagreement !== null) out.push('', head('disagreement'), `  ${printable(rep.disagreement)}`);
  return out.join('\n');
}

export const command: CommandSpec = {
  name: 'check',
  description: 'check a URL: does it parse, with no validation error, and is it a valid URL string',
  arguments: [{ name: 'url', description: 'the URL (or relative-URL string, with --base)', required: true }],
  options: {
    base: { type: 'string', value: '<url>', description: 'the base URL to check against' },
    json: { type: 'boolean', description: 'print JSON' },
  },
  run({ url }, opts, io) {
    const base = opts.base as string | undefined;
    requireParsableBase(base, URL.canParse);
    const rep = checkReport(url as string, base);
    io.setExitCode(rep.valid ? 0 : 1);
    io.out((opts.json ? JSON.stringify(rep, null, 2) : formatCheckReport(rep, createColors(useColor(io)))) + '\n');
  },
};
