import type { Webhook } from '../shared/api/chat';
import { startHomeserver, startReceiver } from '../server/features/chat/chat-receivers';
import { startClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { LANGS } from './screenshots';

// The admin screen's chat sections (test-results/screenshots/webhooks-*), in both languages at a laptop's and
// a phone's width, with every state a receiver can be in: a Discord hook delivered, a JSON hook waiting (503,
// in its own words), a Slack hook refused five times running and needing attention, a new hook's secret, and
// the Matrix room waiting after its bot was thrown out (M_FORBIDDEN), with "Try again now".

test('the webhooks and the Matrix room on the admin screen, in English and Slovak', async ({ page }) => {
  test.setTimeout(120_000);
  const working = await startReceiver(() => ({ status: 204 }));
  const failing = await startReceiver(() => ({ status: 503, body: { message: 'Service Unavailable' } }));
  const slack = await startReceiver(() => ({ status: 404, raw: Buffer.from('no_service'), headers: { 'Content-Type': 'text/plain' } }));
  const rooms = ['!riverside:example.org'];
  const homeserver = await startHomeserver({ token: 'syt_token', rooms });
  const club = await startClubServer();
  try {
    const scene = await arrangeHostAndBea(club);
    await scene.admin.call('PUT', '/api/admin/matrix', { homeserver: homeserver.url, roomId: '!riverside:example.org', accessToken: 'syt_token' });
    await scene.admin.call('POST', '/api/admin/webhooks', {
      url: `${working.url}/api/webhooks/1234/${'dIsCoRdToKeN'.repeat(5)}`,
      events: ['roundStarted', 'bookChosen'],
      format: 'discord',
    });
    await scene.admin.call('POST', '/api/admin/webhooks', { url: `${failing.url}/hooks/bookclub`, events: ['reviewAdded', 'roundStarted'], format: 'json' });
    const refused = await scene.admin.call<Webhook>('POST', '/api/admin/webhooks', {
      url: `${slack.url}/services/T0001/B0001/xoxbSlackHookToken2026`,
      events: ['roundStarted'],
      format: 'slack',
    });
    await scene.admin.startRound({ topic: 'Books', title: 'Autumn reads', description: null });
    const sends = () => homeserver.received.filter((request) => request.method === 'PUT').length;
    await expect.poll(() => Math.min(failing.received.length, working.received.length, sends(), slack.received.length), { timeout: 15_000 }).toBe(1);
    // Slack says no five times running: the hook needs the admin.
    for (let tries = 2; tries <= 5; tries++) {
      await scene.admin.call('POST', `/api/admin/webhooks/${refused.webhookId}/retry`);
      await expect.poll(() => slack.received.length).toBe(tries);
    }
    // The bot thrown out of the room: the next message waits, in Matrix's words.
    rooms.length = 0;
    await scene.admin.startRound({ topic: 'Themes', title: 'Winter themes', description: null });
    await expect.poll(() => homeserver.received.at(-1)?.status, { timeout: 15_000 }).toBe(403);

    const app = new ClubApp(page, club.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(ADMIN);
    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await app.visit('/admin');
      const hooks = page.getByTestId('admin-webhooks');
      await expect(hooks.getByTestId('webhook')).toHaveCount(3);
      await expect(hooks.locator('[data-state="needsAttention"]')).toHaveCount(1);
      await expect(page.getByTestId('admin-matrix').locator('[data-state="waiting"]')).toContainText('M_FORBIDDEN');
      // A new hook's secret, shown once.
      const form = hooks.getByTestId('new-webhook-form');
      await form.locator('input[name="webhookUrl"]').fill(`${working.url}/slack/T000/B000/XXXX`);
      await form.getByRole('button').last().click();
      await expect(hooks.getByTestId('webhook-secret')).toBeVisible();
      await expect(hooks.getByTestId('webhook')).toHaveCount(4);
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
      // The fourth hook goes again, so the next language starts from the same three.
      await hooks.getByTestId('webhook').last().getByRole('button').last().click();
      await page.getByRole('dialog').getByRole('button').last().click();
      await expect(hooks.getByTestId('webhook')).toHaveCount(3);
    }
  } finally {
    await club.stop();
    await Promise.all([working.close(), failing.close(), slack.close(), homeserver.close()]);
  }
});
