// The live viewer: one page that shows what url-grammar makes of a URL, as you type. Bundled by
// src/build.js (esbuild) into dist/index.html with the library, whatwg-url and the page's
// styles inline: no network, works from file://. The same script, started as a worker from a
// blob of its own text, does a long input's slow parts (./worker.ts).
//
// Stable hooks for tests (README, "The live viewer"): fields #url, #base (elements with a `value`
// property that keeps every code point, ./field.ts), #encoding; each shown component
// [data-impl][data-field] with its exact value in data-value (absent when that parser fails);
// each validation error [data-error-type][data-start][data-end], in groups
// [data-error-group][data-count]; each record span [data-span-field][data-start][data-end]; each
// change from input to href [data-change-step][data-start][data-end]; the verdicts
// [data-verdict] with data-value; #summary, the live region's short summary; #results
// [data-rendered] holding the state (JSON) that was last rendered.
//
// Long inputs (more than LARGE_INPUT code units) are drawn in two steps, so that a keystroke on a
// 100 KB URL stays fast: the keystroke parses with url-grammar and the browser's URL and renders
// at once (data-rendered is set then); the writing check (the verdicts), whatwg-url and what the
// parser did run in the worker when typing pauses, while #results carries data-pending (their
// names); the diagrams are drawn on demand, in the worker too. Every long list (the spans of the
// input, a group of errors or changes, the path as text) is drawn as it scrolls (./windowed.ts):
// of such a list, only the rows in view are elements.

/// <reference lib="dom" />

import { errorLink, isSpecialScheme, serializeHost, SPEC_COMMIT, specLink, type IntermediateRecord, type Span, type URLRecord, type ValidationError } from 'url-grammar';
import { diagramCSS, type TraceEntry } from 'url-grammar/grammar';
import { errorGroups, groupChanges, whatTheParserDid, type Change, type ChangeGroup } from './changes';
import { FIELDS, IMPLS, isLarge, resultsJSON, run, type Results } from './compute';
import { diagramData, type DiagramData, type TracedGrammar } from './diagrams';
import { appendAll, badge, clip, count, el, quoted, replaceAll, srOnly, visible } from './dom';
import { CodePointField } from './field';
import { explainDomain, UTS46 } from './idna';
import { fragmentOf, sameState, stateFromFragment, type PageState, type State } from './permalink';
import { copyValues } from './copy';
import { forgetScrollers, reachableWhenScrolling } from './scrollers';
import { windowedList, type WindowedElement } from './windowed';
import { Helper, serve, type FinishAnswer } from './worker';

/** The page's own script, captured while it runs: the worker is made from it. */
const SOURCE = typeof document === 'undefined' ? null : (document.currentScript?.textContent ?? null);

/** How long typing must pause before a long input's deferred work runs, in milliseconds. */
const PAUSE = 250;
/** How long typing must pause before the live region says the summary, and the state joins the recent list. */
const SETTLE = 800;
/** A change after a pause this long starts a new history entry; changes closer together replace it. */
const HISTORY_PAUSE = 1000;
/** A value longer than this many code units is shown clipped, with a button that shows it all. */
const VALUE_LIMIT = 300;
/** A list longer than this is drawn as it scrolls. */
const LIST_LIMIT = 50;
/** The height of a line of the lists drawn as they scroll, in pixels (the CSS's .windowed-row line-height). */
const LINE = 30;
/** How many code units of a long input's view are on one line. */
const CHUNK = 100;
/** How many code units of the input an error row shows on each side of the error. */
const ERROR_CONTEXT = 24;

// ---- the input view ---------------------------------------------------------------------------

interface NamedSpan extends Span {
  field: string;
}

/** The record's spans, named as the record names them (path segments as path[i]), in input order. */
function spansOf(record: IntermediateRecord): NamedSpan[] {
  const out: NamedSpan[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) value.forEach((s: Span, i) => out.push({ ...s, field: `${key}[${i}]` }));
    else if (value && typeof value === 'object' && 'start' in value) out.push({ ...(value as Span), field: key });
  }
  // The record lists its components in input order: sorted only when it does not (a check of 25,000 segments costs less than their sort).
  const order = (a: NamedSpan, b: NamedSpan) => a.start - b.start || b.end - a.end;
  for (let i = 1; i < out.length; i++) if (order(out[i - 1], out[i]) > 0) return out.sort(order);
  return out;
}

const FIELD_WORDS: Record<string, string> = {
  scheme: 'the scheme',
  slashes: 'the slashes before the authority',
  userinfo: 'the credentials',
  username: 'the username',
  password: 'the password',
  host: 'the host',
  port: 'the port',
  path: 'a path segment',
  opaquePath: 'the opaque path',
  query: 'the query',
  fragment: 'the fragment',
};

const fieldOf = (name: string) => name.replace(/\[\d+\]$/, '');

/**
 * Which rows spans go to: a span that crosses or holds another goes to a row of its own, so that
 * no span is drawn inside another (each is an option of the span list, and an option holds no
 * option). A span that holds the next one (userinfo, which holds the username and password) is
 * placed last, on a row below what it holds.
 */
function assignRows(spans: NamedSpan[]): NamedSpan[][] {
  const rows: NamedSpan[][] = [];
  const holds = (s: NamedSpan, next: NamedSpan | undefined) => next !== undefined && next.start >= s.start && next.end <= s.end && next.start < s.end && (next.start > s.start || next.end < s.end);
  const holders = spans.filter((s, i) => holds(s, spans[i + 1]));
  const order = holders.length ? [...spans.filter((s, i) => !holds(s, spans[i + 1])), ...holders] : spans;
  // The furthest end of each row's spans: a span that starts there or later fits at once, which
  // keeps the 25,000 segments of a long path from being compared with each other.
  const ends: number[] = [];
  for (const s of order) {
    const fits = (row: NamedSpan[], i: number) => s.start >= ends[i] || row.every((o) => s.end <= o.start || s.start >= o.end);
    let index = rows.findIndex(fits);
    if (index === -1) {
      index = rows.push([]) - 1;
      ends.push(0);
    }
    rows[index].push(s);
    ends[index] = Math.max(ends[index], s.end);
  }
  if (rows.length === 0) rows.push([]);
  return rows;
}

/** What an empty span is called in the span list, for a screen reader: "the query: empty". */
function spanWords(s: NamedSpan): string {
  const field = fieldOf(s.field);
  return `${FIELD_WORDS[field] ?? field}${field === 'path' ? ` (${s.field})` : ''}: ${s.start === s.end ? 'empty' : ''}`;
}

/**
 * One row of the input from `from` to `to`, each span an element over its text (an option of the
 * span list), in input order. A span cut by the row's ends is drawn in pieces: only the piece that
 * holds its start carries its data-span-field and is an option. On a row after the first
 * (`under`), the text between spans is muted and hidden from a screen reader: it says again what
 * the first row says. An option's place in the list (aria-posinset, of `total`) is its place in
 * the input, the order the keys go in, whichever row it is on.
 */
function drawRow(input: string, row: NamedSpan[], from: number, to: number, under: boolean, total: number, pictures: boolean): HTMLElement {
  const line = el('div', { class: 'line', dir: 'ltr', role: 'none' });
  const between = (a: number, b: number) => {
    if (b <= a) return;
    if (under) line.append(el('span', { class: 'again', 'aria-hidden': 'true' }, visible(input.slice(a, b), pictures)));
    else appendAll(line, visible(input.slice(a, b), pictures));
  };
  let at = from;
  // (a row's spans do not overlap; an empty one goes before a span that starts where it is)
  const spans = row.every((s, i) => i === 0 || row[i - 1].start < s.start) ? row : [...row].sort((x, y) => x.start - y.start || x.end - y.end);
  for (const s of spans) {
    const start = Math.max(s.start, from);
    const end = Math.min(s.end, to);
    between(at, start);
    const index = String((s as NamedSpan & { index?: number }).index ?? -1);
    const attrs: Record<string, string> = { class: `span f-${fieldOf(s.field)}${s.start === s.end ? ' empty' : ''}`, 'data-span-index': index };
    // The piece that holds the span's start carries the hooks and is the option.
    const first = s.start >= from;
    if (first) Object.assign(attrs, { 'data-span-field': s.field, 'data-start': String(s.start), 'data-end': String(s.end), role: 'option', id: `span-${index}`, 'aria-selected': 'false', 'aria-posinset': String(Number(index) + 1), 'aria-setsize': String(total) });
    const node = el('span', attrs);
    // An empty span says what it is in words (it has no text to be named by); the selected span's
    // description, #span-detail, says what each is.
    if (first && s.start === s.end) node.append(srOnly(spanWords(s)));
    appendAll(node, visible(input.slice(start, end), pictures));
    line.append(node);
    at = Math.max(at, end);
  }
  between(at, to);
  return line;
}

