import { expect, test } from './fixtures';
import { setUpAsHost } from './host-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of spoilers in a post (test-results/screenshots/spoilers-*): all hidden, then the inline
// one and the block revealed while a second inline one stays hidden.
const shoot = screenshotter('spoilers', { scrollThrough: false });

for (const width of [1280, 390]) {
  test(`spoilers hidden and revealed at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(120_000);
    const admin = await setUpAsHost(club);
    const round = await admin.startRound({ topic: 'Books', title: 'Gothic' });
    await admin.suggest(round.bookDiscussionId!, {
      title: 'Jane Eyre',
      author: 'Charlotte Brontë',
      pageCount: 532,
      text:
        "Who lives upstairs at Thornfield? ::Bertha Mason, Rochester's first wife, kept there for years:: — and the ending:\n\n" +
        ':::\nThornfield **burns**, Bertha dies, and Rochester loses his sight and a hand.\n\n- Jane comes back\n- *Reader, I married him.*\n:::\n\n' +
        "Whose fault is the fire? ::Bertha's::. Read it anyway.",
    });
    await signInAsAdmin(app, width);

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await app.visit(`/navrhy/${round.bookDiscussionId}`);
      const post = page.getByRole('article', { name: 'Jane Eyre' });
      const toggles = post.locator('.spoiler-toggle');
      await expect(toggles).toHaveCount(3);
      await shoot(page, 'hidden', lang, width);

      await toggles.nth(0).focus();
      await page.keyboard.press('Enter');
      await toggles.nth(1).focus();
      await page.keyboard.press('Enter');
      await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'true');
      await page.locator('h1').click(); // no focus ring in the picture
      await shoot(page, 'revealed', lang, width);
    }
  });
}
