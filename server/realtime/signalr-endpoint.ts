import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { HUB_PATH } from '../../shared/constants';
import { requestLanguage, translate } from '../http/i18n';
import type { SignalRConnection } from './signalr-connection';
import type { SignalRConnections } from './signalr-connections';
import { LongPollingTransport, ServerSentEventsTransport, WebSocketTransport } from './signalr-transports';

/**
 * SignalR's HTTP surface (Microsoft's TransportProtocols.md): `POST /hubs/events/negotiate` makes a
 * connection; `/hubs/events?id=<connectionToken>` opens it as a WebSocket (an upgrade), an event stream
 * (GET, Accept: text/event-stream) or long polling (GET), takes the client's messages (POST) and ends a
 * long-polling connection (DELETE). Negotiate needs a live session's token, and so does opening a transport,
 * for the same account; the token comes as `access_token` in the query (browsers cannot set headers on
 * WebSockets and event streams; Microsoft's client, as Obskurnee's eventHub.js uses it, sends its
 * `accessTokenFactory` token there) or as `Authorization: Bearer`. Every refusal is problem details, never a 500.
 */

export type SignalRRoute = 'negotiate' | 'connection';

const NEGOTIATE_PATH = `${HUB_PATH}/negotiate`;

/** Which SignalR request this is, or null for socket.io's (they carry `EIO=`) and everyone else's. */
export function signalRRoute(url: string | undefined): SignalRRoute | null {
  if (!url) return null;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const route = path === HUB_PATH || path === `${HUB_PATH}/` ? 'connection' : path === NEGOTIATE_PATH || path === `${NEGOTIATE_PATH}/` ? 'negotiate' : null;
  if (!route) return null;
  if (queryAt >= 0 && new URLSearchParams(url.slice(queryAt + 1)).has('EIO')) return null;
  return route;
}

export interface SignalREndpointDeps {
  connections: SignalRConnections;
  sessionUser(token: string | undefined): Promise<{ id: string } | null>;
  /** False while a restore swaps the club or the server closes: requests are told to come back (503). */
  isOpen(): boolean;
  log(error: unknown): void;
}

export interface SignalREndpoint {
  handleRequest(request: IncomingMessage, response: ServerResponse): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

interface Refusal {
  status: number;
  key: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

const refuse = (status: number, key: string, params?: Record<string, string>, headers?: Record<string, string>): Refusal => ({ status, key, params, headers });
const UNAUTHORIZED = refuse(401, 'signInRequired', undefined, { 'WWW-Authenticate': 'Bearer' });
const UNAVAILABLE = refuse(503, 'clubRestoring', undefined, { 'Retry-After': '2' });
const NOT_FOUND = refuse(404, 'liveConnectionNotFound');
const CONNECTION_METHODS = 'GET, POST, DELETE';
/** Too many connections starting: of this account (429, as for other floods of one client), or of all (503). */
const busy = (why: 'account busy' | 'server busy') => refuse(why === 'account busy' ? 429 : 503, 'liveConnectionsBusy', undefined, { 'Retry-After': '5' });
/** The transports the club offers, each with text only: messagepack (binary) is not spoken here. */
const AVAILABLE_TRANSPORTS = ['WebSockets', 'ServerSentEvents', 'LongPolling'].map((transport) => ({ transport, transferFormats: ['Text'] }));

export function createSignalREndpoint(deps: SignalREndpointDeps): SignalREndpoint {
  const { connections } = deps;
  const limits = connections.limits;
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false, clientTracking: false });

  /** The account whose live session the request's token is, or why not. */
  async function account(request: IncomingMessage, query: URLSearchParams): Promise<string | Refusal> {
    if (!deps.isOpen()) return UNAVAILABLE;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const token = query.get('access_token') ?? bearer;
    let user: { id: string } | null;
    try {
      user = await deps.sessionUser(token || undefined);
    } catch (error) {
      // A failing lookup (the database closing under it) is no verdict on the token: come back later.
      deps.log(error);
      return UNAVAILABLE;
    }
    if (!deps.isOpen()) return UNAVAILABLE;
    return user ? user.id : UNAUTHORIZED;
  }

  /** The connection the query's `id` names (its connection token). */
  function named(query: URLSearchParams): SignalRConnection | Refusal {
    const id = query.get('id');
    if (!id) return refuse(400, 'liveConnectionIdMissing');
    return connections.find(id) ?? NOT_FOUND;
  }

