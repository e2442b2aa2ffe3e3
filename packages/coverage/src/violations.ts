// Writing-invalid URL strings derived by breaking one writing rule of a valid one: what whatwg-url
// issue 156 asks for, "writing-invalid URLs derived from systematically violating every rule in
// the writing URLs section".
//
// A valid URL string's match (the writing grammar, traced: compileTracedEntry) says which part of
// it each rule matched. One code point is edited (deleted, replaced, or inserted inside a part);
// the edited string breaks a rule when the part that rule matched, edited, is no longer matched
// by that rule (the compiled rule, run at the same place of the edited string), and it breaks
// nothing else when the writing checker reports exactly one problem. Of the rules whose parts
// broke, the innermost are the ones it violates: those with the smallest part (a part can belong
// to several rules at once: a URL unit's is also its code point's). An edit that breaks no rule's
// part and still makes the string invalid fails a check the writing checker makes on the match
// (a valid domain, a port that fits 16 bits): the rule it violates is the one the checker names.

import { checkURLString, parseURL, type WritingProblem } from 'url-grammar';
import { branchCatalogue, compileEntry, compileTracedEntry, WRITING_ENTRY_RULES, WRITING_GRAMMAR } from 'url-grammar/grammar';
import { baseKindOf } from './base-kind';
import type { Candidate } from './minimise';
import { WRITING_CHECKS, writingRuleOf } from './writing-rules';

/** A part of a valid URL string that a rule of the writing grammar matched. */
export interface RuleMatch {
  rule: string;
  start: number;
  end: number;
}

export interface Violation {
  /** The edited string (with the seed's base). */
  candidate: Candidate;
  /** The valid string it was made from. */
  seed: string;
  /** The writing rules (url.bs anchors) it violates. */
  rules: string[];
  /** The grammar rules whose parts broke (the innermost), with their parts in the seed; empty for a check. */
  parts: RuleMatch[];
}

/** The writing grammar's entry rule for a base URL string, as the writing checker picks it. */
export function writingEntryFor(base: string | null): string {
  return WRITING_ENTRY_RULES.validURLString[baseKindOf(base === null ? null : parseURL(base))];
}

/** Every rule match of the writing grammar's match of `input` (empty when it does not match). */
export function ruleMatches(input: string, base: string | null): RuleMatch[] {
  const { points } = branchCatalogue(WRITING_GRAMMAR);
  const { taken } = compileTracedEntry(WRITING_GRAMMAR, writingEntryFor(base))(input);
  const out: RuleMatch[] = [];
  for (let i = 0; i < taken.length; i += 4) {
    const p = points[taken[i]];
    if (p.kind === 'rule') out.push({ rule: p.rule, start: taken[i + 2], end: taken[i + 3] });
  }
  return out;
}

/** Whether the part [start, end) of `input` is still a match of `rule` (run at `start`, in the whole string). */
export function stillMatches(rule: string, input: string, start: number, end: number): boolean {
  const m = compileEntry(WRITING_GRAMMAR, rule)(input, start);
  return m !== null && m.end === end;
}

/** One edit of a string: at code-unit offset `at`, `remove` code units out, `insert` in. */
export interface Edit {
  at: number;
  remove: number;
  insert: string;
}

export const applyEdit = (s: string, e: Edit) => s.slice(0, e.at) + e.insert + s.slice(e.at + e.remove);

/** The writing checker's problems with an input (against a base URL string), or null when that base does not parse. */
export type ProblemsOf = (input: string, base: string | null) => readonly WritingProblem[] | null;

/** The writing checker's answers, kept for the strings asked about again (a seed, around each of its edits). */
const answers = new Map<string, readonly WritingProblem[] | null>();

const checkerProblems: ProblemsOf = (input, base) => {
  const key = `${base ?? ''}\u0000${base === null ? 'n' : 'b'}\u0000${input}`;
  const held = answers.get(key);
  if (held !== undefined) return held;
  let problems: readonly WritingProblem[] | null;
  try {
    problems = checkURLString(input, { baseURL: base }).problems;
  } catch {
    problems = null;
  }
  if (answers.size >= 20_000) answers.clear();
  answers.set(key, problems);
  return problems;
};

/**
 * What an edit of a valid string violates: the writing rules, and the innermost parts that broke;
 * null when the edited string is valid, or breaks more than one thing.
 */
