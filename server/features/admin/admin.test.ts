import { describe, expect, it } from 'vitest';
import { useClubWithMember } from '../../test-support/club-with-member';
import { ok } from '../../test-support/round-helpers';

const given = useClubWithMember();

describe('admin', () => {
  it('the noticeboard is markdown for moderators and sanitized HTML on home', async () => {
    await ok(given.club, 'POST', '/api/admin/noticeboard', given.mod, { text: 'Meet on **Friday**<script>x</script>' });
    expect((await ok(given.club, 'GET', '/api/admin', given.mod)).noticeboard).toBe('Meet on **Friday**<script>x</script>');
    const notice = (await ok(given.club, 'GET', '/api/home', given.ann.token)).notice as string;
    expect(notice).toContain('<strong>Friday</strong>');
    expect(notice).not.toContain('<script');
    expect((await given.club.call('GET', '/api/home')).body.notice).toBeNull();
  });

  it('promotes a member to moderator', async () => {
    const promoted = await ok(given.club, 'POST', `/api/admin/makemod/${encodeURIComponent(given.ann.email)}`, given.mod);
    expect(promoted.isModerator).toBe(true);
    expect((await given.club.call('POST', '/api/rounds', { token: given.ann.token, body: { topic: 'Books', title: 'Mine now' } })).status).toBe(200);
    expect((await given.club.call('POST', '/api/admin/makemod/ghost%40club.test', { token: given.mod })).status).toBe(404);
  });

  it('an admin creates a bot: it signs in, reads, and is hidden from members and votes', async () => {
    const bot = await ok(given.club, 'POST', '/api/admin/registerbot', given.mod, { email: 'robot@club.test', name: 'Robot', password: 'robot password' });
    expect(bot).toMatchObject({ email: 'robot@club.test', isActiveParticipant: false });
    expect(await ok(given.club, 'GET', '/api/admin/bots', given.mod)).toEqual(['Robot']);
    const login = (await given.club.call('POST', '/api/accounts/login', { body: { email: 'robot@club.test', password: 'robot password' } })).body;
    expect((await given.club.call('GET', '/api/rounds', { token: login.token })).status).toBe(200);
    expect((await given.club.call('POST', '/api/rounds', { token: login.token, body: { topic: 'Books', title: 'x' } })).status).toBe(403);
    expect((await ok(given.club, 'GET', '/api/users', given.mod)).map((u: { email: string }) => u.email)).not.toContain('robot@club.test');
    const short = await given.club.call('POST', '/api/admin/registerbot', { token: given.mod, body: { email: 'r2@club.test', name: 'R2', password: 'short' } });
    expect(short.status).toBe(400);
  });
});
