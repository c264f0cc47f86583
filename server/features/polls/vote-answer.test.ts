import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { VoteReceipt } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

// POST /api/polls/{id}/vote: the whole poll by default, as Obskurnee answered and its client reads it; with
// ?answer=receipt what the vote changed for the voter, the same size however many have voted.

const SEEDED_VOTERS = 300;

let club: TestServer;
let mod: string;
let ann: TestMember;
let bea: TestMember;
let cid: TestMember;
let pollId: number;
let options: Post[];

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  [ann, bea, cid] = [await addMember(club, { name: 'Ann' }), await addMember(club, { name: 'Bea' }), await addMember(club, { name: 'Cid' })];
  const discussionId = (await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Autumn' })).bookDiscussionId!;
  options = [];
  for (const title of ['Dune', 'Emma', 'Ulysses']) options.push(await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, mod, bookSuggestion(title)));
  pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod)).discussion!.pollId!;
}, 30_000);
afterAll(async () => {
  await club.close();
});

/** Members who have voted, written straight into the database in one transaction (faster than signing in and voting). */
function seedVoters(count: number): void {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
  try {
    const now = new Date().toISOString();
    const member =
      sql.prepare(`INSERT INTO "user" ("id", "email", "name", "passwordHash", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn")
      VALUES (?, ?, ?, '', 0, 0, 0, 1, ?)`);
    const vote = sql.prepare(`INSERT INTO "vote" ("pollId", "userId", "createdOn") VALUES (?, ?, ?)`);
    const choice = sql.prepare(`INSERT INTO "vote_choice" ("pollId", "userId", "postId") VALUES (?, ?, ?)`);
    sql.transaction(() => {
      for (let i = 0; i < count; i++) {
        const userId = crypto.randomUUID();
        member.run(userId, `${userId}@club.test`, `Seeded voter with a longish name ${i}`, now);
        vote.run(pollId, userId, now);
        choice.run(pollId, userId, options[i % options.length]!.postId);
      }
    })();
  } finally {
    sql.close();
  }
}

async function vote(member: TestMember | string, postIds: number[], query = ''): Promise<{ status: number; text: string }> {
  const token = typeof member === 'string' ? member : member.token;
  const response = await fetch(`${club.url}/api/polls/${pollId}/vote${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ postIds }),
  });
  return { status: response.status, text: await response.text() };
}

/** What Obskurnee's poll page (obskurnee.client/src/components/pages/Poll.vue) reads of the poll its vote answered. */
function expectWhatObskurneeReads(answer: RoundUpdate, voterId: string): void {
  const poll = answer.poll!;
  expect(poll).toMatchObject({ pollId, title: expect.stringContaining('Autumn'), isClosed: expect.any(Boolean) });
  expect(poll.options.map(({ postId, title, author, text }) => ({ postId, title, author, text }))).toEqual(
    options.map(({ postId, title, author, text }) => ({ postId, title, author, text })),
  );
  // Its results list (each count's option found among the options), the progress line and the close button.
  expect(poll.results.votes.map((count) => count.postId).sort()).toEqual(options.map((option) => option.postId).sort());
  for (const count of poll.results.votes) expect(count).toEqual({ postId: count.postId, votes: expect.any(Number), percentage: expect.any(Number) });
  expect(poll.results.alreadyVoted).toContain(voterId);
  expect(poll.results).toHaveProperty('winnerPostId');
  expect(poll).toHaveProperty('followupLink');
}

describe("a vote's answer", () => {
  it('with ?answer=receipt: the ballot and the counts the voter may now see, without options or voters, the same size with 300 more voters', async () => {
    const first = await vote(ann, [options[0]!.postId], '?answer=receipt');
    expect(first.status).toBe(200);
    const receipt = JSON.parse(first.text) as VoteReceipt;
    expect(receipt.myVote).toEqual({ pollId, postIds: [options[0]!.postId] });
    expect(receipt.poll).toMatchObject({
      pollId,
      isClosed: false,
      results: { votes: expect.arrayContaining([{ postId: options[0]!.postId, votes: 1, percentage: 100 }]) },
    });
    expect(Object.keys(receipt.poll).sort()).not.toContain('options');
    expect(Object.keys(receipt.poll.results).sort()).toEqual(['votes', 'winnerPostId']);

    const wholeBefore = await vote(cid, [options[1]!.postId]);
    seedVoters(SEEDED_VOTERS);
    const later = await vote(bea, [options[1]!.postId, options[2]!.postId], '?answer=receipt');
    // Only the counts' digits grow.
    expect(later.text.length - first.text.length).toBeLessThan(40);
    expect(later.text.length).toBeLessThan(1_000);
    // The whole poll grows with every voter: their ids, beside every member's name.
    const wholeAfter = await vote(cid, [options[1]!.postId]);
    expect(wholeAfter.text.length - wholeBefore.text.length).toBeGreaterThan(SEEDED_VOTERS * 60);
  });

  it("without it: the whole poll, with all that Obskurnee's client reads of it, also from the vote that closes the poll", async () => {
    const open = JSON.parse((await vote(ann, [options[2]!.postId])).text) as RoundUpdate;
    expectWhatObskurneeReads(open, ann.userId);
    expect(open.poll!.isClosed).toBe(false);

    // The host is the last active member to vote: the poll closes, and the answer names the book it chose.
    const closing = await vote(mod, [options[1]!.postId]);
    const closed = JSON.parse(closing.text) as RoundUpdate;
    expectWhatObskurneeReads(closed, ann.userId);
    expect(closed.poll).toMatchObject({ isClosed: true, followupLink: { kind: 'Book', entityId: expect.any(Number) } });
    expect(closed.poll!.results.winnerPostId).toBe(closed.poll!.results.votes[0]!.postId);
    expect(closed.book).not.toBeNull();
  });

  it('asked for in any other form: a 400', async () => {
    const refused = await vote(bea, [options[0]!.postId], '?answer=everything');
    expect(refused.status).toBe(400);
  });
});
