// Coverage: which parts of the URL Standard, as url-grammar's rules say it, a set of inputs
// exercises, and how many inputs exercise each part, with the shortest of them.
//
// Every branch point of the three grammars (the URL grammar, the host grammar its semantic pass
// runs on hosts, the writing grammar), every validation error type, every state override of the
// setters and every writing rule. The branch points are counted by the core's tracing compiler
// (compileTracedEntry), which is the reference backend's compiler with tracing on: the same
// rules that parse say which way each match went, so there is no second description of the
// grammar here. What this file decides is only which entry rule runs on what, as the parser does:
//
//   - a URL input: preprocessed as the parser does (url-grammar/grammar's preprocessText), the
//     entry rule for its base URL (entryFor); the validation errors from parseWithDiagnostics; the
//     writing grammar's valid-URL-string entry rule for the kind of base URL on the input as it
//     is (the writing checker's), and the writing rules it breaks (src/violations.ts);
//   - a host the URL grammar found: the host grammar's rules where the host parser runs them
//     (src/semantic/host.ts): ipv6-address on what is between "[" and "]"; for a domain,
//     ipv4-last-label on the last label of its ASCII form (the ends-in-a-number checker) and, when
//     that matches, ipv4-address. The semantic pass runs these through the fast backend and
//     reports no trace, so the host parser's first decisions (brackets, opaque or not, the
//     domain parser's result) are taken here in its order, through the core's own functions;
//   - a setter: the standard's setter steps up to the basic URL parser (a setter that returns
//     before it exercises no state override), then the override's entry rule for the URL's kind.

import {
  checkURLString,
  cannotHaveUsernamePasswordPort,
  domainToASCII,
  isSpecialScheme,
  parseURL,
  parseWithDiagnostics,
  VALIDATION_ERRORS,
  specLink,
  type URLRecord,
  type ValidationErrorType,
  type WritingProblem,
} from 'url-grammar';
import {
  branchCatalogue,
  compileTracedEntry,
  entryFor,
  ENTRY_RULES,
  HOST_GRAMMAR,
  preprocessText,
  shapeToEBNF,
  STATE_OVERRIDES,
  URL_GRAMMAR,
  WRITING_ENTRY_RULES,
  WRITING_GRAMMAR,
  type BranchPoint,
  type Grammar,
  type Mark,
  type StateOverride,
} from 'url-grammar/grammar';
import { quoted } from 'url-grammar/cli';
import type { Case, Corpus, Setter } from './corpus';
import { baseKindOf } from './base-kind';
import { reachableRules } from './reach';
import { writingViolationRules } from './violations';
import { urlWritingRules } from './writing-rules';

/** How many inputs exercise something, and the shortest of them. */
export interface Exercise {
  count: number;
  /** The shortest input (as `describeCase` writes it), or null when nothing exercises it. */
  shortest: string | null;
}

/**
 * What a branch or a state override that nothing exercises is (gapOf): behaviour no test
 * exercises ("untested"), or an artefact, which no test can or need add: a choice's alternative
 * that repeats one of another rule that is exercised ("structure": the grammar writes the
 * absolute URLs once for each kind of base, where the base plays no part), a count of a repetition
 * (zero, one, many) when another count of it is exercised ("count"), or what no input can reach
 * by construction ("unreachable": a setter that returns before the basic URL parser for every URL
 * of that kind).
 */
export interface Gap {
  kind: 'untested' | 'structure' | 'count' | 'unreachable';
  /** Why, in words. */
  why: string;
}

export interface OutcomeCoverage extends Exercise {
  /** 'matched', 'alternative 2', 'taken', 'skipped', 'zero', 'one', 'many'. */
  outcome: string;
  /** For a choice's alternative: the alternative, as EBNF. */
  shape?: string;
  /** When nothing exercises it: what kind of gap it is. */
  gap?: Gap;
}

