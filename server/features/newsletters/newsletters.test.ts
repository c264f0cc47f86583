import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startClubWithMember } from '../../test-support/club-with-member';
import type { TestMember } from '../../test-support/members';
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

describe('newsletters', () => {
  it('a member subscribes and unsubscribes; moderators see each list\'s subscribers', async () => {
    expect(await ok(club, 'GET', '/api/newsletters', ann.token)).toEqual([]);
    expect(await ok(club, 'POST', '/api/newsletters/allevents/subscribe', ann.token)).toEqual(['allevents']);
    expect(await ok(club, 'POST', '/api/newsletters/basicevents/subscribe', ann.token)).toEqual(['basicevents', 'allevents']);
    expect(await ok(club, 'POST', '/api/newsletters/allevents/unsubscribe', ann.token)).toEqual(['basicevents']);
    const all = await ok(club, 'GET', '/api/newsletters/all', mod);
    expect(all.basicevents.map((u: { email: string }) => u.email)).toEqual([ann.email]);
    expect(all.allevents).toEqual([]);
    const unknown = await club.call('POST', '/api/newsletters/weekly/subscribe', { token: ann.token });
    expect(unknown.status).toBe(404);
  });
});