/** The rows of a long input: [from, to) pieces of about CHUNK code units, cut where no short span crosses. */
function chunksOf(input: string, spans: NamedSpan[]): { from: number; to: number; spans: NamedSpan[]; rows: NamedSpan[][] }[] {
  const out: { from: number; to: number; spans: NamedSpan[]; rows: NamedSpan[][] }[] = [];
  let from = 0;
  let next = 0; // the first span that may reach into the chunk
  while (from < input.length || out.length === 0) {
    let to = Math.min(input.length, from + CHUNK);
    // A span shorter than a chunk that crosses the cut moves the cut back to its start.
    for (let i = next; i < spans.length && spans[i].start < to; i++) {
      const s = spans[i];
      if (s.start > from && s.start < to && s.end > to && s.end - s.start <= CHUNK) to = s.start;
    }
    if (to >= input.length) to = input.length;
    while (next < spans.length && spans[next].end <= from && !(spans[next].start === spans[next].end && spans[next].start === from)) next++;
    const mine: NamedSpan[] = [];
    for (let i = next; i < spans.length && spans[i].start <= to; i++) {
      const s = spans[i];
      const empty = s.start === s.end;
      if (empty ? s.start >= from && (s.start < to || to === input.length) : s.start < to && s.end > from) mine.push(s);
    }
    out.push({ from, to, spans: mine, rows: assignRows(mine) });
    if (to >= input.length) break;
    from = to;
  }
  return out;
}

// ---- selection of a span: the keyboard, the click, and what it says ----------------------------

interface InputView {
  element: HTMLElement;
  spans: NamedSpan[];
}

/** What a span is, in words, with the changes the parser made inside it. */
function describeSpan(s: NamedSpan, groups: ChangeGroup[] | null): string {
  const field = fieldOf(s.field);
  const words = `${FIELD_WORDS[field] ?? field}${field === 'path' ? ` (${s.field})` : ''}, [${s.start}, ${s.end}): ${quoted(s.text)}`;
  const inside: string[] = [];
  for (const g of groups ?? []) {
    for (let i = 0; i < g.starts.length; i++) {
      if (g.starts[i] !== -1 && g.starts[i] >= s.start && g.ends[i] <= s.end && (g.starts[i] < s.end || s.start === s.end)) inside.push(g.change.what);
    }
  }
  if (inside.length === 0) return `${words}.`;
  return `${words}. ${inside.slice(0, 3).join('; ')}${inside.length > 3 ? `; and ${inside.length - 3} more changes` : ''}.`;
}

/**
 * The input view: the input with each span of the record coloured over its text. The spans are a
 * listbox (WAI-ARIA APG, single select, the selection following the focus): one tab stop, the
 * box that scrolls; the arrow keys, Home and End move the selection (PageUp and PageDown by ten),
 * which is scrolled into view; a click selects a span too. #span-detail says what the selected
 * span is, and is its description.
 */
