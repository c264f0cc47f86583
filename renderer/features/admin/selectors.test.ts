import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/api/accounts';
import { adminMemberOrder, canDisable, memberCounts } from './selectors';

const profile = (overrides: Partial<Profile>): Profile => ({
  userId: 'u1',
  name: 'Bea Reader',
  email: 'bea@riverside.test',
  phone: null,
  aboutMe: null,
  aboutMeHtml: null,
  goodreadsUrl: null,
  externalProfileSystem: null,
  avatarUrl: null,
  isModerator: false,
  isAdmin: false,
  isActiveParticipant: true,
  language: null,
  isDisabled: false,
  ...overrides,
});

const club = [
  profile({ userId: 'd', name: 'Dana', isDisabled: true }),
  profile({ userId: 'b', name: 'Bea' }),
  profile({ userId: 'h', name: 'Hana', isModerator: true, isAdmin: true }),
  profile({ userId: 'a', name: 'Ada', isModerator: true, isDisabled: true }),
  profile({ userId: 'c', name: 'Cyril', isModerator: true }),
];

describe('the admin screen’s members', () => {
  it('lists moderators first, then members, and disabled accounts last', () => {
    expect(adminMemberOrder(club).map((u) => u.name)).toEqual(['Cyril', 'Hana', 'Bea', 'Ada', 'Dana']);
  });

  it('counts disabled accounts apart from moderators and members', () => {
    expect(memberCounts(club)).toEqual({ moderators: 2, members: 1, disabled: 2 });
  });

  it('offers disabling to admins, for accounts other than their own', () => {
    const admin = profile({ userId: 'h', isModerator: true, isAdmin: true });
    expect(canDisable(admin, { userId: 'b' })).toBe(true);
    expect(canDisable(admin, { userId: 'h' })).toBe(false);
    expect(canDisable(profile({ userId: 'c', isModerator: true }), { userId: 'b' })).toBe(false);
    expect(canDisable(null, { userId: 'b' })).toBe(false);
  });
});
