import { expect, test } from './fixtures';
import { arrangeClub, serveCovers } from './round-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of the round's screens (test-results/screenshots/round-*); the assertions guard the basics of
// each layout.
const shoot = screenshotter('round');

for (const width of [1280, 390]) {
  test(`the round's screens at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(180_000);
    const scene = await arrangeClub(club);
    await serveCovers(page);
    await signInAsAdmin(app, width);

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');

      await app.visit('/');
      await expect(page.getByTestId('book-large-card')).toContainText('Piranesi');
      await shoot(page, 'home', lang, width);

      await app.visit('/navrhy');
      await expect(page.getByTestId('round')).toHaveCount(4);
      await expect(page.getByTestId('round').first()).toContainText('Summer holiday');
      await page.getByRole('button', { name: lang === 'en' ? 'Start a round' : 'Začať kolo' }).click();
      await expect(page.getByTestId('new-round-form')).toBeVisible();
      await shoot(page, 'rounds', lang, width);

      await app.visit(`/navrhy/${scene.openDiscussionId}`);
      await expect(page.getByTestId('post')).toHaveCount(2);
      await shoot(page, 'discussion-open', lang, width);

      // A failed submit: the form's own checks say what is missing, beside the fields.
      await page
        .getByTestId('new-post')
        .getByRole('button', { name: lang === 'en' ? 'Add the book' : 'Pridať knihu' })
        .click();
      await expect(page.getByTestId('new-post').locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await page.getByTestId('new-post').scrollIntoViewIfNeeded();
      await shoot(page, 'discussion-form-errors', lang, width);

      // Editing a suggestion in place (the moderator may edit any).
      await page.reload();
      await page
        .getByRole('article', { name: 'A Gentleman in Moscow' })
        .getByRole('button', { name: lang === 'en' ? 'Edit the suggestion' : 'Upraviť návrh' })
        .click();
      await expect(page.getByTestId('post-form-edit')).toBeVisible();
      await shoot(page, 'discussion-edit', lang, width);

      await app.visit(`/navrhy/${scene.firstDiscussionId}`);
      await expect(page.getByTestId('closed-marker')).toBeVisible();
      await shoot(page, 'discussion-closed', lang, width);

      await app.visit(`/navrhy/${scene.firstDiscussionId}/${scene.firstPostId}`);
      await expect(page.getByTestId('single-post-page')).toBeVisible();
      await shoot(page, 'single-post', lang, width);

      await app.visit(`/hlasovania/${scene.themePollId}`);
      await expect(page.getByTestId('vote-form')).toBeVisible();
      await page.getByTestId('poll-option').first().getByRole('button').click();
      await page.getByTestId('poll-option').first().getByRole('checkbox').check();
      await expect(page.getByTestId('option-preview')).toBeVisible();
      await shoot(page, 'poll-ballot', lang, width);

      await app.visit(`/hlasovania/${scene.firstPollId}`);
      await expect(page.getByTestId('poll-outcome')).toContainText('Solaris');
      await shoot(page, 'poll-winner', lang, width);

      await app.visit(`/hlasovania/${scene.tiedPollId}`);
      await expect(page.getByTestId('tied-options')).toContainText('Piranesi');
      await shoot(page, 'poll-tie', lang, width);

      await app.visit('/knihy');
      await expect(page.getByTestId('book-card')).toHaveCount(2);
      await shoot(page, 'books', lang, width);

      await app.visit(`/knihy/${scene.bookId}`);
      await expect(page.getByTestId('book-large-card')).toContainText('Solaris');
      await shoot(page, 'book', lang, width);
    }
  });
}
