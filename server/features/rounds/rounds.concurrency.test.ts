import path from 'node:path';
import Database from 'better-sqlite3';
import { countRows, findRows } from '../../db/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { bookTable } from '../books';
import { pollTable, voteChoiceTable, voteTable } from '../polls';

let club: TestServer;
let mod: string;
let members: TestMember[];

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  members = [];
  for (let i = 0; i < 40; i++) members.push(await addMember(club, { name: `Reader ${String(i).padStart(2, '0')}` }));
}, 60_000);
afterAll(async () => {
  await club.close();
});

/** A Books round whose discussion has `count` suggestions and is closed: answers the poll and its options. */
async function openPoll(count: number): Promise<{ pollId: number; options: Post[]; round: Round }> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: `Round ${Date.now()}` });
  const options: Post[] = [];
  for (let i = 0; i < count; i++) {
    options.push(await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, members[i]!.token, bookSuggestion(`Option ${i}`)));
  }
  const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod);
  return { pollId: closed.discussion!.pollId!, options, round };
}

/** Reads the club's database on a connection of its own, as stored. */
function stored<T>(read: (sql: Database.Database) => T): T {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  try {
    return read(sql);
  } finally {
    sql.close();
  }
}

describe('under concurrency', () => {
  it('many members voting at once lose no vote and count none twice, even while changing their minds', async () => {
    const { pollId, options } = await openPoll(3);
    const [a, b, c] = options.map((o) => o.postId) as [number, number, number];
    // Every member sends two ballots at the same moment; whichever lands last is their vote.
    const requests = members.flatMap((member, i) => [
      club.call('POST', `/api/polls/${pollId}/vote`, { token: member.token, body: { postIds: [a, b] } }),
      club.call('POST', `/api/polls/${pollId}/vote`, { token: member.token, body: { postIds: i % 2 ? [c] : [a] } }),
    ]);
    const answers = await Promise.all(requests);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    const { poll } = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, members[0]!.token);
    expect(poll.results.alreadyVoted).toHaveLength(40);
    expect(new Set(poll.results.alreadyVoted).size).toBe(40);
    const ballots = stored((sql) => countRows(sql, voteTable, { pollId }));
    expect(ballots).toBe(40);
    // Each member's ticks are exactly one of their two ballots, never a mix or a double.
    stored((sql) => {
      for (const [i, member] of members.entries()) {
        const ticks = findRows(sql, voteChoiceTable, { pollId, userId: member.userId }, { select: ['postId'], orderBy: 'postId' }).map((r) => r.postId);
        expect([[a, b], i % 2 ? [c] : [a]].map(String)).toContain(String(ticks));
      }
    });
    const total = poll.results.votes.reduce((sum, v) => sum + v.votes, 0);
    expect(total).toBe(stored((sql) => countRows(sql, voteChoiceTable, { pollId })));
  });

  it('two moderators closing the same tied poll at once produce one result and one tiebreaker', async () => {
    const { pollId, options, round } = await openPoll(2);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, members[0]!.token, { postIds: [options[0]!.postId] });
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, members[1]!.token, { postIds: [options[1]!.postId] });
    const secondMod = await addMember(club, { moderator: true });

    const closes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => club.call('POST', `/api/rounds/close-poll/${pollId}`, { token: i % 2 ? secondMod.token : mod })),
    );
    expect(closes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(closes.filter((r) => r.status === 409)).toHaveLength(5);
    expect(stored((sql) => countRows(sql, pollTable, { previousPollId: pollId }))).toBe(1);
    const rounds = await ok<Round[]>(club, 'GET', '/api/rounds', mod);
    const tiebreakerId = closes.find((r) => r.status === 200)!.body.poll.followupLink.entityId;
    expect(rounds.find((r) => r.roundId === round.roundId)!.bookTiebreakerPollId).toBe(tiebreakerId);
  });

  it('racing closes of a decided poll number exactly one book', async () => {
    const { pollId, options, round } = await openPoll(2);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, members[0]!.token, { postIds: [options[0]!.postId] });
    const booksBefore = stored((sql) => countRows(sql, bookTable, 'all'));
    const closes = await Promise.all(Array.from({ length: 6 }, () => club.call('POST', `/api/rounds/close-poll/${pollId}`, { token: mod })));
    expect(closes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(stored((sql) => countRows(sql, bookTable, 'all'))).toBe(booksBefore + 1);
    expect(stored((sql) => countRows(sql, bookTable, { roundId: round.roundId }))).toBe(1);
  });

  it('racing closes of a discussion open exactly one poll', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Race' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, members[0]!.token, bookSuggestion('Only'));
    const closes = await Promise.all(
      Array.from({ length: 6 }, () => club.call('POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, { token: mod })),
    );
    expect(closes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(stored((sql) => countRows(sql, pollTable, { discussionId: round.bookDiscussionId! }))).toBe(1);
  });

  it('votes racing the close are either counted or refused, never lost', async () => {
    const { pollId, options } = await openPoll(2);
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, members[0]!.token, { postIds: [options[0]!.postId] });
    const voters = members.slice(1, 30);
    const votes = voters.map((member) => club.call('POST', `/api/polls/${pollId}/vote`, { token: member.token, body: { postIds: [options[1]!.postId] } }));
    const close = club.call('POST', `/api/rounds/close-poll/${pollId}`, { token: mod });
    const answers = await Promise.all(votes);
    expect((await close).status).toBe(200);
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted + answers.filter((a) => a.status === 409).length).toBe(voters.length);
    const { poll } = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, mod);
    expect(poll.results.alreadyVoted).toHaveLength(1 + accepted);
  });
});
