import type { Page } from '@playwright/test';
import { ClubApi } from './club-api';
import { ADMIN, expect, test } from './fixtures';

// A member has the app open while the server is upgraded: the page's index.html still names the old
// hashed chunks, which the new server no longer has. The books page's code is loaded only when the page
// is first shown, so answering its chunk as a server without it would stands in for the upgrade.
const BOOK_LIST_CHUNK = /\/assets\/BookListPage-[\w-]+\.js$/;

/** Counts the page's full loads from now on: a reload shows as one. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

test.beforeEach(async ({ club, app, page }) => {
  await ClubApi.setUpFirstAdmin(club, ADMIN.email, ADMIN.password);
  await app.signInAs(ADMIN);
  // Nothing has asked for the books page's code yet: the member has not been there.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /BookListPage-/.test(entry.name)))).toBe(false);
});

// How a server without the old chunk may answer: not found, or (a single-page fallback) index.html.
const GONE = [
  { answer: 'a 404', response: { status: 404, contentType: 'text/plain', body: 'Not found' } },
  { answer: 'index.html instead', response: { status: 200, contentType: 'text/html', body: '<!doctype html><div id="root"></div>' } },
];

for (const { answer, response } of GONE) {
  test(`after an upgrade, a page whose old chunk is gone (${answer}) reloads once and shows the page the member asked for`, async ({ app, page }) => {
    const loads = countLoads(page);
    const refused: string[] = [];
    await page.route(
      BOOK_LIST_CHUNK,
      (route) => {
        refused.push(route.request().url());
        return route.fulfill(response);
      },
      { times: 1 },
    );

    await app.mainNav.getByRole('link', { name: 'Books' }).click();

    await expect(page.getByTestId('book-list-page')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/knihy');
    expect(refused).toHaveLength(1);
    await expect.poll(() => loads.count).toBe(1);
    // Still signed in after the reload, with the guard against a reload loop set.
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('bookclub.reloadedForStaleAssets'))).toMatch(/^\d+$/);
  });
}

test('a chunk that is still missing after the reload shows an error with a way to retry, not a reload loop', async ({ app, page }) => {
  const loads = countLoads(page);
  let refused = 0;
  await page.route(BOOK_LIST_CHUNK, (route) => {
    refused++;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });

  await app.mainNav.getByRole('link', { name: 'Books' }).click();

  const error = page.getByTestId('route-error');
  await expect(error).toBeVisible();
  await expect(error).toHaveText('Something went wrong. Please try again.');
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  // The app's frame stays around the error.
  await expect(app.mainNav).toBeVisible();
  await expect.poll(() => loads.count).toBe(1);
  // Asked for before the one reload and after it, no more: no loop. (Each time the browser may ask twice,
  // a modulepreload and the import, when the chunk carries styles of its own.)
  expect(refused).toBeGreaterThanOrEqual(2);
  expect(refused).toBeLessThanOrEqual(4);
  expect(new URL(page.url()).pathname).toBe('/knihy');
});
