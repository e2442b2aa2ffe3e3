// The coverage report as text (for a terminal), and as one self-contained HTML page. The JSON
// report is the CoverageReport object itself.
//
// Both put first what is not exercised: that is what a test suite lacks. Then everything that
// is, each with how many inputs exercise it and the shortest of them.

import type { BranchPointCoverage, CoverageReport, Gap, GrammarCoverage, NamedCoverage } from './measure';
import { columns } from 'url-grammar/cli';
import { MAX_CASE_LENGTH } from './corpus';

/** How the report says the bound on a case's size. */
const TOO_LONG = `${MAX_CASE_LENGTH / 1024} Ki UTF-16 code units`;

const number = (n: number) => n.toLocaleString('en-US');
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

/** A branch point as one label: `rule: matched`, `rule @0.1 optional`, `rule @top choice`. */
export function pointLabel(p: Pick<BranchPointCoverage, 'rule' | 'path' | 'kind'>): string {
  if (p.kind === 'rule') return `${p.rule} (rule)`;
  return `${p.rule} @${p.path === '' ? 'top' : p.path} ${p.kind}`;
}

/** How the report names each kind of gap (measure.ts's Gap), the ones a test lacks first. */
export const GAP_KINDS: ReadonlyArray<[Gap['kind'], string]> = [
  ['untested', 'behaviour no test exercises'],
  ['structure', 'alternatives the grammar repeats (its structure) and exercised where it first writes them'],
  ['count', 'counts (zero, one, many) of a repetition that other counts of it exercise'],
  ['unreachable', 'unreachable by construction'],
];

/** What is not exercised, by kind of gap, in words: "; not exercised: 4 behaviour no test exercises, 6 repeat ..." ("" when nothing is missing). */
function gapCounts(gaps: ReadonlyArray<Gap | undefined>): string {
  const n = (k: Gap['kind']) => gaps.filter((g) => g?.kind === k).length;
  const parts = GAP_KINDS.filter(([k]) => n(k) > 0).map(([k, words]) => `${number(n(k))} ${words}`);
  return parts.length === 0 ? '' : `; not exercised: ${parts.join(', ')}`;
}

/** The summary lines: one per grammar and one per other measure, each saying what kind of gap what is not exercised is. */
export function summaryRows(r: CoverageReport): Array<[string, string]> {
  const rows: Array<[string, string]> = r.grammars.map((g) => [
    g.name,
    `${number(g.exercised)} of ${number(g.branches)} branches exercised (${percent(g.exercised, g.branches)}), ${g.rulesExercised} of ${g.rules} rules${gapCounts(g.points.flatMap((p) => p.outcomes.map((o) => o.gap)))}`,
  ]);
  const count = (items: NamedCoverage[]) => items.filter((i) => i.count > 0).length;
  const gaps = (items: NamedCoverage[]) => gapCounts(items.map((i) => i.gap));
  rows.push(['validation errors', `${count(r.errors)} of ${r.errors.length} types raised${gaps(r.errors)}`]);
  rows.push(['state overrides', `${count(r.overrides)} of ${r.overrides.length} run (each override with each kind of URL)${gaps(r.overrides)}`]);
  rows.push(['writing rules', `${count(r.writingRules)} of ${r.writingRules.length} broken by some input${gaps(r.writingRules)}`]);
  return rows;
}


interface Line {
  label: string;
  count: number;
  shortest: string | null;
  about?: string;
  gap?: Gap;
}

function grammarLines(g: GrammarCoverage): Line[] {
  return g.points.flatMap((p) =>
    p.outcomes.map((o) => ({
      label: `${pointLabel(p)}: ${o.outcome}`,
      count: o.count,
      shortest: o.shortest,
      about: o.shape ?? (p.kind === 'rule' ? undefined : p.shape),
      gap: o.gap,
    })),
  );
}

function namedLines(items: NamedCoverage[]): Line[] {
  return items.map((i) => ({ label: i.name, count: i.count, shortest: i.shortest, about: i.about, gap: i.gap }));
}

/** Every section of the report: its title and its lines. */
function sections(r: CoverageReport): Array<{ title: string; lines: Line[] }> {
  return [
    ...r.grammars.map((g) => ({ title: g.name, lines: grammarLines(g) })),
    { title: 'validation errors', lines: namedLines(r.errors) },
    { title: 'state overrides', lines: namedLines(r.overrides) },
    { title: 'writing rules', lines: namedLines(r.writingRules) },
  ];
}

/** `s` cut to a line's worth (the HTML and JSON reports have the whole shape). */
const clip = (s: string) => (s.length > 100 ? `${s.slice(0, 99)}\u2026` : s);

