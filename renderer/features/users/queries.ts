import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../shared/api/accounts';
import type { CurrentlyReading, ProfileUpdate, UserListEntry } from '../../../shared/api/users';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

export interface NewReadingEntry {
  title: string;
  author: string | null;
}

/**
 * The club's members as GET /api/users lists them (active ones; moderators also get inactive ones), each
 * with what they are reading. A profile this member changed or registered stays in the list until it is
 * read again, so its page still opens.
 */
export const usersQuery = routeQuery('users', 'list');

/** Every member's "currently reading" entries. */
export const currentlyReadingQuery = routeQuery('currentlyReading', 'list');

export function useUsers() {
  return useQuery(usersQuery);
}

/**
 * The member's own profile as the list would show it, when the list does not carry it (they are not an
 * active participant): with their reading from everyone's entries, once those are known.
 */
export function useOwnEntry(me: Profile | null, needed: boolean): UserListEntry | undefined {
  const reading = useQuery({ ...currentlyReadingQuery, enabled: needed && !!me });
  return needed && me && reading.data ? ownEntry(me, reading.data) : undefined;
}

export function ownEntry(profile: Profile, everyonesReading: CurrentlyReading[]): UserListEntry {
  return { ...profile, currentlyReading: everyonesReading.filter((entry) => entry.ownerId === profile.userId) };
}

/** A profile the server answered (saved, new avatar, promoted, registered) replaces the member's entry, keeping their reading. */
export function profileChanged(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(usersQuery.queryKey, (users) => {
    if (!users) return users;
    const known = users.some((user) => user.userId === profile.userId);
    return known
      ? users.map((user) => (user.userId === profile.userId ? { ...profile, currentlyReading: user.currentlyReading } : user))
      : [...users, { ...profile, currentlyReading: [] }];
  });
}

/** One member's reading, changed in the list and in everyone's entries. */
function readingChanged(queryClient: QueryClient, ownerId: string, change: (reading: CurrentlyReading[]) => CurrentlyReading[]): void {
  queryClient.setQueryData(usersQuery.queryKey, (users) =>
    users?.map((user) => (user.userId === ownerId ? { ...user, currentlyReading: change(user.currentlyReading) } : user)),
  );
  queryClient.setQueryData(currentlyReadingQuery.queryKey, (all) => {
    if (!all) return all;
    return [...all.filter((entry) => entry.ownerId !== ownerId), ...change(all.filter((entry) => entry.ownerId === ownerId))];
  });
}

/** Owners edit their own profile, moderators anyone's. */
export function updateProfileMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ email, fields }: { email: string; fields: ProfileUpdate }) => api.users.update({ params: { email }, body: fields }),
    onSuccess: (profile) => profileChanged(queryClient, profile),
  });
}

/** The caller's own picture; the server crops it and answers the profile with its new avatarUrl. */
export function uploadAvatarMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (file: File) => api.users.uploadAvatar({ upload: file }),
    onSuccess: (profile) => profileChanged(queryClient, profile),
  });
}

/** A book the caller is reading now. */
export function addReadingMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (entry: NewReadingEntry) => api.currentlyReading.add({ body: entry }),
    onSuccess: (added) => readingChanged(queryClient, added.ownerId, (reading) => [...reading.filter((r) => r.entryId !== added.entryId), added]),
  });
}

export function removeReadingMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (entry: CurrentlyReading) => api.currentlyReading.remove({ params: { entryId: entry.entryId } }),
    onSuccess: (_answer, entry) => readingChanged(queryClient, entry.ownerId, (reading) => reading.filter((r) => r.entryId !== entry.entryId)),
  });
}

export function useUpdateProfile() {
  return useMutation(updateProfileMutation(useQueryClient()));
}

export function useUploadAvatar() {
  return useMutation(uploadAvatarMutation(useQueryClient()));
}

export function useAddReading() {
  return useMutation(addReadingMutation(useQueryClient()));
}

export function useRemoveReading() {
  return useMutation(removeReadingMutation(useQueryClient()));
}
