import { create } from 'zustand';
import { ALL_KINDS, sameRequest, searchRequest, type SearchKinds, type SearchRequest } from './search-request';

/**
 * What the member typed and ticked on the search page, kept while they open a result and come back, and
 * the request last sent for it (the page sends after a pause in typing, or at once on Enter). The results
 * are in the query cache (queries.ts).
 */
interface SearchState {
  term: string;
  kinds: SearchKinds;
  /** What to search for now (null: nothing). */
  searched: SearchRequest | null;
  /** Typing: below 3 characters nothing is searched, at once. */
  setTerm(term: string): void;
  setKinds(kinds: SearchKinds): void;
  /** Searches for what is typed and ticked now. */
  search(): void;
}

export const useSearchStore = create<SearchState>()((set, get) => ({
  term: '',
  kinds: ALL_KINDS,
  searched: null,

  setTerm(term) {
    set({ term });
    if (!searchRequest(term, get().kinds)) set({ searched: null });
  },

  setKinds(kinds) {
    set({ kinds });
    if (!searchRequest(get().term, kinds)) set({ searched: null });
  },

  search() {
    const request = searchRequest(get().term, get().kinds);
    if (!sameRequest(request, get().searched)) set({ searched: request });
  },
}));
