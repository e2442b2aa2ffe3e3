// A bare Language Server Protocol client for the tests: it starts `url-grammar lsp` (the core's
// built command, which finds this package's built dist/ as an installed copy would), frames
// messages by hand (so that a test can also send what no library would), and keeps what the
// server says.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

export const CORE_ROOT = join(__dirname, '..', '..', '..', '..');
export const CLI = join(CORE_ROOT, 'dist', 'src', 'cli.js');

export interface Message {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  result?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  error?: { code: number; message: string };
}

export class Client {
  readonly child: ChildProcessWithoutNullStreams;
  readonly received: Message[] = [];
  stderr = '';
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private waiters: Array<() => void> = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[] = ['lsp', '--stdio'], node = process.execPath) {
    this.child = spawn(node, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => this.data(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  private data(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, end).toString())![1]);
      if (this.buffer.length < end + 4 + length) return;
      this.received.push(JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString('utf8')) as Message);
      this.buffer = this.buffer.subarray(end + 4 + length);
      for (const w of this.waiters.splice(0)) w();
    }
  }

  /** Writes bytes as they are. */
  raw(bytes: string | Buffer): void {
    this.child.stdin.write(bytes);
  }

  send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.raw(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }

  notify(method: string, params?: unknown): void {
    this.send({ method, params });
  }

  async request(method: string, params?: unknown): Promise<Message> {
    const id = this.nextId++;
    this.send({ id, method, params });
    return this.waitFor((m) => m.id === id && m.method === undefined);
  }

  /** The first message received (since `from`) that `test` accepts; fails after `ms`. */
  async waitFor(test: (m: Message) => boolean, ms = 20_000, from = 0): Promise<Message> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.received.slice(from).find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such message within ${ms} ms; received: ${JSON.stringify(this.received.map((m) => m.method ?? m.id)).slice(0, 800)}; stderr: ${this.stderr.slice(0, 800)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The diagnostics of `uri` published for `version`, the last one that `test` accepts. */
  async diagnostics(uri: string, version: number, test: (d: any[]) => boolean = () => true, ms = 20_000): Promise<any[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const m = await this.waitFor((x) => x.method === 'textDocument/publishDiagnostics' && x.params.uri === uri && x.params.version === version && test(x.params.diagnostics), ms);
    return m.params.diagnostics;
  }

  async initialize(options: { rootUri?: string | null; initializationOptions?: unknown; processId?: number | null; capabilities?: object } = {}): Promise<Message> {
    const r = await this.request('initialize', {
      processId: options.processId ?? process.pid,
      rootUri: options.rootUri ?? null,
      initializationOptions: options.initializationOptions,
      capabilities: options.capabilities ?? { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] }, publishDiagnostics: { relatedInformation: true } }, workspace: { workspaceEdit: { documentChanges: true } } },
    });
    this.notify('initialized', {});
    return r;
  }

  /** shutdown, exit, and the exit status. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    await this.request('shutdown');
    this.notify('exit');
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
