import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../shared/constants';
import { createHub, type Hub } from './hub';
import type { SignalRLimits } from './signalr-connection';
import { NEGOTIATE, RS, SIGNALR_HANDSHAKE, TEXT, signalRConnection } from './test-support/foreign-clients';

// SignalR's timeouts and caps, shortened so that a test sees them act: a hub on a bare HTTP server whose
// sessions are a fixed table (hub.test.ts does the same for socket.io).
const SESSIONS: Record<string, string> = { 'token-ann': 'ann', 'token-ben': 'ben' };
const SHORT: Partial<SignalRLimits> = {
  connectTimeoutMs: 300,
  handshakeTimeoutMs: 300,
  pingIntervalMs: 200,
  clientTimeoutMs: 600,
  pollTimeoutMs: 400,
  disconnectTimeoutMs: 300,
  maxPending: 20,
  sweepMs: 50,
};

let hub: Hub;
let server: http.Server;
let url: string;
afterEach(async () => {
  await hub.close();
});

async function start(limits: Partial<SignalRLimits> = SHORT, isOpen: () => boolean = () => true): Promise<void> {
  hub = createHub({ sessionUser: async (token) => (token && SESSIONS[token] ? { id: SESSIONS[token]! } : null), isOpen, signalR: limits });
  server = http.createServer((_request, response) => response.end('app'));
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function send(method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(url + path, { method, body: options.body, headers: options.headers, signal: AbortSignal.timeout(4_000) });
  return { status: response.status, text: await response.text() };
}

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function negotiate(token = 'token-ann'): Promise<string> {
  const answer = await send('POST', NEGOTIATE, { headers: as(token) });
  expect(answer.status).toBe(200);
  return signalRConnection(JSON.parse(answer.text).connectionToken);
}

/** A long-polling connection through its handshake; the handshake's answer collected. */
async function openLongPolling(token = 'token-ann'): Promise<string> {
  const connection = await negotiate(token);
  expect((await send('GET', connection, { headers: as(token) })).status).toBe(200);
  expect((await send('POST', connection, { body: SIGNALR_HANDSHAKE, headers: TEXT })).status).toBe(200);
  expect((await send('GET', connection)).text).toBe(`{}${RS}`);
  return connection;
}

describe('SignalR keeps what clients can make it hold bounded', () => {
  it('a flood of negotiates that never connect: past the caps they are 429 (one account) or 503 (all) with Retry-After, and they expire', async () => {
    // Pending connections expire after connectTimeoutMs: long enough that the 20 negotiates are all still
    // pending when the caps are checked, on a machine busy with other work too.
    await start({ ...SHORT, connectTimeoutMs: 2_000, maxPendingPerAccount: 15 });
    const connections = await Promise.all(Array.from({ length: 15 }, () => negotiate()));
    const ofAnn = await fetch(url + NEGOTIATE, { method: 'POST', headers: as('token-ann') });
    expect(ofAnn.status).toBe(429);
    expect(ofAnn.headers.get('retry-after')).toBe('5');
    await Promise.all(Array.from({ length: 5 }, () => negotiate('token-ben')));
    const refused = await send('POST', NEGOTIATE, { headers: as('token-ben') });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text).detail).toMatch(/Too many live connections/);
    expect((await fetch(url + NEGOTIATE, { method: 'POST', headers: as('token-ben') })).headers.get('retry-after')).toBe('5');

    await sleep(2_500);
    expect((await send('GET', connections[0]!, { headers: as('token-ann') })).status).toBe(404);
    expect((await send('POST', NEGOTIATE, { headers: as('token-ben') })).status).toBe(200);
    expect(await (await fetch(url + '/anything')).text()).toBe('app');
  });

  it('a connection that opens but never sends its handshake is closed after the handshake timeout', async () => {
    await start();
    const connection = await negotiate();
    expect((await send('GET', connection, { headers: as('token-ann') })).status).toBe(200);
    // The poll is answered 204 when the timeout closes the connection.
    expect((await send('GET', connection)).status).toBe(204);
    expect((await send('GET', connection)).status).toBe(404);
  });

  it('an empty poll is answered 200 after the poll timeout; an idle connection is pinged', async () => {
    await start({ ...SHORT, pingIntervalMs: 60_000 });
    const quiet = await openLongPolling();
    const started = performance.now();
    expect(await send('GET', quiet)).toEqual({ status: 200, text: '' });
    expect(performance.now() - started).toBeGreaterThan(300);
    await hub.close();

    await start();
    const pinged = await openLongPolling();
    expect(await send('GET', pinged)).toEqual({ status: 200, text: `{"type":6}${RS}` });
  });

  it('a long-polling client that stops polling is gone after the disconnect timeout, and no longer counted online', async () => {
    await start();
    const connection = await openLongPolling('token-ann');
    await openLongPolling('token-ben');
    expect(hub.onlineCount()).toBe(2);
    await sleep(900);
    expect(hub.onlineCount()).toBe(0);
    expect([204, 404]).toContain((await send('GET', connection)).status);
  });

  it('an event-stream client that sends nothing (no pings) is closed after the client timeout', async () => {
    await start();
    const connection = await negotiate();
    const stream = await fetch(url + connection, { headers: { ...as('token-ann'), Accept: 'text/event-stream' } });
    expect((await send('POST', connection, { body: SIGNALR_HANDSHAKE, headers: TEXT })).status).toBe(200);
    expect(hub.onlineCount()).toBe(1);
    // Read the stream to its end: the handshake answer, pings, then the Close message, inviting a reconnect.
    const text = await new Response(stream.body).text();
    expect(text).toContain(`data: {}${RS}\r\n\r\n`);
    expect(text).toContain(`data: {"type":6}${RS}\r\n\r\n`);
    const closeMessage = `data: {"type":7,"error":"The server heard nothing from the client for too long.","allowReconnect":true}${RS}\r\n\r\n`;
    expect(text.slice(-closeMessage.length)).toBe(closeMessage);
    expect(hub.onlineCount()).toBe(0);
  });

  it('while the club is being swapped (a restore), negotiate and a WebSocket are refused as unavailable (503), not unauthorized', async () => {
    let open = true;
    await start(SHORT, () => open);
    const connection = await negotiate();
    open = false;
    const refused = await send('POST', NEGOTIATE, { headers: as('token-ann') });
    expect(refused.status).toBe(503);
    expect((await send('GET', connection, { headers: as('token-ann') })).status).toBe(503);
    const upgrade = await new Promise<number>((resolve) => {
      const request = http.request(`${url}${HUB_PATH}?access_token=token-ann`, {
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      request.on('response', (response) => resolve(response.statusCode ?? 0));
      request.on('upgrade', () => resolve(101));
      request.end();
    });
    expect(upgrade).toBe(503);
  });

  it('disconnectAll (a restore) closes open connections inviting a reconnect; disconnectUser only that account, for good', async () => {
    await start({ ...SHORT, pingIntervalMs: 60_000, pollTimeoutMs: 60_000 });
    const ann = await openLongPolling('token-ann');
    const ben = await openLongPolling('token-ben');
    hub.disconnectUser('ann');
    expect(JSON.parse((await send('GET', ann)).text.split(RS)[0]!)).toEqual({ type: 7, error: 'Your session has ended. Please sign in again.' });
    expect(hub.onlineCount()).toBe(1);
    hub.disconnectAll();
    expect(JSON.parse((await send('GET', ben)).text.split(RS)[0]!)).toEqual({ type: 7, allowReconnect: true });
    expect(hub.onlineCount()).toBe(0);
  });
});
