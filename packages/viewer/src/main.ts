// The live viewer: one page that shows what url-grammar makes of a URL, as you type. Bundled by
// src/build.js (esbuild) into dist/index.html with the library, whatwg-url and the page's
// styles inline: no network, works from file://.
//
// Stable hooks for tests (README, "The live viewer"): inputs #url, #base, #encoding; each shown
// component [data-impl][data-field] with its exact value in data-value (absent when that parser
// fails); each validation error [data-error-type][data-start][data-end]; each record span
// [data-span-field][data-start][data-end]; the verdicts [data-verdict] with data-value; and
// #results[data-rendered] holding the state (JSON) that was last rendered.
//
// Long inputs (more than LARGE_INPUT code units) are drawn in two steps, so that a keystroke on a
// 100 KB URL stays fast: the keystroke parses with url-grammar and the browser's URL and renders
// at once (data-rendered is set then); the writing check (the verdicts) and whatwg-url run when
// typing pauses, while #results carries data-pending (their names); the diagrams are drawn on
// demand. Of such an input, only the first spans of the record, the first validation errors and
// the first characters of each value are drawn: the rest is behind a "show all" button, so the
// data-span-field and data-error-type elements of the collapsed part exist only once it is expanded.

/// <reference lib="dom" />

import {
  explain,
  parseURL,
  parseWithDiagnostics,
  serializeHost,
  serializePath,
  serializeURL,
  serializeURLOrigin,
  VALIDATION_ERRORS,
  type Explanation,
  type IntermediateRecord,
  type Span,
  type URLRecord,
  type ValidationError,
} from 'url-grammar';
import { diagramCSS, entryFor, HOST_GRAMMAR, preprocessText, ruleToSVG, traceInput, tracePath, URL_GRAMMAR, type Grammar, type TraceEntry } from 'url-grammar/grammar';
import { errorAnchor, SPEC } from './anchors';

// whatwg-url ships no type declarations; this is the part of its API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwgURL = require('whatwg-url') as { URL: new (url: string, base?: string) => Record<Field, string> };

const FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
type Field = (typeof FIELDS)[number];
type Components = Record<Field, string> | null;

const IMPLS = [
  { id: 'url-grammar', label: 'url-grammar' },
  { id: 'native', label: 'this browser (URL)' },
  { id: 'whatwg-url', label: 'whatwg-url' },
] as const;


interface State {
  url: string;
  base: string;
  encoding: string;
}

// ---- the parsers ----------------------------------------------------------------------------

/** The URL API's getters over a URL record: https://url.spec.whatwg.org/#urlutils-members. */
function componentsOf(r: URLRecord): Record<Field, string> {
  const host = r.host === null ? '' : serializeHost(r.host);
  return {
    href: serializeURL(r),
    origin: serializeURLOrigin(r),
    protocol: `${r.scheme}:`,
    username: r.username,
    password: r.password,
    host: r.host === null ? '' : r.port === null ? host : `${host}:${r.port}`,
    hostname: host,
    port: r.port === null ? '' : String(r.port),
    pathname: serializePath(r),
    search: r.query === null || r.query === '' ? '' : `?${r.query}`,
    hash: r.fragment === null || r.fragment === '' ? '' : `#${r.fragment}`,
  };
}

function viaAPI(make: () => Record<Field, string>): Components {
  try {
    const u = make();
    const out = {} as Record<Field, string>;
    for (const f of FIELDS) out[f] = String(u[f]);
    return out;
  } catch {
    return null;
  }
}

interface Results {
  state: State;
  /** The base URL does not parse (with url-grammar): nothing else is shown. */
  baseFails: boolean;
  components: Record<(typeof IMPLS)[number]['id'], Components>;
  errors: ValidationError[];
  record: IntermediateRecord | null;
  /** url-grammar's URL record, or null when it fails. */
  url: URLRecord | null;
  verdicts: Explanation | null;
  /** What is still to be computed (a long input's first step): 'verdicts', 'whatwg-url'. */
  pending: string[];
}

/** An input longer than this many code units is drawn in two steps, and clipped (see the top). */
const LARGE_INPUT = 2000;

/** How long typing must pause before the deferred work of a long input runs, in milliseconds. */
const PAUSE = 250;

function isLarge(state: State): boolean {
  return state.url.length > LARGE_INPUT || state.base.length > LARGE_INPUT;
}

/** The base URL and encoding as the library takes them. */
function optionsOf(state: State): { base: string | undefined; encoding: string | undefined; baseRecord: URLRecord | null } {
  const base = state.base === '' ? undefined : state.base;
  const encoding = state.encoding === '' || /^utf-?8$/i.test(state.encoding) ? undefined : state.encoding;
  return { base, encoding, baseRecord: base === undefined ? null : parseURL(base) };
}

/** The writing check's verdicts, or null when the base URL fails or explain throws. */
function verdictsOf(state: State): Explanation | null {
  const { base, encoding, baseRecord } = optionsOf(state);
  if (base !== undefined && baseRecord === null) return null;
  try {
    return explain(state.url, { baseURL: baseRecord, encoding });
  } catch {
    return null;
  }
}

function whatwgComponents(state: State): Components {
  const base = state.base === '' ? undefined : state.base;
  return viaAPI(() => new whatwgURL.URL(state.url, base));
}

/**
 * Parses the state. With `complete` false (a long input's first step), the verdicts and whatwg-url are left
 * out (null, and `pending` names them): finish() computes them later.
 */
