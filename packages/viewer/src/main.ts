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

/** Control characters, spaces and DELETE as visible pictures, one per code unit (so columns stay aligned). */
function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f ]/g, (c) => {
    const n = c.charCodeAt(0);
    return n === 0x20 ? '\u2423' : n === 0x7f ? '\u2421' : String.fromCharCode(0x2400 + n);
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
        if (s.start > at) parent.append(visible(input.slice(at, s.start)));
        const field = s.field.replace(/\[\d+\]$/, '');
        const node = el('span', {
          class: `span f-${field}${s.start === s.end ? ' empty' : ''}`,
          'data-span-field': s.field,
          'data-start': String(s.start),
          'data-end': String(s.end),
          title: `${s.field} [${s.start}, ${s.end}) ${JSON.stringify(s.text)}`,
        });
        draw(node, s.start, s.end, child.children);
        parent.append(node);
        at = Math.max(at, s.end);
      }
      if (to > at) parent.append(visible(input.slice(at, to)));
    };
    const line = el('div', { class: 'line' });
    draw(line, 0, input.length, root.children);
    return line;
  });
}

function errorRow(input: string, e: ValidationError): HTMLElement {
  const line = el('div', { class: 'line' });
  line.append(el('span', { class: 'ghost' }, visible(input.slice(0, e.start))));
  line.append(el('span', { class: `underline${e.start === e.end ? ' empty' : ''}${e.failure ? ' failure' : ''}` }, visible(input.slice(e.start, e.end))));
  line.append(el('span', { class: 'ghost' }, visible(input.slice(e.end))));
  const link = el('a', { href: `${SPEC}#${errorAnchor(e.type)}`, target: '_blank', rel: 'noopener' }, e.type);
  const what = el('div', { class: 'what' }, link, ` [${e.start}, ${e.end})${e.failure ? ' (a failure)' : ''}: ${e.message}`);
  return el('div', { class: 'error', 'data-error-type': e.type, 'data-start': String(e.start), 'data-end': String(e.end) }, line, what);
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
      const shown = c === null ? el('span', { class: 'fails' }, f === 'href' ? 'fails' : '—') : el('code', {}, c[f] === '' ? '' : c[f]);
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
  if (v?.disagreement) notes.append(el('p', { class: 'disagreement' }, v.disagreement));
  if (v && v.problems.length) {
    const p = v.problems[0];
    notes.append(el('p', { class: 'problem', 'data-rule': p.rule, 'data-offset': String(p.offset) }, 'writing rule ', el('code', {}, p.rule), ` fails at offset ${p.offset}: ${p.message}${v.problems.length > 1 ? ` (and ${v.problems.length - 1} more)` : ''}`));
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

/** The state from the location's fragment (#url=...&base=...&encoding=...), or null. */
function stateFromFragment(): State | null {
  const hash = location.hash.slice(1);
  if (hash === '') return null;
  const p = new URLSearchParams(hash);
  if (!p.has('url')) return null;
  return { url: p.get('url') ?? '', base: p.get('base') ?? '', encoding: p.get('encoding') ?? 'UTF-8' };
}

function fragmentOf(state: State): string {
  const p = new URLSearchParams({ url: state.url });
  if (state.base !== '') p.set('base', state.base);
  if (state.encoding !== 'UTF-8') p.set('encoding', state.encoding);
  return `#${p.toString()}`;
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
  for (const row of r.record ? spanRows(input, spansOf(r.record)) : [el('div', { class: 'line' }, visible(input))]) inputView.append(row);
  const errors = el('div', { class: 'errors' });
  for (const e of r.errors) errors.append(errorRow(input, e));
  if (r.baseFails) errors.append(el('p', { class: 'fails' }, 'The base URL does not parse.'));

  results.replaceChildren(
    el('section', {}, el('h2', {}, 'Verdicts'), verdictsView(r)),
    el('section', {}, el('h2', {}, 'Input'), inputView, errors),
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
  if (fromFragment) {
    (document.getElementById('url') as HTMLInputElement).value = fromFragment.url;
    (document.getElementById('base') as HTMLInputElement).value = fromFragment.base;
    const select = document.getElementById('encoding') as HTMLSelectElement;
    if (![...select.options].some((o) => o.value === fromFragment.encoding)) select.append(el('option', { value: fromFragment.encoding }, fromFragment.encoding));
    select.value = fromFragment.encoding;
  }
  for (const id of ['url', 'base']) document.getElementById(id)!.addEventListener('input', render);
  document.getElementById('encoding')!.addEventListener('change', render);
  document.getElementById('copy-json')!.addEventListener('click', copyJSON);
  window.addEventListener('hashchange', () => {
    const s = stateFromFragment();
    if (!s) return;
    const now = readState();
    if (s.url === now.url && s.base === now.base && s.encoding === now.encoding) return;
    (document.getElementById('url') as HTMLInputElement).value = s.url;
    (document.getElementById('base') as HTMLInputElement).value = s.base;
    (document.getElementById('encoding') as HTMLSelectElement).value = s.encoding;
    render();
  });
  render();
}

start();
