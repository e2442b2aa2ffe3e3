// WPT candidates (--wpt-candidates FILE): inputs on which browser engines (the adapters named
// chromium, firefox and webkit) differ from the URL Standard (url-grammar) in a way that no input of
// WPT's urltestdata.json shows, minimised and written in urltestdata.json's own format with
// url-grammar's answer as the expectation.
//
// New is judged by behaviour, not by the literal input: "file://{h" is not new when "file://test"
// already shows Firefox dropping the host of a file URL. The behaviour of an input is what the
// engines do with it, in words free of its literal text, and where the standard decides it:
//
// - for each engine, its difference from the standard's answer (behaviourOf): "same" when its
//   answer is the standard's (every getter the same text: what a WPT test asserts); "fails" where
//   the standard parses (with the parts the URL has beside its scheme and path: host, port,
//   credentials, query, fragment); "parses" where the standard fails; or the first getter that differs,
//   in the URL's order, with how it differs: dropped, added, case, encodes more or less (the same
//   once percent-decoded), spelling (the same host in another spelling), keeps more or less (one
//   holds the other), or other;
// - for each engine, the url.bs step that decides that getter (the host's by the kind of host the
//   standard finds: IPv4, IPv6, domain, opaque, a file URL's); for "parses", the step where the
//   standard returns failure (that of its last validation error); for "fails", the basic URL
//   parser, since where an engine fails is not in its answer;
// - the kind of scheme: special, file, non-special, or none (a relative input).
//
// Two inputs are equivalent by behaviour when all of that is the same (behaviourKey). A candidate
// must be more than not equivalent to any WPT input: at least one of its engine differences (an
// engine, its step, its difference and the kind of scheme) must be one that no WPT input shows
// (engineDifferences), and the candidate says which. Each differs from the standard in a browser
// engine, and says whether it does in two engines or more or is one engine's bug.
//
// While the corpus streams, a CandidateCollector keeps, for each coarse behaviour in which an
// engine differs (the behaviour without the parts of a URL an engine fails on), its shortest case
// and how many cases show it: bounded by maxKeys. At the end, wptCandidates asks the engines about
// the WPT inputs, drops the behaviours whose every engine difference WPT shows (unless an engine
// fails there: whether that is new depends on the parts the minimised URL keeps), and minimises a
// case of each of the biggest others while its coarse behaviour holds and the standard finds no
// validation error the original did not have: it deletes pieces of the input (the fragment, the
// query, a path segment, the userinfo, the port, then runs of characters of halving length), then
// replaces single characters with "a" and lowercases, keeping a variant when it is shorter, or as
// long with fewer characters other than lowercase letters and digits. So "file://(?x" becomes
// "file://a?" where that is the same behaviour, and "https://*" keeps its "//" (without them the
// standard finds special-scheme-missing-following-solidus). The minimised input is asked of the
// engines again, and its whole behaviour decides whether it is new.

import { AdapterError, urlGrammarAdapter, gatherAsync, gatherSync, type ChildProcessAdapter, type CompareCase, type Outcome, type ParserAdapter, type Result } from './compare';
import { hostMeaning, percentDecoded } from './meaning';
import { pinnedLink } from './spec';
import { isSpecialScheme, toScalarValueString } from 'url-grammar';

/** The names of the browser engines' adapters. */
export const BROWSER_ENGINES: readonly string[] = ['chromium', 'firefox', 'webkit'];

/** Behaviours a collector keeps at most (each with one case). */
export const MAX_CANDIDATE_KEYS = 2000;

type Ok = Extract<Result, { ok: true }>;

/** The getters a behaviour looks at, in the URL's order (the href last: serialization alone). */
const ORDER = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'href'] as const;

/** One engine's difference from the standard on one input. */
export interface EngineBehaviour {
  /** "same", "fails", "parses", "could not answer", or "GETTER HOW" ("hostname dropped"). */
  difference: string;
  /** The url.bs id of the step that decides it ("" for "same"). */
  step: string;
}

export interface Behaviour {
  /** special, file, non-special, or no scheme. */
  scheme: string;
  /** Each engine's difference, by engine name. */
  engines: Record<string, EngineBehaviour>;
}

