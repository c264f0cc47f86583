import type { User } from './user.entity';

/** How a member is named on posts and polls: their name, or their email's local part until they set one. */
export function displayName(user: Pick<User, 'name' | 'email'> | null | undefined): string {
  if (!user) return '';
  return user.name.trim() || user.email.split('@')[0] || user.email;
}
