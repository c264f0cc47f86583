import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Profile } from '../../../shared/api/accounts';
import {
  USER_LIST_READING_LIMIT,
  type CurrentlyReading,
  type ProfileUpdate,
  type UserListEntry,
  type UserOrder,
  type UserPage,
  type UserPageEntry,
} from '../../../shared/api/users';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { useLanguageStore } from '../../store/language-store';

export interface NewReadingEntry {
  title: string;
  author: string | null;
}

/** Which members a list shows: a search, only those who take part (the members page), the admin screen's order. */
export interface MemberFilter {
  q?: string;
  active?: 'true';
  order?: UserOrder;
}

/** Every page of the member list, whatever its filter: the prefix that refreshes or updates them all. */
const memberPagesKey = routeKey('users', 'page', { query: {} }).slice(0, 2);

/**
 * The member list a page at a time (GET /api/users/page), with its filter. The server orders names as the
 * reader's language sorts them, so the language is part of the key: a member who switches it starts again
 * from the first page rather than mixing two orders.
 */
export function memberPagesQuery(filter: MemberFilter, language: string) {
  const query = { ...filter, q: filter.q?.trim() || undefined };
  return infiniteQueryOptions({
    queryKey: [...routeKey('users', 'page', { query }), language] as const,
    queryFn: ({ pageParam, signal }) => api.users.page({ query: { ...query, after: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: UserPage) => page.next,
  });
}

export function useMemberPages({ q, active, order }: MemberFilter) {
  const language = useLanguageStore((s) => s.language);
  const queryClient = useQueryClient();
  // A list left behind keeps its first page only: coming back reads that one again, not every page shown.
  useEffect(() => {
    const { queryKey } = memberPagesQuery({ q, active, order }, language);
    return () => firstPageOnly(queryClient, queryKey);
  }, [queryClient, q, active, order, language]);
  // While a new search is on its way, the last one's members stay (dimmed by the page), not a spinner.
  return useInfiniteQuery({ ...memberPagesQuery({ q, active, order }, language), placeholderData: keepPreviousData });
}

function firstPageOnly(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryData<PagesData>(queryKey, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}

/** One member's profile with all they read (GET /api/users/{email}), by email or user id (the stats page links so). */
export const memberQuery = (emailOrId: string) => routeQuery('users', 'get', { params: { email: emailOrId } });

export function useMember(emailOrId: string) {
  return useQuery(memberQuery(emailOrId));
}

type PagesData = InfiniteData<UserPage, string | null>;
const memberKey = routeKey('users', 'get', { params: { email: '' } }).slice(0, 2);

/** Changes one member wherever they are shown: their profile read and every page that holds them. */
function memberChanged(
  queryClient: QueryClient,
  userId: string,
  change: { profile?: (entry: UserListEntry) => UserListEntry; onPage?: (entry: UserPageEntry) => UserPageEntry },
): void {
  if (change.profile) {
    const { profile } = change;
    queryClient.setQueriesData<UserListEntry>({ queryKey: memberKey }, (entry) => (entry?.userId === userId ? profile(entry) : entry));
  }
  if (change.onPage) {
    const { onPage } = change;
    queryClient.setQueriesData<PagesData>(
      { queryKey: memberPagesKey },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, users: page.users.map((entry) => (entry.userId === userId ? onPage(entry) : entry)) })),
        },
    );
  }
  // Shown at once where it was; read again for what the change moves (a new name's place, who is listed, the counts).
  void queryClient.invalidateQueries({ queryKey: memberPagesKey });
}

/**
 * A profile the server answered (saved, new avatar, promoted, disabled, registered) replaces the member's
 * wherever they are shown, keeping their reading; the lists are read again (a new member, a new order).
 */
export function profileChanged(queryClient: QueryClient, profile: Profile): void {
  memberChanged(queryClient, profile.userId, {
    profile: (entry) => ({ ...entry, ...profile }),
    onPage: (entry) => ({ ...entry, ...profile }),
  });
}

/** One member's reading, changed on their profile and on the pages of the list (which show the first few and how many). */
function readingChanged(queryClient: QueryClient, ownerId: string, change: (reading: CurrentlyReading[]) => CurrentlyReading[]): void {
  memberChanged(queryClient, ownerId, {
    profile: (entry) => ({ ...entry, currentlyReading: change(entry.currentlyReading) }),
    onPage: (entry) => {
      const reading = change(entry.currentlyReading);
      const count = entry.currentlyReadingCount + reading.length - entry.currentlyReading.length;
      return { ...entry, currentlyReading: reading.slice(0, USER_LIST_READING_LIMIT), currentlyReadingCount: Math.max(count, reading.length) };
    },
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

/** The meetings a member checked in at, latest first (their profile's "Meetings attended"). */
export function useAttendance(userId: string) {
  return useQuery(routeQuery('meetingNight', 'attendance', { params: { userId } }));
}