function run(state: State, complete = true): Results {
  const { base, encoding, baseRecord } = optionsOf(state);
  const baseFails = base !== undefined && baseRecord === null;
  const d = baseFails ? null : parseWithDiagnostics(state.url, { baseURL: baseRecord, encoding });
  return {
    state,
    baseFails,
    components: {
      'url-grammar': d?.url ? componentsOf(d.url) : null,
      native: viaAPI(() => new URL(state.url, base) as unknown as Record<Field, string>),
      'whatwg-url': complete ? whatwgComponents(state) : null,
    },
    errors: d?.errors ?? [],
    record: d?.record ?? null,
    url: d?.url ?? null,
    verdicts: complete && !baseFails ? verdictsOf(state) : null,
    pending: complete ? [] : ['verdicts', 'whatwg-url'],
  };
}

// ---- drawing ----------------------------------------------------------------------------------

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/**
 * The code points drawn as a picture: C0 controls, space and DELETE, one picture per code unit.
 * The code points drawn as a boxed U+ number: the rest of the controls, the format controls
 * (general category Cf, which holds the bidi controls), the surrogates (a lone one cannot be
 * drawn), White_Space and the default-ignorable code points; each would otherwise be invisible,
 * or would reorder or hide the text around it.
 */
const SHOWN_SPECIALLY = /[\u0000-\u0020\u007f]|[\p{Cc}\p{Cf}\p{Cs}\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** The U+ number of a code point, at least four hexadecimal digits. */
function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `text` with every code point of SHOWN_SPECIALLY drawn visibly: a picture, or a U+ badge. */
function visible(text: string): (Node | string)[] {
  // The common case, a text with nothing special in it, stays one string. (test() moves a global
  // regular expression's lastIndex, which matchAll would start from: it is put back.)
  const special = SHOWN_SPECIALLY.test(text);
  SHOWN_SPECIALLY.lastIndex = 0;
  if (!special) return [text];
  const out: (Node | string)[] = [];
  let plain = '';
  let at = 0;
  for (const m of text.matchAll(SHOWN_SPECIALLY)) {
    plain += text.slice(at, m.index);
    at = m.index + m[0].length;
    const cp = m[0].codePointAt(0)!;
    if (cp <= 0x20 || cp === 0x7f) {
      plain += cp === 0x20 ? '\u2423' : cp === 0x7f ? '\u2421' : String.fromCharCode(0x2400 + cp);
      continue;
    }
    if (plain !== '') out.push(plain);
    plain = '';
    out.push(el('span', { class: 'cp', title: `${codePointName(cp)}, drawn as its number: it is invisible, a control or a space` }, codePointName(cp)));
  }
  plain += text.slice(at);
  if (plain !== '') out.push(plain);
  return out;
}

/** `text` as a JSON string, with the code points of SHOWN_SPECIALLY escaped, for titles and notes. */
function quoted(text: string): string {
  return JSON.stringify(text).replace(SHOWN_SPECIALLY, (c) => {
    const cp = c.codePointAt(0)!;
    return cp === 0x20 ? c : `\\u{${cp.toString(16).toUpperCase()}}`;
  });
}

/** A value longer than this many code units is shown clipped, with a button that shows it all. */
const VALUE_LIMIT = 300;

/**
 * A "show all" button: a click replaces `holder`'s children with what `all` draws (drawn only
 * then, so that a long input costs nothing until it is asked for).
 */
function expander(holder: HTMLElement, label: string, all: () => (Node | string)[]): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'show-all' }, label);
  button.addEventListener('click', () => holder.replaceChildren(...all()));
  return button;
}

/** `text` drawn visibly, clipped to VALUE_LIMIT code units with a button that shows the rest. */
function clippedValue(text: string): HTMLElement {
  const code = el('code', { dir: 'ltr' });
  if (text.length <= VALUE_LIMIT) {
    code.append(...visible(text));
    return code;
  }
  // The cut does not split a surrogate pair.
  let cut = VALUE_LIMIT;
  if (/[\uD800-\uDBFF]/.test(text[cut - 1])) cut--;
  code.append(...visible(text.slice(0, cut)), el('span', { class: 'clip' }, '\u2026 '), expander(code, `show all (${text.length.toLocaleString('en')} characters)`, () => visible(text)));
  return code;
}

interface NamedSpan extends Span {
  field: string;
}

/** The record's spans, named as the record names them (path segments as path[i]). */
function spansOf(record: IntermediateRecord): NamedSpan[] {
  const out: NamedSpan[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) value.forEach((s: Span, i) => out.push({ ...s, field: `${key}[${i}]` }));
    else if (value && typeof value === 'object' && 'start' in value) out.push({ ...(value as Span), field: key });
  }
  return out;
}

/**
 * The input with each record span as an element over its text, nested where one span holds
 * another (userinfo holds username and password). A span that crosses another goes to a row
 * of its own.
 */
