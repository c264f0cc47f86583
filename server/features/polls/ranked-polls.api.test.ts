import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { DELTA_EVENTS, type DeltaEventPayloads } from '../../../shared/events';
import { LiveClient } from '../../realtime/test-support/live-clients';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

// Ranked-choice polls over HTTP (DECISIONS.md, "Ranked choice and check-in"): how a poll is counted is
// chosen when its discussion closes.

let club: TestServer;
let mod: string;

beforeAll(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
});
afterAll(async () => {
  await club.close();
});

/** The options of the last discussion made, by title. */
const option: Record<string, number> = {};

/** A round whose book discussion has three suggestions. */
async function discussionWithSuggestions(): Promise<number> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: `Round ${Math.random()}` });
  for (const title of ['Dune', 'Emma', 'Ulysses'])
    option[title] = (await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, mod, bookSuggestion(title))).postId;
  return round.bookDiscussionId!;
}

/** POST /api/polls/{id}/vote in `language`: the status and the answer. */
async function vote(pollId: number, token: string, postIds: number[], language = 'en') {
  const answer = await fetch(`${club.url}/api/polls/${pollId}/vote`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify({ postIds }),
  });
  return { status: answer.status, body: (await answer.json()) as RoundUpdate & { errors?: Record<string, string[]> } };
}

describe('the voting method of a poll', () => {
  it('is approval unless closing the discussion asks for ranked', async () => {
    const plain = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${await discussionWithSuggestions()}`, mod);
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${plain.discussion!.pollId}`, mod)).poll.votingMethod).toBe('approval');

    const ranked = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${await discussionWithSuggestions()}`, mod, { votingMethod: 'ranked' });
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${ranked.discussion!.pollId}`, mod)).poll.votingMethod).toBe('ranked');
  });

  it('refuses a method it does not know with a translated 400, and the discussion stays open', async () => {
    const discussionId = await discussionWithSuggestions();
    for (const [language, message] of [
      ['en', 'Choose approval or ranked voting.'],
      ['sk', 'Vyberte hlasovanie súhlasom alebo poradím.'],
    ] as const) {
      const refused = await fetch(`${club.url}/api/rounds/close-discussion/${discussionId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mod}`, 'Content-Type': 'application/json', 'Accept-Language': language },
        body: JSON.stringify({ votingMethod: 'borda' }),
      });
      expect(refused.status).toBe(400);
      const problem = (await refused.json()) as { errors: Record<string, string[]> };
      expect(problem.errors.votingMethod).toEqual([message]);
    }
    const discussion = await ok<{ isClosed: boolean }>(club, 'GET', `/api/discussions/${discussionId}`, mod);
    expect(discussion.isClosed).toBe(false);
  });
});

