// The generated conformance corpus (generated-urltestdata.json, in WPT's urltestdata.json
// format): what the WPT data does not test, found and minimised.
//
//   - every validation error type: an input that raises it, with no other error where one exists
//     (the fewest other errors where none does);
//   - every writing rule (src/writing-rules.ts): an input that breaks it and nothing else, made
//     from a valid URL string by one edit inside a part that rule matched (src/violations.ts);
//   - every branch of the three grammars that the WPT data (this package's default corpus)
//     leaves unexercised, and that a URL input can reach (the state overrides' rules need a
//     setter, which urltestdata.json cannot express).
//
// The inputs come from the WPT data itself, from the grammar (the generators of
// @url-grammar/compare/arbitraries, with fixed seeds: the URL grammar's, and the writing
// grammar's for valid URL strings), and, for the writing rules, from single edits of the shortest
// valid URL strings among those (an insertion, deletion or replacement of one code point from a
// small alphabet: what "systematically violating every rule" comes to when the rules are data).
// Each target keeps the best input found. Those for an error type or a branch are then minimised
// (src/minimise.ts: deleting any one code point more loses what the case is for, or adds an
// error); those for a writing rule stay one edit away from the shortest valid string that has a
// part to break (their comment names it). Everything is deterministic: the same package version
// writes the same file.
//
// The expected values are url-grammar's (its URL class). The package's test checks each case
// against whatwg-url: the URL, the validation errors (parseURLWithValidationErrors) and the
// verdict of isValidURLString.

import fc from 'fast-check';
import { URL as GrammarURL, VALIDATION_ERRORS } from 'url-grammar';
import { quoted } from 'url-grammar/cli';
import { branchCatalogue, HOST_GRAMMAR, URL_GRAMMAR, WRITING_ENTRY_RULES, WRITING_GRAMMAR } from 'url-grammar/grammar';
import { Analyzer, branchKey, GRAMMAR_NAMES, sizeOf, type Analysis } from './analysis';
import { defaultCorpus } from './corpus';
import { measure, type CoverageReport } from './measure';
import { lessThan, minimise, type Candidate } from './minimise';
import { pointLabel } from './report';
import { applyEdit, EDIT_ALPHABET, editsWithin, ruleMatches, violationOf, type RuleMatch, type Violation } from './violations';
import { urlWritingRules } from './writing-rules';

/** What a generated case is for. */
export type Purpose =
  | { kind: 'error'; type: string; alone: boolean }
  | { kind: 'writing'; rule: string; seed: string; parts: RuleMatch[] }
  | { kind: 'branch'; grammar: string; label: string; outcome: string };

export interface GeneratedCase extends Candidate {
  purposes: Purpose[];
}

export interface GeneratedCorpus {
  cases: GeneratedCase[];
  /** Targets for which no input was found. */
  missing: string[];
}

/** A generator's draw from @url-grammar/compare's arbitraries: fixed seeds, so the corpus is the same each time. */
interface Arbitraries {
  urlString: fc.Arbitrary<string>;
  ipv6Host: fc.Arbitrary<string>;
  urlWithBase: fc.Arbitrary<{ input: string; base: string }>;
  arbitraryFromRule(grammar: unknown, rule: string, options?: Record<string, unknown>): fc.Arbitrary<string>;
}

function arbitraries(): Arbitraries {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@url-grammar/compare/arbitraries') as Arbitraries;
}

/** The base URL each kind of base is written against, for the writing grammar's relative strings. */
const BASE_OF_KIND = { special: 'http://h/', file: 'file:///', other: 'a://h/', opaque: 'a:b' } as const;

/**
 * Calls `visit` with each of `count` values drawn from `arb` with `seed`, one at a time: the values
 * fc.sample gives, in its order (fast-check draws them as it would run a property over them),
 * none kept here, so that a draw of millions takes no more memory than one. An error `visit` throws
 * stops the draws and is thrown again.
 */
