import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import { HUB_PATH } from '../../shared/constants';
import { HUB_EVENTS } from '../../shared/events';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { ANSWER_WITHIN_MS, within, useWatchedClub } from './test-support/foreign-clients';

// Clients other than our own renderer, talking to the hub the way they do (test-support/foreign-clients.ts).
const hub = useWatchedClub();

describe('socket.io-client as other clients use it', () => {
  const sockets: Socket[] = [];
  beforeEach(hub.start);
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await hub.club.close();
  });

  function open(auth: Record<string, unknown>, transports?: ('polling' | 'websocket')[]): Socket {
    const socket = connect(hub.club.url, { path: HUB_PATH, auth, reconnection: false, ...(transports ? { transports } : {}) });
    sockets.push(socket);
    return socket;
  }
  const connected = (socket: Socket) =>
    within(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(new Error(`connect_error: ${error.message}`)));
      }),
      ANSWER_WITHIN_MS,
      'connect',
    );
  const refusal = (socket: Socket) =>
    within(
      new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      }),
      ANSWER_WITHIN_MS,
      'connect_error',
    );
  const nextDiscussion = (socket: Socket, discussionId: number) =>
    within(
      new Promise<Discussion>((resolve) => {
        const listener = (discussion: Discussion) => {
          if (discussion.discussionId !== discussionId) return;
          socket.off(HUB_EVENTS.discussionChanged, listener);
          resolve(discussion);
        };
        socket.on(HUB_EVENTS.discussionChanged, listener);
      }),
      ANSWER_WITHIN_MS,
      `${HUB_EVENTS.discussionChanged} for discussion ${discussionId}`,
    );

  it('with default options: connects over long-polling, receives a broadcast, upgrades to websocket and keeps receiving', async () => {
    const socket = open({ token: hub.token });
    // The default client starts with long-polling: the very requests that used to crash the server.
    expect(socket.io.engine.transport.name).toBe('polling');
    const upgraded = within(
      new Promise<string>((resolve) => socket.io.engine.once('upgrade', (transport: { name: string }) => resolve(transport.name))),
      ANSWER_WITHIN_MS,
      'upgrade to websocket',
    );
    await connected(socket);

    const firstBroadcast = nextDiscussion(socket, 1);
    const discussionId = await hub.startRound('Autumn');
    expect(discussionId).toBe(1);
    expect(await firstBroadcast).toMatchObject({ discussionId, title: 'Autumn: book suggestions', isClosed: false, posts: [] });

    expect(await upgraded).toBe('websocket');
    expect(socket.io.engine.transport.name).toBe('websocket');
    const afterUpgrade = nextDiscussion(socket, discussionId);
    await ok(hub.club, 'POST', `/api/discussions/${discussionId}`, hub.token, bookSuggestion('Dune'));
    expect((await afterUpgrade).posts.map((post) => post.title)).toEqual(['Dune']);
    expect(socket.connected).toBe(true);
    await hub.expectAlive('a default socket.io client');
  });

  it('with polling only: connects and receives a broadcast', async () => {
    const socket = open({ token: hub.token }, ['polling']);
    await connected(socket);
    const broadcast = nextDiscussion(socket, 1);
    const discussionId = await hub.startRound('Winter');
    expect(await broadcast).toMatchObject({ discussionId, title: 'Winter: book suggestions' });
    expect(socket.io.engine.transport.name).toBe('polling');
    await hub.expectAlive('a polling-only socket.io client');
  });

  it('refuses a bad token with connect_error "unauthorized", with default options and with polling only', async () => {
    expect(await refusal(open({ token: hub.token.slice(0, -4) + 'AAAA' }))).toBe('unauthorized');
    expect(await refusal(open({}))).toBe('unauthorized');
    expect(await refusal(open({ token: 'not a token' }, ['polling']))).toBe('unauthorized');
    await hub.expectAlive('refused socket.io clients');
  });
});
