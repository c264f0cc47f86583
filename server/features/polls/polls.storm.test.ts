import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { findRows } from '../../db/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { loadOrCreateSecret, signToken } from '../../http/token';
import { insertMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { voteChoiceTable, voteTable } from './poll.entity';

// A vote storm over HTTP: every member of a club votes at the same moment, some twice, some refused.

const MEMBERS = 150;

interface Voter {
  userId: string;
  token: string;
}

let club: TestServer;
let mod: string;
let voters: Voter[];

/** Members written straight into the database, each with a session token (signing in 150 would wait on password hashing). */
async function addVoters(count: number, options: { bot?: boolean } = {}): Promise<Voter[]> {
  const secret = loadOrCreateSecret(club.dataDir);
  const added: Voter[] = [];
  for (let i = 0; i < count; i++) {
    const userId = crypto.randomUUID();
    await insertMember(club.dataDir, { userId, email: `${userId.slice(0, 8)}@club.test`, name: `Voter ${userId.slice(0, 4)}`, ...options });
    added.push({ userId, token: await signToken(userId, 0, secret) });
  }
  return added;
}

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  voters = await addVoters(MEMBERS);
}, 60_000);
afterAll(async () => {
  await club.close();
});

async function openPoll(): Promise<{ pollId: number; options: number[] }> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: `Round ${crypto.randomUUID()}` });
  const options: number[] = [];
  for (const title of ['Dune', 'Emma', 'Ulysses']) {
    options.push((await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, mod, bookSuggestion(title))).postId);
  }
  const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod);
  return { pollId: closed.discussion!.pollId!, options };
}

/** Each voter's stored ticks, ascending. */
function storedBallots(pollId: number): Map<string, number[]> {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  try {
    const ballots = new Map<string, number[]>();
    const votes = findRows(sql, voteTable, { pollId }, { select: ['userId'] });
    for (const { userId } of votes) {
      if (ballots.has(userId)) throw new Error(`${userId} has two ballots`);
      ballots.set(userId, []);
    }
    const choices = findRows(sql, voteChoiceTable, { pollId }, { select: ['userId', 'postId'], orderBy: 'postId' });
    for (const { userId, postId } of choices) ballots.get(userId)!.push(postId);
    return ballots;
  } finally {
    sql.close();
  }
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The poll's voters as the database orders them: earliest ballot first, then by id. */
function votersInOrder(pollId: number): string[] {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  try {
    return findRows(sql, voteTable, { pollId }, { select: ['userId', 'createdOn'] })
      .sort((a, b) => (a.createdOn === b.createdOn ? (a.userId < b.userId ? -1 : 1) : a.createdOn < b.createdOn ? -1 : 1))
      .map((vote) => vote.userId);
  } finally {
    sql.close();
  }
}

describe('a vote storm', () => {
  it('every member voting at once: none lost, doubled or mixed, refused ballots sink none, and each answer counts its own ballot', async () => {
    const { pollId, options } = await openPoll();
    const [dune, emma, ulysses] = options as [number, number, number];
    const ballotOf = (i: number) => (i % 3 === 0 ? [dune, ulysses] : i % 3 === 1 ? [emma] : [ulysses]);
    const bots = await addVoters(3, { bot: true });

    const requests = [
      ...voters.map((voter, i) => club.call<RoundUpdate>('POST', `/api/polls/${pollId}/vote`, { token: voter.token, body: { postIds: ballotOf(i) } })),
      // Refused among them: an option of no poll, and bots (read-only members).
      ...voters.slice(0, 5).map((voter) => club.call('POST', `/api/polls/${pollId}/vote`, { token: voter.token, body: { postIds: [dune, 999_999] } })),
      ...bots.map((bot) => club.call('POST', `/api/polls/${pollId}/vote`, { token: bot.token, body: { postIds: [dune] } })),
    ];
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, MEMBERS).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(MEMBERS)).toEqual([400, 400, 400, 400, 400, 403, 403, 403]);

    // The database holds each member's ballot once, exactly as sent.
    const stored = storedBallots(pollId);
    expect(stored.size).toBe(MEMBERS);
    voters.forEach((voter, i) => expect(stored.get(voter.userId)).toEqual(sortedIds(ballotOf(i))));

    // Each voter's answer came after their ballot was committed: it lists them and shows the counts of exactly
    // the ballots it lists.
    voters.forEach((voter, i) => {
      const answer = answers[i]!;
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const { results } = (answer.body as RoundUpdate).poll!;
      expect(results.alreadyVoted).toContain(voter.userId);
      expect(new Set(results.alreadyVoted).size).toBe(results.alreadyVoted.length);
      const expected = new Map(options.map((id) => [id, 0]));
      for (const userId of results.alreadyVoted) for (const id of stored.get(userId)!) expected.set(id, expected.get(id)! + 1);
      expect(new Map(results.votes.map((count) => [count.postId, count.votes]))).toEqual(expected);
    });

    // Afterwards each member's own vote is theirs alone; the poll lists everyone once.
    const infos = await Promise.all(voters.map((voter) => ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, voter.token)));
    infos.forEach((info, i) => {
      expect(info.myVote).toEqual({ pollId, postIds: sortedIds(ballotOf(i)) });
      expect(info.poll.results.alreadyVoted).toHaveLength(MEMBERS);
    });
    const total = (info: PollInfo) => info.poll.results.votes.reduce((sum, count) => sum + count.votes, 0);
    expect(total(infos[0]!)).toBe([...stored.values()].reduce((sum, ticks) => sum + ticks.length, 0));

    // Who has not voted still sees no counts.
    const [outsider] = await addVoters(1);
    const forOutsider = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, outsider!.token);
    expect(forOutsider.myVote).toBeNull();
    expect(forOutsider.poll.results.votes).toEqual([]);
    expect(forOutsider.poll.results.activeMembers.map((m) => m.userId)).toContain(outsider!.userId);
  }, 60_000);

  it('members changing their minds at once keep one ballot each, one of those they sent, never a mix', async () => {
    const { pollId, options } = await openPoll();
    const [dune, emma, ulysses] = options as [number, number, number];
    const first = (i: number) => (i % 2 ? [dune, emma] : [ulysses]);
    const second = (i: number) => (i % 2 ? [ulysses] : [dune, emma]);
    const answers = await Promise.all(
      voters.flatMap((voter, i) => [
        club.call('POST', `/api/polls/${pollId}/vote`, { token: voter.token, body: { postIds: first(i) } }),
        club.call('POST', `/api/polls/${pollId}/vote`, { token: voter.token, body: { postIds: second(i) } }),
      ]),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    const stored = storedBallots(pollId);
    expect(stored.size).toBe(MEMBERS);
    voters.forEach((voter, i) => expect([first(i), second(i)].map(sortedIds)).toContainEqual(stored.get(voter.userId)));

    // The poll as the club answers it after the storm (counted commit by commit from the ballots before each)
    // is the poll a fresh read of the database makes: voters in the order they last voted, the same counts.
    const info = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, voters[0]!.token);
    expect(info.poll.results.alreadyVoted).toEqual(votersInOrder(pollId));
    const expected = new Map(options.map((id) => [id, 0]));
    for (const ticks of stored.values()) for (const id of ticks) expected.set(id, expected.get(id)! + 1);
    expect(new Map(info.poll.results.votes.map((count) => [count.postId, count.votes]))).toEqual(expected);
    expect(info.myVote).toEqual({ pollId, postIds: stored.get(voters[0]!.userId) });
  }, 60_000);
});
