// What the engine adapters share (adapters/browser.js under Node, adapters/webkit.js under gjs):
// how requests are cut into batches, and the function that answers a batch inside the page.
// An ES module, so that both runtimes can load it (gjs imports it; Node's CommonJS adapter
// imports it dynamically).

const BATCH = 2000; // requests per round trip at most
const BATCH_CHARS = 4000000; // and about this many characters of input (one request may be longer)

/** How many requests from the front of `queue` go in the next round trip (at least one). */
export function batchLength(queue) {
  let n = 0;
  let chars = 0;
  while (n < queue.length && n < BATCH) {
    chars += queue[n].input.length + (queue[n].base ? queue[n].base.length : 0);
    if (n > 0 && chars > BATCH_CHARS) break;
    n++;
  }
  return n;
}

/**
 * Runs in the page (its source is sent there, so it uses nothing from outside itself): the URL
 * getters for each [input, base], or the exception's name and message.
 */
export function evaluateBatch(requests) {
  const getters = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
  return requests.map(([input, base]) => {
    try {
      const u = base === null ? new URL(input) : new URL(input, base);
      const answer = { ok: true };
      for (const name of getters) answer[name] = u[name];
      return answer;
    } catch (e) {
      return { ok: false, message: `${e && e.name}: ${e && e.message}` };
    }
  });
}
