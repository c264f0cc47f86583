import type { ServerResponse } from 'node:http';
import WebSocket from 'ws';

/**
 * The three ways a SignalR connection carries the server's messages (Microsoft's TransportProtocols.md):
 * a WebSocket both ways; or Server-Sent Events or long polling down, with the client's messages coming up
 * as HTTP POSTs (signalr-endpoint.ts hands those to the connection). Each transport bounds what waits for
 * a slow client: past `maxBacklog` bytes, `send` says no and the connection closes rather than queue on.
 */

/** Text sent to one or many connections; a broadcast is encoded once, for every transport, however many clients. */
export class Payload {
  private encoded?: Buffer;
  private event?: Buffer;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.text));
  }

  /**
   * One unnamed server-sent event: a `data:` line per line of text, then a blank line. JSON never holds a
   * raw line break, so this is one line, but a line break must not end the event early.
   */
  get sse(): Buffer {
    return (this.event ??= Buffer.from(
      `${this.text
        .split(/\r\n|\r|\n/)
        .map((line) => `data: ${line}\r\n`)
        .join('')}\r\n`,
    ));
  }
}

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

export interface TransportEvents {
  /** Text from the client (WebSockets only; the others receive through POST). */
  receive(text: string): void;
  /** The client went away: the socket closed, the event stream was dropped. */
  ended(): void;
}

export interface Transport {
  readonly kind: TransportKind;
  start(events: TransportEvents): void;
  /** Sends, or answers false when the client has let too much pile up. */
  send(payload: Payload): boolean;
  /** Ends the transport once what was sent has gone out. */
  end(): void;
  /** The client went away without hanging up (long polling: no poll open for the disconnect timeout). */
  idle(now: number): boolean;
  /** Nothing is left to deliver: the connection can be forgotten. */
  done(now: number): boolean;
  /** Hangs up at once (the server is closing and the client did not let go). */
  destroy(): void;
}

export class WebSocketTransport implements Transport {
  readonly kind = 'WebSockets';

  constructor(
    private readonly socket: WebSocket,
    private readonly maxBacklog: number,
  ) {}

  start(events: TransportEvents): void {
    // JSON comes in text frames; a binary frame of UTF-8 reads the same (ASP.NET accepts either).
    this.socket.on('message', (data: WebSocket.RawData) => events.receive(asText(data)));
    this.socket.once('close', () => events.ended());
    // A bad frame or an oversized message: ws closes the socket itself (1002, 1009) and 'close' follows.
    this.socket.on('error', () => {});
  }

  send(payload: Payload): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return true;
    if (this.socket.bufferedAmount > this.maxBacklog) return false;
    this.socket.send(payload.bytes, { binary: false });
    return true;
  }

  end(): void {
    this.socket.close(1000);
  }

  idle(): boolean {
    return false;
  }

  /** The closing handshake is over (or the socket dropped): the server's close need not wait for it. */
  done(): boolean {
    return this.socket.readyState === WebSocket.CLOSED;
  }

  destroy(): void {
    this.socket.terminate();
  }
}

export class ServerSentEventsTransport implements Transport {
  readonly kind = 'ServerSentEvents';

  constructor(
    private readonly response: ServerResponse,
    private readonly maxBacklog: number,
  ) {}

  start(events: TransportEvents): void {
    this.response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-store',
      // nginx would otherwise hold events back until its buffer fills.
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    // A comment, so that the headers go out now and the client's event source opens.
    this.response.write(':\r\n\r\n');
    this.response.once('close', () => events.ended());
  }

  send(payload: Payload): boolean {
    if (this.response.writableEnded) return true;
    if (this.response.writableLength > this.maxBacklog) return false;
    this.response.write(payload.sse);
    return true;
  }

  end(): void {
    if (!this.response.writableEnded) this.response.end();
  }

  idle(): boolean {
    return false;
  }

  done(): boolean {
    return this.response.writableFinished || this.response.destroyed;
  }

  destroy(): void {
    this.response.destroy();
  }
}

export interface PollTiming {
  /** A poll with nothing to deliver is answered empty (200) after this long; the client polls again. */
  pollTimeoutMs: number;
  /** A client that has had no poll open for this long is gone (closed its tab, lost its network). */
  disconnectTimeoutMs: number;
}

/**
 * Long polling: the client keeps one GET open; the server answers it with whatever is waiting, or empty
 * after the poll timeout, and the client asks again. After the connection closes, the next poll gets what
 * was left (the Close message), and the one after that 204, which tells the client it is over.
 */
export class LongPollingTransport implements Transport {
  readonly kind = 'LongPolling';
  private queue: Payload[] = [];
  private queued = 0;
  private poll: { response: ServerResponse; timer: NodeJS.Timeout } | null = null;
  private ended = false;
  /** When the last poll ended (or the transport started), while no poll is open. */
  private idleSince: number;

  constructor(
    private readonly timing: PollTiming,
    private readonly maxBacklog: number,
  ) {
    this.idleSince = Date.now();
  }

  start(): void {}

  /** A GET from the client. */
  receivePoll(response: ServerResponse): void {
    // A new poll while one is open: the client gave up on the old one (its timeout, a proxy's); that one ends.
    if (this.poll) this.answer(204);
    if (this.ended && this.queue.length === 0) {
      respond(response, 204);
      return;
    }
    const timer = setTimeout(() => this.answer(200), this.timing.pollTimeoutMs);
    this.poll = { response, timer };
    response.once('close', () => {
      if (this.poll?.response !== response) return;
      clearTimeout(timer);
      this.poll = null;
      this.idleSince = Date.now();
    });
    if (this.queue.length > 0 || this.ended) this.answer(200);
  }

  send(payload: Payload): boolean {
    if (this.ended) return true;
    if (this.queued + payload.text.length > this.maxBacklog) return false;
    this.queue.push(payload);
    this.queued += payload.text.length;
    if (this.poll) this.answer(200);
    return true;
  }

  end(): void {
    this.ended = true;
    if (this.poll) this.answer(this.queue.length > 0 ? 200 : 204);
  }

  /** No poll has been open for the disconnect timeout: the client is gone. */
  idle(now: number): boolean {
    return !this.poll && now - this.idleSince > this.timing.disconnectTimeoutMs;
  }

  done(now: number): boolean {
    return this.ended && !this.poll && (this.queue.length === 0 || this.idle(now));
  }

  destroy(): void {
    this.ended = true;
    this.queue = [];
    this.poll?.response.destroy();
  }

  /** Answers the open poll with what is queued (all of it, in order), or with 204 when told so. */
  private answer(status: 200 | 204): void {
    const poll = this.poll;
    if (!poll) return;
    this.poll = null;
    clearTimeout(poll.timer);
    this.idleSince = Date.now();
    if (status === 204) return respond(poll.response, 204);
    // One broadcast waiting (the usual case) goes out as the bytes every client shares, uncopied.
    const body = this.queue.length === 1 ? this.queue[0]!.bytes : Buffer.concat(this.queue.map((payload) => payload.bytes));
    this.queue = [];
    this.queued = 0;
    respond(poll.response, 200, body);
  }
}

function respond(response: ServerResponse, status: 200 | 204, body?: Buffer): void {
  if (response.headersSent || response.destroyed) return;
  const headers = { 'Cache-Control': 'no-cache, no-store', 'X-Content-Type-Options': 'nosniff' };
  if (status === 204) response.writeHead(204, headers);
  else response.writeHead(200, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body?.length ?? 0 });
  response.end(body);
}

/** A WebSocket message as text (ws hands over one Buffer unless told to do otherwise). */
function asText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
