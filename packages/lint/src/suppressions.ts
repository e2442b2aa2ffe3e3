// Bulk suppressions, in the manner of ESLint's (eslint.org/docs/latest/use/suppressions): a team
// adopting lint on docs that hold deliberate examples (credentials in a URL library's guide,
// "file:/x") records the findings it has once, and from then on lint fails only on new ones.
//
//   url-grammar lint --suppress-all docs      writes url-grammar-suppressions.json: for each file
//                                              linted, how many errors of each validation error
//                                              type it has; nothing is reported
//   url-grammar lint docs                     reads it: in a file, the errors of a type are left
//                                              out while there are no more than the file's count
//                                              for that type; past it, every one of them is
//                                              reported (lint cannot tell which are new)
//   url-grammar lint --prune-suppressions docs lowers each count to what is left, drops what
//                                              is gone
// The file is JSON: { "<file as lint shows it, with />": { "<type>": { "count": n } } }, sorted,
// as ESLint writes eslint-suppressions.json. Only errors count: a type configured as a warning is
// reported as usual. A finding whose errors are all suppressed is not reported; one with others
// is reported with those. Files not linted in a run keep their entries. A count higher than what
// a file still has is a suppression left over: lint says so and exits 2 unless
// --pass-on-unpruned-suppressions (ESLint does the same), so that the file never hides more than
// there is.
//
// Findings of a file with suppressions are held until the end of the file, when its counts are
// known (at most the file's counts of them: a type past its count is reported as it comes), so
// they may come after other findings of the same file.

import type { ValidationErrorType } from 'url-grammar';
import { setErrors } from './finding';
import type { LintDiagnostic } from './lint';

/** The default suppressions file, in the working directory. */
export const SUPPRESSIONS_FILE = 'url-grammar-suppressions.json';

/** The largest suppressions file read (16 MiB: some 300,000 entries). */
export const MAX_SUPPRESSIONS_BYTES = 16 * 1024 * 1024;

/** file -> type -> how many errors of the type are suppressed there. */
export type SuppressionCounts = Map<string, Map<string, number>>;

/** What is wrong with a suppressions file's text (the message never quotes it). */
export class SuppressionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SuppressionsError';
  }
}

/** The counts of a suppressions file's text; throws SuppressionsError. */
export function parseSuppressions(text: string, isType: (t: string) => boolean): SuppressionCounts {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SuppressionsError('is not JSON');
  }
  const plainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!plainObject(data)) throw new SuppressionsError('must hold an object of files');
  const out: SuppressionCounts = new Map();
  for (const [file, types] of Object.entries(data)) {
    if (!plainObject(types)) throw new SuppressionsError(`file ${JSON.stringify(file)}: must hold an object of validation error types`);
    const counts = new Map<string, number>();
    for (const [type, entry] of Object.entries(types)) {
      if (!isType(type)) throw new SuppressionsError(`file ${JSON.stringify(file)}: ${JSON.stringify(type)} is no validation error type`);
      const count = plainObject(entry) ? entry.count : undefined;
      if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) throw new SuppressionsError(`file ${JSON.stringify(file)}, ${type}: "count" must be a whole number above 0`);
      counts.set(type, count);
    }
    if (counts.size > 0) out.set(file, counts);
  }
  return out;
}

/** The text of a suppressions file for `counts`: files and types sorted, one type a line. */
export function formatSuppressions(counts: SuppressionCounts): string {
  const files = [...counts.keys()].filter((f) => (counts.get(f)?.size ?? 0) > 0).sort();
  if (files.length === 0) return '{}\n';
  const blocks = files.map((f) => {
    const types = [...counts.get(f)!].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `  ${JSON.stringify(f)}: {\n${types.map(([t, n]) => `    ${JSON.stringify(t)}: { "count": ${n} }`).join(',\n')}\n  }`;
  });
  return `{\n${blocks.join(',\n')}\n}\n`;
}

/** How many errors of each type a finding has (those of severity "error": warnings do not count). */
function errorTypes(d: LintDiagnostic): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of d.errors) if ((e.severity ?? 'error') === 'error') m.set(e.type, (m.get(e.type) ?? 0) + 1);
  return m;
}

