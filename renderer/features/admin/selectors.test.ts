import { describe, expect, it } from 'vitest';
import { profile } from '../../test-support/profiles';
import { canDisable } from './selectors';

describe('the admin screen’s members', () => {
  it('offers disabling to admins, for accounts other than their own', () => {
    const admin = profile({ userId: 'h', isModerator: true, isAdmin: true });
    expect(canDisable(admin, { userId: 'b' })).toBe(true);
    expect(canDisable(admin, { userId: 'h' })).toBe(false);
    expect(canDisable(profile({ userId: 'c', isModerator: true }), { userId: 'b' })).toBe(false);
    expect(canDisable(null, { userId: 'b' })).toBe(false);
  });
});
