// Reading the client's messages: the base protocol's framing (header lines, then `Content-Length`
// bytes of JSON), with a clear answer to what is malformed and the server going on after it.
//
// vscode-jsonrpc's own stream reader drops a message that is not JSON without a word, and after a
// header without Content-Length it reads the next message's header as part of a body, losing it.
// This reader answers each malformed message with a JSON-RPC error response (id null, as JSON-RPC
// 2.0 says for a message whose id cannot be read): -32700 "Parse error" for a body that is not
// JSON or a header block that cannot be read, -32600 "Invalid Request" for JSON that is no
// JSON-RPC message. After a header block without a usable Content-Length it looks for the next
// "Content-Length:" header and reads on from there. A message longer than MAX_MESSAGE_BYTES is
// answered with an error and skipped as it arrives, never held: memory stays bounded whatever the
// client sends.

import type { Readable } from 'node:stream';
import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from 'vscode-languageserver/node';

/** The longest message read (a document of 64 MiB in a didOpen is far past what is linted anyway). */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** The longest header block: past it without an end, the bytes are not a header. */
const MAX_HEADER_BYTES = 8 * 1024;

const CRLF2 = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('content-length:');

/** A JSON-RPC error response to a message that could not be read. */
export interface ReadError {
  code: -32700 | -32600;
  message: string;
}

export class FramedReader extends AbstractMessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  /** The length of the body being read, or -1 between messages. */
  private bodyLength = -1;
  /** Bytes still to skip of a message too long to read. */
  private skipping = 0;
  private callback: DataCallback | null = null;

  constructor(
    private readonly input: Readable,
    /** Told of each malformed message (the server answers it and logs it). */
    private readonly onMalformed: (error: ReadError) => void,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const data = (chunk: Buffer) => this.data(chunk);
    const close = () => this.fireClose();
    const error = (e: Error) => this.fireError(e);
    this.input.on('data', data);
    this.input.on('end', close);
    this.input.on('close', close);
    this.input.on('error', error);
    return {
      dispose: () => {
        this.input.off('data', data);
        this.input.off('end', close);
        this.input.off('close', close);
        this.input.off('error', error);
      },
    };
  }

  private data(chunk: Buffer): void {
    if (this.skipping > 0) {
      const n = Math.min(this.skipping, chunk.length);
      this.skipping -= n;
      chunk = chunk.subarray(n);
      if (chunk.length === 0) return;
    }
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.bodyLength === -1 && !this.header()) return;
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, this.buffer.length);
        this.skipping -= n;
        this.buffer = this.buffer.subarray(n);
        if (this.skipping > 0) return;
        this.bodyLength = -1;
        continue;
      }
      if (this.buffer.length < this.bodyLength) return;
      const body = this.buffer.subarray(0, this.bodyLength);
      this.buffer = this.buffer.subarray(this.bodyLength);
      this.bodyLength = -1;
      this.message(body);
    }
  }

  /** Reads a header block from the buffer (after any malformed ones); false when more bytes are needed. */
  private header(): boolean {
    for (;;) {
      const read = this.headerBlock();
      if (read !== 'again') return read;
    }
  }

  private headerBlock(): boolean | 'again' {
    const end = this.buffer.indexOf(CRLF2);
    if (end === -1) {
      if (this.buffer.length > MAX_HEADER_BYTES) this.resync('a header block that does not end (no empty line after it)', this.buffer.length);
      return false;
    }
    const lines = this.buffer.subarray(0, end).toString('ascii').split('\r\n');
    let length: number | null = null;
    let bad: string | null = null;
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) {
        bad = 'a header line without "name: value"';
        break;
      }
      if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
      const value = line.slice(colon + 1).trim();
      if (!/^[0-9]{1,15}$/.test(value)) {
        bad = 'a Content-Length that is not a number of bytes';
        break;
      }
      length = Number(value);
    }
    if (bad === null && length === null) bad = 'a header block without Content-Length';
    if (bad !== null) {
      this.resync(bad, end + CRLF2.length);
      return this.buffer.length > 0 ? 'again' : false;
    }
    this.buffer = this.buffer.subarray(end + CRLF2.length);
    this.bodyLength = length!;
    if (length! > MAX_MESSAGE_BYTES) {
      this.onMalformed({ code: -32600, message: `Invalid Request: a message of ${length} bytes, over the ${MAX_MESSAGE_BYTES} this server reads; skipped` });
      this.skipping = length!;
    }
    return true;
  }

  /** Says what was wrong, drops `consumed` bytes, and goes on from the next Content-Length header. */
  private resync(what: string, consumed: number): void {
    this.onMalformed({ code: -32700, message: `Parse error: ${what}; reading on from the next Content-Length header` });
    const rest = this.buffer.subarray(consumed);
    const at = indexOfHeader(rest);
    this.buffer = at === -1 ? Buffer.alloc(0) : rest.subarray(at);
  }

  private message(body: Buffer): void {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch (e) {
      this.onMalformed({ code: -32700, message: `Parse error: the body is not JSON (${(e as Error).message})` });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value) || (value as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
      this.onMalformed({ code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message object (a "jsonrpc": "2.0" member is required)' });
      return;
    }
    const m = value as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
    if (m.method !== undefined && typeof m.method !== 'string') {
      this.onMalformed({ code: -32600, message: 'Invalid Request: "method" must be a string' });
      return;
    }
    if (m.method === undefined && !('result' in m) && !('error' in m)) {
      this.onMalformed({ code: -32600, message: 'Invalid Request: neither a request, a notification nor a response (no "method", "result" or "error")' });
      return;
    }
    this.callback?.(value as Message);
  }
}

/** Where the next header line naming Content-Length starts in `bytes` (at its start or after a CR LF), or -1. */
function indexOfHeader(bytes: Buffer): number {
  const lower = Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1');
  for (let at = lower.indexOf(CONTENT_LENGTH); at !== -1; at = lower.indexOf(CONTENT_LENGTH, at + 1)) {
    if (at === 0 || (bytes[at - 2] === 13 && bytes[at - 1] === 10)) return at;
  }
  return -1;
}
