import type { SearchKind } from '../../../shared/api/search';
import { SEARCH_MIN_LENGTH } from '../../../shared/constants';

export type SearchKinds = Record<SearchKind, boolean>;

export const ALL_KINDS: SearchKinds = { Post: true, Rec: true };

/** A search worth sending: the trimmed term and the kinds ticked (none listed means both). */
export interface SearchRequest {
  query: string;
  kinds: SearchKind[];
}

/**
 * What to send for what the member typed and ticked, or null when nothing should be searched: fewer than
 * 3 characters after trimming (counted as the server counts them, by code point), or no kind ticked.
 */
export function searchRequest(term: string, kinds: SearchKinds): SearchRequest | null {
  const query = term.trim();
  if ([...query].length < SEARCH_MIN_LENGTH) return null;
  const ticked = (Object.keys(kinds) as SearchKind[]).filter((kind) => kinds[kind]);
  if (ticked.length === 0) return null;
  return { query, kinds: ticked.length === 2 ? [] : ticked };
}

/** The same request twice need not be sent twice. */
export function sameRequest(a: SearchRequest | null, b: SearchRequest | null): boolean {
  return a === b || (!!a && !!b && a.query === b.query && a.kinds.join() === b.kinds.join());
}
