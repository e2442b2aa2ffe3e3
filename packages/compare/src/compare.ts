// Cross-checking other URL parsers against url-grammar: the same inputs go to every parser, and for
// each parser the comparison counts, component by component, how often it agrees with url-grammar
// (the reference), and keeps the first few disagreements of each kind.
//
// A parser is plugged in through an adapter: `{ name, parse(input, base) }` returning a Result, the
// URL getters' values (or a failure), synchronously or as a promise. Built in: url-grammar itself,
// Node's global URL, Node's legacy url.parse, whatwg-url and url-parse (each loaded with require,
// so a package that is not installed makes its adapter "unavailable" instead of an error). A parser
// in any other language speaks the JSON-lines protocol of docs/compare-protocol.md over a child
// process's standard input and output: childProcessAdapter(name, command, args), whose output is
// treated as untrusted (bounded lines, a start-up limit to its first line and per-request timeouts
// after it, everything it started ended on a breach and when it exits, daemons too: ./processes).
// Answers are compared by meaning by default (./meaning: what RFC 3986 section 6 calls equivalent,
// decoded userinfo and host spellings are no disagreement), or as exact text.
//
// This file has the small engines for case lists in memory: compareParsers (async) and
// compareParsersSync (a child process is run once with every request on its standard input, under
// a total timeout). The CLI uses ./stream.ts instead, which streams any number of cases in bounded
// memory, runs the built-in parsers on worker threads (./pool.ts) and adds the disagreement
// classes (./classes.ts) and the reports (./report.ts).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { parseWithDiagnostics, toScalarValueString, URL as GrammarURL, URL_ATTRIBUTES } from 'url-grammar';
import { defaultResolver, packageAvailability, type Availability, type Resolver } from './manifest';
import { meaningOf, type Equivalence, type Getters } from './meaning';
import { endProcess, killGroup, killMarked, markedEnv, watchGroup } from './processes';

// ---------------------------------------------------------------------------------------------
// Results and adapters

/** The URL getters a Result carries, in the order reports show them. */
export const GETTERS = URL_ATTRIBUTES;
export type Getter = (typeof GETTERS)[number];

/** What is compared: parse success, each getter, and the validation errors. */
export const COMPONENTS = ['parse', ...GETTERS, 'errors'] as const;
export type Component = (typeof COMPONENTS)[number];

/**
 * A parser's answer for one input. For a URL: the values of the URL getters. `href` is required;
 * any other getter may be null (or left out) when the parser has no equivalent, and is then not
 * compared. `errors` are validation error type names (as in the URL Standard's table), given only
 * by parsers that report them; they are compared as a multiset (order does not count).
 */
export type Result =
  | (Getters & {
      ok: true;
      errors?: string[];
      /**
       * Set by compareStream (unless selfReparse is false) when this parser parsed its own href
       * again: the hostname it then gave, or null when the href failed.
       */
      again?: string | null;
    })
  | {
      ok: false;
      errors?: string[];
      /** Free text: why the parser rejected the input (shown with disagreements, never compared). */
      message?: string;
    };

/** One input, with the base to resolve it against (null: none). */
export interface CompareCase {
  input: string;
  base: string | null;
}

/** A parser, as the comparison sees it. */
export interface ParserAdapter {
  readonly name: string;
  /** The parser's answer; throw (or reject with) an AdapterError when it cannot give one. */
  parse(input: string, base: string | null): Promise<Result> | Result;
  /** Set when the parser cannot be used here (say, its package is not installed): the reason. */
  readonly unavailable?: string;
  /**
   * Optional: what the parser is, with its versions (engine and library: "Node 22.14.0, ada
   * 2.9.2", "urllib3 1.26.12 (Python 3.11.2)"); each AdapterReport carries it (null when unknown).
   */
  readonly version?: string;
  /** Optional: every case at once, synchronously (compareParsersSync uses it when present). */
  parseAllSync?(cases: readonly CompareCase[]): Outcome[];
  /** Optional: release what the adapter holds (a child process); called when a comparison ends. */
  close?(): Promise<void> | void;
}

/** The adapter could not answer a case at all (a crashed child, a timeout, a malformed answer). */
export class AdapterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdapterError';
  }
}

/** An adapter's answer for one case, or why there is none. */
export type Outcome = Result | AdapterError;

// ---------------------------------------------------------------------------------------------
// Checking an answer's shape (the same rules for in-process adapters and the JSON-lines protocol)

/** A Result that breaks the rules: what is wrong with it. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function optionalString(o: Record<string, unknown>, key: string): string | null {
  if (!hasOwn(o, key) || o[key] === null || o[key] === undefined) return null;
  if (typeof o[key] !== 'string') throw new ProtocolError(`"${key}" must be a string or null, not ${describe(o[key])}`);
  return o[key] as string;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

/** Checks a value against the Result rules and returns it as a clean Result (unknown keys dropped). */
export function toResult(value: unknown): Result {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProtocolError(`a result must be an object, not ${describe(value)}`);
  const o = value as Record<string, unknown>;
  if (typeof o.ok !== 'boolean') throw new ProtocolError(`"ok" must be true or false, not ${hasOwn(o, 'ok') ? describe(o.ok) : 'missing'}`);
  let errors: string[] | undefined;
  if (hasOwn(o, 'errors') && o.errors !== null && o.errors !== undefined) {
    if (!Array.isArray(o.errors) || !o.errors.every((e) => typeof e === 'string')) throw new ProtocolError(`"errors" must be an array of strings`);
    errors = [...(o.errors as string[])];
  }
  if (!o.ok) {
    const message = optionalString(o, 'message');
    return { ok: false, ...(errors ? { errors } : {}), ...(message !== null ? { message } : {}) };
  }
  if (typeof o.href !== 'string') throw new ProtocolError(`"href" must be a string when "ok" is true, not ${hasOwn(o, 'href') ? describe(o.href) : 'missing'}`);
  const r: Result = {
    ok: true,
    href: o.href,
    protocol: optionalString(o, 'protocol'),
    username: optionalString(o, 'username'),
    password: optionalString(o, 'password'),
    host: optionalString(o, 'host'),
    hostname: optionalString(o, 'hostname'),
    port: optionalString(o, 'port'),
    pathname: optionalString(o, 'pathname'),
    search: optionalString(o, 'search'),
    hash: optionalString(o, 'hash'),
  };
  const origin = optionalString(o, 'origin');
  if (origin !== null) r.origin = origin;
  if (errors) r.errors = errors;
  return r;
}

// ---------------------------------------------------------------------------------------------
// The JSON-lines protocol (docs/compare-protocol.md)

/**
 * The request line for one case (with its newline). Input and base are sent as scalar value
 * strings (a lone surrogate becomes U+FFFD), so the line is always valid UTF-8.
 */
