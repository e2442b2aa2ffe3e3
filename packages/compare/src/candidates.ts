// WPT candidates (--wpt-candidates FILE): inputs on which browser engines (the adapters named
// chromium, firefox and webkit) differ from the URL Standard (url-grammar), and so from each other
// or from the standard, in a way that no input of WPT's urltestdata.json shows, minimised and
// written in urltestdata.json's own format with url-grammar's answer as the expectation.
//
// While the corpus streams, a CandidateCollector keeps, for each class and root cause of ./classes
// (the class, the kind of scheme, the minimised difference), the shortest case on which a browser
// shows it and how many cases do: bounded by maxKeys, whatever the corpus. At the end,
// wptCandidates asks url-grammar and the browsers about the WPT inputs, to learn which root causes
// WPT already covers, drops those, and minimises each of the biggest others: it deletes pieces of
// the input (the fragment, the query, a path segment, the userinfo, the port, then runs of
// characters, halving their length) and keeps a shorter input as long as the browser still shows
// the same root cause, re-asking the parsers in batches, at most maxAsks inputs per candidate.

import { AdapterError, urlGrammarAdapter, gatherAsync, gatherSync, type ChildProcessAdapter, type CompareCase, type Outcome, type ParserAdapter, type Result } from './compare';
import { CLASSES, rootCauseKeys, specLink } from './classes';
import { toScalarValueString } from 'url-grammar';

/** The names of the browser engines' adapters. */
export const BROWSER_ENGINES: readonly string[] = ['chromium', 'firefox', 'webkit'];

/** Root causes a collector keeps at most (each with one case). */
export const MAX_CANDIDATE_KEYS = 2000;

interface Seen {
  classId: string;
  key: string;
  parser: string;
  input: string;
  base: string | null;
  cases: number;
  order: number;
}

/** A class and root cause as one key, whichever browser shows it. */
const causeId = (classId: string, key: string) => `${classId}\u0000${key}`;

/** Keeps, for each root cause a browser shows, its shortest case and how many cases show it. */
export class CandidateCollector {
  private readonly seen = new Map<string, Seen>();
  private order = 0;
  /** Root causes not kept because the bound was reached. */
  dropped = 0;

  constructor(
    readonly browsers: ReadonlySet<string>,
    private readonly maxKeys = MAX_CANDIDATE_KEYS,
  ) {}

  /** For compareStream's observe: one case and every parser's answer (`names[0]` the reference). */
  readonly observe = (c: CompareCase, names: readonly string[], outcomes: readonly Outcome[]): void => {
    if (!names.some((n) => this.browsers.has(n))) return;
    for (const k of rootCauseKeys(c.input, c.base, names, outcomes, this.browsers)) {
      const id = causeId(k.classId, k.key);
      const s = this.seen.get(id);
      if (s) {
        s.cases++;
        if (c.input.length + (c.base?.length ?? 0) < s.input.length + (s.base?.length ?? 0)) Object.assign(s, { input: c.input, base: c.base, parser: k.parser });
      } else if (this.seen.size < this.maxKeys) {
        this.seen.set(id, { classId: k.classId, key: k.key, parser: k.parser, input: c.input, base: c.base, cases: 1, order: this.order++ });
      } else {
        this.dropped++;
      }
    }
  };

  /** The root causes seen, most cases first. */
  causes(): Seen[] {
    return [...this.seen.values()].sort((a, b) => b.cases - a.cases || a.order - b.order);
  }
}

export interface CandidateOptions {
  /** At most this many candidates. Default 50. */
  maxCandidates?: number;
  /** At most this many inputs asked while minimising one candidate. Default 128. */
  maxAsks?: number;
  /** Told what is going on, a line at a time. */
  onStatus?: (message: string) => void;
}

export interface Candidate {
  input: string;
  base: string | null;
  classId: string;
  key: string;
  /** The browser whose root cause was kept while minimising. */
  parser: string;
  /** Cases of the corpus with this root cause. */
  cases: number;
  /** The input as the corpus had it, before minimising. */
  original: { input: string; base: string | null };
  /** url-grammar's answer: the expectation. */
  expected: Result;
  /** Every browser's answer on the minimised input. */
  browsers: Record<string, Outcome>;
}

export interface CandidateResult {
  candidates: Candidate[];
  /** Root causes the browsers showed in the corpus. */
  seen: number;
  /** Of those, the ones some WPT input already shows. */
  covered: number;
  /** Inputs asked while minimising. */
  asks: number;
}

function isChild(a: ParserAdapter): a is ChildProcessAdapter {
  return typeof (a as Partial<ChildProcessAdapter>).parseBatch === 'function';
}

async function ask(adapter: ParserAdapter, cases: readonly CompareCase[]): Promise<Outcome[]> {
  if (cases.length === 0) return [];
  return isChild(adapter) ? adapter.parseBatch(cases) : gatherAsync(adapter, cases);
}

