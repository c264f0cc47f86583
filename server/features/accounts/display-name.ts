import type { User } from './user.entity';

/** The local part of an address (`anna` for anna@example.org), or the whole text when it has none. */
export function emailLocalPart(email: string): string {
  return email.split('@')[0] || email;
}

/**
 * The name an account is created with: the one given, or, as Obskurnee names an account without one,
 * its email's local part (never "": Obskurnee's client counts a user without a name as signed out).
 */
export function accountName(name: string | null | undefined, email: string): string {
  return name?.trim() || emailLocalPart(email);
}

/** How a member is named on posts and polls: their name, or their email's local part until they set one. */
export function displayName(user: Pick<User, 'name' | 'email'> | null | undefined): string {
  if (!user) return '';
  return accountName(user.name, user.email);
}
