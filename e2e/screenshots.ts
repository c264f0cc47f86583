import type { Page } from '@playwright/test';
import { ADMIN, expect } from './fixtures';
import type { ClubApp } from './pages/club-app';

// Screenshots for a person to look at (test-results/screenshots), in both languages at a laptop's and a
// phone's width; each picture also checks that nothing overflows sideways.

export const LANGS = ['en', 'sk'] as const;

/** The admin signed in on the member home, at the given width. */
export async function signInAsAdmin(app: ClubApp, width: number) {
  await app.page.setViewportSize({ width, height: 900 });
  await app.signInAs(ADMIN);
}

interface ShootOptions {
  /** Scroll through the page first so every lazily loaded cover is in before the picture. */
  scrollThrough?: boolean;
}

/** Returns `shoot(page, name, lang, width)`, which saves test-results/screenshots/{prefix}-{name}-{lang}-{width}.png. */
export function screenshotter(prefix: string, { scrollThrough = true }: ShootOptions = {}) {
  return async function shoot(page: Page, name: string, lang: string, width: number) {
    // A toast would cover the page: closed, as a member would, rather than waited out (about 4 s each).
    const toasts = page.locator('.mantine-Notification-root');
    for (const close of await toasts.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => {});
    await toasts
      .first()
      .waitFor({ state: 'detached', timeout: 8000 })
      .catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    if (scrollThrough) {
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
        window.scrollTo(0, 0);
      });
    }
    // Covers in before the picture. A page that keeps a request open (a live connection falling back to
    // polling on a busy machine) never goes quiet: the picture is taken anyway after a while.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/${prefix}-${name}-${lang}-${width}.png`, fullPage: true });
  };
}
