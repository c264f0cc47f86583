import type { ScrapedBook } from '../shared/api/scrape';
import type { ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea, signedInMember } from './host-fixtures';
import { DiscussionPage } from './pages/discussion-page';
import { RecommendationsPage } from './pages/recommendations-page';
import { reading } from './reading-fixtures';

/** Hana Host and Bea, with Cyril as a second member. */
async function arrangeMembers(club: ClubServer) {
  return { ...(await arrangeHostAndBea(club)), cyrilApi: await signedInMember(club, 'Cyril Novák') };
}

const isScrape = (url: URL) => url.pathname.startsWith('/api/scrape');
// With or without the trailing slash: the server answers both (Obskurnee's client sent it).
const isRecommendations = (url: URL) => /^\/api\/recommendations\/?$/.test(url.pathname);

test('a member recommends a book filled in from Goodreads; it leads the grid and has its own page', async ({ app, page, club }) => {
  const scene = await arrangeMembers(club);
  await reading.recommend(scene.cyrilApi, { title: 'Middlemarch', author: 'George Eliot', pageCount: 880, text: 'The long one, and worth it.' });
  await app.signInAs(scene.bea);
  await app.mainNav.getByRole('link', { name: 'Recommendations' }).click();
  const recs = new RecommendationsPage(app);
  await expect(recs.cards).toHaveCount(1);

  const piranesi: ScrapedBook = {
    title: 'Piranesi',
    author: 'Susanna Clarke',
    pageCount: 272,
    imageUrl: null,
    url: 'https://www.goodreads.com/book/show/50202953-piranesi',
    description: 'Piranesi lives in the House, a labyrinth of endless halls.',
  };
  await page.route(isScrape, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(piranesi) }));
  await recs.openForm();
  await recs.fill({ url: 'https://www.goodreads.com/book/show/50202953-piranesi' });
  await expect(recs.field('Book title')).toHaveValue('Piranesi');
  await expect(recs.field('Author')).toHaveValue('Susanna Clarke');
  await expect(recs.field('Pages')).toHaveValue('272');
  await expect(recs.field('Description')).toHaveValue(piranesi.description!);
  // Goodreads gives no year: the member types it.
  await expect(recs.field('Year published')).toHaveValue('');
  await recs.fill({ year: '2020', comment: 'Strange and *lovely*.' });
  await recs.form.getByRole('button', { name: 'Add the recommendation' }).click();
  await expect(app.toast('Recommendation added')).toBeVisible();

  // Newest first: cover, title, author, who recommends it, and why in short.
  await expect(recs.cards).toHaveCount(2);
  const card = recs.cards.first();
  // The card leads to the recommendation, named by what it shows: the title first.
  await expect(card).toHaveAccessibleName(/^Piranesi/);
  await expect(card).toContainText('Susanna Clarke');
  await expect(card).toContainText('Recommended by Bea Reader');
  await expect(card.getByTestId('recommendation-excerpt')).toContainText('Strange and lovely.');
  await expect(card.getByTestId('book-cover-placeholder')).toBeVisible();

  await card.click();
  await expect(page).toHaveURL(/\/odporucania\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piranesi');
  await expect(recs.one).toContainText('272 pages');
  await expect(recs.one.getByTestId('book-year')).toHaveText('2020');
  await expect(recs.one.getByTestId('recommendation-text').locator('em')).toHaveText('lovely');
  await expect(recs.one.getByRole('link', { name: 'Goodreads' })).toHaveAttribute('href', piranesi.url);
  await page.getByRole('link', { name: 'All recommendations' }).click();
  await expect(recs.cards).toHaveCount(2);
});

test('a refused recommendation says so and keeps what was typed', async ({ app, page, club }) => {
  const scene = await arrangeMembers(club);
  await app.signInAs(scene.bea);
  const recs = new RecommendationsPage(app);
  await recs.goto();
  await expect(page.getByTestId('no-recommendations')).toBeVisible();

  // The form's own checks first: a recommendation is a book, with its author, pages and a text.
  await recs.add({ title: 'Solaris' });
  await expect(recs.form.getByText("Please enter the author's name.")).toBeVisible();
  await expect(recs.form.getByText('Please enter the number of pages.')).toBeVisible();

  await page.route(isRecommendations, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 503, title: 'Unavailable', detail: 'The club is being backed up; try again in a minute.' }),
        })
      : route.fallback(),
  );
  await recs.fill({ author: 'Stanisław Lem', pageCount: '204', description: 'An ocean.' });
  await recs.form.getByRole('button', { name: 'Add the recommendation' }).click();
  await expect(app.toast('Unable to add recommendation')).toContainText('The club is being backed up');
  await expect(recs.field('Book title')).toHaveValue('Solaris');
  await expect(recs.field('Author')).toHaveValue('Stanisław Lem');
  await expect(recs.field('Description')).toHaveValue('An ocean.');
  await expect(recs.cards).toHaveCount(0);
});

