import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guardConnections, serverTimeouts } from './connection-guard';

// The guard in-process, with a handler that holds every request: what counts as a connection that has not
// completed a request. (Its deadlines against a real club: server/slow-visitors.test.ts.)

const LIMITS = { perAddress: 3, graceMs: 100, headersMs: 5_000, bodyRate: { bytes: 1, windowMs: 60_000 } };
let server: http.Server;
let port: number;
const sockets: net.Socket[] = [];

async function start(): Promise<void> {
  server = http.createServer(serverTimeouts(LIMITS), () => {});
  guardConnections(server, LIMITS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function open(from: string, send = ''): Promise<net.Socket> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  if (send) socket.write(send);
  return socket;
}

/** Whether the server closes `socket` within a moment. */
const closedSoon = (socket: net.Socket) =>
  new Promise<boolean>((resolve) => {
    socket.once('close', () => resolve(true));
    setTimeout(() => resolve(false), 150);
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connections that have not completed a request', () => {
  it('are capped per address once they have been open a moment; other addresses are not', async () => {
    await start();
    await Promise.all([1, 2, 3].map(() => open('127.0.6.1')));
    // Young connections are not counted yet: a burst of a club's requests arrives before it is read.
    expect(await closedSoon(await open('127.0.6.1'))).toBe(false);
    await sleep(150);
    expect(await closedSoon(await open('127.0.6.1'))).toBe(true);
    expect(await closedSoon(await open('127.0.6.2'))).toBe(false);
  });

  it('do not include requests that arrived whole and wait for an answer (a storm’s ballots waiting for their turn)', async () => {
    await start();
    const post = 'POST /vote HTTP/1.1\r\nHost: club\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"postIds":1}';
    await Promise.all([1, 2, 3, 4, 5].map(() => open('127.0.6.3', post)));
    await sleep(150);
    expect(await closedSoon(await open('127.0.6.3'))).toBe(false);
  });
});
