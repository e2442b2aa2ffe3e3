// The railroad diagrams of the rules an input went through, as data (no DOM): the page draws them,
// and a long input's are computed in the page's worker (./worker.ts), where tracing 100 KB does
// not hold the page up.

import { endsInANumber, isSpecialScheme, parseURL, type IntermediateRecord } from 'url-grammar';
import { entryFor, HOST_GRAMMAR, preprocessText, ruleToSVG, traceInput, tracePath, URL_GRAMMAR, type Grammar, type TraceEntry } from 'url-grammar/grammar';

export interface RuleDiagram {
  /** Which grammar: 'url' or 'host'. */
  grammar: 'url' | 'host';
  name: string;
  /** The rule's anchor in the URL Standard. */
  spec: string;
  svg: string;
}

export interface TracedGrammar {
  grammar: 'url' | 'host';
  /** The entry rules, and the text they ran on. */
  entries: string[];
  text: string;
  /** Where `text` starts in the input, and each of its code units' offsets in the input. */
  offsets: number[];
  trace: TraceEntry[];
  rules: RuleDiagram[];
  /** What the grammar's part is about, in words. */
  note: string;
}

export interface DiagramData {
  url: TracedGrammar;
  host: TracedGrammar[];
}

/** Each code unit of the preprocessed input's offset in the input (preprocess trims C0 controls and spaces, and removes tabs and newlines). */
function preprocessedOffsets(input: string): number[] {
  const leading = /^[\u0000-\u0020]*/.exec(input)![0].length;
  const trailing = leading === input.length ? 0 : /[\u0000-\u0020]*$/.exec(input)![0].length;
  const out: number[] = [];
  for (let i = leading; i < input.length - trailing; i++) if (!/[\t\n\r]/.test(input[i])) out.push(i);
  out.push(input.length - trailing);
  return out;
}

function traced(grammar: Grammar, kind: 'url' | 'host', entries: string[], text: string, offsets: number[], note: string, ctx?: { baseScheme?: string }): TracedGrammar | null {
  const trace: TraceEntry[] = [];
  for (const entry of entries) {
    const t = traceInput(grammar, entry, text, ctx);
    if (t.length === 0 && kind === 'host') return null;
    // A second entry rule's trace follows the first's: its parents are shifted. (One at a time: a
    // trace of a 100 KB input has too many entries to spread into push's arguments.)
    const shift = trace.length;
    for (const e of t) trace.push({ ...e, parent: e.parent === -1 ? -1 : e.parent + shift });
  }
  const names = trace.length ? [...new Set(trace.map((e) => e.rule))] : [entries[0]];
  const prefix = kind === 'url' ? 'rule' : 'host-rule';
  const link = (name: string): string | null => (names.includes(name) ? `#${prefix}-${name}` : null);
  const rules: RuleDiagram[] = [];
  for (const entry of entries) {
    const path = tracePath(grammar, entry, text, ctx);
    const own = new Set(traceInput(grammar, entry, text, ctx).map((e) => e.rule));
    for (const name of names) {
      if (rules.some((r) => r.name === name) || (entries.length > 1 && !own.has(name) && own.size > 0)) continue;
      rules.push({ grammar: kind, name, spec: grammar[name].spec, svg: ruleToSVG(grammar, name, { standalone: false, highlight: trace, path, link }) });
    }
  }
  return { grammar: kind, entries, text, offsets, trace, rules, note };
}

/** The diagrams of the URL grammar's rules for `input`, then the host grammar's for its host. */
export function diagramData(input: string, base: string | null, record: IntermediateRecord | null): DiagramData {
  const baseRecord = base === null ? null : parseURL(base);
  const { rule, ctx } = entryFor(baseRecord);
  const text = preprocessText(input);
  const url = traced(URL_GRAMMAR, 'url', [rule], text, preprocessedOffsets(input), '', ctx)!;
  const host: TracedGrammar[] = [];
  const h = record?.host;
  if (h && h.text !== '') {
    // The host's code units' offsets in the input (tabs and newlines inside it were removed).
    const at: number[] = [];
    for (let i = h.start; i < h.end; i++) if (!/[\t\n\r]/.test(input[i])) at.push(i);
    at.push(h.end);
    if (h.text.startsWith('[')) {
      const inner = h.text.slice(1, h.text.endsWith(']') ? -1 : undefined);
      const t = traced(HOST_GRAMMAR, 'host', ['ipv6-address'], inner, at.slice(1), `The host is an IPv6 address: the host grammar's rules it went through (entry rule ipv6-address), on the text between the brackets.`);
      if (t) host.push(t);
    } else {
      const scheme = record!.scheme?.text ?? baseRecord?.scheme ?? '';
      // The common case, a domain whose last label is not a number, is told by the core's
      // ends-in-a-number checker, without tracing.
      if (isSpecialScheme(scheme.toLowerCase()) && endsInANumber(h.text)) {
        const t = traced(HOST_GRAMMAR, 'host', ['ends-in-a-number', 'ipv4-address'], h.text, at, 'The host ends in a number, so the IPv4 parser takes it: the host grammar\'s rules it went through (entry rules ends-in-a-number and ipv4-address), on the host as written.');
        if (t) host.push(t);
      }
    }
  }
  return { url, host };
}
