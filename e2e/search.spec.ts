import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { RecommendationsPage } from './pages/recommendations-page';
import { SearchPage } from './pages/search-page';
import { reading } from './reading-fixtures';

/** Hana Host and Bea, with an open Books discussion. */
async function arrangeClub(club: ClubServer) {
  const scene = await arrangeHostAndBea(club);
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Winter reads' });
  return { ...scene, discussionId: round.bookDiscussionId! };
}

const isSearch = (url: URL) => url.pathname === '/api/search';

test('a recommendation added in the app is found as the member types, with or without accents', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  await app.signInAs(scene.bea);
  const recs = new RecommendationsPage(app);
  await recs.goto();
  await recs.add({
    title: 'Jozef Mak',
    author: 'Jozef Cíger-Hronský',
    pageCount: '176',
    description: 'Príbeh obyčajného človeka zo slovenskej dediny, ktorý všetko znesie.',
  });
  await expect(app.toast('Recommendation added')).toBeVisible();

  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isSearch(url)) searches.push(url.searchParams.get('query') ?? '');
  });
  await app.mainNav.getByRole('link', { name: 'Search' }).click();
  const search = new SearchPage(app);
  await expect(search.input).toBeFocused();
  await expect(page.getByTestId('search-hint')).toContainText('sol*');
  await expect(page.getByTestId('search-hint')).toContainText('"exact phrases"');

  // Two characters are not enough: nothing is sent, and the page says why.
  await search.type('jo');
  await expect(search.status).toContainText('Type at least 3 characters to search.');
  expect(searches).toEqual([]);

  await search.type('zef');
  await expect(search.count).toHaveText('1 result for “jozef”');
  const result = search.result('Jozef Mak');
  await expect(result).toContainText('Jozef Cíger-Hronský');
  await expect(result.getByTestId('result-kind')).toHaveText('Recommendation');
  await expect(result.getByTestId('result-excerpt')).toContainText('Príbeh obyčajného človeka');
  await expect(result.locator('mark').first()).toHaveText('Jozef');

  // A Slovak word typed without its accents still finds it.
  await search.input.fill('');
  await search.type('obycajneho clovek*');
  await expect(search.count).toHaveText('1 result for “obycajneho clovek*”');
  await expect(search.result('Jozef Mak')).toBeVisible();

  // Below 3 characters the results go.
  await search.input.fill('ob');
  await expect(search.results).toHaveCount(0);
  await expect(search.count).toHaveCount(0);
  await expect(search.status).toContainText('Type at least 3 characters to search.');

  // Nothing found says so.
  await search.input.fill('dragons');
  await expect(search.count).toHaveText('Nothing found for “dragons”');

  // A result leads to the recommendation.
  await search.input.fill('jozef');
  await search.result('Jozef Mak').click();
  await expect(page).toHaveURL(/\/odporucania\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jozef Mak');
  await page.goBack();
  await expect(search.input).toHaveValue('jozef');
  await expect(search.result('Jozef Mak')).toBeVisible();
});

test('one search at a time: a newer term supersedes a slower, older one', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  await reading.recommend(scene.beaApi, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean.' });
  await reading.recommend(scene.beaApi, { title: 'Middlemarch', author: 'George Eliot', pageCount: 880, text: 'A town.' });
  await app.signInAs(scene.bea);
  const search = new SearchPage(app);
  await search.goto();

  // The server is slow to answer "solaris"; the member meanwhile searches for something else.
  let slowAnswered!: () => void;
  const slowDone = new Promise<void>((resolve) => (slowAnswered = resolve));
  await page.route(isSearch, async (route) => {
    if (new URL(route.request().url()).searchParams.get('query') === 'solaris') {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => {});
      slowAnswered();
    } else {
      await route.continue();
    }
  });
  await search.input.fill('solaris');
  await expect(page.getByRole('searchbox').locator('..').getByLabel('Searching…')).toBeVisible();
  await search.input.fill('middlemarch');
  await expect(search.count).toHaveText('1 result for “middlemarch”');
  await slowDone;
  await page.waitForTimeout(300);
  // The stale answer never replaces the newer one (latest-only.test.ts checks that it is also aborted).
  await expect(search.count).toHaveText('1 result for “middlemarch”');
  await expect(search.results).toHaveCount(1);
  await expect(search.result('Middlemarch')).toBeVisible();
});

test('the checkboxes choose suggestions, recommendations or both', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  const post = await scene.beaApi.suggest(scene.discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'A planet with a single living ocean.' });
  await reading.recommend(scene.admin, { title: 'The Ocean at the End of the Lane', author: 'Neil Gaiman', pageCount: 181, text: 'A childhood remembered.' });
  await app.signInAs(scene.bea);
  const search = new SearchPage(app);
  await search.goto();

  const kinds: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isSearch(url)) kinds.push(url.searchParams.get('kind'));
  });
  await search.type('ocean');
  await expect(search.count).toHaveText('2 results for “ocean”');
  await expect(search.result('Solaris').getByTestId('result-kind')).toHaveText('Suggestion');
  await expect(search.result('The Ocean at the End of the Lane').getByTestId('result-kind')).toHaveText('Recommendation');

  await search.suggestions.uncheck();
  await expect(search.count).toHaveText('1 result for “ocean”');
  await expect(search.results).toHaveCount(1);
  await expect(search.result('The Ocean at the End of the Lane')).toBeVisible();

  await search.recommendations.uncheck();
  await expect(search.results).toHaveCount(0);
  await expect(search.status).toContainText('Tick suggestions, recommendations or both to search.');

  await search.suggestions.check();
  await expect(search.count).toHaveText('1 result for “ocean”');
  await expect(search.result('Solaris')).toBeVisible();
  expect(kinds).toEqual([null, 'Rec', 'Post']);

  // A suggestion leads to its page in its discussion.
  await search.result('Solaris').click();
  await expect(page).toHaveURL(`${club.url}/navrhy/${scene.discussionId}/${post.postId}`);
  await expect(page.getByTestId('single-post-page')).toBeVisible();
});

test('a query the server cannot understand says why', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  await app.signInAs(scene.bea);
  const search = new SearchPage(app);
  await search.goto();
  await search.input.fill('"an ocean');
  await expect(app.toast('Wrong query or search error')).toContainText('a quotation mark is not closed');
  await expect(page.getByTestId('search-error')).toContainText('a quotation mark is not closed');
  await search.input.fill('"an ocean"');
  await expect(search.count).toHaveText('Nothing found for “"an ocean"”');
  await expect(page.getByTestId('search-error')).toHaveCount(0);
});