function drawEach<T>(arb: fc.Arbitrary<T>, count: number, seed: number, visit: (value: T) => void): void {
  let failure: { error: unknown } | null = null;
  fc.check(
    fc.property(arb, (value) => {
      if (failure !== null) return false;
      try {
        visit(value);
      } catch (error) {
        failure = { error };
        return false;
      }
      return true;
    }),
    // (a failure ends the run at once: no shrinking)
    { numRuns: count, seed, endOnFailure: true },
  );
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * Calls `visit` with each input drawn from the URL grammar and from the writing grammar (valid URL
 * strings, relative ones against each kind of base, IPv6 hosts), `count` of each kind, in the order
 * grammarCandidates lists them, one at a time (bounded memory for any count).
 */
export function forEachGrammarCandidate(count: number, seed: number, visit: (c: Candidate) => void): void {
  const arbs = arbitraries();
  const url = fc.oneof(
    arbs.urlString.map((input) => ({ input, base: null as string | null })),
    arbs.urlWithBase.map((c) => ({ input: c.input, base: c.base as string | null })),
  );
  drawEach(url, count, seed, visit);
  const writing = (rule: string, base: string | null) =>
    arbs.arbitraryFromRule(WRITING_GRAMMAR, rule, { maxRepeat: 3 }).map((input) => ({ input, base }));
  const valid = fc.oneof(
    writing(WRITING_ENTRY_RULES.validURLString.none, null),
    ...(['special', 'file', 'other', 'opaque'] as const).map((k) => writing(WRITING_ENTRY_RULES.relativeURLWithFragmentString[k].replace(/^entire-/, ''), BASE_OF_KIND[k])),
  );
  drawEach(valid, count, seed + 1, visit);
  // IPv6 addresses, valid by the writing rules or shaped as the host parser reads them: the many
  // ways to place "::" and an embedded IPv4 address are rare in whole URLs
  const ipv6 = fc.oneof(arbs.arbitraryFromRule(WRITING_GRAMMAR, 'bracketed-ipv6-address-string', { maxRepeat: 3 }), arbs.ipv6Host);
  drawEach(ipv6, count, seed + 2, (host) => visit({ input: `http://${host}/`, base: null }));
}

/** Inputs drawn from the URL grammar and from the writing grammar (valid URL strings, relative ones against each kind of base, IPv6 hosts): `count` of each kind, as an array (forEachGrammarCandidate streams them). */
export function grammarCandidates(count: number, seed: number): Candidate[] {
  const out: Candidate[] = [];
  forEachGrammarCandidate(count, seed, (c) => void out.push(c));
  return out;
}

/** The keys of the targets an analysis serves, and its score for each (smaller is better). */
function targetsOf(a: Analysis, wanted: ReadonlySet<string>): Array<[string, number[]]> {
  const size = sizeOf(a.input, a.base);
  const out: Array<[string, number[]]> = [];
  for (const e of a.errors) {
    // alone first, then the fewest other errors, then the smallest
    out.push([`error:${e}`, [a.errors.length - 1, size]]);
  }
  // a branch's case parses where one that parses reaches it: one that fails may fail before what
  // the branch decides matters (E://@@@ reaches "many @" in the grammar, then fails on its empty host)
  for (const b of a.branches) if (wanted.has(`branch:${b}`)) out.push([`branch:${b}`, [a.parses ? 0 : 1, size]]);
  return out;
}

/** The score of a candidate for one target (as targetsOf gives it), or null when it does not serve it. */
function scoreFor(target: string, a: Analysis | null): number[] | null {
  if (a === null) return null;
  for (const [key, score] of targetsOf(a, new Set([target]))) if (key === target) return score;
  return null;
}

/** The branch targets: every outcome the WPT data does not exercise, of a rule a URL input can reach. */
function branchTargets(wpt: CoverageReport): Map<string, Purpose> {
  const out = new Map<string, Purpose>();
  const grammars = [URL_GRAMMAR, HOST_GRAMMAR, WRITING_GRAMMAR];
  wpt.grammars.forEach((g, gi) => {
    const catalogue = branchCatalogue(grammars[gi]);
    for (const p of g.points) {
      // the state overrides' rules are reached through setters only
      if (gi === 0 && p.rule.startsWith('override-')) continue;
      const index = p.kind === 'rule' ? catalogue.ruleIndex(p.rule) : catalogue.indexOf(p.rule, p.path);
      p.outcomes.forEach((o, k) => {
        if (o.count === 0) out.set(`branch:${branchKey(gi, index, k)}`, { kind: 'branch', grammar: GRAMMAR_NAMES[gi], label: pointLabel(p), outcome: o.outcome });
      });
    }
  });
  return out;
}

/**
 * For each writing rule, the smallest violation found: single edits of some of the valid strings
 * `valid`, a few (`perRule`) for each rule of the writing grammar they have a part of.
 */
export function writingViolations(
  valid: readonly Candidate[],
  analyzer: Analyzer,
  perRule: number,
  wanted: ReadonlySet<string>,
  onEdit: (c: Candidate) => void = () => {},
): Map<string, Violation> {
  const distinct = new Map(valid.map((c) => [`${c.base}\u0000${c.input}`, c]));
  const seeds = [...distinct.values()].sort((a, b) => sizeOf(a.input, a.base) - sizeOf(b.input, b.base) || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0));
  // for each rule, the seeds where it has the shortest part that is not empty, then the shortest
  // seeds: an edit breaks the innermost parts around it, and a rule's part is innermost when it
  // is one code point long (a URL-query string of one URL unit)
  const matchesOf = new Map<Candidate, RuleMatch[]>();
  const byRule = new Map<string, Array<{ seed: Candidate; part: number; size: number }>>();
  for (const seed of seeds) {
    const matches = ruleMatches(seed.input, seed.base);
    matchesOf.set(seed, matches);
    const shortest = new Map<string, number>();
    for (const m of matches) if (m.end > m.start) shortest.set(m.rule, Math.min(shortest.get(m.rule) ?? Infinity, m.end - m.start));
    for (const [rule, part] of shortest) {
      const list = byRule.get(rule) ?? [];
      list.push({ seed, part, size: sizeOf(seed.input, seed.base) });
      byRule.set(rule, list);
    }
  }
  const chosen = new Set<Candidate>();
  for (const list of byRule.values()) {
    // (stable: seeds are in order already, so equal parts and sizes keep it)
    list.sort((a, b) => a.part - b.part || a.size - b.size);
    for (const { seed } of list.slice(0, perRule)) chosen.add(seed);
  }
  const best = new Map<string, { v: Violation; score: number[] }>();
  for (const seed of chosen) {
    const matches = matchesOf.get(seed)!;
    for (const edit of editsWithin(seed.input, 0, seed.input.length, EDIT_ALPHABET)) {
      onEdit({ input: applyEdit(seed.input, edit), base: seed.base });
      const v = violationOf(seed, edit, matches);
      if (v === null) continue;
      const a = analyzer.analyze(v.candidate.input, v.candidate.base)!;
      const score = [sizeOf(v.candidate.input, v.candidate.base), a.errors.length, v.candidate.input.length];
      for (const rule of v.rules) {
        if (!wanted.has(rule)) continue;
        // a violation that a coverage run also credits to the rule first (it finds the valid
        // string one edit away by itself: see writingViolationRules), then the smallest
        const held = best.get(rule);
        const smaller = !held || lessThan(score, held.score.slice(1)) || (!lessThan(held.score.slice(1), score) && v.candidate.input < held.v.candidate.input);
        if (held && held.score[0] === 0 && !smaller) continue; // (no need to ask: it cannot win)
        const ranked = [a.broken.includes(rule) ? 0 : 1, ...score];
        if (!held || lessThan(ranked, held.score) || (ranked[0] === held.score[0] && smaller)) best.set(rule, { v, score: ranked });
      }
    }
  }
  return new Map([...best].map(([rule, { v }]) => [rule, v]));
}