const reference = urlGrammarAdapter();

/**
 * Shorter versions of an input, the structural ones first: without the fragment, the query, a path
 * segment, the userinfo or the port; then without each run of `chunk` characters. Each once.
 */
export function reductions(input: string, chunk: number): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    if (s.length < input.length) out.add(s);
  };
  const hash = input.indexOf('#');
  if (hash !== -1) add(input.slice(0, hash));
  const query = input.indexOf('?');
  if (query !== -1) add(input.slice(0, query) + (hash > query ? input.slice(hash) : ''));
  const end = Math.min(query === -1 ? input.length : query, hash === -1 ? input.length : hash);
  const authority = input.indexOf('//');
  const pathFrom = authority === -1 ? 0 : authority + 2;
  // path segments (and the authority's pieces), "/" or "\" separated
  let start = pathFrom;
  for (let i = pathFrom; i <= end; i++) {
    if (i < end && input[i] !== '/' && input[i] !== '\\') continue;
    if (i > start) add(input.slice(0, start) + input.slice(i + 1 <= end ? i + 1 : i));
    start = i + 1;
  }
  if (authority !== -1) {
    const at = input.lastIndexOf('@', end);
    if (at > authority) add(input.slice(0, authority + 2) + input.slice(at + 1));
    const hostEnd = (() => {
      for (let i = authority + 2; i < end; i++) if (input[i] === '/' || input[i] === '\\') return i;
      return end;
    })();
    const colon = input.lastIndexOf(':', hostEnd - 1);
    if (colon > authority + 2 && colon > at && /^[0-9]*$/.test(input.slice(colon + 1, hostEnd))) add(input.slice(0, colon) + input.slice(hostEnd));
  }
  if (chunk >= 1) for (let i = 0; i < input.length; i += chunk) add(input.slice(0, i) + input.slice(i + chunk));
  return [...out];
}

/** Whether the root cause `classId`/`key` holds for `parser` on each case, asked in one batch. */
async function holds(cases: readonly CompareCase[], parser: ParserAdapter, classId: string, key: string): Promise<boolean[]> {
  const refs = gatherSync(reference, cases);
  const theirs = await ask(parser, cases);
  const names = ['url-grammar', parser.name];
  return cases.map((c, i) => rootCauseKeys(c.input, c.base, names, [refs[i], theirs[i]]).some((k) => k.classId === classId && k.key === key));
}

/** The shortest input found, within `maxAsks` inputs asked, on which `parser` still shows the root cause. */
async function minimise(c: CompareCase, parser: ParserAdapter, classId: string, key: string, maxAsks: number): Promise<{ best: CompareCase; asks: number }> {
  let best = c;
  let asks = 0;
  // an absolute input may not need its base
  if (best.base !== null && asks < maxAsks) {
    asks++;
    const [ok] = await holds([{ input: best.input, base: null }], parser, classId, key);
    if (ok) best = { input: best.input, base: null };
  }
  // the input and the base are each cut down, in runs of `chunk` characters of the longer of the two
  let chunk = Math.max(1, Math.floor(Math.max(best.input.length, best.base?.length ?? 0) / 2));
  while (asks < maxAsks) {
    const room = Math.min(32, maxAsks - asks);
    const fromInput = reductions(best.input, chunk).map((input) => ({ input, base: best.base }));
    const current = best;
    const fromBase = current.base === null ? [] : reductions(current.base, chunk).map((base) => ({ input: current.input, base }));
    const half = fromBase.length === 0 ? room : Math.max(1, Math.ceil(room / 2));
    const variants = [...fromInput.slice(0, half), ...fromBase.slice(0, room - Math.min(half, fromInput.length))];
    if (variants.length === 0) {
      if (chunk === 1) break;
      chunk = Math.max(1, Math.floor(chunk / 2));
      continue;
    }
    const cases = variants.map((c) => ({ input: toScalarValueString(c.input), base: c.base === null ? null : toScalarValueString(c.base) }));
    asks += cases.length;
    const ok = await holds(cases, parser, classId, key);
    let found: CompareCase | null = null;
    const size = (c: CompareCase) => c.input.length + (c.base?.length ?? 0);
    ok.forEach((y, i) => {
      if (y && (found === null || size(cases[i]) < size(found))) found = cases[i];
    });
    if (found !== null) {
      best = found;
      chunk = Math.min(chunk, Math.max(1, Math.floor(Math.max(best.input.length, best.base?.length ?? 0) / 2)));
    } else if (chunk === 1) break;
    else chunk = Math.max(1, Math.floor(chunk / 2));
  }
  return { best, asks };
}

/**
 * The candidates: the biggest root causes the browsers showed that no WPT input shows, each
 * minimised, with url-grammar's answer and every browser's. `browsers` are the browser adapters of
 * the run (they are asked again, and closed at the end); `wpt` the inputs of urltestdata.json.
 */
