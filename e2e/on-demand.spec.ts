import { expect, test } from './fixtures';

// The language menu's code (Mantine's Menu and its positioning) arrives just after the header first
// shows; the same button stands in for it until then. Holding that chunk back makes the gap long.
const LANGUAGE_CHOOSER_CHUNK = /\/assets\/LanguageChooser-[\w-]+\.js$/;

test('a click on the language button before its menu has loaded opens the menu once it has', async ({ app, page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(LANGUAGE_CHOOSER_CHUNK, async (route) => {
    await released;
    await route.continue();
  });

  await app.goto('/');
  await page.getByTestId('language-menu').click();
  await expect(page.getByRole('menuitemradio', { name: 'Slovenčina' })).toHaveCount(0);

  release();
  await page.getByRole('menuitemradio', { name: 'Slovenčina' }).click();
  await expect(app.toast('Jazyk bol zmenený')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});