/** The kind of scheme of the standard's answer (or of the input, when the standard fails). */
function schemeGroup(ref: Result, input: string): string {
  let scheme: string | null = ref.ok && ref.protocol ? ref.protocol.slice(0, -1).toLowerCase() : null;
  if (scheme === null) {
    const m = /^[\u0000-\u0020]*([A-Za-z][A-Za-z0-9+.\-\t\n\r]*):/.exec(input);
    scheme = m ? m[1].replace(/[\t\n\r]/g, '').toLowerCase() : null;
  }
  if (scheme === null) return 'no scheme';
  if (scheme === 'file') return 'file';
  return isSpecialScheme(scheme) ? 'special' : 'non-special';
}

/** The url.bs step of a validation error type (the core's VALIDATION_ERRORS), by the part of the parser that reports it. */
export function errorStep(type: string): string {
  if (type.startsWith('IPv4-in-IPv6') || type.startsWith('IPv6-')) return 'concept-ipv6-parser';
  if (type.startsWith('IPv4-')) return 'concept-ipv4-parser';
  if (type.startsWith('domain-')) return 'concept-domain-to-ascii';
  if (type === 'host-invalid-code-point') return 'concept-opaque-host-parser';
  if (type === 'special-scheme-missing-following-solidus') return 'special-authority-slashes-state';
  if (type === 'missing-scheme-non-relative-URL') return 'no-scheme-state';
  if (type === 'invalid-credentials') return 'authority-state';
  if (type === 'host-missing') return 'host-state';
  if (type.startsWith('port-')) return 'port-state';
  if (type === 'file-invalid-Windows-drive-letter-host') return 'file-host-state';
  if (type === 'file-invalid-Windows-drive-letter') return 'file-state';
  // invalid-URL-unit, invalid-reverse-solidus and the rest: reported all over the parser
  return 'concept-basic-url-parser';
}

/** The step that decides a getter, for the standard's answer `ref` of kind `scheme`. */
function getterStep(getter: (typeof ORDER)[number], ref: Ok, scheme: string): string {
  switch (getter) {
    case 'protocol':
      return 'scheme-state';
    case 'username':
    case 'password':
      return 'authority-state';
    case 'hostname': {
      const h = ref.hostname ?? '';
      if (scheme === 'file') return 'file-host-state';
      if (h.startsWith('[')) return 'concept-ipv6-parser';
      if (scheme === 'non-special') return 'concept-opaque-host-parser';
      if (/^[0-9]+(\.[0-9]+){3}$/.test(h)) return 'concept-ipv4-parser';
      return h === '' ? 'host-state' : 'concept-domain-to-ascii';
    }
    case 'port':
      return 'port-state';
    case 'pathname':
      return ref.hostname === '' && scheme === 'non-special' && !(ref.pathname ?? '').startsWith('/') ? 'cannot-be-a-base-url-path-state' : 'path-state';
    case 'search':
      return 'query-state';
    case 'hash':
      return 'fragment-state';
    case 'href':
      return 'url-serializing';
  }
}

/** The parts the standard's URL has beside its scheme and path, in words: "host, query", "no host". */
function partsOf(ref: Ok): string {
  const parts: string[] = [];
  const hash = ref.href.indexOf('#');
  const beforeHash = hash === -1 ? ref.href : ref.href.slice(0, hash);
  if ((ref.username ?? '') !== '' || (ref.password ?? '') !== '') parts.push('credentials');
  if ((ref.hostname ?? '') !== '') parts.push('host');
  if ((ref.port ?? '') !== '') parts.push('port');
  if (beforeHash.includes('?')) parts.push('query');
  if (hash !== -1) parts.push('fragment');
  return parts.length === 0 ? 'no host' : parts.join(', ');
}

/** How an engine's value `y` differs from the standard's `x`, in a word or two free of their text. */
function how(getter: string, x: string, y: string): string {
  if (y === '') return 'dropped';
  if (x === '') return 'added';
  if (x.toLowerCase() === y.toLowerCase()) return 'case';
  if (percentDecoded(x) === percentDecoded(y)) {
    const px = x.split('%').length;
    const py = y.split('%').length;
    return py > px ? 'encodes more' : py < px ? 'encodes less' : 'encodes other';
  }
  if (getter === 'hostname' && hostMeaning(x) === hostMeaning(y)) return 'spelling';
  if (y.includes(x)) return 'keeps more';
  if (x.includes(y)) return 'keeps less';
  return 'other';
}

