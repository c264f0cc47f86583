import { HANDSHAKE_OK, PING, RecordReader, closeMessage, completionError, handshakeError, noSuchMethod, readHandshake, readMessage } from './signalr-protocol';
import { Payload, type Transport } from './signalr-transports';

/** How long each stage of a connection may last, and how much a client may send or leave unread. */
export interface SignalRLimits {
  /** A negotiated connection that no transport has opened by then is dropped. ASP.NET: 15 s. */
  connectTimeoutMs: number;
  /** From the transport opening to the client's handshake. ASP.NET: 15 s. */
  handshakeTimeoutMs: number;
  /** The server pings an open connection that has been sent nothing for this long. ASP.NET: 15 s. */
  pingIntervalMs: number;
  /**
   * A client that sends nothing (its pings come every 15 s) for this long is gone. ASP.NET: 30 s. Long
   * polling has its own measure (no poll open for the disconnect timeout): its clients do not ping.
   */
  clientTimeoutMs: number;
  /** An empty poll is answered after this long. ASP.NET: 90 s; the client gives up on a poll after 100 s. */
  pollTimeoutMs: number;
  /** A long-polling client with no poll open for this long is gone. ASP.NET: 15 s. */
  disconnectTimeoutMs: number;
  /** Connections negotiated or opened but not through their handshake, all accounts together. */
  maxPending: number;
  /**
   * The same, of one account: a member with a few tabs reconnecting at once needs a handful; one account's
   * flood must not take the places of everyone else's.
   */
  maxPendingPerAccount: number;
  /** One message from a client (a WebSocket message, a POST body, an unfinished record). */
  maxMessageBytes: number;
  /** What may wait for one slow client before its connection is closed (it reconnects and refetches). */
  maxBacklogBytes: number;
  /** How often the clock is checked (pings, timeouts). */
  sweepMs: number;
}

export const DEFAULT_LIMITS: SignalRLimits = {
  connectTimeoutMs: 15_000,
  handshakeTimeoutMs: 15_000,
  pingIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  pollTimeoutMs: 90_000,
  disconnectTimeoutMs: 15_000,
  maxPending: 1_000,
  maxPendingPerAccount: 50,
  maxMessageBytes: 32 * 1024,
  maxBacklogBytes: 16 * 1024 * 1024,
  sweepMs: 1_000,
};

export type ConnectionState = 'negotiated' | 'handshaking' | 'open' | 'closed';

/** What the hub's registry (signalr-hub.ts) learns of a connection's life. */
export interface ConnectionEvents {
  opened(connection: SignalRConnection): void;
  closed(connection: SignalRConnection): void;
}

const PING_PAYLOAD = new Payload(PING);
const HANDSHAKE_OK_PAYLOAD = new Payload(HANDSHAKE_OK);

/**
 * One SignalR connection of one account: negotiated, then opened by a transport, then open once its
 * handshake asked for the JSON protocol; closed by either side, a timeout, or the account's sessions ending.
 */
export class SignalRConnection {
  state: ConnectionState = 'negotiated';
  transport: Transport | null = null;
  /** A POST from the client is being read: a second one meanwhile is a 409, as ASP.NET answers. */
  receiving = false;
  private stateSince = Date.now();
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private readonly reader: RecordReader;

  constructor(
    /** Public id of the connection (negotiate's connectionId). */
    readonly id: string,
    /** The secret that names it in the transport's requests (negotiate's connectionToken). */
    readonly token: string,
    readonly userId: string,
    private readonly limits: SignalRLimits,
    private readonly events: ConnectionEvents,
  ) {
    this.reader = new RecordReader(limits.maxMessageBytes);
  }

  /** Read through a getter: the state can change under a caller while it works. */
  get closed(): boolean {
    return this.state === 'closed';
  }

  attach(transport: Transport): void {
    this.transport = transport;
    this.setState('handshaking');
    transport.start({ receive: (text) => this.receive(text), ended: () => this.ended() });
  }

  /** Text from the client, over its WebSocket or a POST: records, the first of them the handshake. */
  receive(text: string): void {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    const records = this.reader.read(text);
    if (records === 'too-large') return this.fail('a message was larger than the server accepts');
    for (const record of records) {
      if (this.closed) return;
      if (this.state === 'handshaking') this.handshake(record);
      else this.dispatch(record);
    }
  }

  send(payload: Payload): void {
    if (this.state !== 'open' || !this.transport) return;
    this.lastSent = Date.now();
    // Too much waits for this client: better it reconnect and refetch than the server hold it all.
    if (!this.transport.send(payload)) this.close({ error: 'The client did not keep up with the server.', allowReconnect: true });
  }

  /**
   * Closes the connection. An open one is told why first (a Close message), and whether to come back:
   * `allowReconnect` for a restart or a restore, not when the account's sessions ended.
   */
  close(options: { error?: string; allowReconnect?: boolean } = {}): void {
    if (this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    this.setState('closed');
    if (wasOpen) this.transport?.send(new Payload(closeMessage(options.error, options.allowReconnect)));
    this.transport?.end();
    this.events.closed(this);
  }

  /** The client is leaving (its Close message, long polling's DELETE): there is no one to tell. */
  leave(): void {
    if (this.state === 'closed') return;
    this.setState('closed');
    this.transport?.end();
    this.events.closed(this);
  }

  /** Checks the clock: a ping due, a stage that lasted too long, a client gone quiet. */
  tick(now: number): void {
    const inState = now - this.stateSince;
    switch (this.state) {
      case 'negotiated':
        if (inState > this.limits.connectTimeoutMs) this.close();
        return;
      case 'handshaking':
        if (inState > this.limits.handshakeTimeoutMs || this.transport?.idle(now)) this.close();
        return;
      case 'open':
        if (this.transport?.idle(now)) return this.close();
        if (this.transport?.kind !== 'LongPolling' && now - this.lastReceived > this.limits.clientTimeoutMs) {
          return this.close({ error: 'The server heard nothing from the client for too long.', allowReconnect: true });
        }
        if (now - this.lastSent >= this.limits.pingIntervalMs) this.send(PING_PAYLOAD);
        return;
      case 'closed':
        return;
    }
  }

  private handshake(record: string): void {
    const handshake = readHandshake(record);
    if (!handshake.ok) {
      // The answer a SignalR client reads to tell why it cannot connect; then the connection ends.
      this.transport?.send(new Payload(handshakeError(handshake.error)));
      return this.close();
    }
    this.setState('open');
    this.lastSent = Date.now();
    this.transport?.send(HANDSHAKE_OK_PAYLOAD);
    this.events.opened(this);
  }

  private dispatch(record: string): void {
    const message = readMessage(record);
    switch (message.kind) {
      case 'close':
        return this.leave();
      case 'call':
        this.send(new Payload(completionError(message.invocationId, noSuchMethod(message.target))));
        return;
      case 'invalid':
        return this.fail(message.reason);
      case 'ping':
      case 'nothing':
        return;
    }
  }

  /** A client that broke the protocol is told so and not invited back: it would only break it again. */
  private fail(reason: string): void {
    if (this.state === 'handshaking') {
      this.transport?.send(new Payload(handshakeError(`The handshake failed: ${reason}.`)));
      return this.close();
    }
    this.close({ error: `Connection closed with an error: ${reason}.` });
  }

  /** The transport went away under the connection (socket closed, event stream dropped). */
  private ended(): void {
    if (this.state === 'closed') return;
    this.setState('closed');
    this.events.closed(this);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.stateSince = Date.now();
  }
}