function spanRows(input: string, spans: NamedSpan[]): HTMLElement[] {
  const rows: NamedSpan[][] = [];
  // The furthest end of each row's spans: a span that starts there or later fits at once, which
  // keeps the 25,000 segments of a long path from being compared with each other.
  const ends: number[] = [];
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  for (const s of sorted) {
    const fits = (row: NamedSpan[], i: number) =>
      s.start >= ends[i] || row.every((o) => s.end <= o.start || s.start >= o.end || (s.start >= o.start && s.end <= o.end) || (o.start >= s.start && o.end <= s.end));
    let index = rows.findIndex(fits);
    if (index === -1) {
      index = rows.push([]) - 1;
      ends.push(0);
    }
    rows[index].push(s);
    ends[index] = Math.max(ends[index], s.end);
  }
  if (rows.length === 0) rows.push([]);
  return rows.map((row) => {
    // nest: a span inside the one before it (sorted by start, longest first) becomes its child
    interface Node {
      span: NamedSpan | null;
      children: Node[];
    }
    const inside = (o: NamedSpan, s: NamedSpan): boolean =>
      s.start >= o.start && s.end <= o.end && !(s.start === s.end && s.start === o.end && o.end > o.start);
    const root: Node = { span: null, children: [] };
    const stack: Node[] = [root];
    for (const s of row) {
      while (stack.length > 1 && !inside(stack[stack.length - 1].span!, s)) stack.pop();
      const node: Node = { span: s, children: [] };
      stack[stack.length - 1].children.push(node);
      stack.push(node);
    }
    const draw = (parent: HTMLElement, from: number, to: number, children: Node[]): void => {
      let at = from;
      for (const child of children) {
        const s = child.span!;
        if (s.start > at) parent.append(...visible(input.slice(at, s.start)));
        const field = s.field.replace(/\[\d+\]$/, '');
        const node = el('span', {
          class: `span f-${field}${s.start === s.end ? ' empty' : ''}`,
          'data-span-field': s.field,
          'data-start': String(s.start),
          'data-end': String(s.end),
          title: `${s.field} [${s.start}, ${s.end}) ${quoted(s.text)}`,
        });
        draw(node, s.start, s.end, child.children);
        parent.append(node);
        at = Math.max(at, s.end);
      }
      if (to > at) parent.append(...visible(input.slice(at, to)));
    };
    const line = el('div', { class: 'line', dir: 'ltr' });
    draw(line, 0, input.length, root.children);
    return line;
  });
}

/** How many characters of context an error row of a long input shows on each side. */
const ERROR_CONTEXT = 40;

function errorRow(input: string, e: ValidationError, large = false): HTMLElement {
  const line = el('div', { class: 'line', dir: 'ltr' });
  if (large) {
    // A long input's row shows only the error's neighbourhood, in plain sight: it cannot line up
    // with the input view above, which is clipped.
    const from = Math.max(0, e.start - ERROR_CONTEXT);
    const to = Math.min(input.length, e.end + ERROR_CONTEXT);
    line.append(el('span', { class: 'context' }, from > 0 ? '\u2026' : '', ...visible(input.slice(from, e.start))));
    // A long underlined part is clipped too.
    const clip = e.end - e.start > VALUE_LIMIT;
    line.append(el('span', { class: `underline${e.start === e.end ? ' empty' : ''}${e.failure ? ' failure' : ''}` }, ...visible(input.slice(e.start, clip ? e.start + VALUE_LIMIT : e.end)), clip ? '\u2026' : ''));
    line.append(el('span', { class: 'context' }, ...visible(input.slice(e.end, to)), to < input.length ? '\u2026' : ''));
  } else {
    line.append(el('span', { class: 'ghost' }, ...visible(input.slice(0, e.start))));
    line.append(el('span', { class: `underline${e.start === e.end ? ' empty' : ''}${e.failure ? ' failure' : ''}` }, ...visible(input.slice(e.start, e.end))));
    line.append(el('span', { class: 'ghost' }, ...visible(input.slice(e.end))));
  }
  const link = el('a', { href: `${SPEC}#${errorAnchor(e.type)}`, target: '_blank', rel: 'noopener' }, e.type);
  const what = el('div', { class: 'what' }, link, ` [${e.start}, ${e.end})${e.failure ? ' (a failure)' : ''}: ${e.message}`);
  return el('div', { class: 'error', 'data-error-type': e.type, 'data-start': String(e.start), 'data-end': String(e.end) }, line, what);
}

/** How many validation errors, and path steps, a long input shows before a "show all" button. */
const LIST_LIMIT = 100;

/** The error rows: all of them, or for a long input the first LIST_LIMIT and a button for the rest. */
function errorsView(r: Results): HTMLElement {
  const input = r.state.url;
  const large = isLarge(r.state);
  const errors = el('div', { class: 'errors' });
  const shown = large ? r.errors.slice(0, LIST_LIMIT) : r.errors;
  for (const e of shown) errors.append(errorRow(input, e, large));
  if (shown.length < r.errors.length) {
    const rest = el('div', { class: 'collapsed' });
    rest.append(expander(rest, `show all (${r.errors.length.toLocaleString('en')} validation errors)`, () => r.errors.slice(LIST_LIMIT).map((e) => errorRow(input, e, true))));
    errors.append(rest);
  }
  if (r.baseFails) errors.append(el('p', { class: 'fails' }, 'The base URL does not parse.'));
  return errors;
}

/** How many code units of a long input the input view colours before a "show all" button. */
const INPUT_LIMIT = 1000;

/**
 * The input with the record's spans. A long input is drawn up to a cut at about INPUT_LIMIT
 * code units that no span crosses, with a button that draws it all (only the spans before the
 * cut have their data-span-field elements until then).
 */