function inputView(r: Results, changes: ChangeGroup[] | null): InputView {
  const input = r.state.url;
  const detail = el('p', { id: 'span-detail', class: 'span-detail' }, 'Select a span (click it, or focus the list of spans above and use the arrow keys) to read what it is.');
  if (!r.record) {
    const text = isLarge(r.state) ? clip(input, 4 * CHUNK) : input;
    const lines = reachableWhenScrolling(el('div', { class: 'lines' }, el('div', { class: 'line', dir: 'ltr' }, visible(text))), 'the input (no span: the grammar does not match it)');
    return { element: el('div', { class: 'input-view' }, lines), spans: [] };
  }
  const spans = spansOf(r.record).map((s, index) => Object.assign(s, { index }));
  const label = `the input's ${count(spans.length, 'span')}${isLarge(r.state) ? `, in rows of about ${CHUNK} code units drawn as they scroll` : ''}`;
  let selected = -1;
  /** Marks the selected span's elements (a long input's row is drawn again as it scrolls into view). */
  const mark = (root: ParentNode) => {
    for (const e of root.querySelectorAll(`[data-span-index="${selected}"]`)) {
      e.classList.add('selected');
      if (e.getAttribute('role') === 'option') {
        e.setAttribute('aria-selected', 'true');
        e.setAttribute('aria-describedby', 'span-detail');
      }
    }
  };
  let lines: HTMLElement;
  let chunkStarts: number[] | null = null;
  if (!isLarge(r.state)) {
    lines = el('div', { class: 'lines' }, assignRows(spans).map((row, i) => drawRow(input, row, 0, input.length, i > 0, spans.length, false)));
  } else {
    const chunks = chunksOf(input, spans);
    lines = windowedList({
      count: chunks.length,
      lineHeight: LINE,
      lines: 8,
      linesOf: (i) => chunks[i].rows.length,
      label,
      role: 'listbox',
      pictures: true,
      className: 'lines chunked',
      draw: (i) => {
        const c = chunks[i];
        const row = el('div', { class: 'chunk', 'data-from': String(c.from), role: 'none' }, el('span', { class: 'gutter', 'aria-hidden': 'true' }, String(c.from)), el('div', { class: 'chunk-rows', role: 'none' }, c.rows.map((row, i) => drawRow(input, row, c.from, c.to, i > 0, spans.length, true))));
        if (selected !== -1) mark(row);
        return row;
      },
    });
    chunkStarts = chunks.map((c) => c.from);
  }
  // The box that scrolls is the listbox (and so reachable by the keyboard, with what it scrolls).
  lines.tabIndex = 0;
  lines.classList.add('span-group');
  lines.setAttribute('role', 'listbox');
  lines.setAttribute('aria-label', label);
  const select = (index: number) => {
    selected = Math.max(0, Math.min(spans.length - 1, index));
    const s = spans[selected];
    for (const old of lines.querySelectorAll('.span.selected')) {
      old.classList.remove('selected');
      if (old.getAttribute('role') === 'option') {
        old.setAttribute('aria-selected', 'false');
        old.removeAttribute('aria-describedby');
      }
    }
    const starts = chunkStarts;
    if (starts) {
      // A long input's row may not be drawn yet: it is scrolled into view first.
      let row = starts.findIndex((from, i) => s.start >= from && (i === starts.length - 1 || s.start < starts[i + 1]));
      if (row === -1) row = 0;
      (lines as WindowedElement).scrollToRow(row);
    }
    detail.textContent = describeSpan(s, changes);
    detail.dataset.spanField = s.field;
    mark(lines);
    const option = lines.querySelector<HTMLElement>(`[data-span-index="${selected}"][role="option"]`);
    if (option) {
      lines.setAttribute('aria-activedescendant', option.id);
      // across as well as down: a row wider than the box is scrolled to the span
      option.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  };
  // The first span is selected when the list takes the focus with none selected.
  lines.addEventListener('focus', () => {
    if (selected === -1 && spans.length) select(0);
  });
  lines.addEventListener('keydown', (e) => {
    if (spans.length === 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowDown: selected + 1, ArrowLeft: selected - 1, ArrowUp: selected - 1, Home: 0, End: spans.length - 1, PageDown: selected + 10, PageUp: selected - 10 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    select(moves[e.key]);
  });
  lines.addEventListener('click', (e) => {
    const target = (e.target as Element).closest('[data-span-index]');
    if (!target) return;
    select(Number(target.getAttribute('data-span-index')));
  });
  return { element: el('div', { class: 'input-view' }, lines, detail), spans };
}

// ---- the validation errors ------------------------------------------------------------------

/**
 * The input around an error: up to ERROR_CONTEXT code units on each side, and the error's span
 * underlined, in a <mark> (what a screen reader says is highlighted; an empty span says so in
 * words). The row wraps where there is room for it, and is one line in a list drawn as it scrolls.
 */
function errorLine(input: string, e: ValidationError, pictures: boolean): HTMLElement {
  const from = Math.max(0, e.start - ERROR_CONTEXT);
  const to = Math.min(input.length, e.end + ERROR_CONTEXT);
  const long = e.end - e.start > VALUE_LIMIT;
  // (the underlined part always has its badges: a space there is said "space")
  const underlined = el('mark', { class: `underline${e.start === e.end ? ' empty' : ''}${e.failure ? ' failure' : ''}` }, visible(input.slice(e.start, long ? e.start + VALUE_LIMIT : e.end)), long ? '\u2026' : '');
  if (e.start === e.end) underlined.append(srOnly(' (nothing: the error is between two code points) '));
  return el('div', { class: 'line', dir: 'ltr' }, el('span', { class: 'context' }, from > 0 ? '\u2026' : '', visible(input.slice(from, e.start), pictures)), underlined, el('span', { class: 'context' }, visible(input.slice(e.end, to), pictures), to < input.length ? '\u2026' : ''));
}

/** An error's row; `pictures` in a list drawn as it scrolls (see visible). */
function errorRow(input: string, e: ValidationError, pictures = false): HTMLElement {
  return el('div', { class: 'error', 'data-error-type': e.type, 'data-start': String(e.start), 'data-end': String(e.end) }, el('span', { class: 'where' }, `[${e.start}, ${e.end})`), errorLine(input, e, pictures));
}

/** Why a domain-to-ASCII error was reported: the UTS #46 steps that record it. */
function idnaReason(r: Results, e: ValidationError): HTMLElement | null {
  if (e.type !== 'domain-to-ASCII' || !r.record?.host) return null;
  let domain = r.record.host.text;
  try {
    domain = decodeURIComponent(domain.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    // not UTF-8 once decoded: the parser decodes with replacement, as TextDecoder does
    domain = new TextDecoder().decode(Uint8Array.from(domain.replace(/%([0-9A-Fa-f]{2})|[^]/g, (m, hex: string | undefined) => String.fromCharCode(hex ? parseInt(hex, 16) : m.charCodeAt(0) & 0xff)), (c) => c.charCodeAt(0)));
  }
  const findings = explainDomain(domain).filter((f) => f.error);
  if (findings.length === 0) return null;
  return el(
    'ul',
    { class: 'idna-reason' },
    findings.map((f) =>
      el('li', { 'data-uts46-step': f.step, ...(f.codePoint !== undefined ? { 'data-code-point': f.codePoint.toString(16).toUpperCase() } : {}) }, f.anchor ? el('a', { href: `${UTS46}${f.anchor}`, target: '_blank', rel: 'noopener' }, `UTS #46 ${f.step}`) : el('a', { href: specLink('concept-domain-to-ascii'), target: '_blank', rel: 'noopener' }, f.step), `: ${f.text}${f.strictOnly ? ' (only with beStrict: the validation error, not the failure)' : ''}`),
    ),
  );
}

function errorsView(r: Results): HTMLElement {
  const input = r.state.url;
  const box = el('div', { class: 'errors' });
  for (const { errors: list, by } of errorGroups(r.errors)) {
    const e = list[0];
    // where the pass reported it: the error's own state and algorithm
    const head = el(
      'div',
      { class: 'what' },
      el('a', { href: errorLink(e.type), target: '_blank', rel: 'noopener', class: 'error-name' }, e.type),
      list.length > 1 ? el('span', { class: 'times' }, ` \u00d7${list.length.toLocaleString('en')}`) : '',
      `${e.failure ? ' (a failure)' : ''}: ${e.message} Reported by `,
      el('a', { href: by.href, target: '_blank', rel: 'noopener', 'data-step': by.anchor, 'aria-label': `${by.text}, where ${e.type} is reported` }, by.text),
      '.',
    );
    const group = el('div', { class: 'error-group', 'data-error-group': e.type, 'data-error-state': e.state ?? '', 'data-error-step': e.step, 'data-count': String(list.length) }, head);
    const reason = idnaReason(r, e);
    if (reason) group.append(reason);
    if (list.length <= LIST_LIMIT) for (const x of list) group.append(errorRow(input, x));
    else group.append(windowedList({ count: list.length, lineHeight: LINE, lines: 10, label: `the ${count(list.length, 'place')} of ${e.type}, drawn as they scroll`, pictures: true, draw: (i) => errorRow(input, list[i], true) }));
    box.append(group);
  }
  if (r.baseFails) box.append(el('p', { class: 'fails' }, 'The base URL does not parse.'));
  if (r.errors.length === 0 && !r.baseFails) box.append(el('p', { class: 'note' }, 'No validation error.'));
  return box;
}

// ---- what the parser did ----------------------------------------------------------------------

function changeLink(c: Change): HTMLElement {
  return el('a', { href: c.href, target: '_blank', rel: 'noopener', class: 'step' }, c.step);
}

function changeRow(input: string, c: Change, start: number, end: number): HTMLElement {
  const where = start === -1 ? 'from the base URL' : `[${start}, ${end}) ${quoted(clip(input.slice(start, end), 60))}`;
  return el('div', { class: 'change-at', 'data-change-step': c.anchor, 'data-start': String(start), 'data-end': String(end) }, where);
}

function changesView(r: Results, groups: ChangeGroup[] | null): HTMLElement {
  const box = el('div', { class: 'changes' });
  if (groups === null) {
    box.append(el('p', { class: 'pending' }, 'Worked out when typing pauses\u2026'));
    return box;
  }
  if (r.url === null) {
    box.append(el('p', { class: 'note' }, r.baseFails ? 'The base URL does not parse.' : 'The input does not parse: there is no href.'));
    return box;
  }
  box.append(el('p', { class: 'note' }, `Each change from the input to the href, as the parser recorded it while it made it, with the state and the algorithm of the URL Standard that made it (the links go to url.bs at whatwg/url ${SPEC_COMMIT}, the text url-grammar implements). Identical changes are grouped.`));
  if (groups.length === 0) {
    box.append(el('p', {}, 'None: the href is the input as written.'));
    return box;
  }
  const list = el('ol', { class: 'change-list' });
  for (const g of groups) {
    const c = g.change;
    const n = g.starts.length;
    const item = el('li', { class: 'change', 'data-change-key': c.key, 'data-count': String(n) }, changeLink(c), `: ${c.what}${n > 1 ? ` (\u00d7${n.toLocaleString('en')})` : ''}`);
    if (n <= LIST_LIMIT) {
      if (n > 1 || c.start !== -1) item.append(el('div', { class: 'change-places' }, g.starts.map((start, i) => changeRow(r.state.url, c, start, g.ends[i]))));
    } else item.append(windowedList({ count: n, lineHeight: LINE, lines: 6, label: `the ${count(n, 'place')} of this change, drawn as they scroll`, draw: (i) => changeRow(r.state.url, c, g.starts[i], g.ends[i]) }));
    list.append(item);
  }
  box.append(list);
  return box;
}

// ---- facts, components, verdicts ---------------------------------------------------------------

/** The kind of host the parser made: https://url.spec.whatwg.org/#concept-host. */
function hostType(r: URLRecord): string | null {
  if (r.host === null) return null;
  if (typeof r.host === 'number') return 'an IPv4 address';
  if (Array.isArray(r.host)) return 'an IPv6 address';
  if (r.host === '') return 'the empty host';
  return isSpecialScheme(r.scheme) ? 'a domain' : 'an opaque host';
}

/** What the path's dot segments did, as the pass recorded it (the relative state's shortening of the base URL's path too). */
function pathSteps(r: Results): string[] {
  const dots = (r.changes ?? []).filter((c) => c.kind === 'shortened' || (c.kind === 'removed' && c.state === 'path'));
  return whatTheParserDid(dots, r.url).map((c) => (c.start === -1 ? c.what : `${quoted(r.state.url.slice(c.start, c.end))} at [${c.start}, ${c.end}): ${c.what}`));
}

function factsView(r: Results): HTMLElement {
  const facts = el('ul', { class: 'facts' });
  const url = r.url;
  const type = url ? hostType(url) : null;
  if (type === 'the empty host') facts.append(el('li', { 'data-host-type': type }, 'the host is the empty host: nothing is written between "//" and the path'));
  else if (type) facts.append(el('li', { 'data-host-type': type }, `the host is ${type}: `, el('code', { dir: 'ltr' }, visible(serializeHost(url!.host!)))));
  if (r.record) {
    const steps = pathSteps(r);
    if (steps.length <= LIST_LIMIT) for (const step of steps) facts.append(el('li', { class: 'path-step' }, step));
    else facts.append(el('li', {}, `${count(steps.length, 'dot segment')}:`, windowedList({ count: steps.length, lineHeight: LINE, lines: 6, label: 'the dot segments, drawn as they scroll', draw: (i) => el('div', { class: 'path-step' }, steps[i]) })));
  }
  return facts;
}

/** A "show all" button: a click puts what `all` draws in `holder`, and the focus on it. */
function expander(holder: HTMLElement, label: string, all: () => HTMLElement): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'show-all' }, label);
  button.addEventListener('click', () => {
    const shown = all();
    shown.tabIndex = -1;
    holder.replaceChildren(shown);
    shown.focus();
  });
  return button;
}

