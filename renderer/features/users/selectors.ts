import type { Profile } from '../../../shared/api/accounts';
import { USER_LIST_READING_LIMIT, type CurrentlyReading } from '../../../shared/api/users';
import { pages } from '../../../shared/pages';
import { isModerator } from '../../../shared/rules';

/** How a member is named: their name, or their email's local part until they set one (as the server does). */
export function displayName(profile: Pick<Profile, 'name' | 'email'>): string {
  return profile.name.trim() || profile.email.split('@')[0] || profile.email;
}

/** The address of a member's profile, in view or edit mode. */
export function profilePath(profile: Pick<Profile, 'email'>, mode: 'view' | 'edit' = 'view'): string {
  return pages.member(profile.email, mode === 'edit' ? 'edit' : undefined);
}

/**
 * What a member card shows of someone's reading: the first four, then how many more (SPEC section 9). A
 * page of the list carries only the first four and the count of all.
 */
export function readingPreview(reading: CurrentlyReading[], count = reading.length, limit = USER_LIST_READING_LIMIT) {
  return { shown: reading.slice(0, limit), more: Math.max(0, count - limit) };
}

/** Admins moderate too (shared/rules.ts). */
export { isModerator };

export const isOwnProfile = (me: Profile | null, profile: Pick<Profile, 'userId'>) => !!me && me.userId === profile.userId;

/** Owners edit their own profile; moderators anyone's. */
export function canEditProfile(me: Profile | null, profile: Pick<Profile, 'userId'>): boolean {
  return isOwnProfile(me, profile) || isModerator(me);
}
