// compare at scale: cases stream in (any iterable, sync or async), are cut into batches, and each
// batch goes at once to the built-in parsers (on worker threads) and to every other adapter (child
// processes get the whole batch as request lines). Batches are counted in order as they complete,
// with a bounded number in flight, so memory does not grow with the corpus: what is kept is the
// per-component counters, a few examples of each kind, and the per-class state of ./classes.
// Each case can also be handed to `onCase` (the CLI's --jsonl) before the next is counted.

import { AdapterError, countCase, differingComponents, emptyAdapterReport, gatherAsync, parserVersion, toResult, type AdapterReport, type BuiltinParser, type ChildProcessAdapter, type CompareCase, type Component, type Outcome, type ParserAdapter, type Result } from './compare';
import { ClassTally, type ClassReport } from './classes';
import type { Equivalence } from './meaning';
import { PairTally, type PairReport } from './pairs';
import { defaultWorkers, inProcessName, localRunner, workerPool, type InProcessParser, type InProcessRunner } from './pool';
import { toScalarValueString } from 'url-grammar';

export interface CaseRecord {
  /** 0-based position in the stream. */
  index: number;
  input: string;
  base: string | null;
  /** Every parser's answer, the reference's first; `{ error }` when it could not answer. */
  results: Record<string, unknown>;
  /** For each parser that differs from the reference: the components that differ. */
  differ: Record<string, Component[]>;
}

export interface StreamOptions {
  /** Built-in parsers to compare (besides the reference url-grammar, which always runs). */
  builtins?: readonly BuiltinParser[];
  /**
   * url-grammar built elsewhere (another checkout or version), each by its name and its package
   * folder: run like the built-in parsers, after them.
   */
  builds?: readonly { name: string; module: string }[];
  /** Other adapters (child processes, or any ParserAdapter), run in this thread. */
  adapters?: readonly ParserAdapter[];
  /** Worker threads for the built-in parsers; 0 runs them in this thread. Default: defaultWorkers(). */
  workers?: number;
  /** Cases per batch. Default 256. */
  batchSize?: number;
  /** Batches in flight at once. Default: 2 per worker, plus 2. */
  maxPending?: number;
  /** Disagreements of each kind kept per parser. Default 5. */
  maxExamples?: number;
  /** Examples kept per class (one per root cause). Default 3. */
  classExamples?: number;
  /** Examples of each kind kept per pair of parsers. Default 3. */
  pairExamples?: number;
  /**
   * How answers are compared: "meaning" (the default: what ./meaning's FORGIVEN lists is not a
   * difference) or "exact" text. The matrix, the classes and onCase's `differ` follow it.
   */
  equivalence?: Equivalence;
  /** Cases listed in the classes' root causes (caseList), over every class. Default: ./classes' MAX_LISTED_CASES. */
  maxListedCases?: number;
  /**
   * Called with each case and every parser's answer (`names[i]` answered `outcomes[i]`, the
   * reference first), in order, before onCase; what it keeps is its own to bound.
   */
  observe?: (c: CompareCase, names: readonly string[], outcomes: readonly Outcome[]) => void;
  /** Called with each case, in order; a promise holds the stream until it settles (backpressure). */
  onCase?: (record: CaseRecord) => void | Promise<void>;
  /** Called after each batch with the number of cases counted so far. */
  onProgress?: (cases: number) => void;
  /**
   * Whether each parser's href is parsed again by that parser (default true): the host it then
   * names goes on the answer as `again`, and the class "re-parse by the parser itself changes the
   * host" counts the answers whose href fails or names another host.
   */
  selfReparse?: boolean;
  /** When it is aborted, no more cases are read; those in flight are still counted. */
  signal?: AbortSignal;
  /**
   * When it is aborted, the batches in flight are no longer waited for: the report holds the cases
   * counted so far (each handed to onCase before), and the adapters are ended at once.
   */
  abandon?: AbortSignal;
}

export interface StreamReport {
  reference: string;
  /** How answers were compared (./meaning). */
  equivalence: Equivalence;
  /** The parsers compared as exact text whatever `equivalence` says: the url-grammar builds (`builds`), whose every change counts. */
  exact: string[];
  cases: number;
  referenceErrors: number;
  maxExamples: number;
  /** Every parser but the reference, built-ins first, in the order given. */
  adapters: AdapterReport[];
  classes: ClassReport[];
  /** Every pair of parsers, the reference among them: how often they agree on success and on the host. */
  pairs: PairReport[];
  /** Whether the stream was stopped early (signal). */
  stopped: boolean;
}

type Ok = Extract<Result, { ok: true }>;

function isChild(a: ParserAdapter): a is ChildProcessAdapter {
  return typeof (a as Partial<ChildProcessAdapter>).parseBatch === 'function';
}

function wire(o: Outcome): unknown {
  return o instanceof AdapterError ? { error: o.message } : o;
}

