// What the viewer computes for a state, with no DOM: the parsers' answers (url-grammar, the
// browser's URL, whatwg-url), the validation errors, the record and the verdicts. The page runs it
// for each keystroke; a long input's slower parts (the verdicts, whatwg-url, what the parser did)
// run in the page's worker (./worker.ts).

import { explain, parseURL, parseWithDiagnostics, serializeHost, serializePath, serializeURL, serializeURLOrigin, type Explanation, type IntermediateRecord, type ParserChange, type URLRecord, type ValidationError } from 'url-grammar';
import type { State } from './permalink';

// whatwg-url ships no type declarations; this is the part of its API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const whatwgURL = require('whatwg-url') as { URL: new (url: string, base?: string) => Record<Field, string> };

export const FIELDS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
export type Field = (typeof FIELDS)[number];
export type Components = Record<Field, string> | null;

export const IMPLS = [
  { id: 'url-grammar', label: 'url-grammar' },
  { id: 'native', label: 'this browser (URL)' },
  { id: 'whatwg-url', label: 'whatwg-url' },
] as const;
export type Impl = (typeof IMPLS)[number]['id'];

/** The URL API's getters over a URL record: https://url.spec.whatwg.org/#urlutils-members. */
export function componentsOf(r: URLRecord): Record<Field, string> {
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

/** The verdicts as plain data (what crosses from the worker). */
export type Verdicts = Pick<Explanation, 'parses' | 'parserValid' | 'grammarValid' | 'disagreement' | 'problems'>;

export interface Results {
  state: State;
  /** The base URL does not parse (with url-grammar): nothing else is shown. */
  baseFails: boolean;
  components: Record<Impl, Components>;
  errors: ValidationError[];
  record: IntermediateRecord | null;
  /** url-grammar's URL record, or null when it fails. */
  url: URLRecord | null;
  /** The pass's record of what it changed (null: left to the worker, a long input's first step). */
  changes: ParserChange[] | null;
  verdicts: Verdicts | null;
  /** What is still to be computed (a long input's first step): 'verdicts', 'whatwg-url', 'changes'. */
  pending: string[];
}

/** An input longer than this many code units is drawn in two steps, and in part (see main.ts). */
export const LARGE_INPUT = 2000;

export function isLarge(state: State): boolean {
  return state.url.length > LARGE_INPUT || (state.base ?? '').length > LARGE_INPUT;
}

/** The base URL and encoding as the library takes them (an empty base is a base that fails, as `new URL(input, "")` has it). */
export function optionsOf(state: State): { base: string | undefined; encoding: string | undefined; baseRecord: URLRecord | null } {
  const base = state.base ?? undefined;
  const encoding = state.encoding === '' || /^utf-?8$/i.test(state.encoding) ? undefined : state.encoding;
  return { base, encoding, baseRecord: base === undefined ? null : parseURL(base) };
}

/** The writing check's verdicts, or null when the base URL fails or explain throws. */
export function verdictsOf(state: State): Verdicts | null {
  const { base, encoding, baseRecord } = optionsOf(state);
  if (base !== undefined && baseRecord === null) return null;
  try {
    const x = explain(state.url, { baseURL: baseRecord, encoding });
    return { parses: x.parses, parserValid: x.parserValid, grammarValid: x.grammarValid, disagreement: x.disagreement, problems: x.problems };
  } catch {
    return null;
  }
}

export function whatwgComponents(state: State): Components {
  const base = state.base;
  return viaAPI(() => (base === null ? new whatwgURL.URL(state.url) : new whatwgURL.URL(state.url, base)));
}

export function nativeComponents(state: State): Components {
  const base = state.base;
  if (typeof URL !== 'function') return null;
  return viaAPI(() => (base === null ? new URL(state.url) : new URL(state.url, base)) as unknown as Record<Field, string>);
}

/**
 * Parses the state. With `complete` false (a long input's first step), the verdicts and whatwg-url are left
 * out (null, and `pending` names them, with 'changes'): the worker computes them.
 */
export function run(state: State, complete = true): Results {
  const { base, encoding, baseRecord } = optionsOf(state);
  const baseFails = base !== undefined && baseRecord === null;
  const d = baseFails ? null : parseWithDiagnostics(state.url, { baseURL: baseRecord, encoding, changes: complete });
  return {
    state,
    baseFails,
    components: {
      'url-grammar': d?.url ? componentsOf(d.url) : null,
      native: nativeComponents(state),
      'whatwg-url': complete ? whatwgComponents(state) : null,
    },
    errors: d?.errors ?? [],
    record: d?.record ?? null,
    url: d?.url ?? null,
    changes: complete ? (d?.changes ?? []) : null,
    verdicts: complete && !baseFails ? verdictsOf(state) : null,
    pending: complete ? [] : ['verdicts', 'whatwg-url', 'changes'],
  };
}

/** Everything shown, as JSON: what "copy as JSON" copies. */
export function resultsJSON(r: Results, changes: unknown): string {
  return JSON.stringify(
    {
      input: r.state.url,
      base: r.state.base,
      encoding: r.state.encoding,
      components: r.components,
      record: r.record,
      errors: r.errors,
      changes,
      verdicts: r.verdicts,
    },
    null,
    2,
  );
}