test('owners edit their own recommendations, moderators any; others cannot', async ({ app, page, club }) => {
  const scene = await arrangeMembers(club);
  const mine = await reading.recommend(scene.beaApi, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  const theirs = await reading.recommend(scene.cyrilApi, { title: 'Middlemarch', author: 'George Eliot', pageCount: 880, text: 'The long one.' });
  await app.signInAs(scene.bea);
  const recs = new RecommendationsPage(app);

  await recs.gotoOne(theirs.recommendationId);
  await expect(recs.one).toContainText('Middlemarch');
  await expect(recs.editToggle).toHaveCount(0);

  await recs.gotoOne(mine.recommendationId);
  await recs.editToggle.click();
  await recs.field('Pages', recs.one).fill('');
  await recs.one.getByRole('button', { name: 'Save changes' }).click();
  await expect(recs.one.getByText('Please enter the number of pages.')).toBeVisible();
  await recs.field('Pages', recs.one).fill('224');
  await recs.field('Text', recs.one).fill('An ocean that *thinks*.');
  await recs.one.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Updated')).toBeVisible();
  await expect(recs.one).toContainText('224 pages');
  await expect(recs.one.locator('em')).toHaveText('thinks');

  // A refused edit says 'Update failed' with the reason, and keeps the form open with what was typed.
  await page.route(isRecommendations, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 403,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 403, title: 'Forbidden', detail: 'You can only edit your own recommendations.' }),
        })
      : route.fallback(),
  );
  await recs.editToggle.click();
  await recs.field('Book title', recs.one).fill('Solaris (new translation)');
  await recs.one.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Update failed')).toContainText('You can only edit your own recommendations.');
  await expect(recs.field('Book title', recs.one)).toHaveValue('Solaris (new translation)');

  // A moderator edits anyone's.
  await page.unroute(isRecommendations);
  await app.signOut();
  await app.signInAs(ADMIN);
  await recs.gotoOne(theirs.recommendationId);
  await recs.editToggle.click();
  await recs.field('Book title', recs.one).fill('Middlemarch: A Study of Provincial Life');
  await recs.one.getByRole('button', { name: 'Save changes' }).click();
  await expect(app.toast('Updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Middlemarch: A Study of Provincial Life');
});

test('a recommendation is suggested in the ongoing Books discussion, prefilled and linked', async ({ app, page, club }) => {
  const scene = await arrangeMembers(club);
  const rec = await reading.recommend(scene.cyrilApi, {
    title: 'Middlemarch',
    author: 'George Eliot',
    pageCount: 880,
    year: 1871,
    url: 'https://www.goodreads.com/book/show/19089.Middlemarch',
    text: 'The long one, and worth it.',
  });
  await app.signInAs(scene.bea);
  const recs = new RecommendationsPage(app);

  // No open Books discussion: nothing to suggest it in.
  await recs.gotoOne(rec.recommendationId);
  await expect(recs.one.getByRole('link', { name: 'Suggest in the ongoing round' })).toHaveCount(0);

  const round = await scene.admin.startRound({ topic: 'Books', title: 'Winter reads' });
  const ongoing = round.bookDiscussionId!;
  await app.goto('/');
  await expect(page.getByTestId('member-home')).toContainText('Winter reads: book suggestions');
  await recs.gotoOne(rec.recommendationId);
  await recs.one.getByRole('link', { name: 'Suggest in the ongoing round' }).click();
  await expect(page).toHaveURL(`${club.url}/navrhy/${ongoing}?parentRecommendationId=${rec.recommendationId}`);

  const discussion = new DiscussionPage(app);
  await expect(page.getByTestId('prefill-note')).toContainText('Suggesting the recommended book “Middlemarch”.');
  await expect(discussion.field('Book title')).toHaveValue('Middlemarch');
  await expect(discussion.field('Author')).toHaveValue('George Eliot');
  await expect(discussion.field('Pages')).toHaveValue('880');
  await expect(discussion.field('Year published')).toHaveValue('1871');
  await expect(discussion.field('Description')).toHaveValue('The long one, and worth it.');
  await discussion.field('Your comment').fill('Cyril made me want to read it.');
  await discussion.newPost.getByRole('button', { name: 'Add the book' }).click();
  await expect(app.toast('Suggestion added')).toBeVisible();
  await expect(discussion.post('Middlemarch')).toContainText('Suggested again');
  const stored = await scene.admin.discussion(ongoing);
  expect(stored.posts[0]).toMatchObject({ parentRecommendationId: rec.recommendationId, year: 1871 });
});
