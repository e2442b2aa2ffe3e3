// Parser against parser: the confusion attacks (SSRF, open redirects) are one parser validating a
// URL and another fetching it, so the report also sets every parser against every other one, the
// reference among them. For each pair: the cases both answered, how many of those one parses and
// the other does not (and which way round), and, where both parse and give a hostname, how many
// name different hosts by meaning (hostMeaning: case, IDNA, IPv4 and IPv6 spellings and a trailing
// dot are not a difference). A pair keeps a few examples of each kind, one per shape of
// difference, so its state stays the same size however many cases stream through: 20 parsers are
// 190 pairs of counters and at most 2 × keep examples each.

import { AdapterError, type Outcome, type Result } from './compare';
import { hostMeaning, messageShape, minimalDifference, shapeOf } from './classes';

/** One parser's answer in a pair's example: whether it parses, its hostname, why it failed. */
export interface PairAnswer {
  ok: boolean;
  /** The hostname it gives (null: it parses but gives none, or it fails). */
  host: string | null;
  /** Why it failed, when it says. */
  message?: string;
}

export interface PairExample {
  /** success: one parses and the other fails; host: both parse, to different hosts. */
  kind: 'success' | 'host';
  input: string;
  base: string | null;
  a: PairAnswer;
  b: PairAnswer;
}

export interface PairReport {
  a: string;
  b: string;
  /** Cases both answered (neither could-not-answer). */
  compared: number;
  /** Of those, the cases one parses and the other fails. */
  successDisagreements: number;
  /** Of those, the cases a parses and b fails (a is the permissive side). */
  onlyAParses: number;
  /** Of those, the cases b parses and a fails. */
  onlyBParses: number;
  /** Cases both parse and both give a hostname. */
  hostCompared: number;
  /** Of those, the cases whose hostnames name different hosts. */
  hostDisagreements: number;
  /** A few disagreements of each kind, each of another shape. */
  examples: PairExample[];
}

interface PairState extends PairReport {
  /** The shape key of each example, in step with examples. */
  keys: string[];
}

function answer(r: Result): PairAnswer {
  if (r.ok) return { ok: true, host: r.hostname };
  return r.message !== undefined ? { ok: false, host: null, message: r.message } : { ok: false, host: null };
}

/** Counters and a few examples for every pair of parsers (the reference among them), in bounded memory. */
export class PairTally {
  private readonly pairs: PairState[] = [];

  /** `names[i]` answers `outcomes[i]` in add(); `keep` examples of each kind are kept per pair. */
  constructor(
    private readonly names: readonly string[],
    private readonly keep = 3,
  ) {
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        this.pairs.push({ a: names[i], b: names[j], compared: 0, successDisagreements: 0, onlyAParses: 0, onlyBParses: 0, hostCompared: 0, hostDisagreements: 0, examples: [], keys: [] });
      }
    }
  }

  get reports(): PairReport[] {
    return this.pairs.map(({ keys: _keys, ...p }) => ({ ...p, examples: [...p.examples] }));
  }

  /** Counts one case for every pair. */
  add(input: string, base: string | null, outcomes: readonly Outcome[]): void {
    const n = this.names.length;
    // each parser's host key once per case, not once per pair: hostMeaning runs the host parser
    const meaning: Array<string | undefined> = new Array(n);
    const meaningOf = (i: number, host: string) => (meaning[i] ??= hostMeaning(host));
    let k = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++, k++) {
        const x = outcomes[i];
        const y = outcomes[j];
        if (x instanceof AdapterError || y instanceof AdapterError) continue;
        const p = this.pairs[k];
        p.compared++;
        if (x.ok !== y.ok) {
          p.successDisagreements++;
          if (x.ok) p.onlyAParses++;
          else p.onlyBParses++;
          const failed = (x.ok ? y : x) as Extract<Result, { ok: false }>;
          const key = `${x.ok ? 'a' : 'b'} parses; ${messageShape(failed.message, input)}`;
          this.example(p, 'success', key, input, base, x, y);
          continue;
        }
        if (!x.ok || !y.ok || x.hostname === null || y.hostname === null) continue;
        p.hostCompared++;
        if (x.hostname === y.hostname || meaningOf(i, x.hostname) === meaningOf(j, y.hostname)) continue;
        p.hostDisagreements++;
        const d = minimalDifference(x.hostname, y.hostname);
        this.example(p, 'host', `${shapeOf(d.reference)} → ${shapeOf(d.parser)}`, input, base, x, y);
      }
    }
  }

  /** Keeps an example of a new shape while there is room for its kind; a shorter one of a kept shape replaces it. */
  private example(p: PairState, kind: 'success' | 'host', key: string, input: string, base: string | null, x: Result, y: Result): void {
    if (this.keep === 0) return;
    const full = `${kind} ${key}`;
    const at = p.keys.indexOf(full);
    if (at !== -1) {
      const old = p.examples[at];
      if (input.length + (base?.length ?? 0) < old.input.length + (old.base?.length ?? 0)) p.examples[at] = { kind, input, base, a: answer(x), b: answer(y) };
      return;
    }
    if (p.examples.filter((e) => e.kind === kind).length >= this.keep) return;
    p.examples.push({ kind, input, base, a: answer(x), b: answer(y) });
    p.keys.push(full);
  }
}
