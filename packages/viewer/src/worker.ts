// The page's worker: the same script as the page (a blob of its own text), run where a long
// input's slow parts cannot hold the page up: the verdicts, whatwg-url's answer, what the parser
// did, and the diagrams (tracing a 100 KB input takes seconds). The page falls back to running
// them itself, a task at a time, where a worker cannot start.

/// <reference lib="dom" />

import { parseWithDiagnostics } from 'url-grammar';
import { groupChanges, whatTheParserDid, type ChangeGroup } from './changes';
import { optionsOf, resultsJSON, run, verdictsOf, whatwgComponents, type Components, type Verdicts } from './compute';
import { diagramData, type DiagramData } from './diagrams';
import type { State } from './permalink';

export interface FinishAnswer {
  verdicts: Verdicts | null;
  whatwg: Components;
  changes: ChangeGroup[];
}

/** A text answer longer than this crosses from the worker as bytes. */
export const LONG_TEXT = 100_000;

export type Job = { kind: 'finish'; state: State } | { kind: 'diagrams'; state: State } | { kind: 'json'; state: State; native: Components };

/** Does a job: in the worker, or in the page when there is none. */
export function doJob(job: Job): FinishAnswer | DiagramData | string {
  const { baseRecord, encoding, base } = optionsOf(job.state);
  const baseFails = base !== undefined && baseRecord === null;
  if (job.kind === 'json') {
    const r = run(job.state);
    r.components.native = job.native;
    return resultsJSON(r, whatTheParserDid(r.changes, r.url));
  }
  const d = baseFails ? null : parseWithDiagnostics(job.state.url, { baseURL: baseRecord, encoding, changes: job.kind === 'finish' });
  if (job.kind === 'diagrams') return diagramData(job.state.url, job.state.base, d?.record ?? null);
  return {
    verdicts: baseFails ? null : verdictsOf(job.state),
    whatwg: whatwgComponents(job.state),
    changes: groupChanges(whatTheParserDid(d?.changes, d?.url ?? null)),
  };
}

/** The worker's side: answers each job with its id. */
export function serve(scope: { onmessage: ((e: MessageEvent) => void) | null; postMessage(message: unknown): void }): void {
  scope.onmessage = (e: MessageEvent) => {
    const { id, job } = e.data as { id: number; job: Job };
    try {
      const answer = doJob(job);
      // A long text (a long input's JSON: megabytes) crosses as UTF-8 bytes, moved rather than copied.
      if (typeof answer === 'string' && answer.length > LONG_TEXT) {
        const bytes = new TextEncoder().encode(answer);
        (scope.postMessage as (message: unknown, transfer: Transferable[]) => void)({ id, answer: bytes }, [bytes.buffer]);
      } else scope.postMessage({ id, answer });
    } catch (error) {
      scope.postMessage({ id, error: String(error) });
    }
  };
}

/** The page's side: a worker made from the page's own script, or null when none can start. */
export class Helper {
  private worker: Worker | null = null;
  private next = 0;
  private waiting = new Map<number, { resolve: (a: unknown) => void; reject: (e: Error) => void }>();

  constructor(source: string | null) {
    if (!source || typeof Worker !== 'function') return;
    try {
      this.worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      this.worker.onmessage = (e: MessageEvent) => {
        const { id, answer, error } = e.data as { id: number; answer?: unknown; error?: string };
        const w = this.waiting.get(id);
        this.waiting.delete(id);
        if (!w) return;
        if (error !== undefined) w.reject(new Error(error));
        else w.resolve(answer);
      };
      this.worker.onerror = (e) => {
        e.preventDefault();
        this.stop();
      };
    } catch {
      this.worker = null;
    }
  }

  /** Whether the jobs run in a worker (true) or in the page. */
  get background(): boolean {
    return this.worker !== null;
  }

  run<T extends FinishAnswer | DiagramData | string | Uint8Array>(job: Job): Promise<T> {
    if (!this.worker) return new Promise((resolve, reject) => setTimeout(() => {
      try {
        resolve(doJob(job) as T);
      } catch (e) {
        reject(e as Error);
      }
    }, 0));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (a: unknown) => void, reject });
      this.worker!.postMessage({ id, job });
    });
  }

  /** Ends the worker (the jobs still waiting fail); later jobs run in the page. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const w of this.waiting.values()) w.reject(new Error('the worker stopped'));
    this.waiting.clear();
  }
}