export function violationOf(seed: Candidate, edit: Edit, matches: readonly RuleMatch[], problemsOf: ProblemsOf = checkerProblems): Violation | null {
  const input = applyEdit(seed.input, edit);
  const problems = problemsOf(input, seed.base);
  if (problems === null || problems.length !== 1) return null;
  const delta = edit.insert.length - edit.remove;
  const broken: RuleMatch[] = [];
  for (const m of matches) {
    // the edit is inside the part (an insertion strictly inside it; a removal of code units of it)
    const inside = edit.remove === 0 ? m.start < edit.at && edit.at < m.end : m.start <= edit.at && edit.at + edit.remove <= m.end;
    if (!inside) continue;
    if (!stillMatches(m.rule, input, m.start, m.end + delta)) broken.push(m);
  }
  const candidate = { input, base: seed.base };
  if (broken.length === 0) return { candidate, seed: seed.input, rules: [writingRuleOf(problems[0].rule)], parts: [] };
  const smallest = broken.reduce((s, m) => Math.min(s, m.end - m.start), Infinity);
  const parts = broken.filter((m) => m.end - m.start === smallest);
  return { candidate, seed: seed.input, rules: [...new Set(parts.map((m) => writingRuleOf(m.rule)))], parts };
}

/** The edits of `s` inside [start, end): each code point removed, replaced by each of `alphabet`, and each of `alphabet` inserted between two. */
export function* editsWithin(s: string, start: number, end: number, alphabet: readonly string[]): Generator<Edit> {
  for (let at = start; at < end; ) {
    const size = s.codePointAt(at)! > 0xffff ? 2 : 1;
    yield { at, remove: size, insert: '' };
    for (const c of alphabet) if (c !== s.slice(at, at + size)) yield { at, remove: size, insert: c };
    if (at > start) for (const c of alphabet) yield { at, remove: 0, insert: c };
    at += size;
  }
}

/** The code points single edits put in: delimiters, the characters of hosts and ports (a full-width digit among them), and what is not a URL unit. */
export const EDIT_ALPHABET = ['%', '@', ':', '[', ']', '\\', '/', '?', '#', ' ', '.', '0', '9', 'a', 'G', '-', '|', '^', '<', '\u00e9', '\uff14', '\ufdd0', '\u{1F4A9}'];

/**
 * The writing rules an input breaks. With one problem that the writing grammar finds (not one
 * of the checks on its match), and valid URL strings one edit away around the problem's offset
 * (a code point removed, replaced or put in there), it is what that edit breaks (violationOf):
 * the same measure the generated corpus is made by; of several such strings, the one whose edit
 * breaks the rule the writing checker names, and of those the smallest part, explains the problem
 * best. Otherwise, the rules the writing checker names, one per problem.
 */
export function writingViolationRules(input: string, base: string | null, problems: readonly WritingProblem[], problemsOf: ProblemsOf = checkerProblems): string[] {
  const named = problems.map((p) => writingRuleOf(p.rule));
  if (problems.length !== 1 || WRITING_CHECKS.some((c) => c.name === problems[0].rule)) return named;
  let best: Violation | null = null;
  let bestRank = [Infinity, Infinity];
  for (const repair of repairsOf(input, base, problems[0].offset, problemsOf)) {
    const v = violationOf({ input: repair.seed, base }, repair.edit, ruleMatches(repair.seed, base), problemsOf);
    if (v === null) continue;
    // an explanation that agrees with the rule the checker names first, then the smallest part
    const rank = [v.rules.includes(named[0]) ? 0 : 1, v.parts.length ? v.parts[0].end - v.parts[0].start : Infinity];
    if (best === null || rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
      best = v;
      bestRank = rank;
    }
  }
  return best ? best.rules : named;
}

/** What a repair puts in: the commonest URL code points of each component, and "%" (for a percent-encoded byte cut short). */
const REPAIR_ALPHABET = ['a', '0', '.', '/', ':', '%'];

/**
 * The valid strings one edit from `input` near `offset` (from the code point before it to two
 * after it: a percent-encoded byte's length), each with the edit that makes `input` from it. The
 * search is small: a coverage run makes it for every input with one problem.
 */
function* repairsOf(input: string, base: string | null, offset: number, problemsOf: ProblemsOf): Generator<{ seed: string; edit: Edit }> {
  const valid = (s: string) => problemsOf(s, base)?.length === 0;
  for (const at of [offset - 1, offset, offset + 1, offset + 2]) {
    if (at < 0 || at > input.length) continue;
    const size = at < input.length && input.codePointAt(at)! > 0xffff ? 2 : 1;
    const here = input.slice(at, at + size);
    // input = seed with `here` put in at `at`
    if (at < input.length) {
      const seed = input.slice(0, at) + input.slice(at + size);
      if (valid(seed)) yield { seed, edit: { at, remove: 0, insert: here } };
    }
    for (const c of REPAIR_ALPHABET) {
      // input = seed with its `c` at `at` replaced by `here`
      if (at < input.length && c !== here) {
        const seed = input.slice(0, at) + c + input.slice(at + size);
        if (valid(seed)) yield { seed, edit: { at, remove: c.length, insert: here } };
      }
      // input = seed with `c` at `at` removed
      const seed = input.slice(0, at) + c + input.slice(at);
      if (valid(seed)) yield { seed, edit: { at, remove: c.length, insert: '' } };
    }
  }
}
