import { describe, expect, it } from 'vitest';
import type { CurrentlyReading } from '../../../shared/api/users';
import { profile } from '../../test-support/profiles';
import { checkProfileForm, profileFormValues } from './profile-form';
import { canEditProfile, displayName, profilePath, readingPreview } from './selectors';

const books = (n: number): CurrentlyReading[] =>
  Array.from({ length: n }, (_, i) => ({ entryId: i + 1, ownerId: 'u1', title: `Book ${i + 1}`, author: null, fromShelf: null }));

describe('the member list', () => {
  it('shows up to four books a member is reading, then how many more', () => {
    expect(readingPreview(books(3))).toEqual({ shown: books(3), more: 0 });
    const six = readingPreview(books(6));
    expect(six.shown.map((b) => b.title)).toEqual(['Book 1', 'Book 2', 'Book 3', 'Book 4']);
    expect(six.more).toBe(2);
    // A page of the list brings the first four and how many in all.
    expect(readingPreview(books(4), 9).more).toBe(5);
  });

  it('names a member without a name by their email', () => {
    expect(displayName(profile({ name: '  ', email: 'host@riverside.test' }))).toBe('host');
  });
});

describe('profiles', () => {
  it('live at /my/{email}', () => {
    expect(profilePath(profile({ email: 'a+b@x.test' }), 'edit')).toBe('/my/a%2Bb%40x.test/edit');
  });

  it('are edited by their owner or a moderator', () => {
    const me = profile({ userId: 'me' });
    expect(canEditProfile(me, { userId: 'me' })).toBe(true);
    expect(canEditProfile(me, { userId: 'other' })).toBe(false);
    expect(canEditProfile(profile({ userId: 'mod', isModerator: true }), { userId: 'other' })).toBe(true);
    expect(canEditProfile(null, { userId: 'me' })).toBe(false);
  });
});

describe('the profile form', () => {
  it('needs a name, and says which field is wrong', () => {
    const values = { ...profileFormValues(profile({})), name: ' ', goodreadsUrl: 'https://example.com/me' };
    const check = checkProfileForm(values, false);
    expect(check).toEqual({ ok: false, errors: { name: 'validation:nameRequired', goodreadsUrl: 'validation:readingProfileInvalid' } });
  });

  it('sends empty optional fields as null, and the active switch only from a moderator', () => {
    const values = { ...profileFormValues(profile({})), goodreadsUrl: 'https://www.goodreads.com/user/show/1-bea', isActiveParticipant: false };
    expect(checkProfileForm(values, false)).toEqual({
      ok: true,
      update: { name: 'Bea Reader', phone: null, aboutMe: null, goodreadsUrl: 'https://www.goodreads.com/user/show/1-bea' },
    });
    const asModerator = checkProfileForm(values, true);
    expect(asModerator.ok && asModerator.update.isActiveParticipant).toBe(false);
  });
});

describe('a chosen picture', () => {
  it('is sent only when it is a JPEG, PNG, WebP or GIF of at most 5 MB', async () => {
    const { avatarFileProblem } = await import('./avatar-file');
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 1000 })).toBe('avatar.wrongType');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('avatar.tooLarge');
  });
});
