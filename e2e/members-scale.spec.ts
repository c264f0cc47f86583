import type { Page } from '@playwright/test';
import { ClubApi } from './club-api';
import { ADMIN, expect, test } from './fixtures';
import { NEEDLE, seedLargeClub } from './large-club';
import { setMemberName } from './members';
import { screenshotter } from './screenshots';

// Issue 27: a club of a thousand members on one laptop. The members page reads a page of them, not all.
const shoot = screenshotter('members-scale', { scrollThrough: false });
const FIRST_SCREEN_LIMIT = 50_000;

/** The bytes of every API answer the page receives (bodies as the page reads them, after decompression). */
function countApiBytes(page: Page) {
  const bodies: Promise<number>[] = [];
  const paths: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/')) return;
    paths.push(pathname);
    bodies.push(
      response.body().then(
        (body) => body.length,
        () => 0,
      ),
    );
  });
  return { paths, total: async () => (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0) };
}

test('a club of 1,000: the members page shows its first screen from under 50 kB, finds a member by name, and shows more on asking', async ({
  app,
  page,
  club,
}) => {
  await ClubApi.setUpFirstAdmin(club, ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  seedLargeClub(club, 1000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await app.signInAs(ADMIN);

  // The whole app loaded on the members page: every answer it needs for its first screen.
  const answers = countApiBytes(page);
  await app.goto('/my');
  const cards = page.getByTestId('user-card');
  await expect(cards).toHaveCount(24);
  await expect(page.getByText('1,002 members and what they are reading now.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bytes = await answers.total();
  expect(answers.paths).not.toContain('/api/users');
  expect(bytes, `API answers for the first screen: ${answers.paths.join(', ')}`).toBeLessThan(FIRST_SCREEN_LIMIT);
  console.log(`members page, first screen: ${bytes} bytes of API answers (${answers.paths.join(', ')})`);
  await shoot(page, 'first', 'en', 1280);

  // Finding a member by name: typed without diacritics, as on a phone; the address keeps the search.
  const search = page.getByRole('searchbox', { name: 'Find a member' });
  await search.fill('stastna');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: NEEDLE.name })).toBeVisible();
  await expect(page.getByTestId('member-search-status')).toHaveText('1 member matches “stastna”.');
  await expect(page).toHaveURL(/\/my\?q=stastna$/);
  await shoot(page, 'found', 'en', 1280);
  await page.getByRole('article', { name: NEEDLE.name }).getByRole('link', { name: NEEDLE.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEEDLE.name);
  // Back to the list: the search is still there.
  await page.goBack();
  await expect(search).toHaveValue('stastna');
  await expect(cards).toHaveCount(1);

  // Everyone again, and the next page on asking.
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(cards).toHaveCount(24);
  await expect(page).toHaveURL(/\/my$/);
  await page.getByRole('button', { name: 'Show more members' }).click();
  await expect(cards).toHaveCount(48);
  await expect(page.getByTestId('show-more-status')).toHaveText('Showing 48 of 1,002');

  // The same screens in Slovak, and both languages on a phone.
  await app.switchLanguage('Slovenčina');
  for (const [lang, width] of [
    ['sk', 1280],
    ['sk', 390],
    ['en', 390],
  ] as const) {
    if (lang === 'en') await app.switchLanguage('English');
    await page.setViewportSize({ width, height: 900 });
    await app.visit('/my');
    await expect(cards).toHaveCount(24);
    await shoot(page, 'first', lang, width);
    await page.getByRole('searchbox').fill('šťastná');
    await expect(cards).toHaveCount(1);
    await shoot(page, 'found', lang, width);
  }
});
