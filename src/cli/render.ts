// `url-grammar render <url> [--base <url>] [--width N] [--host-only] [--json]`: the form a browser
// shows a person (renderURL, src/api/rendering.ts), with what was simplified and elided and
// whether the host is shown in Unicode and, if not, why.

import { URL } from '../api/url';
import { renderURL, type RenderResult } from '../api/rendering';
import { hasPublicSuffixList } from '../api/public-suffix';
import { printable, quoted } from './parse';
import { createColors, requireParsableBase, usageError, useColor, type Colors } from './io';
import type { CommandSpec } from './command';


export interface RenderReport {
  input: string;
  base: string | null;
  parses: boolean;
  rendering: RenderResult | null;
}

export function formatRenderReport(rep: RenderReport, pc: Colors = createColors(false)): string {
  const out: string[] = [];
  const head = (s: string) => pc.bold(s.padEnd(12));
  out.push(`${head('input')} ${printable(rep.input)}`);
  if (rep.base !== null) out.push(`${head('base')} ${printable(rep.base)}`);
  const r = rep.rendering;
  if (!r) {
    out.push(`${head('rendered')} ${pc.red('no: the URL does not parse')}`);
    return out.join('\n');
  }
  out.push(`${head('rendered')} ${printable(r.text)}${r.fits ? '' : pc.yellow('  (wider than --width: the registrable domain is never elided)')}`);
  if (r.security) out.push(`${head('security')} ${r.security === 'secure' ? pc.green('secure') : pc.red('not secure')} (the scheme it stands for is omitted)`);
  if (r.host) {
    const h = r.host;
    let how: string;
    if (h.unicode) how = pc.green('shown in Unicode');
    else if (h.reasons.length > 0) how = pc.yellow('shown in ASCII, not Unicode:');
    else how = 'ASCII';
    out.push(`${head('host')} ${printable(h.shown)}  ${how}`);
    for (const reason of h.reasons) out.push(`${' '.repeat(15)}${reason.rule}: ${printable(reason.label)}: ${printable(reason.detail)}`);
    if (h.registrableDomainShown !== null) out.push(`${head('registrable')} ${printable(h.registrableDomainShown)}`);
  }
  out.push(`${head('simplified')} ${r.simplifications.length === 0 ? 'nothing' : r.simplifications.map((s) => `${s.rule} ${quoted(s.removed)}`).join(', ')}`);
  out.push(`${head('elided')} ${r.elisions.length === 0 ? 'nothing' : r.elisions.map((e) => `${e.component} ${quoted(e.removed)}`).join(', ')}`);
  out.push(`${head('href')} ${printable(r.href)}`);
  return out.join('\n');
}

function parseWidth(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw usageError(`--width wants a whole number of code points, got ${quoted(value)}`);
  return Number(value);
}

export const command: CommandSpec = {
  name: 'render',
  description: 'render a URL as a browser shows it to a person (url.bs "URL rendering"): what was simplified, elided, and why the host is or is not in Unicode',
  arguments: [{ name: 'url', description: 'the URL (or relative reference, with --base)', required: true }],
  options: {
    base: { type: 'string', value: '<url>', description: 'the base URL to resolve against' },
    width: { type: 'string', value: '<n>', description: 'the most code points to show; the registrable domain is never elided' },
    'host-only': { type: 'boolean', description: 'render only the host (and port)' },
    json: { type: 'boolean', description: 'print JSON' },
  },
  run(args, options, io) {
    const url = args.url as string;
    const opts = options as { base?: string; width?: string; hostOnly?: boolean; json?: boolean };
    requireParsableBase(opts.base, URL.canParse);
    // which part of a host is never elided is the registrable domain: rendering needs the list
    if (!hasPublicSuffixList()) throw usageError('render needs the Public Suffix List: npm install tldts (an optional peer dependency of url-grammar)');
    const width = opts.width === undefined ? undefined : parseWidth(opts.width);
    const rendering = renderURL(url, { width, hostOnly: opts.hostOnly === true, baseURL: opts.base });
    const rep: RenderReport = { input: url, base: opts.base ?? null, parses: rendering !== null, rendering };
    io.setExitCode(rendering ? 0 : 1);
    io.out((opts.json ? JSON.stringify(rep, null, 2) : formatRenderReport(rep, createColors(useColor(io)))) + '\n');
  },
};
