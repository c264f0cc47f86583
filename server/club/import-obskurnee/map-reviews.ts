import { optionalLink } from '../../../shared/api/discussions';
import type { BookRow } from '../../features/books';
import type { ReviewRow } from '../../features/reviews';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { int, str } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** Reviews of imported books by imported members: one per member per book, as in Obskurnee. */
export function mapReviews(club: ObskurneeClub, context: MappingContext, memberIdOf: MemberIdOf, books: BookRow[]): Omit<ReviewRow, 'id'>[] {
  const bookById = new Map(books.map((b) => [b.id, b]));
  const reviews: Omit<ReviewRow, 'id'>[] = [];
  for (const row of club.reviews) {
    const bookId = int(row.BookId)!;
    const ownerId = memberIdOf(row.OwnerId);
    const book = bookById.get(bookId);
    if (!book || !ownerId) {
      context.problems.push(`A review of book ${bookId} has no imported book or member; left out.`);
      continue;
    }
    let rating = int(row.Rating);
    if (rating !== null && (rating < 0 || rating > 5)) {
      context.problems.push(`A review of book ${bookId} gave ${rating} stars; it is kept without stars.`);
      rating = null;
    }
    const createdOn = context.created(row, `a review of book ${bookId}`, book.createdOn);
    reviews.push({
      bookId,
      ownerId,
      rating,
      reviewText: str(row.ReviewText) ?? '',
      reviewUrl: context.link(str(row.ReviewUrl), optionalLink, `The link of a review of book ${bookId}`),
      hasSpoilers: false,
      createdOn,
      modifiedOn: context.modified(row, createdOn),
    });
  }
  return reviews;
}
