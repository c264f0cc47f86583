import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { Review } from '../../../shared/api/reviews';
import { addMember, type TestMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { ok } from '../../test-support/round-helpers';
import type { TestServer } from '../../test-support/test-server';

let club: TestServer;
let ann: TestMember;
let ben: TestMember;
let bot: TestMember;
let book: Book;

beforeAll(async () => {
  ({ club, ann, ben, bot, book } = await startReadingClub());
});
afterAll(async () => {
  await club.close();
});

describe('reviews', () => {
  it('a member reviews a book; a second review replaces the first', async () => {
    const first = await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ann.token, {
      rating: 4,
      reviewText: 'Lovely *summer* read.',
      reviewUrl: 'https://www.goodreads.com/review/show/1',
    });
    expect(first).toMatchObject({
      bookId: book.bookId,
      ownerId: ann.userId,
      ownerName: 'Ann',
      rating: 4,
      renderedReviewText: '<p>Lovely <em>summer</em> read.</p>',
      book: { bookId: book.bookId },
    });
    const second = await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ann.token, { rating: 5, reviewText: 'Even better the second time.' });
    expect(second.reviewId).toBe(first.reviewId);
    expect(second).toMatchObject({ rating: 5, reviewUrl: null });
    const reviews = await ok<Review[]>(club, 'GET', `/api/reviews/book/${book.bookId}`, ben.token);
    expect(reviews.map((r) => [r.ownerName, r.rating])).toEqual([['Ann', 5]]);
    expect((await ok<Review[]>(club, 'GET', `/api/reviews/user/${ann.userId}`, ben.token)).map((r) => r.reviewText)).toEqual(['Even better the second time.']);
  });

  it("takes 0 to 5 stars or none, and refuses anything else with the spec's words, translated", async () => {
    expect((await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ben.token, { rating: 0, reviewText: 'Not for me.' })).rating).toBe(0);
    expect((await ok<Review>(club, 'POST', `/api/reviews/book/${book.bookId}`, ben.token, { rating: null, reviewText: 'No stars.' })).rating).toBeNull();
    for (const rating of [6, -1, 2.5, 'five']) {
      const res = await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: ben.token, body: { rating, reviewText: 'x' } });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.detail).toBe('Sorry, you can only give 0 to 5 stars.');
    }
    const sk = await club.call('POST', `/api/reviews/book/${book.bookId}`, {
      token: ben.token,
      body: { rating: 9, reviewText: 'x' },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(sk.body.detail).toBe('Prepáčte, môžete dať len 0 až 5 hviezdičiek.');
  });

  it('needs a text; a missing book is 404; bots read but never write', async () => {
    const empty = await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: ben.token, body: { rating: 3, reviewText: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reviewText).toEqual(['Please write your review.']);
    expect((await club.call('POST', '/api/reviews/book/999', { token: ben.token, body: { rating: 3, reviewText: 'x' } })).status).toBe(404);
    expect((await club.call('GET', '/api/reviews/book/999', { token: ben.token })).status).toBe(404);
    expect((await club.call('POST', `/api/reviews/book/${book.bookId}`, { token: bot.token, body: { rating: 3, reviewText: 'x' } })).status).toBe(403);
    expect((await club.call('GET', `/api/reviews/book/${book.bookId}`, { token: bot.token })).status).toBe(200);
    expect((await club.call('GET', `/api/reviews/book/${book.bookId}`)).status).toBe(401);
  });
});

describe('the spoiler mark on reviews', () => {
  it('is off unless the review says so; posting again without it keeps it; false takes it off', async () => {
    const bookPath = `/api/reviews/book/${book.bookId}`;
    const cid = await addMember(club, { name: 'Cid' });
    expect((await ok<Review>(club, 'POST', bookPath, cid.token, { reviewText: 'No spoilers here.' })).hasSpoilers).toBe(false);
    expect((await ok<Review>(club, 'POST', bookPath, cid.token, { reviewText: 'The ending!', hasSpoilers: true })).hasSpoilers).toBe(true);
    // A client that does not know the mark (Obskurnee's) replaces the text and leaves the mark as it was.
    expect((await ok<Review>(club, 'POST', bookPath, cid.token, { reviewText: 'The ending, again.' })).hasSpoilers).toBe(true);
    const listed = await ok<Review[]>(club, 'GET', bookPath, ben.token);
    expect(listed.find((review) => review.ownerId === cid.userId)).toMatchObject({ hasSpoilers: true, reviewText: 'The ending, again.' });
    expect((await ok<Review>(club, 'POST', bookPath, cid.token, { reviewText: 'Safe now.', hasSpoilers: false })).hasSpoilers).toBe(false);
  });

  it('refuses a mark that is not true or false, and changes nothing', async () => {
    const bookPath = `/api/reviews/book/${book.bookId}`;
    const before = await ok<Review[]>(club, 'GET', bookPath, ann.token);
    const res = await club.call('POST', bookPath, { token: ann.token, body: { reviewText: 'Changed?', hasSpoilers: 'yes' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['hasSpoilers']);
    expect(await ok<Review[]>(club, 'GET', bookPath, ann.token)).toEqual(before);
  });
});