/**
 * One file's findings through its suppressions. `push` each finding as it comes; `report` is given
 * those to report (at once, or held until `end`); `end` at the end of the file says how many
 * findings were suppressed whole. `found` counts the file's errors by type, suppressed or not.
 */
export class FileSuppressions {
  /** The file's errors by type so far. */
  readonly found = new Map<string, number>();
  private readonly held: LintDiagnostic[] = [];
  private suppressed = 0;

  constructor(
    /** The file's counts (empty: nothing suppressed, only counted). */
    private readonly counts: ReadonlyMap<string, number>,
    private readonly report: (d: LintDiagnostic) => void,
    /** Suppress every error (--suppress-all): what is found becomes the file's counts. */
    private readonly all = false,
  ) {}

  /** Whether errors of `type` are still within the file's count for it. */
  private within(type: string): boolean {
    const limit = this.counts.get(type);
    return limit !== undefined && (this.found.get(type) ?? 0) <= limit;
  }

  push(d: LintDiagnostic): void {
    const types = errorTypes(d);
    for (const [t, n] of types) this.found.set(t, (this.found.get(t) ?? 0) + n);
    if (this.all) {
      // (every error suppressed: a finding of warnings only is reported without it)
      this.pass(d, () => true);
      return;
    }
    if (![...types.keys()].some((t) => this.counts.has(t))) {
      this.report(d);
      return;
    }
    this.held.push(d);
    // a type past its count is reported whatever comes: what no longer waits for a count goes
    for (const [t] of types) {
      if (!this.counts.has(t) || this.within(t)) continue;
      for (let i = 0; i < this.held.length; ) {
        const h = this.held[i];
        if ([...errorTypes(h).keys()].some((u) => this.within(u))) i++;
        else {
          this.held.splice(i, 1);
          this.report(h);
        }
      }
    }
  }

  /** Reports what was held, less the errors of types within their counts; returns how many findings were suppressed whole. */
  end(): number {
    for (const d of this.held) this.pass(d, (t) => this.within(t));
    this.held.length = 0;
    return this.suppressed;
  }

  /** Reports `d` less its errors of severity "error" whose type `suppress` says; counts it if nothing is left. */
  private pass(d: LintDiagnostic, suppress: (type: string) => boolean): void {
    const kept = d.errors.filter((e) => (e.severity ?? 'error') !== 'error' || !suppress(e.type));
    if (kept.length === d.errors.length) this.report(d);
    else if (kept.length === 0) this.suppressed++;
    else {
      // (its fix replaces the whole URL: it goes with what is reported)
      this.report(setErrors({ ...d }, kept));
    }
  }
}

/** Whether `counts` hides more errors of `file` than `found` has: the types left over, with their counts. */
export function leftOver(counts: ReadonlyMap<string, number>, found: ReadonlyMap<string, number>): Array<[string, number, number]> {
  const out: Array<[string, number, number]> = [];
  for (const [t, n] of counts) {
    const has = found.get(t) ?? 0;
    if (has < n) out.push([t, n, has]);
  }
  return out;
}

/**
 * The counts after a run: `--suppress-all` makes each linted file's counts what it has; `--prune`
 * lowers each to what is left (a count exceeded stays as it was: the errors past it are new).
 */
export function updatedCounts(before: SuppressionCounts, linted: ReadonlyMap<string, ReadonlyMap<string, number>>, mode: 'all' | 'prune'): SuppressionCounts {
  const out: SuppressionCounts = new Map([...before].map(([f, m]) => [f, new Map(m)]));
  for (const [file, found] of linted) {
    if (mode === 'all') {
      const m = new Map([...found].filter(([, n]) => n > 0));
      if (m.size > 0) out.set(file, m);
      else out.delete(file);
      continue;
    }
    const old = out.get(file);
    if (!old) continue;
    for (const [t, n] of old) {
      const has = found.get(t) ?? 0;
      if (has === 0) old.delete(t);
      else if (has < n) old.set(t, has);
    }
    if (old.size === 0) out.delete(file);
  }
  return out;
}

export type { ValidationErrorType };
