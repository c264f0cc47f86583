import { startReceiver } from '../server/features/chat/chat-receivers';
import { startClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { LANGS } from './screenshots';

// The admin screen's chat sections (test-results/screenshots/webhooks-*), in both languages at a laptop's and
// a phone's width: one hook delivering, one failing with waiting deliveries, a new hook's secret, the Matrix room.

test('the webhooks and the Matrix room on the admin screen, in English and Slovak', async ({ page }) => {
  test.setTimeout(120_000);
  const working = await startReceiver(() => ({ status: 204 }));
  const failing = await startReceiver(() => ({ status: 503, body: { message: 'Service Unavailable' } }));
  const homeserver = await startReceiver((request) => ({ status: 200, body: { event_id: `$${request.path.split('/').pop()}` } }));
  const club = await startClubServer();
  try {
    const scene = await arrangeHostAndBea(club);
    await scene.admin.call('PUT', '/api/admin/matrix', { homeserver: homeserver.url, roomId: '!riverside:example.org', accessToken: 'syt_token' });
    await scene.admin.call('POST', '/api/admin/webhooks', {
      url: `${working.url}/api/webhooks/1234/abcd`,
      events: ['roundStarted', 'bookChosen'],
      format: 'discord',
    });
    await scene.admin.call('POST', '/api/admin/webhooks', { url: `${failing.url}/hooks/bookclub`, events: ['reviewAdded', 'roundStarted'], format: 'json' });
    await scene.admin.startRound({ topic: 'Books', title: 'Autumn reads', description: null });
    // At least: the failing one tries again after 10 s.
    await expect.poll(() => failing.received.length + working.received.length + homeserver.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    const app = new ClubApp(page, club.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(ADMIN);
    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await app.visit('/admin');
      const hooks = page.getByTestId('admin-webhooks');
      await expect(hooks.getByTestId('webhook')).toHaveCount(2);
      // A new hook's secret, shown once.
      const form = hooks.getByTestId('new-webhook-form');
      await form.locator('input[name="webhookUrl"]').fill(`${working.url}/slack/T000/B000/XXXX`);
      await form.getByRole('button').last().click();
      await expect(hooks.getByTestId('webhook-secret')).toBeVisible();
      await expect(hooks.getByTestId('webhook')).toHaveCount(3);
      const toasts = page.locator('.mantine-Notification-root');
      for (const close of await toasts.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => {});
      await toasts.first().waitFor({ state: 'detached', timeout: 8000 });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `the admin screen overflows sideways at ${width} px`).toBeLessThanOrEqual(0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        for (const [name, section] of [
          ['list', hooks],
          ['matrix', page.getByTestId('admin-matrix')],
        ] as const) {
          // The section as it lies on the whole page, so the sticky header stays at the top rather than over it.
          await page.evaluate(() => window.scrollTo(0, 0));
          const box = (await section.boundingBox())!;
          await page.screenshot({ path: `test-results/screenshots/webhooks-${name}-${lang}-${width}.png`, fullPage: true, clip: box });
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      // The third hook goes again, so the next language starts from the same two.
      await hooks.getByTestId('webhook').last().getByRole('button').click();
      await page.getByRole('dialog').getByRole('button').last().click();
      await expect(hooks.getByTestId('webhook')).toHaveCount(2);
    }
  } finally {
    await club.stop();
    await Promise.all([working.close(), failing.close(), homeserver.close()]);
  }
});
