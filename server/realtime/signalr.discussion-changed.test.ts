import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Discussion } from '../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { HUB_PATH } from '../../shared/constants';
import { HUB_EVENTS, OBSKURNEE_EVENTS } from '../../shared/events';
import { addMember, type TestMember } from '../test-support/members';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';
import { within } from './test-support/foreign-clients';

// Over SignalR the club sends what Obskurnee's hub sends, when it sends it (DECISIONS.md "Obskurnee
// compatibility"): its client stores whatever DiscussionChanged brings as the club's current discussion,
// the one its home links, so the event carries that discussion or null, and only when it changes. Events on
// one connection arrive in the order they were sent, and each change below is pushed before its answer: so
// when a later event has arrived, an event that a post or an edit had sent would have arrived before it.
// The tests share one club: each closes every discussion it opens, so the next starts with none open.

const given = {} as { club: TestServer; mod: string; ann: TestMember };
beforeAll(async () => {
  given.club = await startTestServer();
  given.mod = await setUpClub(given.club);
  given.ann = await addMember(given.club, { name: 'Ann' });
});
afterAll(() => given.club?.close());
const hubConnections: HubConnection[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(hubConnections.splice(0).map((connection) => connection.stop().catch(() => {})));
});

const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['Server-Sent Events', HttpTransportType.ServerSentEvents],
  ['long polling', HttpTransportType.LongPolling],
] as const;

/** What a DiscussionChanged carried, short enough to compare whole: the discussion's id and state, or null. */
type Seen = { discussionId: number; isClosed: boolean; posts: string[] } | null;
const seen = (discussion: Discussion | null): Seen =>
  discussion && { discussionId: discussion.discussionId, isClosed: discussion.isClosed, posts: discussion.posts.map((post) => post.title) };

/** Microsoft's client as Obskurnee's eventHub.js opens it (with the sign-in's token), recording every DiscussionChanged. */
async function obskurneeClient(club: TestServer, token: string, transport?: HttpTransportType): Promise<Seen[]> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${club.url}${HUB_PATH}`, { accessTokenFactory: () => token, ...(transport === undefined ? {} : { transport }) })
    .configureLogging(LogLevel.None)
    .build();
  hubConnections.push(connection);
  const received: Seen[] = [];
  connection.on(OBSKURNEE_EVENTS.discussionChanged, (discussion: Discussion | null) => received.push(seen(discussion)));
  await within(connection.start(), 4_000, 'start()');
  return received;
}

/** Waits (up to 2 s) until `count` events have arrived. */
async function arrived(received: unknown[], count: number): Promise<void> {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 2_000, interval: 10 });
}

async function startRound(club: TestServer, mod: string, topic: 'Books' | 'Themes', title: string): Promise<number> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic, title });
  return (topic === 'Books' ? round.bookDiscussionId : round.themeDiscussionId)!;
}

/** A member's post, then the same member's edit of it: neither changes which discussion is current. */
async function postAndEdit(club: TestServer, token: string, discussionId: number, fields: { title: string } & Record<string, unknown>): Promise<void> {
  const { postId } = await ok<{ postId: number }>(club, 'POST', `/api/discussions/${discussionId}`, token, fields);
  await ok(club, 'PATCH', `/api/discussions/${discussionId}`, token, { ...fields, postId, title: `${fields.title} (edited)` });
}

const closeDiscussion = (club: TestServer, mod: string, discussionId: number) =>
  ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod, { closesAt: null });

describe("DiscussionChanged over SignalR, as Obskurnee's hub sends it", () => {
  it.each(TRANSPORTS)(
    'with %s: a round starts (its discussion), a close (null), a theme poll won (the book discussion); nothing for posts or edits',
    async (_, transport) => {
      const { club, mod, ann } = given;
      const received = await obskurneeClient(club, ann.token, transport);

      const themes = await startRound(club, mod, 'Themes', 'Autumn');
      await arrived(received, 1);
      await postAndEdit(club, ann.token, themes, { title: 'Space' });
      const pollId = (await closeDiscussion(club, mod, themes)).discussion!.pollId!;
      await arrived(received, 2);

      const space = (await ok<Discussion>(club, 'GET', `/api/discussions/${themes}`, mod)).posts[0]!;
      await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [space.postId] });
      const books = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod)).discussion!.discussionId;
      await arrived(received, 3);
      await postAndEdit(club, ann.token, books, bookSuggestion('Dune'));
      await closeDiscussion(club, mod, books);
      await arrived(received, 4);

      expect(received).toEqual([{ discussionId: themes, isClosed: false, posts: [] }, null, { discussionId: books, isClosed: false, posts: [] }, null]);
    },
  );

  it('a close leaves the latest discussion still open as current, as home then shows it; closing that one is null', async () => {
    const { club, mod, ann } = given;
    const received = await obskurneeClient(club, ann.token);
    const older = await startRound(club, mod, 'Books', 'Summer');
    const newer = await startRound(club, mod, 'Books', 'Autumn');
    await arrived(received, 2);
    await postAndEdit(club, ann.token, older, bookSuggestion('Solaris'));
    await postAndEdit(club, ann.token, newer, bookSuggestion('Dune'));

    await closeDiscussion(club, mod, newer);
    await arrived(received, 3);
    expect((await ok<{ currentDiscussion: { discussionId: number } }>(club, 'GET', '/api/home', ann.token)).currentDiscussion.discussionId).toBe(older);
    await closeDiscussion(club, mod, older);
    await arrived(received, 4);

    expect(received).toEqual([
      { discussionId: older, isClosed: false, posts: [] },
      { discussionId: newer, isClosed: false, posts: [] },
      { discussionId: older, isClosed: false, posts: ['Solaris (edited)'] },
      null,
    ]);
  });

  it('socket.io clients that asked for nothing keep every change to a discussion, whole, while SignalR gets only the current one', async () => {
    const { club, mod, ann } = given;
    const overSignalR = await obskurneeClient(club, ann.token);
    const socket = connectSocketIo(club.url, { path: HUB_PATH, auth: { token: ann.token }, reconnection: false });
    sockets.push(socket);
    const overSocketIo: Seen[] = [];
    socket.on(HUB_EVENTS.discussionChanged, (discussion: Discussion) => overSocketIo.push(seen(discussion)));
    await within(new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject))), 4_000, 'socket.io connect');

    const discussionId = await startRound(club, mod, 'Books', 'Winter');
    await postAndEdit(club, ann.token, discussionId, bookSuggestion('Dune'));
    await closeDiscussion(club, mod, discussionId);
    await arrived(overSocketIo, 4);
    await arrived(overSignalR, 2);

    expect(overSocketIo).toEqual([
      { discussionId, isClosed: false, posts: [] },
      { discussionId, isClosed: false, posts: ['Dune'] },
      { discussionId, isClosed: false, posts: ['Dune (edited)'] },
      { discussionId, isClosed: true, posts: ['Dune (edited)'] },
    ]);
    expect(overSignalR).toEqual([{ discussionId, isClosed: false, posts: [] }, null]);
  });
});
