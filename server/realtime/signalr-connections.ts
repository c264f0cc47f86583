import crypto from 'node:crypto';
import { SignalRConnection, type SignalRLimits } from './signalr-connection';
import type { Payload } from './signalr-transports';

/** Every connection by its token, and the indexes a broadcast, a session's end and the host page need. */
export class SignalRConnections {
  private readonly byToken = new Map<string, SignalRConnection>();
  private readonly open = new Set<SignalRConnection>();
  /** Negotiated or opened, not yet through the handshake: capped, so a flood of negotiates fills nothing. */
  private readonly pending = new Set<SignalRConnection>();
  private readonly byUser = new Map<string, Set<SignalRConnection>>();

  constructor(readonly limits: SignalRLimits) {}

  /** A new connection of the account, or why not: too many of its own, or of everyone's, are already starting. */
  create(userId: string, options: { tokenIsId?: boolean } = {}): SignalRConnection | 'account busy' | 'server busy' {
    const ofAccount = [...(this.byUser.get(userId) ?? [])].filter((connection) => this.pending.has(connection)).length;
    if (ofAccount >= this.limits.maxPendingPerAccount) return 'account busy';
    if (this.pending.size >= this.limits.maxPending) return 'server busy';
    const id = crypto.randomBytes(16).toString('base64url');
    // Version 0 of negotiate has no separate token: the id is the secret that names the connection.
    const token = options.tokenIsId ? id : crypto.randomBytes(24).toString('base64url');
    const connection = new SignalRConnection(id, token, userId, this.limits, {
      opened: (opened) => {
        this.pending.delete(opened);
        this.open.add(opened);
      },
      closed: (closed) => this.forget(closed, Date.now()),
    });
    this.byToken.set(token, connection);
    this.pending.add(connection);
    let ofUser = this.byUser.get(userId);
    if (!ofUser) this.byUser.set(userId, (ofUser = new Set()));
    ofUser.add(connection);
    return connection;
  }

  find(token: string): SignalRConnection | undefined {
    return this.byToken.get(token);
  }

  get size(): number {
    return this.byToken.size;
  }

  /** Connections through the handshake: those a broadcast reaches. */
  get openCount(): number {
    return this.open.size;
  }

  broadcast(payload: Payload): void {
    for (const connection of this.open) connection.send(payload);
  }

  ofUser(userId: string): SignalRConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): SignalRConnection[] {
    return [...this.byToken.values()];
  }

  onlineUserIds(): string[] {
    const users = new Set<string>();
    for (const connection of this.open) users.add(connection.userId);
    return [...users];
  }

  /** Pings, timeouts, and forgetting closed connections whose last words were delivered. */
  sweep(now: number): void {
    for (const connection of this.byToken.values()) {
      connection.tick(now);
      if (connection.state === 'closed') this.forget(connection, now);
    }
  }

  private forget(connection: SignalRConnection, now: number): void {
    this.pending.delete(connection);
    this.open.delete(connection);
    const ofUser = this.byUser.get(connection.userId);
    ofUser?.delete(connection);
    if (ofUser?.size === 0) this.byUser.delete(connection.userId);
    // A long-polling client collects its Close message with its next poll; until then the token stays known.
    if (!connection.transport || connection.transport.done(now)) this.byToken.delete(connection.token);
  }

  /** Hangs up on whatever is left (the server is closing). */
  destroyAll(): void {
    for (const connection of this.byToken.values()) connection.transport?.destroy();
    this.byToken.clear();
  }
}
