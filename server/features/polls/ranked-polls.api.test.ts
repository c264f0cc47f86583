import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
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

/** A round whose book discussion has three suggestions. */
async function discussionWithSuggestions(): Promise<number> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: `Round ${Math.random()}` });
  for (const title of ['Dune', 'Emma', 'Ulysses']) await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, mod, bookSuggestion(title));
  return round.bookDiscussionId!;
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
