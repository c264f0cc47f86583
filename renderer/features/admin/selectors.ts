import type { Profile } from '../../../shared/api/accounts';
import { moderatorsFirst } from '../users';

/** The admin screen's member list: moderators first, then members, each by name; disabled accounts last. */
export function adminMemberOrder<T extends Profile>(users: T[]): T[] {
  return [...moderatorsFirst(users.filter((u) => !u.isDisabled)), ...moderatorsFirst(users.filter((u) => u.isDisabled))];
}

/** The summary line's counts: moderators and members who can sign in, and disabled accounts. */
export function memberCounts(users: Profile[]): { moderators: number; members: number; disabled: number } {
  const enabled = users.filter((u) => !u.isDisabled);
  const moderators = enabled.filter((u) => u.isModerator).length;
  return { moderators, members: enabled.length - moderators, disabled: users.length - enabled.length };
}

/** Admins disable and enable other accounts; nobody disables themselves (the server refuses it too). */
export function canDisable(me: Profile | null, user: Pick<Profile, 'userId'>): boolean {
  return !!me?.isAdmin && me.userId !== user.userId;
}
