import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HUB_PATH } from '../../shared/constants';
import { openDatabase } from '../db/data-source';
import { AccountsService } from '../features/accounts/accounts.service';
import { loadOrCreateSecret } from '../http/token';
import { createMarkdown } from '../markdown';
import { createHub } from './hub';
import { PasswordHasher } from '../features/accounts/password-hasher';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';

let club: TestServer;
const sockets: Socket[] = [];
beforeEach(async () => {
  club = await startTestServer();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await club.close();
});

/** Resolves 'connected' or the refusal's message. */
function tryConnect(auth: Record<string, unknown>): Promise<string> {
  const socket = connect(club.url, { path: HUB_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  });
}

describe('the hub at /hubs/events', () => {
  it('accepts a connection with a valid token', async () => {
    const token = await setUpClub(club);
    expect(await tryConnect({ token })).toBe('connected');
  });

  it('refuses a missing, forged or non-string token', async () => {
    const token = await setUpClub(club);
    expect(await tryConnect({})).toBe('unauthorized');
    expect(await tryConnect({ token: token.slice(0, -4) + 'AAAA' })).toBe('unauthorized');
    expect(await tryConnect({ token: 12345 })).toBe('unauthorized');
  });

  it('delivers a broadcast to signed-in clients, and stops on close', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-hub-'));
    const db = await openDatabase(dataDir);
    const secret = loadOrCreateSecret(dataDir);
    const accounts = new AccountsService(db, secret, createMarkdown(), { hasher: new PasswordHasher(), setupCode: null });
    await accounts.registerFirstAdmin('host@club.test', 'long enough password', { fromHostMachine: true, setupCode: null });
    const { token } = await accounts.login('host@club.test', 'long enough password');
    const httpServer = http.createServer();
    const hub = createHub({ sessionUser: (t) => accounts.sessionUser(t) });
    hub.attach(httpServer);
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const port = (httpServer.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, { path: HUB_PATH, auth: { token }, transports: ['websocket'] });
    sockets.push(socket);
    await new Promise((resolve) => socket.on('connect', () => resolve(null)));

    const received = new Promise((resolve) => socket.on('DiscussionChanged', (payload: unknown) => resolve(payload)));
    const discussion = {
      discussionId: 7,
      roundId: 1,
      title: 'Autumn books',
      description: null,
      renderedDescription: null,
      topic: 'Books' as const,
      isClosed: false,
      pollId: null,
      posts: [],
      createdOn: new Date().toISOString(),
      version: 0,
    };
    hub.broadcast('DiscussionChanged', discussion);
    expect(await received).toEqual(discussion);

    const disconnected = new Promise((resolve) => socket.on('disconnect', (reason: string) => resolve(reason)));
    await hub.close();
    expect(await disconnected).toBeTruthy();
    await db.destroy();
  });

  it('refuses a handshake whose session lookup fails, logs it once, and keeps serving', async () => {
    const logged: unknown[] = [];
    const hub = createHub({
      sessionUser: async () => {
        throw new Error('database is closing');
      },
      log: (error) => logged.push(error),
    });
    const httpServer = http.createServer((_request, response) => response.end('app'));
    hub.attach(httpServer);
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    // socket.io-client's defaults: polling first, as a browser behind a WebSocket-blocking proxy would.
    const socket = connect(url, { path: HUB_PATH, auth: { token: 'whatever' }, reconnection: false });
    sockets.push(socket);
    const refusal = await new Promise<string>((resolve) => socket.on('connect_error', (error) => resolve(error.message)));
    expect(refusal).toBe('unavailable');
    expect(logged).toHaveLength(1);
    expect(await (await fetch(url + '/anything')).text()).toBe('app');
    await hub.close();
  });
});