export interface BranchPointCoverage {
  rule: string;
  /** The place in the rule's shape (see url-grammar/grammar's branchCatalogue). */
  path: string;
  kind: BranchPoint['kind'];
  /** The rule's anchor in the URL Standard. */
  spec: string;
  /** The branch point's shape, as EBNF. */
  shape: string;
  outcomes: OutcomeCoverage[];
}

export interface GrammarCoverage {
  name: string;
  /** The entry rules the parser (or the writing checker) runs, whose reach is measured. */
  entries: string[];
  /** Branches (outcomes of the branch points of the rules the entries reach): how many, how many exercised. */
  branches: number;
  exercised: number;
  rules: number;
  rulesExercised: number;
  points: BranchPointCoverage[];
  /**
   * Rules of the grammar that are part of no match of these entries (not measured): rules for
   * other entry points (the writing grammar's host-string and port-string entries), and rules
   * used only inside a lookahead or a not.
   */
  unreached: string[];
}

export interface NamedCoverage extends Exercise {
  name: string;
  /** One line on what it is. */
  about: string;
  /** When nothing exercises it: what kind of gap it is (see Gap). */
  gap?: Gap;
}

export interface CoverageReport {
  /** Each corpus: its cases, its entries that are no case, and its cases too long to measure (corpus.ts MAX_CASE_LENGTH; absent when none). */
  corpora: Array<{ name: string; cases: number; skipped: number; tooLong?: number }>;
  /** Distinct cases measured. */
  inputs: number;
  grammars: GrammarCoverage[];
  /** Every validation error type: how many inputs raise it. */
  errors: NamedCoverage[];
  /** Every state override, per kind of URL ("host (special)"): how many setter calls run it. */
  overrides: NamedCoverage[];
  /** Every writing rule a URL string can break (by its url.bs anchor): how many inputs break it. */
  writingRules: NamedCoverage[];
}

/** A case in one line: the input (quoted as the core's `quoted` writes it: no code point in it invisible), with its base or its setter. */
export function describeCase(c: Case): string {
  if (c.kind === 'url') return c.base === null ? quoted(c.input) : `${quoted(c.input)} against ${quoted(c.base)}`;
  return `${c.setter} = ${quoted(c.value)} on ${quoted(c.href)}`;
}

/** What "shortest" compares: the input's length first (the value's, for a setter), then the whole description's. */
function sizeOf(c: Case): [number, number] {
  const d = describeCase(c);
  return [c.kind === 'url' ? c.input.length : c.value.length, d.length];
}

class Tally {
  count = 0;
  shortest: Case | null = null;
  add(c: Case): void {
    this.count++;
    if (this.shortest === null) {
      this.shortest = c;
      return;
    }
    const [a, b] = sizeOf(c);
    const [x, y] = sizeOf(this.shortest);
    if (a < x || (a === x && b < y)) this.shortest = c;
  }
  get exercise(): Exercise {
    return { count: this.count, shortest: this.shortest && describeCase(this.shortest) };
  }
}

/** The kind of URL a state override's entry rule is chosen by. */
function urlKindOf(url: URLRecord): 'special' | 'file' | 'other' {
  if (url.scheme === 'file') return 'file';
  return isSpecialScheme(url.scheme) ? 'special' : 'other';
}

/** https://url.spec.whatwg.org/#string-percent-decode, then UTF-8 decode without BOM (the host parser's steps 4 and 5). */
function percentDecodeToString(input: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(input)) return input;
  const bytes = Buffer.from(input, 'utf8');
  const out: number[] = [];
  const hex = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x25 && i + 2 < bytes.length && hex(bytes[i + 1]) && hex(bytes[i + 2])) {
      out.push(parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16));
      i += 2;
    } else out.push(bytes[i]);
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(out));
}

/** A Windows drive letter: an ASCII alpha and ":" or "|" (the file host state leaves one to the path). */
const WINDOWS_DRIVE_LETTER = /^[A-Za-z][:|]$/;

/** The setter steps before the basic URL parser: the state override and the value it is given, or null when the setter returns first. */
export function setterOverride(url: URLRecord, setter: Setter, value: string): { state: StateOverride; value: string } | null {
  const r = setterStep(url, setter, value);
  return 'stop' in r ? null : r;
}

