import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { addMember } from './members';
import { arrangeClub, COVER_HOST, serveCovers } from './round-fixtures';
import { reading } from './reading-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of the reviews, recommendations and search screens (test-results/screenshots/reading-*).
const shoot = screenshotter('reading');

const cover = (slug: string) => `${COVER_HOST}/${encodeURIComponent(slug)}.svg`;

/** The round fixtures' club, with reviews of Solaris (book #1) and a few recommendations. */
async function arrangeReading(club: ClubServer) {
  const scene = await arrangeClub(club);
  const [eva, filip] = await Promise.all(
    ['Eva Horváthová', 'Filip Straka'].map(async (name) => {
      const member = await addMember(club, { name });
      return ClubApi.signIn(club, member.email, member.password);
    }),
  );
  await reading.review(eva!, scene.bookId, {
    rating: 4,
    reviewText:
      'Slow at first, then it would not let me go. The chapters about the history of **solaristics** are a joke that runs for fifty pages, and I loved them.',
    reviewUrl: 'https://www.goodreads.com/review/show/4242',
  });
  await reading.review(filip!, scene.bookId, { rating: null, reviewText: 'Not for me, but the discussion was the best we have had.' });
  await reading.review(scene.admin, scene.bookId, {
    rating: 5,
    reviewText: 'An ocean that *thinks*, and scientists who cannot. Still the best first-contact novel.',
  });

  await reading.recommend(eva!, {
    title: 'The Ocean at the End of the Lane',
    author: 'Neil Gaiman',
    pageCount: 181,
    imageUrl: cover('The-Ocean-at-the-End-of-the-Lane'),
    url: 'https://www.goodreads.com/book/show/15783514',
    text: 'A man goes back to the lane where he grew up and remembers a girl who said the pond behind her house was an **ocean**. Short, eerie and tender.',
  });
  await reading.recommend(filip!, {
    title: 'Jozef Mak',
    author: 'Jozef Cíger-Hronský',
    pageCount: 176,
    imageUrl: cover('Jozef-Mak'),
    text: 'Príbeh obyčajného človeka zo slovenskej dediny, ktorý všetko znesie. A Slovak classic worth reading in any language.',
  });
  const mine = await reading.recommend(scene.admin, {
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    pageCount: 304,
    imageUrl: cover('The-Left-Hand-of-Darkness'),
    url: 'https://www.goodreads.com/book/show/18423',
    text: 'An envoy on a frozen planet where people have no fixed sex.\n\n#### Why I recommend it\n\nIf you liked *Solaris*, this is the other great book about **not understanding** each other.',
  });
  await reading.recommend(eva!, {
    title: 'Kindred',
    author: 'Octavia E. Butler',
    pageCount: 264,
    text: 'A writer in 1976 Los Angeles is pulled back in time to a plantation in Maryland. Hard to put down.',
  });
  return { ...scene, recommendationId: mine.recommendationId };
}

for (const width of [1280, 390]) {
  test(`reviews, recommendations and search at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(180_000);
    const scene = await arrangeReading(club);
    await serveCovers(page);
    await signInAsAdmin(app, width);

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');

      await app.visit(`/knihy/${scene.bookId}`);
      await expect(page.getByTestId('review')).toHaveCount(3);
      await expect(page.getByTestId('review-form').getByRole('textbox').first()).toHaveValue(/An ocean that/);
      await shoot(page, 'book', lang, width);

      await app.visit('/odporucania');
      await expect(page.getByTestId('recommendation-card')).toHaveCount(4);
      await shoot(page, 'recommendations', lang, width);

      await page.getByTestId('new-recommendation-toggle').click();
      await expect(page.getByTestId('new-recommendation')).toBeVisible();
      await shoot(page, 'recommendations-form', lang, width);

      await app.visit(`/odporucania/${scene.recommendationId}`);
      await expect(page.getByTestId('recommendation')).toContainText('Le Guin');
      await expect(page.getByRole('link', { name: lang === 'en' ? 'Suggest in the ongoing round' : 'Navrhnúť v aktuálnom kole' })).toBeVisible();
      await shoot(page, 'recommendation', lang, width);

      await page.getByRole('button', { name: lang === 'en' ? 'Edit the recommendation' : 'Upraviť odporúčanie' }).click();
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await shoot(page, 'recommendation-edit', lang, width);

      await app.visit('/hladanie');
      await page.getByRole('searchbox').fill('ocean');
      await expect(page.getByTestId('search-result')).toHaveCount(2);
      await shoot(page, 'search', lang, width);
    }
  });
}
