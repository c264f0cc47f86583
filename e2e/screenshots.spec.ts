import { ADMIN, expect, test } from './fixtures';

// Screenshots for a person to look at (test-results/screenshots); the assertions guard the layout basics.
for (const width of [1280, 390]) {
  test(`home signed out and signed in at ${width} px`, async ({ app, page }) => {
    await page.setViewportSize({ width, height: 900 });
    await app.setUpClub(ADMIN.email, ADMIN.password);
    await app.goto('/');
    await expect(page.getByTestId('visitor-home')).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/home-signed-out-${width}.png`, fullPage: true });
    await app.signIn(ADMIN.email, ADMIN.password);
    await expect(page.getByTestId('member-home')).toBeVisible();
    await page
      .locator('.mantine-Notification-root')
      .first()
      .waitFor({ state: 'detached', timeout: 8000 })
      .catch(() => {});
    await page.screenshot({ path: `test-results/screenshots/home-signed-in-${width}.png`, fullPage: true });
    // Nothing overflows sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