async function* asAsync<T>(source: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> {
  yield* source;
}

const STOPPED = Symbol('stopped');

/** What `promise` resolves to, or STOPPED as soon as `signal` is aborted, whichever comes first. */
function orStopped<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof STOPPED> {
  // Not Promise.race with one promise that settles on abort: every race adds a reaction to that
  // promise, kept until it settles, and with it what the race resolved to (every case read, on a
  // run that is never stopped). Here the listener goes as soon as `promise` settles.
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(STOPPED);
  return new Promise<T | typeof STOPPED>((resolve, reject) => {
    const onAbort = () => resolve(STOPPED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

async function* batches(source: AsyncIterable<CompareCase> | Iterable<CompareCase>, size: number, signal?: AbortSignal): AsyncGenerator<CompareCase[]> {
  let batch: CompareCase[] = [];
  const it = asAsync(source);
  // a read that waits (standard input) ends when the stream is stopped, too
  for (;;) {
    const next = await orStopped(it.next(), signal);
    if (next === STOPPED || next.done) break;
    const c = next.value;
    // a case already read is counted, even when the stream is stopped just now
    batch.push({ input: toScalarValueString(c.input), base: c.base === null ? null : toScalarValueString(c.base) });
    if (batch.length >= size || signal?.aborted) {
      yield batch;
      batch = [];
    }
    if (signal?.aborted) break;
  }
  // not awaited: a read still waiting holds it until it ends
  void it.return(undefined).catch(() => undefined);
  if (batch.length > 0) yield batch;
}

/**
 * Compares url-grammar with every other parser over a stream of cases, in bounded memory. Never
 * rejects for what a parser or an adapter does; adapters are closed at the end.
 */
export async function compareStream(source: AsyncIterable<CompareCase> | Iterable<CompareCase>, options: StreamOptions = {}): Promise<StreamReport> {
  const builtins: BuiltinParser[] = ['url-grammar', ...(options.builtins ?? []).filter((n) => n !== 'url-grammar')];
  const others = options.adapters ?? [];
  const available = others.filter((a) => a.unavailable === undefined);
  const builds = options.builds ?? [];
  const inProcess: InProcessParser[] = [...builtins, ...builds];
  const names = [...inProcess.map(inProcessName), ...available.map((a) => a.name)];
  const maxExamples = options.maxExamples ?? 5;
  const workers = options.workers ?? defaultWorkers();
  const batchSize = Math.max(1, options.batchSize ?? 256);
  const maxPending = Math.max(1, options.maxPending ?? workers * 2 + 2);
  const runner: InProcessRunner = workers > 0 ? workerPool(inProcess, workers) : localRunner(inProcess);
  const reports = names.slice(1).map((n) => emptyAdapterReport(n, parserVersion(n, available)));
  const equivalence = options.equivalence ?? 'meaning';
  // what moved between two builds of url-grammar is every change, notation too
  const exact = builds.map((b) => b.name);
  const eqOf = (name: string): Equivalence => (exact.includes(name) ? 'exact' : equivalence);
  const classes = new ClassTally(names, options.classExamples ?? 3, { equivalence, exact, ...(options.maxListedCases !== undefined ? { maxListed: options.maxListedCases } : {}) });
  const pairs = new PairTally(names, options.pairExamples ?? 3);
  let cases = 0;
  let referenceErrors = 0;

  /** One adapter's answers to a batch, each checked against the protocol. */
  const ask = (a: ParserAdapter, batch: CompareCase[]): Promise<Outcome[]> =>
    (isChild(a) ? a.parseBatch(batch) : gatherAsync(a, batch)).then((os) => os.map((o) => (o instanceof AdapterError ? o : checked(o))));
  const askAll = (batch: CompareCase[]): Promise<Outcome[][]> =>
    Promise.all([runner.run(batch), ...available.map((a) => ask(a, batch))]).then(([inProcess, ...rest]) => [...inProcess, ...rest]);

  // Each parser's href parsed again by that parser (issue 20's self re-parse): the answers that
  // name a host, whose href is not their input as it was (an input with a base, or one the
  // parser changed; an href equal to a base-less input would give the same answer again). Each
  // adapter gets its own hrefs in one more batch; the in-process parsers, which run a batch
  // together, get theirs as one batch and each keeps its own answers. The host its href names
  // goes on the answer as `again` (null: the href failed); an adapter error leaves it unset.
  const reparseBatch = async (batch: CompareCase[], outcomes: Outcome[][]): Promise<Outcome[][]> => {
    if (options.selfReparse === false) return outcomes;
    const asked: Array<Set<number>> = outcomes.map(
      (os) => new Set(os.flatMap((o, i) => (!(o instanceof AdapterError) && o.ok && o.hostname !== null && (batch[i].base !== null || o.href !== batch[i].input) ? [i] : []))),
    );
    if (asked.every((a) => a.size === 0)) return outcomes;
    /** The distinct hrefs of parsers `ks`' asked answers, and where each is in that list. */
    const hrefsOf = (ks: readonly number[]) => {
      const cases: CompareCase[] = [];
      const at = new Map<string, number>();
      for (const k of ks) {
        for (const i of asked[k]) {
          const href = (outcomes[k][i] as Ok).href;
          if (!at.has(href)) {
            at.set(href, cases.length);
            cases.push({ input: href, base: null });
          }
        }
      }
      return { cases, at };
    };
    const local = inProcess.map((_, k) => k);
    const mine = hrefsOf(local);
    const theirs = available.map((_, j) => hrefsOf([inProcess.length + j]));
    const [localAgain, ...childAgain] = await Promise.all([
      mine.cases.length === 0 ? Promise.resolve(local.map(() => [] as Outcome[])) : runner.run(mine.cases),
      ...available.map((a, j) => (theirs[j].cases.length === 0 ? Promise.resolve([] as Outcome[]) : ask(a, theirs[j].cases))),
    ]);
    return outcomes.map((os, k) => {
      if (asked[k].size === 0) return os;
      const own = k < inProcess.length ? { answers: localAgain[k], at: mine.at } : { answers: childAgain[k - inProcess.length], at: theirs[k - inProcess.length].at };
      return os.map((o, i) => {
        if (!asked[k].has(i)) return o;
        const ok = o as Ok;
        const a = own.answers[own.at.get(ok.href)!];
        if (a === undefined || a instanceof AdapterError) return o;
        return { ...ok, again: a.ok ? a.hostname : null };
      });
    });
  };
  const runBatch = (batch: CompareCase[]): Promise<Outcome[][]> => askAll(batch).then((os) => reparseBatch(batch, os));

  const consume = async (batch: CompareCase[], outcomes: Outcome[][]) => {
    for (let i = 0; i < batch.length; i++) {
      const c = batch[i];
      const ref = outcomes[0][i];
      if (ref instanceof AdapterError) referenceErrors++;
      const row: Outcome[] = outcomes.map((os) => os[i]);
      for (let k = 1; k < names.length; k++) countCase(reports[k - 1], c, ref, row[k], maxExamples, eqOf(names[k]));
      classes.add(c.input, c.base, row);
      pairs.add(c.input, c.base, row);
      options.observe?.(c, names, row);
      if (options.onCase) {
        const results: Record<string, unknown> = {};
        const differ: Record<string, Component[]> = {};
        names.forEach((n, k) => {
          results[n] = wire(row[k]);
          const b = row[k];
          if (k > 0 && !(ref instanceof AdapterError) && !(b instanceof AdapterError)) {
            const d = differingComponents(ref, b, eqOf(n));
            if (d.length > 0) differ[n] = d;
          }
        });
        const r = options.onCase({ index: cases, input: c.input, base: c.base, results, differ });
        if (r) await r;
      }
      cases++;
    }
    options.onProgress?.(cases);
  };

  const pending: Array<{ batch: CompareCase[]; done: Promise<Outcome[][]> }> = [];
  /** Counts the oldest batch in flight; false when the run was abandoned instead. */
  const settle = async (): Promise<boolean> => {
    const p = pending.shift()!;
    const outcomes = await orStopped(p.done, options.abandon);
    if (outcomes === STOPPED) return false;
    await consume(p.batch, outcomes);
    return true;
  };
  try {
    const read = batches(source, batchSize, options.signal);
    let going = true;
    while (going) {
      const next = await orStopped(read.next(), options.abandon);
      if (next === STOPPED) void read.return(undefined).catch(() => undefined);
      if (next === STOPPED || next.done) break;
      pending.push({ batch: next.value, done: runBatch(next.value) });
      while (going && pending.length >= maxPending) going = await settle();
    }
    while (going && pending.length > 0) going = await settle();
  } finally {
    const now = !!options.abandon?.aborted;
    await runner.close();
    // abandoned: no grace for the adapters' input to run out
    await Promise.all(others.map(async (a) => (now && isChild(a) ? a.close({ graceMs: 0 }) : a.close?.())));
  }
  const all: AdapterReport[] = [];
  for (const n of names.slice(1)) all.push(reports[names.indexOf(n) - 1]);
  for (const a of others) if (a.unavailable !== undefined) all.push({ ...emptyAdapterReport(a.name, a.version ?? null), available: false, unavailable: a.unavailable });
  return { reference: 'url-grammar', equivalence, exact, cases, referenceErrors, maxExamples, adapters: all, classes: classes.reports, pairs: pairs.reports, stopped: !!options.signal?.aborted || !!options.abandon?.aborted };
}

function checked(o: unknown): Outcome {
  try {
    return toResult(o);
  } catch (e) {
    return new AdapterError(`invalid result: ${(e as Error).message}`);
  }
}