/** `text` drawn visibly, clipped to VALUE_LIMIT code units with a button that shows the rest in a box that scrolls. */
function clippedValue(text: string): HTMLElement {
  const code = el('code', { dir: 'ltr' });
  if (text.length <= VALUE_LIMIT) {
    appendAll(code, visible(text));
    return code;
  }
  appendAll(code, [visible(clip(text, VALUE_LIMIT).slice(0, -1)), el('span', { class: 'clip' }, '\u2026 '), expander(code, `show all (${count(text.length, 'character')})`, () => reachableWhenScrolling(el('span', { class: 'whole-value', role: 'group', 'aria-label': `the whole value, ${count(text.length, 'character')}` }, visible(text)), `the whole value, ${count(text.length, 'character')}`))]);
  return code;
}

function componentTable(r: Results): HTMLElement {
  const head = el('tr', {}, el('th', { scope: 'col' }, 'component'), IMPLS.map((i) => el('th', { scope: 'col' }, i.label)));
  const ours = r.components['url-grammar'];
  const rows = FIELDS.map((f) => {
    const cells = IMPLS.map((impl) => {
      const c = r.components[impl.id];
      const attrs: Record<string, string> = { 'data-impl': impl.id, 'data-field': f };
      // A long input's whatwg-url column is computed when typing pauses: until then its cells
      // carry data-pending and no data-value.
      if (r.pending.includes(impl.id)) {
        attrs['data-pending'] = '';
        return el('td', attrs, el('span', { class: 'pending' }, '\u2026'), srOnly('still being worked out'));
      }
      if (c) attrs['data-value'] = c[f];
      const differs = impl.id !== 'url-grammar' && ((c === null) !== (ours === null) || (c !== null && ours !== null && c[f] !== ours[f]));
      // An empty value is said in words; a long one is clipped, with a button that shows it all.
      const shown = c === null ? el('span', { class: 'fails' }, f === 'href' ? 'fails' : '\u2014') : c[f] === '' ? el('span', { class: 'empty-value' }, '(empty string)') : clippedValue(c[f]);
      if (!differs) return el('td', attrs, shown);
      // A differing cell: a sign and words as well as the colour, and a tab stop.
      attrs.class = 'differs';
      attrs.tabindex = '0';
      return el('td', attrs, el('span', { class: 'differs-sign', 'aria-hidden': 'true' }, '\u2260 '), srOnly(`${impl.label} differs from url-grammar: `), shown);
    });
    return el('tr', {}, el('th', { scope: 'row' }, f), cells);
  });
  return el('table', { class: 'components' }, el('caption', { class: 'sr-only' }, 'Each component as url-grammar, this browser and whatwg-url give it'), el('thead', {}, head), el('tbody', {}, rows));
}

const VERDICT_NAMES: [string, 'parses' | 'parserValid' | 'grammarValid'][] = [
  ['parses', 'parses'],
  ['parser-valid', 'parserValid'],
  ['grammar-valid', 'grammarValid'],
];

/** A verdict's caption, which says the result: "the URL parser returns failure", "5 validation errors". */
function verdictCaption(r: Results, name: string, value: boolean): string {
  const base = r.baseFails ? 'the base URL does not parse' : null;
  if (name === 'parses') return value ? 'the URL parser returns a URL' : (base ?? 'the URL parser returns failure');
  if (name === 'parser-valid') return value ? 'no validation error' : r.errors.length ? count(r.errors.length, 'validation error') : (base ?? 'the URL parser returns failure');
  return value ? 'a valid URL string by the writing rules' : 'not a valid URL string by the writing rules';
}

/** A value longer than this is shown clipped in the result line (all of it is in the components table, and in a copy). */
const RESULT_LIMIT = 200;

/** Why url-grammar fails, in words: "url-grammar fails: <type> at [start, end): <message>" for each failure error (the first only, with `first`). */
function whyItFails(r: Results, first = false): string {
  if (r.baseFails) return 'url-grammar fails: the base URL does not parse.';
  const failures = r.errors.filter((e) => e.failure).slice(0, first ? 1 : undefined);
  return `url-grammar fails: ${failures.length ? failures.map((e) => `${e.type} at [${e.start}, ${e.end}): ${e.message}`).join('; ') : 'no failure error was reported'}`;
}

/** The result, first on the page: the href, or the failure and why. */
function resultLine(r: Results): HTMLElement {
  const c = r.components['url-grammar'];
  if (c === null) return el('p', { class: 'result-line why fails', 'data-why': r.baseFails ? 'base' : 'failure' }, whyItFails(r));
  const href = c.href;
  const shown = el('code', { class: 'result-href', dir: 'ltr', 'data-field': 'href', 'data-value': href }, visible(href.length > RESULT_LIMIT ? clip(href, RESULT_LIMIT) : href));
  return el('p', { class: 'result-line' }, el('span', { class: 'result-label' }, 'href '), shown, href.length > RESULT_LIMIT ? el('span', { class: 'note' }, ` (${count(href.length, 'character')}: all of them under Components)`) : '');
}

function verdictsView(r: Results): HTMLElement {
  const v = r.verdicts;
  const box = el('ul', { class: 'verdicts' });
  const pending = r.pending.includes('verdicts');
  for (const [name, key] of VERDICT_NAMES) {
    // A long input's verdicts come when typing pauses: until then they carry data-pending and no data-value.
    if (pending) box.append(el('li', { class: 'verdict pending', 'data-verdict': name, 'data-pending': '' }, `${name}: \u2026`, srOnly(' (still being worked out)')));
    else {
      const value = v ? v[key] : false;
      box.append(el('li', { class: `verdict ${value ? 'yes' : 'no'}`, 'data-verdict': name, 'data-value': String(value) }, el('span', { 'aria-hidden': 'true' }, value ? '\u2713 ' : '\u2717 '), `${name}: ${value ? 'yes' : 'no'}`, el('span', { class: 'verdict-what' }, ` (${verdictCaption(r, name, value)})`)));
    }
  }
  const notes = el('div', { class: 'notes' });
  const problem = (p: NonNullable<Results['verdicts']>['problems'][number]): (Node | string)[] => ['writing rule ', el('code', {}, p.rule), ` fails at offset ${p.offset}: ${p.message}`];
  if (v && v.problems.length) {
    // When the parser reports no error, the disagreement is the first writing problem: it is said
    // once, here, with its lead-in.
    const first = v.problems[0];
    const lead = v.parserValid && v.disagreement ? 'The URL parser reports no validation error, but the input is not a valid URL string: ' : '';
    notes.append(el('p', { class: `problem${lead ? ' disagreement' : ''}`, 'data-rule': first.rule, 'data-offset': String(first.offset) }, lead, problem(first)));
    if (v.problems.length > 1) {
      const more = el('details', { class: 'more-problems' }, el('summary', {}, `and ${v.problems.length - 1} more`));
      const list = el('ul', {});
      for (const p of v.problems.slice(1)) list.append(el('li', { class: 'problem', 'data-rule': p.rule, 'data-offset': String(p.offset) }, problem(p)));
      more.append(list);
      notes.append(more);
    }
  } else if (v?.disagreement) notes.append(el('p', { class: 'disagreement' }, v.disagreement));
  return el('div', {}, resultLine(r), box, notes);
}

// ---- the diagrams -----------------------------------------------------------------------------

