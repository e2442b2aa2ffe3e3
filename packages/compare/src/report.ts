// The comparison as a document: Markdown (--report out.md), one self-contained HTML page
// (--report out.html; inline style and script, nothing fetched), or CSV (--report out.csv). The
// documents show the matrix of parsers against components with agreement rates, the matrix of
// parser against parser (agreement on success and on the host, with examples of each pair's
// disagreements), then the disagreement classes of ./classes: each with its spec step (pinned to
// the commit url-grammar implements, ./spec), what it holds, which side is permissive where one
// fails, and every root cause with its count in cases and, for each parser that shows it, that
// parser's own values and shortest case, with a command that reproduces it; the classes where
// parsers disagree on the host, or one fails where another parses, and the attack families are
// flagged as security-relevant. The HTML page filters by parser, class and security relevance,
// searches, collapses each class and root cause, and builds the CSV of every listed case in the
// browser. The text output's sections for pairs and classes are here too.

import { COMPONENTS, type AdapterReport, type Result } from './compare';
import type { ClassReport, ClassSide, RootCause, RootCauseExample } from './classes';
import { FORGIVEN, type Equivalence } from './meaning';
import { pinnedLink, SPEC_COMMIT } from './spec';
import { citation, provenanceLines, type Provenance } from './provenance';
import type { PairAnswer, PairReport } from './pairs';
import type { StreamReport } from './stream';
import { printable, quoted, type Colors } from 'url-grammar/cli';

export interface ReportSource {
  name: string;
  cases: number;
}

export interface ReportInput extends Omit<StreamReport, 'equivalence' | 'exact'> {
  /** How answers were compared (absent in a report made before it was an option: exact). */
  equivalence?: Equivalence;
  /** Parsers compared as exact text whatever `equivalence` says (url-grammar builds). */
  exact?: string[];
  sources: ReportSource[];
  /** Free text under the title (how it was produced). */
  note?: string;
  /** Where the report comes from (./provenance): every document says it, with a block to cite it by. */
  provenance?: Provenance;
}

/** What --json prints and --report FILE.json writes: the run's report, its corpus and its provenance. */
export interface CompareJson extends StreamReport {
  provenance?: Provenance;
  corpus: { cases: number; sources: ReportSource[] };
  /** What --equivalence meaning forgave, in words. */
  forgiven?: string[];
  /** How it was produced, in a sentence (what a document says under its title). */
  note?: string;
}

/** The documents' input from a JSON report (--json, --report FILE.json): what the run wrote beside it, made again. */
export function reportFromJson(j: CompareJson): ReportInput {
  return { ...j, sources: j.corpus.sources.map((x) => ({ name: x.name, cases: x.cases })) };
}

/** The document a --report file's name asks for: .html or .htm, .csv, otherwise Markdown. */
export function renderReport(file: string, r: ReportInput): string {
  return /\.html?$/i.test(file) ? htmlReport(r) : /\.csv$/i.test(file) ? csvReport(r) : markdownReport(r);
}

/**
 * JSON text whose every string is written by the core's `quoted` (url-grammar/cli): exact when
 * read back, and with no code point in it that a reader would not see (U+00A0 as \u00a0, U+202E
 * as \u202e). For --json, --report FILE.json and the --wpt-candidates file.
 */
export function jsonText(value: unknown, indent?: number): string {
  const strings: string[] = [];
  // every string value becomes a placeholder that no string can be (they are all replaced), then
  // each placeholder its string, quoted
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? `\u0000${strings.push(v) - 1}` : v), indent);
  return text.replace(/"\\u0000([0-9]+)"/g, (_m, i: string) => quoted(strings[Number(i)]));
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function rate(agreed: number, compared: number): string {
  if (compared === 0) return '–';
  if (agreed === compared) return '100%';
  return `${(Math.floor((agreed / compared) * 10_000) / 100).toFixed(2)}%`;
}

/**
 * Text from a parser, a corpus or an adapter (a message, a name, a version), or the tool's own
 * description of one, as one line that shows what it holds: the core's `printable`
 * (url-grammar/cli), the one function every report, comment and description writes through. Control
 * characters are escapes (\x1b, \n) and every code point a reader would not see as itself (U+00A0
 * and the other spaces, bidi and zero-width characters, C1 controls) is written out (`<U+00A0>`):
 * an ESC cannot move the cursor, a newline cannot forge a line, a U+202E cannot reorder the rest.
 */
export function terminalText(s: string): string {
  return printable(s);
}

/**
 * A value (an input, a host) shown on one line: the core's `quoted` (url-grammar/cli), JSON's
 * quoting with every such code point as a `\u00a0` escape, so that it is exact, marks where the
 * value begins and ends, and still reads back as the value.
 */
export function show(s: string | null, noAnswer = false): string {
  if (noAnswer) return '(could not answer)';
  if (s === null) return '(not given)';
  return quoted(s);
}

/**
 * How a report writes what came from a parser or a corpus: `value` a value (an input, a host), `text`
 * free text (a message, a parser's name). The text output's and the HTML report's (which escapes the
 * whole line for HTML after) are one-line escapes; the Markdown report's are code spans and mdText.
 */
interface Writer {
  value(s: string): string;
  text(s: string): string;
}

const TERMINAL: Writer = { value: (s) => show(s), text: terminalText };
const MARKDOWN: Writer = { value: (v) => mdValue(v), text: (t) => mdText(t) };

function shown(r: ReportInput): AdapterReport[] {
  return r.adapters.filter((a) => a.available);
}

function summaryLines(r: ReportInput, w: Writer): string[] {
  const out = [`${fmt(r.cases)} cases (${r.sources.map((s) => `${fmt(s.cases)} from ${w.text(s.name)}`).join(', ')}); reference ${w.text(r.reference)}.`];
  if (r.referenceErrors > 0) out.push(`${fmt(r.referenceErrors)} cases left out: the reference could not answer them.`);
  if (r.stopped) out.push('The run was stopped early: the counts cover the cases read until then.');
  for (const a of r.adapters) {
    if (!a.available) out.push(`${w.text(a.name)}: unavailable (${w.text(a.unavailable ?? 'no reason given')}).`);
    else if (a.adapterErrors > 0) out.push(`${w.text(a.name)}: could not answer ${fmt(a.adapterErrors)} cases (${a.adapterErrorMessages.map((m) => w.text(m.message)).join('; ')}).`);
  }
  return out;
}

