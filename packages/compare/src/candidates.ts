// WPT candidates (--wpt-candidates FILE): inputs on which browser engines (the adapters named
// chromium, firefox and webkit) differ from the URL Standard (url-grammar) in a way that no input of
// WPT's urltestdata.json shows, one for each such engine behaviour, minimised, and written in
// urltestdata.json's own format with url-grammar's answer as the expectation.
//
// New is judged by behaviour, not by the literal input: "file://{h" is not new when "file://test"
// already shows Firefox dropping the host of a file URL. The behaviour of an input is what the
// engines do with it, in words free of its literal text, and where the standard decides it:
//
// - for each engine, its difference from the standard's answer (behaviourOf): "same" when its
//   answer is the standard's (every getter the same text: what a WPT test asserts); "fails" where
//   the standard parses; "parses" where the standard fails; or the first getter that differs, in the
//   URL's order, with how it differs: dropped, added, case, encodes more or less (the same once
//   percent-decoded), spelling (the same host in another spelling), keeps more or less (one holds
//   the other's characters in their order, and more), or other;
// - for each engine, the url.bs step that decides it: the getter's state (the host's by the kind of
//   host the standard finds: IPv4, IPv6, domain, opaque, a file URL's); for "parses", the step where
//   the standard returns failure (where the parser reported the error that makes it fail: its own
//   state and algorithm, the core's reportedBy); for "fails", the part of the
//   input the engine's failure needs (failSteps): the engine is asked again without the fragment,
//   then without the query, the path, the userinfo and the port, and the first of those it parses
//   names the step (fragment-state, query-state, path-state, authority-state, port-state), the
//   host's step when it still fails on the scheme and host alone;
// - the kind of scheme: special, file, non-special, or none (a relative input whose base the
//   standard cannot use); a relative input is of its base's kind.
//
// An engine behaviour is one engine's difference, step and kind of scheme (engineDifferences);
// the behaviour of an input is the set of them, one per engine (behaviourKey). A candidate is for
// the engine behaviours it shows that no WPT input shows and no candidate before it is for.
//
// While the corpus streams, a CandidateCollector keeps the shortest case of each behaviour in which
// an engine differs (for a failing engine, with the parts the standard's URL has and the standard's
// validation errors, so that failures of different parts are kept apart until they are asked
// where they fail), bounded by maxKeys. At the end, wptCandidates:
//
// 1. groups before minimising: each kept case's behaviour is found with the failing steps; a case
//    whose base an engine differs on by itself gives that base as a case of its own (without the
//    input when every engine that differs on the case differs on the base alone: the base's
//    failure is not the input's); a relative input is replaced by an absolute form of it (the base's
//    scheme and the input, or the base's text up to where the input takes over) when that has the
//    same behaviour; the cases with one behaviour are then one group;
// 2. asks the engines about the WPT inputs, and orders the groups: those with the fewest engine
//    behaviours no WPT input shows first (one engine's bug before a mix), then the biggest;
// 3. for each group with an engine behaviour that neither WPT nor a candidate so far shows,
//    minimises its case by delta debugging over the input and the base, while its behaviour holds:
//    without the base when the input does not need it, then without pieces (the fragment, the
//    query, a path segment, the userinfo, the port, then runs of characters of halving length),
//    then until no single deletion of a code point from the input or the base keeps it, then with
//    plainer characters (a character replaced with "a", the whole lowercased), and deleting again;
//    a group whose every engine behaviour is shown already is collapsed into the candidate that
//    shows it. The minimised input, asked again, must still show a behaviour of its own, must not
//    be a WPT input itself, and is written with the WPT inputs nearest to it and why it is new.

import { AdapterError, urlGrammarAdapter, gatherAsync, gatherSync, type ChildProcessAdapter, type CompareCase, type Outcome, type ParserAdapter, type Result } from './compare';
import { hostMeaning, percentDecoded } from './meaning';
import { pinnedLink } from './spec';
import { citation, provenanceLines, type Provenance } from './provenance';
import { jsonText } from './report';
import { isSpecialScheme, parseHost, parseWithDiagnostics, reportedBy, toScalarValueString } from 'url-grammar';
import { printable, quoted } from 'url-grammar/cli';

/** The names of the browser engines' adapters. */
export const BROWSER_ENGINES: readonly string[] = ['chromium', 'firefox', 'webkit'];

/** Behaviours a collector keeps at most (each with one case). */
export const MAX_CANDIDATE_KEYS = 2000;

type Ok = Extract<Result, { ok: true }>;

/** The getters a behaviour looks at, in the URL's order (the href last: serialization alone). */
const ORDER = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'href'] as const;

