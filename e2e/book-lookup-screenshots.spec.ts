import { QUERIES, startFakeOpenLibrary } from '../server/features/lookup/fake-open-library';
import { startClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { DiscussionPage } from './pages/discussion-page';
import { LANGS, screenshotter } from './screenshots';

// The book lookup's screenshots (test-results/screenshots/lookup-*): its results, the form it filled and its
// quiet note when Open Library fails, in both languages at a laptop's and a phone's width.
const shoot = screenshotter('lookup', { scrollThrough: false });

test('the book lookup: results, the filled form and the note when it fails, in English and Slovak', async ({ page }) => {
  test.setTimeout(120_000);
  const openLibrary = await startFakeOpenLibrary();
  const club = await startClubServer({ OPEN_LIBRARY_URL: openLibrary.url });
  try {
    const scene = await arrangeHostAndBea(club);
    const round = await scene.admin.startRound({ topic: 'Books', title: 'Summer reads', description: null });
    const app = new ClubApp(page, club.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(scene.bea);
    const discussion = new DiscussionPage(app);
    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await discussion.goto(round.bookDiscussionId!);
      const form = discussion.newPost;
      const box = form.getByTestId('book-lookup-input');
      const options = form.getByRole('option');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await box.fill(lang === 'sk' ? 'čítať v lete' : 'Dune');
        await box.focus();
        await expect(options.first()).toContainText(lang === 'sk' ? 'Čítať v lete' : 'Dune');
        await shoot(page, 'results', lang, width);
      }
      await box.fill('Dune');
      await expect(options).toHaveCount(3);
      await options.first().click();
      await expect(form.getByTestId('scraped-note')).toBeVisible();
      await expect(form.locator('img').first()).toHaveJSProperty('complete', true);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, 'filled', lang, width);
      }
      await box.fill(QUERIES.failing);
      await expect(form.getByTestId('book-lookup-note')).toBeVisible();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, 'unavailable', lang, width);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  } finally {
    await club.stop();
    await openLibrary.close();
  }
});
