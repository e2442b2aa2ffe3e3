// Ending an adapter process and everything it started. An adapter is started as the leader of its
// own process group and session; what it starts may leave both (puppeteer starts a browser as the
// leader of a new session, and a browser's helpers may be started the same way; a daemon calls
// setsid and its parent exits), so on Linux the tree is read from /proc: the adapter, every process
// below it by parent, the members of every group or session one of those leads, and every process
// that carries the adapter's mark. The tree is read before anything is signalled, since a process
// whose parent dies is re-parented and no longer shows where it came from.
//
// The mark is an environment variable (MARK_VARIABLE) whose value is new for each process started:
// children inherit it, and /proc/<pid>/environ still shows it after they have left the group and
// the session and been re-parented, which nothing else in /proc does. It works for root and for a
// normal user alike (a process's environ is readable by its own user). What it misses: a process
// that clears or replaces its environment before exec (env -i), and one that runs as another user
// or is not dumpable (its environ is not readable then); those are found by the tree alone, while
// their parent lives. (Linux has two stronger ways, neither open to this tool: a child subreaper,
// prctl(PR_SET_CHILD_SUBREAPER), which Node cannot call, and a cgroup of its own, which a normal
// user can make only where systemd has delegated one.)
//
// Ending goes in stages, so that an adapter can clean up after itself (a browser adapter removes its
// profile folder; xvfb-run removes its own): SIGTERM to the other members of the adapter's group
// first (a supervising script such as xvfb-run then sees its command end and cleans up), then
// SIGTERM to the adapter, then SIGKILL to whatever of the tree is left. Adapters still running when
// this process exits, or when it gets SIGTERM or SIGHUP, are ended the same way, synchronously.

import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The environment variable that marks every process an adapter starts (see the top of this file). */
export const MARK_VARIABLE = 'URL_GRAMMAR_COMPARE_PROCESS';

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

/** Whether the process `pid` was started with `entry` ("NAME=value") in its environment. */
function hasEnvEntry(pid: number, entry: Buffer): boolean {
  let env: Buffer;
  try {
    env = readFileSync(`/proc/${pid}/environ`);
  } catch {
    // gone, or another user's
    return false;
  }
  // entries end with NUL; one matches only whole, not as the end of another
  for (let at = env.indexOf(entry); at !== -1; at = env.indexOf(entry, at + 1)) {
    if ((at === 0 || env[at - 1] === 0) && (at + entry.length === env.length || env[at + entry.length] === 0)) return true;
  }
  return false;
}

let marks = 0;
/** The mark each adapter still watched was started with (watchGroup). */
const marksByPid = new Map<number, string>();

/**
 * The environment for a process the tool starts: `env` (default this process's) with a mark of its
 * own, which every process it starts inherits; `mark` is what processTree and killMarked look for.
 */
export function markedEnv(env: NodeJS.ProcessEnv = process.env): { env: NodeJS.ProcessEnv; mark: string } {
  const mark = `${process.pid}.${randomBytes(8).toString('hex')}.${++marks}`;
  return { env: { ...env, [MARK_VARIABLE]: mark }, mark };
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

/**
 * The adapter `pid` and everything it started: below it, in the groups and sessions those lead, and,
 * given its `mark`, every process that carries it, with what those started in turn (Linux; elsewhere
 * nothing: only its group is signalled). A `pid` of null: the processes carrying `mark` alone.
 */
export function processTree(pid: number | null, mark: string | undefined = pid === null ? undefined : marksByPid.get(pid)): Proc[] {
  if (!HAS_PROC) return [];
  const all = allProcesses();
  const found = new Map<number, Proc>();
  const leaders: number[] = [];
  const add = (p: Proc) => {
    if (p.pid === process.pid || found.has(p.pid)) return;
    found.set(p.pid, p);
    leaders.push(p.pid);
  };
  if (pid !== null) {
    const self = all.find((p) => p.pid === pid);
    if (self) add(self);
    else leaders.push(pid);
  }
  if (mark !== undefined) {
    const entry = Buffer.from(`${MARK_VARIABLE}=${mark}`);
    for (const p of all) if (p.state !== 'Z' && hasEnvEntry(p.pid, entry)) add(p);
  }
  for (let i = 0; i < leaders.length; i++) {
    const q = leaders[i];
    // below it, or in the group or session it leads
    for (const p of all) if (p.ppid === q || (p.pgrp === q && q !== process.pid) || (p.session === q && q !== process.pid)) add(p);
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
  for (const pid of pids) marksByPid.delete(pid);
}

/**
 * Counts the adapter `pid` (a group leader), started with `mark` (markedEnv) in its environment, as
 * running: it is ended, with every process that carries the mark, if this process exits or is told to.
 */
export function watchGroup(pid: number, mark?: string): void {
  liveGroups.add(pid);
  if (mark !== undefined) marksByPid.set(pid, mark);
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
  marksByPid.delete(pid);
  if (liveGroups.size === 0) removeSignalHooks();
}

/** SIGKILL to each of `tree` still running, and to the groups its members lead; how many were running. */
function killAll(tree: readonly Proc[]): number {
  let killed = 0;
  for (const p of tree) {
    if (!running(p)) continue;
    killed++;
    send(p, 'SIGKILL');
    if (p.pgrp === p.pid || p.session === p.pid) sendGroup(p.pid, 'SIGKILL');
  }
  return killed;
}

/**
 * SIGKILL to the tree of `pid` (or, with no pid, to the processes carrying `mark`), read again until
 * a reading finds nothing new: a process that forked just before its SIGKILL leaves a child that
 * the first reading could not see. A few readings at most.
 */
function killTree(pid: number | undefined, mark: string | undefined): void {
  const done = new Set<string>();
  for (let round = 0; round < 5; round++) {
    const tree = processTree(pid ?? null, mark);
    const fresh = tree.filter((p) => !done.has(`${p.pid}/${p.start}`));
    if (pid !== undefined && round === 0) sendGroup(pid, 'SIGKILL');
    if (fresh.length === 0 || killAll(fresh) === 0) return;
    for (const p of fresh) done.add(`${p.pid}/${p.start}`);
  }
}

/** Kills the adapter `pid` and everything it started, at once (SIGKILL). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  killTree(pid, marksByPid.get(pid));
  forget(pid);
}

/**
 * Kills every process that carries `mark` (from markedEnv), at once: what a command run to its end
 * (spawnSync) left running.
 */
export function killMarked(mark: string): void {
  killTree(undefined, mark);
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
