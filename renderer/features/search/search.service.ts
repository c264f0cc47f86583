import { api } from '../../lib/api-client';
import type { SearchRequest } from './search-request';

export const searchService = {
  /** Posts and recommendations matching the query, best first (at most SEARCH_RESULT_LIMIT); `kind` only when one kind is asked for. */
  search: (request: SearchRequest, signal?: AbortSignal) => api.search.search({ query: { query: request.query, kind: request.kinds }, signal }),
};
