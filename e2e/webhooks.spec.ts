import { signedWith, startReceiver } from '../server/features/chat/chat-receivers';
import { audit, describeFindings } from './axe';
import { startClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { scheduleMeeting } from './pages/meetings-page';

// The admin screen's chat sections as an admin uses them: a webhook for Discord that hears two of the club's
// events, and the club's Matrix room, each against a receiver on 127.0.0.1 shaped like the real one.

const TOKEN = 'syt_aGFuYQ_secretTokenOfTheClubBot_0x1';

test('an admin adds a Discord webhook and the Matrix room; the events they chose reach them signed, and the page says how deliveries go', async ({ page }) => {
  test.setTimeout(90_000);
  const discord = await startReceiver(() => ({ status: 204 }));
  const homeserver = await startReceiver((request) => ({ status: 200, body: { event_id: `$${request.path.split('/').pop()}` } }));
  const club = await startClubServer();
  try {
    const scene = await arrangeHostAndBea(club);
    // Every answer the page gets, to show the token is never in one.
    const answers: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/')) answers.push(response.text().catch(() => ''));
    });
    const app = new ClubApp(page, club.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await app.signInAs(ADMIN);
    await app.visit('/admin');
    const hooks = page.getByTestId('admin-webhooks');
    await expect(hooks).toContainText('No webhooks yet.');
    const form = hooks.getByTestId('new-webhook-form');
    const address = form.getByRole('textbox', { name: 'Address' });

    // Addresses the club refuses say why on the field, and what was typed stays to be mended.
    for (const [typed, reason] of [
      ['ftp://hooks.example.org/club', "Enter the receiver's full http or https address, without a password in it."],
      [`${club.url}/api/home`, 'That address is this club itself: a webhook must go elsewhere.'],
    ] as const) {
      await address.fill(typed);
      await form.getByRole('button', { name: 'Add the webhook' }).click();
      await expect(form.getByText(reason)).toBeVisible();
      await expect(address).toHaveValue(typed);
      await expect(address).toHaveAttribute('aria-invalid', 'true');
    }

    // Discord's shape, for rounds and meetings only.
    await address.fill(`${discord.url}/api/webhooks/1234/abcd`);
    await form.getByText('Discord', { exact: true }).click();
    for (const event of ['Voting opens', 'A poll closes', 'A book is chosen', 'A meeting changes', 'A meeting is cancelled', 'A review is added']) {
      await form.getByRole('checkbox', { name: event }).uncheck();
    }
    await form.getByRole('button', { name: 'Add the webhook' }).click();
    await expect(app.toast('Webhook added')).toBeVisible();
    const secretAlert = hooks.getByTestId('webhook-secret');
    await expect(secretAlert).toContainText("The webhook's secret");
    const secret = (await secretAlert.getByTestId('webhook-secret-value').textContent())!.trim();
    expect(secret).toMatch(/^\S{32,}$/);
    const hook = hooks.getByTestId('webhook');
    await expect(hook).toHaveCount(1);
    await expect(hook).toContainText('Discord · A round starts, A meeting is scheduled');
    await expect(hook.getByTestId('delivery-status')).toHaveText('Nothing delivered yet.');
    await expect(address).toHaveValue('');

    // The Matrix room: saved, then shown without its token.
    const matrix = page.getByTestId('admin-matrix');
    await expect(matrix).toContainText('No Matrix room yet.');
    const matrixForm = matrix.getByTestId('matrix-form');
    await matrixForm.getByRole('textbox', { name: 'Homeserver' }).fill(homeserver.url);
    await matrixForm.getByRole('textbox', { name: 'Room id' }).fill('riverside:example.org');
    await matrixForm.getByLabel('Access token').fill(TOKEN);
    await matrixForm.getByRole('button', { name: 'Save the room' }).click();
    await expect(matrixForm.getByText('It starts with an exclamation mark', { exact: false })).toBeVisible();
    await matrixForm.getByRole('textbox', { name: 'Room id' }).fill('!riverside:example.org');
    await matrixForm.getByRole('button', { name: 'Save the room' }).click();
    await expect(app.toast('The Matrix room is saved')).toBeVisible();
    await expect(matrix.getByTestId('matrix-room')).toContainText('!riverside:example.org');
    await expect(matrix.getByTestId('matrix-room')).toContainText('Entered here');
    await expect(matrixForm.getByLabel('Access token')).toHaveValue('');

    const findings = await audit(page, 'admin chat sections');
    expect(findings, describeFindings(findings)).toEqual([]);

    // The club's events: a round (both hear it), a review (only Matrix), a meeting (both).
    await scene.admin.startRound({ topic: 'Books', title: 'Autumn reads', description: null });
    await scheduleMeeting(scene.admin, { startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), place: 'The Lantern café' });
    await expect.poll(() => discord.received.length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => homeserver.received.length, { timeout: 15_000 }).toBe(2);

    const [roundStarted, meetingScheduled] = discord.received;
    expect(JSON.parse(roundStarted!.body).content).toContain('Autumn reads');
    expect(JSON.parse(meetingScheduled!.body).content).toContain('The Lantern café');
    for (const delivery of discord.received) expect(signedWith(delivery, secret)).toBe(true);
    for (const message of homeserver.received) {
      expect(message.method).toBe('PUT');
      expect(message.path).toMatch(/^\/_matrix\/client\/v3\/rooms\/!riverside%3Aexample\.org\/send\/m\.room\.message\/[^/?]+$/);
      expect(message.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(message.path).not.toContain(TOKEN);
    }
    expect(JSON.parse(homeserver.received[0]!.body).body).toContain('Autumn reads');

    // The page says they went through once it is opened again.
    await page.reload();
    await expect(hooks.getByTestId('webhook').getByTestId('delivery-status')).toContainText('Delivered');
    await expect(matrix.getByTestId('delivery-status')).toContainText('Delivered');
    expect((await Promise.all(answers)).join('\n')).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(TOKEN);

    // Removing the hook asks first; nothing more goes to it.
    await hooks.getByTestId('webhook').getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this webhook?' });
    await expect(dialog).toContainText(discord.url);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(hooks.getByTestId('webhook')).toHaveCount(0);
    await scene.admin.startRound({ topic: 'Themes', title: 'Winter themes', description: null });
    await expect.poll(() => homeserver.received.length, { timeout: 15_000 }).toBe(3);
    expect(discord.received).toHaveLength(2);
  } finally {
    await club.stop();
    await discord.close();
    await homeserver.close();
  }
});
