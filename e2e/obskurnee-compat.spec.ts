import type { RoundUpdate } from '../shared/api/rounds';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea, signedInMember } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { PollPage } from './pages/poll-page';

test('a poll closes itself at the last vote: the voter sees the result at once, another member by a live update', async ({ app, page, club, browser }) => {
  const { admin, bea, beaApi } = await arrangeHostAndBea(club);
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
  await admin.suggest(round.bookDiscussionId!, { title: 'Dune', author: 'Frank Herbert', pageCount: 612, text: 'Sand.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;

  // Bea votes in her own browser, and keeps the poll open on her screen.
  const beaContext = await browser.newContext();
  try {
    const beaApp = new ClubApp(await beaContext.newPage(), club.url);
    await beaApp.signInAs(bea);
    const beaPoll = new PollPage(beaApp);
    await beaPoll.goto(pollId);
    await beaPoll.vote('Solaris');
    await expect(beaPoll.progress).toContainText('1 of 2 members have voted');
    await expect(beaPoll.outcome).toHaveCount(0);

    // The host votes last: no moderator closes anything, and the host sees the result at once.
    await app.signInAs(ADMIN);
    const poll = new PollPage(app);
    await poll.goto(pollId);
    await poll.vote('Solaris');
    await expect(poll.outcome).toContainText('Solaris');
    await expect(poll.closeButton).toHaveCount(0);
    await expect(poll.resultRow('Solaris')).toContainText('2 votes · 100 %');

    // Bea's page, never reloaded, shows the decided poll too.
    await expect(beaPoll.outcome).toContainText('Solaris');
    await expect(beaPoll.ballot).toHaveCount(0);
    await beaPoll.outcome.getByRole('link').first().click();
    await expect(beaApp.page).toHaveURL(/\/knihy\/\d+$/);
  } finally {
    await beaContext.close();
  }
  await expect(page.getByTestId('poll-page')).toBeVisible();
});

test("the club's statistics: each member's rated books, chosen suggestions and recommendations, sorted by any column", async ({ app, page, club }) => {
  const { admin, beaApi } = await arrangeHostAndBea(club);
  const cyrilApi = await signedInMember(club, 'Cyril Novák');
  const round = await admin.startRound({ topic: 'Books', title: 'Spring' });
  const solaris = await beaApi.suggest(round.bookDiscussionId!, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  const pollId = (await admin.closeDiscussion(round.bookDiscussionId!)).poll!.pollId;
  await admin.vote(pollId, [solaris.postId]);
  await beaApi.vote(pollId, [solaris.postId]);
  // Everyone voted: the poll closed itself, and Solaris is the club's book.
  const { book } = await cyrilApi.call<RoundUpdate>('POST', `/api/polls/${pollId}/vote`, { postIds: [solaris.postId] });
  const bookId = book!.bookId;
  await beaApi.call('POST', `/api/reviews/book/${bookId}`, { rating: 5, reviewText: 'Unsettling and wonderful.' });
  for (const title of ['Roadside Picnic', 'His Master’s Voice']) {
    await cyrilApi.call('POST', '/api/recommendations', { title, author: 'Strugatsky / Lem', pageCount: 200, text: 'Read it.' });
  }

  await app.signInAs(ADMIN);
  await app.goto('/my');
  await page.getByTestId('stats-link').click();
  await expect(page).toHaveURL(`${club.url}/statistiky`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Club statistics');
  const rows = page.getByTestId('stats-row');
  const firstColumn = () => rows.locator('th').allInnerTexts();
  // By books rated, most first; ties by name.
  await expect(rows).toHaveCount(3);
  expect(await firstColumn()).toEqual(['Bea Reader', 'Cyril Novák', 'Hana Host']);
  await expect(rows.filter({ hasText: 'Bea Reader' }).locator('td')).toHaveText(['1', '1', '0']);

  const byRecommendations = page.getByRole('columnheader', { name: 'Recommendations' });
  await expect(byRecommendations).toHaveAttribute('aria-sort', 'none');
  await byRecommendations.getByRole('button').click();
  await expect(byRecommendations).toHaveAttribute('aria-sort', 'descending');
  expect(await firstColumn()).toEqual(['Cyril Novák', 'Bea Reader', 'Hana Host']);
  await byRecommendations.getByRole('button').click();
  await expect(byRecommendations).toHaveAttribute('aria-sort', 'ascending');
  expect(await firstColumn()).toEqual(['Bea Reader', 'Hana Host', 'Cyril Novák']);

  // The names open the members' profiles.
  await rows.getByRole('link', { name: 'Cyril Novák' }).click();
  await expect(page).toHaveURL(/\/my\//);
});