/** The setter steps before the basic URL parser: the state override and its value, or why the setter returns first (the step that returns, in words). */
export function setterStep(url: URLRecord, setter: Setter, value: string): { state: StateOverride; value: string } | { stop: string } {
  switch (setter) {
    case 'protocol':
      return { state: 'scheme start', value: `${value}:` };
    case 'host':
    case 'hostname':
      return typeof url.path === 'string' ? { stop: 'a URL with an opaque path: the host setters return first' } : { state: setter, value };
    case 'port':
      if (cannotHaveUsernamePasswordPort(url)) return { stop: 'a URL that cannot have a username, password or port (a file URL, or one without a host): the port setter returns first' };
      return value === '' ? { stop: 'an empty value: the port setter sets no port and returns' } : { state: 'port', value };
    case 'pathname':
      return typeof url.path === 'string' ? { stop: 'a URL with an opaque path: the pathname setter returns first' } : { state: 'path start', value };
    case 'search':
      return value === '' ? { stop: 'an empty value: the search setter empties the query and returns' } : { state: 'query', value: value.startsWith('?') ? value.slice(1) : value };
    case 'hash':
      return value === '' ? { stop: 'an empty value: the hash setter empties the fragment and returns' } : { state: 'fragment', value: value.startsWith('#') ? value.slice(1) : value };
  }
}

/** The setter that runs each state override. */
const SETTER_OF: Record<StateOverride, Setter> = { 'scheme start': 'protocol', host: 'host', hostname: 'hostname', port: 'port', 'path start': 'pathname', query: 'search', fragment: 'hash' };

/** URLs of each kind in every shape the setters' first steps look at (a host or none, credentials and a port, an opaque path). */
const URL_SHAPES: Record<'special' | 'file' | 'other', string[]> = {
  special: ['http://u:p@h:1/p?q#f', 'http://h/'],
  file: ['file://h/p?q#f', 'file:///p', 'file:///C:/'],
  other: ['a://u:p@h:1/p?q#f', 'a:/p', 'a:b', 'a://'],
};

/**
 * Whether the state override `state` for URLs of `kind` is unreachable by construction: its setter
 * returns before the basic URL parser on a URL of every shape of that kind, with a value that is
 * not empty; then why (the step that returns), else null.
 */
export function unreachableOverride(state: StateOverride, kind: 'special' | 'file' | 'other'): string | null {
  const why = new Set<string>();
  for (const href of URL_SHAPES[kind]) {
    const url = parseURL(href);
    if (url === null) continue;
    const r = setterStep(url, SETTER_OF[state], 'x');
    if (!('stop' in r)) return null;
    why.add(r.stop);
  }
  return why.size === 0 ? null : [...why].join('; ');
}

/** The entry rules the parser runs: the URL grammar's for each kind of base URL, and each state override's. */
export function urlGrammarEntries(): string[] {
  const overrides = Object.values(STATE_OVERRIDES).flatMap((byKind) => Object.values(byKind));
  return [...new Set<string>([...Object.values(ENTRY_RULES), ...overrides])];
}

/** The host grammar's rules the host parser runs (src/semantic/host.ts). */
export const HOST_ENTRIES = ['ipv6-address', 'ipv4-address', 'ipv4-last-label'];

/** The writing grammar's rules the writing checker runs on a URL string, one per kind of base URL. */
export const WRITING_ENTRIES = Object.values(WRITING_ENTRY_RULES.validURLString) as string[];

/** The tallies of one grammar's branch points: one per outcome, indexed as the catalogue is. */
class GrammarTally {
  readonly points: readonly BranchPoint[];
  readonly tallies: Tally[][];
  constructor(
    readonly name: string,
    readonly grammar: Grammar,
    readonly entries: readonly string[],
  ) {
    this.points = branchCatalogue(grammar).points;
    this.tallies = this.points.map((p) => p.outcomes.map(() => new Tally()));
  }

