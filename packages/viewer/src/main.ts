// The live viewer: one page that shows what url-grammar makes of a URL, as you type. Bundled by
// src/build.js (esbuild) into dist/index.html with the library, whatwg-url and the page's
// styles inline: no network, works from file://.
//
// Stable hooks for tests (README, "The live viewer"): inputs #url, #base, #encoding; each shown
// component [data-impl][data-field] with its exact value in data-value (absent when that parser
// fails); each validation error [data-error-type][data-start][data-end]; each record span
// [data-span-field][data-start][data-end]; the verdicts [data-verdict] with data-value; and
// #results[data-rendered] holding the state (JSON) that was last rendered.

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
import { diagramCSS, entryFor, preprocessText, ruleToSVG, traceInput, tracePath, URL_GRAMMAR } from 'url-grammar/grammar';
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
}

function run(state: State): Results {
  const base = state.base === '' ? undefined : state.base;
  const encoding = state.encoding === '' || /^utf-?8$/i.test(state.encoding) ? undefined : state.encoding;
  const baseRecord = base === undefined ? null : parseURL(base);
  const baseFails = base !== undefined && baseRecord === null;
  const d = baseFails ? null : parseWithDiagnostics(state.url, { baseURL: baseRecord, encoding });
  let verdicts: Explanation | null = null;
  if (!baseFails) {
    try {
      verdicts = explain(state.url, { baseURL: baseRecord, encoding });
    } catch {
      verdicts = null;
    }
  }
  return {
    state,
    baseFails,
    components: {
      'url-grammar': d?.url ? componentsOf(d.url) : null,
      native: viaAPI(() => new URL(state.url, base) as unknown as Record<Field, string>),
      'whatwg-url': viaAPI(() => new whatwgURL.URL(state.url, base)),
    },
    errors: d?.errors ?? [],
    record: d?.record ?? null,
    url: d?.url ?? null,
    verdicts,
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
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  for (const s of sorted) {
    const fits = (row: NamedSpan[]) => row.every((o) => s.end <= o.start || s.start >= o.end || (s.start >= o.start && s.end <= o.end) || (o.start >= s.start && o.end <= s.end));
    let row = rows.find(fits);
    if (!row) rows.push((row = []));
    row.push(s);
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

function errorRow(input: string, e: ValidationError): HTMLElement {
  const line = el('div', { class: 'line', dir: 'ltr' });
  line.append(el('span', { class: 'ghost' }, ...visible(input.slice(0, e.start))));
  line.append(el('span', { class: `underline${e.start === e.end ? ' empty' : ''}${e.failure ? ' failure' : ''}` }, ...visible(input.slice(e.start, e.end))));
  line.append(el('span', { class: 'ghost' }, ...visible(input.slice(e.end))));
  const link = el('a', { href: `${SPEC}#${errorAnchor(e.type)}`, target: '_blank', rel: 'noopener' }, e.type);
  const what = el('div', { class: 'what' }, link, ` [${e.start}, ${e.end})${e.failure ? ' (a failure)' : ''}: ${e.message}`);
  return el('div', { class: 'error', 'data-error-type': e.type, 'data-start': String(e.start), 'data-end': String(e.end) }, line, what);
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
  if (r.record) for (const step of pathSteps(r.record, r.state.base !== '')) facts.append(el('li', { class: 'path-step' }, step));
  return facts;
}

function componentTable(r: Results): HTMLElement {
  const head = el('tr', {}, el('th', {}, 'component'), ...IMPLS.map((i) => el('th', {}, i.label)));
  const rows = FIELDS.map((f) => {
    const ours = r.components['url-grammar'];
    const cells = IMPLS.map((impl) => {
      const c = r.components[impl.id];
      const attrs: Record<string, string> = { 'data-impl': impl.id, 'data-field': f };
      if (c) attrs['data-value'] = c[f];
      const differs = impl.id !== 'url-grammar' && (c === null) !== (ours === null) ? true : impl.id !== 'url-grammar' && c !== null && ours !== null && c[f] !== ours[f];
      if (differs) attrs.class = 'differs';
      // An empty value is said in words, muted, so that it does not read as a missing cell.
      const shown = c === null ? el('span', { class: 'fails' }, f === 'href' ? 'fails' : '—') : c[f] === '' ? el('span', { class: 'empty-value' }, '(empty string)') : el('code', { dir: 'ltr' }, ...visible(c[f]));
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
    : [
        ['parses', false, 'the base URL does not parse'],
        ['parser-valid', false, ''],
        ['grammar-valid', false, ''],
      ];
  for (const [name, value, what] of items) {
    box.append(el('span', { class: `verdict ${value ? 'yes' : 'no'}`, 'data-verdict': name, 'data-value': String(value), title: what }, `${name}: ${value ? 'yes' : 'no'}`));
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

function diagramsView(r: Results): HTMLElement {
  const box = el('div', { class: 'diagrams' });
  if (r.baseFails) return box;
  const base = r.state.base === '' ? null : parseURL(r.state.base);
  const { rule, ctx } = entryFor(base);
  // the grammar runs on the preprocessed input (trimmed, tabs and newlines removed)
  const text = preprocessText(r.state.url);
  const trace = traceInput(URL_GRAMMAR, rule, text, ctx);
  const path = tracePath(URL_GRAMMAR, rule, text, ctx);
  const shown = trace.length ? [...new Set(trace.map((e) => e.rule))] : [rule];
  const link = (name: string): string | null => (shown.includes(name) ? `#rule-${name}` : null);
  box.append(el('p', { class: 'note' }, trace.length ? `The rules the input went through (entry rule ${rule}), on the preprocessed input ${JSON.stringify(text)}; the way taken is drawn in colour, the alternatives not taken are dimmed.` : `The entry rule ${rule} does not match the input.`));
  for (const name of shown) {
    const section = el('section', { class: 'rule', id: `rule-${name}` });
    section.append(el('h3', {}, name, ' ', el('a', { href: `${SPEC}#${URL_GRAMMAR[name].spec}`, target: '_blank', rel: 'noopener' }, `#${URL_GRAMMAR[name].spec}`)));
    const holder = el('div', { class: 'diagram' });
    holder.innerHTML = ruleToSVG(URL_GRAMMAR, name, { standalone: false, highlight: trace, path, link });
    section.append(holder);
    box.append(section);
  }
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

function render(): void {
  const state = readState();
  const r = run(state);
  last = r;
  const results = document.getElementById('results')!;
  const input = state.url;
  // a JSON copy shown earlier is of an earlier state
  (document.getElementById('json') as HTMLTextAreaElement).hidden = true;
  document.getElementById('copy-status')!.textContent = '';

  const inputView = el('div', { class: 'input-view' });
  const errorCount = r.errors.length === 0 ? 'no validation error' : r.errors.length === 1 ? 'its validation error underlined below' : `its ${r.errors.length} validation errors underlined below`;
  inputView.append(el('div', { class: 'label' }, `the input, with the record the grammar found (hover for each span); ${errorCount}`));
  for (const row of r.record ? spanRows(input, spansOf(r.record)) : [el('div', { class: 'line', dir: 'ltr' }, ...visible(input))]) inputView.append(row);
  const facts = factsView(r, r.url);
  const errors = el('div', { class: 'errors' });
  for (const e of r.errors) errors.append(errorRow(input, e));
  if (r.baseFails) errors.append(el('p', { class: 'fails' }, 'The base URL does not parse.'));

  results.replaceChildren(
    el('section', {}, el('h2', {}, 'Verdicts'), verdictsView(r)),
    el('section', {}, el('h2', {}, 'Input'), inputView, facts, errors),
    el('section', {}, el('h2', {}, 'Components'), componentTable(r), el('p', { class: 'note' }, 'A marked cell differs from url-grammar. The browser and whatwg-url always encode the query as UTF-8; only url-grammar takes the encoding.')),
    el('section', {}, el('h2', {}, 'Railroad diagrams'), diagramsView(r)),
  );

  const fragment = fragmentOf(state);
  (document.getElementById('permalink') as HTMLAnchorElement).href = fragment;
  if (location.hash !== fragment) {
    try {
      history.replaceState(null, '', fragment);
    } catch {
      // some browsers refuse replaceState on file: URLs; the permalink link still has the state
    }
  }
  results.setAttribute('data-rendered', JSON.stringify(state));
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
