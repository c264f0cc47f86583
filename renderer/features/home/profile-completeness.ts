import type { Profile } from '../../../shared/api/accounts';

export const PROFILE_FIELDS = ['name', 'phone', 'aboutMe', 'goodreadsUrl'] as const;

/** Which of name, phone, bio and Goodreads link a profile still lacks (SPEC section 5). */
export function missingProfileFields(profile: Profile): (typeof PROFILE_FIELDS)[number][] {
  return PROFILE_FIELDS.filter((field) => !profile[field]?.trim());
}
