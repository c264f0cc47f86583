import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { arrangeClub, serveCovers } from './round-fixtures';

// Screenshots of the round's screens for a person to look at (test-results/screenshots/round-*), in both
// languages at a laptop's and a phone's width; the assertions guard the basics of each layout.
async function settle(page: Page) {
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  // Covers load lazily: scroll through so every one is in before the picture.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

async function shoot(page: Page, name: string, lang: string, width: number) {
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways at ${width} px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screenshots/round-${name}-${lang}-${width}.png`, fullPage: true });
}

for (const width of [1280, 390]) {
  test(`the round's screens at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(180_000);
    const scene = await arrangeClub(club);
    await serveCovers(page);
    await page.setViewportSize({ width, height: 900 });
    await app.goto('/');
    await app.signIn(ADMIN.email, ADMIN.password);
    await expect(page.getByTestId('member-home')).toBeVisible();

    for (const lang of ['en', 'sk'] as const) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');

      await app.goto('/');
      await expect(page.getByTestId('book-large-card')).toContainText('Piranesi');
      await shoot(page, 'home', lang, width);

      await app.goto('/navrhy');
      await expect(page.getByTestId('round')).toHaveCount(4);
      await expect(page.getByTestId('round').first()).toContainText('Summer holiday');
      await page.getByRole('button', { name: lang === 'en' ? 'Start a round' : 'Začať kolo' }).click();
      await expect(page.getByTestId('new-round-form')).toBeVisible();
      await shoot(page, 'rounds', lang, width);

      await app.goto(`/navrhy/${scene.openDiscussionId}`);
      await expect(page.getByTestId('post')).toHaveCount(2);
      await shoot(page, 'discussion-open', lang, width);

      // A failed submit: the form's own checks say what is missing, beside the fields.
      await page.getByTestId('new-post').getByRole('button', { name: lang === 'en' ? 'Add the book' : 'Pridať knihu' }).click();
      await expect(page.getByTestId('new-post').locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await page.getByTestId('new-post').scrollIntoViewIfNeeded();
      await shoot(page, 'discussion-form-errors', lang, width);

      // Editing a suggestion in place (the moderator may edit any).
      await page.reload();
      await page.getByRole('article', { name: 'A Gentleman in Moscow' }).getByRole('button', { name: lang === 'en' ? 'Edit the suggestion' : 'Upraviť návrh' }).click();
      await expect(page.getByTestId('post-form-edit')).toBeVisible();
      await shoot(page, 'discussion-edit', lang, width);

      await app.goto(`/navrhy/${scene.firstDiscussionId}`);
      await expect(page.getByTestId('closed-marker')).toBeVisible();
      await shoot(page, 'discussion-closed', lang, width);

      await app.goto(`/navrhy/${scene.firstDiscussionId}/${scene.firstPostId}`);
      await expect(page.getByTestId('single-post-page')).toBeVisible();
      await shoot(page, 'single-post', lang, width);

      await app.goto(`/hlasovania/${scene.themePollId}`);
      await expect(page.getByTestId('vote-form')).toBeVisible();
      await page.getByTestId('poll-option').first().getByRole('button').click();
      await page.getByTestId('poll-option').first().getByRole('checkbox').check();
      await expect(page.getByTestId('option-preview')).toBeVisible();
      await shoot(page, 'poll-ballot', lang, width);

      await app.goto(`/hlasovania/${scene.firstPollId}`);
      await expect(page.getByTestId('poll-outcome')).toContainText('Solaris');
      await shoot(page, 'poll-winner', lang, width);

      await app.goto(`/hlasovania/${scene.tiedPollId}`);
      await expect(page.getByTestId('tied-options')).toContainText('Piranesi');
      await shoot(page, 'poll-tie', lang, width);

      await app.goto('/knihy');
      await expect(page.getByTestId('book-card')).toHaveCount(2);
      await shoot(page, 'books', lang, width);

      await app.goto(`/knihy/${scene.bookId}`);
      await expect(page.getByTestId('book-large-card')).toContainText('Solaris');
      await shoot(page, 'book', lang, width);
    }
  });
}