  /** Notes a case's traces (compileTracedEntry's `taken`, four numbers a branch): each outcome once per case. */
  add(c: Case, traces: readonly number[][]): void {
    const done = new Set<string>();
    for (const taken of traces) {
      for (let i = 0; i < taken.length; i += 4) {
        const k = `${taken[i]}:${taken[i + 1]}`;
        if (done.has(k)) continue;
        done.add(k);
        this.tallies[taken[i]][taken[i + 1]].add(c);
      }
    }
  }

  report(): GrammarCoverage {
    const reach = reachableRules(this.grammar, this.entries);
    const points: BranchPointCoverage[] = [];
    let branches = 0;
    let exercised = 0;
    let rules = 0;
    let rulesExercised = 0;
    this.points.forEach((p, i) => {
      if (!reach.has(p.rule)) return;
      const outcomes: OutcomeCoverage[] = p.outcomes.map((outcome, k) => {
        const o: OutcomeCoverage = { outcome, ...this.tallies[i][k].exercise };
        if (p.shape.kind === 'choice') o.shape = shapeToEBNF(p.shape.items[k]);
        return o;
      });
      branches += outcomes.length;
      exercised += outcomes.filter((o) => o.count > 0).length;
      if (p.kind === 'rule') {
        rules++;
        if (outcomes[0].count > 0) rulesExercised++;
      }
      points.push({ rule: p.rule, path: p.path, kind: p.kind, spec: this.grammar[p.rule].spec, shape: shapeToEBNF(p.shape), outcomes });
    });
    classifyGaps(points);
    const unreached = Object.keys(this.grammar).filter((r) => !reach.has(r));
    return { name: this.name, entries: [...this.entries], branches, exercised, rules, rulesExercised, points, unreached };
  }
}

/** A branch point and one of its outcomes, as the report names them: "url @0 choice: alternative 2". */
const outcomeLabel = (p: BranchPointCoverage, o: OutcomeCoverage) => `${p.rule} @${p.path === '' ? 'top' : p.path} ${p.kind}: ${o.outcome}`;

/**
 * Says of every outcome nothing exercises what kind of gap it is (Gap): a choice's alternative
 * whose EBNF is that of an exercised alternative of another rule repeats it ("structure"); a
 * repetition's count when another count of the same repetition is exercised is a "count";
 * anything else is behaviour no test exercises.
 */
export function classifyGaps(points: BranchPointCoverage[]): void {
  // each exercised alternative's EBNF, and where it is exercised
  const exercisedAlternatives = new Map<string, Array<{ rule: string; label: string }>>();
  for (const p of points) {
    if (p.kind !== 'choice') continue;
    for (const o of p.outcomes) {
      if (o.count === 0 || o.shape === undefined) continue;
      const list = exercisedAlternatives.get(o.shape) ?? [];
      list.push({ rule: p.rule, label: `${outcomeLabel(p, o)} (${o.count.toLocaleString('en-US')} inputs)` });
      exercisedAlternatives.set(o.shape, list);
    }
  }
  for (const p of points) {
    for (const o of p.outcomes) {
      if (o.count > 0) continue;
      const same = p.kind === 'choice' && o.shape !== undefined ? exercisedAlternatives.get(o.shape)?.find((x) => x.rule !== p.rule)?.label : undefined;
      const other = p.outcomes.filter((x) => x.count > 0).map((x) => x.outcome);
      if (same !== undefined) {
        o.gap = { kind: 'structure', why: `the same alternative as ${same}: the grammar writes it again in ${p.rule}, where what comes before it plays no part` };
      } else if ((p.kind === 'zeroOrMore' || p.kind === 'oneOrMore') && other.length > 0) {
        o.gap = { kind: 'count', why: `a count of a repetition another count of which (${other.join(', ')}) is exercised` };
      } else {
        o.gap = { kind: 'untested', why: 'behaviour no input of the corpus exercises' };
      }
    }
  }
}

