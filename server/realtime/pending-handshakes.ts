import type http from 'node:http';
import { addressKey } from '../http/client-address';

export interface HandshakeLimits {
  /** Handshakes of one client address that have not yet joined the hub (a live session, or a refusal). */
  perAddress: number;
  /** Such handshakes over all addresses. */
  overall: number;
  /** How long a connection may take to join after its handshake; socket.io's default is 45 s. */
  connectMs: number;
}

/**
 * A socket.io client sends its token right after the handshake, so a member's joins within milliseconds;
 * a club's thousand members reconnecting at once after a restart stay well below the overall cap, and a
 * client refused for now tries again shortly (socket.io-client's back-off). An engine.io session held open
 * without joining costs some 6 KB: 20,000 of them held 115 MB for socket.io's 45 s.
 */
export const HANDSHAKE_LIMITS: HandshakeLimits = { perAddress: 256, overall: 2_000, connectMs: 10_000 };

/** An engine.io connection, as far as counting it needs. */
export interface EngineConnection {
  request: http.IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
  /** With `discard`, closes at once even over long-polling, where a close otherwise waits for the client's next poll (30 s). */
  close(discard?: boolean): void;
}

/**
 * Counts engine.io sessions that have not yet joined the hub, per client address and overall, and refuses
 * a new handshake beyond either cap (engine.io answers it 403, and the client tries again later). Those
 * that have not joined after `connectMs` are closed outright (socket.io's own connectTimeout, set later than
 * this, closes them in order: a long-polling session then lingers until its client polls again, 30 s at most).
 */
export class PendingHandshakes {
  private readonly byAddress = new Map<string, number>();
  private readonly pending = new Map<EngineConnection, { key: string; timer: NodeJS.Timeout }>();

  constructor(
    private readonly limits: HandshakeLimits,
    private readonly addressOf: (request: http.IncomingMessage) => string | undefined,
  ) {}

  /** engine.io's `allowRequest`: asked for every new session's first request. */
  readonly allowRequest = (request: http.IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const key = addressKey(this.addressOf(request));
    if (this.pending.size >= this.limits.overall || (this.byAddress.get(key) ?? 0) >= this.limits.perAddress) return callback('busy', false);
    callback(null, true);
  };

  /** A session opened (engine.io's 'connection'): it counts until it joins or closes. */
  opened(connection: EngineConnection): void {
    const key = addressKey(this.addressOf(connection.request));
    const timer = setTimeout(() => connection.close(true), this.limits.connectMs);
    this.pending.set(connection, { key, timer });
    this.byAddress.set(key, (this.byAddress.get(key) ?? 0) + 1);
    connection.once('close', () => this.settled(connection));
  }

  /** The session joined the hub, or closed. */
  settled(connection: EngineConnection): void {
    const { key, timer } = this.pending.get(connection) ?? {};
    if (key === undefined) return;
    clearTimeout(timer);
    this.pending.delete(connection);
    const left = (this.byAddress.get(key) ?? 1) - 1;
    if (left > 0) this.byAddress.set(key, left);
    else this.byAddress.delete(key);
  }

  /** Sessions not yet joined, overall (tests). */
  get size(): number {
    return this.pending.size;
  }
}
