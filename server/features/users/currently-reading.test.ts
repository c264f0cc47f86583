import { describe, expect, it } from 'vitest';
import type { UserListEntry } from '../../../shared/api/users';
import { useClubWithMember } from '../../test-support/club-with-member';
import { addMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';

const given = useClubWithMember();

describe('currently reading', () => {
  it('the user list has active members with what they read, and never bots', async () => {
    await addMember(given.club, { name: 'Robo', bot: true });
    for (const title of ['A', 'B', 'C', 'D', 'E']) await ok(given.club, 'POST', '/api/reviews/currentlyreading', given.ann.token, { title, author: 'X' });
    const list = await ok<UserListEntry[]>(given.club, 'GET', '/api/users', given.ann.token);
    expect(list.map((u) => u.name)).toEqual(expect.arrayContaining(['Ann']));
    expect(list.map((u) => u.name)).not.toContain('Robo');
    expect(list.find((u) => u.name === 'Ann')!.currentlyReading.map((r) => r.title)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const all = await ok(given.club, 'GET', '/api/reviews/currentlyreading', given.mod);
    expect(all).toHaveLength(5);
    expect(all[0]).toMatchObject({ ownerId: given.ann.userId, title: 'A', author: 'X' });
  });

  it("members remove their own reading entries, not others'", async () => {
    const entry = await ok(given.club, 'POST', '/api/reviews/currentlyreading', given.ann.token, { title: 'Mine' });
    const ben = await addMember(given.club, { name: 'Ben' });
    expect((await given.club.call('DELETE', `/api/reviews/currentlyreading/${entry.entryId}`, { token: ben.token })).status).toBe(403);
    expect((await given.club.call('DELETE', `/api/reviews/currentlyreading/${entry.entryId}`, { token: given.ann.token })).status).toBe(200);
    expect((await given.club.call('DELETE', `/api/reviews/currentlyreading/${entry.entryId}`, { token: given.ann.token })).status).toBe(404);
  });
});
