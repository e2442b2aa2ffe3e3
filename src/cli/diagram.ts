// `url-grammar diagram [rule] --out <dir> [--format svg|html|ebnf] [--grammar url|host]`: the
// grammar's railroad diagrams (one SVG file per rule, or one HTML page), or the grammar as EBNF.
//
//   svg    <dir>/<rule>.svg for every rule (or only `rule`); each box of another rule links to
//          that rule's file
//   html   <dir>/index.html: every rule (or only `rule`) on one self-contained page
//   ebnf   printed to standard output, or written to <dir>/<grammar>.ebnf with --out

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { HOST_GRAMMAR } from '../../grammar/host';
import { WRITING_GRAMMAR } from '../../grammar/writing';
import { URL_GRAMMAR } from '../../grammar/url';
import type { Grammar } from '../../grammar/vocabulary';
import { grammarToEBNF } from '../grammar/ebnf';
import { grammarToHTML, ruleToSVG } from '../grammar/railroad';
import { usageError, type CliIO } from './io';

export const GRAMMARS: Readonly<Record<string, { title: string; grammar: Grammar }>> = {
  url: { title: 'URL grammar', grammar: URL_GRAMMAR },
  host: { title: 'Host grammar', grammar: HOST_GRAMMAR },
  writing: { title: 'URL-writing grammar (valid URL strings)', grammar: WRITING_GRAMMAR },
};

const FORMATS = ['svg', 'html', 'ebnf'] as const;
type Format = (typeof FORMATS)[number];

const usage = usageError;

interface DiagramOptions {
  out?: string;
  format: string;
  grammar: string;
}

export function register(program: Command, io: CliIO): void {
  program
    .command('diagram')
    .description('draw the grammar: one railroad diagram (SVG) per rule, an HTML page of them all, or EBNF')
    .argument('[rule]', 'only this rule')
    .option('--out <dir>', 'the folder to write into (created if missing)')
    .option('--format <format>', `${FORMATS.join(', ')}`, 'svg')
    .option('--grammar <name>', `${Object.keys(GRAMMARS).join(', ')}`, 'url')
    .action((ruleName: string | undefined, opts: DiagramOptions) => {
      if (!(FORMATS as readonly string[]).includes(opts.format)) {
        throw usage(`unknown format ${JSON.stringify(opts.format)} (expected ${FORMATS.join(', ')})`);
      }
      const format = opts.format as Format;
      const chosen = Object.prototype.hasOwnProperty.call(GRAMMARS, opts.grammar) ? GRAMMARS[opts.grammar] : undefined;
      if (!chosen) throw usage(`unknown grammar ${JSON.stringify(opts.grammar)} (expected ${Object.keys(GRAMMARS).join(', ')})`);
      const { grammar, title } = chosen;
      if (ruleName !== undefined && !Object.prototype.hasOwnProperty.call(grammar, ruleName)) {
        throw usage(`unknown rule ${JSON.stringify(ruleName)} in the ${opts.grammar} grammar`);
      }
      const rules = ruleName === undefined ? Object.keys(grammar) : [ruleName];

      if (format === 'ebnf' && opts.out === undefined) {
        io.out(grammarToEBNF(grammar, { rules }));
        return;
      }
      if (opts.out === undefined) throw usage(`--out <dir> is needed for --format ${format}`);
      const dir = opts.out;
      mkdirSync(dir, { recursive: true });
      if (format === 'svg') {
        for (const name of rules) writeFileSync(join(dir, `${name}.svg`), ruleToSVG(grammar, name));
        io.out(`wrote ${rules.length} SVG file${rules.length === 1 ? '' : 's'} to ${dir}\n`);
      } else if (format === 'html') {
        const file = join(dir, 'index.html');
        writeFileSync(file, grammarToHTML([{ title, grammar, rules }], { title: `url-grammar: ${title}` }));
        io.out(`wrote ${file}\n`);
      } else {
        const file = join(dir, `${opts.grammar}.ebnf`);
        writeFileSync(file, grammarToEBNF(grammar, { rules }));
        io.out(`wrote ${file}\n`);
      }
    });
}
