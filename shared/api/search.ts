import type { Post } from './discussions';
import type { Recommendation } from './recommendations';

export type SearchKind = 'Post' | 'Rec';

/** Flat: the post's or recommendation's own fields, its kind, and its rank (best first). */
export type SearchResult =
  | (Post & { kind: 'Post'; rank: number })
  | (Recommendation & { kind: 'Rec'; rank: number });

/** At most this many results, best first: enough to find a thing, bounded for a club with years of posts. */
export const SEARCH_RESULT_LIMIT = 100;
