import type { SearchResult } from '../../../shared/api/search';
import { api } from '../../lib/api-client';
import { searchQueryString, type SearchRequest } from './search-request';

export const searchService = {
  /** Posts and recommendations matching the query, best first (at most SEARCH_RESULT_LIMIT). */
  search: (request: SearchRequest, signal?: AbortSignal) => api.get<SearchResult[]>(`/api/search?${searchQueryString(request)}`, { signal }),
};