/** What one URL input exercises. */
export interface URLCaseTrace {
  url: number[];
  host: number[][];
  writing: number[];
  errors: ValidationErrorType[];
  /** The problems the writing checker finds. */
  problems: WritingProblem[];
}

/** The host grammar's traces for a host the URL grammar found (`text`), as the host parser would run its rules. */
export function traceHost(text: string, scheme: string | null): number[][] {
  const traces: number[][] = [];
  if (text.startsWith('[')) {
    if (text.length >= 2 && text.endsWith(']')) traces.push(compileTracedEntry(HOST_GRAMMAR, 'ipv6-address')(text.slice(1, -1)).taken);
    return traces;
  }
  // an opaque host is checked code point by code point, with no rule of the host grammar
  if (scheme === null || !isSpecialScheme(scheme)) return traces;
  if (text === '' || (scheme === 'file' && WINDOWS_DRIVE_LETTER.test(text))) return traces;
  const ascii = domainToASCII(percentDecodeToString(text));
  if (ascii === null) return traces;
  // the ends-in-a-number checker: the last label (one trailing "." aside)
  let last = ascii.length - 1;
  if (last > 0 && ascii[last] === '.') last--;
  const start = ascii.lastIndexOf('.', last) + 1;
  const lastLabel = compileTracedEntry(HOST_GRAMMAR, 'ipv4-last-label')(ascii, start);
  traces.push(lastLabel.taken);
  if (lastLabel.match) traces.push(compileTracedEntry(HOST_GRAMMAR, 'ipv4-address')(ascii).taken);
  return traces;
}

const marksOf = (marks: readonly Mark[], field: Mark['field']) => marks.filter((m) => m.field === field);

/** Everything one URL input (with its base, if any) exercises; null when the base URL does not parse. */
export function traceURLCase(input: string, base: string | null): URLCaseTrace | null {
  const baseRecord = base === null ? null : parseURL(base);
  if (base !== null && baseRecord === null) return null;
  const { rule, ctx } = entryFor(baseRecord);
  const text = preprocessText(input);
  const traced = compileTracedEntry(URL_GRAMMAR, rule, ctx)(text);
  const host: number[][] = [];
  if (traced.match) {
    const schemeMark = marksOf(traced.match.marks, 'scheme')[0];
    const scheme = schemeMark ? text.slice(schemeMark.start, schemeMark.end).toLowerCase() : (baseRecord?.scheme ?? null);
    for (const m of marksOf(traced.match.marks, 'host')) for (const t of traceHost(text.slice(m.start, m.end), scheme)) host.push(t);
  }
  const errors = [...new Set(parseWithDiagnostics(input, { baseURL: baseRecord }).errors.map((e) => e.type))];
  const kind = baseKindOf(baseRecord);
  const writing = compileTracedEntry(WRITING_GRAMMAR, WRITING_ENTRY_RULES.validURLString[kind])(input).taken;
  const problems = checkURLString(input, { baseURL: baseRecord }).problems;
  return { url: traced.taken, host, writing, errors, problems };
}

/** What one setter call exercises: its state override (null when the setter returns before the parser) and traces. */
export function traceSetterCase(href: string, setter: Setter, value: string): { override: string | null; url: number[]; host: number[][] } {
  const url = parseURL(href);
  const none = { override: null, url: [], host: [] };
  if (url === null) return none;
  const call = setterOverride(url, setter, value);
  if (call === null) return none;
  const kind = urlKindOf(url);
  // the basic URL parser's preprocessing with a URL given: tabs and newlines out, nothing trimmed
  const text = preprocessText(`a${call.value}a`).slice(1, -1);
  const traced = compileTracedEntry(URL_GRAMMAR, STATE_OVERRIDES[call.state][kind])(text);
  const host: number[][] = [];
  if (traced.match) for (const m of marksOf(traced.match.marks, 'host')) for (const t of traceHost(text.slice(m.start, m.end), url.scheme)) host.push(t);
  return { override: `${call.state} (${kind})`, url: traced.taken, host };
}

