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

export async function startReceiver(answer: (request: Omit<Received, 'status'>, index: number) => { status: number; body?: unknown }): Promise<FakeReceiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = { method: request.method!, path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const { status, body } = answer(got, received.length);
      received.push({ ...got, status });
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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

/** Whether a webhook request carries the signature its body and the hook's secret make. */
export function signedWith(request: Received, secret: string): boolean {
  const expected = `sha256=${crypto.createHmac('sha256', secret).update(request.body).digest('hex')}`;
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