export async function wptCandidates(collector: CandidateCollector, browsers: readonly ParserAdapter[], wpt: readonly CompareCase[], options: CandidateOptions = {}): Promise<CandidateResult> {
  const maxCandidates = options.maxCandidates ?? 50;
  const maxAsks = options.maxAsks ?? 128;
  const byName = new Map(browsers.map((b) => [b.name, b]));
  try {
    // what WPT covers: the root causes the browsers show on its own inputs
    options.onStatus?.(`asking ${browsers.map((b) => b.name).join(', ')} about the ${wpt.length} WPT inputs`);
    const normal = wpt.map((c) => ({ input: toScalarValueString(c.input), base: c.base === null ? null : toScalarValueString(c.base) }));
    const refs = gatherSync(reference, normal);
    const answers = await Promise.all(browsers.map((b) => ask(b, normal)));
    const names = ['url-grammar', ...browsers.map((b) => b.name)];
    const covered = new Set<string>();
    normal.forEach((c, i) => {
      for (const k of rootCauseKeys(c.input, c.base, names, [refs[i], ...answers.map((a) => a[i])])) covered.add(causeId(k.classId, k.key));
    });
    const all = collector.causes();
    const open = all.filter((s) => !covered.has(causeId(s.classId, s.key)) && byName.has(s.parser));
    const candidates: Candidate[] = [];
    const inputs = new Set<string>();
    let asks = 0;
    for (const s of open) {
      if (candidates.length >= maxCandidates) break;
      options.onStatus?.(`minimising a case of ${s.parser} in ${s.classId} (${candidates.length} candidates so far)`);
      const m = await minimise({ input: s.input, base: s.base }, byName.get(s.parser)!, s.classId, s.key, maxAsks);
      asks += m.asks;
      const id = `${m.best.input}\u0000${m.best.base ?? ''}`;
      if (inputs.has(id)) continue;
      inputs.add(id);
      const [expected] = gatherSync(reference, [m.best]);
      if (expected instanceof AdapterError) continue;
      candidates.push({ input: m.best.input, base: m.best.base, classId: s.classId, key: s.key, parser: s.parser, cases: s.cases, original: { input: s.input, base: s.base }, expected, browsers: {} });
    }
    // every browser's answer on the minimised inputs, for the comments
    const finals = candidates.map((c) => ({ input: c.input, base: c.base }));
    const last = await Promise.all(browsers.map((b) => ask(b, finals)));
    candidates.forEach((c, i) => browsers.forEach((b, k) => (c.browsers[b.name] = last[k][i])));
    return { candidates, seen: all.length, covered: all.length - open.length, asks };
  } finally {
    await Promise.all(browsers.map(async (b) => b.close?.()));
  }
}

const GETTER_ORDER = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** An answer in a comment's words. */
function answerText(o: Outcome): string {
  if (o instanceof AdapterError) return 'could not answer';
  return o.ok ? JSON.stringify(o.href) : 'fails';
}

/** The candidates as urltestdata.json: a comment for each, then its expectation (url-grammar's answer). */
export function candidatesJson(result: CandidateResult, note?: string): string {
  const items: unknown[] = [
    `Candidates for WPT's url/resources/urltestdata.json, written by url-grammar compare --wpt-candidates: inputs on which browser engines differ from the URL Standard in a way no urltestdata.json input shows (of the ${result.seen} root cause${result.seen === 1 ? '' : 's'} seen, ${result.covered} ${result.covered === 1 ? 'is' : 'are'} shown by one), each minimised; the expectation is url-grammar's answer. Check each against the standard before proposing it.`,
  ];
  if (note) items.push(note);
  for (const c of result.candidates) {
    const d = CLASSES.find((x) => x.id === c.classId);
    const browsers = Object.entries(c.browsers).map(([n, o]) => `${n} ${answerText(o)}`).join(', ');
    items.push(
      `${d?.title ?? c.classId} (${d ? specLink(d.anchor) : ''}): ${c.parser} differs, root cause ${JSON.stringify(c.key)}, on ${c.cases} case${c.cases === 1 ? '' : 's'} of the corpus${c.original.input !== c.input || c.original.base !== c.base ? `, minimised from ${JSON.stringify(c.original.input)}` : ''}. The standard: ${answerText(c.expected)}; ${browsers}.`,
    );
    const e = c.expected;
    if (!e.ok) items.push({ input: c.input, base: c.base, failure: true });
    else {
      const o: Record<string, unknown> = { input: c.input, base: c.base };
      for (const g of GETTER_ORDER) {
        const v = (e as Record<string, unknown>)[g];
        if (g === 'origin' && (v === undefined || v === null)) continue;
        o[g] = v ?? '';
      }
      items.push(o);
    }
  }
  return `[\n${items.map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n]\n`;
}
