import type { PostInput } from '../shared/api/discussions';
import type { Recommendation, RecommendationInput } from '../shared/api/recommendations';
import type { Review, ReviewInput } from '../shared/api/reviews';
import type { SearchResult } from '../shared/api/search';
import type { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { arrangeHostAndBea, type HostAndBea } from './host-fixtures';

/** Reviews, recommendations and search as one signed-in account calls them, for arranging a scene. */
export const reading = {
  review: (api: ClubApi, bookId: number, review: ReviewInput) => api.call<Review>('POST', `/api/reviews/book/${bookId}`, review),
  reviews: (api: ClubApi, bookId: number) => api.call<Review[]>('GET', `/api/reviews/book/${bookId}`),
  recommend: (api: ClubApi, recommendation: RecommendationInput) => api.call<Recommendation>('POST', '/api/recommendations/', recommendation),
  search: (api: ClubApi, query: string) => api.call<SearchResult[]>('GET', `/api/search?${new URLSearchParams({ query })}`),
};

export interface BookScene extends HostAndBea {
  bookId: number;
  /** The book's own suggestion: Solaris, in the first round's discussion. */
  discussionId: number;
}

const SOLARIS: PostInput = {
  title: 'Solaris',
  author: 'Stanisław Lem',
  pageCount: 204,
  url: 'https://www.goodreads.com/book/show/95558.Solaris',
  text: 'A planet covered by a single ocean that may be alive.',
};

/** A club whose first round has ended: Solaris is book #1, the one the club reads now; Bea is a member. */
export async function arrangeCurrentBook(club: ClubServer): Promise<BookScene> {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Autumn classics' });
  const discussionId = round.bookDiscussionId!;
  const solaris = await beaApi.suggest(discussionId, SOLARIS);
  const pollId = (await admin.closeDiscussion(discussionId)).poll!.pollId;
  await beaApi.vote(pollId, [solaris.postId]);
  const closed = await admin.closePoll(pollId);
  return { admin, bea, beaApi, bookId: closed.book!.bookId, discussionId };
}
