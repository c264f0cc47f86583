import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubClient } from './hub';

/** A stand-in for a socket.io client socket: tests fire its events by hand. */
class FakeSocket extends EventEmitter {
  disconnected = false;
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

let sockets: FakeSocket[];
let received: unknown[];
let refused: string[];
let reconnects: number;
let hub: HubClient;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  received = [];
  refused = [];
  reconnects = 0;
  hub = new HubClient({
    handlers: { PostAdded: (payload) => received.push(payload) },
    onUnauthorized: (token) => refused.push(token),
    onReconnected: () => reconnects++,
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as Socket;
    },
  });
});
afterEach(() => {
  hub.stop();
  vi.useRealTimers();
});

describe('the live-update connection', () => {
  it('passes an event to its handler', () => {
    hub.start('token');
    sockets[0]!.emit('PostAdded', { discussionId: 1 });
    expect(received).toEqual([{ discussionId: 1 }]);
  });

  it('retries a failed start every 5 s', () => {
    hub.start('token');
    sockets[0]!.emit('connect_error', new Error('offline'));
    vi.advanceTimersByTime(4999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.emit('connect_error', new Error('still offline'));
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(3);
  });

  it('restarts when the connection drops, and says so once it is back (not on the first connection)', () => {
    hub.start('token');
    sockets[0]!.emit('connect');
    expect(reconnects).toBe(0);
    sockets[0]!.emit('disconnect', 'transport close');
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
    sockets[1]!.emit('connect');
    expect(reconnects).toBe(1);
  });

  it('a new session (another token) starts afresh: its first connection is no reconnection', () => {
    hub.start('first');
    sockets[0]!.emit('connect');
    hub.start('second');
    sockets[1]!.emit('connect');
    expect(reconnects).toBe(0);
  });

  it('stays closed after a deliberate stop (logout)', () => {
    hub.start('token');
    sockets[0]!.emit('connect_error', new Error('offline'));
    hub.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(hub.isRunning).toBe(false);
  });

  it('a new token replaces the old connection', () => {
    hub.start('first');
    hub.start('second');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
  });

  it('does not retry a refused token: it stops and reports that the session has ended', () => {
    hub.start('revoked');
    sockets[0]!.emit('connect_error', new Error('unauthorized'));
    expect(refused).toEqual(['revoked']);
    expect(hub.isRunning).toBe(false);
    expect(sockets[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reports a token refused when reconnecting after the server closed the connection', () => {
    hub.start('token');
    // The account was disabled: the server closes its live connections, and the reconnect is refused.
    sockets[0]!.emit('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    sockets[1]!.emit('connect_error', new Error('unauthorized'));
    expect(refused).toEqual(['token']);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('keeps retrying other failures without ending the session', () => {
    hub.start('token');
    sockets[0]!.emit('connect_error', new Error('unavailable'));
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
    expect(refused).toEqual([]);
    expect(hub.isRunning).toBe(true);
  });
});

describe('a connection whose socket takes a while (socket.io’s client loading)', () => {
  let pending: { token: string; resolve: (socket: FakeSocket) => void; reject: (error: Error) => void }[];

  beforeEach(() => {
    hub.stop();
    pending = [];
    hub = new HubClient({
      handlers: { PostAdded: (payload) => received.push(payload) },
      onUnauthorized: (token) => refused.push(token),
      connect: (token) =>
        new Promise<Socket>((resolve, reject) => {
          pending.push({ token, resolve: (socket) => resolve(socket as unknown as Socket), reject });
        }),
    });
  });

  it('listens once the socket arrives, and a second start with the same token waits for it', async () => {
    hub.start('token');
    hub.start('token');
    expect(pending).toHaveLength(1);
    const socket = new FakeSocket();
    pending[0]!.resolve(socket);
    await vi.advanceTimersByTimeAsync(0);
    socket.emit('PostAdded', { discussionId: 2 });
    expect(received).toEqual([{ discussionId: 2 }]);
  });

  it('closes a socket that arrives after logout', async () => {
    hub.start('token');
    hub.stop();
    const late = new FakeSocket();
    pending[0]!.resolve(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.disconnected).toBe(true);
    late.emit('PostAdded', { discussionId: 3 });
    expect(received).toEqual([]);
  });

  it('retries in 5 s when the socket cannot be made', async () => {
    hub.start('token');
    pending[0]!.reject(new Error('chunk failed'));
    await vi.advanceTimersByTimeAsync(4999);
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pending).toHaveLength(2);
    expect(hub.isRunning).toBe(true);
  });
});
