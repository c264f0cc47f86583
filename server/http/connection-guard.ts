import type http from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './client-address';

export interface ConnectionLimits {
  /**
   * Connections of one client address that have been open longer than `graceMs` without completing a
   * request; beyond them, the address's new connections are closed at once.
   */
  perAddress: number;
  graceMs: number;
  /** A request's headers arrive within this, or Node answers 408 and closes the connection. */
  headersMs: number;
  /** A body brings at least `bytes` in each `windowMs`, or its connection is closed. */
  bodyRate: { bytes: number; windowMs: number };
}

/**
 * What a member's client never comes near, and what leaves a visitor little to hold:
 * - 128 connections of one address open for a second without a whole request: a browser keeps a few spare
 *   connections open (preconnect), a café of members behind one address some dozens; a proxy in front of
 *   the club sends whole requests, and the connections it keeps open between them are not counted.
 * - Headers within 5 s: they are a few hundred bytes, sent at once.
 * - A body at 16 KiB per 10 s at least: a phone on a poor line sends far more; a restore's 2 GB backup on a
 *   LAN takes minutes, and no time limit ends it as long as it keeps coming.
 */
export const CONNECTION_LIMITS: ConnectionLimits = { perAddress: 128, graceMs: 1_000, headersMs: 5_000, bodyRate: { bytes: 16 * 1024, windowMs: 10_000 } };

/**
 * Node's own timers, given when the server is made: headers within `headersMs`, checked every second (Node
 * checks every 30 s by default); no time limit on a whole request (Node's 5 minutes would end a restore's
 * upload), whose body's rate `guardConnections` checks instead.
 */
export function serverTimeouts(limits: ConnectionLimits = CONNECTION_LIMITS): http.ServerOptions {
  return { headersTimeout: limits.headersMs, requestTimeout: 0, connectionsCheckingInterval: Math.min(1_000, limits.headersMs) };
}

interface Body {
  request: http.IncomingMessage;
  windowStart: number;
  bytesAt: number;
}

/**
 * Bounds what a connection may hold before it has sent a request whole, so that no visitor ties up the
 * club by connecting and sending nothing, or sending slowly: each address's connections that have not yet
 * completed a request are capped, and a body must keep coming (the headers' deadline is Node's:
 * `serverTimeouts`). A connection that completed a request (a member's keep-alive connection between two
 * requests, a proxy's) is not counted again: Node closes it after 5 s idle (keepAliveTimeout), and its
 * next request has the same deadlines. Attach after the live hub, so its requests are seen too.
 */
export function guardConnections(server: http.Server, limits: ConnectionLimits = CONNECTION_LIMITS): void {
  /** Per address, its connections not yet through a request, with when each opened: oldest first. */
  const unproven = new Map<string, Map<Socket, number>>();
  const keyOf = new WeakMap<Socket, string>();
  const bodies = new Map<Socket, Body>();

  const proven = (socket: Socket) => {
    const key = keyOf.get(socket);
    const mine = key === undefined ? undefined : unproven.get(key);
    if (!mine?.delete(socket)) return;
    if (mine.size === 0) unproven.delete(key!);
  };
  /**
   * How many of an address's connections have been open longer than the grace without a whole request, up
   * to the cap. A request whose body has arrived (waiting for its turn, say: a storm's ballots) counts no
   * more: it is seen here, as Node tells of a body's end only to whoever reads it.
   */
  const stalled = (mine: Map<Socket, number>, now: number) => {
    let count = 0;
    for (const [socket, openedAt] of mine) {
      if (openedAt > now - limits.graceMs || count >= limits.perAddress) break;
      if (bodies.get(socket)?.request.complete) proven(socket);
      else count++;
    }
    return count;
  };

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const now = performance.now();
    const mine = unproven.get(key) ?? new Map<Socket, number>();
    if (stalled(mine, now) >= limits.perAddress) return void socket.destroy();
    mine.set(socket, now);
    unproven.set(key, mine);
    keyOf.set(socket, key);
    socket.once('close', () => {
      proven(socket);
      bodies.delete(socket);
    });
  });
  server.on('request', (request: http.IncomingMessage) => {
    const socket = request.socket;
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return proven(socket);
    bodies.set(socket, { request, windowStart: performance.now(), bytesAt: socket.bytesRead });
  });
  // A WebSocket leaves HTTP behind: the hub keeps it alive (pings) and ends it.
  server.on('upgrade', (_request: http.IncomingMessage, socket: Socket) => {
    proven(socket);
    bodies.delete(socket);
  });

  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const [socket, body] of bodies) {
        const { request } = body;
        if (request.complete) {
          bodies.delete(socket);
          proven(socket);
          continue;
        }
        if (now - body.windowStart < limits.bodyRate.windowMs) continue;
        // Bytes the app has yet to read (a restore writing to disk, a request waiting for a turn): the app
        // is the slow one then, not the sender.
        const appBehind = request.readableLength > 0 || request.isPaused();
        if (!appBehind && socket.bytesRead - body.bytesAt < limits.bodyRate.bytes) {
          bodies.delete(socket);
          socket.destroy();
          continue;
        }
        body.windowStart = now;
        body.bytesAt = socket.bytesRead;
      }
    },
    Math.min(1_000, limits.bodyRate.windowMs / 4),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}