/** The report for a terminal. `show` makes a string printable on one line (the core's `printable`). */
export function textReport(r: CoverageReport, show: (s: string) => string = (s) => s): string {
  const out: string[] = [];
  const sources = r.corpora.map((c) => `${show(c.name)}: ${number(c.cases)} cases${c.skipped ? `, ${number(c.skipped)} entries skipped` : ''}${c.tooLong ? `, ${number(c.tooLong)} skipped as longer than ${TOO_LONG}` : ''}`).join('; ');
  out.push(`url-grammar coverage: ${number(r.inputs)} distinct inputs (${sources})`, '');
  for (const l of columns(summaryRows(r), '')) out.push(l);
  out.push('');
  const all = sections(r);
  // what a test lacks first; then the artefacts, each with why no test can or need add it
  for (const [kind, words] of GAP_KINDS) {
    out.push(`Not exercised, ${words}:`);
    let none = true;
    for (const s of all) {
      const missing = s.lines.filter((l) => l.count === 0 && (l.gap?.kind ?? 'untested') === kind);
      if (missing.length === 0) continue;
      none = false;
      out.push(`  ${s.title} (${missing.length})`);
      const rows = missing.map((l): [string, string] => [l.label, show(clip(kind === 'untested' ? (l.about ?? '') : (l.gap?.why ?? '')))]);
      for (const l of columns(rows, '    ')) out.push(l);
    }
    if (none) out.push('  nothing');
    out.push('');
  }
  out.pop();
  out.push('', 'Exercised (inputs, shortest input):');
  for (const s of all) {
    const done = s.lines.filter((l) => l.count > 0);
    if (done.length === 0) continue;
    out.push(`  ${s.title} (${done.length})`);
    for (const l of columns(done.map((l) => [l.label, `${number(l.count)}  ${show(l.shortest ?? '')}`]), '    ')) out.push(l);
  }
  for (const g of r.grammars) {
    if (g.unreached.length) out.push('', `${g.name}: not measured (part of no match of the entry rules ${g.entries.join(', ')}): ${g.unreached.join(', ')}`);
  }
  return out.join('\n') + '\n';
}

const escapeHTML = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}td.n{text-align:right}code{font:13px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
tr.missing td{background:#fee}tr.missing.structure td,tr.missing.count td,tr.missing.unreachable td{background:#f4f4f4;color:#555}h2{margin-top:1.5em}`;

/** The report as one HTML page with nothing to load. */
export function htmlReport(r: CoverageReport): string {
  const gapWords = new Map(GAP_KINDS);
  const rows = (lines: Line[]) =>
    lines
      .map((l) => `<tr${l.count === 0 ? ` class="missing ${l.gap?.kind ?? 'untested'}"` : ''}><td><code>${escapeHTML(l.label)}</code><td class=n>${number(l.count)}<td><code>${escapeHTML(l.shortest ?? '')}</code><td>${escapeHTML(l.about ?? '')}${l.gap && l.gap.kind !== 'untested' ? `<br><i>${escapeHTML(gapWords.get(l.gap.kind) ?? '')}: ${escapeHTML(l.gap.why)}</i>` : ''}`)
      .join('\n');
  const body: string[] = [];
  body.push('<h1>url-grammar coverage</h1>');
  body.push(`<p>${number(r.inputs)} distinct inputs from ${r.corpora.map((c) => `${escapeHTML(c.name)} (${number(c.cases)} cases${c.tooLong ? `; ${number(c.tooLong)} skipped as longer than ${TOO_LONG}` : ''})`).join(', ')}.`);
  body.push('<table>');
  for (const [a, b] of summaryRows(r)) body.push(`<tr><th>${escapeHTML(a)}<td>${escapeHTML(b)}`);
  body.push('</table>');
  for (const s of sections(r)) {
    const missing = s.lines.filter((l) => l.count === 0);
    const done = s.lines.filter((l) => l.count > 0);
    // what a test lacks first, then the artefacts (the grammar's structure, counts, unreachable), then what is exercised
    const order = (l: Line) => GAP_KINDS.findIndex(([k]) => k === (l.gap?.kind ?? 'untested'));
    body.push(`<h2>${escapeHTML(s.title)}</h2>`, `<p>${done.length} of ${s.lines.length} exercised; not exercised first, behaviour no test exercises before the artefacts no test can or need add.`);
    body.push('<table><tr><th>what<th>inputs<th>shortest input<th>about', rows([...missing].sort((a, b) => order(a) - order(b))), rows(done), '</table>');
  }
  for (const g of r.grammars) {
    if (g.unreached.length) body.push(`<p>${escapeHTML(g.name)}: not measured (part of no match of its entry rules): <code>${escapeHTML(g.unreached.join(', '))}</code>`);
  }
  return `<!DOCTYPE html>\n<html lang=en><meta charset=utf-8><title>url-grammar coverage</title><style>${CSS}</style>\n${body.join('\n')}\n</html>\n`;
}
