import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Post } from '../../shared/api/discussions';
import type { Round } from '../../shared/api/rounds';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';

let club: TestServer;
let admin: string;

beforeAll(async () => {
  club = await startTestServer();
  admin = await setUpClub(club);
});
afterAll(async () => {
  await club.close();
});

async function openDiscussion(): Promise<number> {
  const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Empty bodies' });
  await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, admin, bookSuggestion('Dune'));
  return round.bookDiscussionId!;
}

it('a route with an optional body takes a POST with none, also when it says it is JSON (as clients send close-discussion)', async () => {
  const cases: [string, Record<string, string>][] = [
    ['', {}],
    ['', { 'Content-Type': 'application/json' }],
    ['', { 'Content-Type': 'application/json; charset=utf-8' }],
    ['null', { 'Content-Type': 'application/json' }],
  ];
  for (const [rawBody, headers] of cases) {
    const discussionId = await openDiscussion();
    const res = await club.call('POST', `/api/rounds/close-discussion/${discussionId}`, { token: admin, rawBody, headers });
    expect(res.status, `${rawBody} ${JSON.stringify(headers)}`).toBe(200);
    expect(res.body.discussion.isClosed).toBe(true);
  }
});

it('a body that is JSON but not an object is still refused clearly', async () => {
  const discussionId = await openDiscussion();
  for (const rawBody of ['42', '"soon"', '[]', 'true']) {
    const res = await club.call('POST', `/api/rounds/close-discussion/${discussionId}`, {
      token: admin,
      rawBody,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status, rawBody).toBe(400);
    expect(res.body.detail).toBeTruthy();
  }
  expect((await ok(club, 'GET', `/api/discussions/${discussionId}`, admin)).isClosed).toBe(false);
});