/** One engine's difference from the standard's answer `ref` (see the top of this file). */
export function engineBehaviour(ref: Result, o: Outcome, scheme: string): EngineBehaviour {
  if (o instanceof AdapterError) return { difference: 'could not answer', step: '' };
  // where an engine fails is not known from its answer: the basic URL parser as a whole, and the
  // parts the URL has (a step read off the standard's validation errors would tie the behaviour to
  // what the standard finds unusual, which is not where the engine fails: "file://(?" and
  // "file://a?" alike)
  if (ref.ok && !o.ok) return { difference: `fails (${partsOf(ref)})`, step: 'concept-basic-url-parser' };
  if (!ref.ok && o.ok) return { difference: 'parses', step: errorStep(ref.errors?.[ref.errors.length - 1] ?? '') };
  if (!ref.ok || !o.ok) return { difference: 'same', step: '' };
  for (const g of ORDER) {
    const x = ref[g];
    const y = o[g];
    if (x === null || y === null || x === y) continue;
    return { difference: `${g} ${how(g, x, y)}`, step: getterStep(g, ref, scheme) };
  }
  return { difference: 'same', step: '' };
}

/** The behaviour of one input: the kind of scheme and each engine's difference (`engines[i]` answered `answers[i]`). */
export function behaviourOf(input: string, ref: Outcome, engines: readonly string[], answers: readonly Outcome[]): Behaviour | null {
  if (ref instanceof AdapterError) return null;
  const scheme = schemeGroup(ref, input);
  const out: Record<string, EngineBehaviour> = {};
  engines.forEach((e, i) => (out[e] = engineBehaviour(ref, answers[i], scheme)));
  return { scheme, engines: out };
}

/** The behaviour without the parts of a URL an engine fails on: what minimising holds (it may drop a part the failure does not need). */
export function coarse(b: Behaviour): Behaviour {
  const engines: Record<string, EngineBehaviour> = {};
  for (const [e, x] of Object.entries(b.engines)) engines[e] = x.difference.startsWith('fails (') ? { ...x, difference: 'fails' } : x;
  return { scheme: b.scheme, engines };
}

/** Two inputs are equivalent by behaviour when their keys are the same (`whole` false: their coarse behaviours'). */
export function behaviourKey(b: Behaviour, whole = true): string {
  const x = whole ? b : coarse(b);
  return [x.scheme, ...Object.keys(x.engines).sort().map((e) => `${e}=${x.engines[e].difference}@${x.engines[e].step}`)].join(' | ');
}

/** Each engine's difference that is not "same", as a key of its own (engine, kind of scheme, step, difference). */
export function engineDifferences(b: Behaviour): string[] {
  return Object.keys(b.engines)
    .sort()
    .filter((e) => b.engines[e].difference !== 'same' && b.engines[e].difference !== 'could not answer')
    .map((e) => `${e} | ${b.scheme} | ${b.engines[e].step} | ${b.engines[e].difference}`);
}

/** The engines that differ from the standard. */
const differing = (b: Behaviour) => Object.keys(b.engines).filter((e) => b.engines[e].difference !== 'same' && b.engines[e].difference !== 'could not answer');

interface Seen {
  key: string;
  behaviour: Behaviour;
  input: string;
  base: string | null;
  cases: number;
  order: number;
}

/** Keeps, for each behaviour in which a browser engine differs, its shortest case and how many cases show it. */
export class CandidateCollector {
  private readonly seen = new Map<string, Seen>();
  private order = 0;
  /** Behaviours not kept because the bound was reached. */
  dropped = 0;

  constructor(
    readonly browsers: ReadonlySet<string>,
    private readonly maxKeys = MAX_CANDIDATE_KEYS,
  ) {}

  /** For compareStream's observe: one case and every parser's answer (`names[0]` the reference). */
  readonly observe = (c: CompareCase, names: readonly string[], outcomes: readonly Outcome[]): void => {
    const engines: string[] = [];
    const answers: Outcome[] = [];
    names.forEach((n, i) => {
      if (i > 0 && this.browsers.has(n)) {
        engines.push(n);
        answers.push(outcomes[i]);
      }
    });
    if (engines.length === 0) return;
    const b = behaviourOf(c.input, outcomes[0], engines, answers);
    if (b === null || differing(b).length === 0 || Object.values(b.engines).some((e) => e.difference === 'could not answer')) return;
    // grouped by the coarse behaviour: a case of it is minimised later, and its parts with it
    const key = behaviourKey(b, false);
    const s = this.seen.get(key);
    if (s) {
      s.cases++;
      if (c.input.length + (c.base?.length ?? 0) < s.input.length + (s.base?.length ?? 0)) Object.assign(s, { input: c.input, base: c.base });
    } else if (this.seen.size < this.maxKeys) {
      this.seen.set(key, { key, behaviour: coarse(b), input: c.input, base: c.base, cases: 1, order: this.order++ });
    } else {
      this.dropped++;
    }
  };

