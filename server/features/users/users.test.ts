import { describe, expect, it } from 'vitest';
import type { UserListEntry } from '../../../shared/api/users';
import { useClubWithMember } from '../../test-support/club-with-member';
import { addMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';

const given = useClubWithMember();

describe('profiles', () => {
  it('a member edits her profile: bio as markdown, phone, Goodreads or StoryGraph link', async () => {
    const saved = await ok(given.club, 'POST', `/api/users/${encodeURIComponent(given.ann.email)}`, given.ann.token, {
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

  it('refuses a missing name, a phone over 50 characters and a link elsewhere, each named', async () => {
    const res = await given.club.call('POST', `/api/users/${encodeURIComponent(given.ann.email)}`, {
      token: given.ann.token,
      body: { name: '', phone: '9'.repeat(51), goodreadsUrl: 'https://evil.example/me' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['goodreadsUrl', 'name', 'phone']);
  });

  it('a phone is any text up to 50 characters, as Obskurnee stores it', async () => {
    for (const phone of ['1', 'call me after 6', '+421 900 123 456 ext. 12', 'ľudmila: 0900 😀']) {
      const saved = await ok(given.club, 'POST', `/api/users/${encodeURIComponent(given.ann.email)}`, given.ann.token, { name: 'Ann', phone });
      expect(saved.phone).toBe(phone);
    }
  });

  it("a moderator edits anyone and sets isActiveParticipant; inactive members leave the members' list", async () => {
    const saved = await ok(given.club, 'POST', `/api/users/${encodeURIComponent(given.ann.email)}`, given.mod, { name: 'Ann', isActiveParticipant: false });
    expect(saved.isActiveParticipant).toBe(false);
    const ben = await addMember(given.club, { name: 'Ben' });
    expect((await ok<UserListEntry[]>(given.club, 'GET', '/api/users', ben.token)).map((u) => u.email)).not.toContain(given.ann.email);
    // Moderators still see her, marked inactive, to make her active again.
    const forMods = await ok<UserListEntry[]>(given.club, 'GET', '/api/users', given.mod);
    expect(forMods.find((u) => u.email === given.ann.email)?.isActiveParticipant).toBe(false);
    expect((await given.club.call('POST', '/api/users/nobody%40club.test', { token: given.mod, body: { name: 'x' } })).status).toBe(404);
  });

  it('language: a member chooses en or sk, and home follows', async () => {
    expect((await given.club.call('POST', '/api/users/language', { token: given.ann.token, body: { language: 'de' } })).status).toBe(400);
    await ok(given.club, 'POST', '/api/users/language', given.ann.token, { language: 'sk' });
    expect((await ok(given.club, 'GET', '/api/home', given.ann.token)).myProfile.language).toBe('sk');
  });
});
