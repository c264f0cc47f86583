import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import type { Poll } from '../../shared/api/polls';
import { HUB_PATH } from '../../shared/constants';
import { DELTA_EVENTS, HUB_EVENTS, OBSKURNEE_EVENTS, type PostEvent } from '../../shared/events';
import { createHub, type Hub } from './hub';
import { within } from './test-support/foreign-clients';
import { LiveClient } from './test-support/live-clients';

// Hub.publish: each change in the form each client asked for, each form encoded once, and a whole document
// (or Obskurnee's form) built only when a client that gets it is connected. Any token `member-…` is a
// signed-in member.

let hub: Hub;
let url: string;
const clients: LiveClient[] = [];
const hubConnections: HubConnection[] = [];

beforeAll(async () => {
  const httpServer = http.createServer();
  hub = createHub({ sessionUser: async (token) => (token?.startsWith('member-') ? { id: token } : null) });
  hub.attach(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(hubConnections.splice(0).map((connection) => connection.stop().catch(() => {})));
  // The hub notices a client has gone on its next read of the socket.
  await vi.waitFor(() => expect(hub.onlineCount()).toBe(0));
});
afterAll(() => hub.close());

async function connect(userId: string, deltas: boolean): Promise<LiveClient> {
  const client = await LiveClient.connect(url, userId, { deltas });
  clients.push(client);
  return client;
}

/**
 * A payload that counts how often it is serialised (JSON.stringify calls toJSON each time). socket.io calls
 * it twice for an emit, whatever the number of recipients: once looking for binary parts, once to encode.
 */
const PER_EMIT = 2;
/** A payload that counts how often it is serialised. */
function counted<T extends object>(value: T): { payload: T; encodings: () => number } {
  let encodings = 0;
  return { payload: { ...value, toJSON: () => (encodings++, value) } as T, encodings: () => encodings };
}

const post = { postId: 5, discussionId: 3, title: 'Dune' } as PostEvent['post'];

describe('publishing a change', () => {
  it('with only clients that asked for small events: the small event, encoded once for all of them; no whole document is built', async () => {
    const small = await Promise.all(['member-a', 'member-b', 'member-c'].map((id) => connect(id, true)));
    const event = counted<PostEvent>({ discussionId: 3, version: 8, post });
    const build = vi.fn(async () => ({ discussionId: 3 }) as Discussion);
    const buildCurrent = vi.fn(async () => null);

    await hub.publish({
      event: DELTA_EVENTS.postAdded,
      payload: event.payload,
      whole: { event: HUB_EVENTS.discussionChanged, build },
      obskurnee: { event: OBSKURNEE_EVENTS.discussionChanged, build: buildCurrent },
    });

    for (const client of small) expect((await client.next<PostEvent>(DELTA_EVENTS.postAdded)).payload).toEqual({ discussionId: 3, version: 8, post });
    expect(event.encodings()).toBe(PER_EMIT);
    expect(build).not.toHaveBeenCalled();
    expect(buildCurrent).not.toHaveBeenCalled();
  });

  it('with a client that asked for nothing: it gets the whole document, built and encoded once, and the others the small event', async () => {
    const [small, whole, whole2] = [await connect('member-a', true), await connect('member-b', false), await connect('member-c', false)];
    const discussion = counted({ discussionId: 3, posts: [post] } as Discussion);
    const build = vi.fn(async () => discussion.payload);

    await hub.publish({ event: DELTA_EVENTS.postAdded, payload: { discussionId: 3, version: 8, post }, whole: { event: HUB_EVENTS.discussionChanged, build } });

    expect((await small.next<PostEvent>(DELTA_EVENTS.postAdded)).payload.post).toEqual(post);
    for (const client of [whole, whole2])
      expect((await client.next<Discussion>(HUB_EVENTS.discussionChanged)).payload).toEqual({ discussionId: 3, posts: [post] });
    expect(build).toHaveBeenCalledTimes(1);
    expect(discussion.encodings()).toBe(PER_EMIT);
    expect(small.events()).toEqual([DELTA_EVENTS.postAdded]);
    expect(whole.events()).toEqual([HUB_EVENTS.discussionChanged]);
  });

  it("with a SignalR client: only what Obskurnee's hub sends, built once for it; no whole document is built for it", async () => {
    await connect('member-a', true);
    const connection = new HubConnectionBuilder()
      .withUrl(`${url}${HUB_PATH}`, { accessTokenFactory: () => 'member-s' })
      .configureLogging(LogLevel.None)
      .build();
    hubConnections.push(connection);
    const received: unknown[] = [];
    connection.on(OBSKURNEE_EVENTS.discussionChanged, (discussion: unknown) => received.push(discussion));
    await within(connection.start(), 4_000, 'SignalR start()');

    const buildPoll = vi.fn(async () => ({ pollId: 2 }) as Poll);
    await hub.publish({ event: DELTA_EVENTS.pollUpdated, payload: { pollId: 2 } as never, whole: { event: HUB_EVENTS.pollChanged, build: buildPoll } });
    const build = vi.fn(async () => ({ discussionId: 3, posts: [post] }) as Discussion);
    await hub.publish({ event: DELTA_EVENTS.postAdded, payload: { discussionId: 3, version: 8, post }, whole: { event: HUB_EVENTS.discussionChanged, build } });
    const buildCurrent = vi.fn(async () => null);
    await hub.publish({
      event: DELTA_EVENTS.discussionUpdated,
      payload: { discussionId: 3 } as never,
      whole: { event: HUB_EVENTS.discussionChanged, build },
      obskurnee: { event: OBSKURNEE_EVENTS.discussionChanged, build: buildCurrent },
    });

    // Events come in order: had the first two sent anything, it would have come before this.
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received).toEqual([null]);
    expect(buildCurrent).toHaveBeenCalledTimes(1);
    expect(build).not.toHaveBeenCalled();
    expect(buildPoll).not.toHaveBeenCalled();
  });

  it('with a variant for some accounts: they get theirs (on every connection that asked for small events), the rest the event, each encoded once', async () => {
    const [voter, voterAgain, other, legacyVoter] = [
      await connect('member-v', true),
      await connect('member-v', true),
      await connect('member-o', true),
      await connect('member-v', false),
    ];
    const hidden = counted({ pollId: 2, version: 4, voterIds: ['member-v'], votes: [] });
    const shown = counted({ pollId: 2, version: 4, voterIds: ['member-v'], votes: [{ postId: 5, votes: 1, percentage: 100 }] });

    await hub.publish({ event: DELTA_EVENTS.voteCounted, payload: hidden.payload, variant: { userIds: ['member-v'], payload: shown.payload } });

    for (const client of [voter, voterAgain]) expect((await client.next<{ votes: unknown[] }>(DELTA_EVENTS.voteCounted)).payload.votes).toHaveLength(1);
    expect((await other.next<{ votes: unknown[] }>(DELTA_EVENTS.voteCounted)).payload.votes).toEqual([]);
    expect([hidden.encodings(), shown.encodings()]).toEqual([PER_EMIT, PER_EMIT]);
    // Proof that the client that asked for nothing got nothing: an event sent after reaches it first.
    await hub.publish({
      event: DELTA_EVENTS.postAdded,
      payload: { discussionId: 3, version: 9, post },
      whole: { event: HUB_EVENTS.discussionChanged, build: async () => ({ discussionId: 3 }) as Discussion },
    });
    await legacyVoter.next(HUB_EVENTS.discussionChanged);
    expect(legacyVoter.events()).toEqual([HUB_EVENTS.discussionChanged]);
  });
});