  /** The behaviours seen, most cases first. */
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
  /** Its behaviour (the same on the input it was minimised from). */
  behaviour: Behaviour;
  /** Its engine differences that no WPT input shows (engineDifferences' keys). */
  fresh: string[];
  /** The url.bs step of its first fresh difference. */
  step: string;
  /** Cases of the corpus with this behaviour. */
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
  /** Behaviours the browsers showed in the corpus. */
  seen: number;
  /** Of those, the ones whose every engine difference some WPT input shows. */
  covered: number;
  /** Inputs asked while minimising (each asked of every browser). */
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

/** Simpler versions of an input as long as it: each character other than a lowercase letter or a digit replaced with "a" (a surrogate pair as one), and the whole lowercased. */
export function simplifications(input: string): string[] {
  const out = new Set<string>();
  const lower = input.toLowerCase();
  if (lower !== input && lower.length === input.length) out.add(lower);
  for (let i = 0; i < input.length; ) {
    const ch = String.fromCodePoint(input.codePointAt(i)!);
    if (!/^[a-z0-9]$/.test(ch)) out.add(input.slice(0, i) + 'a' + input.slice(i + ch.length));
    i += ch.length;
  }
  out.delete(input);
  return [...out];
}

/** How simple a case is, to compare: its length first, then its characters other than lowercase letters and digits, then the text. */
function simpler(a: CompareCase, b: CompareCase): number {
  const size = (c: CompareCase) => c.input.length + (c.base?.length ?? 0);
  const odd = (c: CompareCase) => (c.input + (c.base ?? '')).replace(/[a-z0-9]/g, '').length;
  return size(a) - size(b) || odd(a) - odd(b) || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0);
}

/** The standard's validation error types for a case, as a set. */
const errorTypes = (r: Outcome): Set<string> => new Set(r instanceof AdapterError ? [] : (r.errors ?? []));

/**
 * Whether each case still shows behaviour `key` (every browser asked in one batch) and the
 * standard finds in it no validation error that `allowed` lacks.
 */
async function holds(cases: readonly CompareCase[], browsers: readonly ParserAdapter[], key: string, allowed: ReadonlySet<string>): Promise<boolean[]> {
  const refs = gatherSync(reference, cases);
  const answers = await Promise.all(browsers.map((b) => ask(b, cases)));
  const names = browsers.map((b) => b.name);
  return cases.map((c, i) => {
    const b = behaviourOf(c.input, refs[i], names, answers.map((a) => a[i]));
    return b !== null && behaviourKey(b, false) === key && [...errorTypes(refs[i])].every((e) => allowed.has(e));
  });
}

