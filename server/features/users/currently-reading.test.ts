import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserListEntry } from '../../../shared/api/users';
import { startClubWithMember } from '../../test-support/club-with-member';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import type { TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;

beforeEach(async () => {
  ({ club, mod, ann } = await startClubWithMember());
});
afterEach(async () => {
  await club.close();
});

describe('currently reading', () => {
  it('the user list has active members with what they read, and never bots', async () => {
    await addMember(club, { name: 'Robo', bot: true });
    for (const title of ['A', 'B', 'C', 'D', 'E']) await ok(club, 'POST', '/api/reviews/currentlyreading', ann.token, { title, author: 'X' });
    const list = await ok<UserListEntry[]>(club, 'GET', '/api/users', ann.token);
    expect(list.map((u) => u.name)).toEqual(expect.arrayContaining(['Ann']));
    expect(list.map((u) => u.name)).not.toContain('Robo');
    expect(list.find((u) => u.name === 'Ann')!.currentlyReading.map((r) => r.title)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const all = await ok(club, 'GET', '/api/reviews/currentlyreading', mod);
    expect(all).toHaveLength(5);
    expect(all[0]).toMatchObject({ ownerId: ann.userId, title: 'A', author: 'X' });
  });

  it('members remove their own reading entries, not others\'', async () => {
    const entry = await ok(club, 'POST', '/api/reviews/currentlyreading', ann.token, { title: 'Mine' });
    const ben = await addMember(club, { name: 'Ben' });
    expect((await club.call('DELETE', `/api/reviews/currentlyreading/${entry.entryId}`, { token: ben.token })).status).toBe(403);
    expect((await club.call('DELETE', `/api/reviews/currentlyreading/${entry.entryId}`, { token: ann.token })).status).toBe(200);
    expect((await club.call('DELETE', `/api/reviews/currentlyreading/${entry.entryId}`, { token: ann.token })).status).toBe(404);
  });
});