function inputLines(r: Results): HTMLElement {
  const input = r.state.url;
  const box = el('div', { class: 'lines' });
  if (!r.record) {
    box.append(el('div', { class: 'line', dir: 'ltr' }, ...visible(input.length > INPUT_LIMIT && isLarge(r.state) ? input.slice(0, INPUT_LIMIT) : input)));
    if (input.length > INPUT_LIMIT && isLarge(r.state)) box.append(expander(box, `show all (${input.length.toLocaleString('en')} characters)`, () => [el('div', { class: 'line', dir: 'ltr' }, ...visible(input))]));
    return box;
  }
  const spans = spansOf(r.record);
  if (!isLarge(r.state)) {
    box.append(...spanRows(input, spans));
    return box;
  }
  let cut = Math.min(INPUT_LIMIT, input.length);
  for (let moved = true; moved; ) {
    moved = false;
    for (const s of spans) {
      if (s.start < cut && s.end > cut) {
        cut = s.start;
        moved = true;
      }
    }
  }
  const before = spans.filter((s) => s.end <= cut);
  box.append(...spanRows(input.slice(0, cut), before));
  const rest = input.slice(cut, Math.max(cut, INPUT_LIMIT));
  const more = el('div', { class: 'line clipped', dir: 'ltr' }, ...visible(rest), '\u2026 ');
  more.append(expander(box, `show all (${spans.length.toLocaleString('en')} spans, ${input.length.toLocaleString('en')} characters)`, () => spanRows(input, spans)));
  box.append(more);
  return box;
}

/** The kind of host the parser made: https://url.spec.whatwg.org/#concept-host. */
function hostType(r: URLRecord): string | null {
  if (r.host === null) return null;
  if (typeof r.host === 'number') return 'an IPv4 address';
  if (Array.isArray(r.host)) return 'an IPv6 address';
  if (r.host === '') return 'the empty host';
  return /^(?:ftp|file|https?|wss?)$/.test(r.scheme) ? 'a domain' : 'an opaque host';
}

const SINGLE_DOT = /^(?:\.|%2e)$/i;
const DOUBLE_DOT = /^(?:\.|%2e){2}$/i;

/**
 * What the path state does with the input's segments (https://url.spec.whatwg.org/#path-state):
 * a single-dot segment is dropped, a double-dot segment removes the segment before it. Said only
 * when there is a dot segment. The base URL's segments and a file URL's drive letter are not
 * followed: a double-dot segment at the start is said to remove a segment of the base's path.
 */
function pathSteps(record: IntermediateRecord, hasBase: boolean): string[] {
  const steps: string[] = [];
  const kept: { index: number; text: string }[] = [];
  record.path.forEach((segment, index) => {
    const name = `segment ${index} ${quoted(segment.text)}`;
    if (DOUBLE_DOT.test(segment.text)) {
      const gone = kept.pop();
      steps.push(
        gone
          ? `${name}, a double-dot segment, removes segment ${gone.index} ${quoted(gone.text)}`
          : `${name}, a double-dot segment, removes ${hasBase ? "the last segment of the base URL's path, if there is one" : 'nothing: the path is at its root'}`,
      );
    } else if (SINGLE_DOT.test(segment.text)) steps.push(`${name}, a single-dot segment, is dropped`);
    else kept.push({ index, text: segment.text });
  });
  return steps;
}

/** The host's type and the path's processing, as text (they used to be only in the spans' titles). */
function factsView(r: Results, url: URLRecord | null): HTMLElement {
  const facts = el('ul', { class: 'facts' });
  const type = url ? hostType(url) : null;
  if (type) facts.append(el('li', { 'data-host-type': type }, `the host is ${type}: `, el('code', { dir: 'ltr' }, ...visible(serializeHost(url!.host!)))));
  if (r.record) {
    const steps = pathSteps(r.record, r.state.base !== '');
    for (const step of steps.slice(0, LIST_LIMIT)) facts.append(el('li', { class: 'path-step' }, step));
    if (steps.length > LIST_LIMIT) {
      const rest = el('li', { class: 'collapsed' });
      rest.append(expander(rest, `show all (${steps.length.toLocaleString('en')} path steps)`, () => [el('ul', {}, ...steps.slice(LIST_LIMIT).map((step) => el('li', { class: 'path-step' }, step)))]));
      facts.append(rest);
    }
  }
  return facts;
}

