import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { CLUB_POLL_MS, waitForClub } from './wait-for-club';

/** A club that answers each question in turn as listed: a status, or a connection refused. */
function restartingClub(answers: (number | 'refused')[]) {
  const asked: string[] = [];
  const sent: RequestInit[] = [];
  const endedSessions: string[] = [];
  const club = {
    asked,
    sent,
    endedSessions,
    /** The app's API client, signed in as the member, asking this club. */
    client: () =>
      createApiClient({ getToken: () => 'member-token', getLanguage: () => 'en', fetch: club.fetch, onUnauthorized: (token) => endedSessions.push(token) }),
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      asked.push(String(input));
      if (init) sent.push(init);
      const answer = answers.shift() ?? 200;
      if (answer === 'refused') throw new TypeError('Failed to fetch');
      return new Response(answer === 200 ? '{}' : JSON.stringify({ status: answer, detail: 'The club is being restored' }), { status: answer });
    },
  };
  return club;
}

describe('waiting for the club after a restore', () => {
  it('asks home every second until it answers, through refusals and 503s', async () => {
    const club = restartingClub([503, 'refused', 'refused', 503, 200]);
    const slept: number[] = [];
    await waitForClub(club.client(), { sleep: async (ms) => void slept.push(ms) });
    expect(club.asked).toEqual(Array(5).fill('/api/home'));
    expect(slept).toEqual(Array(5).fill(CLUB_POLL_MS));
  });

  it('asks without the member’s token, which the restore may have made worthless', async () => {
    const club = restartingClub([200]);
    await waitForClub(club.client(), { sleep: async () => {} });
    expect(club.sent[0]?.headers).not.toHaveProperty('Authorization');
    expect(club.sent[0]?.cache).toBe('no-store');
  });

  it('stops when the page no longer waits', async () => {
    const club = restartingClub(Array(100).fill(503));
    const left = new AbortController();
    let questions = 0;
    const waiting = waitForClub(club.client(), {
      sleep: async () => {
        questions += 1;
        if (questions === 3) left.abort(new Error('left the page'));
      },
      signal: left.signal,
    });
    await expect(waiting).rejects.toThrow('left the page');
    expect(club.asked).toHaveLength(2);
  });
});

describe('a 401 while waiting for a restored club', () => {
  it('does not end the session: the member’s token was never sent', async () => {
    const club = restartingClub([401, 200]);
    await waitForClub(club.client(), { sleep: async () => {} });
    expect(club.asked).toHaveLength(2);
    expect(club.endedSessions).toEqual([]);
  });
});