/** One rule's diagram in a section of its own: its name, its link into the standard, the SVG. */
function ruleSection(kind: 'url' | 'host', name: string, spec: string, svg: string, caption: string | null): HTMLElement {
  const section = el('section', { class: 'rule', id: `${kind === 'url' ? 'rule' : 'host-rule'}-${name}`, 'data-grammar': kind, 'data-rule': name, 'aria-label': `${kind === 'host' ? 'host grammar rule' : 'rule'} ${name}` });
  section.append(el('h3', { tabindex: '-1' }, name, ' ', el('a', { href: specLink(spec), target: '_blank', rel: 'noopener', 'aria-label': `#${spec} in the standard, for the rule ${name}` }, `#${spec}`)));
  // What the rule matched, in the input's offsets, as text that wraps (the SVG's own note, in
  // offsets of the text the rule ran on and cut at the diagram's width, is hidden by the CSS).
  if (caption !== null) section.append(el('p', { class: 'rule-matched' }, caption));
  const holder = el('div', { class: 'diagram' });
  holder.innerHTML = svg;
  reachableWhenScrolling(holder, `the railroad diagram of ${name}, which scrolls`);
  // The SVG holds links (its rule boxes): a group, named; what its boxes matched is also in the text form of the path.
  holder.querySelector('svg')?.setAttribute('role', 'group');
  holder.querySelector('svg')?.setAttribute('aria-label', `railroad diagram of ${name}`);
  section.append(holder);
  return section;
}

/** A trace entry's span in the input (the grammar ran on the preprocessed input, or on the host). */
function inputSpan(t: TracedGrammar, e: { start: number; end: number }): [number, number] {
  const at = (i: number) => t.offsets[Math.min(i, t.offsets.length - 1)] ?? 0;
  const start = at(e.start);
  return [start, e.end === e.start ? start : at(e.end - 1) + 1];
}

/** What a rule matched, in words, in the input's offsets. */
function matchedCaption(t: TracedGrammar, name: string, input: string): string {
  const own = t.trace.filter((e) => e.rule === name);
  if (own.length === 0) return `${name}: not matched`;
  const shown = own.slice(0, 5).map((e) => {
    const [start, end] = inputSpan(t, e);
    return `${quoted(clip(input.slice(start, end), 80))} at [${start}, ${end})`;
  });
  return `${name} matched ${shown.join(', ')}${own.length > 5 ? `, and ${(own.length - 5).toLocaleString('en')} more` : ''}`;
}

/** The path taken, as text: each rule match, indented by depth, with its span in the input. */
function pathText(t: TracedGrammar, input: string): HTMLElement {
  const row = (e: TraceEntry) => {
    const [start, end] = inputSpan(t, e);
    return el('div', { class: 'trace-entry', 'data-rule': e.rule, 'data-start': String(start), 'data-end': String(end), style: `padding-left: ${Math.min(e.depth, 12) * 1.2}em` }, el('span', { class: 'trace-rule' }, e.rule), ` matched ${quoted(clip(input.slice(start, end), 80))} at [${start}, ${end})`);
  };
  const label = `${t.grammar === 'url' ? 'the URL grammar' : 'the host grammar'}'s path as text: ${count(t.trace.length, 'rule match', 'rule matches')}, in the input's offsets`;
  const details = el('details', { class: 'path-text', 'data-grammar': t.grammar }, el('summary', {}, label));
  if (t.trace.length <= LIST_LIMIT * 4) details.append(el('div', {}, t.trace.map(row)));
  else details.append(windowedList({ count: t.trace.length, lineHeight: LINE, lines: 12, label, draw: (i) => row(t.trace[i]) }));
  return details;
}

/**
 * Marks where a failing parse stopped. When the grammar matched (its path is drawn in full) but
 * the semantic pass reported a failure, the deepest rule whose match holds the error gets a
 * marker and a caption ([data-stop-type] with data-start and data-end), and the box it was entered
 * through, in the rule above it, is drawn in red. When the grammar did not match, the caption
 * says so, on the entry rule.
 */
function markStop(r: Results, sections: HTMLElement[], t: TracedGrammar): void {
  if (r.url !== null || r.baseFails) return;
  const failure = r.errors.find((e) => e.failure);
  const trace = t.trace;
  const caption = el('p', { class: 'stop' });
  caption.append(el('span', { class: 'stop-marker', 'aria-hidden': 'true' }, '\u2716'));
  if (trace.length === 0) {
    const section = sections[0];
    if (!section) return;
    section.classList.add('stopped');
    caption.append(` The grammar's entry rule ${t.entries[0]} does not match the input${failure ? `; the parser fails: ${failure.type} at [${failure.start}, ${failure.end})` : ''}.`);
    if (failure) Object.assign(caption.dataset, { stopType: failure.type, start: String(failure.start), end: String(failure.end), stopKind: 'grammar' });
    section.querySelector('h3')!.after(caption);
    return;
  }
  if (!failure) return;
  // the error's span in the preprocessed text
  const pre = (at: number) => {
    let i = 0;
    while (i < t.offsets.length - 1 && t.offsets[i] < at) i++;
    return i;
  };
  const start = pre(failure.start);
  const end = pre(failure.end);
  let found = -1;
  trace.forEach((e, i) => {
    if (e.start <= start && end <= e.end && (found === -1 || e.depth >= trace[found].depth)) found = i;
  });
  const rule = found === -1 ? sections[0]?.getAttribute('data-rule') : trace[found].rule;
  const section = sections.find((s) => s.getAttribute('data-rule') === rule);
  if (!section) return;
  section.classList.add('stopped');
  Object.assign(caption.dataset, { stopType: failure.type, start: String(failure.start), end: String(failure.end), stopKind: 'semantic' });
  caption.append(` The grammar matched, and the semantic pass failed here: ${failure.type} at [${failure.start}, ${failure.end})`, found === -1 ? '' : `, in the match ${quoted(clip(trace[found].text, 80))} of ${rule}`, '.');
  section.querySelector('h3')!.after(caption);
  if (found === -1 || trace[found].parent === -1) return;
  const parent = sections.find((s) => s.getAttribute('data-rule') === trace[trace[found].parent].rule);
  for (const box of parent?.querySelectorAll('.rr-matched') ?? []) {
    if (box.querySelector(':scope > text')?.textContent === rule) box.classList.add('rr-stop');
  }
}

function drawDiagrams(r: Results, data: DiagramData): (Node | string)[] {
  const out: (Node | string)[] = [];
  const t = data.url;
  out.push(el('p', { class: 'note' }, t.trace.length ? `The rules the input went through (entry rule ${t.entries[0]}), on the preprocessed input; the way taken is drawn in colour, the alternatives not taken are dimmed. Offsets are the input's.` : `The entry rule ${t.entries[0]} does not match the input: no rule is drawn in colour.`));
  if (t.trace.length) out.push(pathText(t, r.state.url));
  const sections = t.rules.map((d) => ruleSection('url', d.name, d.spec, d.svg, matchedCaption(t, d.name, r.state.url)));
  markStop(r, sections, t);
  for (const s of sections) out.push(s);
  for (const h of data.host) {
    out.push(el('p', { class: 'note' }, h.note), pathText(h, r.state.url));
    for (const d of h.rules) out.push(ruleSection('host', d.name, d.spec, d.svg, matchedCaption(h, d.name, r.state.url)));
  }
  return out;
}

// ---- the page ---------------------------------------------------------------------------------

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

interface Page {
  url: CodePointField;
  base: CodePointField;
  url2: CodePointField;
  base2: CodePointField;
  helper: Helper;
  last: Results | null;
  changes: ChangeGroup[] | null;
  generation: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  settleTimer: ReturnType<typeof setTimeout> | undefined;
  lastEdit: number;
  /** The fragment of the state last rendered. */
  lastFragment: string;
  /** A long input's burst started a history entry that is not written yet. */
  historyPending: boolean;
  sections: Record<'verdicts' | 'changes' | 'components', HTMLElement | null>;
}

let page: Page;

/** A base field's state: null when it is empty, unless the empty string is chosen as the base. */
function baseOf(field: CodePointField, empty: HTMLInputElement | null): string | null {
  if (empty?.checked) return '';
  return field.value === '' ? null : field.value;
}

