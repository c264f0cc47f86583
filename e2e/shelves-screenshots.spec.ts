import { startFakeShelfSites, type FeedItem } from '../server/features/shelves/fake-shelf-sites';
import { startClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { LANGS, screenshotter } from './screenshots';

// Shelves on a profile (test-results/screenshots/shelves-*), in both languages at a laptop's and a phone's
// width: Bea's own profile, linked to a fake Goodreads, with a book she is reading and a long read shelf, and
// the members page where her shelf's book joins her reading list.
const shoot = screenshotter('shelves');

const READ: FeedItem[] = [
  { bookId: '50202953', title: 'Piranesi', author: 'Susanna Clarke', rating: 5, readAt: 'Wed, 10 Sep 2025 00:00:00 +0000' },
  { bookId: '11', title: 'Čítať v lete', author: 'Mária Ďurčová', rating: 3, readAt: 'Sat, 02 Aug 2025 12:00:00 GMT' },
  { bookId: '12', title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', rating: 4 },
  { bookId: '13', title: 'A Very Long Title: Being the Complete and Unabridged Account of Everything That Happened Along the Way', author: 'Someone Wordy' },
  ...Array.from({ length: 8 }, (_, i) => ({ bookId: `2${i}`, title: `Book number ${i + 5}`, author: 'Various' })),
];

test('shelves on a profile, in English and Slovak, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const sites = await startFakeShelfSites();
  sites.goodreads('1001', 'currently-reading', [{ bookId: '234225', title: 'Dune (Dune, #1)', author: 'Frank Herbert', pages: 604 }]);
  sites.goodreads('1001', 'read', READ);
  const club = await startClubServer({ GOODREADS_URL: sites.url, STORYGRAPH_URL: sites.url, SHELF_SYNC_INTERVAL_HOURS: '0' });
  try {
    const scene = await arrangeHostAndBea(club);
    await scene.beaApi.call('POST', '/api/reviews/currentlyreading', { title: 'Typed by hand', author: 'Bea herself' });
    await scene.beaApi.call('PUT', `/api/shelves/${scene.bea.userId}`, { profileUrl: 'https://www.goodreads.com/user/show/1001-bea' });
    const app = new ClubApp(page, club.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(scene.bea);
    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await app.goto(`/my/${encodeURIComponent(scene.bea.email)}`);
        await expect(page.getByTestId('shelf-book').first()).toBeVisible();
        await shoot(page, 'profile', lang, width);
        await app.goto('/my');
        await expect(page.getByText('Dune (Dune, #1)').first()).toBeVisible();
        await shoot(page, 'members', lang, width);
      }
    }
    // Before linking: the form on her own profile.
    await scene.beaApi.call('DELETE', `/api/shelves/${scene.bea.userId}`);
    await app.switchLanguage('English');
    await page.setViewportSize({ width: 390, height: 900 });
    await app.goto(`/my/${encodeURIComponent(scene.bea.email)}`);
    await expect(page.getByTestId('shelves-link-form')).toBeVisible();
    await shoot(page, 'link-form', 'en', 390);
  } finally {
    await club.stop();
    await sites.close();
  }
});
