// Running compare's built-in parsers on worker threads (./worker.ts), or in this thread when asked
// for no workers. Either way a batch gives one answer per parser per case and never rejects: a
// worker that fails or dies turns its batches into AdapterErrors for every parser.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AdapterError, builtinAdapter, gatherSync, urlGrammarBuildAdapter, type BuiltinParser, type CompareCase, type Outcome, type ParserAdapter, type Result } from './compare';

/**
 * A parser run in this process or on a worker thread: a built-in one by name, or a url-grammar built
 * elsewhere (`--against build:DIR`), loaded from `module` (its package folder) under `name`.
 */
export type InProcessParser = BuiltinParser | { name: string; module: string };

/** The adapter of an in-process parser. */
export function inProcessAdapter(p: InProcessParser): ParserAdapter {
  return typeof p === 'string' ? builtinAdapter(p) : urlGrammarBuildAdapter(p.name, p.module);
}

/** The name an in-process parser's answers go under. */
export function inProcessName(p: InProcessParser): string {
  return typeof p === 'string' ? p : p.name;
}

export type WireOutcome = Result | { adapterError: string };
export interface WorkerRequest {
  id: number;
  names: readonly InProcessParser[];
  cases: readonly CompareCase[];
}
export type WorkerReply = { id: number; outcomes: WireOutcome[][] } | { id: number; failure: string };

export interface InProcessRunner {
  /** For each parser (in the order given), its outcome for each case. */
  run(cases: readonly CompareCase[]): Promise<Outcome[][]>;
  close(): Promise<void>;
}

/** The default number of worker threads: one core is left to this thread (reading, counting, writing); at least 1, at most 4. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

function fromWire(o: WireOutcome): Outcome {
  return 'adapterError' in o ? new AdapterError(o.adapterError) : o;
}

/** The built-in parsers in this thread. */
export function localRunner(names: readonly InProcessParser[]): InProcessRunner {
  const adapters = names.map((n) => inProcessAdapter(n));
  return {
    run: async (cases) => adapters.map((a) => (a.unavailable !== undefined ? cases.map(() => new AdapterError(`${a.name} is unavailable: ${a.unavailable}`)) : gatherSync(a, cases))),
    close: async () => undefined,
  };
}

/**
 * A worker's heap limits: its live data is the parsers and a batch or two (about 10 MB), so a small
 * heap keeps V8 collecting early instead of letting garbage grow the process by hundreds of
 * megabytes over a long run.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

function startWorker(): Worker {
  const js = join(__dirname, 'worker.js');
  if (existsSync(js)) return new Worker(js, { resourceLimits: WORKER_LIMITS });
  // from the TypeScript sources (the tests, under ts-node): the worker compiles them as it loads them
  const ts = join(__dirname, 'worker.ts');
  return new Worker(`require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(ts)});`, { eval: true });
}

interface Waiting {
  resolve(o: Outcome[][]): void;
  size: number;
}

/**
 * The built-in parsers on at most `count` worker threads, started as the batches need them: a batch
 * goes to an idle thread, or to a new one while there are fewer than `count`, or else to the least
 * busy (so a corpus of two cases starts one thread, whatever `count`).
 */
export function workerPool(names: readonly InProcessParser[], count: number): InProcessRunner & { threads(): number } {
  const workers: Array<{ w: Worker; waiting: Map<number, Waiting>; dead: string | null }> = [];
  const most = Math.max(1, count);
  let nextId = 1;
  const failAll = (slot: (typeof workers)[number], why: string) => {
    slot.dead = why;
    for (const p of slot.waiting.values()) p.resolve(names.map(() => Array.from({ length: p.size }, () => new AdapterError(why))));
    slot.waiting.clear();
  };
  const start = () => {
    const w = startWorker();
    const slot = { w, waiting: new Map<number, Waiting>(), dead: null as string | null };
    w.on('message', (reply: WorkerReply) => {
      const p = slot.waiting.get(reply.id);
      if (!p) return;
      slot.waiting.delete(reply.id);
      if ('failure' in reply) p.resolve(names.map(() => Array.from({ length: p.size }, () => new AdapterError(`the worker thread failed: ${reply.failure}`))));
      else p.resolve(reply.outcomes.map((os) => os.map(fromWire)));
    });
    w.on('error', (e) => failAll(slot, `the worker thread failed: ${e instanceof Error ? e.message : String(e)}`));
    w.on('exit', (code) => failAll(slot, `the worker thread exited with code ${code}`));
    workers.push(slot);
    return slot;
  };
  return {
    threads: () => workers.length,
    run(cases) {
      const live = workers.filter((s) => s.dead === null);
      const idle = live.find((s) => s.waiting.size === 0);
      const slot = idle ?? (workers.length < most ? start() : live.length > 0 ? live.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a)) : null);
      if (slot === null) return Promise.resolve(names.map(() => cases.map(() => new AdapterError(workers[0]?.dead ?? 'no worker thread'))));
      const id = nextId++;
      return new Promise<Outcome[][]>((resolve) => {
        slot.waiting.set(id, { resolve, size: cases.length });
        const msg: WorkerRequest = { id, names, cases };
        slot.w.postMessage(msg);
      });
    },
    async close() {
      await Promise.all(workers.map((s) => s.w.terminate()));
    },
  };
}
