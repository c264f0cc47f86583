import { startDemoServer } from './demo-server';
import { expect, test } from './fixtures';
import { ClubApp } from './pages/club-app';
import { LANGS, screenshotter } from './screenshots';

// Screenshots of the demo club (test-results/screenshots/demo-*): the visitor's home with the banner and the
// one-click sign-in, the login panel with it, and a member's home under the banner, in the demo's English and
// Slovak, at a laptop's and a phone's width.
const shoot = screenshotter('demo');

for (const lang of LANGS) {
  test(`the demo club's banner and one-click sign-in, ${lang}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const demo = await startDemoServer(lang);
    try {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const app = new ClubApp(page, demo.url);
        await app.goto('/');
        await expect(page.getByTestId('demo-banner')).toBeVisible();
        await expect(page.getByTestId('visitor-home').getByTestId('demo-sign-in-member')).toBeVisible();
        await shoot(page, 'visitor', lang, width);

        await app.openLoginForm();
        await expect(page.locator('#login-panel').getByTestId('demo-sign-in')).toBeVisible();
        await shoot(page, 'login-panel', lang, width);

        await page.locator('#login-panel').getByTestId('demo-sign-in-member').click();
        await expect(page.getByTestId('member-home')).toBeVisible();
        await expect(page.getByTestId('demo-switch-admin')).toBeVisible();
        await shoot(page, 'member-home', lang, width);
        await context.close();
      }
    } finally {
      await demo.stop();
    }
  });
}
