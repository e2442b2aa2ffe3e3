// The validity fuzzer: inputs drawn from the grammar (the generators of `url-grammar compare
// --generate`, @url-grammar/compare/arbitraries, on the URL grammar and on the writing grammar),
// and single edits of the valid URL strings among them (the URL grammar's draws are mostly far
// from valid, with the preprocessing noise they carry; the disagreements are near the valid
// ones), kept when the two notions of validity of the URL Standard disagree on them (whatwg/url
// issue 437):
//
//   - parser-valid (the URL parser returns a URL and reports no validation error) but not a valid
//     URL string by the writing rules: grouped by the writing rule the writing checker names;
//   - a valid URL string, but the parser reports a validation error (or fails): grouped by the
//     validation error types.
//
// Each kept input is minimised while it stays in its group (src/minimise.ts), and each group
// cites url.bs on both sides: the writing rule's definition and the parser state whose rule of
// the URL grammar read that part of the input (it said nothing); or the steps that report the
// validation error and the writing rule whose part of the match holds the error's place (it
// allowed it). An input the parser takes without error needs no preprocessing (a tab, a newline
// or a leading space is an invalid-URL-unit error), and a valid URL string has none of them, so
// the offsets of the two sides are offsets into the same string.

import { checkURLString, parseURL, parseWithDiagnostics } from 'url-grammar';
import { branchCatalogue, compileTracedEntry, entryFor, URL_GRAMMAR, WRITING_GRAMMAR, type Grammar } from 'url-grammar/grammar';
import { Analyzer, sizeOf, type Analysis } from './analysis';
import { forEachGrammarCandidate } from './generate';
import { describeCase } from './measure';
import { minimise, type Candidate } from './minimise';
import { specPassages, type Passage } from './spec-text';
import { applyEdit, EDIT_ALPHABET, editsWithin, ruleMatches, type RuleMatch } from './violations';

export type Direction = 'parser-valid, writing-invalid' | 'writing-valid, parser-invalid';

/** One side's word, from url.bs: what it says, and where. */
export interface Citation {
  /** What decides on this side: a writing rule (anchor), a validation error type, or a parser state (anchor). */
  what: string;
  passages: Passage[];
}

export interface FuzzGroup {
  direction: Direction;
  /** The writing rules, or the validation error types, that make the difference (joined by "+"). */
  key: string;
  /** How many of the inputs examined fell into this group (before minimising). */
  count: number;
  /** The smallest inputs of the group, minimised (at most `examples` of them), shortest first. */
  examples: string[];
  /** The parser's side and the writing rules' side, from url.bs. */
  parser: Citation;
  writing: Citation;
}

export interface FuzzReport {
  /** The --fuzz count: inputs drawn from each generator. */
  drawn: number;
  seed: number;
  /** Inputs examined: the draws and the edits of the valid ones. */
  examined: number;
  /** Inputs on which the two validities disagree. */
  disagreements: number;
  groups: FuzzGroup[];
}

/** Which way an analysis disagrees, and on what; null when the two validities agree. */
export function disagreement(a: Analysis): { direction: Direction; key: string } | null {
  const parserValid = a.parses && a.errors.length === 0;
  const writingValid = a.problems === 0;
  if (parserValid === writingValid) return null;
  if (parserValid) return { direction: 'parser-valid, writing-invalid', key: [...new Set(a.broken)].join('+') };
  return { direction: 'writing-valid, parser-invalid', key: a.errors.length ? [...a.errors].sort().join('+') : 'failure' };
}

/**
 * Calls `visit` with each input the fuzzer examines for `count` and `seed`, one at a time: the draws
 * of src/generate.ts (`count` from the URL grammar, `count` from the writing grammar, `count` IPv6
 * hosts), and right after each of the first `count / 50` valid URL strings among them, every single
 * edit of it. Nothing is kept but a count: any `count` streams in bounded memory. `visit` is given
 * the analysis of a draw when it was made here (the edits are analysed by the caller).
 */
export function forEachFuzzInput(count: number, seed: number, analyzer: Analyzer, visit: (c: Candidate, a?: Analysis | null) => void): void {
  const wanted = Math.ceil(count / 50);
  let valid = 0;
  forEachGrammarCandidate(count, seed, (c) => {
    if (valid >= wanted) {
      visit(c);
      return;
    }
    const a = analyzer.analyze(c.input, c.base);
    visit(c, a);
    if (a && a.problems === 0) {
      valid++;
      for (const e of editsWithin(c.input, 0, c.input.length, EDIT_ALPHABET)) visit({ input: applyEdit(c.input, e), base: c.base });
    }
  });
}

