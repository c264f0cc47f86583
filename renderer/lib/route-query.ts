import { queryOptions } from '@tanstack/react-query';
import type { CallAnswer } from './api';
import { api } from './api-client';
import { routeKey, type Feature, type KeyArgs, type RouteName, type RouteOf } from './query-keys';

/**
 * A route's answer as a query: its key from the contract (query-keys.ts) and its call through the typed
 * client, the read aborted when no one waits for it any more. Every feature that shows the same route's
 * answer (the book list on the books page and in the meeting form) shares one cache entry through it.
 */
export function routeQuery<F extends Feature, R extends RouteName<F>>(feature: F, route: R, ...input: KeyArgs<RouteOf<F, R>>) {
  const call = (api[feature] as Record<string, unknown>)[route] as (input: object) => Promise<CallAnswer<RouteOf<F, R>>>;
  const [asked] = input as [object?];
  return queryOptions({
    queryKey: routeKey(feature, route, ...input),
    queryFn: ({ signal }) => call({ ...asked, signal }),
  });
}
