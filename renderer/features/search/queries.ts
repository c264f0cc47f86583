import { keepPreviousData, queryOptions, skipToken, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import type { SearchResult } from '../../../shared/api/search';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import type { SearchRequest } from './search-request';

/** The results and the request they answer (shown while a newer search is on its way). */
export interface SearchAnswer {
  request: SearchRequest;
  results: SearchResult[];
}

/**
 * Posts and recommendations matching the request, best first (at most SEARCH_RESULT_LIMIT); `kind` only
 * when one kind is asked for. One search at a time, the newest winning: a newer request takes the
 * query's place and the older one, left without a reader, is aborted. An answer is kept, so the same
 * search is not sent again while it is shown; nothing to search for sends nothing.
 */
export function searchQuery(request: SearchRequest | null) {
  return queryOptions({
    queryKey: routeKey('search', 'search', { query: { query: request?.query ?? '', kind: request?.kinds ?? [] } }),
    queryFn: request
      ? async ({ signal }): Promise<SearchAnswer> => ({
          request,
          results: await api.search.search({ query: { query: request.query, kind: request.kinds }, signal }),
        })
      : skipToken,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SearchView {
  /** The request the shown results answer (null: nothing searched). */
  shown: SearchRequest | null;
  results: SearchResult[];
  status: SearchStatus;
  error: unknown;
}

/**
 * What the page shows for the request searched now: nothing for no request (at once, not the last
 * results); the previous results while a newer search runs; no results, and why, when it failed.
 */
export function searchView(request: SearchRequest | null, query: QueryObserverResult<SearchAnswer>): SearchView {
  if (!request) return { shown: null, results: [], status: 'idle', error: null };
  if (query.isError) return { shown: request, results: [], status: 'failed', error: query.error };
  const status = query.isFetching || !query.data ? 'loading' : 'ready';
  return { shown: query.data?.request ?? null, results: query.data?.results ?? [], status, error: null };
}

/** The view of the search for `request`; `retry` sends a failed one again (the same request is otherwise not re-sent). */
export function useSearch(request: SearchRequest | null): SearchView & { retry(): void } {
  const query = useQuery(searchQuery(request));
  return { ...searchView(request, query), retry: () => void query.refetch() };
}