/** The simplest case found, within `maxAsks` inputs asked, that still shows behaviour `key` (see the top of this file). */
async function minimise(c: CompareCase, browsers: readonly ParserAdapter[], key: string, maxAsks: number): Promise<{ best: CompareCase; asks: number }> {
  const [first] = gatherSync(reference, [c]);
  const allowed = errorTypes(first);
  let best = c;
  let asks = 0;
  const tryAll = async (variants: CompareCase[]): Promise<boolean> => {
    const room = maxAsks - asks;
    if (room <= 0 || variants.length === 0) return false;
    const cases = variants.slice(0, room).map((v) => ({ input: toScalarValueString(v.input), base: v.base === null ? null : toScalarValueString(v.base) }));
    asks += cases.length;
    const ok = await holds(cases, browsers, key, allowed);
    let found: CompareCase | null = null;
    ok.forEach((y, i) => {
      if (y && simpler(cases[i], found ?? best) < 0) found = cases[i];
    });
    if (found === null) return false;
    best = found;
    return true;
  };
  // an absolute input may not need its base
  if (best.base !== null) await tryAll([{ input: best.input, base: null }]);
  // the input and the base are each cut down, in runs of `chunk` characters of the longer of the two
  let chunk = Math.max(1, Math.floor(Math.max(best.input.length, best.base?.length ?? 0) / 2));
  while (asks < maxAsks) {
    const room = Math.min(32, maxAsks - asks);
    const current = best;
    const fromInput = reductions(current.input, chunk).map((input) => ({ input, base: current.base }));
    const fromBase = current.base === null ? [] : reductions(current.base, chunk).map((base) => ({ input: current.input, base }));
    const half = fromBase.length === 0 ? room : Math.max(1, Math.ceil(room / 2));
    const variants = [...fromInput.slice(0, half), ...fromBase.slice(0, room - Math.min(half, fromInput.length))];
    if (variants.length > 0 && (await tryAll(variants))) {
      chunk = Math.min(chunk, Math.max(1, Math.floor(Math.max(best.input.length, best.base?.length ?? 0) / 2)));
      continue;
    }
    if (chunk === 1) break;
    chunk = Math.max(1, Math.floor(chunk / 2));
  }
  // then the same length with plainer characters (in the input, then the base), while that changes something
  while (asks < maxAsks) {
    const current = best;
    const variants = [...simplifications(current.input).map((input) => ({ input, base: current.base })), ...(current.base === null ? [] : simplifications(current.base).map((base) => ({ input: current.input, base })))];
    if (!(await tryAll(variants))) break;
  }
  return { best, asks };
}

/**
 * The candidates: the biggest behaviours the browsers showed with an engine difference no WPT input
 * shows, each minimised, with url-grammar's answer and every browser's. `browsers` are the browser
 * adapters of the run (they are asked again, and closed at the end); `wpt` the inputs of
 * urltestdata.json. The corpus is grouped, and each case minimised, by the behaviour without the
 * parts of a URL an engine fails on (so that minimising can drop a part the failure does not need);
 * what is new is judged on the minimised input by the whole behaviour, asked of the engines again.
 */
export async function wptCandidates(collector: CandidateCollector, browsers: readonly ParserAdapter[], wpt: readonly CompareCase[], options: CandidateOptions = {}): Promise<CandidateResult> {
  const maxCandidates = options.maxCandidates ?? 50;
  const maxAsks = options.maxAsks ?? 128;
  const names = browsers.map((b) => b.name);
  try {
    // what WPT covers: the behaviours of its own inputs, and every engine difference they show
    options.onStatus?.(`asking ${names.join(', ')} about the ${wpt.length} WPT inputs`);
    const shownByWpt = await wptBehaviours(browsers, wpt);
    const all = collector.causes();
    // worth minimising: a behaviour with an engine difference WPT does not show, or one where an
    // engine fails (whether that is new depends on the parts the minimised URL keeps)
    const open = all.filter((s) => {
      // only the browsers asked again can confirm a behaviour
      if (Object.keys(s.behaviour.engines).some((e) => !names.includes(e))) return false;
      return engineDifferences(s.behaviour).some((d) => !shownByWpt.coarseDifferences.has(d)) || Object.values(s.behaviour.engines).some((e) => e.difference === 'fails');
    });
    const candidates: Candidate[] = [];
    const inputs = new Set<string>();
    const keys = new Set<string>();
    let asks = 0;
    let covered = all.length - open.length;
    for (const s of open) {
      if (candidates.length >= maxCandidates) break;
      options.onStatus?.(`minimising a case of ${differing(s.behaviour).join(', ')} (${candidates.length} candidates so far)`);
      const m = await minimise({ input: s.input, base: s.base }, browsers, s.key, maxAsks);
      asks += m.asks;
      const id = `${m.best.input}\u0000${m.best.base ?? ''}`;
      if (inputs.has(id)) continue;
      inputs.add(id);
      const [expected] = gatherSync(reference, [m.best]);
      if (expected instanceof AdapterError) continue;
      // the minimised input, asked again: its whole behaviour is what is new, or not
      const answers = await Promise.all(browsers.map((b) => ask(b, [m.best])));
      const behaviour = behaviourOf(m.best.input, expected, names, answers.map((a) => a[0]));
      if (behaviour === null || behaviourKey(behaviour, false) !== s.key) continue;
      const key = behaviourKey(behaviour);
      const fresh = engineDifferences(behaviour).filter((d) => !shownByWpt.differences.has(d));
      if (fresh.length === 0 || shownByWpt.keys.has(key) || keys.has(key)) {
        covered++;
        continue;
      }
      keys.add(key);
      const step = behaviour.engines[fresh[0].split(' | ')[0]].step;
      const said: Record<string, Outcome> = {};
      browsers.forEach((b, k) => (said[b.name] = answers[k][0]));
      candidates.push({ input: m.best.input, base: m.best.base, behaviour, fresh, step, cases: s.cases, original: { input: s.input, base: s.base }, expected, browsers: said });
    }
    return { candidates, seen: all.length, covered, asks };
  } finally {
    await Promise.all(browsers.map(async (b) => b.close?.()));
  }
}

