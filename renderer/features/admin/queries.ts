import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../shared/api/accounts';
import type { RegisterBotRequest, RegisterUserRequest } from '../../../shared/api/admin';
import { api } from '../../lib/api-client';
import { featureKey, routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { subscribersQuery } from '../newsletters';
import { matrixQuery, webhooksQuery } from './chat-queries';
import { profileChanged, useMemberPages } from '../users';

/**
 * The noticeboard as markdown (moderators). Read afresh on every visit and forgotten on leaving, so the
 * editor always starts from what is saved now.
 */
export const adminDataQuery = queryOptions({
  queryKey: routeKey('admin', 'data'),
  queryFn: ({ signal }) => api.admin.data({ signal }),
  gcTime: 0,
});

/** The admin screen's member list: moderators first, disabled accounts last (the server orders it). */
export const ADMIN_MEMBER_LIST = { order: 'role' } as const;

/** The integrations' read-only accounts (admins; the server refuses them to a moderator). */
export const botsQuery = routeQuery('admin', 'bots');

/**
 * What the admin screen needs before it shows: the noticeboard, each newsletter's subscribers, the first
 * page of the members (the members section reads on as it is asked) and, for admins, the bots, webhooks and
 * Matrix room. One failure fails the screen.
 */
export function useAdminScreen(isAdmin: boolean) {
  const data = useQuery(adminDataQuery);
  const subscribers = useQuery(subscribersQuery);
  const members = useMemberPages(ADMIN_MEMBER_LIST);
  const bots = useQuery({ ...botsQuery, enabled: isAdmin });
  const webhooks = useQuery({ ...webhooksQuery, enabled: isAdmin });
  const matrix = useQuery({ ...matrixQuery, enabled: isAdmin });
  const parts = isAdmin ? [data, subscribers, members, bots, webhooks, matrix] : [data, subscribers, members];
  const failed = parts.find((part) => part.isError);
  return { ready: parts.every((part) => part.data !== undefined), error: failed?.error ?? null, isError: !!failed };
}

/** The saved noticeboard, once the admin screen has loaded it. */
export function useNoticeboard(): string {
  return useQuery({ ...adminDataQuery, enabled: false }).data?.noticeboard ?? '';
}

/** The bots, once the admin screen (of an admin) has loaded them. */
export function useBots() {
  return useQuery({ ...botsQuery, enabled: false }).data ?? null;
}

/** Saves the noticeboard; home shows the new notice without a reload. */
export function saveNoticeboardMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (text: string) => api.admin.setNoticeboard({ body: { text } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminDataQuery.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: featureKey('home') });
    },
  });
}

/** A new member (invited by mail): they join the member list, and the basic newsletter's subscribers. */
export function registerUserMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (request: RegisterUserRequest) => api.admin.registerUser({ body: request }),
    onSuccess: (profile) => {
      profileChanged(queryClient, profile);
      void queryClient.invalidateQueries({ queryKey: subscribersQuery.queryKey });
    },
  });
}

type AccountChange = 'makeModerator' | 'disable' | 'enable';

/**
 * A change to someone's account; the answered profile replaces theirs in the member list. Admins: a
 * disabled account cannot sign in and is signed out everywhere; enabling lets it sign in again.
 */
export function accountMutation(queryClient: QueryClient, change: AccountChange) {
  return mutationOptions({
    mutationFn: (email: string): Promise<Profile> => api.admin[change]({ params: { email } }),
    onSuccess: (profile) => profileChanged(queryClient, profile),
  });
}

/** A read-only account for an integration (admins). */
export function registerBotMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (request: RegisterBotRequest) => api.admin.registerBot({ body: request }),
    // The list holds names only (as Obskurnee answers), and the server sorts them: read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botsQuery.queryKey }),
  });
}

export function useSaveNoticeboard() {
  return useMutation(saveNoticeboardMutation(useQueryClient()));
}

export function useRegisterUser() {
  return useMutation(registerUserMutation(useQueryClient()));
}

export function useAccountChange(change: AccountChange) {
  return useMutation(accountMutation(useQueryClient(), change));
}

export function useRegisterBot() {
  return useMutation(registerBotMutation(useQueryClient()));
}
