import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserListEntry } from '../../../shared/api/users';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;

beforeEach(async () => {
  club = await startTestServer();
  mod = await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
});
afterEach(async () => {
  await club.close();
});

describe('profiles', () => {
  it('a member edits her profile: bio as markdown, phone, Goodreads or StoryGraph link', async () => {
    const saved = await ok(club, 'POST', `/api/users/${encodeURIComponent(ann.email)}`, ann.token, {
      name: 'Ann Reader',
      phone: '+421 900 123 456',
      aboutMe: 'I read *everything*.',
      goodreadsUrl: 'https://app.thestorygraph.com/profile/ann',
      isAdmin: true,
      isActiveParticipant: false,
    });
    expect(saved).toMatchObject({
      name: 'Ann Reader',
      phone: '+421 900 123 456',
      aboutMeHtml: '<p>I read <em>everything</em>.</p>',
      externalProfileSystem: 'Storygraph',
      isAdmin: false,
      // Only a moderator changes this.
      isActiveParticipant: true,
    });
  });

  it('refuses a missing name, a bad phone and a link elsewhere, each named', async () => {
    const res = await club.call('POST', `/api/users/${encodeURIComponent(ann.email)}`, {
      token: ann.token,
      body: { name: '', phone: 'call me', goodreadsUrl: 'https://evil.example/me' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['goodreadsUrl', 'name', 'phone']);
  });

  it('a moderator edits anyone and sets isActiveParticipant; inactive members leave the members\' list', async () => {
    const saved = await ok(club, 'POST', `/api/users/${encodeURIComponent(ann.email)}`, mod, { name: 'Ann', isActiveParticipant: false });
    expect(saved.isActiveParticipant).toBe(false);
    const ben = await addMember(club, { name: 'Ben' });
    expect((await ok<UserListEntry[]>(club, 'GET', '/api/users', ben.token)).map((u) => u.email)).not.toContain(ann.email);
    // Moderators still see her, marked inactive, to make her active again.
    const forMods = await ok<UserListEntry[]>(club, 'GET', '/api/users', mod);
    expect(forMods.find((u) => u.email === ann.email)?.isActiveParticipant).toBe(false);
    expect((await club.call('POST', '/api/users/nobody%40club.test', { token: mod, body: { name: 'x' } })).status).toBe(404);
  });

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

  it('language: a member chooses en or sk, and home follows', async () => {
    expect((await club.call('POST', '/api/users/language', { token: ann.token, body: { language: 'de' } })).status).toBe(400);
    await ok(club, 'POST', '/api/users/language', ann.token, { language: 'sk' });
    expect((await ok(club, 'GET', '/api/home', ann.token)).myProfile.language).toBe('sk');
  });
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

describe('login protection', () => {
  it('slows repeated failures for an account from one address, then answers 429', async () => {
    await club.close();
    club = await startTestServer({ loginThrottle: { stepDelayMs: 20 } });
    await setUpClub(club);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await club.call('POST', '/api/accounts/login', { body: { email: ADMIN.email, password: `wrong ${i}` } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const blocked = await club.call('POST', '/api/accounts/login', { body: ADMIN });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed sign-ins/);
  });
});
