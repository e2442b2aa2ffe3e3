// The worker thread of compare's in-process parsers: it receives a batch of cases and the names of
// built-in parsers, runs each parser on each case, and posts back their answers (an AdapterError
// travels as { adapterError: message }, since a class does not cross threads).

import { parentPort } from 'node:worker_threads';
import { AdapterError, builtinAdapter, gatherSync, isBuiltinParser, type CompareCase, type ParserAdapter } from './compare';
import type { WireOutcome, WorkerReply, WorkerRequest } from './pool';

const adapters = new Map<string, ParserAdapter>();

function adapterFor(name: string): ParserAdapter | null {
  let a = adapters.get(name);
  if (!a && isBuiltinParser(name)) {
    a = builtinAdapter(name);
    adapters.set(name, a);
  }
  return a ?? null;
}

function run(names: readonly string[], cases: readonly CompareCase[]): WireOutcome[][] {
  return names.map((n) => {
    const a = adapterFor(n);
    if (!a) return cases.map(() => ({ adapterError: `${n}: not a built-in parser` }));
    if (a.unavailable !== undefined) return cases.map(() => ({ adapterError: `${n} is unavailable: ${a.unavailable}` }));
    return gatherSync(a, cases).map((o) => (o instanceof AdapterError ? { adapterError: o.message } : o));
  });
}

parentPort?.on('message', (msg: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id: msg.id, outcomes: run(msg.names, msg.cases) };
  } catch (e) {
    reply = { id: msg.id, failure: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  parentPort!.postMessage(reply);
});
