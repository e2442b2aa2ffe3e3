// Making a case smaller while it still does what it was kept for: code points deleted from the
// input (and from its base URL, or the base dropped), in runs of halving length, as long as the
// case's score (a list of numbers compared in order, smaller is better) does not get worse.
// The result is 1-minimal: deleting any one code point more loses what it was kept for or
// makes its score worse. Code points, not code units, so a surrogate pair is never split.

export interface Candidate {
  input: string;
  base: string | null;
}

/** The score of a candidate, or null when it no longer does what it was kept for. */
export type Score = (c: Candidate) => number[] | null;

/** a < b, comparing in order (a shorter list that is a prefix of the other is smaller). */
export function lessThan(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length < b.length;
}

/** The candidates one step smaller than `text`: runs of `size` code points deleted, each place in turn. */
function* deletions(text: string, size: number): Generator<string> {
  const cps = [...text];
  for (let i = 0; i + size <= cps.length; i++) yield cps.slice(0, i).join('') + cps.slice(i + size).join('');
}

/** `c` made as small as `score` allows, asking `score` at most `budget` times. */
export function minimise(c: Candidate, score: Score, budget = 3000): { candidate: Candidate; score: number[] } {
  let best = c;
  let bestScore = score(c);
  if (bestScore === null) throw new Error('minimise: the candidate does not hold to begin with');
  let asked = 0;
  const tryOne = (next: Candidate): boolean => {
    if (asked >= budget) return false;
    asked++;
    const s = score(next);
    if (s === null || !lessThan(s, bestScore!)) return false;
    best = next;
    bestScore = s;
    return true;
  };
  for (let improved = true; improved && asked < budget; ) {
    improved = false;
    if (best.base !== null && tryOne({ input: best.input, base: null })) improved = true;
    for (const part of ['input', 'base'] as const) {
      const text = best[part];
      if (text === null) continue;
      for (let size = 1 << Math.floor(Math.log2(Math.max(1, [...text].length))); size >= 1; size >>= 1) {
        for (const smaller of deletions(best[part]!, size)) {
          if (tryOne(part === 'input' ? { input: smaller, base: best.base } : { input: best.input, base: smaller })) {
            improved = true;
            break; // start again from the smaller one, at this size
          }
        }
      }
    }
  }
  return { candidate: best, score: bestScore };
}
