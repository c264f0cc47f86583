import type { ClubServer } from './club-server';
import { expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { reading } from './reading-fixtures';
import { COVER_HOST, serveCovers } from './round-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of the search page with the words found marked (test-results/screenshots/search-*).
const shoot = screenshotter('search');

const cover = (slug: string) => `${COVER_HOST}/${encodeURIComponent(slug)}.svg`;

/** Hana Host and Bea: Bea's suggestion of Solaris in an open round, and recommendations whose texts hold markdown. */
async function arrangeSearch(club: ClubServer) {
  const scene = await arrangeHostAndBea(club);
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Winter reads', description: null });
  await scene.beaApi.suggest(round.bookDiscussionId!, {
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    imageUrl: cover('Solaris'),
    text: 'A planet covered by a single living **ocean**, and the scientists who cannot understand it.\n\n#### About the book\n\nA classic of Polish science fiction.',
  });
  await reading.recommend(scene.admin, {
    title: 'The Ocean at the End of the Lane',
    author: 'Neil Gaiman',
    pageCount: 181,
    imageUrl: cover('The-Ocean-at-the-End-of-the-Lane'),
    text: 'A man goes back to the lane where he grew up and remembers a girl who said the pond behind her house was an **ocean**. Short, eerie and tender.',
  });
  await reading.recommend(scene.admin, {
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    pageCount: 304,
    imageUrl: cover('The-Left-Hand-of-Darkness'),
    text:
      'An envoy on a frozen planet where people have no fixed sex. [More on Goodreads](https://www.goodreads.com/book/show/18423).\n\n' +
      '#### Why I recommend it\n\nIf you liked *Solaris*, this is the other great book about **not understanding** each other, ' +
      'and about an ocean of ice that the envoy must cross on a sled. ::Estraven dies at the border.::',
  });
  return scene;
}

for (const width of [1280, 390]) {
  test(`search with the words found marked at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(120_000);
    await arrangeSearch(club);
    await serveCovers(page);
    await signInAsAdmin(app, width);

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await app.goto('/hladanie');
      // An unclosed phrase, its last word half typed, as a member leaves it while typing.
      await page.getByRole('searchbox').pressSequentially('ocean "not underst', { delay: 20 });
      await expect(page.getByTestId('search-result')).toHaveCount(1);
      await expect(page.getByTestId('search-result').locator('mark')).toHaveText(['not understanding', 'ocean']);
      await shoot(page, 'phrase', lang, width);

      await page.getByRole('searchbox').fill('ocea');
      await expect(page.getByTestId('search-result')).toHaveCount(3);
      await shoot(page, 'word', lang, width);

      await page.getByRole('searchbox').fill('oc');
      await expect(page.getByTestId('search-status')).toBeVisible();
      await shoot(page, 'too-short', lang, width);
    }
  });
}