export interface GenerateOptions {
  /** How many inputs to draw from each grammar (default 4000). */
  draws?: number;
  /** The seed of the draws (default 1). */
  seed?: number;
  /** How many of the shortest valid URL strings with a part of each writing rule to edit (default 3). */
  editSeeds?: number;
}

/**
 * The generated corpus: for each target the best input found, minimised; inputs that serve
 * several targets are one case.
 */
export function generateCorpus(options: GenerateOptions = {}): GeneratedCorpus {
  const { draws = 4000, seed = 1, editSeeds = 3 } = options;
  const analyzer = new Analyzer();
  const corpora = defaultCorpus();
  const wpt = measure(corpora);
  const branches = branchTargets(wpt);
  const purposes = new Map<string, Purpose>();
  for (const type of Object.keys(VALIDATION_ERRORS)) purposes.set(`error:${type}`, { kind: 'error', type, alone: true });
  for (const [k, p] of branches) purposes.set(k, p);
  const wanted = new Set(purposes.keys());

  const best = new Map<string, { candidate: Candidate; score: number[] }>();
  const consider = (c: Candidate): Analysis | null => {
    const a = analyzer.analyze(c.input, c.base);
    if (a === null) return null;
    for (const [key, score] of targetsOf(a, wanted)) {
      if (!wanted.has(key)) continue;
      const held = best.get(key);
      if (!held || lessThan(score, held.score)) best.set(key, { candidate: c, score });
    }
    return a;
  };

  // the WPT inputs, then the grammars' draws
  const pool: Candidate[] = [];
  for (const corpus of corpora) for (const c of corpus.cases) if (c.kind === 'url') pool.push({ input: c.input, base: c.base });
  forEachGrammarCandidate(draws, seed, (c) => void pool.push(c));
  const valid: Candidate[] = [];
  for (const c of pool) {
    const a = consider(c);
    if (a && a.problems === 0) valid.push(c);
  }
  // (every edit is a candidate for the other targets too: an error alone is often one edit away from a valid string)
  const writing = writingViolations(valid, analyzer, editSeeds, new Set(urlWritingRules()), consider);

  // minimise each target's best input
  const found = new Map<string, { candidate: Candidate; score: number[] }>();
  for (const key of purposes.keys()) {
    const held = best.get(key);
    if (!held) continue;
    found.set(key, minimise(held.candidate, (c) => scoreFor(key, analyzer.analyze(c.input, c.base))));
  }

  // one case per input, with every purpose it serves among the targets it was kept for
  const cases = new Map<string, GeneratedCase>();
  const caseOf = (c: Candidate): GeneratedCase => {
    const id = JSON.stringify([c.input, c.base]);
    const held = cases.get(id) ?? { input: c.input, base: c.base, purposes: [] };
    cases.set(id, held);
    return held;
  };
  for (const [key, { candidate, score }] of found) {
    const purpose = purposes.get(key)!;
    caseOf(candidate).purposes.push(purpose.kind === 'error' ? { ...purpose, alone: score[0] === 0 } : purpose);
  }
  for (const [rule, v] of writing) caseOf(v.candidate).purposes.push({ kind: 'writing', rule, seed: v.seed, parts: v.parts });
  const missingWriting = urlWritingRules().filter((r) => !writing.has(r)).map((rule) => `writing rule ${rule}`);
  const missing = [...[...purposes.keys()].filter((k) => !found.has(k)).map((k) => describePurpose(purposes.get(k)!)), ...missingWriting];
  return { cases: [...cases.values()], missing };
}

