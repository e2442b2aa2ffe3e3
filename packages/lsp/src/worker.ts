// The lint worker: a thread of its own (worker_threads), so that no document, however long or
// strange, keeps the server from answering. It runs linting.ts's Linter on what the server sends.

import { parentPort } from 'node:worker_threads';
import { Linter } from './linting';
import type { ToWorker } from './messages';

if (parentPort) {
  const port = parentPort;
  const linter = new Linter((m) => port.postMessage(m));
  port.on('message', (m: ToWorker) => linter.receive(m));
}
