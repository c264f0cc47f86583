import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { UserListEntry } from '../../../shared/api/users';
import { server, testQueryClient } from '../../test-support/fake-api';
import { profile, userListEntry } from '../../test-support/profiles';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { addReadingMutation, currentlyReadingQuery, ownEntry, removeReadingMutation, updateProfileMutation, usersQuery } = await import('./queries');

const bea: UserListEntry = userListEntry({
  userId: 'bea',
  currentlyReading: [{ entryId: 1, ownerId: 'bea', title: 'Solaris', author: 'Stanisław Lem' }],
});

let queryClient = testQueryClient();
const users = () => queryClient.getQueryData(usersQuery.queryKey) ?? [];

describe('the member list', () => {
  beforeEach(async () => {
    server.reset();
    queryClient = testQueryClient();
    server.on(API.users.list, () => [bea]);
    await queryClient.fetchQuery(usersQuery);
  });

  it('keeps what a member reads when their saved profile comes back', async () => {
    const { currentlyReading: _, ...saved } = bea;
    server.on(API.users.update, () => ({ ...saved, phone: '+421 900 123 456' }));
    await new MutationObserver(queryClient, updateProfileMutation(queryClient)).mutate({
      email: bea.email,
      fields: { name: bea.name, phone: '+421 900 123 456' },
    });
    const [entry] = users();
    expect(entry?.phone).toBe('+421 900 123 456');
    expect(entry?.currentlyReading.map((r) => r.title)).toEqual(['Solaris']);
  });

  it('adds and removes the books a member reads in their entry', async () => {
    server.on(API.currentlyReading.add, () => ({ entryId: 2, ownerId: 'bea', title: 'Piranesi', author: null }));
    server.on(API.currentlyReading.remove, () => true as const);
    await new MutationObserver(queryClient, addReadingMutation(queryClient)).mutate({ title: 'Piranesi', author: null });
    await new MutationObserver(queryClient, removeReadingMutation(queryClient)).mutate(bea.currentlyReading[0]!);
    expect(users()[0]?.currentlyReading.map((r) => r.title)).toEqual(['Piranesi']);
  });
});

describe('the member’s own profile, when the list does not carry it', () => {
  it('comes with their reading, and nobody else’s', () => {
    const me = profile({ userId: 'me', email: 'me@riverside.test', isActiveParticipant: false });
    const entry = ownEntry(me, [
      { entryId: 7, ownerId: 'me', title: 'Bluets', author: 'Maggie Nelson' },
      { entryId: 1, ownerId: 'bea', title: 'Solaris', author: null },
    ]);
    expect(entry.currentlyReading.map((r) => r.title)).toEqual(['Bluets']);
  });

  it('shows a book they add at once', async () => {
    server.reset();
    queryClient = testQueryClient();
    server.on(API.currentlyReading.list, () => [{ entryId: 1, ownerId: 'bea', title: 'Solaris', author: null }]);
    await queryClient.fetchQuery(currentlyReadingQuery);
    server.on(API.currentlyReading.add, () => ({ entryId: 8, ownerId: 'me', title: 'Bluets', author: null }));
    await new MutationObserver(queryClient, addReadingMutation(queryClient)).mutate({ title: 'Bluets', author: null });
    const me = profile({ userId: 'me', isActiveParticipant: false });
    expect(ownEntry(me, queryClient.getQueryData(currentlyReadingQuery.queryKey) ?? []).currentlyReading.map((r) => r.title)).toEqual(['Bluets']);
  });
});
