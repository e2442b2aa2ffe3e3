// One input (with its base URL, if any) as the generator and the fuzzer see it: does it parse,
// which validation errors it raises, which writing rules it breaks, and which branches of the
// three grammars it goes through (src/measure.ts's traceURLCase). Kept per input, since the
// minimisers ask about the same strings again and again.

import { parseURL } from 'url-grammar';
import { traceURLCase } from './measure';
import { writingViolationRules } from './violations';

export interface Analysis {
  input: string;
  base: string | null;
  /** The URL parser returns a URL. */
  parses: boolean;
  /** The validation error types it raises (each once, in the order first raised). */
  errors: string[];
  /** How many problems the writing checker reports (0: a valid URL string). */
  problems: number;
  /** The writing rules (url.bs anchors) it breaks (src/violations.ts's writingViolationRules, asked for when first read). */
  readonly broken: string[];
  /** The branches it goes through: "grammar index:branch point index:outcome index". */
  branches: Set<string>;
}

/** The grammars in the order measure reports them (the index in a branch key). */
export const GRAMMAR_NAMES = ['URL grammar', 'host grammar', 'writing grammar'] as const;

export const branchKey = (grammar: number, point: number, outcome: number) => `${grammar}:${point}:${outcome}`;

/** Whether a string holds a lone surrogate (WPT keeps those in urltestdata-javascript-only.json). */
export const hasLoneSurrogate = (s: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** The size a minimiser makes smaller: the input's length and the base's. */
export const sizeOf = (input: string, base: string | null) => input.length + (base?.length ?? 0);

/** Analyses inputs, remembering the last few thousand. */
export class Analyzer {
  private readonly memo = new Map<string, Analysis | null>();
  /**
   * `loneSurrogates`: whether an input with a lone surrogate is analysed (the fuzzer's are: the
   * URL API makes it U+FFFD first, the writing rules take it as it is); the generated corpus
   * leaves them out, as urltestdata.json does.
   */
  constructor(
    private readonly loneSurrogates = false,
    private readonly limit = 50_000,
  ) {}

  /** The analysis of `input` against `base`, or null when the base does not parse or the input holds a lone surrogate (unless asked for). */
  analyze(input: string, base: string | null): Analysis | null {
    const key = `${base ?? ''}\u0000${base === null ? 'n' : 'b'}\u0000${input}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const result = this.compute(input, base);
    if (this.memo.size >= this.limit) this.memo.clear();
    this.memo.set(key, result);
    return result;
  }

  private compute(input: string, base: string | null): Analysis | null {
    if (!this.loneSurrogates && (hasLoneSurrogate(input) || (base !== null && hasLoneSurrogate(base)))) return null;
    const t = traceURLCase(input, base);
    if (t === null) return null;
    const branches = new Set<string>();
    const add = (g: number, taken: readonly number[]) => {
      for (let i = 0; i < taken.length; i += 4) branches.add(branchKey(g, taken[i], taken[i + 1]));
    };
    add(0, t.url);
    for (const h of t.host) add(1, h);
    add(2, t.writing);
    const baseRecord = base === null ? null : parseURL(base);
    let broken: string[] | undefined;
    return {
      input,
      base,
      parses: parseURL(input, { baseURL: baseRecord }) !== null,
      errors: t.errors,
      problems: t.problems.length,
      // (worked out when asked: it may look for a valid string one edit away)
      get broken() {
        return (broken ??= writingViolationRules(input, base, t.problems));
      },
      branches,
    };
  }
}