/** A purpose in words, as the corpus file's comments write it (and the test reads it back). */
export function describePurpose(p: Purpose): string {
  switch (p.kind) {
    case 'error':
      return `validation error ${p.type}${p.alone ? ', alone' : ', with others'}`;
    case 'writing': {
      const parts = p.parts.length ? p.parts.map((m) => `${m.rule} [${m.start}, ${m.end})`).join(' and ') : 'a check on its match';
      return `writing rule ${p.rule}, alone: one edit of the valid ${quoted(p.seed)} breaks ${parts}`;
    }
    case 'branch':
      return `branch of the ${p.grammar}: ${p.label}: ${p.outcome}`;
  }
}

/** The URL's components as urltestdata.json gives them, by url-grammar; or failure. */
export function expectedEntry(input: string, base: string | null): Record<string, unknown> {
  let url: InstanceType<typeof GrammarURL>;
  try {
    url = base === null ? new GrammarURL(input) : new GrammarURL(input, base);
  } catch {
    return { input, base, failure: true };
  }
  return {
    input,
    base,
    href: url.href,
    // (as urltestdata.json does: a file URL's origin is left to the implementation, "an exercise
    // to the reader" in the URL Standard, so WPT gives none)
    ...(url.protocol === 'file:' ? {} : { origin: url.origin }),
    protocol: url.protocol,
    username: url.username,
    password: url.password,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
  };
}

/** The corpus as urltestdata.json is written: a comment naming each case's purposes, then the case. */
export function toURLTestData(corpus: GeneratedCorpus, header: string[]): Array<string | Record<string, unknown>> {
  const out: Array<string | Record<string, unknown>> = [...header];
  for (const c of corpus.cases) {
    const entry = expectedEntry(c.input, c.base);
    // a branch's case that fails says so: no input found that reaches the branch parses
    const fails = c.purposes.some((p) => p.kind === 'branch') && entry.failure === true ? '; the URL parser fails it, as every input found for the branch' : '';
    out.push(c.purposes.map(describePurpose).join('; ') + fails);
    out.push(entry);
  }
  return out;
}

/** The header comments of the file: what it is and how it is made. */
export const CORPUS_HEADER = [
  'Generated by @url-grammar/coverage (url-grammar coverage --write-corpus FILE): do not edit by hand.',
  'Each case is preceded by a comment that says what it is for: a validation error type it raises (alone when it raises no other), a writing rule it breaks and no other, or a branch of a grammar the WPT data leaves unexercised. Expected values are url-grammar\'s.',
];

/** The file's text: urltestdata.json's layout, one case per line, every string written as the core's `quoted` writes it (no code point in the file invisible: U+200C as \u200c). */
export function corpusFileText(corpus: GeneratedCorpus): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { jsonText } = require('@url-grammar/compare') as { jsonText: (v: unknown) => string };
  const entries = toURLTestData(corpus, CORPUS_HEADER);
  return `[\n${entries.map((e) => `  ${jsonText(e)}`).join(',\n')}\n]\n`;
}