/** Every state override with every kind of URL, as the report names them. */
export function overrideNames(): Array<{ name: string; about: string }> {
  return Object.entries(STATE_OVERRIDES).flatMap(([state, byKind]) =>
    Object.entries(byKind).map(([kind, rule]) => ({ name: `${state} (${kind})`, about: `entry rule ${rule}` })),
  );
}

/** Counts what a corpus exercises. */
export class CoverageCounter {
  private readonly url = new GrammarTally('URL grammar', URL_GRAMMAR, urlGrammarEntries());
  private readonly host = new GrammarTally('host grammar', HOST_GRAMMAR, HOST_ENTRIES);
  private readonly writing = new GrammarTally('writing grammar', WRITING_GRAMMAR, WRITING_ENTRIES);
  private readonly errors = new Map<string, Tally>(Object.keys(VALIDATION_ERRORS).map((t) => [t, new Tally()]));
  private readonly overrides = new Map<string, Tally>(overrideNames().map((o) => [o.name, new Tally()]));
  private readonly writingRules = new Map<string, Tally>(urlWritingRules().map((r) => [r, new Tally()]));
  private readonly seen = new Set<string>();
  private readonly corpora: CoverageReport['corpora'] = [];

  /** Adds a corpus; a case already measured (from this corpus or another) is not counted twice. */
  addCorpus(corpus: Corpus): void {
    for (const c of corpus.cases) this.addCase(c);
    this.corpora.push({ name: corpus.name, cases: corpus.cases.length, skipped: corpus.skipped, ...(corpus.tooLong ? { tooLong: corpus.tooLong } : {}) });
  }

  addCase(c: Case): void {
    const key = JSON.stringify(c);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (c.kind === 'url') {
      const t = traceURLCase(c.input, c.base);
      if (t === null) return;
      this.url.add(c, [t.url]);
      this.host.add(c, t.host);
      this.writing.add(c, [t.writing]);
      for (const e of t.errors) this.errors.get(e)?.add(c);
      for (const r of new Set(writingViolationRules(c.input, c.base, t.problems))) this.writingRules.get(r)?.add(c);
      return;
    }
    const t = traceSetterCase(c.href, c.setter, c.value);
    if (t.override === null) return;
    this.overrides.get(t.override)?.add(c);
    this.url.add(c, [t.url]);
    this.host.add(c, t.host);
  }

  report(): CoverageReport {
    const named = (m: Map<string, Tally>, about: (name: string) => string): NamedCoverage[] =>
      [...m].map(([name, t]) => ({ name, about: about(name), ...t.exercise }));
    const overrideAbout = new Map(overrideNames().map((o) => [o.name, o.about]));
    const untested = (items: NamedCoverage[]) => items.map((i) => (i.count > 0 ? i : { ...i, gap: { kind: 'untested', why: 'behaviour no input of the corpus exercises' } as Gap }));
    const overrides = named(this.overrides, (o) => overrideAbout.get(o) ?? '').map((o) => {
      if (o.count > 0) return o;
      const m = /^(.*) \((special|file|other)\)$/.exec(o.name);
      const why = m ? unreachableOverride(m[1] as StateOverride, m[2] as 'special' | 'file' | 'other') : null;
      return { ...o, gap: why !== null ? ({ kind: 'unreachable', why: `no input reaches it: on ${why}` } as Gap) : ({ kind: 'untested', why: 'no setter call of the corpus runs it' } as Gap) };
    });
    return {
      corpora: [...this.corpora],
      inputs: this.seen.size,
      grammars: [this.url.report(), this.host.report(), this.writing.report()],
      errors: untested(named(this.errors, (t) => VALIDATION_ERRORS[t as ValidationErrorType].description)),
      overrides,
      writingRules: untested(named(this.writingRules, specLink)),
    };
  }
}

/** The coverage of some corpora. */
export function measure(corpora: readonly Corpus[]): CoverageReport {
  const counter = new CoverageCounter();
  for (const c of corpora) counter.addCorpus(c);
  return counter.report();
}
