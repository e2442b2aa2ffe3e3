// `url-grammar parse <url> [--base <url>] [--json]`: how one URL parses: its components, what
// the grammar found where, and each validation error with a caret line under its span.

import { URL_ATTRIBUTES } from '../api/url';
import { URL, hostPublicSuffix, hostRegistrableDomain, isSpecialScheme, parseWithDiagnostics, type IntermediateRecord, type Span } from '../index';
import type { ValidationError } from '../semantic/errors';
import { createColors, requireParsableBase, useColor, type Colors } from './io';
import type { CommandSpec } from './command';

const plain = createColors(false);


/** A printable form of `s` for one line: control characters shown as escapes. */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/** The input on one line and a caret line under [start, end). */
export function caretLines(input: string, start: number, end: number): [string, string] {
  const before = printable(input.slice(0, start));
  const inside = printable(input.slice(start, end));
  const width = Math.max(1, [...inside].length);
  return [printable(input), ' '.repeat([...before].length) + '^'.repeat(width)];
}

function recordRows(r: IntermediateRecord): Array<[string, Span]> {
  const rows: Array<[string, Span]> = [];
  const add = (name: string, s: Span | null) => s && rows.push([name, s]);
  add('scheme', r.scheme);
  add('slashes', r.slashes);
  add('username', r.username);
  add('password', r.password);
  add('host', r.host);
  add('port', r.port);
  r.path.forEach((s, i) => add(`path[${i}]`, s));
  add('opaque path', r.opaquePath);
  add('query', r.query);
  add('fragment', r.fragment);
  return rows;
}

export interface ParseReport {
  input: string;
  base: string | null;
  parses: boolean;
  components: Record<string, string> | null;
  /** https://url.spec.whatwg.org/#host-public-suffix of the URL's host (null: none, or no URL). */
  publicSuffix: string | null;
  /** https://url.spec.whatwg.org/#host-registrable-domain of the URL's host. */
  registrableDomain: string | null;
  record: IntermediateRecord | null;
  errors: ValidationError[];
}

export function parseReport(input: string, base: string | undefined): ParseReport {
  let components: Record<string, string> | null = null;
  let publicSuffix: string | null = null;
  let registrableDomain: string | null = null;
  const parsed = URL.parse(input, base);
  if (parsed) {
    components = {};
    for (const g of URL_ATTRIBUTES) components[g] = parsed[g];
    const { scheme, host } = URL.recordOf(parsed);
    if (host !== null) {
      // the host of a URL that is not special is opaque: it has neither
      const opaque = !isSpecialScheme(scheme);
      publicSuffix = hostPublicSuffix(host, { opaque });
      registrableDomain = hostRegistrableDomain(host, { opaque });
    }
  }
  const d = parseWithDiagnostics(input, { baseURL: base });
  return { input, base: base ?? null, parses: parsed !== null, components, publicSuffix, registrableDomain, record: d.record, errors: d.errors };
}

export function formatParseReport(rep: ParseReport, pc: Colors = plain): string {
  const out: string[] = [];
  const head = (s: string) => pc.bold(s);
  out.push(`${head('input')}     ${printable(rep.input)}`);
  if (rep.base !== null) out.push(`${head('base')}      ${printable(rep.base)}`);
  out.push(`${head('parses')}    ${rep.parses ? pc.green('yes') : pc.red('no (failure)')}`);
  if (rep.components) {
    out.push('', head('components'));
    for (const [k, v] of Object.entries(rep.components)) out.push(`  ${k.padEnd(9)} ${JSON.stringify(v)}`);
    out.push('', `${head('host')} (the Public Suffix List; null for an IP address or an opaque host)`);
    out.push(`  public suffix       ${JSON.stringify(rep.publicSuffix)}`);
    out.push(`  registrable domain  ${JSON.stringify(rep.registrableDomain)}`);
  }
  if (rep.record) {
    out.push('', `${head('record')} (what the grammar found; [start, end) in the input; rule ${rep.record.rule})`);
    for (const [name, s] of recordRows(rep.record)) {
      out.push(`  ${name.padEnd(11)} [${s.start}, ${s.end})  ${JSON.stringify(s.text)}`);
    }
  }
  out.push('', head(`validation errors (${rep.errors.length})`));
  if (rep.errors.length === 0) out.push('  none');
  for (const e of rep.errors) {
    const tag = e.failure ? pc.red(`${e.type} (failure)`) : pc.yellow(e.type);
    out.push(`  ${tag} at [${e.start}, ${e.end}): ${e.message}`);
    const [line, carets] = caretLines(rep.input, e.start, e.end);
    out.push(`    ${line}`, `    ${pc.cyan(carets)}`);
  }
  return out.join('\n');
}

export const command: CommandSpec = {
  name: 'parse',
  description: 'parse a URL: its components, what the grammar found where, and its validation errors',
  arguments: [{ name: 'url', description: 'the URL (or relative reference, with --base)', required: true }],
  options: {
    base: { type: 'string', value: '<url>', description: 'the base URL to resolve against' },
    json: { type: 'boolean', description: 'print JSON' },
  },
  run({ url }, opts, io) {
    const base = opts.base as string | undefined;
    requireParsableBase(base, URL.canParse);
    const rep = parseReport(url as string, base);
    io.out((opts.json ? JSON.stringify(rep, null, 2) : formatParseReport(rep, createColors(useColor(io)))) + '\n');
    io.setExitCode(rep.parses ? 0 : 1);
  },
};