/**
 * Text from a parser or a corpus (a message, a parser's name or version, a file name) as literal
 * Markdown text, for a paragraph, a list item or a GFM table cell: on one line (terminalText), and
 * its ASCII punctuation backslash-escaped, as CommonMark allows for each such character; all but
 * the few that start nothing anywhere in a line (, : ; ? %) and a hyphen inside the text (names are
 * full of them). So none can open anything: no HTML or entity (<, &), link, image or autolink ([, !,
 * <), emphasis or strikethrough, code span, math ($), table cell (|), a linkifier's link (the
 * escapes split "www.", "example.com", "http://" and "a@b" into pieces it does not join), nor a
 * block where the text begins one. Not for a code span, where escapes do not work: see codeSpan.
 */
export function mdText(s: string): string {
  // spaces at its start as references: where a block begins (after a list item's marker), four
  // of them would start a code block
  return terminalText(s)
    .replace(/[!-$&-+./<->@[-`{-~]|^-/g, '\\$&')
    .replace(/^ +/, (spaces) => '&#32;'.repeat(spaces.length));
}

/** A value (an input, a host, a component) in the Markdown report: a code span of show(s), where nothing is read as Markdown or HTML. */
const mdValue = (s: string) => codeSpan(show(s));

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

/** How a class side's value reads: its value, or why there is none. */
function sideText(s: ClassSide): string | null {
  if (s.noAnswer) return '(could not answer)';
  if (s.fails) return '(fails)';
  if (s.value === null) return '(not given)';
  return null;
}

/** The parsers' versions, when the adapters report them (read as optional: not every run has them). */
function versionOf(a: AdapterReport): string | undefined {
  const v = (a as AdapterReport & { version?: unknown }).version;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** What a pair's answer reads as: the host it gives, or that it fails and why. */
export function pairAnswerText(x: PairAnswer, w: Writer = TERMINAL): string {
  if (!x.ok) return x.message ? `fails (${w.text(x.message.length > 100 ? `${x.message.slice(0, 100)}…` : x.message)})` : 'fails';
  return x.host === null ? 'parses (no hostname given)' : x.host === '' ? 'parses, no host' : `host ${w.value(x.host)}`;
}

/** The pairs worth listing, most host disagreements first, then most success disagreements. */
export function pairsByDisagreement(pairs: readonly PairReport[]): PairReport[] {
  return pairs.filter((p) => p.hostDisagreements + p.successDisagreements > 0).sort((x, y) => y.hostDisagreements - x.hostDisagreements || y.successDisagreements - x.successDisagreements);
}

/** The parsers of the pairs, in their order (the reference first). */
function pairNames(pairs: readonly PairReport[]): string[] {
  const names: string[] = [];
  for (const p of pairs) for (const n of [p.a, p.b]) if (!names.includes(n)) names.push(n);
  return names;
}

function pairOf(pairs: readonly PairReport[], x: string, y: string): { p: PairReport; swapped: boolean } | undefined {
  for (const p of pairs) {
    if (p.a === x && p.b === y) return { p, swapped: false };
    if (p.a === y && p.b === x) return { p, swapped: true };
  }
  return undefined;
}

/** Which side of a pair's success disagreements is permissive, in words. */
function permissiveText(p: PairReport, w: Writer): string {
  const parts: string[] = [];
  if (p.onlyAParses > 0) parts.push(`${fmt(p.onlyAParses)} only ${w.text(p.a)} parses`);
  if (p.onlyBParses > 0) parts.push(`${fmt(p.onlyBParses)} only ${w.text(p.b)} parses`);
  return parts.join(', ');
}

/** Which side of a class's failures is permissive, one phrase per parser. */
function failureSideTexts(c: ClassReport, reference: string, w: Writer): string[] {
  const out: string[] = [];
  const ref = w.text(reference);
  for (const [name, f] of Object.entries(c.failures ?? {})) {
    const parser = w.text(name);
    const parts: string[] = [];
    if (f.rejects > 0) parts.push(`fails where ${ref} parses: ${fmt(f.rejects)} (${ref} is the permissive side)`);
    if (f.accepts > 0) parts.push(`parses where ${ref} fails: ${fmt(f.accepts)} (${parser} is the permissive side)`);
    if (parts.length > 0) out.push(`${parser} ${parts.join('; ')}`);
  }
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

/** The kind of scheme a root cause's key starts with (one of a few words of ./classes). */
const keyScheme = (c: RootCause) => c.key.slice(0, c.key.indexOf(' | '));

/** What a root cause's key says after its kind of scheme: the shape of the difference, or the failure's reason. */
const keyRest = (c: RootCause) => c.key.slice(c.key.indexOf(' | ') + 3);

/**
 * A root cause's heading in one line: how many cases, how many parsers, and what the behaviour is
 * (the failure's direction and reason, or the shape of the difference: no parser's values, which
 * are each parser's own and go on its line, rootCauseParserText).
 */
export function rootCauseText(c: RootCause, reference: string, w: Writer = TERMINAL): string {
  const ref = w.text(reference);
  const parsers = c.parsers.length === 1 ? w.text(c.parsers[0].name) : plural(c.parsers.length, 'parser');
  const rest = keyRest(c);
  const what =
    c.direction === 'parser rejects'
      ? `${parsers} ${c.parsers.length === 1 ? 'fails' : 'fail'} where ${ref} parses: ${w.text(rest.slice(rest.indexOf(': ') + 2))}`
      : c.direction === 'parser accepts'
        ? `${parsers} ${c.parsers.length === 1 ? 'parses' : 'parse'} where ${ref} fails: ${w.text(rest.slice(rest.indexOf(': ') + 2))}`
        : c.reparse
          ? `${parsers}: the href parses to another host than the one reported (${w.text(rest)})`
          : `${parsers}: ${w.text(rest)}`;
  return `${plural(c.cases, 'case')}: ${what} [${keyScheme(c)}]`;
}

/** A value of an answer for a root cause's line: the class's value as the example gives it. */
function exampleValues(e: RootCauseExample, c: RootCause, reference: string, w: Writer): string {
  const ref = w.text(reference);
  const parser = w.text(e.parser);
  if (c.direction === 'parser rejects') return `${parser} fails${failMessage(e.values, w)}; ${ref} parses: ${w.value(hrefOf(e.reference))}`;
  if (c.direction === 'parser accepts') return `${parser} parses: ${w.value(hrefOf(e.values))}; ${ref} fails`;
  if (c.reparse) return `${parser} reports ${w.value(e.difference.reference)}, its href parses to ${w.value(e.difference.parser)}`;
  return `${ref} ${w.value(e.difference.reference)}, ${parser} ${w.value(e.difference.parser)}`;
}

const hrefOf = (r: Result) => (r.ok ? r.href : '');
function failMessage(r: Result, w: Writer): string {
  if (r.ok || !r.message) return '';
  return ` (${w.text(r.message.length > 100 ? `${r.message.slice(0, 100)}…` : r.message)})`;
}

/** One line per parser of a root cause: its cases, its own values in its own shortest case, and that case. */
export function rootCauseParserTexts(c: RootCause, reference: string, w: Writer = TERMINAL): string[] {
  return c.examples.map((e) => {
    const n = c.parsers.find((p) => p.name === e.parser)?.cases ?? 0;
    return `${w.text(e.parser)} (${plural(n, 'case')}): ${exampleValues(e, c, reference, w)}; input ${w.value(e.input)}${e.base !== null ? `, base ${w.value(e.base)}` : ''}`;
  });
}

/**
 * The command that reproduces a parser's case: the case as one JSON line (ASCII only, so that
 * nothing in it is invisible or moves the cursor when pasted) given to `url-grammar compare`
 * against that parser, in a shell's single quotes.
 */
export function reproduceCommand(input: string, base: string | null, parsers: readonly string[], equivalence: Equivalence = 'meaning'): string {
  const line = JSON.stringify({ input, base }).replace(/[^\u0020-\u007e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return `printf '%s\\n' ${quote(line)} | url-grammar compare --corpus - --corpus-format jsonl --against ${quote(parsers.join(','))}${equivalence === 'exact' ? ' --equivalence exact' : ''}`;
}

/** What equivalence the report used, in a sentence, with what "meaning" forgives. */
function equivalenceText(r: ReportInput): { sentence: string; forgiven: string[] } {
  if (r.equivalence !== 'meaning') return { sentence: 'Answers are compared as exact text (--equivalence exact): every difference in notation counts.', forgiven: [] };
  const exact = r.exact && r.exact.length > 0 ? ` The url-grammar builds (${r.exact.map(terminalText).join(', ')}) are compared as exact text all the same: what moved between two builds is every change.` : '';
  return {
    sentence: `Answers are compared by meaning (--equivalence meaning, the default): a difference a program would not act on is not counted, and the class "notation only" lists what was forgiven.${exact} Forgiven:`,
    forgiven: FORGIVEN.map((f) => f.text),
  };
}

/**
 * The tool's own text in Markdown (a class's description): backslashes, pipes and backticks escaped.
 * Not for anything from a parser or a corpus: that is mdText's, or a code span's.
 */
const mdOwn = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, '\\`');

/** An agreement cell's text: agreed/compared, and the share that is the same text when that is less (notation forgiven). */
function agreementNote(t: { agreed: number; compared: number; exact?: number }): string {
  const exact = t.exact ?? t.agreed;
  return exact < t.agreed ? `${fmt(t.agreed)}/${fmt(t.compared)}; as text ${fmt(exact)}` : `${fmt(t.agreed)}/${fmt(t.compared)}`;
}

/** A class's cases by parser in words: "firefox 30, chromium 12" (the parsers with a case, most first; "none" when none has). */
function byParserText(c: ClassReport, shownParsers: readonly AdapterReport[]): string {
  const counts = shownParsers.map((x) => [x.name, c.byParser[x.name] ?? 0] as const).filter(([, n]) => n > 0);
  counts.sort((x, y) => y[1] - x[1]);
  return counts.length === 0 ? 'none' : counts.map(([n, k]) => `${terminalText(n)} ${fmt(k)}`).join(', ');
}

/** The provenance as a Markdown section: a list of what and value (literal text, the command a code span), then the block to cite. */
function provenanceMarkdown(p: Provenance): string[] {
  const out = ['## Provenance', ''];
  for (const [k, v] of provenanceLines(p)) out.push(`- ${mdText(k)}: ${k === 'command' ? codeSpan(terminalText(v)) : mdText(v)}`);
  const cite = citation(p);
  out.push('', 'To cite this report:', '');
  for (const l of fenced(`${cite.text}\n\n${cite.bibtex}`)) out.push(l);
  return out;
}

/** A fenced code block (CommonMark) holding `text` exactly, made printable: its fence longer than any run of backticks in it. */
function fenced(text: string): string[] {
  const body = text.split('\n').map((l) => terminalText(l));
  let longest = 2;
  for (const l of body) for (const run of l.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return [`${fence}text`, ...body, fence];
}

/** The provenance as an HTML section: a table of what and value, then the block to cite (text and BibTeX). */
function provenanceHtml(p: Provenance): string {
  const rows = provenanceLines(p).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${k === 'command' ? `<code>${esc(terminalText(v))}</code>` : esc(terminalText(v))}</td></tr>`);
  const cite = citation(p);
  return (
    `<section id="provenance"><h2>Provenance</h2><table class="provenance">${rows.join('')}</table>` +
    `<p>To cite this report:</p><pre id="cite">${esc(terminalText(cite.text))}</pre><pre id="bibtex">${cite.bibtex.split('\n').map((l) => esc(terminalText(l))).join('\n')}</pre></section>`
  );
}

/**
 * The report as Markdown. Everything in it that came from a parser or a corpus (inputs, hosts and
 * other values, messages, parsers' names and versions, file names, the note) is a code span
 * (codeSpan) or literal text (mdText): rendered, with raw HTML allowed, it makes no element.
 */
export function markdownReport(r: ReportInput): string {
  const w = MARKDOWN;
  const a = shown(r);
  const lines: string[] = ['# url-grammar compare', ''];
  if (r.note) lines.push(mdText(r.note), '');
  if (r.provenance) {
    for (const l of provenanceMarkdown(r.provenance)) lines.push(l);
    lines.push('');
  }
  for (const s of summaryLines(r, w)) lines.push(`- ${s}`);
  const eq = equivalenceText(r);
  // as literal text: the examples in them ("http://h:80/") must not become links
  lines.push('', mdText(eq.sentence));
  if (eq.forgiven.length > 0) lines.push('');
  for (const f of eq.forgiven) lines.push(`- ${mdText(f)}`);
  const versions = a.some((x) => versionOf(x) !== undefined);
  lines.push('', '## Agreement with url-grammar', '', 'Each cell: the share of cases where both answered that component and agreed (agreed/compared, and how many of those are the same text when notation was forgiven); "–": that parser does not report it.', '');
  lines.push(`| parser |${versions ? ' version |' : ''} answered | ${COMPONENTS.join(' | ')} |`, `| :--- |${versions ? ' :--- |' : ''}${[null, ...COMPONENTS].map(() => ' ---: |').join('')}`);
  for (const x of a) {
    const cells = COMPONENTS.map((k) => (x.components[k].compared === 0 ? '–' : `${rate(x.components[k].agreed, x.components[k].compared)} (${agreementNote(x.components[k])})`));
    const version = versionOf(x);
    lines.push(`| ${mdText(x.name)} |${versions ? ` ${version === undefined ? '–' : mdText(version)} |` : ''} ${fmt(x.answered)}/${fmt(r.cases)} | ${cells.join(' | ')} |`);
  }
  const pairs = r.pairs ?? [];
  if (pairs.length > 0) {
    const names = pairNames(pairs);
    lines.push('', '## Parser against parser', '', 'Each cell: the share of the cases both parsers answered on which they agree on success (both parse or both fail), then the share of those both parse, with a hostname each, on which they name the same host (by meaning: case, IDNA, IPv4 and IPv6 spellings and a trailing dot aside).', '');
    lines.push(`| | ${names.map(mdText).join(' | ')} |`, `| :--- |${names.map(() => ' :---: |').join('')}`);
    for (const x of names) {
      const cells = names.map((y) => {
        if (x === y) return '·';
        const found = pairOf(pairs, x, y);
        if (!found) return '';
        const p = found.p;
        return `${rate(p.compared - p.successDisagreements, p.compared)} / ${rate(p.hostCompared - p.hostDisagreements, p.hostCompared)}`;
      });
      lines.push(`| ${mdText(x)} | ${cells.join(' | ')} |`);
    }
    const listed = pairsByDisagreement(pairs);
    if (listed.length > 0) lines.push('', 'The pairs that disagree, most host disagreements first:');
    for (const p of listed) {
      const permissive = permissiveText(p, w);
      lines.push('', `- **${mdText(p.a)} / ${mdText(p.b)}**: ${fmt(p.hostDisagreements)} of ${fmt(p.hostCompared)} name different hosts; ${fmt(p.successDisagreements)} of ${fmt(p.compared)} one parses and the other fails${permissive ? ` (${permissive})` : ''}`);
      for (const e of p.examples) {
        lines.push(`  - input ${mdValue(e.input)}${e.base !== null ? `, base ${mdValue(e.base)}` : ''}: ${mdText(p.a)} ${pairAnswerText(e.a, w)}; ${mdText(p.b)} ${pairAnswerText(e.b, w)}`);
      }
    }
  }
  lines.push('', '## Disagreement classes', '', `A case counts in a class when some parser differs from url-grammar there; the attack families (scheme, slash and backslash confusion, URL-encoded data confusion, scheme mix-up: Claroty and Snyk, 2022; path traversal by dot segments) count only the inputs of their shape. ⚠ marks the security-relevant kinds (the host, or one parser failing where another parses: the confusions behind SSRF and open-redirect bugs). Each step links to url.bs at whatwg/url ${SPEC_COMMIT}, the text url-grammar implements. Counts are of cases; each parser of a root cause is shown with its own values.`, '');
  lines.push('| class | decided by | cases | root causes |', '| :--- | :--- | ---: | ---: |');
  for (const c of r.classes) lines.push(`| ${c.security ? '⚠ ' : ''}${c.title} | [${classAnchor(c)}](${pinnedLink(classAnchor(c))}) | ${fmt(c.cases)} | ${fmt(c.rootCauseCount)} |`);
  lines.push('', 'Cases in each class, by parser (the parsers with a case, most first):', '');
  for (const c of r.classes) if (c.cases > 0) lines.push(`- ${c.security ? '⚠ ' : ''}${mdOwn(c.title)}: ${mdText(byParserText(c, a))}`);
  for (const c of r.classes) {
    if (c.cases === 0) continue;
    lines.push('', `### ${c.security ? '⚠ ' : ''}${c.title}: ${fmt(c.cases)} cases`, '');
    if (c.description) lines.push(mdOwn(c.description), '');
    lines.push(`Decided by ${pinnedLink(classAnchor(c))} (in the live standard: ${c.link}).${c.security ? ' Security-relevant.' : ''}`);
    const sides = failureSideTexts(c, r.reference, w);
    if (sides.length > 0) lines.push('', 'Which side is permissive:', '');
    for (const t of sides) lines.push(`- ${t}`);
    lines.push('', `Root causes (a behaviour: the same kind of scheme and minimised difference; each parser with its own values and shortest case; confusion first, then failures): ${fmt(c.rootCauseCount)}${c.untracked > 0 ? `, and ${fmt(c.untracked)} differences beyond the ones tracked` : ''}:`, '');
    for (const k of c.rootCauses) {
      lines.push(`- ${rootCauseText(k, r.reference, w)}`);
      for (const t of rootCauseParserTexts(k, r.reference, w)) lines.push(`  - ${t}`);
    }
    c.examples.forEach((e) => {
      lines.push('', `Example: input ${mdValue(e.input)}${e.base !== null ? `, base ${mdValue(e.base)}` : ''}`, '');
      for (const s of e.sides) lines.push(`- ${s.parsers.map(mdText).join(', ')}: ${sideText(s) ?? mdValue(s.value!)}`);
    });
  }
  return lines.join('\n') + '\n';
}

/** The url.bs id of a class's step (read from its live link in a report made before `anchor` was kept). */
const classAnchor = (c: ClassReport) => (c as { anchor?: string }).anchor ?? c.link.replace(/^.*#/, '');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function shade(agreed: number, compared: number): string {
  if (compared === 0) return '';
  const p = agreed / compared;
  // green at 100%, through yellow at 95%, to red at 90% and below: the differences worth seeing are small
  const hue = Math.round(Math.max(0, Math.min(1, (p - 0.9) / 0.1)) * 120);
  return ` style="background:hsl(${hue} 70% 88%)"`;
}

/**
 * A cell of CSV (RFC 4180): quoted when it holds a comma, a quote or a line break. A cell a
 * spreadsheet would read as a formula (starting with =, +, -, @, a tab or a CR) starts with an
 * apostrophe, as OWASP advises, so that opening the file runs nothing a corpus or a parser wrote.
 */
export function csvCell(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_COLUMNS = ['class', 'security', 'root cause', 'parser', 'parser cases', 'input', 'base', 'reference value', 'parser value', 'command'];

/**
 * The cases of the report as CSV: one row for each parser on each listed case of each root cause
 * (the columns CSV_COLUMNS; a value that is a failure is "(fails)", no base is empty).
 */
export function csvReport(r: ReportInput): string {
  // the provenance first, as lines that start with "#" (which CSV readers skip when told to:
  // pandas' comment="#", R's comment.char="#"), each one line of printable text
  const rows: string[] = r.provenance ? [...provenanceLines(r.provenance).map(([k, v]) => `# ${k}: ${terminalText(v)}`), `# to cite: ${terminalText(citation(r.provenance).text)}`] : [];
  rows.push(CSV_COLUMNS.join(','));
  for (const c of r.classes) {
    for (const k of c.rootCauses) {
      const cases = new Map(k.parsers.map((p) => [p.name, p.cases]));
      for (const e of k.caseList) {
        e.parsers.forEach((p, i) => {
          // text a reader sees as the core's printable writes it (U+00A0 as <U+00A0>); the exact
          // case is in the command's ASCII JSON, and in --json
          const seen = (v: string | null) => (v === null ? '(fails)' : terminalText(v));
          const cells = [c.id, c.security ? 'yes' : 'no', terminalText(k.key), terminalText(p), String(cases.get(p) ?? 0), seen(e.input), e.base === null ? '' : seen(e.base), seen(e.reference), seen(e.values[i]), reproduceCommand(e.input, e.base, [p], r.equivalence ?? 'exact')];
          rows.push(cells.map(csvCell).join(','));
        });
      }
    }
  }
  return rows.join('\r\n') + '\r\n';
}

/** Text for a <script type="application/json">: JSON whose "<" cannot close the element or open a comment. */
const scriptJson = (v: unknown) => jsonText(v).replace(/</g, '\\u003c');

const PAGE_STYLE =
  'body{font:15px/1.45 system-ui,sans-serif;margin:1.5em;color:#222}' +
  'table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:.2em .45em;text-align:right;vertical-align:top}' +
  'th:first-child,td:first-child{text-align:left}.scroll{overflow-x:auto;max-width:100%}' +
  'code{font:13px ui-monospace,monospace;background:#f4f4f4;padding:0 .2em;word-break:break-all}' +
  '.sec{color:#a00;font-weight:bold}ul.sides{margin:.3em 0 .8em}table.pairs td{text-align:center;font-size:13px;white-space:nowrap}' +
  '.version{display:block;font-size:12px;color:#666;max-width:18em;white-space:normal}' +
  '#controls{position:sticky;top:0;background:#fff;border-bottom:1px solid #ccc;padding:.5em 0;z-index:1;display:flex;flex-wrap:wrap;gap:.6em;align-items:center}' +
  'details.class{border-top:1px solid #ddd;margin-top:.6em}details.class>summary{font-size:1.1em;font-weight:600;cursor:pointer;padding:.3em 0}' +
  'details.finding{margin:.3em 0 .3em 1em}details.finding>summary{cursor:pointer}' +
  'table.finding td{text-align:left}table.finding td.n{text-align:right}.cmd{display:block;margin-top:.2em}' +
  // a long value with nothing to break it at (a path of 300 letters) breaks anywhere rather than widen the page
  'table.finding td,table.cases td,#classes td,ul.sides li,summary{overflow-wrap:anywhere}' +
  '#agreement th,#agreement td{font-size:13px;padding:.2em .3em}' +
  'details.cases{margin:.2em 0 .6em}details.cases>summary{cursor:pointer;color:#444}table.cases td{text-align:left;font-size:13px}' +
  'table.provenance th,table.provenance td{text-align:left}table.provenance td{word-break:break-word}' +
  'pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:.4em .6em;font:13px ui-monospace,monospace}' +
  '#classes td.by{text-align:left;font-size:13px}table.pairs th{font-size:12px}table.pairs td{font-size:11px;padding:.15em .2em}table.pairs td:first-child{font-size:12px;white-space:normal}' +
  '[hidden]{display:none !important}';

/**
 * The page's script: filters (parser, class, security), search, collapse all or expand all, copy
 * a finding's command, and the CSV of every listed case (built from the JSON in #csv-data, saved
 * with a Blob: nothing is fetched). It reads only the page's own elements and data.
 */
const PAGE_SCRIPT = `(function () {
  var $ = function (id) { return document.getElementById(id); };
  var findings = Array.prototype.slice.call(document.querySelectorAll('details.finding'));
  var classes = Array.prototype.slice.call(document.querySelectorAll('details.class'));
  function apply() {
    var parser = $('f-parser').value, klass = $('f-class').value, security = $('f-security').checked;
    var q = $('f-search').value.trim().toLowerCase();
    var shown = 0;
    findings.forEach(function (f) {
      var ok = (parser === '' || f.getAttribute('data-parsers').split(' ').indexOf(parser) !== -1) &&
        (klass === '' || f.getAttribute('data-class') === klass) &&
        (!security || f.getAttribute('data-security') === '1') &&
        (q === '' || f.textContent.toLowerCase().indexOf(q) !== -1);
      f.hidden = !ok;
      if (ok) shown++;
      if (ok && q !== '') f.open = true;
    });
    classes.forEach(function (c) {
      var any = c.querySelector('details.finding:not([hidden])') !== null;
      var filtered = parser !== '' || klass !== '' || security || q !== '';
      c.hidden = filtered && !any;
      if (filtered && any && (q !== '' || klass !== '')) c.open = true;
    });
    $('f-count').textContent = shown + ' of ' + findings.length + ' root causes shown';
  }
  ['f-parser', 'f-class', 'f-security', 'f-search'].forEach(function (id) {
    $(id).addEventListener('input', apply);
    $(id).addEventListener('change', apply);
  });
  function openAll(open) {
    classes.concat(findings).forEach(function (d) { if (!d.hidden) d.open = open; });
  }
  $('expand-all').addEventListener('click', function () { openAll(true); });
  $('collapse-all').addEventListener('click', function () { openAll(false); });
  document.addEventListener('click', function (e) {
    var b = e.target;
    if (!b || !b.classList || !b.classList.contains('copy')) return;
    var text = b.parentNode.querySelector('code.cmd').textContent;
    // selected at once, so that it can be copied by hand where the clipboard is not open to the page
    select(b);
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { b.textContent = 'copied'; }, function () {});
  });
  function select(b) {
    var r = document.createRange();
    r.selectNodeContents(b.parentNode.querySelector('code.cmd'));
    var s = window.getSelection();
    s.removeAllRanges();
    s.addRange(r);
    b.textContent = 'selected: copy it';
  }
  $('csv').addEventListener('click', function () {
    var text = JSON.parse($('csv-data').textContent);
    var url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    var a = document.createElement('a');
    a.href = url;
    a.download = 'url-grammar-compare.csv';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  });
  apply();
})();`;

/** The report as one HTML page, with everything inline (style, script and data; nothing fetched). */
export function htmlReport(r: ReportInput): string {
  const a = shown(r);
  const h: string[] = [];
  const names = a.map((x) => x.name);
  h.push('<!doctype html>', '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">', '<title>url-grammar compare</title>');
  h.push(`<style>${PAGE_STYLE}</style>`, '</head><body>', '<h1>url-grammar compare</h1>');
  if (r.note) h.push(`<p>${esc(terminalText(r.note))}</p>`);
  if (r.provenance) h.push(provenanceHtml(r.provenance));
  h.push('<ul>');
  for (const s of summaryLines(r, TERMINAL)) h.push(`<li>${esc(s)}</li>`);
  h.push('</ul>');
  const eq = equivalenceText(r);
  h.push(`<p>${esc(eq.sentence)}</p>`);
  if (eq.forgiven.length > 0) {
    h.push('<ul id="forgiven">');
    for (const f of eq.forgiven) h.push(`<li>${esc(f)}</li>`);
    h.push('</ul>');
  }
  const versions = a.some((x) => versionOf(x) !== undefined);
  h.push('<h2>Agreement with url-grammar</h2><p>Each cell: the share of cases where both answered that component and agreed (its tooltip: agreed/compared, and how many of those are the same text when notation was forgiven); "–": that parser does not report it.</p>');
  h.push(`<div class="scroll"><table id="agreement"><tr><th>parser</th><th>answered</th>${COMPONENTS.map((k) => `<th>${k}</th>`).join('')}</tr>`);
  for (const x of a) {
    const cells = COMPONENTS.map((k) => {
      const t = x.components[k];
      return t.compared === 0 ? '<td>–</td>' : `<td${shade(t.agreed, t.compared)} title="${esc(agreementNote(t))}">${rate(t.agreed, t.compared)}</td>`;
    });
    const version = versions ? `<span class="version">${esc(terminalText(versionOf(x) ?? '–'))}</span>` : '';
    h.push(`<tr><td>${esc(terminalText(x.name))}${version}</td><td>${fmt(x.answered)}/${fmt(r.cases)}</td>${cells.join('')}</tr>`);
  }
  h.push('</table></div>');
  const pairs = r.pairs ?? [];
  if (pairs.length > 0) {
    const pn = pairNames(pairs);
    h.push('<details class="section" id="pairs"><summary><h2 style="display:inline">Parser against parser</h2></summary><p>Each cell: above, the share of the cases both parsers answered on which they agree on success (both parse or both fail); below, the share of those both parse, with a hostname each, on which they name the same host (by meaning: case, IDNA, IPv4 and IPv6 spellings and a trailing dot aside). The colour follows the host.</p>');
    // columns numbered as the rows, so that twenty parsers fit the width of a page
    h.push(`<div class="scroll"><table class="pairs"><tr><th></th>${pn.map((n, i) => `<th title="${esc(terminalText(n))}">${i + 1}</th>`).join('')}</tr>`);
    for (const [row, x] of pn.entries()) {
      const cells = pn.map((y) => {
        if (x === y) return '<td>·</td>';
        const found = pairOf(pairs, x, y);
        if (!found) return '<td></td>';
        const p = found.p;
        const title = `${terminalText(x)} / ${terminalText(y)}: ${fmt(p.successDisagreements)} of ${fmt(p.compared)} disagree on success; ${fmt(p.hostDisagreements)} of ${fmt(p.hostCompared)} on the host`;
        const link = p.hostDisagreements + p.successDisagreements > 0 ? (t: string) => `<a href="#pair-${esc(slug(p.a))}--${esc(slug(p.b))}">${t}</a>` : (t: string) => t;
        return `<td${shade(p.hostCompared - p.hostDisagreements, p.hostCompared)} title="${esc(title)}">${link(`${rate(p.compared - p.successDisagreements, p.compared)}<br>${rate(p.hostCompared - p.hostDisagreements, p.hostCompared)}`)}</td>`;
      });
      h.push(`<tr><td>${row + 1} ${esc(terminalText(x))}</td>${cells.join('')}</tr>`);
    }
    h.push('</table></div>');
    const listed = pairsByDisagreement(pairs);
    if (listed.length > 0) h.push('<p>The pairs that disagree, most host disagreements first:</p>');
    for (const p of listed) {
      const permissive = permissiveText(p, TERMINAL);
      h.push(`<p id="pair-${esc(slug(p.a))}--${esc(slug(p.b))}"><b>${esc(terminalText(p.a))} / ${esc(terminalText(p.b))}</b>: ${fmt(p.hostDisagreements)} of ${fmt(p.hostCompared)} name different hosts; ${fmt(p.successDisagreements)} of ${fmt(p.compared)} one parses and the other fails${permissive ? ` (${esc(permissive)})` : ''}</p><ul class="sides">`);
      for (const e of p.examples) h.push(`<li>input <code>${esc(show(e.input))}</code>${e.base !== null ? `, base <code>${esc(show(e.base))}</code>` : ''}: ${esc(terminalText(p.a))} ${esc(pairAnswerText(e.a))}; ${esc(terminalText(p.b))} ${esc(pairAnswerText(e.b))}</li>`);
      h.push('</ul>');
    }
    h.push('</details>');
  }
  h.push(
    `<h2>Disagreement classes</h2><p>A case counts in a class when some parser differs from url-grammar there; the attack families (scheme, slash and backslash confusion, URL-encoded data confusion, scheme mix-up: Claroty and Snyk, 2022; path traversal by dot segments) count only the inputs of their shape. <span class="sec">⚠</span> marks the security-relevant kinds: the host, or one parser failing where another parses (the confusions behind SSRF and open-redirect bugs). Each step links to url.bs at whatwg/url ${esc(SPEC_COMMIT)}, the text url-grammar implements. Counts are of cases; each parser of a root cause is shown with its own values, its own shortest case, and a command that reproduces it.</p>`,
  );
  // each class's cases by parser in a cell of its own row (the parsers with a case, most first), so
  // that the table is as wide with twenty parsers as with two
  h.push('<table id="classes"><tr><th>class</th><th>decided by</th><th>cases</th><th>root causes</th><th>cases by parser</th></tr>');
  for (const c of r.classes) {
    h.push(
      `<tr><td>${c.security ? '<span class="sec">⚠</span> ' : ''}${c.cases > 0 ? `<a href="#class-${c.id}">${esc(c.title)}</a>` : esc(c.title)}</td><td><a href="${esc(pinnedLink(classAnchor(c)))}">${esc(classAnchor(c))}</a></td><td>${fmt(c.cases)}</td><td>${fmt(c.rootCauseCount)}</td>` +
        `<td class="by">${esc(byParserText(c, a))}</td></tr>`,
    );
  }
  h.push('</table>');
  // the controls: what the script filters by
  const hit = r.classes.filter((c) => c.cases > 0);
  h.push(
    '<div id="controls">',
    `<label>parser <select id="f-parser"><option value="">every parser</option>${names.map((n) => `<option value="${esc(n)}">${esc(terminalText(n))}</option>`).join('')}</select></label>`,
    `<label>class <select id="f-class"><option value="">every class</option>${hit.map((c) => `<option value="${esc(c.id)}">${esc(c.title)}</option>`).join('')}</select></label>`,
    '<label><input type="checkbox" id="f-security"> security-relevant only</label>',
    '<label>search <input type="search" id="f-search" placeholder="an input, a value, a parser"></label>',
    '<button type="button" id="expand-all">expand all</button><button type="button" id="collapse-all">collapse all</button>',
    '<button type="button" id="csv">download the cases as CSV</button>',
    '<span id="f-count"></span>',
    '</div>',
  );
  for (const c of hit) {
    h.push(`<details class="class" id="class-${c.id}" data-class="${esc(c.id)}" data-security="${c.security ? 1 : 0}"><summary>${c.security ? '<span class="sec">⚠</span> ' : ''}${esc(c.title)}: ${plural(c.cases, 'case')}, ${plural(c.rootCauseCount, 'root cause')}</summary>`);
    if (c.description) h.push(`<p>${esc(c.description)}</p>`);
    h.push(`<p>Decided by <a href="${esc(pinnedLink(classAnchor(c)))}">url.bs ${esc(classAnchor(c))} at ${esc(SPEC_COMMIT)}</a> (<a href="${esc(c.link)}">the live standard</a>).${c.security ? ' <span class="sec">Security-relevant.</span>' : ''}</p>`);
    const sides = failureSideTexts(c, r.reference, TERMINAL);
    if (sides.length > 0) {
      h.push('<p>Which side is permissive:</p><ul>');
      for (const t of sides) h.push(`<li>${esc(t)}</li>`);
      h.push('</ul>');
    }
    if (c.untracked > 0) h.push(`<p>${fmt(c.untracked)} differences beyond the root causes tracked are counted, not grouped.</p>`);
    for (const k of c.rootCauses) h.push(findingHtml(c, k, r));
    c.examples.forEach((e) => {
      h.push(`<p>Every parser on input <code>${esc(show(e.input))}</code>${e.base !== null ? `, base <code>${esc(show(e.base))}</code>` : ''}:</p><ul class="sides">`);
      for (const s of e.sides) h.push(`<li>${esc(s.parsers.map(terminalText).join(', '))}: ${sideText(s) !== null ? esc(sideText(s)!) : `<code>${esc(show(s.value))}</code>`}</li>`);
      h.push('</ul>');
    });
    h.push('</details>');
  }
  h.push(`<script type="application/json" id="csv-data">${scriptJson(csvReport(r))}</script>`);
  h.push(`<script>${PAGE_SCRIPT}</script>`);
  h.push('</body></html>');
  return h.join('\n') + '\n';
}

/** One root cause as a collapsed finding: its heading, then for each parser its cases, its own values, its shortest case and the command that reproduces it. */
function findingHtml(c: ClassReport, k: RootCause, r: ReportInput): string {
  const parsers = k.parsers.map((p) => p.name);
  const rows = k.examples.map((e) => {
    const n = k.parsers.find((p) => p.name === e.parser)?.cases ?? 0;
    const cmd = reproduceCommand(e.input, e.base, [e.parser], r.equivalence ?? 'exact');
    return (
      `<tr data-parser="${esc(e.parser)}"><td>${esc(terminalText(e.parser))}</td><td class="n">${fmt(n)}</td><td>${esc(exampleValues(e, k, r.reference, TERMINAL))}</td>` +
      `<td><code>${esc(show(e.input))}</code>${e.base !== null ? `<br>base <code>${esc(show(e.base))}</code>` : ''}<code class="cmd">${esc(cmd)}</code><button type="button" class="copy">copy the command</button></td></tr>`
    );
  });
  return (
    `<details class="finding" data-class="${esc(c.id)}" data-security="${c.security ? 1 : 0}" data-parsers="${esc(parsers.join(' '))}"><summary>${esc(rootCauseText(k, r.reference))}</summary>` +
    `<table class="finding"><tr><th>parser</th><th>cases</th><th>its own values</th><th>its shortest case, and the command that reproduces it</th></tr>${rows.join('')}</table>` +
    casesHtml(k, r.reference) +
    '</details>'
  );
}

/**
 * Every listed case of a root cause, in a collapsed list of its own: the input and base, the
 * reference's value and each parser's that shows it there (values as `show` writes them).
 */
function casesHtml(k: RootCause, reference: string): string {
  const bound = k.listed < k.cases ? ` (of ${fmt(k.cases)}: the bound of listed cases was reached)` : '';
  if (k.caseList.length === 0) return `<p>No case of it listed${bound}.</p>`;
  const rows = k.caseList.map((e) => {
    const values = e.parsers.map((p, i) => `${esc(terminalText(p))} <code>${e.values[i] === null ? '(fails)' : esc(show(e.values[i]))}</code>`).join('<br>');
    return `<tr><td><code>${esc(show(e.input))}</code>${e.base !== null ? `<br>base <code>${esc(show(e.base))}</code>` : ''}</td><td><code>${e.reference === null ? '(fails)' : esc(show(e.reference))}</code></td><td>${values}</td></tr>`;
  });
  return (
    `<details class="cases"><summary>${k.caseList.length === 1 ? 'its case' : `all ${fmt(k.caseList.length)} cases of it`}${bound}</summary>` +
    `<table class="cases"><tr><th>input</th><th>${esc(terminalText(reference))}</th><th>each parser that shows it</th></tr>${rows.join('')}</table></details>`
  );
}

/** A parser name as part of an HTML id. */
const slug = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');

/** The text output's matrix of parser against parser, and the pairs that disagree most with an example each. */
export function formatPairsText(pairs: readonly PairReport[], pc: Colors, top = 10): string[] {
  if (pairs.length === 0) return [];
  const names = pairNames(pairs);
  const lines = ['', pc.bold('parser against parser (cases one parses and the other fails / cases both parse to different hosts; columns numbered as the rows)')];
  const rows: string[][] = [['', ...names.map((_, i) => String(i + 1))]];
  names.forEach((x, i) => {
    rows.push([
      `${i + 1} ${terminalText(x)}`,
      ...names.map((y) => {
        if (x === y) return '·';
        const found = pairOf(pairs, x, y);
        if (!found) return '';
        const p = found.p;
        return p.successDisagreements + p.hostDisagreements === 0 ? '0' : `${compact(p.successDisagreements)}/${compact(p.hostDisagreements)}`;
      }),
    ]);
  });
  const widths = rows[0].map((_, i) => rows.reduce((w, r) => Math.max(w, r[i].length), 0));
  rows.forEach((r, j) => {
    const text = r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
    lines.push(j === 0 ? pc.bold(text) : text);
  });
  const listed = pairsByDisagreement(pairs);
  if (listed.length > 0) lines.push('', pc.bold(`the pairs that disagree most on the host${listed.length > top ? ` (${top} of ${fmt(listed.length)}; --json or --report for all)` : ''}`));
  for (const p of listed.slice(0, top)) {
    const permissive = permissiveText(p, TERMINAL);
    lines.push(`  ${terminalText(p.a)} / ${terminalText(p.b)}: ${fmt(p.hostDisagreements)} of ${fmt(p.hostCompared)} hosts differ; ${fmt(p.successDisagreements)} of ${fmt(p.compared)} one fails${permissive ? ` (${permissive})` : ''}`);
    const e = p.examples.find((x) => x.kind === 'host') ?? p.examples[0];
    if (e) lines.push(`    input   ${show(e.input)}${e.base !== null ? `  base ${show(e.base)}` : ''}`, `    ${terminalText(p.a)}: ${pairAnswerText(e.a)}; ${terminalText(p.b)}: ${pairAnswerText(e.b)}`);
  }
  return lines;
}

/** A count in at most 5 characters: 1234, 12k, 1.2M. */
function compact(n: number): string {
  if (n < 10_000) return String(n);
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** The text output's classes: each with its step, what it holds, the permissive side, its biggest root causes (each parser on its own line, with its own values) and an example. */
export function formatClassesText(classes: readonly ClassReport[], pc: Colors, reference = 'url-grammar', causes = 5): string[] {
  const hit = classes.filter((c) => c.cases > 0);
  if (hit.length === 0) return [];
  const lines = ['', pc.bold('disagreement classes (cases; root causes, biggest first, each parser with its own values and shortest input; ⚠ security-relevant)')];
  for (const c of hit) {
    lines.push(`  ${c.security ? '⚠ ' : ''}${c.title}: ${fmt(c.cases)} (${pinnedLink(classAnchor(c))})`);
    if (c.description) lines.push(`    ${c.description}`);
    for (const t of failureSideTexts(c, reference, TERMINAL)) lines.push(`    ${t}`);
    lines.push(`    ${fmt(c.rootCauseCount)} root cause${c.rootCauseCount === 1 ? '' : 's'}${c.untracked > 0 ? ` (and ${fmt(c.untracked)} differences not grouped)` : ''}${c.rootCauseCount > causes ? ` (the ${causes} biggest; --report for all)` : ''}:`);
    for (const k of c.rootCauses.slice(0, causes)) {
      lines.push(`    ${rootCauseText(k, reference)}`);
      for (const t of rootCauseParserTexts(k, reference)) lines.push(`      ${t}`);
    }
    const e = c.examples[0];
    if (e) {
      lines.push(`    every parser on ${show(e.input)}${e.base !== null ? ` (base ${show(e.base)})` : ''}:`);
      for (const s of e.sides) lines.push(`      ${sideText(s) ?? show(s.value)}  ${s.parsers.map(terminalText).join(', ')}`);
    }
  }
  return lines;
}
