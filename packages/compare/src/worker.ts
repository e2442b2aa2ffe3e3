// The worker thread of compare's in-process parsers: it receives a batch of cases and the names of
// built-in parsers, runs each parser on each case, and posts back their answers (an AdapterError
// travels as { adapterError: message }, since a class does not cross threads).

import { parentPort } from 'node:worker_threads';
import { AdapterError, gatherSync, isBuiltinParser, type CompareCase, type ParserAdapter } from './compare';
import { inProcessAdapter, inProcessName, type InProcessParser, type WireOutcome, type WorkerReply, type WorkerRequest } from './pool';

const adapters = new Map<string, ParserAdapter>();

function adapterFor(p: InProcessParser): ParserAdapter | null {
  // a build goes by its module too: the same name never stands for two folders in one run, but be exact
  const key = typeof p === 'string' ? p : `${p.name}\0${p.module}`;
  let a = adapters.get(key);
  if (!a && (typeof p !== 'string' || isBuiltinParser(p))) {
    a = inProcessAdapter(p);
    adapters.set(key, a);
  }
  return a ?? null;
}

function run(names: readonly InProcessParser[], cases: readonly CompareCase[]): WireOutcome[][] {
  return names.map((p) => {
    const n = inProcessName(p);
    const a = adapterFor(p);
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
