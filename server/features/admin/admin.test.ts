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

describe('admin', () => {
  it('the noticeboard is markdown for moderators and sanitized HTML on home', async () => {
    await ok(club, 'POST', '/api/admin/noticeboard', mod, { text: 'Meet on **Friday**<script>x</script>' });
    expect((await ok(club, 'GET', '/api/admin', mod)).noticeboard).toBe('Meet on **Friday**<script>x</script>');
    const notice = (await ok(club, 'GET', '/api/home', ann.token)).notice as string;
    expect(notice).toContain('<strong>Friday</strong>');
    expect(notice).not.toContain('<script');
    expect((await club.call('GET', '/api/home')).body.notice).toBeNull();
  });

  it('promotes a member to moderator', async () => {
    const promoted = await ok(club, 'POST', `/api/admin/makemod/${encodeURIComponent(ann.email)}`, mod);
    expect(promoted.isModerator).toBe(true);
    expect((await club.call('POST', '/api/rounds', { token: ann.token, body: { topic: 'Books', title: 'Mine now' } })).status).toBe(200);
    expect((await club.call('POST', '/api/admin/makemod/ghost%40club.test', { token: mod })).status).toBe(404);
  });

  it('an admin creates a bot: it signs in, reads, and is hidden from members and votes', async () => {
    const bot = await ok(club, 'POST', '/api/admin/registerbot', mod, { email: 'robot@club.test', name: 'Robot', password: 'robot password' });
    expect(bot).toMatchObject({ email: 'robot@club.test', isActiveParticipant: false });
    expect((await ok(club, 'GET', '/api/admin/bots', mod)).map((b: { email: string }) => b.email)).toEqual(['robot@club.test']);
    const login = (await club.call('POST', '/api/accounts/login', { body: { email: 'robot@club.test', password: 'robot password' } })).body;
    expect((await club.call('GET', '/api/rounds', { token: login.token })).status).toBe(200);
    expect((await club.call('POST', '/api/rounds', { token: login.token, body: { topic: 'Books', title: 'x' } })).status).toBe(403);
    expect((await ok(club, 'GET', '/api/users', mod)).map((u: { email: string }) => u.email)).not.toContain('robot@club.test');
    const short = await club.call('POST', '/api/admin/registerbot', { token: mod, body: { email: 'r2@club.test', name: 'R2', password: 'short' } });
    expect(short.status).toBe(400);
  });
});
