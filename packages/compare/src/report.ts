// The comparison as a document: Markdown (--report out.md) or one self-contained HTML page
// (--report out.html; inline style, no script, nothing fetched). Both show the matrix of parsers
// against components with agreement rates, then the disagreement classes of ./classes, each with
// its spec step, the parsers on each side and its shortest examples; the classes where parsers
// disagree on the host, or one fails where another parses, are flagged as security-relevant.

import { COMPONENTS, type AdapterReport } from './compare';
import type { StreamReport } from './stream';

export interface ReportSource {
  name: string;
  cases: number;
}

export interface ReportInput extends StreamReport {
  sources: ReportSource[];
  /** Free text under the title (how it was produced). */
  note?: string;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function rate(agreed: number, compared: number): string {
  if (compared === 0) return '–';
  if (agreed === compared) return '100%';
  return `${(Math.floor((agreed / compared) * 10_000) / 100).toFixed(2)}%`;
}

/** A value shown on one line: JSON quoting, with invisible and line-breaking characters escaped. */
export function show(s: string | null, noAnswer = false): string {
  if (noAnswer) return '(could not answer)';
  if (s === null) return '(not given)';
  return JSON.stringify(s).replace(/[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function shown(r: ReportInput): AdapterReport[] {
  return r.adapters.filter((a) => a.available);
}

function summaryLines(r: ReportInput): string[] {
  const out = [`${fmt(r.cases)} cases (${r.sources.map((s) => `${fmt(s.cases)} from ${s.name}`).join(', ')}); reference ${r.reference}.`];
  if (r.referenceErrors > 0) out.push(`${fmt(r.referenceErrors)} cases left out: the reference could not answer them.`);
  if (r.stopped) out.push('The run was stopped early: the counts cover the cases read until then.');
  for (const a of r.adapters) {
    if (!a.available) out.push(`${a.name}: unavailable (${a.unavailable ?? 'no reason given'}).`);
    else if (a.adapterErrors > 0) out.push(`${a.name}: could not answer ${fmt(a.adapterErrors)} cases (${a.adapterErrorMessages.map((m) => m.message).join('; ')}).`);
  }
  return out;
}

/** Plain Markdown text (not a code span, where escapes do not work): backslashes, pipes and backticks escaped. */
const mdCell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, '\\`');

/**
 * A CommonMark code span whose text is exactly `s` (which must not be empty), for a paragraph or a
 * list item. Backslash escapes do not work inside a code span, so nothing is escaped: the fence is
 * one backtick longer than the longest run of backticks in `s`, and a space pads both sides when
 * `s` starts or ends with a backtick (which would otherwise join the fence) or starts and ends with
 * a space (one of which CommonMark would strip from each side). Line endings inside a code span
 * become spaces, so `s` should have none; the report's values come from show(), which has none.
 * It is not for a GFM table cell: there the cell is split before the code span is read, and a
 * backslash followed by a pipe cannot be written (micromark's GFM tables read "\\|" as an escaped
 * backslash and the end of the cell), so the report puts no code spans in tables.
 */
export function codeSpan(s: string): string {
  let longest = 0;
  for (const run of s.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = s.startsWith('`') || s.endsWith('`') || (s.startsWith(' ') && s.endsWith(' ') && /[^ ]/.test(s)) ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

/** The report as Markdown. */
export function markdownReport(r: ReportInput): string {
  const a = shown(r);
  const lines: string[] = ['# url-grammar compare', ''];
  if (r.note) lines.push(r.note, '');
  for (const s of summaryLines(r)) lines.push(`- ${mdCell(s)}`);
  lines.push('', '## Agreement with url-grammar', '', 'Each cell: the share of cases where both answered that component and agreed (agreed/compared); "–": that parser does not report it.', '');
  lines.push(`| parser | answered | ${COMPONENTS.join(' | ')} |`, `| :--- |${[null, ...COMPONENTS].map(() => ' ---: |').join('')}`);
  for (const x of a) {
    const cells = COMPONENTS.map((k) => (x.components[k].compared === 0 ? '–' : `${rate(x.components[k].agreed, x.components[k].compared)} (${fmt(x.components[k].agreed)}/${fmt(x.components[k].compared)})`));
    lines.push(`| ${x.name} | ${fmt(x.answered)}/${fmt(r.cases)} | ${cells.join(' | ')} |`);
  }
  lines.push('', '## Disagreement classes', '', 'A case counts in a class when some parser differs from url-grammar there; ⚠ marks the security-relevant kinds (the host, or one parser failing where another parses: the confusions behind SSRF and open-redirect bugs).', '');
  lines.push('| class | decided by | cases |', '| :--- | :--- | ---: |');
  for (const c of r.classes) lines.push(`| ${c.security ? '⚠ ' : ''}${c.title} | [${c.link.replace(/^.*#/, '#')}](${c.link}) | ${fmt(c.cases)} |`);
  lines.push('', 'Cases in each class, by parser:', '', `| parser | ${r.classes.map((c) => `${c.security ? '⚠ ' : ''}${c.id}`).join(' | ')} |`, `| :--- |${r.classes.map(() => ' ---: |').join('')}`);
  for (const x of a) lines.push(`| ${x.name} | ${r.classes.map((c) => fmt(c.byParser[x.name] ?? 0)).join(' | ')} |`);
  for (const c of r.classes) {
    if (c.cases === 0) continue;
    lines.push('', `### ${c.security ? '⚠ ' : ''}${c.title}: ${fmt(c.cases)} cases`, '', `Decided by ${c.link}.${c.security ? ' Security-relevant.' : ''}`);
    c.examples.forEach((e, i) => {
      lines.push('', `${i === 0 ? 'Minimal example' : 'Also'}: input ${codeSpan(show(e.input))}${e.base !== null ? `, base ${codeSpan(show(e.base))}` : ''}`, '');
      for (const s of e.sides) lines.push(`- ${s.parsers.join(', ')}: ${s.noAnswer || s.value === null ? show(s.value, s.noAnswer) : codeSpan(show(s.value))}`);
    });
  }
  return lines.join('\n') + '\n';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function shade(agreed: number, compared: number): string {
  if (compared === 0) return '';
  const p = agreed / compared;
  // green at 100%, through yellow at 95%, to red at 90% and below: the differences worth seeing are small
  const hue = Math.round(Math.max(0, Math.min(1, (p - 0.9) / 0.1)) * 120);
  return ` style="background:hsl(${hue} 70% 88%)"`;
}

/** The report as one HTML page, with everything inline. */
export function htmlReport(r: ReportInput): string {
  const a = shown(r);
  const h: string[] = [];
  h.push('<!doctype html>', '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">', '<title>url-grammar compare</title>');
  h.push(
    '<style>body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:80em;padding:0 1em;color:#222}table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}table{display:block;overflow-x:auto;max-width:100%}th:first-child,td:first-child{text-align:left;white-space:nowrap}code{font:13px ui-monospace,monospace;background:#f4f4f4;padding:0 .2em;word-break:break-all}.sec{color:#a00;font-weight:bold}section{border-top:1px solid #ddd;margin-top:1.5em}ul.sides{margin:.3em 0 .8em}</style>',
    '</head><body>',
    '<h1>url-grammar compare</h1>',
  );
  if (r.note) h.push(`<p>${esc(r.note)}</p>`);
  h.push('<ul>', ...summaryLines(r).map((s) => `<li>${esc(s)}</li>`), '</ul>');
  h.push('<h2>Agreement with url-grammar</h2><p>Each cell: the share of cases where both answered that component and agreed; "–": that parser does not report it.</p>');
  h.push(`<table><tr><th>parser</th><th>answered</th>${COMPONENTS.map((k) => `<th>${k}</th>`).join('')}</tr>`);
  for (const x of a) {
    const cells = COMPONENTS.map((k) => {
      const t = x.components[k];
      return t.compared === 0 ? '<td>–</td>' : `<td${shade(t.agreed, t.compared)} title="${fmt(t.agreed)}/${fmt(t.compared)}">${rate(t.agreed, t.compared)}</td>`;
    });
    h.push(`<tr><td>${esc(x.name)}</td><td>${fmt(x.answered)}/${fmt(r.cases)}</td>${cells.join('')}</tr>`);
  }
  h.push('</table>');
  h.push('<h2>Disagreement classes</h2><p>A case counts in a class when some parser differs from url-grammar there. <span class="sec">⚠</span> marks the security-relevant kinds: the host, or one parser failing where another parses (the confusions behind SSRF and open-redirect bugs).</p>');
  h.push('<table><tr><th>class</th><th>decided by</th><th>cases</th></tr>');
  for (const c of r.classes) {
    h.push(`<tr><td>${c.security ? '<span class="sec">⚠</span> ' : ''}${c.cases > 0 ? `<a href="#class-${c.id}">${esc(c.title)}</a>` : esc(c.title)}</td><td><a href="${esc(c.link)}">${esc(c.link.replace(/^.*#/, '#'))}</a></td><td>${fmt(c.cases)}</td></tr>`);
  }
  h.push('</table><p>Cases in each class, by parser:</p>');
  h.push(`<table><tr><th>parser</th>${r.classes.map((c) => `<th>${c.security ? '<span class="sec">⚠</span> ' : ''}${esc(c.id)}</th>`).join('')}</tr>`);
  for (const x of a) h.push(`<tr><td>${esc(x.name)}</td>${r.classes.map((c) => `<td>${fmt(c.byParser[x.name] ?? 0)}</td>`).join('')}</tr>`);
  h.push('</table>');
  for (const c of r.classes) {
    if (c.cases === 0) continue;
    h.push(`<section id="class-${c.id}"><h3>${c.security ? '<span class="sec">⚠</span> ' : ''}${esc(c.title)}: ${fmt(c.cases)} cases</h3><p>Decided by <a href="${esc(c.link)}">${esc(c.link)}</a>.${c.security ? ' <span class="sec">Security-relevant.</span>' : ''}</p>`);
    c.examples.forEach((e, i) => {
      h.push(`<p>${i === 0 ? 'Minimal example' : 'Also'}: input <code>${esc(show(e.input))}</code>${e.base !== null ? `, base <code>${esc(show(e.base))}</code>` : ''}</p><ul class="sides">`);
      for (const s of e.sides) h.push(`<li>${esc(s.parsers.join(', '))}: ${s.noAnswer || s.value === null ? esc(show(s.value, s.noAnswer)) : `<code>${esc(show(s.value))}</code>`}</li>`);
      h.push('</ul>');
    });
    h.push('</section>');
  }
  h.push('</body></html>');
  return h.join('\n') + '\n';
}
