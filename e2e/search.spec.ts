import type { SearchResult } from '../shared/api/search';
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
  const post = await scene.beaApi.suggest(scene.discussionId, {
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    text: 'A planet with a single living ocean.',
  });
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

test('an unclosed quote is forgiven, and a query the server cannot understand says why beside the box', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  await scene.beaApi.suggest(scene.discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'A planet with a single living ocean.' });
  await app.signInAs(scene.bea);
  const search = new SearchPage(app);
  await search.goto();
  await search.input.fill('"an ocean');
  await expect(search.count).toHaveText('Nothing found for “"an ocean”');
  await search.input.fill('"living ocean');
  await expect(search.count).toHaveText('1 result for “"living ocean”');
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  await expect(app.toast('Wrong query or search error')).toHaveCount(0);

  // Nothing but operators and punctuation: said beside the box, where the member types, not as a toast.
  await search.input.fill('*** ???');
  await expect(page.getByTestId('search-error')).toContainText('The search has no words to look for.');
  await expect(search.results).toHaveCount(0);
  await expect(app.toast('Wrong query or search error')).toHaveCount(0);
  await search.input.fill('"single living"');
  await expect(search.count).toHaveText('1 result for “"single living"”');
  await expect(page.getByTestId('search-error')).toHaveCount(0);
});

test('typing a phrase with an unclosed quote, a key at a time, never shows an error and ends with the phrase marked', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  await scene.beaApi.suggest(scene.discussionId, {
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    text: 'A planet with a **single living ocean** that <b>thinks</b>.',
  });
  await reading.recommend(scene.admin, {
    title: 'The Ocean at the End of the Lane',
    author: 'Neil Gaiman',
    pageCount: 181,
    text: 'A single, living memory of an ocean.',
  });
  await app.signInAs(scene.bea);
  const search = new SearchPage(app);
  await search.goto();

  const answers: { query: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (isSearch(url)) answers.push({ query: url.searchParams.get('query') ?? '', status: response.status() });
  });
  // Anything that looks like an error, at any moment (a toast, the alert beside the box), is noted.
  await page.evaluate(() => {
    const w = window as unknown as { sawError: string[] };
    w.sawError = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="search-error"], .mantine-Notification-root')) {
        if (el.matches('[data-testid="search-error"]') || /search|query/i.test(el.textContent ?? '')) w.sawError.push(el.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  // Slower than the typing pause, so nearly every keystroke is searched.
  await search.input.pressSequentially('"single living oce', { delay: 300 });
  await expect(search.count).toHaveText('1 result for “"single living oce”');
  const solaris = search.result('Solaris');
  await expect(solaris.locator('mark')).toHaveText(['single living ocean']);
  // The excerpt is plain text: no markdown syntax, and the member's HTML shown as text, never as markup.
  await expect(solaris.getByTestId('result-excerpt')).toHaveText('A planet with a single living ocean that <b>thinks</b>.');
  await expect(solaris.locator('b')).toHaveCount(0);

  expect(answers.length, JSON.stringify(answers)).toBeGreaterThan(5);
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { sawError: string[] }).sawError)).toEqual([]);
});

test('a result shows the words found marked, in its title, author and excerpt', async ({ app, page, club }) => {
  const scene = await arrangeClub(club);
  await reading.recommend(scene.beaApi, {
    title: 'Dune',
    author: 'Frank Herbert',
    pageCount: 412,
    text: 'A desert planet, spice, and a sled journey across the dunes.',
  });
  await app.signInAs(scene.bea);
  const search = new SearchPage(app);
  await search.goto();
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('query') === 'dune herb');
  await search.type('dune herb');
  await expect(search.count).toHaveText('1 result for “dune herb”');
  // The answer carries Obskurnee's highlights in the result's own fields, for its client; the page reads `highlight`.
  const [result] = (await (await answered).json()) as SearchResult[];
  expect(result).toMatchObject({ title: '<mark class="searchresult">Dune</mark>', author: 'Frank <mark class="searchresult">Herbert</mark>' });
  const dune = search.result('Dune');
  await expect(dune.getByTestId('result-title')).toHaveText('Dune');
  await expect(dune.getByTestId('result-title').locator('mark')).toHaveText('Dune');
  await expect(dune.getByTestId('result-author')).toHaveText('Frank Herbert');
  await expect(dune.getByTestId('result-author').locator('mark')).toHaveText('Herbert');
  await search.input.fill('deser');
  await expect(dune.getByTestId('result-excerpt').locator('mark')).toHaveText('desert');
  // Legible: the marked word's ink against its ground is at least AA's 4.5:1.
  const contrast = await dune
    .getByTestId('result-excerpt')
    .locator('mark')
    .evaluate((mark) => {
      const rgb = (color: string) =>
        color
          .match(/\d+(\.\d+)?/g)!
          .slice(0, 3)
          .map(Number);
      const luminance = (color: string) => {
        const [r, g, b] = rgb(color).map((c) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const style = getComputedStyle(mark);
      const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
  expect(contrast).toBeGreaterThanOrEqual(4.5);
  await expect(page.getByTestId('search-error')).toHaveCount(0);
});
