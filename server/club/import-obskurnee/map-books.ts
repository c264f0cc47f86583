import type { BookRow } from '../../features/books';
import type { MappingContext } from './mapping-context';
import type { ObskurneeRounds } from './map-rounds';
import { int } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** The club's books, in its order: each the imported suggestion that won an imported round, one per round. */
export function mapBooks(club: ObskurneeClub, context: MappingContext, postIds: Set<number>, rounds: ObskurneeRounds): BookRow[] {
  const books: BookRow[] = [];
  const bookRounds = new Set<number>();
  for (const row of club.books) {
    const id = int(row.BookId)!;
    const postId = int(row.PostId);
    // A book without a RoundId belongs to the round that names it.
    const roundId = int(row.RoundId) ?? club.rounds.find((r) => int(r.BookId) === id)?.RoundId;
    if (postId === null || !postIds.has(postId) || typeof roundId !== 'number' || !rounds.ids.has(roundId) || bookRounds.has(roundId)) {
      context.problems.push(`Book ${id} (number ${row.Order}) has no imported suggestion or round of its own; left out with its reviews.`);
      continue;
    }
    bookRounds.add(roundId);
    books.push({ id, order: int(row.Order)!, roundId, postId, createdOn: context.created(row, `book ${id}`, rounds.createdOn(roundId)) });
  }
  return books;
}