  async function negotiate(request: IncomingMessage, response: ServerResponse, query: URLSearchParams): Promise<void> {
    if (request.method !== 'POST')
      return answer(request, response, refuse(405, 'methodNotAllowed', { method: request.method ?? '', allowed: 'POST' }, { Allow: 'POST' }));
    const asked = query.get('negotiateVersion');
    if (asked !== null && !/^\d{1,9}$/.test(asked)) return answer(request, response, refuse(400, 'negotiateVersionInvalid'));
    // The client sends no body; one is read and dropped (up to the limit) so the connection can be reused.
    const body = await readBody(request, limits.maxMessageBytes);
    if (body === 'too-large') return answer(request, response, refuse(413, 'bodyTooLarge'), { close: true });
    if (body === 'aborted') return;
    const userId = await account(request, query);
    if (typeof userId !== 'string') return answer(request, response, userId);
    // Version 1 keeps the id others may see apart from the secret token; version 0 has only the id.
    const version = asked === null || Number(asked) < 1 ? 0 : 1;
    const connection = connections.create(userId, { tokenIsId: version === 0 });
    if (typeof connection === 'string') return answer(request, response, busy(connection));
    const negotiated = {
      negotiateVersion: version,
      connectionId: connection.id,
      ...(version >= 1 ? { connectionToken: connection.token } : {}),
      availableTransports: AVAILABLE_TRANSPORTS,
    };
    sendJson(response, 200, negotiated);
  }

  /** GET: opens the connection as an event stream or long polling, or is its next poll. */
  async function receive(request: IncomingMessage, response: ServerResponse, query: URLSearchParams): Promise<void> {
    const connection = named(query);
    if (!isConnection(connection)) return answer(request, response, connection);
    const transport = connection.transport;
    if (transport) {
      if (transport instanceof LongPollingTransport) return transport.receivePoll(response);
      return answer(request, response, refuse(400, 'liveConnectionTransport'));
    }
    const refusal = await mayOpen(connection, request, query);
    if (refusal) return answer(request, response, refusal);
    if ((request.headers.accept ?? '').includes('text/event-stream')) {
      connection.attach(new ServerSentEventsTransport(response, limits.maxBacklogBytes));
      return;
    }
    connection.attach(new LongPollingTransport(limits, limits.maxBacklogBytes));
    // The first poll only opens the connection: it is answered at once, and empty.
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 0, 'Cache-Control': 'no-cache, no-store' });
    response.end();
  }

  /** Whether the request may open the negotiated connection with a transport, or why not. */
  async function mayOpen(connection: SignalRConnection, request: IncomingMessage, query: URLSearchParams): Promise<Refusal | null> {
    if (connection.state !== 'negotiated') return connection.state === 'closed' ? NOT_FOUND : refuse(409, 'liveConnectionConflict');
    const userId = await account(request, query);
    if (typeof userId !== 'string') return userId;
    if (userId !== connection.userId) return UNAUTHORIZED;
    // Another request may have opened it, or a timeout closed it, while the token was checked.
    if (connection.closed) return NOT_FOUND;
    if (connection.transport) return refuse(409, 'liveConnectionConflict');
    return null;
  }

  /** POST: messages from an event-stream or long-polling client. */
  async function send(request: IncomingMessage, response: ServerResponse, query: URLSearchParams): Promise<void> {
    const connection = named(query);
    if (!isConnection(connection)) return answer(request, response, connection, { close: true });
    if (connection.state === 'closed') return answer(request, response, NOT_FOUND, { close: true });
    if (!connection.transport || connection.transport instanceof WebSocketTransport) {
      return answer(request, response, refuse(400, 'liveConnectionTransport'), { close: true });
    }
    if (connection.receiving) return answer(request, response, refuse(409, 'liveConnectionConflict'), { close: true });
    connection.receiving = true;
    try {
      const body = await readBody(request, limits.maxMessageBytes);
      if (body === 'aborted') return;
      if (body === 'too-large') {
        // A message lost would leave the client and the server out of step: the connection ends with it.
        connection.close({ error: 'Connection closed with an error: a message was larger than the server accepts.' });
        return answer(request, response, refuse(413, 'bodyTooLarge'), { close: true });
      }
      connection.receive(body.toString('utf8'));
      response.writeHead(200, { 'Content-Length': 0 });
      response.end();
    } finally {
      connection.receiving = false;
    }
  }

  /** DELETE: a long-polling client leaves; its open poll is answered 204. */
  function leave(request: IncomingMessage, response: ServerResponse, query: URLSearchParams): void {
    const connection = named(query);
    if (!isConnection(connection)) return answer(request, response, connection);
    if (!(connection.transport instanceof LongPollingTransport)) return answer(request, response, refuse(400, 'liveConnectionTransport'));
    connection.leave();
    response.writeHead(202, { 'Content-Length': 0 });
    response.end();
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const query = queryOf(request.url);
    if (signalRRoute(request.url) !== 'connection' || request.method !== 'GET') return refuseUpgrade(request, socket, refuse(400, 'liveConnectionTransport'));
    let connection: SignalRConnection | null;
    if (query.has('id')) {
      const found = named(query);
      if (!isConnection(found)) return refuseUpgrade(request, socket, found);
      const refusal = await mayOpen(found, request, query);
      if (refusal) return refuseUpgrade(request, socket, refusal);
      connection = found;
    } else {
      // WebSockets alone may skip negotiate (the client's skipNegotiation): a new connection for the token's account.
      const userId = await account(request, query);
      if (typeof userId !== 'string') return refuseUpgrade(request, socket, userId);
      const created = connections.create(userId);
      if (typeof created === 'string') return refuseUpgrade(request, socket, busy(created));
      connection = created;
    }
    if (socket.destroyed) return connection.close();
    const opening = connection;
    webSockets.handleUpgrade(request, socket, head, (webSocket) => {
      if (opening.transport || opening.state !== 'negotiated') return webSocket.terminate();
      opening.attach(new WebSocketTransport(webSocket, limits.maxBacklogBytes));
    });
  }

  /** Whatever goes wrong in here is answered and logged; nothing is thrown into Node's HTTP server. */
  function guard(work: Promise<void>, fail: (refusal: Refusal) => void): void {
    work.catch((error: unknown) => {
      deps.log(error);
      fail(refuse(500, 'unexpected'));
    });
  }

  return {
    handleRequest(request, response) {
      const query = queryOf(request.url);
      const route = signalRRoute(request.url);
      let work: Promise<void>;
      if (route === 'negotiate') work = negotiate(request, response, query);
      else if (request.method === 'GET') work = receive(request, response, query);
      else if (request.method === 'POST') work = send(request, response, query);
      else if (request.method === 'DELETE') work = Promise.resolve(leave(request, response, query));
      else {
        const method = request.method ?? '';
        work = Promise.resolve(
          answer(request, response, refuse(405, 'methodNotAllowed', { method, allowed: CONNECTION_METHODS }, { Allow: CONNECTION_METHODS })),
        );
      }
      guard(work, (refusal) => answer(request, response, refusal, { close: true }));
    },
    handleUpgrade(request, socket, head) {
      // The socket may be reset while its token is checked; that error is no one's to throw.
      socket.on('error', () => socket.destroy());
      guard(upgrade(request, socket, head), (refusal) => refuseUpgrade(request, socket, refusal));
    },
  };
}

