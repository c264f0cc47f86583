import type http from 'node:http';
import type { Socket } from 'node:net';

export interface InTurnOptions {
  /** Requests worked on at once. */
  limit: number;
  /** Requests that are not counted (long-polls of the live hub, which wait by design). */
  exempt(request: http.IncomingMessage): boolean;
  /** How long a connection let in may take to send its request, and a request may count; see TURN_MS. */
  turnMs?: { connection: number; request: number };
}

/**
 * A connection let in that sends nothing for a second (a browser's spare connection) gives its turn to the
 * next; a request counts for five seconds at most: one that takes longer (a slow upload or download, a
 * backup) is slow for reasons of its own, and must not keep others waiting behind it.
 */
const TURN_MS = { connection: 1_000, request: 5_000 };

/**
 * At most `limit` requests are worked on at once; a connection that arrives while that many are under way
 * is not read until one ends: its request waits in the system's buffers, as connections wait in the listen
 * backlog, at no cost to the process. Connections are let in in the order they came. A connection already
 * let in (keep-alive) is not held back.
 *
 * Why: Node reads everything that is ready before it runs anything else (libuv's poll phase goes on while
 * events keep coming), so 3,000 ballots sent at once were all read, parsed and authenticated before the
 * first was written and answered: each voter waited for the last one to be read, and the 3,000 requests
 * were alive together, which made the server's peak memory (bench, the ballot storm).
 */
export function requestsInTurn(server: http.Server, { limit, exempt, turnMs = TURN_MS }: InTurnOptions): void {
  /** Turns taken: a connection let in before its request comes, or a request under way. */
  const turns = new Map<Socket | http.IncomingMessage, NodeJS.Timeout>();
  const waiting = new Set<Socket>();

  const take = (holder: Socket | http.IncomingMessage, ms: number) => {
    turns.set(
      holder,
      setTimeout(() => giveBack(holder), ms),
    );
  };
  /** Ends a turn, if `holder` has one; answers whether it had. */
  const end = (holder: Socket | http.IncomingMessage): boolean => {
    const timer = turns.get(holder);
    if (!timer) return false;
    clearTimeout(timer);
    turns.delete(holder);
    return true;
  };
  const giveBack = (holder: Socket | http.IncomingMessage) => {
    if (!end(holder)) return;
    for (const socket of waiting) {
      if (turns.size >= limit) return;
      waiting.delete(socket);
      if (socket.destroyed) continue;
      take(socket, turnMs.connection);
      socket.resume();
    }
  };

  server.on('connection', (socket: Socket) => {
    socket.once('close', () => {
      waiting.delete(socket);
      giveBack(socket);
    });
    if (turns.size < limit && waiting.size === 0) return take(socket, turnMs.connection);
    waiting.add(socket);
    // Node's HTTP server resumes the connection at the next tick (the 'data' listener it adds): paused
    // after that, it is not read until let in. Nothing is read in between (reads wait for the next poll).
    process.nextTick(() => {
      if (waiting.has(socket)) socket.pause();
    });
  });
  // A WebSocket leaves HTTP behind: its connection's turn goes to the next.
  server.on('upgrade', (_request: http.IncomingMessage, socket: Socket) => giveBack(socket));
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (exempt(request)) return giveBack(request.socket);
    // The connection's turn becomes its request's; a later request on it (keep-alive) takes one of its own.
    end(request.socket);
    take(request, turnMs.request);
    response.once('close', () => giveBack(request));
  });
}
