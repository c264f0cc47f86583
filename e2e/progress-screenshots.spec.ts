import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { signedInMember } from './host-fixtures';
import { arrangeClub, serveCovers } from './round-fixtures';
import { reading } from './reading-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of a book's page with the club's reading progress and a review folded for spoilers
// (test-results/screenshots/progress-*).
const shoot = screenshotter('progress');

/** The round fixtures' club: on Solaris (book #1), three members share their progress, one review is marked as a spoiler. */
async function arrangeProgress(club: ClubServer) {
  const scene = await arrangeClub(club);
  const [eva, filip, gita] = await Promise.all(['Eva Horváthová', 'Filip Straka', 'Gita Nováková-Lindbergová'].map((name) => signedInMember(club, name)));
  const progress = `/api/books/${scene.bookId}/progress`;
  await reading.review(eva!, scene.bookId, {
    rating: 5,
    reviewText: 'The last chapter changes everything: Kelvin **stays on the station**, hoping the ocean will bring Rheya back.',
    hasSpoilers: true,
  });
  await reading.review(filip!, scene.bookId, { rating: 4, reviewText: 'Slow at first, then it would not let me go.' });
  await eva!.call('PUT', progress, { finished: true, shared: true });
  await filip!.call('PUT', progress, { page: 150, shared: true });
  await gita!.call('PUT', progress, { percent: 12, shared: true });
  await scene.admin.call('PUT', progress, { page: 64, shared: true });
  return scene;
}

for (const width of [1280, 390]) {
  test(`a book's reading progress and a folded review at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(120_000);
    const scene = await arrangeProgress(club);
    await serveCovers(page);
    await signInAsAdmin(app, width);

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await app.goto(`/knihy/${scene.bookId}`);
      await expect(page.getByTestId('progress-entry')).toHaveCount(5);
      await expect(page.getByTestId('spoiler-fold')).toHaveCount(1);
      await shoot(page, 'book', lang, width);

      await page.getByTestId('spoiler-toggle').click();
      await expect(page.getByTestId('spoiler-fold').getByTestId('review-text')).toBeVisible();
      await page.getByTestId('book-progress').scrollIntoViewIfNeeded();
      await page.getByTestId('progress-form').getByRole('radio').nth(1).check();
      await page.getByTestId('progress-form').getByRole('textbox').fill('140');
      await page.getByTestId('progress-form').getByRole('button').click();
      await expect(page.getByTestId('progress-form').locator('[aria-invalid="true"]')).toBeVisible();
      await shoot(page, 'book-open-and-error', lang, width);
    }
  });
}
