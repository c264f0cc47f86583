import { describe, expect, it } from 'vitest';
import { useClubWithMember } from '../../test-support/club-with-member';
import { ok } from '../../test-support/round-helpers';
import { ADMIN } from '../../test-support/test-server';

const given = useClubWithMember();

describe('newsletters', () => {
  it("a member subscribes and unsubscribes; moderators see each list's subscribers", async () => {
    expect(await ok(given.club, 'GET', '/api/newsletters', given.ann.token)).toEqual([]);
    expect(await ok(given.club, 'POST', '/api/newsletters/allevents/subscribe', given.ann.token)).toEqual(['allevents']);
    expect(await ok(given.club, 'POST', '/api/newsletters/basicevents/subscribe', given.ann.token)).toEqual(['basicevents', 'allevents']);
    expect(await ok(given.club, 'POST', '/api/newsletters/allevents/unsubscribe', given.ann.token)).toEqual(['basicevents']);
    const all = await ok(given.club, 'GET', '/api/newsletters/all', given.mod);
    // The first admin starts on the main newsletter, as every new account does.
    expect(all.basicevents.map((u: { email: string }) => u.email).sort()).toEqual([ADMIN.email, given.ann.email].sort());
    expect(all.allevents).toEqual([]);
    const unknown = await given.club.call('POST', '/api/newsletters/weekly/subscribe', { token: given.ann.token });
    expect(unknown.status).toBe(404);
  });
});
