/*
 * The spoiler fold, written once for the renderer (the server only stores and answers the mark): which book
 * a marked review or suggestion is about, and for whom it is folded. A reader's "finished" comes from their
 * own reading progress in that book (shared/api/progress.ts), shared or not.
 */

/** A review or a suggestion its author marked as containing spoilers. */
export interface SpoilerMarked {
  hasSpoilers: boolean;
  ownerId: string;
}

/**
 * The book whose finishing opens a marked item: a review's own book; a suggestion's, the club's current book
 * (the newest, `books[0]` of the newest-first list), or null when the club has no book yet.
 */
export function spoilerBookOfReview(review: { bookId: number }): number {
  return review.bookId;
}
export function spoilerBookOfPost(booksNewestFirst: readonly { bookId: number }[]): number | null {
  return booksNewestFirst[0]?.bookId ?? null;
}

/**
 * Whether a marked item is folded for this reader: it is, unless they wrote it or have marked its spoiler
 * book (see above) finished in their own progress, shared or not. With no such book it is folded for all
 * but its author. A folded item is never hidden for good: the reader may open it anyway.
 */
export function isFoldedForReader(item: SpoilerMarked, reader: { userId: string | undefined; finishedSpoilerBook: boolean }): boolean {
  if (!item.hasSpoilers) return false;
  if (reader.userId !== undefined && item.ownerId === reader.userId) return false;
  return !reader.finishedSpoilerBook;
}
