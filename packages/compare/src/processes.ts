// Ending an adapter process and everything it started. An adapter is started as the leader of its
// own process group and session; what it starts may leave both (puppeteer starts a browser as the
// leader of a new session, and a browser's helpers may be started the same way), so on Linux the
// tree is read from /proc: the adapter, every process below it by parent, and the members of every
// group or session one of those leads. The tree is read before anything is signalled, since a
// process whose parent dies is re-parented and no longer shows where it came from.
//
// Ending goes in stages, so that an adapter can clean up after itself (a browser adapter removes its
// profile folder; xvfb-run removes its own): SIGTERM to the other members of the adapter's group
// first (a supervising script such as xvfb-run then sees its command end and cleans up), then
// SIGTERM to the adapter, then SIGKILL to whatever of the tree is left. Adapters still running when
// this process exits, or when it gets SIGTERM or SIGHUP, are ended the same way, synchronously.

import { existsSync, readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  state: string;
  /** Its start time in clock ticks since boot: with the pid, it names one process even after the pid is reused. */
  start: string;
}

const HAS_PROC = process.platform === 'linux' && existsSync('/proc/self/stat');

function readStat(pid: number): Proc | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) is in parentheses and may hold spaces or parentheses itself
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, state: f[0], ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]), start: f[19] };
}

function allProcesses(): Proc[] {
  const out: Proc[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const n of names) {
    if (!/^[0-9]+$/.test(n)) continue;
    const p = readStat(Number(n));
    if (p) out.push(p);
  }
  return out;
}

/** The adapter `pid` and everything it started (Linux; elsewhere nothing: only its group is signalled). */
export function processTree(pid: number): Proc[] {
  if (!HAS_PROC) return [];
  const all = allProcesses();
  const found = new Map<number, Proc>();
  const leaders = [pid];
  const add = (p: Proc) => {
    if (p.pid === process.pid || found.has(p.pid)) return;
    found.set(p.pid, p);
    leaders.push(p.pid);
  };
  for (let i = 0; i < leaders.length; i++) {
    const q = leaders[i];
    for (const p of all) {
      // below it, or in the group or session it leads
      if (p.ppid === q || p.pid === q || (p.pgrp === q && q !== process.pid) || (p.session === q && q !== process.pid)) add(p);
    }
  }
  return [...found.values()];
}

/** Whether `p` is still that process and not yet ended (a zombie has ended; only its parent's wait is missing). */
function running(p: Proc): boolean {
  const now = readStat(p.pid);
  return now !== null && now.start === p.start && now.state !== 'Z' && now.state !== 'X';
}

function send(p: Proc, signal: NodeJS.Signals): void {
  if (!running(p)) return;
  try {
    process.kill(p.pid, signal);
  } catch {
    // gone already
  }
}

function sendGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

/** Whether the leader `pid` is gone (without /proc: whether its group is). */
function leaderGone(pid: number, tree: Proc[]): boolean {
  const leader = tree.find((p) => p.pid === pid);
  if (leader) return !running(leader);
  if (HAS_PROC) return true;
  try {
    process.kill(-pid, 0);
    return false;
  } catch {
    return true;
  }
}

interface Wait {
  ms: number;
  done(): boolean;
}

/**
 * The stages of ending the adapters `pids` (see the top of this file): it yields how long to wait at
 * most, and for what, between stages.
 */
function* ending(pids: readonly number[]): Generator<Wait, void, void> {
  const trees = new Map<number, Proc[]>(pids.map((pid) => [pid, processTree(pid)]));
  const seen = () => [...trees.values()].flat();
  // 1. the other members of each adapter's own group
  let signalled = false;
  for (const [pid, tree] of trees) {
    for (const p of tree) {
      if (p.pgrp === pid && p.pid !== pid && running(p)) {
        send(p, 'SIGTERM');
        signalled = true;
      }
    }
  }
  if (signalled) yield { ms: 300, done: () => pids.every((pid) => leaderGone(pid, trees.get(pid)!)) };
  // 2. the adapters themselves, and what is left of their groups
  for (const pid of pids) sendGroup(pid, 'SIGTERM');
  yield { ms: 2000, done: () => seen().every((p) => !running(p)) && pids.every((pid) => leaderGone(pid, trees.get(pid)!)) };
  // 3. whatever is left of each tree, as read before and as it is now
  for (const pid of pids) {
    for (const p of processTree(pid)) if (!trees.get(pid)!.some((q) => q.pid === p.pid)) trees.get(pid)!.push(p);
    sendGroup(pid, 'SIGKILL');
  }
  for (const p of seen()) {
    send(p, 'SIGKILL');
    if (p.pgrp === p.pid || p.session === p.pid) sendGroup(p.pid, 'SIGKILL');
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

function endSync(pids: readonly number[]): void {
  for (const w of ending(pids)) {
    const until = Date.now() + w.ms;
    while (!w.done() && Date.now() < until) Atomics.wait(sleeper, 0, 0, 20);
  }
}

async function endAsync(pids: readonly number[]): Promise<void> {
  for (const w of ending(pids)) {
    const until = Date.now() + w.ms;
    while (!w.done() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  }
}

/** Process groups of adapters still running: ended if this process exits first. */
const liveGroups = new Set<number>();
const ending_ = new Map<number, Promise<void>>();
let exitHookInstalled = false;

function onSignal(signal: NodeJS.Signals): void {
  // this listener alone: what this process would have done without it is to end by that signal
  const alone = process.listenerCount(signal) === 1;
  endAllSync();
  if (alone) {
    removeSignalHooks();
    process.kill(process.pid, signal);
  }
}
const onTerm = () => onSignal('SIGTERM');
const onHup = () => onSignal('SIGHUP');

function removeSignalHooks(): void {
  process.removeListener('SIGTERM', onTerm);
  process.removeListener('SIGHUP', onHup);
}

/** Ends every adapter still running, now and synchronously (stages of at most about 2.3 s in all). */
export function endAllSync(): void {
  const pids = [...liveGroups];
  liveGroups.clear();
  removeSignalHooks();
  if (pids.length > 0) endSync(pids);
}

/** Counts the adapter `pid` (a group leader) as running: it is ended if this process exits or is told to. */
export function watchGroup(pid: number): void {
  liveGroups.add(pid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => endAllSync());
  }
  if (process.listeners('SIGTERM').indexOf(onTerm) === -1) {
    process.on('SIGTERM', onTerm);
    process.on('SIGHUP', onHup);
  }
}

function forget(pid: number): void {
  liveGroups.delete(pid);
  if (liveGroups.size === 0) removeSignalHooks();
}

/** Kills the adapter `pid` and everything it started, at once (SIGKILL). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  const tree = processTree(pid);
  sendGroup(pid, 'SIGKILL');
  for (const p of tree) {
    send(p, 'SIGKILL');
    if (p.pgrp === p.pid || p.session === p.pid) sendGroup(p.pid, 'SIGKILL');
  }
  forget(pid);
}

/**
 * Ends the adapter `pid` and everything it started, in stages (SIGTERM, then SIGKILL after at most
 * about 2.3 s); resolves when that is done. Calling it again while it runs gives the same promise.
 */
export function endProcess(pid: number | undefined): Promise<void> {
  if (pid === undefined) return Promise.resolve();
  let p = ending_.get(pid);
  if (!p) {
    p = endAsync([pid]).finally(() => {
      ending_.delete(pid);
      forget(pid);
    });
    ending_.set(pid, p);
  }
  return p;
}