/** The inputs forEachFuzzInput visits, as an array (for a small `count`: the fuzzer itself streams them). */
export function fuzzInputs(count: number, seed: number, analyzer: Analyzer): Candidate[] {
  const out: Candidate[] = [];
  forEachFuzzInput(count, seed, analyzer, (c) => void out.push(c));
  return out;
}

/**
 * The `size` smallest candidates offered, smallest first, by their size and then by the order in
 * which they came (what a stable sort of all of them by size, cut to `size`, gives), keeping no more
 * than `size` at any time.
 */
export class Smallest {
  private readonly kept: Array<{ c: Candidate; size: number; order: number }> = [];
  private offered = 0;
  constructor(private readonly size: number) {}

  offer(c: Candidate): void {
    const entry = { c, size: sizeOf(c.input, c.base), order: this.offered++ };
    const k = this.kept;
    if (k.length >= this.size && entry.size >= k[k.length - 1].size) return;
    let at = k.length;
    while (at > 0 && k[at - 1].size > entry.size) at--;
    k.splice(at, 0, entry);
    if (k.length > this.size) k.pop();
  }

  get candidates(): Candidate[] {
    return this.kept.map((e) => e.c);
  }
}

/** The innermost of `matches` whose part holds `offset` (a part ending there counts, for a failure at the end). */
function innermostAt(matches: readonly RuleMatch[], offset: number): RuleMatch | null {
  let best: RuleMatch | null = null;
  for (const m of matches) {
    if (m.start <= offset && offset <= m.end && (best === null || m.end - m.start < best.end - best.start)) best = m;
  }
  return best;
}

/** The URL grammar's rule matches of `input` against `base` (the parser's entry rule, traced). */
function urlRuleMatches(input: string, base: string | null): RuleMatch[] {
  const { rule, ctx } = entryFor(base === null ? null : parseURL(base));
  const { points } = branchCatalogue(URL_GRAMMAR);
  const { taken } = compileTracedEntry(URL_GRAMMAR, rule, ctx)(input);
  const out: RuleMatch[] = [];
  for (let i = 0; i < taken.length; i += 4) {
    const p = points[taken[i]];
    if (p.kind === 'rule') out.push({ rule: p.rule, start: taken[i + 2], end: taken[i + 3] });
  }
  return out;
}

/** The passage of an anchor (a writing rule, a parser state), or a line saying it is not in url.bs. */
function anchorPassages(anchor: string): Passage[] {
  const p = specPassages().anchors[anchor];
  return p ? [p] : [];
}

function errorPassages(type: string): Passage[] {
  const e = specPassages().errors[type];
  if (!e) return [];
  return [...(e.definition ? [e.definition] : []), ...e.steps];
}

const specOf = (g: Grammar, rule: string) => g[rule]?.spec ?? rule;

/** Both sides' citations for one minimised input of a group. */
export function citations(c: Candidate, a: Analysis, direction: Direction): { parser: Citation; writing: Citation } {
  if (direction === 'parser-valid, writing-invalid') {
    const problem = checkURLString(c.input, { baseURL: c.base }).problems[0];
    const rules = [...new Set(a.broken)];
    const at = innermostAt(urlRuleMatches(c.input, c.base), problem.offset);
    const state = at ? specOf(URL_GRAMMAR, at.rule) : 'concept-basic-url-parser';
    return {
      writing: { what: `writing rule ${rules.join(', ')} (offset ${problem.offset}: ${problem.message})`, passages: rules.flatMap(anchorPassages) },
      parser: { what: `${state}, through the URL grammar's rule ${at?.rule ?? '(none)'}: no validation error`, passages: anchorPassages(state) },
    };
  }
  const errors = parseWithDiagnostics(c.input, { baseURL: c.base }).errors;
  const first = errors[0];
  const at = first ? innermostAt(ruleMatches(c.input, c.base), first.start) : null;
  const anchor = at ? specOf(WRITING_GRAMMAR, at.rule) : 'valid-url-string';
  return {
    parser: {
      what: errors.length ? errors.map((e) => `${e.type} at [${e.start}, ${e.end})`).join(', ') : 'failure',
      passages: [...new Set(a.errors)].flatMap(errorPassages),
    },
    writing: { what: `writing rule ${anchor}, through the writing grammar's rule ${at?.rule ?? '(none)'}: valid`, passages: anchorPassages(anchor) },
  };
}