function readState(): State {
  return { url: page.url.value, base: baseOf(page.base, $<HTMLInputElement>('empty-base')), encoding: $<HTMLSelectElement>('encoding').value };
}

function compareOn(): boolean {
  return $<HTMLDetailsElement>('compare').open;
}

function readPageState(): PageState {
  return { ...readState(), second: compareOn() ? { url: page.url2.value, base: baseOf(page.base2, null), encoding: $<HTMLSelectElement>('encoding2').value } : null };
}

/** The labels of the replacement encoding, which TextDecoder refuses by design. */
const REPLACEMENT_LABELS = new Set(['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement']);

/** The Encoding Standard's name of the encoding `label` names, or null when it is not a label. */
function encodingName(label: string): string | null {
  const trimmed = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (REPLACEMENT_LABELS.has(trimmed)) return 'replacement';
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    return null;
  }
}

/** Sets an encoding select to the encoding `label` names, adding an option when needed; an unknown label selects UTF-8 and says so. */
function selectEncoding(select: HTMLSelectElement, label: string): void {
  const message = $('encoding-message');
  const name = encodingName(label);
  if (select.id === 'encoding') {
    message.hidden = name !== null;
    message.textContent = name === null ? `The link's encoding ${quoted(label)} is not an Encoding Standard label; UTF-8 is used.` : '';
  }
  const wanted = (name ?? 'UTF-8').toLowerCase();
  let option = [...select.options].find((o) => o.value.toLowerCase() === wanted);
  if (!option) select.append((option = el('option', { value: name! }, name!)));
  select.value = option.value;
}

function applyState(state: PageState): void {
  // A field that already holds its value is left alone (drawing 100 KB again costs a relayout).
  const put = (field: CodePointField, value: string) => {
    if (field.value !== value) field.set(value);
  };
  put(page.url, state.url);
  put(page.base, state.base ?? '');
  $<HTMLInputElement>('empty-base').checked = state.base === '';
  selectEncoding($<HTMLSelectElement>('encoding'), state.encoding);
  const compare = $<HTMLDetailsElement>('compare');
  if (state.second) {
    put(page.url2, state.second.url);
    put(page.base2, state.second.base ?? '');
    selectEncoding($<HTMLSelectElement>('encoding2'), state.second.encoding);
  }
  compare.open = state.second !== null;
}

function section(id: string, title: string, ...content: (Node | string)[]): HTMLElement {
  return el('section', { 'aria-labelledby': `${id}-title`, id: `${id}-section` }, el('h2', { id: `${id}-title` }, title), content);
}

function legend(): HTMLElement {
  const item = (cls: string, name: string) => el('li', {}, el('span', { class: `swatch span ${cls}`, 'aria-hidden': 'true' }, '\u00a0\u00a0'), ` ${name}`);
  return el(
    'details',
    { class: 'legend' },
    el('summary', {}, 'legend'),
    el(
      'ul',
      {},
      item('f-scheme', 'scheme'),
      item('f-userinfo', 'credentials'),
      item('f-host', 'host'),
      item('f-port', 'port'),
      item('f-path', 'path segment (outlined)'),
      item('f-query', 'query'),
      item('f-fragment', 'fragment'),
      el('li', {}, el('span', { class: 'error inline-sample' }, el('span', { class: 'underline' }, 'abc')), ' a validation error, wavy underline; ', el('span', { class: 'error inline-sample' }, el('span', { class: 'underline failure' }, 'abc')), ' one that makes the parse fail (also said in words: "a failure")'),
      el('li', {}, '\u2260 a component that differs from url-grammar\'s (the cell also says so in words)'),
      el('li', {}, badge(0x20), ' a space; ', badge(0x9), ' ', badge(0xa), ' ', badge(0xd), ' a control, by its name; ', badge(0x202e), ' an invisible, format or bidi code point, by its number: shown, not applied (a screen reader says each by its name)'),
    ),
  );
}

/** What the live region says once typing pauses: the href, or the failure and why; the verdicts and the number of errors. */
function summaryOf(r: Results): string {
  const c = r.components['url-grammar'];
  let head = c ? `href ${c.href.length > RESULT_LIMIT ? `${clip(c.href, RESULT_LIMIT)} (${count(c.href.length, 'character')})` : c.href}.` : whyItFails(r, true);
  if (!/[.!?]$/.test(head)) head += '.';
  const v = r.verdicts;
  const verdicts = v ? VERDICT_NAMES.map(([name, key]) => `${name}: ${v[key] ? 'yes' : 'no'}`).join(', ') : 'verdicts still being worked out';
  return `${head} ${verdicts}; ${r.errors.length === 0 ? 'no validation error' : count(r.errors.length, 'validation error')}.`;
}

function componentsContent(r: Results): (Node | string)[] {
  return [componentTable(r), el('p', { class: 'note' }, 'A cell marked \u2260 differs from url-grammar. The browser and whatwg-url always encode the query as UTF-8; only url-grammar takes the encoding.')];
}

/** The validation errors by type, with their counts: "invalid-URL-unit \u00d73, invalid-credentials". */
function errorCounts(errors: ValidationError[]): string {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => (n === 1 ? type : `${type} \u00d7${n.toLocaleString('en')}`)).join(', ') || '(none)';
}

/** The side-by-side table: url-grammar's answer for the first and the second state, the differences marked. */
function compareView(first: Results, second: State): HTMLElement {
  const other = run(second, !isLarge(second));
  const a = first.components['url-grammar'];
  const b = other.components['url-grammar'];
  const rows: [string, string | null, string | null][] = [
    ...FIELDS.map((f): [string, string | null, string | null] => [f, a ? a[f] : null, b ? b[f] : null]),
    ['validation errors', errorCounts(first.errors), errorCounts(other.errors)],
  ];
  const cell = (side: string, field: string, value: string | null, differs: boolean) =>
    el('td', { 'data-side': side, 'data-field': field, ...(value === null ? {} : { 'data-value': value }), ...(differs ? { class: 'differs', tabindex: '0' } : {}) }, differs ? el('span', { class: 'differs-sign', 'aria-hidden': 'true' }, '\u2260 ') : '', differs ? srOnly('differs: ') : '', value === null ? el('span', { class: 'fails' }, 'fails') : value === '' ? el('span', { class: 'empty-value' }, '(empty string)') : clippedValue(value));
  const table = el(
    'table',
    { class: 'components compare-table' },
    el('caption', { class: 'sr-only' }, 'url-grammar\'s components for the first and the second URL'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'component'), el('th', { scope: 'col' }, 'first'), el('th', { scope: 'col' }, 'second'))),
    el('tbody', {}, rows.map(([f, x, y]) => el('tr', {}, el('th', { scope: 'row' }, f), cell('a', f, x, x !== y), cell('b', f, y, x !== y)))),
  );
  const differing = rows.filter(([, x, y]) => x !== y).length;
  return el('div', { class: 'compare-result', 'data-differences': String(differing) }, el('p', {}, differing === 0 ? 'The two give the same components and errors.' : `${count(differing, 'row')} differ${differing === 1 ? 's' : ''}, marked \u2260.`), table);
}

