import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { ObskurneeEventPayloads } from '../../shared/events';
import { DEFAULT_LIMITS, type SignalRLimits } from './signalr-connection';
import { SignalRConnections } from './signalr-connections';
import { createSignalREndpoint, signalRRoute } from './signalr-endpoint';
import { invocation } from './signalr-protocol';
import { Payload } from './signalr-transports';

/**
 * ASP.NET Core SignalR on the hub's path, beside socket.io, for Obskurnee's own client (DECISIONS.md,
 * "Obskurnee compatibility"). socket.io's requests carry `EIO=` in the query; the rest of
 * `/hubs/events`, `/hubs/events/` and `/hubs/events/negotiate` is SignalR's. It sends what Obskurnee's
 * hub sends, when it sends it (`DiscussionChanged` with the club's current discussion, shared/events.ts),
 * to connections whose token was a live session when they connected, and closes them when that session
 * ends, as the socket.io hub does.
 */
export interface SignalRHub {
  /**
   * Takes the SignalR requests before socket.io and the app see them. Call after socket.io attached:
   * engine.io answers everything under its path itself, so the listeners it left are wrapped here.
   */
  attach(httpServer: http.Server): void;
  /** Sends one of the events Obskurnee's hub sends to every open connection. */
  broadcast<E extends keyof ObskurneeEventPayloads>(event: E, payload: ObskurneeEventPayloads[E]): void;
  /** Whether a broadcast would reach anyone (an open connection): else its payload need not be built. */
  sends(): boolean;
  /** The account's sessions ended: its connections are closed and told not to reconnect. */
  disconnectUser(userId: string): void;
  /** A restore swaps the club: every connection is closed and may reconnect. */
  disconnectAll(): void;
  /** Accounts with an open connection. */
  onlineUserIds(): Iterable<string>;
  /** Closes every connection (clients may reconnect to the next server) and stops the clock. */
  close(): Promise<void>;
}

export interface SignalRHubOptions {
  sessionUser(token: string | undefined): Promise<{ id: string } | null>;
  isOpen?: () => boolean;
  log: (error: unknown) => void;
  limits?: Partial<SignalRLimits>;
}

/** How long a closing server waits for clients to read their Close message before hanging up. */
const CLOSE_GRACE_MS = 1_000;

export function createSignalRHub(options: SignalRHubOptions): SignalRHub {
  const limits: SignalRLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const connections = new SignalRConnections(limits);
  let closing = false;
  const endpoint = createSignalREndpoint({
    connections,
    sessionUser: options.sessionUser,
    isOpen: () => !closing && (options.isOpen?.() ?? true),
    log: options.log,
  });
  let sweeper: NodeJS.Timeout | undefined;
  const sends = () => connections.openCount > 0;

  return {
    attach(httpServer) {
      // Every listener socket.io (engine.io) and the app left: they get what is not SignalR's.
      const requestListeners = httpServer.listeners('request') as ((...args: unknown[]) => void)[];
      const upgradeListeners = httpServer.listeners('upgrade') as ((...args: unknown[]) => void)[];
      httpServer.removeAllListeners('request');
      httpServer.removeAllListeners('upgrade');
      httpServer.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
        if (signalRRoute(request.url)) return endpoint.handleRequest(request, response);
        for (const listener of requestListeners) listener.call(httpServer, request, response);
      });
      httpServer.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        if (signalRRoute(request.url)) return endpoint.handleUpgrade(request, socket, head);
        for (const listener of upgradeListeners) listener.call(httpServer, request, socket, head);
      });
      sweeper = setInterval(() => connections.sweep(Date.now()), limits.sweepMs);
      sweeper.unref();
    },
    sends,
    broadcast(event, payload) {
      // Nobody to send it to: not even encoded (a 200-post discussion is some 400 KB of JSON).
      if (!sends()) return;
      // Encoded once for every connection (and once more for every event stream, in Payload).
      connections.broadcast(new Payload(invocation(event, [payload])));
    },
    disconnectUser(userId) {
      for (const connection of connections.ofUser(userId)) connection.close({ error: 'Your session has ended. Please sign in again.' });
    },
    disconnectAll() {
      for (const connection of connections.all()) connection.close({ allowReconnect: true });
    },
    onlineUserIds() {
      return connections.onlineUserIds();
    },
    async close() {
      closing = true;
      for (const connection of connections.all()) connection.close({ allowReconnect: true });
      // Long-polling clients come for their Close message; the others have theirs on the way.
      const deadline = Date.now() + CLOSE_GRACE_MS;
      while (Date.now() < deadline) {
        connections.sweep(Date.now());
        if (connections.size === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      connections.destroyAll();
      clearInterval(sweeper);
    },
  };
}
