import crypto from 'node:crypto';
import type { User } from '../accounts';

/**
 * A whole user row for a new account: a fresh id, the given fields, and for the rest what an ordinary
 * member starts with (no profile, no roles, taking part, sessions at version 0). The admin's registrations
 * write it; tests that need a user row of their own write it too.
 */
export function newUser(fields: Pick<User, 'email' | 'name' | 'passwordHash'> & Partial<User>): User {
  return {
    id: crypto.randomUUID(),
    phone: null,
    aboutMe: null,
    goodreadsUrl: null,
    avatarFile: null,
    isModerator: false,
    isAdmin: false,
    isBot: false,
    isActiveParticipant: true,
    language: null,
    createdOn: new Date().toISOString(),
    sessionVersion: 0,
    disabledOn: null,
    ...fields,
  };
}
