// Every entry point of the core, asked the same thing: the href and the URL record each gives for
// an input (against a base), and the getters of a URL object held as its href against those of one
// held as its record, also after a sequence of setter calls. Used by test/entry-points.test.ts on
// the core, and by test/one-edit.test.ts on a copy of the core with one spec change made.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { URLRecord } from '../../src/index';
import type { SetterCall } from './setter-arbitraries';

export type Core = typeof import('../../src/index');
type URLObject = InstanceType<Core['URL']>;

const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

function getters(u: URLObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of GETTERS) out[g] = u[g];
  return out;
}

const show = (v: unknown) => JSON.stringify(v);

/** The first key whose values differ, as a message; null when they all agree. */
function firstDifference(what: string, values: Record<string, unknown>): string | null {
  const entries = Object.entries(values);
  const [name0, value0] = entries[0];
  for (const [name, value] of entries.slice(1)) {
    if (show(value) !== show(value0)) return `${what}: ${name0} gives ${show(value0)}, ${name} gives ${show(value)}`;
  }
  return null;
}

/** A URL object held as its record (URL.recordOf makes it so), for `input` against `base`; null when it does not parse. */
function heldAsRecord(core: Core, input: string, base?: string): URLObject | null {
  const u = core.URL.parse(input, base);
  if (u !== null) core.URL.recordOf(u);
  return u;
}

/**
 * Where the entry points disagree on `input` against `base`, in words; null when every one gives
 * the same href (or none parses it), the same record, and the same getters whether the object holds
 * its href or its record.
 */
export function disagreement(core: Core, input: string, base?: string): string | null {
  const options = base === undefined ? {} : { baseURL: base };
  let constructed: URLObject | null;
  try {
    constructed = new core.URL(input, base);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    constructed = null;
  }
  const parsed = core.URL.parse(input, base);
  const record = core.parseURL(input, options);
  const basic = core.basicURLParse(input, options);
  const diagnosed = core.parseWithDiagnostics(input, options).url;
  const recordOf = parsed === null ? null : core.URL.recordOf(core.URL.parse(input, base)!);
  const href = (r: URLRecord | null) => (r === null ? null : core.serializeURL(r));
  const hrefs = firstDifference('href', {
    'new URL': constructed === null ? null : constructed.href,
    'URL.parse': parsed === null ? null : parsed.href,
    'URL.canParse': core.URL.canParse(input, base) ? (parsed?.href ?? 'parses') : null,
    toString: parsed === null ? null : String(parsed),
    toJSON: parsed === null ? null : parsed.toJSON(),
    parseURL: href(record),
    basicURLParse: href(basic),
    parseWithDiagnostics: href(diagnosed),
    'URL.recordOf': href(recordOf),
  });
  if (hrefs !== null) return hrefs;
  const records = firstDifference('record', { parseURL: record, basicURLParse: basic, parseWithDiagnostics: diagnosed, 'URL.recordOf': recordOf });
  if (records !== null) return records;
  if (parsed === null) return null;
  const asRecord = heldAsRecord(core, input, base)!;
  const read = firstDifference('getters', { 'held as its href or record (URL.parse)': getters(parsed), 'held as its record': getters(asRecord) });
  if (read !== null) return read;
  // the origin of the record, by the one function
  const origin = core.serializeOrigin(core.urlOrigin(record!, (s) => core.basicURLParse(s)));
  if (parsed.origin !== origin) return `origin: the object gives ${show(parsed.origin)}, the record's ${show(origin)}`;
  return null;
}

/** Runs a setter as script does: the href setter may throw the standard's TypeError, nothing else. */
function applySetter(u: URLObject, { setter, value }: SetterCall): void {
  try {
    (u as unknown as Record<string, string>)[setter] = value;
  } catch (e) {
    if (!(setter === 'href' && e instanceof TypeError)) throw e;
  }
}

/**
 * Where the entry points disagree after `calls` on the URL of `input` (against `base`), in words;
 * null when the object held as its href and the one held as its record read the same after every
 * call, and the href is always the serialization of the record under it.
 */
export function setterDisagreement(core: Core, calls: readonly SetterCall[], input: string, base?: string): string | null {
  const a = core.URL.parse(input, base);
  if (a === null) return null;
  const b = heldAsRecord(core, input, base)!;
  for (const [k, call] of calls.entries()) {
    applySetter(a, call);
    applySetter(b, call);
    const after = `after ${calls
      .slice(0, k + 1)
      .map((c) => `${c.setter} = ${show(c.value)}`)
      .join('; ')}`;
    const read = firstDifference(`getters ${after}`, { 'the object as parsed': getters(a), 'the object held as its record': getters(b) });
    if (read !== null) return read;
  }
  const href = a.href;
  const under = core.serializeURL(core.URL.recordOf(a));
  if (under !== href) return `after every call: the href is ${show(href)}, the record under it serializes as ${show(under)}`;
  return null;
}

/** The inputs of urltestdata.json, with their bases. */
export function wptInputs(): { input: string; base?: string }[] {
  const data = JSON.parse(readFileSync(join(__dirname, '..', 'wpt', 'urltestdata.json'), 'utf8')) as unknown[];
  return data
    .filter((c): c is { input: string; base: string | null } => typeof c === 'object' && c !== null && 'input' in c)
    .map((c) => (c.base === null ? { input: c.input } : { input: c.input, base: c.base }));
}

