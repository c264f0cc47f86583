import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Discussion, DiscussionState, Post } from '../../shared/api/discussions';
import type { Poll, PollInfo, PollState } from '../../shared/api/polls';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { DELTA_EVENTS, HUB_EVENTS, type DeltaEventPayloads, type PostEvent } from '../../shared/events';
import { insertRows } from '../db/table';
import { postTable } from '../features/discussions/post.entity';
import { addMember, type TestMember } from '../test-support/members';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';
import { LiveClient } from './test-support/live-clients';

// DECISIONS.md "Live events at scale": a client that asks for small events at its handshake gets them; one
// that asks for nothing gets today's whole documents (SignalR gets what Obskurnee's hub sends:
// signalr.discussion-changed.test.ts). Real clients with their defaults, one club for the file.

let club: TestServer;
let mod: string;
let ann: TestMember;
let bea: TestMember;
const clients: LiveClient[] = [];

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
  bea = await addMember(club, { name: 'Bea' });
}, 30_000);
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await club.close();
});

async function connect(member: TestMember, deltas: boolean): Promise<LiveClient> {
  const client = await LiveClient.connect(club.url, member.token, { deltas });
  clients.push(client);
  return client;
}

async function startRound(title: string): Promise<number> {
  return (await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title })).bookDiscussionId!;
}

/** A suggestion of some 1.9 kB as the API answers it, as the measured club's were. */
const longSuggestion = (i: number) => {
  const text = `Suggestion ${i}: ${'A story worth an evening of talk, with its twists and its people. '.repeat(14)}`;
  return { title: `Book ${i}`, author: `Author ${i}`, pageCount: 300, text, renderedText: `<p>${text}</p>` };
};

/** Writes `count` suggestions into the discussion in one transaction (straight into the database: faster than the API). */
function seedPosts(discussionId: number, ownerId: string, count: number): void {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
  try {
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      discussionId,
      ownerId,
      ...longSuggestion(i),
      url: null,
      imageUrl: null,
      parentPostId: null,
      parentRecommendationId: null,
      hasSpoilers: false,
      createdOn: now,
      modifiedOn: now,
    }));
    sql.transaction(() => insertRows(sql, postTable, rows))();
  } finally {
    sql.close();
  }
}

describe('live events as each client asks for them', () => {
  it('a post into a 200-post discussion: the post alone (under 4 kB) to a client that asked for small events, the whole discussion to one that asked for nothing', async () => {
    const discussionId = await startRound('Big autumn');
    seedPosts(discussionId, ann.userId, 200);
    const shown = await ok<Discussion>(club, 'GET', `/api/discussions/${discussionId}`, ann.token);
    const [small, whole] = [await connect(ann, true), await connect(bea, false)];

    const post = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Solaris'));

    const added = await small.next<PostEvent>(DELTA_EVENTS.postAdded);
    expect(added.payload).toEqual({ discussionId, version: shown.version + 1, post });
    expect(added.bytes).toBeLessThan(4_000);
    const changed = await whole.next<Discussion>(HUB_EVENTS.discussionChanged);
    expect(changed.payload.posts).toHaveLength(201);
    expect(changed.payload.posts.at(-1)).toEqual(post);
    expect(changed.bytes).toBeGreaterThan(350_000);
    // Each got its own form only, and a fresh load is what the small event made of the copy shown.
    expect(small.events()).toEqual([DELTA_EVENTS.postAdded]);
    expect(whole.events()).toEqual([HUB_EVENTS.discussionChanged]);
    expect(await ok<Discussion>(club, 'GET', `/api/discussions/${discussionId}`, ann.token)).toEqual({
      ...shown,
      version: added.payload.version,
      posts: [...shown.posts, post],
    });
  });

  it('an edit comes as the edited post, and the discussion closing into its poll as its state without posts', async () => {
    const small = await connect(bea, true);
    const discussionId = await startRound('Winter');
    const opened = await small.next<DiscussionState>(DELTA_EVENTS.discussionUpdated, (d) => d.discussionId === discussionId);
    expect(opened.payload).toMatchObject({ discussionId, isClosed: false, pollId: null, version: 0 });

    const post = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ann.token, bookSuggestion('Dune'));
    const edited = await ok<Post>(club, 'PATCH', `/api/discussions/${discussionId}`, ann.token, { ...bookSuggestion('Dune Messiah'), postId: post.postId });
    expect((await small.next<PostEvent>(DELTA_EVENTS.postChanged)).payload).toEqual({ discussionId, version: 2, post: edited });

    const update = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod);
    const closed = await small.next<DiscussionState>(DELTA_EVENTS.discussionUpdated, (d) => d.discussionId === discussionId && d.isClosed);
    expect(closed.payload).toEqual({ ...update.discussion, posts: undefined, version: 3 });
    expect(closed.payload).not.toHaveProperty('posts');
  });

  it('ballots: who voted to every client that asked for small events, the counts only to those who have voted; a client that asked for nothing hears nothing of a vote, as before', async () => {
    const discussionId = await startRound('Spring');
    const [dune, emma] = [
      await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, mod, bookSuggestion('Dune')),
      await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, mod, bookSuggestion('Emma')),
    ];
    const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod)).discussion!.pollId!;
    const [annSmall, beaSmall, legacy] = [await connect(ann, true), await connect(bea, true), await connect(bea, false)];
    const opened = (await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, ann.token)).poll;

    await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [dune.postId] });
    type Counted = DeltaEventPayloads['VoteCounted'];
    const counts = [
      { postId: dune.postId, votes: 1, percentage: 100 },
      { postId: emma.postId, votes: 0, percentage: 0 },
    ];
    expect((await annSmall.next<Counted>(DELTA_EVENTS.voteCounted)).payload).toEqual({
      pollId,
      version: opened.version + 1,
      voterIds: [ann.userId],
      votes: counts,
    });
    expect((await beaSmall.next<Counted>(DELTA_EVENTS.voteCounted)).payload).toEqual({
      pollId,
      version: opened.version + 1,
      voterIds: [ann.userId],
      votes: [],
    });

    // A deadline: its state to everyone (counts hidden while open), the whole poll to the client that asked for nothing.
    const closesAt = new Date(Date.now() + 86_400_000).toISOString();
    await ok(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt });
    const state = await beaSmall.next<PollState>(DELTA_EVENTS.pollUpdated);
    expect(state.payload).toMatchObject({ pollId, closesAt, version: opened.version + 2, results: { votes: [], winnerPostId: null } });
    expect(state.payload).not.toHaveProperty('options');
    const whole = await legacy.next<Poll>(HUB_EVENTS.pollChanged);
    expect(whole.payload).toMatchObject({ pollId, closesAt, results: { alreadyVoted: [ann.userId] } });
    expect(legacy.events()).toEqual([HUB_EVENTS.pollChanged]);

    await ok(club, 'POST', `/api/polls/${pollId}/vote`, bea.token, { postIds: [emma.postId] });
    const beaCounted = await beaSmall.next<Counted>(DELTA_EVENTS.voteCounted, (e) => e.voterIds.includes(bea.userId));
    expect(beaCounted.payload.votes.map((count) => count.votes)).toEqual([1, 1]);
    expect(beaCounted.payload.version).toBe(opened.version + 3);
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, bea.token)).poll).toMatchObject({
      version: opened.version + 3,
      results: { alreadyVoted: [ann.userId, bea.userId], votes: beaCounted.payload.votes },
    });
  });
});
