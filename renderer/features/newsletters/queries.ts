import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewsletterName } from '../../../shared/api/newsletters';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

/** Who gets each list (moderators). */
export const subscribersQuery = routeQuery('newsletters', 'all');

export function useSubscribers() {
  return useQuery(subscribersQuery);
}

/** The lists the member is subscribed to. */
export const mySubscriptionsQuery = routeQuery('newsletters', 'mine');

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQuery);
}

/** Subscribes the member to a list or off it; the answer is their lists, and who gets each is read again. */
export function subscriptionMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ list, subscribe }: { list: NewsletterName; subscribe: boolean }) =>
      subscribe ? api.newsletters.subscribe({ params: { listName: list } }) : api.newsletters.unsubscribe({ params: { listName: list } }),
    onSuccess: (lists) => {
      queryClient.setQueryData(mySubscriptionsQuery.queryKey, lists);
      void queryClient.invalidateQueries({ queryKey: subscribersQuery.queryKey });
    },
  });
}

export function useSubscription() {
  return useMutation(subscriptionMutation(useQueryClient()));
}
