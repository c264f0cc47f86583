import type { Profile } from '../../shared/api/accounts';
import type { UserListEntry } from '../../shared/api/users';

/** A member's profile for tests: Bea, an active member who filled nothing in; overrides make anyone else. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
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
  };
}

/** The same member as the user list shows them: reading nothing unless told. */
export function userListEntry(overrides: Partial<UserListEntry> = {}): UserListEntry {
  const { currentlyReading = [], ...fields } = overrides;
  return { ...profile(fields), currentlyReading };
}
