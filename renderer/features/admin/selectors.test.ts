import { describe, expect, it } from 'vitest';
import { profile } from '../../test-support/profiles';
import { adminMemberOrder, canDisable, memberCounts } from './selectors';

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
