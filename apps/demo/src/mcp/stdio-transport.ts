/**
 * MCP over stdin/stdout, a message a line, in place of the SDK's `StdioServerTransport`: every
 * line that is not a notification is answered (jsonrpc-check.ts), a line longer than
 * `MAX_LINE_BYTES` is answered once it passes the bound and the rest of it skipped unread, and
 * answers the client does not read yet wait for one `drain` (the SDK's transport adds a listener
 * per answer: a pipelined burst of 11 or more printed `MaxListenersExceededWarning`), with no
 * further line read meanwhile, so memory stays bounded by what the client reads.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkMessage, jsonRpcError } from './jsonrpc-check.js';

/** The longest line read: 4 MB, the bound of the SDK's HTTP transport on a request body. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

const NEWLINE = 0x0a;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  #parts: Buffer[] = [];
  #length = 0;
  /** Skipping the rest of a line too long to read. */
  #skipping = false;
  #drained: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  readonly #onData = (chunk: Buffer) => this.#read(chunk);
  readonly #onEnd = () => {
    // A last line without its newline is a line too.
    if (!this.#skipping && this.#length > 0) this.#line(Buffer.concat(this.#parts));
    this.#parts = [];
    this.#length = 0;
  };
  readonly #onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.input.on('data', this.#onData);
    this.input.on('end', this.#onEnd);
    this.input.on('error', this.#onError);
  }

  #read(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const end = chunk.indexOf(NEWLINE, from);
      const piece = chunk.subarray(from, end === -1 ? chunk.length : end);
      from = end === -1 ? chunk.length : end + 1;
      if (!this.#skipping) {
        this.#parts.push(piece);
        this.#length += piece.length;
        if (this.#length > this.maxLineBytes) {
          this.#parts = [];
          this.#length = 0;
          this.#skipping = true;
          this.#answer(jsonRpcError(ErrorCode.ParseError, `parse error: a line longer than ${this.maxLineBytes} bytes is not read`, null));
        }
      }
      if (end === -1) return;
      if (this.#skipping) this.#skipping = false;
      else this.#line(Buffer.concat(this.#parts, this.#length));
      this.#parts = [];
      this.#length = 0;
    }
  }

  #line(bytes: Buffer): void {
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return; // a blank line is no message
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const why = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      this.#answer(jsonRpcError(ErrorCode.ParseError, `parse error: not JSON (${why})`, null));
      return;
    }
    const checked = checkMessage(value);
    if ('reply' in checked) this.#answer(checked.reply);
    else if ('message' in checked) this.onmessage?.(checked.message);
  }

  #answer(message: JSONRPCMessage): void {
    this.send(message).catch((error: unknown) => this.onerror?.(error as Error));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return;
    if (this.output.write(`${JSON.stringify(message)}\n`)) return;
    await this.#drain();
  }

  /** One wait for the client to read, however many answers wait with it; no line is read meanwhile. */
  #drain(): Promise<void> {
    this.#drained ??= new Promise<void>((resolve) => {
      this.input.pause();
      const done = () => {
        this.output.off('drain', done);
        this.output.off('close', done);
        this.#drained = undefined;
        if (!this.#closed) this.input.resume();
        resolve();
      };
      this.output.on('drain', done);
      this.output.on('close', done);
    });
    return this.#drained;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.input.off('data', this.#onData);
    this.input.off('end', this.#onEnd);
    this.input.off('error', this.#onError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.onclose?.();
  }
}