/** One engine's difference from the standard on one input. */
export interface EngineBehaviour {
  /** "same", "fails" (before its step is found: "fails (host, query)"), "parses", "could not answer", or "GETTER HOW" ("hostname dropped"). */
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

const reference = urlGrammarAdapter();

/** The standard's answer (url-grammar's, with its validation errors). */
const standard = (c: CompareCase): Outcome => gatherSync(reference, [c])[0];

/** The kind of a scheme: file, special or non-special. */
const kindOf = (scheme: string) => (scheme === 'file' ? 'file' : isSpecialScheme(scheme) ? 'special' : 'non-special');

/** The scheme an input starts with (what the basic URL parser would read as one), lowercased; null when it has none. */
function inputScheme(input: string): string | null {
  const m = /^[\u0000-\u0020]*([A-Za-z][A-Za-z0-9+.\-\t\n\r]*):/.exec(input);
  return m ? m[1].replace(/[\t\n\r]/g, '').toLowerCase() : null;
}

/**
 * The kind of scheme of the standard's answer; when the standard fails, of the input's scheme, or
 * of the base's for an input without one (a relative input is of its base's kind).
 */
function schemeGroup(ref: Result, input: string, base: string | null): string {
  if (ref.ok && ref.protocol) return kindOf(ref.protocol.slice(0, -1).toLowerCase());
  const own = inputScheme(input);
  if (own !== null) return kindOf(own);
  if (base !== null) {
    const b = standard({ input: base, base: null });
    if (!(b instanceof AdapterError) && b.ok && b.protocol) return kindOf(b.protocol.slice(0, -1).toLowerCase());
  }
  return 'no scheme';
}

/**
 * Where the standard returns failure for an input (with its base): the url.bs anchor of the state
 * or algorithm that reported the error that makes the parse fail, from the error's own `state` and
 * `step` (the core's reportedBy); the basic URL parser when the input parses or the base does not.
 */
export function failStep(input: string, base: string | null = null): string {
  const errors = parseWithDiagnostics(input, base === null ? {} : { baseURL: base }).errors;
  for (let i = errors.length - 1; i >= 0; i--) if (errors[i].failure) return reportedBy(errors[i]).anchor;
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
      if (h === '') return 'host-state';
      // the kind of host the standard made: its hostname parsed again (a serialized host parses
      // to itself), the core's host parser telling an IPv6 or IPv4 address from a domain
      const host = parseHost(h, scheme === 'non-special');
      if (Array.isArray(host)) return 'concept-ipv6-parser';
      if (scheme === 'non-special') return 'concept-opaque-host-parser';
      return typeof host === 'number' ? 'concept-ipv4-parser' : 'concept-domain-to-ascii';
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
  // one holds the other's characters in order, and some more: it keeps more, or less
  if (within(x, y)) return 'keeps more';
  if (within(y, x)) return 'keeps less';
  return 'other';
}

/** Whether `a`'s characters are in `b` in their order (a subsequence of it). */
function within(a: string, b: string): boolean {
  let j = 0;
  for (let i = 0; i < b.length && j < a.length; i++) if (b[i] === a[j]) j++;
  return j === a.length;
}

/** One engine's difference from the standard's answer `ref` (see the top of this file); a failure with the parts of the standard's URL, before failSteps finds its step. */
export function engineBehaviour(ref: Result, o: Outcome, scheme: string, failedAt = 'concept-basic-url-parser'): EngineBehaviour {
  if (o instanceof AdapterError) return { difference: 'could not answer', step: '' };
  if (ref.ok && !o.ok) return { difference: `fails (${partsOf(ref)})`, step: 'concept-basic-url-parser' };
  if (!ref.ok && o.ok) return { difference: 'parses', step: failedAt };
  if (!ref.ok || !o.ok) return { difference: 'same', step: '' };
  for (const g of ORDER) {
    const x = ref[g];
    const y = o[g];
    if (x === null || y === null || x === y) continue;
    return { difference: `${g} ${how(g, x, y)}`, step: getterStep(g, ref, scheme) };
  }
  return { difference: 'same', step: '' };
}

/** The behaviour of one input (with its base): the kind of scheme and each engine's difference (`engines[i]` answered `answers[i]`). */
export function behaviourOf(input: string, ref: Outcome, engines: readonly string[], answers: readonly Outcome[], base: string | null = null): Behaviour | null {
  if (ref instanceof AdapterError) return null;
  const scheme = schemeGroup(ref, input, base);
  const out: Record<string, EngineBehaviour> = {};
  // where the standard fails, when it does and an engine parses (failStep)
  const failedAt = !ref.ok && answers.some((a) => !(a instanceof AdapterError) && a.ok) ? failStep(input, base) : undefined;
  engines.forEach((e, i) => (out[e] = engineBehaviour(ref, answers[i], scheme, failedAt)));
  return { scheme, engines: out };
}

/** The behaviour without the parts of a URL an engine fails on. */
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

/**
 * Each engine behaviour of an input: an engine's difference that is not "same", as a key of its own
 * (the engine, the step, the difference: what the engine gets wrong, where and how, whatever the
 * kind of scheme of the input that shows it).
 */
export function engineDifferences(b: Behaviour): string[] {
  return Object.keys(b.engines)
    .sort()
    .filter((e) => b.engines[e].difference !== 'same' && b.engines[e].difference !== 'could not answer')
    .map((e) => `${e} | ${b.engines[e].step} | ${b.engines[e].difference}`);
}

/** The engines that differ from the standard. */
const differing = (b: Behaviour) => Object.keys(b.engines).filter((e) => b.engines[e].difference !== 'same' && b.engines[e].difference !== 'could not answer');

/**
 * The inputs that tell where an engine's failure on `input` lies (see the top of this file), in the
 * order they are tried, each with the step it names when the engine parses it: without the
 * fragment, without the query, the scheme and authority alone, those without the userinfo, without
 * the port (not for a `file` URL, whose authority is a host). Read off the text as the basic URL
 * parser would cut it (`special`: "\" is "/" too).
 */
export function failProbes(input: string, special: boolean, file = false): Array<{ input: string; step: string }> {
  const out: Array<{ input: string; step: string }> = [];
  const hash = input.indexOf('#');
  const end0 = hash === -1 ? input.length : hash;
  if (hash !== -1) out.push({ input: input.slice(0, hash), step: 'fragment-state' });
  const q = input.slice(0, end0).indexOf('?');
  const end1 = q === -1 ? end0 : q;
  if (q !== -1) out.push({ input: input.slice(0, q), step: 'query-state' });
  const slashes = (special ? /^[\u0000-\u0020]*(?:[A-Za-z][A-Za-z0-9+.\-]*:)?[\t\n\r]*[/\\][\t\n\r]*[/\\]/ : /^[\u0000-\u0020]*(?:[A-Za-z][A-Za-z0-9+.\-]*:)?\/\//).exec(input);
  if (slashes === null) return out;
  const from = slashes[0].length;
  let to = from;
  while (to < end1 && input[to] !== '/' && !(special && input[to] === '\\')) to++;
  if (to < end1) out.push({ input: input.slice(0, to), step: 'path-state' });
  // a file URL's authority is its host alone (no userinfo, no port: "c:" is a drive letter there)
  if (file) return out;
  const authority = input.slice(from, to);
  const at = authority.lastIndexOf('@');
  if (at !== -1) out.push({ input: input.slice(0, from) + authority.slice(at + 1), step: 'authority-state' });
  const hostPort = authority.slice(at + 1);
  const colon = hostPort.lastIndexOf(':');
  if (colon !== -1 && !hostPort.slice(colon).includes(']')) out.push({ input: input.slice(0, from) + authority.slice(0, at + 1) + hostPort.slice(0, colon), step: 'port-state' });
  return out;
}

/** Text for a cache key: a case. */
const id = (c: CompareCase) => `${c.base === null ? '\u0000' : `${c.base}\u0000`}\u0000${c.input}`;

function isChild(a: ParserAdapter): a is ChildProcessAdapter {
  return typeof (a as Partial<ChildProcessAdapter>).parseBatch === 'function';
}

/** The most answers an Asker keeps for each engine before it forgets them all (its memory is bounded). */
const MAX_CACHED = 100_000;

/**
 * Asks the browser engines, in batches, remembering each engine's answers (within MAX_CACHED), so
 * that an input asked again while minimising or grouping is not sent twice. `asked` counts the
 * inputs sent, each to one engine.
 */
export class Asker {
  readonly names: string[];
  private readonly caches: Array<Map<string, Outcome>>;
  private readonly refs = new Map<string, Outcome>();
  asked = 0;
  constructor(readonly browsers: readonly ParserAdapter[]) {
    this.names = browsers.map((b) => b.name);
    this.caches = browsers.map(() => new Map());
  }

  /** The standard's answer. */
  standard(c: CompareCase): Outcome {
    const k = id(c);
    let r = this.refs.get(k);
    if (r === undefined) {
      if (this.refs.size >= MAX_CACHED) this.refs.clear();
      r = standard(c);
      this.refs.set(k, r);
    }
    return r;
  }

  /** Each engine's answers (`[engine][case]`), those of `which` engines only (the others' left empty). */
  async answers(cases: readonly CompareCase[], which: readonly number[] = this.browsers.map((_, i) => i)): Promise<Outcome[][]> {
    const out: Outcome[][] = this.browsers.map(() => []);
    await Promise.all(
      which.map(async (k) => {
        const cache = this.caches[k];
        const here = new Map<string, Outcome>();
        const missing = new Map<string, CompareCase>();
        for (const c of cases) {
          const held = cache.get(id(c));
          if (held !== undefined) here.set(id(c), held);
          else missing.set(id(c), c);
        }
        if (missing.size > 0) {
          const asked = [...missing.values()];
          const b = this.browsers[k];
          const got = isChild(b) ? await b.parseBatch(asked) : await gatherAsync(b, asked);
          this.asked += asked.length;
          if (cache.size + asked.length > MAX_CACHED) cache.clear();
          asked.forEach((c, i) => {
            cache.set(id(c), got[i]);
            here.set(id(c), got[i]);
          });
        }
        out[k] = cases.map((c) => here.get(id(c))!);
      }),
    );
    return out;
  }

  /**
   * The behaviour of each case, each failing engine's step found by failSteps; null where the
   * standard could not answer. The cases must be scalar value strings (as normal() makes them).
   */
  async behaviours(cases: readonly CompareCase[]): Promise<Array<Behaviour | null>> {
    const refs = cases.map((c) => this.standard(c));
    const answers = await this.answers(cases);
    const out = cases.map((c, i) => behaviourOf(c.input, refs[i], this.names, answers.map((a) => a[i]), c.base));
    // where an engine fails and the standard parses: ask that engine again without each part
    const probes: Array<Array<{ at: number; list: Array<{ input: string; step: string }> }>> = this.names.map(() => []);
    out.forEach((b, i) => {
      if (b === null) return;
      const ref = refs[i] as Result;
      if (!ref.ok) return;
      const special = b.scheme === 'special' || b.scheme === 'file';
      this.names.forEach((e, k) => {
        if (!b.engines[e].difference.startsWith('fails (')) return;
        const list = failProbes(cases[i].input, special, b.scheme === 'file').filter((p) => {
          const r = this.standard({ input: p.input, base: cases[i].base });
          return !(r instanceof AdapterError) && r.ok;
        });
        probes[k].push({ at: i, list });
      });
    });
    const asked = await Promise.all(
      probes.map(async (list, k) => {
        const flat = list.flatMap((p) => p.list.map((x) => ({ input: x.input, base: cases[p.at].base })));
        return flat.length === 0 ? [] : (await this.answers(flat, [k]))[k];
      }),
    );
    probes.forEach((list, k) => {
      let n = 0;
      for (const p of list) {
        const b = out[p.at]!;
        const ref = refs[p.at] as Ok;
        let step: string | null = null;
        for (const x of p.list) {
          const o = asked[k][n++];
          if (step === null && !(o instanceof AdapterError) && o.ok) step = x.step;
        }
        // it fails on the scheme and authority alone: its host; or, with no authority, its path
        const hasHost = (ref.hostname ?? '') !== '' || /^[\u0000-\u0020]*(?:[A-Za-z][A-Za-z0-9+.\-]*:)?[/\\]{2}/.test(cases[p.at].input);
        step ??= hasHost ? getterStep('hostname', ref, b.scheme) : getterStep('pathname', ref, b.scheme);
        b.engines[this.names[k]] = { difference: 'fails', step };
      }
    });
    return out;
  }
}

/** A case as the engines are asked it: scalar value strings (a lone surrogate as U+FFFD, as every parser gets it). */
const normal = (c: CompareCase): CompareCase => ({ input: toScalarValueString(c.input), base: c.base === null ? null : toScalarValueString(c.base) });

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
    const ref = outcomes[0];
    const b = behaviourOf(c.input, ref, engines, answers, c.base);
    if (b === null || differing(b).length === 0 || Object.values(b.engines).some((e) => e.difference === 'could not answer')) return;
    // where an engine fails, the standard's validation errors keep failures of different kinds
    // apart until they are asked where they fail (a failure's parts alone do not)
    const fails = Object.values(b.engines).some((e) => e.difference.startsWith('fails ('));
    const errors = fails && !(ref instanceof AdapterError) ? ` | ${[...new Set(ref.errors ?? [])].sort().join(' ')}` : '';
    const key = behaviourKey(b) + errors;
    const s = this.seen.get(key);
    if (s) {
      s.cases++;
      if (c.input.length + (c.base?.length ?? 0) < s.input.length + (s.base?.length ?? 0)) Object.assign(s, { input: c.input, base: c.base });
    } else if (this.seen.size < this.maxKeys) {
      this.seen.set(key, { key, behaviour: b, input: c.input, base: c.base, cases: 1, order: this.order++ });
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
  /** At most this many inputs asked (of one engine each) while minimising one candidate. Default 6000. */
  maxAsks?: number;
  /** Told what is going on, a line at a time. */
  onStatus?: (message: string) => void;
}

/** A WPT input near a candidate: its case, its behaviour, how far its text is (edits), and whether it is near in what it shows or in text. */
export interface NearInput {
  input: string;
  base: string | null;
  behaviour: Behaviour;
  distance: number;
  near: 'behaviour' | 'text';
}

export interface Candidate {
  input: string;
  base: string | null;
  /** Its behaviour (the same on the input it was minimised from). */
  behaviour: Behaviour;
  /** Its engine behaviours (engineDifferences' keys) that no WPT input shows. */
  fresh: string[];
  /** Of those, the ones it is the candidate for: none before it shows them. */
  for: string[];
  /** The url.bs step of its first engine behaviour it is for. */
  step: string;
  /** Cases of the corpus with this behaviour, and with the behaviours collapsed into it. */
  cases: number;
  /** Behaviours of the corpus collapsed into it: the same engine behaviours it is for, nothing new besides. */
  collapsed: number;
  /** The input as the corpus had it, before grouping and minimising. */
  original: { input: string; base: string | null };
  /** url-grammar's answer: the expectation. */
  expected: Result;
  /** Every browser's answer on the minimised input. */
  browsers: Record<string, Outcome>;
  /** The WPT inputs nearest to it in text, of the same kind of scheme where there are some. */
  nearest: NearInput[];
  /** For each engine behaviour it is for, why it is new, in words. */
  why: string[];
}

export interface CandidateResult {
  candidates: Candidate[];
  /** Behaviours the browsers showed in the corpus (after grouping). */
  seen: number;
  /** Of those, the ones whose every engine behaviour some WPT input shows. */
  covered: number;
  /** Behaviours collapsed into a candidate (each engine behaviour shown by one already). */
  collapsed?: number;
  /** Behaviours not written because minimising them did not end within the bound of inputs asked. */
  unminimised?: number;
  /** Inputs asked while grouping and minimising (each of one engine). */
  asks: number;
}

async function ask(adapter: ParserAdapter, cases: readonly CompareCase[]): Promise<Outcome[]> {
  if (cases.length === 0) return [];
  return isChild(adapter) ? adapter.parseBatch(cases) : gatherAsync(adapter, cases);
}

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

/** Every string one code point shorter than `s` (a surrogate pair is one code point), each once. */
export function singleDeletions(s: string): string[] {
  const points = Array.from(s);
  const out = new Set<string>();
  for (let i = 0; i < points.length; i++) out.add(points.slice(0, i).join('') + points.slice(i + 1).join(''));
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

/** The size of a case: the code points of its input and base. */
const size = (c: CompareCase) => Array.from(c.input).length + (c.base === null ? 0 : Array.from(c.base).length);

/** How simple a case is, to compare: its size first, then its characters other than lowercase letters and digits, then the text. */
function simpler(a: CompareCase, b: CompareCase): number {
  const odd = (c: CompareCase) => (c.input + (c.base ?? '')).replace(/[a-z0-9]/g, '').length;
  return size(a) - size(b) || odd(a) - odd(b) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
}

/** The variants of `c` with each single deletion of a code point from its input or its base: what a 1-minimal case keeps no behaviour on. */
export function deletionsOf(c: CompareCase): CompareCase[] {
  return [...singleDeletions(c.input).map((input) => ({ input, base: c.base })), ...(c.base === null ? [] : singleDeletions(c.base).map((base) => ({ input: c.input, base })))];
}

/**
 * The simplest case found that still shows behaviour `key` (see the top of this file), and whether
 * it is 1-minimal: no single deletion of a code point from its input or base keeps the behaviour.
 * Gives up (minimal false) when more than `maxAsks` inputs have been asked for it.
 */
async function minimise(c: CompareCase, asker: Asker, key: string, maxAsks: number): Promise<{ best: CompareCase; minimal: boolean }> {
  const start = asker.asked;
  let best = normal(c);
  const room = () => maxAsks - (asker.asked - start);
  /** Takes the simplest of `variants` that holds and is simpler than the best so far; whether there was one. */
  const tryAll = async (variants: CompareCase[]): Promise<boolean> => {
    const fresh = [...new Map(variants.map((v) => [id(v), v])).values()].filter((v) => simpler(v, best) < 0);
    if (fresh.length === 0) return false;
    const bs = await asker.behaviours(fresh);
    let found: CompareCase | null = null;
    fresh.forEach((v, i) => {
      const b = bs[i];
      if (b !== null && behaviourKey(b) === key && simpler(v, found ?? best) < 0) found = v;
    });
    if (found === null) return false;
    best = found;
    return true;
  };
  // an input may not need its base
  if (best.base !== null) await tryAll([{ input: best.input, base: null }]);
  // pieces, then runs of characters of halving length, of the input and of the base
  let chunk = Math.max(1, Math.floor(Math.max(best.input.length, best.base?.length ?? 0) / 2));
  while (room() > 0 && chunk > 1) {
    const current = best;
    const variants = [...reductions(current.input, chunk).map((input) => ({ input, base: current.base })), ...(current.base === null ? [] : reductions(current.base, chunk).map((base) => ({ input: current.input, base })))];
    if (await tryAll(variants.map(normal))) {
      chunk = Math.min(chunk, Math.max(1, Math.floor(Math.max(best.input.length, best.base?.length ?? 0) / 2)));
      continue;
    }
    chunk = Math.floor(chunk / 2);
  }
  // then one code point at a time, until no deletion keeps the behaviour; then plainer characters,
  // and deleting again after any
  for (;;) {
    if (room() <= 0) return { best, minimal: false };
    if (await tryAll(deletionsOf(best))) continue;
    if (room() <= 0) return { best, minimal: false };
    const current = best;
    const plainer = [...simplifications(current.input).map((input) => ({ input, base: current.base })), ...(current.base === null ? [] : simplifications(current.base).map((base) => ({ input: current.input, base })))];
    if (await tryAll(plainer)) continue;
    return { best, minimal: true };
  }
}

/**
 * Absolute forms of a relative input, as text (not resolved by the standard, which would rewrite
 * what an engine trips on): the base's scheme and the input for "//h"; the base's text up to where
 * the input takes over for "/p", "?q", "#f" and a relative path.
 */
export function absoluteForms(c: CompareCase): string[] {
  if (c.base === null) return [];
  const b = standard({ input: c.base, base: null });
  if (b instanceof AdapterError || !b.ok) return [];
  const base = b.href;
  const scheme = base.slice(0, base.indexOf(':') + 1);
  const special = kindOf(scheme.slice(0, -1)) !== 'non-special';
  const t = c.input.replace(/^[\u0000-\u0020]+/, '');
  const out: string[] = [];
  if (inputScheme(c.input) !== null) return [c.input];
  const cut = (at: number) => base.slice(0, at === -1 ? base.length : at);
  const slash = special ? /^[/\\]/ : /^\//;
  if (slash.test(t) && slash.test(t.slice(1))) out.push(scheme + c.input);
  else if (slash.test(t)) {
    const m = /^[A-Za-z][A-Za-z0-9+.\-]*:\/\/[^/?#]*/.exec(base);
    if (m) out.push(m[0] + c.input);
  } else if (t.startsWith('#')) out.push(cut(base.indexOf('#')) + c.input);
  else if (t.startsWith('?')) out.push(cut(base.search(/[?#]/)) + c.input);
  else {
    const path = cut(base.search(/[?#]/));
    out.push(path.slice(0, path.lastIndexOf('/') + 1) + c.input);
  }
  return out.filter((x) => x !== c.input);
}

interface Group {
  key: string;
  behaviour: Behaviour;
  /** The case minimised for it (scalar value strings). */
  input: string;
  base: string | null;
  /** The corpus's case it came from. */
  original: CompareCase;
  cases: number;
  order: number;
}

/**
 * Groups before minimising (step 1 at the top of this file): the behaviours of the collector's
 * cases with their failing steps, a base an engine differs on by itself apart from the input, a
 * relative input as an absolute one where that is the same behaviour, and the cases of one
 * behaviour as one group.
 */
async function groups(seen: readonly Seen[], asker: Asker): Promise<Group[]> {
  const reps = seen.map((s) => ({ seen: s, c: normal({ input: s.input, base: s.base }) }));
  const bs = await asker.behaviours(reps.map((r) => r.c));
  const found: Group[] = [];
  reps.forEach((r, i) => {
    const b = bs[i];
    if (b !== null && differing(b).length > 0) found.push({ key: behaviourKey(b), behaviour: b, input: r.c.input, base: r.c.base, original: { input: r.seen.input, base: r.seen.base }, cases: r.seen.cases, order: r.seen.order });
  });
  // a base an engine differs on by itself
  const withBase = found.filter((g) => g.base !== null);
  const baseAlone = await asker.behaviours(withBase.map((g) => ({ input: g.base!, base: null })));
  const dropped = new Set<Group>();
  withBase.forEach((g, i) => {
    const b = baseAlone[i];
    if (b === null || differing(b).length === 0) return;
    found.push({ key: behaviourKey(b), behaviour: b, input: g.base!, base: null, original: g.original, cases: g.cases, order: g.order });
    const own = differing(g.behaviour);
    if (own.every((e) => b.engines[e].difference !== 'same' && b.engines[e].difference !== 'could not answer')) dropped.add(g);
  });
  // a relative input as an absolute one
  const relative = found.filter((g) => g.base !== null && !dropped.has(g));
  const forms = relative.flatMap((g) => absoluteForms(g).map((input) => ({ g, c: normal({ input, base: null }) })));
  const formBs = await asker.behaviours(forms.map((f) => f.c));
  const replaced = new Set<Group>();
  forms.forEach((f, i) => {
    const b = formBs[i];
    if (replaced.has(f.g) || b === null || behaviourKey(b) !== f.g.key) return;
    f.g.input = f.c.input;
    f.g.base = null;
    replaced.add(f.g);
  });
  // one group per behaviour: the cases added up, the simplest case kept
  const byKey = new Map<string, Group>();
  for (const g of found) {
    if (dropped.has(g)) continue;
    const held = byKey.get(g.key);
    if (!held) byKey.set(g.key, { ...g });
    else {
      held.cases += g.cases;
      held.order = Math.min(held.order, g.order);
      if (simpler(g, held) < 0) Object.assign(held, { input: g.input, base: g.base, original: g.original });
    }
  }
  return [...byKey.values()];
}

/** The behaviours of the WPT inputs as the engines answer them (with their failing steps): each input's, their keys, and every engine behaviour they show. */
export interface WptBehaviours {
  cases: Array<{ input: string; base: string | null; behaviour: Behaviour }>;
  keys: Set<string>;
  differences: Set<string>;
  /** The inputs as written, for what is literally a WPT input. */
  literal: Set<string>;
}

/** Asks `browsers` about the WPT inputs `wpt` (through `asker`, when one is given: its answers are kept for later). */
export async function wptBehaviours(browsers: readonly ParserAdapter[], wpt: readonly CompareCase[], asker: Asker = new Asker(browsers)): Promise<WptBehaviours> {
  const normalCases = wpt.map(normal);
  const bs = await asker.behaviours(normalCases);
  const out: WptBehaviours = { cases: [], keys: new Set(), differences: new Set(), literal: new Set(normalCases.map(id)) };
  normalCases.forEach((c, i) => {
    const b = bs[i];
    if (b === null) return;
    out.cases.push({ input: c.input, base: c.base, behaviour: b });
    out.keys.add(behaviourKey(b));
    for (const d of engineDifferences(b)) out.differences.add(d);
  });
  return out;
}

/** The edit distance between two strings (code units), or more than `bound` once it is sure to be. */
function distance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      least = Math.min(least, row[j]);
    }
    if (least > bound) return bound + 1;
    prev = row;
  }
  return prev[b.length];
}

/** `items` ordered by how near their case is to `c` in text (input and base: edits, then length), the nearest first. */
function nearest<T>(c: CompareCase, items: readonly T[], caseOf: (x: T) => CompareCase): T[] {
  const text = (x: CompareCase) => `${x.input} ${x.base ?? ''}`;
  const own = text(c);
  const bound = Math.max(own.length, 64);
  return items
    .map((x) => ({ x, d: distance(own, text(caseOf(x)), bound), n: text(caseOf(x)).length }))
    .sort((a, b) => a.d - b.d || a.n - b.n)
    .map((y) => y.x);
}

/**
 * The WPT inputs nearest to a candidate: in what they show (an engine the candidate is for,
 * differing at its step), then in text among those of its kind of scheme; at most two of each.
 */
function nearestWpt(c: CompareCase, b: Behaviour, forKeys: readonly string[], wpt: WptBehaviours): NearInput[] {
  const out: NearInput[] = [];
  const add = (w: WptBehaviours['cases'][number], why: 'behaviour' | 'text') => {
    if (out.some((o) => o.input === w.input && o.base === w.base)) return;
    out.push({ input: w.input, base: w.base, behaviour: w.behaviour, distance: distance(`${c.input} ${c.base ?? ''}`, `${w.input} ${w.base ?? ''}`, Infinity), near: why });
  };
  const shows = forKeys.flatMap((d) => wptAtStep(c, parts(d).engine, parts(d).step, wpt).map((y) => y.w));
  for (const w of nearest(c, shows, (x) => x).slice(0, 2)) add(w, 'behaviour');
  const sameKind = wpt.cases.filter((w) => w.behaviour.scheme === b.scheme);
  for (const w of nearest(c, sameKind.length > 0 ? sameKind : wpt.cases, (x) => x).slice(0, 2)) add(w, 'text');
  return out;
}

/** An engine behaviour's parts, from its key. */
function parts(d: string): { engine: string; step: string; difference: string } {
  const [engine, step, difference] = d.split(' | ');
  return { engine, step, difference };
}

/** The WPT inputs on which an engine differs at a step (in any way), nearest in text to `c` first. */
function wptAtStep(c: CompareCase, engine: string, step: string, wpt: WptBehaviours): Array<{ w: WptBehaviours['cases'][number]; difference: string }> {
  const found = wpt.cases.flatMap((w) => (w.behaviour.engines[engine]?.step === step && w.behaviour.engines[engine].difference !== 'same' ? [{ w, difference: w.behaviour.engines[engine].difference }] : []));
  return nearest(c, found, (x) => x.w);
}

/** Why an engine behaviour is new, in words: what WPT shows of that engine at that step, if anything, with the WPT input nearest in text that shows it. */
function whyNew(c: CompareCase, d: string, wpt: WptBehaviours): string {
  const x = parts(d);
  const head = `no WPT input has ${x.engine} ${x.difference} at ${x.step}`;
  const sameStep = wptAtStep(c, x.engine, x.step, wpt);
  if (sameStep.length === 0) return `${head}, nor any other difference of ${x.engine} there`;
  const ways = [...new Set(sameStep.map((y) => y.difference))];
  return `${head}: there WPT shows ${x.engine} only as ${ways.join(', ')} (nearest: ${caseText(sameStep[0].w)}, ${sameStep[0].difference})`;
}

/** A case in a comment's words: the input, quoted, and its base. */
function caseText(c: { input: string; base: string | null }): string {
  return `${quoted(c.input)}${c.base !== null ? ` against ${quoted(c.base)}` : ''}`;
}

/**
 * The candidates: for each engine behaviour the browsers showed and no WPT input shows, one
 * candidate, minimised, with url-grammar's answer and every browser's (see the top of this file).
 * `browsers` are the browser adapters of the run (they are asked again, and closed at the end);
 * `wpt` the inputs of urltestdata.json.
 */
export async function wptCandidates(collector: CandidateCollector, browsers: readonly ParserAdapter[], wpt: readonly CompareCase[], options: CandidateOptions = {}): Promise<CandidateResult> {
  const maxCandidates = options.maxCandidates ?? 50;
  const maxAsks = options.maxAsks ?? 6000;
  const names = browsers.map((b) => b.name);
  const asker = new Asker(browsers);
  try {
    options.onStatus?.(`asking ${names.join(', ')} about the ${wpt.length} WPT inputs`);
    const shown = await wptBehaviours(browsers, wpt, asker);
    // only the browsers asked again can confirm a behaviour
    const seen = collector.causes().filter((s) => Object.keys(s.behaviour.engines).every((e) => names.includes(e)));
    options.onStatus?.(`grouping the ${seen.length} behaviours seen (where each failure lies, bases apart, relative inputs made absolute)`);
    const all = await groups(seen, asker);
    const freshOf = (b: Behaviour) => engineDifferences(b).filter((d) => !shown.differences.has(d));
    // one engine's bug before a mix, then the biggest
    const ordered = all
      .map((g) => ({ g, fresh: freshOf(g.behaviour) }))
      .sort((x, y) => (x.fresh.length === 0 ? 1 : 0) - (y.fresh.length === 0 ? 1 : 0) || x.fresh.length - y.fresh.length || y.g.cases - x.g.cases || x.g.order - y.g.order);
    const candidates: Candidate[] = [];
    /** Each engine behaviour a candidate is for, with that candidate. */
    const owner = new Map<string, Candidate>();
    let covered = 0;
    let collapsed = 0;
    let unminimised = 0;
    for (const { g, fresh } of ordered) {
      if (fresh.length === 0) {
        covered++;
        continue;
      }
      const open = fresh.filter((d) => !owner.has(d));
      if (open.length === 0) {
        const into = owner.get(fresh[0])!;
        into.cases += g.cases;
        into.collapsed++;
        collapsed++;
        continue;
      }
      if (candidates.length >= maxCandidates) break;
      options.onStatus?.(`minimising a case of ${open.map((d) => parts(d).engine).join(', ')} (${candidates.length} candidates so far)`);
      const m = await minimise({ input: g.input, base: g.base }, asker, g.key, maxAsks);
      if (!m.minimal) {
        unminimised++;
        continue;
      }
      const best = m.best;
      if (shown.literal.has(id(best))) {
        covered++;
        continue;
      }
      // asked again, afresh: its behaviour is what is new, or not
      const expected = standard(best);
      if (expected instanceof AdapterError) continue;
      const answers = await Promise.all(browsers.map((b) => ask(b, [best])));
      const behaviour = (await asker.behaviours([best]))[0];
      if (behaviour === null || behaviourKey(behaviour) !== g.key) continue;
      const own = freshOf(behaviour);
      const mine = own.filter((d) => !owner.has(d));
      if (mine.length === 0) continue;
      const said: Record<string, Outcome> = {};
      browsers.forEach((b, k) => (said[b.name] = answers[k][0]));
      const c: Candidate = {
        input: best.input,
        base: best.base,
        behaviour,
        fresh: own,
        for: mine,
        step: parts(mine[0]).step,
        cases: g.cases,
        collapsed: 0,
        original: g.original,
        expected,
        browsers: said,
        nearest: nearestWpt(best, behaviour, mine, shown),
        why: mine.map((d) => whyNew(best, d, shown)),
      };
      for (const d of mine) owner.set(d, c);
      candidates.push(c);
    }
    return { candidates, seen: all.length, covered, collapsed, unminimised, asks: asker.asked };
  } finally {
    await Promise.all(browsers.map(async (b) => b.close?.()));
  }
}

const GETTER_ORDER = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** An answer in a comment's words. */
function answerText(o: Outcome): string {
  if (o instanceof AdapterError) return 'could not answer';
  return o.ok ? quoted(o.href) : 'fails';
}

/** An engine behaviour in a comment's words: "firefox hostname dropped (file-host-state)". */
function differenceText(e: string, b: EngineBehaviour): string {
  return b.difference === 'same' ? `${e} as the standard` : `${e} ${b.difference} (${b.step})`;
}

/** A behaviour in a few words: each engine's difference. */
function behaviourWords(b: Behaviour): string {
  return Object.keys(b.engines)
    .sort()
    .map((e) => differenceText(e, b.engines[e]))
    .join(', ');
}

/** The code points of `s` that the core's `printable` writes out, as "U+00A0". */
export function invisibleIn(s: string): string[] {
  const out = new Set<string>();
  for (const ch of s) if (printable(ch) !== ch && ch !== '\\') out.add(`U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  return [...out];
}

/** A candidate's comment: what it is for and why that is new, its other differences, the step, the corpus, the answers, and the WPT inputs nearest to it. */
export function candidateComment(c: Candidate, index: number, all: readonly Candidate[]): string {
  const engines = differing(c.behaviour);
  const who = engines.length >= 2 ? `differs from the standard in ${engines.length} engines` : `only ${engines[0]} differs from the standard: ${engines[0]}'s bug`;
  const forText = c.for.map((d) => differenceText(parts(d).engine, c.behaviour.engines[parts(d).engine])).join(', ');
  const others = Object.keys(c.behaviour.engines)
    .sort()
    .filter((e) => !c.for.some((d) => parts(d).engine === e))
    .map((e) => {
      const b = c.behaviour.engines[e];
      if (b.difference === 'same' || b.difference === 'could not answer') return differenceText(e, b);
      const key = engineDifferences({ scheme: c.behaviour.scheme, engines: { [e]: b } })[0];
      const earlier = all.findIndex((x) => x.for.includes(key));
      return `${differenceText(e, b)}: ${c.fresh.includes(key) ? `candidate ${earlier + 1} is for it` : 'a WPT input shows it'}`;
    });
  const invisible = invisibleIn(`${c.input}${c.base ?? ''}`);
  const minimised = c.original.input !== c.input || c.original.base !== c.base ? `, minimised from ${caseText(c.original)}` : '';
  const browsers = Object.entries(c.browsers).map(([n, o]) => `${n} ${answerText(o)}`).join(', ');
  const nearText = (how: NearInput['near']) =>
    c.nearest
      .filter((w) => w.near === how)
      .map((w) => `${caseText(w)} (${behaviourWords(w.behaviour)})`)
      .join('; ');
  const near = [nearText('behaviour') && `in what they show, ${nearText('behaviour')}`, nearText('text') && `in text, ${nearText('text')}`].filter(Boolean).join('; ');
  return (
    `${index + 1}. ${who}: it is for ${forText}${others.length > 0 ? `; besides, ${others.join(', ')}` : ''}. The step: ${pinnedLink(c.step)}; the scheme: ${c.behaviour.scheme}. ` +
    `${c.cases} case${c.cases === 1 ? '' : 's'} of the corpus${c.collapsed > 0 ? ` (with ${c.collapsed} behaviour${c.collapsed === 1 ? '' : 's'} collapsed into it: the same engine behaviours, nothing new besides)` : ''}${minimised}; no single deletion from it keeps its behaviour.` +
    `${invisible.length > 0 ? ` It holds ${invisible.join(', ')} (written out as escapes here and in the case below).` : ''} The standard: ${answerText(c.expected)}; ${browsers}. ` +
    `Why new: ${c.why.join('; ')}. The WPT inputs nearest to it: ${near || 'none'}.`
  );
}

/** The candidates as urltestdata.json: a header, the provenance, then a comment for each and its expectation (url-grammar's answer). Every string written by the core's `quoted`: no code point in the file is invisible. */
export function candidatesJson(result: CandidateResult, options: { note?: string; provenance?: Provenance } = {}): string {
  const items: unknown[] = [
    `Candidates for WPT's url/resources/urltestdata.json, written by url-grammar compare --wpt-candidates: for each engine behaviour (what an engine gets wrong against the URL Standard, where and how: its difference and its url.bs step; see @url-grammar/compare's README) that browser engines showed and no urltestdata.json input shows, one input, minimised until no single deletion keeps its behaviour; the expectation is url-grammar's answer. Of the ${result.seen} behaviour${result.seen === 1 ? '' : 's'} seen, ${result.covered} ${result.covered === 1 ? 'is' : 'are'} shown by WPT inputs already${result.collapsed ? `, ${result.collapsed} collapsed into a candidate` : ''}${result.unminimised ? `, ${result.unminimised} left out (not minimised within the bound of inputs asked)` : ''}. Check each against the standard before proposing it.`,
  ];
  if (options.note) items.push(options.note);
  if (options.provenance) {
    items.push(`Provenance: ${provenanceLines(options.provenance).map(([k, v]) => `${k}: ${printable(v)}`).join('; ')}.`);
    items.push(`To cite: ${printable(citation(options.provenance).text)}`);
  }
  result.candidates.forEach((c, i) => {
    items.push(candidateComment(c, i, result.candidates));
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
  });
  return `[\n${items.map((x) => `  ${jsonText(x)}`).join(',\n')}\n]\n`;
}

/** What verifyCandidates found: how many candidates, what is wrong with them (empty when nothing), and how many inputs it asked. */
export interface CandidateCheck {
  candidates: number;
  problems: string[];
  /** Single deletions asked about, over every candidate. */
  deletions: number;
  asked: number;
}

/**
 * Checks a --wpt-candidates file by asking `browsers` afresh (a new Asker: nothing remembered from
 * the run that wrote it): no code point in the file is invisible (every one is as the core's
 * `printable` leaves it, line ends aside); each case has a comment, url-grammar's answer as its
 * expectation, is no WPT input itself, differs from the standard in an engine in a way no WPT input
 * shows, and is 1-minimal (no single deletion of a code point from its input or base keeps its
 * behaviour); and no candidate is for an engine behaviour a candidate before it shows (each shows
 * one of its own). `wpt` the inputs of urltestdata.json. The browsers are not closed.
 */
export async function verifyCandidates(text: string, browsers: readonly ParserAdapter[], wpt: readonly CompareCase[]): Promise<CandidateCheck> {
  const problems: string[] = [];
  for (const ch of text) if (ch !== '\n' && printable(ch) !== ch) problems.push(`the file holds a raw U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  const data = JSON.parse(text) as unknown[];
  const cases: Array<{ c: CompareCase; entry: Record<string, unknown>; comment: unknown }> = [];
  data.forEach((x, i) => {
    if (typeof x === 'object' && x !== null) cases.push({ c: { input: (x as { input: string }).input, base: (x as { base: string | null }).base }, entry: x as Record<string, unknown>, comment: data[i - 1] });
  });
  const asker = new Asker(browsers);
  const shown = await wptBehaviours(browsers, wpt, asker);
  const bs = await asker.behaviours(cases.map((x) => normal(x.c)));
  const before = new Set<string>();
  let deletions = 0;
  for (const [i, { c, entry, comment }] of cases.entries()) {
    const at = `candidate ${i + 1} (${caseText(c)})`;
    if (typeof comment !== 'string') problems.push(`${at}: no comment before it`);
    const expected = standard(c);
    if (expected instanceof AdapterError) {
      problems.push(`${at}: url-grammar could not answer it`);
      continue;
    }
    if (!expected.ok ? entry.failure !== true : entry.href !== expected.href || entry.pathname !== expected.pathname || entry.hostname !== expected.hostname) problems.push(`${at}: its expectation is not url-grammar's answer`);
    if (shown.literal.has(id(normal(c)))) problems.push(`${at}: it is a WPT input`);
    const b = bs[i];
    if (b === null || differing(b).length === 0) {
      problems.push(`${at}: no engine differs from the standard on it`);
      continue;
    }
    const fresh = engineDifferences(b).filter((d) => !shown.differences.has(d));
    if (fresh.length === 0) problems.push(`${at}: every engine behaviour it shows, a WPT input shows (${engineDifferences(b).join('; ')})`);
    else if (fresh.every((d) => before.has(d))) problems.push(`${at}: every new engine behaviour it shows, a candidate before it shows (${fresh.join('; ')})`);
    for (const d of fresh) before.add(d);
    const variants = deletionsOf(normal(c));
    deletions += variants.length;
    const vb = await asker.behaviours(variants);
    const key = behaviourKey(b);
    variants.forEach((v, k) => {
      if (vb[k] !== null && behaviourKey(vb[k]!) === key) problems.push(`${at}: one deletion keeps its behaviour: ${caseText(v)}`);
    });
  }
  return { candidates: cases.length, problems, deletions, asked: asker.asked };
}
