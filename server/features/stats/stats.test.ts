import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test-support/members';
import { startReadingClub, type ReadingClub } from '../../test-support/reading-club';
import { bookSuggestion, ok } from '../../test-support/round-helpers';

describe('GET /api/stats/users', () => {
  let reading: ReadingClub;
  beforeAll(async () => {
    reading = await startReadingClub();
    const { club, mod, ann, ben, book } = reading;
    await ok(club, 'POST', `/api/reviews/book/${book.bookId}`, ann.token, { rating: 5, reviewText: 'Loved it.' });
    // A review without stars rates nothing.
    await ok(club, 'POST', `/api/reviews/book/${book.bookId}`, ben.token, { rating: null, reviewText: 'No stars from me.' });
    await ok(club, 'POST', '/api/recommendations', ben.token, bookSuggestion('Solaris'));
    await ok(club, 'POST', '/api/recommendations', ben.token, bookSuggestion('Ubik'));
    const gone = await addMember(club, { name: 'Gone' });
    await ok(club, 'POST', `/api/admin/disable/${encodeURIComponent(gone.email)}`, mod);
    await addMember(club, { name: 'Resting', active: false });
  });
  afterAll(async () => {
    await reading.club.close();
  });

  it("counts each active member's rated books, chosen suggestions and recommendations, by name", async () => {
    const { club, mod, ann, ben } = reading;
    const admin = await ok(club, 'GET', '/api/accounts/context', mod);
    const stats = await ok(club, 'GET', '/api/stats/users', ben.token);
    // Bots, disabled and inactive accounts are not among them; the admin (set up without a name, so named
    // "host" after the email) is.
    expect(admin.name).toBe('host');
    expect(stats).toEqual([
      { userId: ann.userId, userName: 'Ann', booksRatedCount: 1, winningBooksCount: 1, recommendationCount: 0, meetingsAttendedCount: 0 },
      { userId: ben.userId, userName: 'Ben', booksRatedCount: 0, winningBooksCount: 0, recommendationCount: 2, meetingsAttendedCount: 0 },
      { userId: admin.userId, userName: 'host', booksRatedCount: 0, winningBooksCount: 0, recommendationCount: 0, meetingsAttendedCount: 0 },
    ]);
  });

  it('is for members: a visitor is asked to sign in, a bot may read it', async () => {
    const { club, bot } = reading;
    expect((await club.call('GET', '/api/stats/users')).status).toBe(401);
    expect((await club.call('GET', '/api/stats/users', { token: bot.token })).status).toBe(200);
  });
});
