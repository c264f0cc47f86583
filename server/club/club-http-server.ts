import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrors, answerServerBusy } from '../http/client-errors';
import { CONNECTION_LIMITS, guardConnections, serverTimeouts, type ConnectionLimits } from '../http/connection-guard';
import { requestsInTurn } from '../http/requests-in-turn';
import type { Hub } from '../realtime/hub';
import type { ServerConfig } from '../settings';
import type { ClubSlot } from './club-slot';

/**
 * Requests worked on at once (requests-in-turn.ts); requests beyond wait, read whole, in the order they
 * arrived. A burst of 3,000 ballots is then answered from the first, and its peak memory is that of 64
 * requests in the app, not 3,000 (bench: 140 MiB against 150-154 MiB with no limit).
 */
const REQUESTS_AT_ONCE = 64;

/** Connections the system may hold waiting to be accepted. */
const LISTEN_BACKLOG = 4096;

/**
 * The process's HTTP server: each request goes to the club in the slot, and the hub owns its own path.
 * Koa's listener first, socket.io attached after: socket.io then wraps it and owns its own path, so no
 * request to the hub is ever answered twice (which threw ERR_HTTP_HEADERS_SENT and ended the process).
 */
export function createClubHttpServer(slot: ClubSlot, hub: Hub, config: ServerConfig, limits: Partial<ConnectionLimits> = {}): http.Server {
  const connectionLimits = { ...CONNECTION_LIMITS, ...limits };
  // The hub's requests (its long-polls wait by design) never reach the app's listener, nor take a turn.
  const inTurn = requestsInTurn((request, response) => slot.handle(request, response), {
    limit: REQUESTS_AT_ONCE,
    refuse: answerServerBusy(config.defaultLanguage),
  });
  const server = http.createServer(serverTimeouts(connectionLimits), inTurn);
  answerClientErrors(server, config.defaultLanguage);
  hub.attach(server);
  guardConnections(server, connectionLimits);
  return server;
}

/** Listens where the config says; answers the port actually bound (the config may ask for 0). */
export async function listen(server: http.Server, config: ServerConfig): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A club's members act together (a poll opens, everyone votes): Node's default queue of 511 waiting
    // connections drops some of a thousand at once; the system's own limit still caps this.
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** The port the server listens on, or `fallback` while it does not. */
export function boundPort(server: http.Server, fallback: number): number {
  const address = server.address();
  return address !== null && typeof address === 'object' ? address.port : fallback;
}
