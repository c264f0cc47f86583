import { InfiniteQueryObserver, MutationObserver, type InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { CurrentlyReading, UserListEntry, UserPage, UserPageEntry } from '../../../shared/api/users';
import { server, testQueryClient } from '../../test-support/fake-api';
import { profile, userListEntry } from '../../test-support/profiles';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { addReadingMutation, memberPagesQuery, memberQuery, profileChanged, removeReadingMutation, updateProfileMutation } = await import('./queries');

const books = (n: number, ownerId = 'bea'): CurrentlyReading[] =>
  Array.from({ length: n }, (_, i) => ({ entryId: i + 1, ownerId, title: `Book ${i + 1}`, author: null, fromShelf: null }));

/** Bea reads six books: her card carries the first four and the count; her profile all six. */
const beaOnPage: UserPageEntry = { ...userListEntry({ userId: 'bea' }), currentlyReading: books(4), currentlyReadingCount: 6 };
const beaProfile: UserListEntry = userListEntry({ userId: 'bea', currentlyReading: books(6) });
const cyril: UserPageEntry = { ...userListEntry({ userId: 'cyril', name: 'Cyril', email: 'cyril@riverside.test' }), currentlyReadingCount: 0 };
const page = (users: UserPageEntry[], next: string | null): UserPage => ({ users, total: 2, next, counts: { moderators: 0, members: 2, disabled: 0 } });

let queryClient = testQueryClient();
const listQuery = () => memberPagesQuery({ active: 'true' }, 'en');
const listed = () => queryClient.getQueryData<InfiniteData<UserPage>>(listQuery().queryKey)?.pages.flatMap((p) => p.users) ?? [];
const onProfile = () => queryClient.getQueryData(memberQuery(beaProfile.email).queryKey);

describe('the member list, a page at a time', () => {
  beforeEach(async () => {
    server.reset();
    queryClient = testQueryClient();
    server.on(API.users.page, ({ query }) => (query.get('after') === 'after-bea' ? page([cyril], null) : page([beaOnPage], 'after-bea')));
    server.on(API.users.get, () => beaProfile);
    const pages = new InfiniteQueryObserver(queryClient, listQuery());
    const stop = pages.subscribe(() => {});
    await pages.refetch();
    await pages.fetchNextPage();
    stop();
    await queryClient.fetchQuery(memberQuery(beaProfile.email));
  });

  it('reads on from where the last page ended, with the same filter', () => {
    expect(listed().map((user) => user.userId)).toEqual(['bea', 'cyril']);
    const [first, second] = server.callsOf(API.users.page).map((call) => Object.fromEntries(call.query));
    expect(first).toEqual({ active: 'true' });
    expect(second).toEqual({ active: 'true', after: 'after-bea' });
  });

  it('a saved profile shows on the page that holds it and on the profile, keeping the reading; the list is read again', async () => {
    const { currentlyReading: _, ...saved } = beaProfile;
    server.on(API.users.update, () => ({ ...saved, phone: '+421 900 123 456' }));
    await new MutationObserver(queryClient, updateProfileMutation(queryClient)).mutate({
      email: saved.email,
      fields: { name: saved.name, phone: '+421 900 123 456' },
    });
    const [entry] = listed();
    expect(entry).toMatchObject({ phone: '+421 900 123 456', currentlyReadingCount: 6 });
    expect(entry?.currentlyReading).toHaveLength(4);
    expect(onProfile()).toMatchObject({ phone: '+421 900 123 456' });
    expect(onProfile()?.currentlyReading).toHaveLength(6);
    expect(queryClient.getQueryState(listQuery().queryKey)?.isInvalidated).toBe(true);
  });

  it('a profile nobody shows changes nothing shown', () => {
    profileChanged(queryClient, profile({ userId: 'someone-else', name: 'Dana' }));
    expect(listed().map((user) => user.name)).toEqual(['Bea Reader', 'Cyril']);
  });

  it('a book added or removed counts on the card and lists on the profile', async () => {
    server.on(API.currentlyReading.add, () => ({ entryId: 7, ownerId: 'bea', title: 'Piranesi', author: null, fromShelf: null }));
    server.on(API.currentlyReading.remove, () => true as const);
    await new MutationObserver(queryClient, addReadingMutation(queryClient)).mutate({ title: 'Piranesi', author: null });
    expect(listed()[0]).toMatchObject({ currentlyReadingCount: 7 });
    expect(listed()[0]?.currentlyReading).toHaveLength(4);
    expect(
      onProfile()
        ?.currentlyReading.map((r) => r.title)
        .at(-1),
    ).toBe('Piranesi');
    await new MutationObserver(queryClient, removeReadingMutation(queryClient)).mutate(books(1)[0]!);
    expect(listed()[0]?.currentlyReading.map((r) => r.title)).toEqual(['Book 2', 'Book 3', 'Book 4']);
    expect(listed()[0]?.currentlyReadingCount).toBe(6);
    expect(onProfile()?.currentlyReading).toHaveLength(6);
  });
});