function isConnection(value: SignalRConnection | Refusal): value is SignalRConnection {
  return !('status' in value);
}

function queryOf(url: string | undefined): URLSearchParams {
  const queryAt = url?.indexOf('?') ?? -1;
  return new URLSearchParams(queryAt >= 0 ? url!.slice(queryAt + 1) : '');
}

function problem(request: IncomingMessage, refusal: Refusal): string {
  const language = requestLanguage(request.headers['accept-language']);
  return JSON.stringify({
    status: refusal.status,
    title: translate(language, `errors:title.${refusal.status}`),
    detail: translate(language, `errors:${refusal.key}`, refusal.params),
  });
}

/** Problem details; `close` ends the connection after it, when a request body was left unread. */
function answer(request: IncomingMessage, response: ServerResponse, refusal: Refusal, options: { close?: boolean } = {}): void {
  if (response.headersSent || response.destroyed) return;
  const body = problem(request, refusal);
  response.writeHead(refusal.status, {
    ...refusal.headers,
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(options.close ? { Connection: 'close' } : {}),
  });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
}

/** An upgrade refused before it became a WebSocket: a plain HTTP answer on the raw socket, which then closes. */
function refuseUpgrade(request: IncomingMessage, socket: Duplex, refusal: Refusal): void {
  if (!socket.writable) return void socket.destroy();
  const body = problem(request, refusal);
  const headers = Object.entries(refusal.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\n` +
      headers +
      'Content-Type: application/problem+json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** The request's body up to `max` bytes; past that, or when the client hangs up, it is left (and the connection closed). */
function readBody(request: IncomingMessage, max: number): Promise<Buffer | 'too-large' | 'aborted'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | 'too-large' | 'aborted') => {
      request.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        request.pause();
        return done('too-large');
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => done(Buffer.concat(chunks)));
    // After 'end' this changes nothing; before it, the client hung up.
    request.once('close', () => done('aborted'));
    request.once('error', () => done('aborted'));
  });
}
