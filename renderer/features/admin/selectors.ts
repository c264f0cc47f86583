import type { Profile } from '../../../shared/api/accounts';

/** Admins disable and enable other accounts; nobody disables themselves (the server refuses it too). */
export function canDisable(me: Profile | null, user: Pick<Profile, 'userId'>): boolean {
  return !!me?.isAdmin && me.userId !== user.userId;
}
