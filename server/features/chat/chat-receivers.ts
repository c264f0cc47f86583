import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What it answered. */
  status: number;
}

/**
 * A receiver on 127.0.0.1 for the chat's tests: a webhook endpoint or a Matrix homeserver's client API, as
 * their documentation shapes them. `answer` picks each request's status (and body); every request is kept.
 */
export interface FakeReceiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** What a fake answers: a status and a JSON body, or `hang` (it never answers), or raw bytes with their headers. */
export type FakeAnswer = { status: number; body?: unknown; raw?: Buffer; headers?: Record<string, string> } | 'hang';

/** `port`: a receiver switched on again where it was (0: any free port). */
export async function startReceiver(answer: (request: Omit<Received, 'status'>, index: number) => FakeAnswer, port = 0): Promise<FakeReceiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = { method: request.method!, path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const answered = answer(got, received.length);
      received.push({ ...got, status: answered === 'hang' ? 0 : answered.status });
      if (answered === 'hang') return;
      const { status, body, raw, headers } = answered;
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(raw ?? JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A Matrix homeserver's client API as the chat meets it: `whoami` for `token` (else M_UNKNOWN_TOKEN), the bot's
 * membership of `rooms` (else M_FORBIDDEN), and room messages answered by `send` (an event id by default).
 */
export function startHomeserver(options: {
  token: string;
  rooms: string[];
  userId?: string;
  send?: (request: Omit<Received, 'status'>, index: number) => FakeAnswer;
  port?: number;
}): Promise<FakeReceiver> {
  const userId = options.userId ?? '@clubbot:matrix.test';
  let sends = 0;
  return startReceiver((request) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return { status: 401, body: { errcode: 'M_UNKNOWN_TOKEN', error: 'Invalid access token passed.', soft_logout: false } };
    }
    const path = request.path.replace(/^\/[^_]*(?=\/_matrix)/, '');
    if (path === '/_matrix/client/v3/account/whoami') return { status: 200, body: { user_id: userId, device_id: 'BOT' } };
    const member = /^\/_matrix\/client\/v3\/rooms\/([^/]+)\/state\/m\.room\.member\/([^/]+)$/.exec(path);
    if (member) {
      return options.rooms.includes(decodeURIComponent(member[1]!)) && decodeURIComponent(member[2]!) === userId
        ? { status: 200, body: { membership: 'join' } }
        : { status: 403, body: { errcode: 'M_FORBIDDEN', error: `User ${userId} not in room ${decodeURIComponent(member[1]!)}` } };
    }
    const send = /^\/_matrix\/client\/v3\/rooms\/([^/]+)\/send\//.exec(path);
    if (send && request.method === 'PUT') {
      if (!options.rooms.includes(decodeURIComponent(send[1]!))) return { status: 403, body: { errcode: 'M_FORBIDDEN', error: 'not in room' } };
      return options.send?.(request, sends++) ?? { status: 200, body: { event_id: `$${sends++}` } };
    }
    return { status: 404, body: { errcode: 'M_UNRECOGNIZED', error: 'Unrecognized request' } };
  }, options.port);
}

/** A hook's key bytes from its secret as shown (whsec_<base64>), or as hooks made before issue 39 kept it (hex text). */
export function keyOfSecret(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** Whether a webhook request carries the X-Bookclub-Signature its body and the hook's secret make. */
export function signedWith(request: Received, secret: string): boolean {
  const expected = `sha256=${crypto.createHmac('sha256', keyOfSecret(secret)).update(request.body).digest('hex')}`;
  const given = String(request.headers['x-bookclub-signature'] ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The requests that went through, each delivery once (a receiver takes a repeated delivery id once), in order. */
export function deliveredOnce(received: Received[], idOf: (request: Received) => string): Received[] {
  const seen = new Set<string>();
  return received.filter((request) => {
    if (request.status < 200 || request.status > 299 || seen.has(idOf(request))) return false;
    seen.add(idOf(request));
    return true;
  });
}