function render(origin: 'edit' | 'history' | 'load' = 'edit'): void {
  const state = readState();
  const pageState = readPageState();
  const large = isLarge(state);
  const r = run(state, !large);
  page.last = r;
  page.changes = large ? null : groupChanges(whatTheParserDid(r.changes, r.url));
  page.generation++;
  clearTimeout(page.timer);
  forgetScrollers();
  const results = $('results');
  $<HTMLTextAreaElement>('json').hidden = true;
  $('copy-status').textContent = '';

  const errorWords = r.errors.length === 0 ? 'no validation error' : `${count(r.errors.length, 'validation error')}, underlined below`;
  const view = inputView(r, page.changes);
  // The result, first: above the results, under the fields.
  page.sections.verdicts = $('result-section');
  replaceAll(page.sections.verdicts, [el('h2', { id: 'result-title' }, 'Result'), verdictsView(r)]);
  page.sections.changes = section('changes', 'What the parser did', changesView(r, page.changes));
  page.sections.components = section('components', 'Components', ...componentsContent(r));
  const parts: HTMLElement[] = [
    section('input', 'Input', el('p', { class: 'label' }, `The input, with the record the grammar found: each span coloured (select one to read it); ${errorWords}.`), legend(), view.element, factsView(r), errorsView(r)),
    page.sections.changes,
    page.sections.components,
  ];
  if (pageState.second) {
    const second = pageState.second;
    if (!large && !isLarge(second)) parts.push(section('side', 'Side by side', compareView(r, second)));
    else {
      // A long input's second column is parsed in a task of its own, after this one is painted.
      const holder = el('div', { class: 'pending' }, 'Comparing\u2026');
      parts.push(section('side', 'Side by side', holder));
      const mine = page.generation;
      setTimeout(() => {
        if (mine === page.generation) holder.replaceWith(compareView(r, second));
      }, 0);
    }
  }
  parts.push(section('diagrams', 'Railroad diagrams', diagramsView(r)));
  replaceAll(results, parts);

  const fragment = fragmentOf(pageState);
  $<HTMLAnchorElement>('permalink').href = fragment;
  if (origin !== 'history') {
    // Back and Forward move through inputs: a change after a pause starts a history entry, the
    // changes of one burst of typing replace it. (A long input's entry is written when typing
    // pauses: writing a 100 KB URL into the history took a keystroke 12 ms.)
    // (an edit that leaves the state as it was, such as choosing the encoding already chosen, is no change)
    const now = performance.now();
    const changed = fragment !== page.lastFragment;
    const push = origin === 'edit' && changed && now - page.lastEdit > HISTORY_PAUSE;
    if (origin === 'edit' && changed) page.lastEdit = now;
    const write = () => {
      if (location.hash === fragment) return;
      try {
        if (push) history.pushState(null, '', fragment);
        else history.replaceState(null, '', fragment);
      } catch {
        // a browser that refuses history on file: URLs: the permalink link still has the state
      }
    };
    if (!large || origin === 'load') write();
    else {
      // the pending entry of a burst: pushed once, then replaced
      const mine = page.generation;
      const pushed = push || page.historyPending;
      page.historyPending = pushed;
      setTimeout(() => {
        if (mine !== page.generation) return;
        page.historyPending = false;
        if (location.hash === fragment) return;
        try {
          if (pushed) history.pushState(null, '', fragment);
          else history.replaceState(null, '', fragment);
        } catch {
          // as above
        }
      }, PAUSE);
    }
  }
  page.lastFragment = fragment;
  if (r.pending.length) results.setAttribute('data-pending', r.pending.join(' '));
  else results.removeAttribute('data-pending');
  results.setAttribute('data-rendered', JSON.stringify(state));
  if (r.pending.length) {
    const mine = page.generation;
    page.timer = setTimeout(() => void finish(r, mine), PAUSE);
  }
  clearTimeout(page.settleTimer);
  page.settleTimer = setTimeout(() => settled(r), SETTLE);
}

/** Once typing pauses: the live region says the summary, and the state joins the recent list. */
function settled(r: Results): void {
  if (r !== page.last) return;
  if (!r.pending.includes('verdicts')) $('summary').textContent = summaryOf(r);
  remember(readPageState());
}

/** A long input's deferred work, in the worker once typing pauses; a later keystroke makes its answer stale. */
async function finish(r: Results, mine: number): Promise<void> {
  if (mine !== page.generation) return;
  let answer: FinishAnswer;
  try {
    answer = await page.helper.run<FinishAnswer>({ kind: 'finish', state: r.state });
  } catch {
    if (mine !== page.generation) return;
    answer = await page.helper.run<FinishAnswer>({ kind: 'finish', state: r.state });
  }
  if (mine !== page.generation) return;
  r.verdicts = answer.verdicts;
  r.components['whatwg-url'] = answer.whatwg;
  r.pending = [];
  page.changes = answer.changes;
  page.sections.verdicts?.replaceChildren(el('h2', { id: 'result-title' }, 'Result'), verdictsView(r));
  if (page.sections.components) replaceAll(page.sections.components, [el('h2', { id: 'components-title' }, 'Components'), componentsContent(r)]);
  page.sections.changes?.replaceChildren(el('h2', { id: 'changes-title' }, 'What the parser did'), changesView(r, answer.changes));
  $('results').removeAttribute('data-pending');
  $('summary').textContent = summaryOf(r);
}

function diagramsView(r: Results): HTMLElement {
  const box = el('div', { class: 'diagrams' });
  if (r.baseFails) return box;
  if (!isLarge(r.state)) {
    appendAll(box, drawDiagrams(r, diagramData(r.state.url, r.state.base, r.record)));
    return box;
  }
  // A long input's diagrams are drawn on demand, traced in the worker: tracing 100 KB takes seconds.
  const button = el('button', { type: 'button', class: 'draw-diagrams' }, `draw the diagrams (the input is ${count(r.state.url.length, 'character')} long: they are traced in the background)`);
  const status = el('p', { class: 'note', role: 'status' });
  button.addEventListener('click', async () => {
    const mine = page.generation;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    status.textContent = 'Tracing the input in the background\u2026';
    box.setAttribute('data-drawing', '');
    try {
      const data = await page.helper.run<DiagramData>({ kind: 'diagrams', state: r.state });
      if (mine !== page.generation) return;
      const heading = el('p', { class: 'note', tabindex: '-1' }, `The diagrams of ${count(data.url.rules.length + data.host.reduce((n, h) => n + h.rules.length, 0), 'rule')}.`);
      replaceAll(box, [heading, drawDiagrams(r, data)]);
      heading.focus();
    } catch (e) {
      status.textContent = `The diagrams could not be drawn: ${(e as Error).message}`;
      button.disabled = false;
    } finally {
      box.removeAttribute('data-drawing');
    }
  });
  box.append(button, status);
  return box;
}

// ---- export -----------------------------------------------------------------------------------

/** The state as an entry of WPT's urltestdata.json: url-grammar's answer, or failure. */
function toWPT(r: Results): string {
  const c = r.components['url-grammar'];
  const entry: Record<string, unknown> = { input: r.state.url, base: r.state.base };
  if (!c) entry.failure = true;
  else for (const f of FIELDS) if (f !== 'origin' || c.origin !== 'null' || r.url?.scheme === 'file') entry[f] = c[f];
  return JSON.stringify(entry, null, 2);
}

function toReport(r: Results): string {
  const lines = [`input: ${quoted(r.state.url)}`, `base: ${r.state.base === null ? '(none)' : quoted(r.state.base)}`, `encoding: ${r.state.encoding}`, summaryOf(r), ''];
  const c = r.components['url-grammar'];
  lines.push('components (url-grammar):');
  for (const f of FIELDS) lines.push(`  ${f}: ${c ? quoted(c[f]) : 'fails'}`);
  lines.push('', 'validation errors:');
  // Identical errors are one line, with their places (the first 20 of them).
  for (const { errors: g, by } of errorGroups(r.errors)) {
    const places = g.slice(0, 20).map((e) => `[${e.start}, ${e.end})`).join(', ');
    lines.push(`  ${g[0].type}${g.length > 1 ? ` x${g.length}` : ''} at ${places}${g.length > 20 ? `, and ${g.length - 20} more` : ''}${g[0].failure ? ' (a failure)' : ''}: ${g[0].message} Reported by ${by.text}.`);
  }
  if (r.errors.length === 0) lines.push('  none');
  lines.push('', `what the parser did (url.bs at whatwg/url ${SPEC_COMMIT}):`);
  for (const g of page.changes ?? []) lines.push(`  ${g.change.step}: ${g.change.what}${g.starts.length > 1 ? ` (x${g.starts.length})` : ''}`);
  if (page.changes?.length === 0) lines.push('  nothing: the href is the input as written');
  if (page.changes === null) lines.push('  (still being worked out)');
  return `${lines.join('\n')}\n`;
}

/** A text longer than this is copied and offered as a file, but not shown in the page (laying out megabytes in a textarea takes seconds). */
const SHOWN_EXPORT = 100_000;

/** A text longer than this is only offered as a file. */
const COPY_LIMIT = 1_000_000;

/** Copies `text`: through a copy event that the page fills in, so that no text has to be selected. */
function copyText(text: string): boolean {
  let done = false;
  const fill = (e: ClipboardEvent) => {
    e.clipboardData?.setData('text/plain', text);
    e.preventDefault();
    done = e.clipboardData !== null;
  };
  document.addEventListener('copy', fill, { once: true });
  try {
    document.execCommand('copy');
  } catch {
    done = false;
  }
  document.removeEventListener('copy', fill);
  return done;
}

