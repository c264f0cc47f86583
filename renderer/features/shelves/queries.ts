import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Shelves } from '../../../shared/api/shelves';
import { api } from '../../lib/api-client';
import { featureKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';

/** A member's linked profile and shelves (GET /api/shelves/{userId}). */
export const shelvesQuery = (userId: string) => routeQuery('shelves', 'get', { params: { userId } });

export function useShelves(userId: string) {
  return useQuery(shelvesQuery(userId));
}

/**
 * A link, a reading or an unlink answers the shelves as they are now; the member's reading list (on their
 * profile and the member pages) may have changed with them, so it is read again.
 */
function shelvesChanged(queryClient: QueryClient, shelves: Shelves): void {
  queryClient.setQueryData(shelvesQuery(shelves.userId).queryKey, shelves);
  void queryClient.invalidateQueries({ queryKey: featureKey('users') });
}

export function linkShelvesMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ userId, profileUrl }: { userId: string; profileUrl: string }) => api.shelves.link({ params: { userId }, body: { profileUrl } }),
    onSuccess: (shelves) => shelvesChanged(queryClient, shelves),
  });
}

export function syncShelvesMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (userId: string) => api.shelves.sync({ params: { userId } }),
    onSuccess: (shelves) => shelvesChanged(queryClient, shelves),
  });
}

export function unlinkShelvesMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (userId: string) => api.shelves.unlink({ params: { userId } }),
    onSuccess: (shelves) => shelvesChanged(queryClient, shelves),
  });
}

export const useLinkShelves = () => useMutation(linkShelvesMutation(useQueryClient()));
export const useSyncShelves = () => useMutation(syncShelvesMutation(useQueryClient()));
export const useUnlinkShelves = () => useMutation(unlinkShelvesMutation(useQueryClient()));
