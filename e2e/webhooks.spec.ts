import { signedWith, startHomeserver, startReceiver, type FakeReceiver } from '../server/features/chat/chat-receivers';
import { audit, describeFindings } from './axe';
import { startClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { arrangeHostAndBea } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { scheduleMeeting } from './pages/meetings-page';

// The admin screen's chat sections as an admin uses them: a webhook for Discord that hears two of the club's
// events, and the club's Matrix room, each against a receiver on 127.0.0.1 shaped like the real one; the
// homeserver switched off and on again and "Try again now"; the hook edited and given a new secret.

const TOKEN = 'syt_aGFuYQ_secretTokenOfTheClubBot_0x1';
const ROOM = '!riverside:example.org';

test('an admin adds a Discord webhook and the Matrix room; the events they chose reach them signed, and the page says how deliveries go', async ({ page }) => {
  test.setTimeout(90_000);
  const discord = await startReceiver(() => ({ status: 204 }));
  let homeserver: FakeReceiver = await startHomeserver({ token: TOKEN, rooms: [ROOM] });
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
    const discordToken = 'dIsCoRdToKeN0123456789abcdefghij';
    await address.fill(`${discord.url}/api/webhooks/1234/${discordToken}`);
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
    // Its address is its token: the page shows it masked.
    await expect(hook).toContainText(`${discord.url}/api/webhooks/1234/…`);
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
    // The homeserver is asked first: a wrong token is named on its field, in the homeserver's words.
    await matrixForm.getByRole('textbox', { name: 'Room id' }).fill(ROOM);
    await matrixForm.getByLabel('Access token').fill('syt_not_the_token');
    await matrixForm.getByRole('button', { name: 'Save the room' }).click();
    await expect(matrixForm.getByText('The homeserver refused this access token.')).toBeVisible();
    await matrixForm.getByLabel('Access token').fill(TOKEN);
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
    const sends = () => homeserver.received.filter((request) => request.method === 'PUT');
    await expect.poll(() => sends().length, { timeout: 15_000 }).toBe(2);

    const [roundStarted, meetingScheduled] = discord.received;
    expect(JSON.parse(roundStarted!.body).content).toContain('Autumn reads');
    expect(JSON.parse(meetingScheduled!.body).content).toContain('The Lantern café');
    for (const delivery of discord.received) expect(signedWith(delivery, secret)).toBe(true);
    for (const message of sends()) {
      expect(message.method).toBe('PUT');
      expect(message.path).toMatch(/^\/_matrix\/client\/v3\/rooms\/!riverside%3Aexample\.org\/send\/m\.room\.message\/[^/?]+$/);
      expect(message.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(message.path).not.toContain(TOKEN);
    }
    expect(JSON.parse(sends()[0]!.body)).toMatchObject({ msgtype: 'm.notice', 'm.mentions': {}, body: expect.stringContaining('Autumn reads') });

    // The page says they went through once it is opened again.
    await page.reload();
    await expect(hooks.getByTestId('webhook').getByTestId('delivery-status')).toContainText('Delivered');
    await expect(matrix.getByTestId('delivery-status')).toContainText('Delivered');
    expect((await Promise.all(answers)).join('\n')).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(TOKEN);

    // The hook edited (meetings no more) and given a new secret.
    await hook.getByRole('button', { name: 'Edit' }).click();
    const edit = hook.getByTestId('edit-webhook-form');
    await edit.getByRole('checkbox', { name: 'A meeting is scheduled' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(app.toast('Webhook saved; what waits goes now')).toBeVisible();
    await expect(hook).toContainText('Discord · A round starts');
    await expect(edit).toHaveCount(0);
    await hook.getByRole('button', { name: 'New secret' }).click();
    await page.getByRole('dialog', { name: 'Give this webhook a new secret?' }).getByRole('button', { name: 'New secret' }).click();
    await expect(app.toast('The webhook has a new secret')).toBeVisible();
    await expect(secretAlert.getByTestId('webhook-secret-value')).not.toHaveText(secret);
    const renewed = (await secretAlert.getByTestId('webhook-secret-value').textContent())!.trim();
    expect(renewed).toMatch(/^whsec_/);

    // The homeserver switched off: the page says the room waits, and why; switched on, "Try again now" delivers.
    const port = Number(new URL(homeserver.url).port);
    await homeserver.close();
    await scene.admin.startRound({ topic: 'Themes', title: 'Winter themes', description: null });
    await expect.poll(() => discord.received.length, { timeout: 15_000 }).toBe(3);
    expect(signedWith(discord.received[2]!, renewed)).toBe(true);
    expect(signedWith(discord.received[2]!, secret)).toBe(false);
    // The admin looks again (the page asks every 5 s only while something waits).
    await page.reload();
    const matrixStatus = matrix.getByTestId('delivery-status');
    await expect(matrixStatus).toHaveAttribute('data-state', 'waiting', { timeout: 15_000 });
    await expect(matrixStatus.getByTestId('delivery-reason')).toContainText('ECONNREFUSED', { timeout: 10_000 });
    homeserver = await startHomeserver({ token: TOKEN, rooms: [ROOM], port });
    await matrixStatus.getByRole('button', { name: 'Try again now' }).click();
    await expect(matrixStatus).toHaveAttribute('data-state', 'delivered', { timeout: 5_000 });
    await expect.poll(() => sends().length).toBe(1);
    expect(await page.content()).not.toContain(discordToken);

    // Removing the hook asks first; nothing more goes to it.
    await hook.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this webhook?' });
    await expect(dialog).toContainText(discord.url);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(hooks.getByTestId('webhook')).toHaveCount(0);
    await scheduleMeeting(scene.admin, { startsAt: new Date(Date.now() + 14 * 86_400_000).toISOString(), place: 'The Old Mill' });
    await expect.poll(() => sends().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(discord.received).toHaveLength(3);
  } finally {
    await club.stop();
    await discord.close();
    await homeserver.close();
  }
});