async function exportAs(kind: 'json' | 'wpt' | 'report'): Promise<void> {
  const r = page.last;
  if (!r) return;
  const out = $<HTMLTextAreaElement>('json');
  const status = $('copy-status');
  let text: string;
  if (kind === 'json' && isLarge(r.state)) {
    // A long input's JSON (megabytes) is written in the worker; past COPY_LIMIT it is offered as
    // a file only (putting megabytes on the clipboard held the page up for half a second).
    status.replaceChildren('writing the JSON\u2026');
    const mine = page.generation;
    const answer = await page.helper.run<string | Uint8Array>({ kind: 'json', state: r.state, native: r.components.native });
    if (mine !== page.generation) return;
    const size = typeof answer === 'string' ? answer.length : answer.length;
    if (size > COPY_LIMIT) {
      out.hidden = true;
      out.value = '';
      const link = el('a', { href: URL.createObjectURL(new Blob([answer as BlobPart], { type: 'application/json' })), download: 'url-grammar.json' }, `download it (${(size / 1e6).toFixed(1)} MB)`);
      status.replaceChildren('too long to copy: ', link);
      return;
    }
    text = typeof answer === 'string' ? answer : new TextDecoder().decode(answer);
  } else text = kind === 'json' ? resultsJSON(r, whatTheParserDid(r.changes, r.url)) : kind === 'wpt' ? toWPT(r) : toReport(r);
  const copied = copyText(text);
  out.dataset.kind = kind;
  if (text.length <= SHOWN_EXPORT) {
    out.value = text;
    out.hidden = false;
    status.replaceChildren(copied ? 'copied' : 'select and copy the text below');
    return;
  }
  out.hidden = true;
  out.value = '';
  const name = kind === 'json' ? 'url-grammar.json' : kind === 'wpt' ? 'urltestdata-entry.json' : 'url-grammar-report.txt';
  const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: kind === 'report' ? 'text/plain' : 'application/json' })), download: name }, `download it (${count(text.length, 'character')})`);
  status.replaceChildren(copied ? 'copied; ' : 'too long to show: ', link);
}

// ---- recent inputs ----------------------------------------------------------------------------

const RECENT_KEY = 'url-grammar-viewer-recent';
const RECENT_LIMIT = 20;

function recentList(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.length <= RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** A state whose fragment is longer than this is not kept in the recent list (the history keeps it). */
const RECENT_MAX = 10_000;

function remember(state: PageState): void {
  if (state.url === '') return;
  const fragment = fragmentOf(state);
  if (fragment.length > RECENT_MAX) return;
  const list = [fragment, ...recentList().filter((f) => f !== fragment)].slice(0, RECENT_LIMIT);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // no storage (a private window, a file: page where the browser keeps none): the list is this page's only
  }
  drawRecent(list);
}

function drawRecent(list = recentList()): void {
  const holder = $('recent-list');
  replaceAll(
    holder,
    list.map((fragment) => {
      const s = stateFromFragment(fragment);
      if (!s) return '';
      const button = el('button', { type: 'button', class: 'recent-item', 'data-fragment': fragment }, el('code', { dir: 'ltr' }, visible(clip(s.url, 80))), s.base !== null ? ` against ${quoted(clip(s.base, 40))}` : '', s.encoding !== 'UTF-8' ? ` (${s.encoding})` : '');
      button.addEventListener('click', () => {
        applyState(s);
        page.lastEdit = 0;
        render('edit');
        page.url.focus();
      });
      return el('li', {}, button);
    }),
  );
  $('recent-count').textContent = list.length ? ` (${list.length})` : ' (none yet)';
}

// ---- start ------------------------------------------------------------------------------------

function start(): void {
  const style = document.createElement('style');
  style.textContent = diagramCSS();
  document.head.append(style);
  const field = (id: string) => new CodePointField($(id), $(id).textContent ?? '');
  page = {
    url: field('url'),
    base: field('base'),
    url2: field('url2'),
    base2: field('base2'),
    helper: new Helper(SOURCE),
    last: null,
    changes: null,
    generation: 0,
    timer: undefined,
    settleTimer: undefined,
    lastEdit: 0,
    historyPending: false,
    lastFragment: '',
    sections: { verdicts: null, changes: null, components: null },
  };
  // The encoding select of the second column has the first's options.
  replaceAll($('encoding2'), [...$<HTMLSelectElement>('encoding').options].map((o) => o.cloneNode(true)));
  // A label names its field, and a click on it puts the focus there, as a <label for> does for an <input>.
  for (const label of document.querySelectorAll<HTMLElement>('[data-field-label]')) label.addEventListener('click', () => $(label.dataset.fieldLabel!).focus());
  const fromFragment = stateFromFragment(location.hash);
  if (fromFragment) applyState(fromFragment);
  // The empty string as the base: the base field is emptied; a base typed there is a base again.
  const emptyBase = $<HTMLInputElement>('empty-base');
  emptyBase.addEventListener('change', () => {
    if (emptyBase.checked) page.base.set('');
    render();
  });
  // (first, so that the render of the base's input sees the box unticked)
  page.base.element.addEventListener('input', () => {
    if (page.base.value !== '') emptyBase.checked = false;
  });
  for (const id of ['url', 'base', 'url2', 'base2']) $(id).addEventListener('input', () => render());
  // The \u{…} escapes: the fields show and read them (the values stay as they are).
  const escapes = $<HTMLInputElement>('escapes');
  const applyEscapes = () => {
    for (const f of [page.url, page.base, page.url2, page.base2]) f.setEscapes(escapes.checked);
  };
  escapes.addEventListener('change', applyEscapes);
  applyEscapes();
  copyValues(document);
  $('encoding').addEventListener('change', () => {
    // A choice in the select answers the message about the link's encoding.
    $('encoding-message').hidden = true;
    render();
  });
  $('encoding2').addEventListener('change', () => render());
  $('compare').addEventListener('toggle', () => {
    // The second column starts as a copy of the first.
    if (compareOn() && page.url2.value === '' && page.base2.value === '') {
      page.url2.set(page.url.value);
      page.base2.set(page.base.value);
      $<HTMLSelectElement>('encoding2').value = $<HTMLSelectElement>('encoding').value;
    }
    if (!sameState(page.last?.state ?? null, readState()) || location.hash !== fragmentOf(readPageState())) render();
  });
  // The buttons that type a code point the keyboard cannot: into the URL or base field last used.
  let lastField = page.url;
  for (const f of [page.url, page.base, page.url2, page.base2]) f.element.addEventListener('focus', () => (lastField = f));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-insert]')) {
    button.addEventListener('mousedown', (e) => e.preventDefault());
    button.addEventListener('click', () => {
      lastField.focus();
      lastField.insert(String.fromCharCode(parseInt(button.dataset.insert!, 16)));
    });
  }
  $('copy-json').addEventListener('click', () => void exportAs('json'));
  $('copy-wpt').addEventListener('click', () => void exportAs('wpt'));
  $('copy-report').addEventListener('click', () => void exportAs('report'));
  const theme = $<HTMLSelectElement>('theme');
  try {
    theme.value = localStorage.getItem('url-grammar-viewer-theme') ?? 'system';
  } catch {
    theme.value = 'system';
  }
  const applyTheme = () => {
    if (theme.value === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme.value;
  };
  applyTheme();
  theme.addEventListener('change', () => {
    applyTheme();
    try {
      localStorage.setItem('url-grammar-viewer-theme', theme.value);
    } catch {
      // the choice lasts as long as the page
    }
  });
  // Back and Forward, and a fragment changed by hand.
  const fromHistory = () => {
    const s = stateFromFragment(location.hash);
    if (!s) return;
    if (sameState(s, readState()) && sameState(s.second, compareOn() ? readPageState().second : null)) return;
    applyState(s);
    render('history');
  };
  window.addEventListener('popstate', fromHistory);
  window.addEventListener('hashchange', fromHistory);
  drawRecent();
  render('load');
  page.url.focus();
}

if (typeof document === 'undefined') serve(self as unknown as Parameters<typeof serve>[0]);
else start();