/**
 * The behaviours of the WPT inputs as `browsers` answer them: their keys, and every engine
 * difference they show; `coarseDifferences` those of the behaviours without the parts of a URL an
 * engine fails on.
 */
export async function wptBehaviours(browsers: readonly ParserAdapter[], wpt: readonly CompareCase[]): Promise<{ keys: Set<string>; differences: Set<string>; coarseDifferences: Set<string> }> {
  const normal = wpt.map((c) => ({ input: toScalarValueString(c.input), base: c.base === null ? null : toScalarValueString(c.base) }));
  const refs = gatherSync(reference, normal);
  const answers = await Promise.all(browsers.map((b) => ask(b, normal)));
  const names = browsers.map((b) => b.name);
  const keys = new Set<string>();
  const differences = new Set<string>();
  const coarseDifferences = new Set<string>();
  normal.forEach((c, i) => {
    const b = behaviourOf(c.input, refs[i], names, answers.map((a) => a[i]));
    if (b === null) return;
    keys.add(behaviourKey(b));
    for (const d of engineDifferences(b)) differences.add(d);
    for (const d of engineDifferences(coarse(b))) coarseDifferences.add(d);
  });
  return { keys, differences, coarseDifferences };
}

const GETTER_ORDER = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** An answer in a comment's words. */
function answerText(o: Outcome): string {
  if (o instanceof AdapterError) return 'could not answer';
  return o.ok ? JSON.stringify(o.href) : 'fails';
}

/** A behaviour in a comment's words: each engine's difference and step, the new ones marked. */
function behaviourText(c: Candidate): string {
  return Object.keys(c.behaviour.engines)
    .sort()
    .map((e) => {
      const b = c.behaviour.engines[e];
      if (b.difference === 'same') return `${e} as the standard`;
      const fresh = c.fresh.some((d) => d.startsWith(`${e} | `));
      return `${e} ${b.difference} (${b.step}; ${fresh ? 'no WPT input shows it' : 'a WPT input shows it'})`;
    })
    .join(', ');
}

/** The candidates as urltestdata.json: a comment for each, then its expectation (url-grammar's answer). */
export function candidatesJson(result: CandidateResult, note?: string): string {
  const items: unknown[] = [
    `Candidates for WPT's url/resources/urltestdata.json, written by url-grammar compare --wpt-candidates: inputs on which browser engines differ from the URL Standard in a way no urltestdata.json input shows, judged by behaviour (each engine's difference from the standard and its url.bs step, the kind of scheme; see @url-grammar/compare's README), each minimised while that behaviour holds; the expectation is url-grammar's answer. Of the ${result.seen} behaviour${result.seen === 1 ? '' : 's'} seen, ${result.covered} ${result.covered === 1 ? 'is' : 'are'} shown by WPT inputs already. Check each against the standard before proposing it.`,
  ];
  if (note) items.push(note);
  for (const c of result.candidates) {
    const browsers = Object.entries(c.browsers).map(([n, o]) => `${n} ${answerText(o)}`).join(', ');
    const engines = differing(c.behaviour);
    const who = engines.length >= 2 ? `differs from the standard in ${engines.length} engines` : `only ${engines[0]} differs from the standard: ${engines[0]}'s bug`;
    items.push(
      `${who}: ${behaviourText(c)}; the step: ${pinnedLink(c.step)}; the scheme: ${c.behaviour.scheme}; ${c.cases} case${c.cases === 1 ? '' : 's'} of the corpus${c.original.input !== c.input || c.original.base !== c.base ? `, minimised from ${JSON.stringify(c.original.input)}` : ''}. The standard: ${answerText(c.expected)}; ${browsers}.`,
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