export function encodeRequest(id: number, input: string, base: string | null): string {
  return JSON.stringify({ id, input: toScalarValueString(input), base: base === null ? null : toScalarValueString(base) }) + '\n';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function excerpt(s: string, max = 200): string {
  const j = JSON.stringify(s);
  return j.length <= max ? j : j.slice(0, max) + '…';
}

/**
 * One response line (bytes without the newline; a trailing CR is allowed) to its id and Result,
 * or an AdapterError for `{"id": n, "error": "..."}` (the adapter could not answer that request).
 * Throws ProtocolError when the line is not UTF-8, not JSON, or not a response.
 * Returns null for a blank line, which the protocol ignores.
 */
export function decodeResponseLine(line: Uint8Array | string): { id: number; result: Outcome } | { ready: true } | null {
  let text: string;
  if (typeof line === 'string') text = line;
  else {
    try {
      text = utf8.decode(line);
    } catch {
      throw new ProtocolError(`malformed response line (not UTF-8): ${excerpt(Buffer.from(line).toString('latin1'))}`);
    }
  }
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError(`malformed response line (not JSON): ${excerpt(text)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError(`malformed response line (not a JSON object): ${excerpt(text)}`);
  }
  const o = value as Record<string, unknown>;
  // the start-up handshake: an adapter may say it is ready before its first answer
  if (o.ready === true && !hasOwn(o, 'id')) return { ready: true };
  const id = o.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    throw new ProtocolError(`malformed response line (no integer "id"): ${excerpt(text)}`);
  }
  if (!hasOwn(o, 'ok') && typeof o.error === 'string') return { id, result: new AdapterError(`could not answer: ${o.error}`) };
  try {
    return { id, result: toResult(value) };
  } catch (e) {
    throw new ProtocolError(`malformed response for id ${id} (${(e as Error).message}): ${excerpt(text)}`);
  }
}

const STDERR_KEEP = 2000;

function stderrNote(tail: string): string {
  const t = tail.trim();
  return t === '' ? '' : `; its standard error ends with: ${excerpt(t.slice(-600), 700)}`;
}

function exitText(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

export interface ChildProcessAdapterOptions {
  // (every limit in ms is clamped to MAX_TIMER_MS, what a timer holds)
  /**
   * How long the adapter may go without answering while requests wait, in ms: the oldest waiting
   * request fails the adapter when neither it nor any other request has been answered within this
   * time of its being sent. Default 10,000.
   */
  requestTimeoutMs?: number;
  /**
   * How long the adapter may take to start, in ms: from the start of its process to its first
   * line (an answer, or `{"ready": true}`), while the per-request timeout does not run; a browser
   * or a JVM on a loaded machine takes seconds. Default 120,000 (DEFAULT_STARTUP_TIMEOUT_MS).
   */
  startupTimeoutMs?: number;
  /** How long the child may take for everything, from its start, in ms. Default 600,000. */
  totalTimeoutMs?: number;
  /** How many requests may await an answer at once (streaming only). Default 1,024. */
  maxInFlight?: number;
  /** The longest response line accepted, in bytes; a longer one ends the adapter. Default 1 MiB. */
  maxLineBytes?: number;
  /** How many blank lines in a row are ignored; more end the adapter. Default 10,000. */
  maxBlankLines?: number;
  /** parseAllSync only: the most bytes of standard output read. Default 64 MiB. */
  maxOutputBytes?: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The parser's versions, as ParserAdapter.version (for a manifest adapter, what its version command printed). */
  version?: string;
  /**
   * A command run to completion before the adapter's process is first started (a build on first
   * use): no request is sent, and no request clock runs, until it has ended. When it fails, every
   * request fails with its reason.
   */
  prepare?: { command: string; args: readonly string[]; timeoutMs?: number };
  /** Told what the adapter is doing while no answer can come (a long preparation, a slow start), in one line. */
  onStatus?: (message: string) => void;
}

/** How long a preparation may take by default (ms): a cold build of a compiled adapter. */
export const DEFAULT_PREPARE_TIMEOUT_MS = 10 * 60_000;

/** How long an adapter may take by default from its start to its first line (ms): a browser or a JVM on a loaded machine. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 120_000;

/**
 * The longest delay a timer holds: setTimeout takes a signed 32-bit number of milliseconds (about
 * 24.8 days) and fires after 1 ms for anything longer. Every limit an adapter is given is clamped
 * to it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` (or `fallback`) as a timer's delay: at least `min`, at most MAX_TIMER_MS. */
function timerDelay(ms: number | undefined, fallback: number, min = 1): number {
  const v = ms === undefined || Number.isNaN(ms) ? fallback : ms;
  return Math.min(MAX_TIMER_MS, Math.max(min, v));
}

export interface ChildProcessAdapter extends ParserAdapter {
  parse(input: string, base: string | null): Promise<Result>;
  /** Every case of a batch; never rejects: a case the adapter could not answer is an AdapterError. */
  parseBatch(cases: readonly CompareCase[]): Promise<Outcome[]>;
  parseAllSync(cases: readonly CompareCase[]): Outcome[];
  /** Runs the preparation, if there is one and it has not run yet; never rejects (a failure fails the requests). */
  prepare(): Promise<void>;
  /**
   * Ends the process: its input is closed, and after `graceMs` (default 3,000) without its exit it
   * is ended in stages (SIGTERM, then SIGKILL); a preparation still running is ended at once.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  readonly command: string;
  readonly args: readonly string[];
}

interface Pending {
  id: number;
  input: string;
  base: string | null;
  /** When it was written to the adapter (ms, performance.now()); 0 while queued. */
  sent: number;
  done(o: Outcome): void;
}

/**
 * A parser in another process, speaking the JSON-lines protocol. The process is started on the first
 * request, as the leader of its own process group and session, with a mark in its environment that
 * what it starts inherits (./processes), and kept until close(). Any breach ends it, and every
 * process it started, daemons included: a line that is not a response, a line longer than
 * maxLineBytes, more than maxBlankLines blank lines in a row, an answer for an id that is not
 * waiting, no first line within startupTimeoutMs of its start (the start-up handshake: its first
 * answer, or {"ready": true}), no answer within requestTimeoutMs once started, everything not
 * answered within totalTimeoutMs, or the process ending before it has answered; every waiting and
 * later request then fails with an AdapterError saying which (until close(), after which it starts
 * anew). Answers given before the breach keep their value.
 */
export function childProcessAdapter(name: string, command: string, args: readonly string[] = [], options: ChildProcessAdapterOptions = {}): ChildProcessAdapter {
  return new ChildProcessClient(name, command, [...args], options);
}

class ChildProcessClient implements ChildProcessAdapter {
  private child: ChildProcess | null = null;
  private closed: Promise<void> | null = null;
  private failure: string | null = null;
  private nextId = 1;
  private answered = 0;
  private readonly queue: Pending[] = [];
  private queueHead = 0;
  private readonly inFlight = new Map<number, Pending>();
  /** The unfinished line: its pieces and their total length. */
  private rest: Buffer[] = [];
  private restBytes = 0;
  private blankRun = 0;
  private stderrTail = '';
  private totalTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private lastAnswer = 0;
  private closing = false;
  private preparation: Promise<void> | null = null;
  private prepareFailure: string | null = null;
  private prepareChild: ChildProcess | null = null;
  private starting = false;
  /** Whether the process has said its first line (the start-up handshake): until then, the start-up limit runs instead of the per-request timeout. */
  private started = false;
  private spawnedAt = 0;
  private startNotice: NodeJS.Timeout | null = null;
  private readonly startupTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxInFlight: number;
  private readonly maxLineBytes: number;
  private readonly maxBlankLines: number;
  readonly version?: string;

  constructor(
    readonly name: string,
    readonly command: string,
    readonly args: readonly string[],
    private readonly options: ChildProcessAdapterOptions,
  ) {
    if (options.version !== undefined) this.version = options.version;
    this.requestTimeoutMs = timerDelay(options.requestTimeoutMs, 10_000);
    this.startupTimeoutMs = timerDelay(options.startupTimeoutMs, DEFAULT_STARTUP_TIMEOUT_MS);
    this.totalTimeoutMs = timerDelay(options.totalTimeoutMs, 600_000);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1024);
    this.maxLineBytes = Math.max(16, options.maxLineBytes ?? 1 << 20);
    this.maxBlankLines = Math.max(0, options.maxBlankLines ?? 10_000);
  }

  private get commandLine(): string {
    return [this.command, ...this.args].join(' ');
  }

  parse(input: string, base: string | null): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.enqueue(input, base, (o) => (o instanceof AdapterError ? reject(o) : resolve(o)));
      this.pump();
    });
  }

  parseBatch(cases: readonly CompareCase[]): Promise<Outcome[]> {
    return new Promise<Outcome[]>((resolve) => {
      const out: Outcome[] = new Array(cases.length);
      let left = cases.length;
      if (left === 0) resolve(out);
      cases.forEach((c, i) => {
        this.enqueue(c.input, c.base, (o) => {
          out[i] = o;
          if (--left === 0) resolve(out);
        });
      });
      this.pump();
    });
  }

  private enqueue(input: string, base: string | null, done: (o: Outcome) => void): void {
    if (this.failure !== null) {
      done(new AdapterError(this.failure));
      return;
    }
    this.queue.push({ id: this.nextId++, input, base, sent: 0, done });
    if (!this.child && !this.starting) this.start();
  }

  prepare(): Promise<void> {
    const spec = this.options.prepare;
    if (!spec) return Promise.resolve();
    if (this.preparation) return this.preparation;
    this.preparation = new Promise<void>((resolve) => {
      const line = [spec.command, ...spec.args].join(' ');
      const started = Date.now();
      const limit = timerDelay(spec.timeoutMs, DEFAULT_PREPARE_TIMEOUT_MS);
      let tail = '';
      let child: ChildProcess;
      const finish = (failure: string | null) => {
        clearTimeout(timer);
        clearTimeout(slow);
        this.prepareChild = null;
        if (failure !== null) this.prepareFailure = `${this.name}: ${failure}`;
        else if (Date.now() - started >= 1000) this.options.onStatus?.(`${this.name}: prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      };
      // a message only when it takes a while (a cached build takes milliseconds)
      const slow = setTimeout(() => this.options.onStatus?.(`${this.name}: preparing before its first request, with its own limit of ${Math.round(limit / 1000)} s (${excerpt(line, 160)})…`), 1000);
      const timer = setTimeout(() => {
        void endProcess(child.pid);
        finish(`preparing it (${excerpt(line, 160)}) took longer than ${limit} ms`);
      }, limit);
      const { env, mark } = markedEnv(this.options.env);
      try {
        child = spawn(spec.command, [...spec.args], { stdio: ['ignore', 'ignore', 'pipe'], cwd: this.options.cwd, env, windowsHide: true, detached: true });
      } catch (e) {
        finish(`could not start its preparation ${excerpt(line, 160)}: ${(e as Error).message}`);
        return;
      }
      this.prepareChild = child;
      if (child.pid !== undefined) watchGroup(child.pid, mark);
      child.stderr!.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-STDERR_KEEP)));
      child.on('error', (e) => finish(`could not start its preparation ${excerpt(line, 160)}: ${e.message}`));
      let ended = false;
      const onEnd = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return;
        ended = true;
        // what it started goes with it, daemons too; a daemon holding standard error open would
        // otherwise keep 'close', and this process, waiting
        killGroup(child.pid);
        child.stderr!.destroy();
        if (this.prepareChild !== child) return; // ended already (timed out, closed)
        finish(code === 0 ? null : `preparing it failed: ${excerpt(line, 160)} ${exitText(code, signal)}${stderrNote(tail)}`);
      };
      child.on('close', onEnd);
      // 'exit' comes even when something it started holds standard error open: a moment for the rest of it first
      child.on('exit', (code, signal) => setTimeout(() => onEnd(code, signal), 200));
    });
    return this.preparation;
  }

  private start(): void {
    if (this.options.prepare && this.prepareFailure === null && this.preparation === null) {
      // the request clocks start with the process, after the preparation
      this.starting = true;
      void this.prepare().then(() => {
        this.starting = false;
        if (this.prepareFailure !== null) this.fail(this.prepareFailure.slice(this.name.length + 2));
        else if (!this.child && this.queue.length > this.queueHead) {
          this.start();
          this.pump();
        }
      });
      return;
    }
    if (this.prepareFailure !== null) {
      this.fail(this.prepareFailure.slice(this.name.length + 2));
      return;
    }
    this.answered = 0;
    this.rest = [];
    this.restBytes = 0;
    this.blankRun = 0;
    this.stderrTail = '';
    this.closing = false;
    let child: ChildProcess;
    // every process it starts inherits the mark, which finds it even after it has left the group
    const { env, mark } = markedEnv(this.options.env);
    try {
      child = spawn(this.command, this.args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: this.options.cwd, env, windowsHide: true, detached: true });
    } catch (e) {
      this.fail(`could not start ${excerpt(this.commandLine)}: ${(e as Error).message}`);
      return;
    }
    this.child = child;
    if (child.pid !== undefined) watchGroup(child.pid, mark);
    this.started = false;
    this.spawnedAt = performance.now();
    // said only when the start takes a while (most adapters answer within a second)
    this.startNotice = setTimeout(() => {
      this.startNotice = null;
      if (!this.started && this.failure === null) this.options.onStatus?.(`starting ${this.name}… (its first answer may take up to ${Math.round(this.startupTimeoutMs / 1000)} s, apart from the per-request timeout)`);
    }, 1000);
    this.startNotice.unref();
    let resolveClosed!: () => void;
    this.closed = new Promise<void>((r) => (resolveClosed = r));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) {
        this.fail(`the adapter process: ${e.message}`);
        return;
      }
      // spawn failures (ENOENT, EACCES): nothing started
      this.fail(`could not start ${excerpt(this.commandLine)}: ${e.message}`);
      if (this.child === child) this.child = null;
      resolveClosed();
    });
    child.stdin!.on('error', () => {
      // EPIPE when the child has gone: its exit is reported by 'exit'
    });
    child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8', 0, Math.min(chunk.length, STDERR_KEEP * 4))).slice(-STDERR_KEEP);
    });
    let exited = false;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited) return;
      exited = true;
      // whatever it started goes with it, daemons too: a grandchild holding the pipes open would keep 'close' away
      killGroup(child.pid);
      setImmediate(() => {
        // the adapter has ended and what it wrote has been read: nothing more is read, and our ends
        // of its pipes are closed, so that one of its processes that could not be found and ended
        // (one that cleared its environment) cannot keep this process waiting by holding them open
        child.stdin!.destroy();
        child.stdout!.destroy();
        child.stderr!.destroy();
        if (this.restBytes > 0 && this.failure === null) {
          // a last line without its newline still counts
          const last = Buffer.concat(this.rest);
          this.rest = [];
          this.restBytes = 0;
          this.onLine(last);
        }
        this.clearTimers();
        const unanswered = this.inFlight.size + this.queue.length - this.queueHead;
        if (this.failure === null && (unanswered > 0 || !this.closing)) {
          this.fail(
            `the adapter ${exitText(code, signal)} ${unanswered > 0 ? `before answering ${unanswered} request${unanswered === 1 ? '' : 's'}` : 'before its input ended'} (it had answered ${this.answered})${stderrNote(this.stderrTail)}`,
          );
        }
        if (this.child === child) this.child = null;
        resolveClosed();
      });
    };
    // 'exit' comes even when a grandchild keeps the pipes open; give 'close' (all output read) a moment first
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => onExit(code, signal));
    child.on('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      setTimeout(() => onExit(code, signal), 200).unref();
    });
    this.totalTimer = setTimeout(() => {
      this.fail(`timed out: the adapter had not answered everything within the total timeout of ${this.totalTimeoutMs} ms (it had answered ${this.answered})`);
    }, this.totalTimeoutMs);
    // the child's pipes and the idle timer keep the process alive while answers are due
    this.totalTimer.unref();
  }

  private clearTimers(): void {
    if (this.startNotice) clearTimeout(this.startNotice);
    this.startNotice = null;
    if (this.totalTimer) clearTimeout(this.totalTimer);
    this.totalTimer = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /**
   * Arms the per-request timer for the oldest waiting request, if any; before the process has
   * started (its first line), the start-up limit from its start instead.
   */
  private armIdle(): void {
    if (this.idleTimer || this.inFlight.size === 0 || this.failure !== null) return;
    if (!this.started) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.inFlight.size === 0 || this.failure !== null) return;
        if (this.started) this.armIdle();
        else this.fail(`timed out: it did not start: no first answer within the start-up limit of ${this.startupTimeoutMs} ms`);
      }, Math.max(0, this.spawnedAt + this.startupTimeoutMs - performance.now()));
      return;
    }
    const oldest = this.inFlight.values().next().value as Pending;
    const since = Math.max(oldest.sent, this.lastAnswer);
    const wait = Math.max(0, since + this.requestTimeoutMs - performance.now());
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.inFlight.size === 0 || this.failure !== null) return;
      const first = this.inFlight.values().next().value as Pending;
      if (performance.now() - Math.max(first.sent, this.lastAnswer) >= this.requestTimeoutMs - 1) {
        this.fail(`timed out: no answer to request id ${first.id} (input ${excerpt(first.input, 120)}) within ${this.requestTimeoutMs} ms (it had answered ${this.answered})`);
      } else {
        this.armIdle();
      }
    }, wait);
  }

  private pump(): void {
    const child = this.child;
    if (!child || this.failure !== null) return;
    let text = '';
    const now = performance.now();
    while (this.inFlight.size < this.maxInFlight && this.queueHead < this.queue.length) {
      const p = this.queue[this.queueHead++];
      p.sent = now;
      if (this.inFlight.size === 0) this.lastAnswer = now;
      this.inFlight.set(p.id, p);
      text += encodeRequest(p.id, p.input, p.base);
    }
    if (this.queueHead === this.queue.length) {
      this.queue.length = 0;
      this.queueHead = 0;
    } else if (this.queueHead > 4096) {
      this.queue.splice(0, this.queueHead);
      this.queueHead = 0;
    }
    if (text !== '') {
      child.stdin!.write(text);
      this.armIdle();
    }
  }

  private onData(chunk: Buffer): void {
    if (this.failure !== null) return;
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      let line: Buffer;
      if (this.restBytes > 0) {
        this.rest.push(chunk.subarray(start, i));
        line = Buffer.concat(this.rest);
        this.rest = [];
        this.restBytes = 0;
      } else {
        line = chunk.subarray(start, i);
      }
      start = i + 1;
      if (line.length > this.maxLineBytes) {
        this.fail(`a response line longer than ${this.maxLineBytes} bytes (it had answered ${this.answered})`);
        return;
      }
      this.onLine(line);
      if (this.failure !== null) return;
    }
    if (start < chunk.length) {
      this.restBytes += chunk.length - start;
      if (this.restBytes > this.maxLineBytes) {
        this.fail(`a response line longer than ${this.maxLineBytes} bytes (it had answered ${this.answered})`);
        return;
      }
      // copy: the chunk's buffer may be large and is otherwise free to go
      this.rest.push(Buffer.from(chunk.subarray(start)));
    }
    this.pump();
  }

  /** The start-up handshake is done (its first line): the per-request clock starts now. */
  private markStarted(): void {
    if (this.started) return;
    this.started = true;
    const took = performance.now() - this.spawnedAt;
    this.lastAnswer = performance.now();
    if (this.startNotice) clearTimeout(this.startNotice);
    this.startNotice = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (took >= 1000) this.options.onStatus?.(`${this.name}: started in ${(took / 1000).toFixed(1)} s`);
    this.armIdle();
  }

  private onLine(line: Buffer): void {
    let decoded: { id: number; result: Outcome } | { ready: true } | null;
    try {
      decoded = decodeResponseLine(line);
    } catch (e) {
      this.fail((e as Error).message);
      return;
    }
    // a "ready" line after the start counts as a blank one: it says nothing new
    if (decoded === null || ('ready' in decoded && this.started)) {
      if (++this.blankRun > this.maxBlankLines) this.fail(`more than ${this.maxBlankLines} blank lines in a row (it had answered ${this.answered})`);
      return;
    }
    this.markStarted();
    if ('ready' in decoded) return;
    this.blankRun = 0;
    const p = this.inFlight.get(decoded.id);
    if (!p) {
      this.fail(`a response for id ${decoded.id}, which is not awaiting an answer (never sent, or answered already)`);
      return;
    }
    this.inFlight.delete(decoded.id);
    this.answered++;
    this.lastAnswer = performance.now();
    p.done(decoded.result instanceof AdapterError ? new AdapterError(`${this.name}: ${decoded.result.message}`) : decoded.result);
  }

  /** Ends the child's process group and fails every waiting request with `message` (the first failure wins). */
  private fail(message: string): void {
    if (this.failure !== null) return;
    this.failure = `${this.name}: ${message}`;
    this.clearTimers();
    const err = new AdapterError(this.failure);
    const waiting = [...this.inFlight.values(), ...this.queue.slice(this.queueHead)];
    this.inFlight.clear();
    this.queue.length = 0;
    this.queueHead = 0;
    // in stages: an adapter gets the chance to clean up (a browser adapter's profile folder)
    if (this.child) void endProcess(this.child.pid);
    for (const p of waiting) p.done(err);
  }

  async close(options: { graceMs?: number } = {}): Promise<void> {
    const preparing = this.prepareChild;
    if (preparing) {
      this.fail('closed while preparing');
      await endProcess(preparing.pid);
      await this.preparation;
    }
    const child = this.child;
    if (child) {
      this.closing = true;
      child.stdin!.end();
      const graceMs = timerDelay(options.graceMs, 3000, 0);
      const grace = setTimeout(() => void endProcess(child.pid), graceMs);
      await this.closed;
      clearTimeout(grace);
      // what it left behind, if anything
      killGroup(child.pid);
    } else if (this.closed) {
      await this.closed;
    }
    this.clearTimers();
    this.child = null;
    this.closed = null;
    this.failure = null;
  }

  parseAllSync(cases: readonly CompareCase[]): Outcome[] {
    const input = cases.map((c, i) => encodeRequest(i, c.input, c.base)).join('');
    const maxOutput = Math.max(1024, this.options.maxOutputBytes ?? 64 << 20);
    const { env, mark } = markedEnv(this.options.env);
    const r = spawnSync(this.command, this.args, {
      input,
      cwd: this.options.cwd,
      env,
      timeout: this.totalTimeoutMs,
      killSignal: 'SIGKILL',
      maxBuffer: maxOutput,
      windowsHide: true,
    });
    // what it started and left running goes too (spawnSync itself waits while one of them holds
    // the pipes open, up to the total timeout)
    killMarked(mark);
    const out: Array<Outcome | undefined> = new Array(cases.length).fill(undefined);
    let answered = 0;
    let failure: string | null = null;
    const err = r.error as NodeJS.ErrnoException | undefined;
    const timedOut = err?.code === 'ETIMEDOUT';
    const tooMuch = err?.code === 'ENOBUFS';
    if (err && !timedOut && !tooMuch && !r.stdout) {
      failure = `could not start ${excerpt(this.commandLine)}: ${err.message}`;
    } else {
      const stdout = r.stdout ?? Buffer.alloc(0);
      let blankRun = 0;
      for (let start = 0; start < stdout.length && failure === null; ) {
        let end = stdout.indexOf(10, start);
        if (end === -1) end = stdout.length;
        const line = stdout.subarray(start, end);
        start = end + 1;
        if (line.length > this.maxLineBytes) {
          failure = `a response line longer than ${this.maxLineBytes} bytes (it had answered ${answered})`;
          break;
        }
        let decoded: { id: number; result: Outcome } | { ready: true } | null;
        try {
          decoded = decodeResponseLine(line);
        } catch (e) {
          failure = (e as Error).message;
          break;
        }
        if (decoded === null || 'ready' in decoded) {
          if (++blankRun > this.maxBlankLines) failure = `more than ${this.maxBlankLines} blank lines in a row (it had answered ${answered})`;
          continue;
        }
        blankRun = 0;
        if (decoded.id >= cases.length || out[decoded.id] !== undefined) {
          failure = `a response for id ${decoded.id}, which is not awaiting an answer (never sent, or answered already)`;
          break;
        }
        out[decoded.id] = decoded.result instanceof AdapterError ? new AdapterError(`${this.name}: ${decoded.result.message}`) : decoded.result;
        answered++;
      }
      if (failure === null && answered < cases.length) {
        const stderr = r.stderr ? r.stderr.toString('utf8').slice(-STDERR_KEEP) : '';
        const missing = cases.length - answered;
        failure = timedOut
          ? `timed out: the adapter had not answered everything within the total timeout of ${this.totalTimeoutMs} ms (it had answered ${answered})`
          : tooMuch
            ? `more than ${maxOutput} bytes of output (it had answered ${answered})`
            : `the adapter ${exitText(r.status, r.signal)} before answering ${missing} request${missing === 1 ? '' : 's'} (it had answered ${answered})${stderrNote(stderr)}`;
      }
    }
    const e = failure === null ? null : new AdapterError(`${this.name}: ${failure}`);
    // after a breach nothing the child said is trusted: every case without an answer before it fails
    return out.map((o) => o ?? e!);
  }
}

// ---------------------------------------------------------------------------------------------
// Built-in adapters

/** The parsers that run in this process. */
export const BUILTIN_PARSERS = ['url-grammar', 'node', 'node-legacy', 'whatwg-url', 'url-parse'] as const;
export type BuiltinParser = (typeof BUILTIN_PARSERS)[number];

type Loader = (id: string) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const defaultLoader: Loader = (id) => require(id);

/** What an object with the URL class's getters gives. */
type URLLike = Readonly<Record<Getter, string>>;

/** A URL object's getters, in their IDL order, as a result. */
function viewOf(u: URLLike, errors?: string[]): Result {
  const r: Record<string, unknown> = { ok: true };
  for (const g of GETTERS) r[g] = u[g];
  if (errors) r.errors = errors;
  return r as Result;
}

function failureOf(e: unknown, errors?: string[]): Result {
  return { ok: false, ...(errors ? { errors } : {}), message: e instanceof Error ? e.message : String(e) };
}

/** The package `name` through `load`, or, when it cannot be loaded, the adapter that says so. */
function loadPackage<T>(load: Loader, name: string): { module: T } | { missing: ParserAdapter } {
  try {
    return { module: load(name) as T };
  } catch (e) {
    return { missing: unavailableAdapter(name, `the package is not installed (${firstLine(e)}); npm install ${name} to include it`) };
  }
}

/** An adapter that says why it cannot run; compareParsers reports it and never calls parse. */
export function unavailableAdapter(name: string, reason: string): ParserAdapter {
  return {
    name,
    unavailable: reason,
    parse: () => {
      throw new AdapterError(`${name} is unavailable: ${reason}`);
    },
  };
}

/** url-grammar: the URL class for the getters, parseWithDiagnostics for the validation errors. */
export function urlGrammarAdapter(): ParserAdapter {
  return {
    name: 'url-grammar',
    version: builtinVersion('url-grammar') ?? undefined,
    parse(input, base) {
      if (base !== null && !GrammarURL.canParse(base)) return { ok: false, message: 'the base URL does not parse' };
      const errors = parseWithDiagnostics(input, { baseURL: base ?? undefined }).errors.map((e) => e.type);
      const url = GrammarURL.parse(input, base ?? undefined);
      return url ? viewOf(url, errors) : { ok: false, errors };
    },
  };
}

interface GrammarModule {
  URL?: { new (input: string, base?: string): URLLike; parse?(input: string, base?: string): URLLike | null; canParse?(input: string, base?: string): boolean };
  parseWithDiagnostics?(input: string, options?: { baseURL?: string }): { errors: Array<{ type: string }> };
}

/**
 * A url-grammar built elsewhere (another checkout or version, `compare --against build:DIR`), loaded
 * from `modulePath` (its package folder or main module) and asked exactly as the reference is
 * (urlGrammarAdapter), so that what differs is what moved between the two builds. A build without
 * parseWithDiagnostics gives no validation errors; one that cannot be loaded is unavailable.
 */
export function urlGrammarBuildAdapter(name: string, modulePath: string, load: Loader = defaultLoader): ParserAdapter {
  let m: GrammarModule;
  try {
    m = load(modulePath) as GrammarModule;
  } catch (e) {
    return unavailableAdapter(name, `cannot load ${modulePath}: ${firstLine(e)}`);
  }
  const U = m.URL;
  if (typeof U !== 'function') return unavailableAdapter(name, `${modulePath} exports no URL class: not a url-grammar build`);
  const diagnose = typeof m.parseWithDiagnostics === 'function' ? m.parseWithDiagnostics.bind(m) : null;
  const make = (input: string, base: string | null): URLLike | null => {
    if (typeof U.parse === 'function') return U.parse(input, base ?? undefined);
    try {
      return base === null ? new U(input) : new U(input, base);
    } catch {
      return null;
    }
  };
  return {
    name,
    parse(input, base) {
      if (base !== null && make(base, null) === null) return { ok: false, message: 'the base URL does not parse' };
      const errors = diagnose ? diagnose(input, { baseURL: base ?? undefined }).errors.map((e) => e.type) : undefined;
      const url = make(input, base);
      return url ? viewOf(url, errors) : { ok: false, ...(errors ? { errors } : {}) };
    },
  };
}

/** Node's global URL (Ada); no validation errors. */
export function nodeAdapter(): ParserAdapter {
  return {
    name: 'node',
    version: builtinVersion('node') ?? undefined,
    parse(input, base) {
      const NodeURL = globalThis.URL;
      try {
        return viewOf(base === null ? new NodeURL(input) : new NodeURL(input, base));
      } catch (e) {
        return failureOf(e);
      }
    },
  };
}

interface LegacyUrl {
  href: string;
  protocol: string | null;
  auth: string | null;
  host: string | null;
  hostname: string | null;
  port: string | null;
  pathname: string | null;
  search: string | null;
  hash: string | null;
}
interface LegacyUrlModule {
  parse(input: string): LegacyUrl;
  resolve(from: string, to: string): string;
}

/**
 * Node's legacy `url.parse` (the API before WHATWG URL), mapped onto the getters as faithfully as
 * its fields allow:
 * - href, protocol, host, port, pathname, search and hash are its fields of the same name, with
 *   null (a part it did not find) as "", and a lone "?" or "#" as "" (the getters' value for an
 *   empty query or fragment);
 * - hostname is its `hostname`, which has no brackets around an IPv6 address (the getter has them):
 *   that difference is its behaviour and is reported as one;
 * - username and password split its `auth` at the first ":"; `auth` is percent-decoded, the getters
 *   are not, so a percent-encoded userinfo shows as a difference;
 * - origin: it has no equivalent (null: not compared); it reports no validation errors;
 * - with a base, the input is resolved with `url.resolve(base, input)` and the result parsed;
 * - it rarely fails: a result without a scheme (a relative reference) counts as failure, and so
 *   does a TypeError it throws. Its deprecation warnings are silenced while it runs.
 */
export function nodeLegacyAdapter(load: Loader = defaultLoader): ParserAdapter {
  let url: LegacyUrlModule;
  try {
    url = load('node:url') as LegacyUrlModule;
  } catch (e) {
    return unavailableAdapter('node-legacy', `node:url cannot be loaded here (${firstLine(e)})`);
  }
  return {
    name: 'node-legacy',
    version: builtinVersion('node-legacy') ?? undefined,
    parse(input, base) {
      const quiet = process.noDeprecation;
      process.noDeprecation = true;
      let u: LegacyUrl;
      try {
        u = url.parse(base === null ? input : url.resolve(base, input));
      } catch (e) {
        return failureOf(e);
      } finally {
        process.noDeprecation = quiet;
      }
      if (!u.protocol) return { ok: false, message: 'no scheme (url.parse parsed a relative reference)' };
      const auth = u.auth ?? '';
      const colon = auth.indexOf(':');
      return {
        ok: true,
        href: u.href,
        protocol: u.protocol,
        username: colon === -1 ? auth : auth.slice(0, colon),
        password: colon === -1 ? '' : auth.slice(colon + 1),
        host: u.host ?? '',
        hostname: u.hostname ?? '',
        port: u.port ?? '',
        pathname: u.pathname ?? '',
        search: u.search === null || u.search === '?' ? '' : u.search,
        hash: u.hash === null || u.hash === '#' ? '' : u.hash,
      };
    },
  };
}

interface WhatwgUrlModule {
  URL: new (input: string, base?: string) => URLLike;
  parseURL(input: string): unknown;
  parseURLWithValidationErrors?(input: string, options?: { baseURL?: unknown }): { url: unknown; validationErrors: Array<{ type: string } | string> };
}

/**
 * whatwg-url (the reference implementation of the standard): its URL class for the getters, and
 * parseURLWithValidationErrors (where the installed version has it) for the error types.
 */
export function whatwgUrlAdapter(load: Loader = defaultLoader): ParserAdapter {
  const pkg = loadPackage<WhatwgUrlModule>(load, 'whatwg-url');
  if ('missing' in pkg) return pkg.missing;
  const w = pkg.module;
  return {
    name: 'whatwg-url',
    version: builtinVersion('whatwg-url') ?? undefined,
    parse(input, base) {
      let errors: string[] | undefined;
      if (typeof w.parseURLWithValidationErrors === 'function') {
        const baseURL = base === null ? null : w.parseURL(base);
        if (base !== null && baseURL === null) return { ok: false, message: 'the base URL does not parse' };
        errors = w.parseURLWithValidationErrors(input, { baseURL }).validationErrors.map((e) => (typeof e === 'string' ? e : e.type));
      }
      try {
        return viewOf(base === null ? new w.URL(input) : new w.URL(input, base), errors);
      } catch (e) {
        return failureOf(e, errors);
      }
    },
  };
}

interface UrlParseInstance {
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  query: string;
  hash: string;
  origin?: string;
}
type UrlParseConstructor = new (address: string, location?: string | object, parser?: boolean) => UrlParseInstance;

/**
 * url-parse, field by field: href, protocol, username, password, host, hostname, port, pathname,
 * hash and origin are its fields of the same name; search is its `query` (kept as a string by
 * passing parser = false). Two steps follow the getters' own definitions rather than url-parse: a
 * lone "?" query and a lone "#" hash become "" (the search and hash getters return "" for an empty
 * query or fragment, and url-parse keeps the mark). url-parse never fails; a result without a
 * scheme (protocol "") is reported as failure, since every URL has a scheme and url-parse then has
 * only parsed a relative reference. Without a base, url-parse is given an empty location object,
 * so that it never resolves against a global `location`. It reports no validation errors.
 */
export function urlParseAdapter(load: Loader = defaultLoader): ParserAdapter {
  const pkg = loadPackage<UrlParseConstructor>(load, 'url-parse');
  if ('missing' in pkg) return pkg.missing;
  const Url = pkg.module;
  return {
    name: 'url-parse',
    version: builtinVersion('url-parse') ?? undefined,
    parse(input, base) {
      let u: UrlParseInstance;
      try {
        u = new Url(input, base === null ? {} : base, false);
      } catch (e) {
        return failureOf(e);
      }
      if (u.protocol === '') return { ok: false, message: 'no scheme (url-parse parsed a relative reference)' };
      const r: Result = {
        ok: true,
        href: u.href,
        protocol: u.protocol,
        username: u.username,
        password: u.password,
        host: u.host,
        hostname: u.hostname,
        port: u.port,
        pathname: u.pathname,
        search: u.query === '?' ? '' : u.query,
        hash: u.hash === '#' ? '' : u.hash,
      };
      if (typeof u.origin === 'string') r.origin = u.origin;
      return r;
    },
  };
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

/** The built-in adapter of that name (an unavailable one when its package is not installed). */
export function builtinAdapter(name: BuiltinParser, load: Loader = defaultLoader): ParserAdapter {
  switch (name) {
    case 'url-grammar':
      return urlGrammarAdapter();
    case 'node':
      return nodeAdapter();
    case 'node-legacy':
      return nodeLegacyAdapter();
    case 'whatwg-url':
      return whatwgUrlAdapter(load);
    case 'url-parse':
      return urlParseAdapter(load);
  }
}

/** The version in the package.json of the package `id`, found from this file's folder as the loader finds the package; null when it cannot be read. */
function packageVersion(id: string): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const v = (require(`${id}/package.json`) as { version?: unknown }).version;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * What a built-in parser is, with its version: url-grammar, whatwg-url and url-parse their
 * package's ("whatwg-url 17.3.0"), node Node's with the version of Ada, the URL parser Node's
 * URL is (`process.versions.ada`), node-legacy Node's. Null when it cannot be found out.
 */
export function builtinVersion(name: BuiltinParser): string | null {
  switch (name) {
    case 'node':
      return `Node ${process.versions.node}${process.versions.ada ? `, ada ${process.versions.ada}` : ''}`;
    case 'node-legacy':
      return `Node ${process.versions.node} (url.parse)`;
    default: {
      const v = packageVersion(name);
      return v === null ? null : `${name} ${v}`;
    }
  }
}

/** The version an AdapterReport gives for the parser `name`: that of the adapter of that name among `adapters`, else a built-in's own. */
export function parserVersion(name: string, adapters: readonly ParserAdapter[] = []): string | null {
  const adapter = adapters.find((a) => a.name === name);
  if (adapter) return adapter.version ?? null;
  return isBuiltinParser(name) ? builtinVersion(name) : null;
}

/** The module each built-in parser loads (null: none, it is part of Node or of this package's own dependency url-grammar). */
const BUILTIN_MODULES: Record<BuiltinParser, string | null> = {
  'url-grammar': null,
  node: null,
  'node-legacy': 'node:url',
  'whatwg-url': 'whatwg-url',
  'url-parse': 'url-parse',
};

/**
 * Whether a built-in parser can run here (what `compare --list` says): its module is resolved
 * from this file's folder, where builtinAdapter's loader finds it, not assumed to be there.
 */
export function builtinAvailability(name: BuiltinParser, resolve: Resolver = defaultResolver): Availability {
  const id = BUILTIN_MODULES[name];
  return id === null ? { available: true } : packageAvailability(id, __dirname, resolve);
}

export function isBuiltinParser(name: string): name is BuiltinParser {
  return (BUILTIN_PARSERS as readonly string[]).includes(name);
}

// ---------------------------------------------------------------------------------------------
// The comparison

/** A component value as disagreements show it: a getter's string, the error list, or for "parse" the href (null: failure). */
export type Value = string | string[] | null;

export interface Disagreement {
  input: string;
  base: string | null;
  ours: Value;
  theirs: Value;
  /** Their failure message, when they failed and said why. */
  message?: string;
}

export interface ComponentTally {
  /** Cases where both answered this component. */
  compared: number;
  /** Of those, the cases where the two agree: by meaning under equivalence "meaning" (./meaning), as text otherwise. */
  agreed: number;
  /** Of those, the cases where the two are the same text (under equivalence "exact", `agreed`). */
  exact: number;
  /** The first disagreements, at most maxExamples. */
  examples: Disagreement[];
}

export interface AdapterReport {
  name: string;
  available: boolean;
  /** Why it is unavailable. */
  unavailable?: string;
  /** Cases it answered (with a URL or a failure). */
  answered: number;
  /** Cases it could not answer (AdapterError), and the distinct reasons, first maxExamples. */
  adapterErrors: number;
  adapterErrorMessages: Array<{ message: string; count: number; input: string; base: string | null }>;
  components: Record<Component, ComponentTally>;
  /** What the parser is, with its versions (ParserAdapter.version, a built-in's own); null when unknown. */
  version: string | null;
}

export interface CompareReport {
  reference: string;
  cases: number;
  /** Cases the reference itself could not answer (they are left out of every count). */
  referenceErrors: number;
  maxExamples: number;
  adapters: AdapterReport[];
}

export interface CompareOptions {
  /** How many disagreements of each kind to keep per adapter. Default 5. */
  maxExamples?: number;
  /** How answers are compared: "meaning" (default; ./meaning's FORGIVEN is forgiven) or "exact" text. */
  equivalence?: Equivalence;
  /** The parser the others are compared with. Default: url-grammar. */
  reference?: ParserAdapter;
}

/** Every input and base as a scalar value string (lone surrogates to U+FFFD), the form every parser is given. */
export function normalizeCases(cases: readonly CompareCase[]): CompareCase[] {
  return cases.map((c) => ({ input: toScalarValueString(c.input), base: c.base === null ? null : toScalarValueString(c.base) }));
}

function asOutcome(value: unknown): Outcome {
  try {
    return toResult(value);
  } catch (e) {
    return new AdapterError(`invalid result: ${(e as Error).message}`);
  }
}

function asAdapterError(e: unknown, name: string): AdapterError {
  if (e instanceof AdapterError) return e;
  return new AdapterError(`${name} threw: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
}

function isPromiseLike(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

/** Runs a synchronous adapter over cases (already scalar value strings); what it throws becomes an AdapterError. */
export function gatherSync(adapter: ParserAdapter, cases: readonly CompareCase[]): Outcome[] {
  if (adapter.parseAllSync) return adapter.parseAllSync(cases).map((o) => (o instanceof AdapterError ? o : asOutcome(o)));
  return cases.map((c) => {
    let r: unknown;
    try {
      r = adapter.parse(c.input, c.base);
    } catch (e) {
      return asAdapterError(e, adapter.name);
    }
    if (isPromiseLike(r)) {
      Promise.resolve(r).catch(() => undefined);
      throw new TypeError(`the ${adapter.name} adapter answers asynchronously: use compareParsers, not compareParsersSync`);
    }
    return asOutcome(r);
  });
}

/** Runs any adapter over cases, all at once; never rejects. */
export async function gatherAsync(adapter: ParserAdapter, cases: readonly CompareCase[]): Promise<Outcome[]> {
  return Promise.all(
    cases.map(async (c) => {
      try {
        return asOutcome(await adapter.parse(c.input, c.base));
      } catch (e) {
        return asAdapterError(e, adapter.name);
      }
    }),
  );
}

function sameErrors(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

function emptyComponents(): Record<Component, ComponentTally> {
  const c = {} as Record<Component, ComponentTally>;
  for (const k of COMPONENTS) c[k] = { compared: 0, agreed: 0, exact: 0, examples: [] };
  return c;
}

/** A report for one adapter with nothing counted yet. */
export function emptyAdapterReport(name: string, version: string | null = null): AdapterReport {
  return { name, version, available: true, answered: 0, adapterErrors: 0, adapterErrorMessages: [], components: emptyComponents() };
}

/**
 * Whether getter `g` of two answers that both parse agrees: as text, or under equivalence
 * "meaning" by what it means (./meaning). Only for values both give.
 */
export function sameGetter(g: Getter, a: Extract<Result, { ok: true }>, b: Extract<Result, { ok: true }>, equivalence: Equivalence = 'meaning'): boolean {
  const x = a[g];
  const y = b[g];
  if (x === y) return true;
  return equivalence === 'meaning' && meaningOf(g, a) === meaningOf(g, b);
}

/** The components on which an adapter's answer `b` differs from the reference's `a` (both answers), by `equivalence`. */
export function differingComponents(a: Result, b: Result, equivalence: Equivalence = 'meaning'): Component[] {
  const out: Component[] = [];
  if (a.ok !== b.ok) out.push('parse');
  if (a.ok && b.ok) {
    for (const g of GETTERS) {
      const x = a[g];
      const y = b[g];
      if (typeof x === 'string' && typeof y === 'string' && !sameGetter(g, a, b, equivalence)) out.push(g);
    }
  }
  if (a.errors && b.errors && !sameErrors(a.errors, b.errors)) out.push('errors');
  return out;
}

/** Counts one case into an adapter's report: `a` is the reference's outcome, `b` the adapter's; getters agree by `equivalence`. */
export function countCase(rep: AdapterReport, c: CompareCase, a: Outcome, b: Outcome, maxExamples: number, equivalence: Equivalence = 'meaning'): void {
  const count = (k: Component, agree: boolean, x: Value, y: Value, message?: string, exact = agree) => {
    const t = rep.components[k];
    t.compared++;
    if (exact) t.exact++;
    if (agree) t.agreed++;
    else if (t.examples.length < maxExamples) t.examples.push({ input: c.input, base: c.base, ours: x, theirs: y, ...(message !== undefined ? { message } : {}) });
  };
  if (b instanceof AdapterError) {
    rep.adapterErrors++;
    const seen = rep.adapterErrorMessages.find((m) => m.message === b.message);
    if (seen) seen.count++;
    else if (rep.adapterErrorMessages.length < maxExamples) rep.adapterErrorMessages.push({ message: b.message, count: 1, input: c.input, base: c.base });
    return;
  }
  rep.answered++;
  if (a instanceof AdapterError) return;
  count('parse', a.ok === b.ok, a.ok ? a.href : null, b.ok ? b.href : null, b.ok ? undefined : b.message);
  if (a.ok && b.ok) {
    for (const g of GETTERS) {
      const x = a[g];
      const y = b[g];
      if (typeof x === 'string' && typeof y === 'string') count(g, sameGetter(g, a, b, equivalence), x, y, undefined, x === y);
    }
  }
  if (a.errors && b.errors) count('errors', sameErrors(a.errors, b.errors), a.errors, b.errors);
}

function tally(a: ParserAdapter, cases: readonly CompareCase[], ours: readonly Outcome[], theirs: readonly Outcome[], maxExamples: number, equivalence: Equivalence): AdapterReport {
  const rep = emptyAdapterReport(a.name, a.version ?? null);
  cases.forEach((c, i) => countCase(rep, c, ours[i], theirs[i], maxExamples, equivalence));
  return rep;
}

function unavailableReport(a: ParserAdapter): AdapterReport {
  return { name: a.name, version: a.version ?? null, available: false, unavailable: a.unavailable, answered: 0, adapterErrors: 0, adapterErrorMessages: [], components: emptyComponents() };
}

/** Compares every adapter with the reference on `cases`; adapters may answer asynchronously. */
export async function compareParsers(cases: readonly CompareCase[], adapters: readonly ParserAdapter[], options: CompareOptions = {}): Promise<CompareReport> {
  const maxExamples = options.maxExamples ?? 5;
  const reference = options.reference ?? urlGrammarAdapter();
  const norm = normalizeCases(cases);
  const ours = await gatherAsync(reference, norm);
  const reports: AdapterReport[] = [];
  try {
    for (const a of adapters) {
      if (a.unavailable !== undefined) {
        reports.push(unavailableReport(a));
        continue;
      }
      const theirs = await gatherAsync(a, norm);
      if (a.close) await a.close();
      reports.push(tally(a, norm, ours, theirs, maxExamples, options.equivalence ?? 'meaning'));
    }
  } finally {
    if (reference.close) await reference.close();
  }
  return finish(reference.name, norm, ours, reports, maxExamples);
}

/**
 * The same, without waiting: every adapter must answer synchronously or have parseAllSync (a child
 * process adapter runs its child once with all requests; its close() is not needed).
 */
export function compareParsersSync(cases: readonly CompareCase[], adapters: readonly ParserAdapter[], options: CompareOptions = {}): CompareReport {
  const maxExamples = options.maxExamples ?? 5;
  const reference = options.reference ?? urlGrammarAdapter();
  const norm = normalizeCases(cases);
  const ours = gatherSync(reference, norm);
  const reports = adapters.map((a) => (a.unavailable !== undefined ? unavailableReport(a) : tally(a, norm, ours, gatherSync(a, norm), maxExamples, options.equivalence ?? 'meaning')));
  return finish(reference.name, norm, ours, reports, maxExamples);
}

function finish(reference: string, cases: readonly CompareCase[], ours: readonly Outcome[], adapters: AdapterReport[], maxExamples: number): CompareReport {
  return { reference, cases: cases.length, referenceErrors: ours.filter((o) => o instanceof AdapterError).length, maxExamples, adapters };
}