export interface FuzzOptions {
  /** How many inputs to draw from each generator (default 2000). */
  count?: number;
  seed?: number;
  /** How many inputs of each group to minimise and show (default 3). */
  examples?: number;
  /** Called with the number of inputs examined so far, every 10,000. */
  onProgress?: (examined: number) => void;
}

/** Draws, keeps the disagreements, minimises and groups them. */
export function fuzz(options: FuzzOptions = {}): FuzzReport {
  const { count = 2000, seed = 1, examples = 3 } = options;
  // (its memo bounded to 10,000 analyses, some 50 MB: the draws are analysed once each, the
  // minimising asks again about the same few inputs)
  const analyzer = new Analyzer(true, 10_000);
  const groups = new Map<string, { direction: Direction; key: string; count: number; kept: Smallest }>();
  let disagreements = 0;
  let examined = 0;
  forEachFuzzInput(count, seed, analyzer, (c, analysed) => {
    examined++;
    if (options.onProgress && examined % 10_000 === 0) options.onProgress(examined);
    const a = analysed === undefined ? analyzer.analyze(c.input, c.base) : analysed;
    if (a === null) return;
    const d = disagreement(a);
    if (d === null) return;
    disagreements++;
    const id = `${d.direction}\u0000${d.key}`;
    const g = groups.get(id) ?? { ...d, count: 0, kept: new Smallest(examples * 2) };
    g.count++;
    // only the smallest few of the group are kept (they are what is minimised and shown)
    g.kept.offer(c);
    groups.set(id, g);
  });
  const out: FuzzGroup[] = [];
  for (const g of groups.values()) {
    // the smallest few of the group, each minimised while it stays in the group
    const smallest = g.kept.candidates;
    const stays = (c: Candidate) => {
      const a = analyzer.analyze(c.input, c.base);
      const d = a && disagreement(a);
      return d && d.direction === g.direction && d.key === g.key ? [sizeOf(c.input, c.base)] : null;
    };
    const minimised = new Map<string, Candidate>();
    for (const c of smallest) {
      const m = minimise(c, stays, 1500).candidate;
      minimised.set(JSON.stringify([m.input, m.base]), m);
    }
    const shown = [...minimised.values()].sort((x, y) => sizeOf(x.input, x.base) - sizeOf(y.input, y.base) || (x.input < y.input ? -1 : 1)).slice(0, examples);
    const cited = citations(shown[0], analyzer.analyze(shown[0].input, shown[0].base)!, g.direction);
    out.push({
      direction: g.direction,
      key: g.key,
      count: g.count,
      examples: shown.map((c) => describeCase({ kind: 'url', input: c.input, base: c.base })),
      ...cited,
    });
  }
  out.sort((x, y) => (x.direction < y.direction ? -1 : x.direction > y.direction ? 1 : y.count - x.count || (x.key < y.key ? -1 : 1)));
  return { drawn: count, seed, examined, disagreements, groups: out };
}

/** The fuzzer's report for a terminal; `show` makes a string printable on one line. */
export function fuzzText(r: FuzzReport, show: (s: string) => string = (s) => s): string {
  const out = [
    `url-grammar coverage --fuzz ${r.drawn} --seed ${r.seed}: ${r.examined.toLocaleString('en-US')} inputs drawn from the grammars or one edit from a valid one; ${r.disagreements.toLocaleString('en-US')} on which parser-validity and writing-validity disagree, in ${r.groups.length} groups`,
  ];
  const cite = (label: string, c: Citation) => {
    out.push(`  ${label}: ${show(c.what)}`);
    for (const p of c.passages) out.push(`    url.bs line ${p.line}: ${show(p.text)}`);
    if (c.passages.length === 0) out.push('    (no passage: not in url.bs at 6ae8486)');
  };
  for (const g of r.groups) {
    out.push('', `${g.direction}: ${g.key} (${g.count} inputs)`);
    for (const e of g.examples) out.push(`  ${show(e)}`);
    if (g.direction === 'parser-valid, writing-invalid') {
      cite('writing rules', g.writing);
      cite('URL parser', g.parser);
    } else {
      cite('URL parser', g.parser);
      cite('writing rules', g.writing);
    }
  }
  return out.join('\n') + '\n';
}