function componentTable(r: Results): HTMLElement {
  const head = el('tr', {}, el('th', {}, 'component'), ...IMPLS.map((i) => el('th', {}, i.label)));
  const rows = FIELDS.map((f) => {
    const ours = r.components['url-grammar'];
    const cells = IMPLS.map((impl) => {
      const c = r.components[impl.id];
      const attrs: Record<string, string> = { 'data-impl': impl.id, 'data-field': f };
      // A long input's whatwg-url column is computed when typing pauses: until then its cells
      // carry data-pending and no data-value.
      if (r.pending.includes(impl.id)) {
        attrs['data-pending'] = '';
        return el('td', attrs, el('span', { class: 'pending' }, '\u2026'));
      }
      if (c) attrs['data-value'] = c[f];
      const differs = impl.id !== 'url-grammar' && (c === null) !== (ours === null) ? true : impl.id !== 'url-grammar' && c !== null && ours !== null && c[f] !== ours[f];
      if (differs) attrs.class = 'differs';
      // An empty value is said in words, muted, so that it does not read as a missing cell; a
      // long one is clipped, with a button that shows it all.
      const shown = c === null ? el('span', { class: 'fails' }, f === 'href' ? 'fails' : '—') : c[f] === '' ? el('span', { class: 'empty-value' }, '(empty string)') : clippedValue(c[f]);
      return el('td', attrs, shown);
    });
    return el('tr', {}, el('th', { scope: 'row' }, f), ...cells);
  });
  return el('table', { class: 'components' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

function verdictsView(r: Results): HTMLElement {
  const v = r.verdicts;
  const box = el('div', { class: 'verdicts' });
  const items: [string, boolean, string][] = v
    ? [
        ['parses', v.parses, 'the URL parser returns a URL'],
        ['parser-valid', v.parserValid, 'the parser reports no validation error'],
        ['grammar-valid', v.grammarValid, 'a valid URL string by the writing rules'],
      ]
    : r.pending.includes('verdicts')
      ? [
          ['parses', false, 'the URL parser returns a URL'],
          ['parser-valid', false, 'the parser reports no validation error'],
          ['grammar-valid', false, 'a valid URL string by the writing rules'],
        ]
      : [
        ['parses', false, 'the base URL does not parse'],
        ['parser-valid', false, ''],
        ['grammar-valid', false, ''],
      ];
  for (const [name, value, what] of items) {
    // A long input's verdicts come when typing pauses: until then they carry data-pending and no data-value.
    if (r.pending.includes('verdicts')) box.append(el('span', { class: 'verdict pending', 'data-verdict': name, 'data-pending': '', title: what }, `${name}: \u2026`));
    else box.append(el('span', { class: `verdict ${value ? 'yes' : 'no'}`, 'data-verdict': name, 'data-value': String(value), title: what }, `${name}: ${value ? 'yes' : 'no'}`));
  }
  const notes = el('div', { class: 'notes' });
  const problem = (p: Explanation['problems'][number]): (Node | string)[] => ['writing rule ', el('code', {}, p.rule), ` fails at offset ${p.offset}: ${p.message}`];
  if (v && v.problems.length) {
    // When the parser reports no error, the disagreement is the first writing problem: it is said
    // once, here, with its lead-in, rather than once in the disagreement and again below it.
    const first = v.problems[0];
    const lead = v.parserValid && v.disagreement ? 'The URL parser reports no validation error, but the input is not a valid URL string: ' : '';
    notes.append(el('p', { class: `problem${lead ? ' disagreement' : ''}`, 'data-rule': first.rule, 'data-offset': String(first.offset) }, lead, ...problem(first)));
    if (v.problems.length > 1) {
      const more = el('details', { class: 'more-problems' }, el('summary', {}, `and ${v.problems.length - 1} more`));
      const list = el('ul', {});
      for (const p of v.problems.slice(1)) list.append(el('li', { class: 'problem', 'data-rule': p.rule, 'data-offset': String(p.offset) }, ...problem(p)));
      more.append(list);
      notes.append(more);
    }
  } else if (v?.disagreement) notes.append(el('p', { class: 'disagreement' }, v.disagreement));
  // Why a parse fails: url-grammar's failure errors, or the base URL.
  if (r.baseFails) notes.append(el('p', { class: 'why fails', 'data-why': 'base' }, 'url-grammar fails: the base URL does not parse.'));
  else if (r.components['url-grammar'] === null) {
    const failures = r.errors.filter((e) => e.failure);
    const why = failures.length ? failures.map((e) => `${e.type} at [${e.start}, ${e.end}): ${e.message}`).join('; ') : 'no failure error was reported';
    notes.append(el('p', { class: 'why fails', 'data-why': 'failure' }, `url-grammar fails: ${why}`));
  }
  return el('div', {}, box, notes);
}

/** Where offset `at` of the input falls in the preprocessed input (leading and trailing C0 controls and spaces trimmed, tabs and newlines removed). */
function preprocessedOffset(input: string, at: number, length: number): number {
  const leading = /^[\u0000-\u0020]*/.exec(input)![0].length;
  let removed = 0;
  for (let i = leading; i < at && i < input.length; i++) if (/[\t\n\r]/.test(input[i])) removed++;
  return Math.max(0, Math.min(length, at - leading - removed));
}

/** One rule's diagram in a section of its own: its name, its link into the standard, the SVG. */
function ruleSection(grammar: Grammar, kind: string, name: string, svg: string): HTMLElement {
  const section = el('section', { class: 'rule', id: `${kind === 'url' ? 'rule' : `${kind}-rule`}-${name}`, 'data-grammar': kind, 'data-rule': name });
  section.append(el('h3', {}, name, ' ', el('a', { href: `${SPEC}#${grammar[name].spec}`, target: '_blank', rel: 'noopener' }, `#${grammar[name].spec}`)));
  const holder = el('div', { class: 'diagram' });
  holder.innerHTML = svg;
  section.append(holder);
  return section;
}

/** The sections of the rules `entry` of `grammar` went through on `text`, or none when it does not match. */
function tracedSections(grammar: Grammar, kind: string, entry: string, text: string): { sections: HTMLElement[]; trace: TraceEntry[] } {
  const trace = traceInput(grammar, entry, text);
  if (trace.length === 0) return { sections: [], trace };
  const path = tracePath(grammar, entry, text);
  const shown = [...new Set(trace.map((e) => e.rule))];
  const link = (name: string): string | null => (shown.includes(name) ? `#${kind}-rule-${name}` : null);
  return { sections: shown.map((name) => ruleSection(grammar, kind, name, ruleToSVG(grammar, name, { standalone: false, highlight: trace, path, link }))), trace };
}

/**
 * The host's own structure, from the host grammar: an IPv6 address (the text between the
 * brackets, from ipv6-address), or a special URL's host that ends in a number (ends-in-a-number,
 * then ipv4-address). The host is traced as written in the input: the parser itself runs on it
 * after percent-decoding and domain to ASCII, which change neither kind of address.
 */
function hostDiagrams(r: Results): HTMLElement[] {
  const host = r.record?.host;
  if (!host || host.text === '') return [];
  const out: HTMLElement[] = [];
  const note = (text: string) => el('p', { class: 'note' }, text);
  if (host.text.startsWith('[')) {
    const inner = host.text.slice(1, host.text.endsWith(']') ? -1 : undefined);
    const ipv6 = tracedSections(HOST_GRAMMAR, 'host', 'ipv6-address', inner);
    out.push(note(`The host is an IPv6 address: the host grammar's rules it went through (entry rule ipv6-address), on the text between the brackets ${quoted(inner)}.`), ...ipv6.sections);
    return out;
  }
  const scheme = r.record!.scheme?.text ?? (r.state.base === '' ? '' : (parseURL(r.state.base)?.scheme ?? ''));
  const special = /^(?:ftp|file|https?|wss?)$/i.test(scheme);
  // The common case, a domain whose last label is not a number, is told by a regular expression
  // (the last label of ends-in-a-number), without tracing.
  if (!special || !/(?:^|\.)(?:0x[0-9a-f]*|[0-9]+)\.?$/i.test(host.text)) return [];
  const number = tracedSections(HOST_GRAMMAR, 'host', 'ends-in-a-number', host.text);
  if (number.trace.length === 0) return [];
  const ipv4 = tracedSections(HOST_GRAMMAR, 'host', 'ipv4-address', host.text);
  out.push(note(`The host ends in a number, so the IPv4 parser takes it: the host grammar's rules it went through (entry rules ends-in-a-number and ipv4-address), on the host ${quoted(host.text)}.`), ...number.sections);
  out.push(...ipv4.sections.filter((s) => !number.sections.some((n) => n.id === s.id)));
  return out;
}

/**
 * Marks where a failing parse stopped: the grammar matched (its path is drawn in full), but the
 * semantic pass reported a failure error. The deepest rule whose match holds the error's span
 * gets a marker and a caption ([data-stop-type] with data-start and data-end), and the box it was
 * entered through, in the rule above it, is drawn in red.
 */
function markStop(r: Results, sections: HTMLElement[], trace: TraceEntry[], text: string): void {
  if (r.url !== null || r.baseFails) return;
  const failure = r.errors.find((e) => e.failure);
  if (!failure) return;
  const start = preprocessedOffset(r.state.url, failure.start, text.length);
  const end = preprocessedOffset(r.state.url, failure.end, text.length);
  let at = -1;
  trace.forEach((e, i) => {
    if (e.start <= start && end <= e.end && (at === -1 || e.depth >= trace[at].depth)) at = i;
  });
  const rule = at === -1 ? sections[0]?.getAttribute('data-rule') : trace[at].rule;
  const section = sections.find((s) => s.getAttribute('data-rule') === rule);
  if (!section) return;
  section.classList.add('stopped');
  const caption = el('p', { class: 'stop', 'data-stop-type': failure.type, 'data-start': String(failure.start), 'data-end': String(failure.end) });
  caption.append(el('span', { class: 'stop-marker', 'aria-hidden': 'true' }, '\u2716'), ` the semantic pass failed here: ${failure.type} at [${failure.start}, ${failure.end})`, at === -1 ? '' : `, in the match ${quoted(trace[at].text)} of ${rule}`);
  section.querySelector('h3')!.after(caption);
  if (at === -1 || trace[at].parent === -1) return;
  const parent = sections.find((s) => s.getAttribute('data-rule') === trace[trace[at].parent].rule);
  for (const box of parent?.querySelectorAll('.rr-matched') ?? []) {
    if (box.querySelector(':scope > text')?.textContent === rule) box.classList.add('rr-stop');
  }
}

/** The diagrams: the URL grammar's rules the input went through, then the host's. */
function drawDiagrams(r: Results): (Node | string)[] {
  const base = r.state.base === '' ? null : parseURL(r.state.base);
  const { rule, ctx } = entryFor(base);
  // the grammar runs on the preprocessed input (trimmed, tabs and newlines removed)
  const text = preprocessText(r.state.url);
  const trace = traceInput(URL_GRAMMAR, rule, text, ctx);
  const path = tracePath(URL_GRAMMAR, rule, text, ctx);
  const shown = trace.length ? [...new Set(trace.map((e) => e.rule))] : [rule];
  const link = (name: string): string | null => (shown.includes(name) ? `#rule-${name}` : null);
  const out: (Node | string)[] = [];
  out.push(el('p', { class: 'note' }, trace.length ? `The rules the input went through (entry rule ${rule}), on the preprocessed input ${quoted(text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT)}\u2026` : text)}; the way taken is drawn in colour, the alternatives not taken are dimmed.` : `The entry rule ${rule} does not match the input.`));
  const sections = shown.map((name) => ruleSection(URL_GRAMMAR, 'url', name, ruleToSVG(URL_GRAMMAR, name, { standalone: false, highlight: trace, path, link })));
  markStop(r, sections, trace, text);
  out.push(...sections, ...hostDiagrams(r));
  return out;
}

function diagramsView(r: Results): HTMLElement {
  const box = el('div', { class: 'diagrams' });
  if (r.baseFails) return box;
  // A long input's diagrams are drawn on demand: tracing 100 KB takes longer than a keystroke may.
  if (isLarge(r.state)) {
    const button = el('button', { type: 'button', class: 'draw-diagrams' }, `draw the diagrams (the input is ${r.state.url.length.toLocaleString('en')} characters long: tracing it takes a while)`);
    button.addEventListener('click', () => box.replaceChildren(...drawDiagrams(r)));
    box.append(button);
    return box;
  }
  box.append(...drawDiagrams(r));
  return box;
}

function toJSON(r: Results): string {
  return JSON.stringify(
    {
      input: r.state.url,
      base: r.state.base === '' ? null : r.state.base,
      encoding: r.state.encoding,
      components: r.components,
      record: r.record,
      errors: r.errors,
      verdicts: r.verdicts && {
        parses: r.verdicts.parses,
        parserValid: r.verdicts.parserValid,
        grammarValid: r.verdicts.grammarValid,
        disagreement: r.verdicts.disagreement,
        problems: r.verdicts.problems,
      },
    },
    null,
    2,
  );
}

// ---- the page ---------------------------------------------------------------------------------

function readState(): State {
  return {
    url: (document.getElementById('url') as HTMLInputElement).value,
    base: (document.getElementById('base') as HTMLInputElement).value,
    encoding: (document.getElementById('encoding') as HTMLSelectElement).value,
  };
}

// ---- the permalink ----------------------------------------------------------------------------
//
// The fragment is #url=...&base=...&encoding=..., form-encoded as URLSearchParams writes it, so
// that the links of `url-grammar viewer` and older permalinks read the same. URLSearchParams
// writes a lone surrogate as U+FFFD, though: here a lone surrogate is written as its three bytes
// of generalized UTF-8 (WTF-8, %ED%A0%80 for U+D800), which no UTF-8 text holds, and read back.

/** A lone surrogate: a lead not followed by a trail, or a trail not preceded by a lead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` form-encoded, with each lone surrogate as its generalized UTF-8 bytes. */
function encodeComponent(value: string): string {
  const form = (text: string) => new URLSearchParams([['', text]]).toString().slice(1);
  const byte = (n: number) => `%${n.toString(16).toUpperCase()}`;
  let out = '';
  let at = 0;
  for (const m of value.matchAll(LONE_SURROGATE)) {
    const unit = m[0].charCodeAt(0);
    out += form(value.slice(at, m.index)) + byte(0xe0 | (unit >> 12)) + byte(0x80 | ((unit >> 6) & 0x3f)) + byte(0x80 | (unit & 0x3f));
    at = m.index + 1;
  }
  return out + form(value.slice(at));
}

/** A form-encoded component read back: UTF-8, except that generalized UTF-8 surrogates are kept. */
function decodeComponent(text: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  const spaced = text.replace(/\+/g, ' ');
  for (let i = 0; i < spaced.length; ) {
    if (spaced[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(spaced.slice(i + 1, i + 3))) {
      bytes.push(parseInt(spaced.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const c = String.fromCodePoint(spaced.codePointAt(i)!);
      bytes.push(...encoder.encode(c));
      i += c.length;
    }
  }
  const all = Uint8Array.from(bytes);
  const decoder = new TextDecoder();
  let out = '';
  let from = 0;
  for (let i = 0; i + 2 < all.length; i++) {
    // ED A0..BF 80..BF is a surrogate's generalized UTF-8; UTF-8 has no such sequence.
    if (all[i] === 0xed && all[i + 1] >= 0xa0 && all[i + 1] <= 0xbf && all[i + 2] >= 0x80 && all[i + 2] <= 0xbf) {
      out += decoder.decode(all.subarray(from, i)) + String.fromCharCode(0xd000 | ((all[i + 1] & 0x3f) << 6) | (all[i + 2] & 0x3f));
      i += 2;
      from = i + 1;
    }
  }
  return out + decoder.decode(all.subarray(from));
}

/** The state from the location's fragment (#url=...&base=...&encoding=...), or null. */
function stateFromFragment(): State | null {
  const hash = location.hash.slice(1);
  if (hash === '') return null;
  const params = new Map<string, string>();
  for (const pair of hash.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    // The first of a name counts, as URLSearchParams's get() has it.
    if (!params.has(name)) params.set(name, eq === -1 ? '' : decodeComponent(pair.slice(eq + 1)));
  }
  if (!params.has('url')) return null;
  return { url: params.get('url')!, base: params.get('base') ?? '', encoding: params.get('encoding') ?? 'UTF-8' };
}

function fragmentOf(state: State): string {
  let fragment = `#url=${encodeComponent(state.url)}`;
  if (state.base !== '') fragment += `&base=${encodeComponent(state.base)}`;
  if (state.encoding !== 'UTF-8') fragment += `&encoding=${encodeComponent(state.encoding)}`;
  return fragment;
}

// ---- the encoding -----------------------------------------------------------------------------

/** The labels of the replacement encoding, which TextDecoder refuses by design. */
const REPLACEMENT_LABELS = new Set(['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement']);

/**
 * The Encoding Standard's name of the encoding `label` names (https://encoding.spec.whatwg.org/#concept-encoding-get),
 * or null when it is not a label. The browser's TextDecoder knows the labels of every encoding it
 * decodes; the replacement labels are the ones it refuses.
 */
function encodingName(label: string): string | null {
  const trimmed = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (REPLACEMENT_LABELS.has(trimmed)) return 'replacement';
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    return null;
  }
}

/**
 * Sets the encoding select to the encoding `label` names (latin1 selects windows-1252), adding an
 * option for an encoding it does not list; an unknown label selects UTF-8 and says so.
 */
function selectEncoding(label: string): void {
  const select = document.getElementById('encoding') as HTMLSelectElement;
  const message = document.getElementById('encoding-message')!;
  const name = encodingName(label);
  message.hidden = name !== null;
  message.textContent = name === null ? `The link's encoding ${quoted(label)} is not an Encoding Standard label; UTF-8 is used.` : '';
  const wanted = (name ?? 'UTF-8').toLowerCase();
  let option = [...select.options].find((o) => o.value.toLowerCase() === wanted);
  if (!option) select.append((option = el('option', { value: name! }, name!)));
  select.value = option.value;
}

/** Puts a state into the inputs. */
function applyState(state: State): void {
  (document.getElementById('url') as HTMLInputElement).value = state.url;
  (document.getElementById('base') as HTMLInputElement).value = state.base;
  selectEncoding(state.encoding);
}

let last: Results | null = null;

/** The sections that a long input's deferred work redraws. */
let verdictsSection: HTMLElement | null = null;
let componentsSection: HTMLElement | null = null;

/** Counts the renders: deferred work of an earlier one stops when it sees a later one. */
let generation = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function componentsContent(r: Results): (Node | string)[] {
  return [el('h2', {}, 'Components'), componentTable(r), el('p', { class: 'note' }, 'A marked cell differs from url-grammar. The browser and whatwg-url always encode the query as UTF-8; only url-grammar takes the encoding.')];
}

function render(): void {
  const state = readState();
  const large = isLarge(state);
  const r = run(state, !large);
  last = r;
  generation++;
  clearTimeout(timer);
  const results = document.getElementById('results')!;
  // a JSON copy shown earlier is of an earlier state
  (document.getElementById('json') as HTMLTextAreaElement).hidden = true;
  document.getElementById('copy-status')!.textContent = '';

  const inputView = el('div', { class: 'input-view' });
  const errorCount = r.errors.length === 0 ? 'no validation error' : r.errors.length === 1 ? 'its validation error underlined below' : `its ${r.errors.length} validation errors underlined below`;
  inputView.append(el('div', { class: 'label' }, `the input, with the record the grammar found (hover for each span); ${errorCount}`), inputLines(r));
  const facts = factsView(r, r.url);

  verdictsSection = el('section', {}, el('h2', {}, 'Verdicts'), verdictsView(r));
  componentsSection = el('section', {}, ...componentsContent(r));
  results.replaceChildren(verdictsSection, el('section', {}, el('h2', {}, 'Input'), inputView, facts, errorsView(r)), componentsSection, el('section', {}, el('h2', {}, 'Railroad diagrams'), diagramsView(r)));

  const fragment = fragmentOf(state);
  (document.getElementById('permalink') as HTMLAnchorElement).href = fragment;
  if (location.hash !== fragment) {
    try {
      history.replaceState(null, '', fragment);
    } catch {
      // some browsers refuse replaceState on file: URLs; the permalink link still has the state
    }
  }
  if (r.pending.length) results.setAttribute('data-pending', r.pending.join(' '));
  else results.removeAttribute('data-pending');
  results.setAttribute('data-rendered', JSON.stringify(state));
  if (r.pending.length) {
    const mine = generation;
    timer = setTimeout(() => finish(r, mine), PAUSE);
  }
}

/**
 * A long input's deferred work, once typing pauses: the verdicts, then whatwg-url, each in a task
 * of its own, so that a keystroke between them stops the rest (the next render starts over).
 */
function finish(r: Results, mine: number): void {
  if (mine !== generation) return;
  const what = r.pending[0];
  if (what === undefined) return;
  if (what === 'verdicts') r.verdicts = r.baseFails ? null : verdictsOf(r.state);
  else r.components['whatwg-url'] = whatwgComponents(r.state);
  r.pending = r.pending.slice(1);
  if (what === 'verdicts') verdictsSection?.replaceChildren(el('h2', {}, 'Verdicts'), verdictsView(r));
  else componentsSection?.replaceChildren(...componentsContent(r));
  const results = document.getElementById('results')!;
  if (r.pending.length) {
    results.setAttribute('data-pending', r.pending.join(' '));
    timer = setTimeout(() => finish(r, mine), 0);
  } else results.removeAttribute('data-pending');
}

function copyJSON(): void {
  if (!last) return;
  const json = toJSON(last);
  const out = document.getElementById('json') as HTMLTextAreaElement;
  out.value = json;
  out.hidden = false;
  const status = document.getElementById('copy-status')!;
  const done = (ok: boolean) => {
    status.textContent = ok ? 'copied' : 'select and copy the JSON below';
  };
  try {
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(json).then(() => done(true), () => done(false));
    else {
      out.select();
      done(document.execCommand('copy'));
    }
  } catch {
    done(false);
  }
}

function start(): void {
  const style = document.createElement('style');
  style.textContent = diagramCSS();
  document.head.append(style);
  const fromFragment = stateFromFragment();
  if (fromFragment) applyState(fromFragment);
  for (const id of ['url', 'base']) document.getElementById(id)!.addEventListener('input', render);
  document.getElementById('encoding')!.addEventListener('change', () => {
    // A choice in the select answers the message about the link's encoding.
    document.getElementById('encoding-message')!.hidden = true;
    render();
  });
  document.getElementById('copy-json')!.addEventListener('click', copyJSON);
  window.addEventListener('hashchange', () => {
    const s = stateFromFragment();
    if (!s) return;
    const now = readState();
    if (s.url === now.url && s.base === now.base && s.encoding === now.encoding) return;
    applyState(s);
    render();
  });
  render();
}

start();
