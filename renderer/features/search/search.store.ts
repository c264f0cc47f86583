import { create } from 'zustand';
import type { SearchResult } from '../../../shared/api/search';
import { latestOnly } from './latest-only';
import { ALL_KINDS, sameRequest, searchRequest, type SearchKinds, type SearchRequest } from './search-request';
import { searchService } from './search.service';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The search page's state, kept while the member opens a result and comes back. What is typed is kept
 * here; `run` sends it (the page debounces typing), one search at a time, the newest winning.
 */
interface SearchState {
  term: string;
  kinds: SearchKinds;
  /** The request the shown results answer (null: nothing searched). */
  shown: SearchRequest | null;
  results: SearchResult[];
  status: SearchStatus;
  error: unknown;
  /** Typing: below 3 characters the results go at once. */
  setTerm(term: string): void;
  setKinds(kinds: SearchKinds): void;
  /** Searches for what is typed and ticked now; rejects with the latest search's own failure. */
  run(): Promise<void>;
}

const runner = latestOnly((request: SearchRequest, signal: AbortSignal) => searchService.search(request, signal));

export const useSearchStore = create<SearchState>()((set, get) => {
  /** Nothing to search for: any search under way is abandoned and the results go. */
  function clear() {
    runner.cancel();
    set({ shown: null, results: [], status: 'idle', error: null });
  }

  return {
    term: '',
    kinds: ALL_KINDS,
    shown: null,
    results: [],
    status: 'idle',
    error: null,

    setTerm(term) {
      set({ term });
      if (!searchRequest(term, get().kinds)) clear();
    },

    setKinds(kinds) {
      set({ kinds });
      if (!searchRequest(get().term, kinds)) clear();
    },

    async run() {
      const request = searchRequest(get().term, get().kinds);
      if (!request) return clear();
      if (get().status !== 'failed' && sameRequest(request, get().shown) && !runner.busy) return;
      set({ status: 'loading', error: null });
      try {
        const outcome = await runner.run(request);
        if (outcome.status === 'done') set({ shown: request, results: outcome.value, status: 'ready' });
      } catch (error) {
        set({ shown: request, results: [], status: 'failed', error });
        throw error;
      }
    },
  };
});