describe('a ranked poll', () => {
  let members: TestMember[];
  let pollId: number;
  beforeAll(async () => {
    members = await Promise.all(['Ann', 'Ben', 'Cyril'].map((name) => addMember(club, { name })));
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${await discussionWithSuggestions()}`, mod, { votingMethod: 'ranked' });
    pollId = closed.discussion!.pollId!;
  });

  it('keeps a ballot in its order, and refuses an option ranked twice or not the poll’s with a translated 400', async () => {
    const { Dune, Emma, Ulysses } = option as { Dune: number; Emma: number; Ulysses: number };
    expect((await vote(pollId, members[0]!.token, [Ulysses, Dune])).status).toBe(200);
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, members[0]!.token)).myVote).toEqual({ pollId, postIds: [Ulysses, Dune] });

    for (const [language, message] of [
      ['en', 'Rank each option once.'],
      ['sk', 'Každú možnosť zaraďte len raz.'],
    ] as const) {
      const repeated = await vote(pollId, members[1]!.token, [Emma, Dune, Emma], language);
      expect(repeated.status).toBe(400);
      expect(repeated.body.errors!.postIds).toEqual([message]);
    }
    expect((await vote(pollId, members[1]!.token, [Emma, 999_999])).status).toBe(400);
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, members[1]!.token)).myVote).toBeNull();
  });

  it('is counted by instant runoff, its rounds hidden from who has not voted, and closes on the winner', async () => {
    const { Dune, Emma, Ulysses } = option as { Dune: number; Emma: number; Ulysses: number };
    // Ballots: Ann [Ulysses, Dune] (above), Ben [Dune], Cyril [Emma, Dune], the moderator [Dune, Emma].
    // Round 1 of 4: Dune 2, Emma 1, Ulysses 1: no majority; Emma and Ulysses, tied for fewest, go out together.
    // Round 2: Ann's and Cyril's ballots go to Dune: Dune 4 of 4.
    await vote(pollId, members[1]!.token, [Dune]);
    await vote(pollId, members[2]!.token, [Emma, Dune]);
    const outsider = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, mod);
    expect(outsider.poll.results).toMatchObject({ votes: [], rankedRounds: [] });
    const voter = await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, members[2]!.token);
    // Three ballots so far, one first choice each: a three-way tie, nothing eliminated (yet).
    expect(voter.poll.results.rankedRounds!.map((round) => round.eliminated)).toEqual([[]]);
    expect(voter.poll.results.votes.map((count) => count.votes)).toEqual([1, 1, 1]);

    const last = await vote(pollId, mod, [Dune, Emma]);
    expect(last.status).toBe(200);
    const closed = (await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, mod)).poll;
    expect(closed).toMatchObject({ isClosed: true, votingMethod: 'ranked' });
    expect(closed.results.winnerPostId).toBe(Dune);
    expect(closed.results.rankedRounds!.map((round) => round.votes.map((count) => [count.postId, count.votes]))).toEqual([
      [
        [Dune, 2],
        [Emma, 1],
        [Ulysses, 1],
      ],
      [[Dune, 4]],
    ]);
    expect(closed.results.rankedRounds!.map((round) => round.eliminated)).toEqual([[Emma, Ulysses], []]);
    expect(closed.results.votes).toEqual([{ postId: Dune, votes: 4, percentage: 100 }]);
  });
});

describe('a ranked poll tied at the end', () => {
  it('opens a ranked tiebreaker of the tied options when closed', async () => {
    const [ann, ben] = await Promise.all(['Dana', 'Eli'].map((name) => addMember(club, { name })));
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${await discussionWithSuggestions()}`, mod, { votingMethod: 'ranked' });
    const pollId = closed.discussion!.pollId!;
    const { Dune, Emma, Ulysses } = option as { Dune: number; Emma: number; Ulysses: number };
    // Round 1: Dune 1, Emma 1, Ulysses 0: Ulysses goes out. Round 2: Dune 1, Emma 1, and no ballot moves: a tie.
    await vote(pollId, ann!.token, [Dune, Ulysses]);
    await vote(pollId, ben!.token, [Emma]);
    await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod);
    const first = (await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, mod)).poll;
    expect(first).toMatchObject({ isClosed: true, followupLink: { kind: 'Poll' }, results: { winnerPostId: null } });
    expect(first.results.rankedRounds!.map((round) => round.eliminated)).toEqual([[Ulysses], []]);
    const tiebreaker = (await ok<PollInfo>(club, 'GET', `/api/polls/${first.followupLink!.entityId}`, mod)).poll;
    expect(tiebreaker).toMatchObject({ isTiebreaker: true, votingMethod: 'ranked', previousPollId: pollId, isClosed: false });
    expect(tiebreaker.options.map((post) => post.postId).sort()).toEqual([Dune, Emma].sort());
  });
});

describe('a ranked poll live', () => {
  it('tells a voter the rounds with the counts of their ballot, and a member who has not voted neither', async () => {
    const [dan, eve] = await Promise.all(['Dan', 'Eve'].map((name) => addMember(club, { name })));
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${await discussionWithSuggestions()}`, mod, { votingMethod: 'ranked' });
    const pollId = closed.discussion!.pollId!;
    const { Dune, Emma, Ulysses } = option as { Dune: number; Emma: number; Ulysses: number };
    const voter = await LiveClient.connect(club.url, dan!.token, { deltas: true });
    const outsider = await LiveClient.connect(club.url, eve!.token, { deltas: true });
    try {
      await vote(pollId, dan!.token, [Emma, Dune]);
      type Counted = DeltaEventPayloads['VoteCounted'];
      const counts = [
        { postId: Emma, votes: 1, percentage: 100 },
        { postId: Dune, votes: 0, percentage: 0 },
        { postId: Ulysses, votes: 0, percentage: 0 },
      ];
      const told = (await voter.next<Counted>(DELTA_EVENTS.voteCounted, (event) => event.pollId === pollId)).payload;
      expect(told).toMatchObject({ voterIds: [dan!.userId], votes: counts, rankedRounds: [{ votes: counts, eliminated: [] }] });
      const hidden = (await outsider.next<Counted>(DELTA_EVENTS.voteCounted, (event) => event.pollId === pollId)).payload;
      expect(hidden).toMatchObject({ voterIds: [dan!.userId], votes: [], rankedRounds: [] });
    } finally {
      voter.close();
      outsider.close();
    }
  });
});
