import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import type { Post } from '../shared/api/discussions';
import { ClubApi } from './club-api';
import { startClubServer, type ClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost, signedInMember } from './host-fixtures';
import { addMember } from './members';
import { ClubApp } from './pages/club-app';

// The host's console in the browser: addresses with QR codes a phone can read, a whole-club backup
// downloaded while the club is in use and restored on another computer's fresh club, and nobody but an
// admin getting in.

/** Reads the QR code a page shows, as a phone's camera would: from the pixels on screen. */
async function decodeQr(image: Locator): Promise<string | null> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** This computer's addresses on its networks, on the club's port: what the host page must list. */
function lanAddresses(port: string): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a.address}:${port}`);
}

test('an admin sees every address members can open, each with a QR code that decodes to it, and prints a join sheet', async ({ browser }) => {
  const club = await startClubServer({ HOST: '0.0.0.0', PUBLIC_URL: 'https://club.riverside.test' });
  try {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const app = new ClubApp(page, club.url);

    // First start, on the host's own computer: the addresses and the setup code, before any account.
    const port = new URL(club.url).port;
    const expected = ['https://club.riverside.test', ...lanAddresses(port)];
    await app.goto('/admin/host');
    const welcome = page.getByTestId('host-setup-welcome');
    await expect(welcome).toBeVisible();
    await expect(welcome.getByTestId('setup-code-value')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(welcome.getByTestId('host-address')).toHaveCount(expected.length);
    await expect(welcome.getByTestId('set-up-club')).toBeVisible();

    await setUpAsHost(club);
    await app.signInAs(ADMIN);
    await app.goto('/admin');
    await page.getByRole('link', { name: 'Host page' }).click();
    await expect(page).toHaveURL(/\/admin\/host$/);
    const cards = page.getByTestId('host-address');
    await expect(cards).toHaveCount(expected.length);
    await expect(page.getByTestId('address-url')).toHaveText(expected);
    for (let i = 0; i < expected.length; i++) {
      const card = cards.nth(i);
      expect(await decodeQr(card.getByTestId('address-qr'))).toBe(expected[i]);
      await expect(card.getByTestId('address-qr')).toHaveAttribute('alt', `QR code for ${expected[i]}`);
    }

    // Copy puts the address on the clipboard.
    const lan = cards.nth(expected.length - 1);
    await lan.getByTestId('copy-address').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.at(-1));

    // The join sheet: the club's name, a large QR code and the address.
    await lan.getByTestId('print-join-sheet').click();
    const sheet = page.getByTestId('join-sheet');
    await expect(sheet).toContainText('Riverside Readers');
    await expect(sheet.getByTestId('join-sheet-address')).toHaveText(expected.at(-1)!);
    expect(await decodeQr(sheet.getByRole('img'))).toBe(expected.at(-1));
    await context.close();
  } finally {
    await club.stop();
  }
});

/** Bea's avatar, uploaded through the API as her browser would. */
async function uploadAvatar(club: ClubServer, member: ClubApi): Promise<string> {
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bea.png');
  const response = await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` }, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { avatarUrl: string }).avatarUrl;
}

async function restartedAndSignedOut(page: Page) {
  await expect(page.getByTestId('club-restarting')).toBeVisible();
  // The page loads the restored club afresh once it answers.
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

test('a backup downloaded while a member posts restores on a second, fresh club: posts, votes and avatars as they were', async ({
  app,
  page,
  club,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await setUpAsHost(club);
  const bea = await signedInMember(club, 'Bea Reader');
  const cyril = await signedInMember(club, 'Cyril Novák');
  const round = await admin.startRound({ topic: 'Books', title: 'Winter reads' });
  const discussionId = round.bookDiscussionId!;
  const solaris = await bea.suggest(discussionId, { title: 'Solaris', author: 'Stanisław Lem', pageCount: 204, text: 'An ocean that thinks.' });
  const piranesi = await cyril.suggest(discussionId, { title: 'Piranesi', author: 'Susanna Clarke', pageCount: 245, text: 'A house of endless halls.' });
  const pollId = (await admin.closeDiscussion(discussionId)).poll!.pollId;
  await bea.vote(pollId, [solaris.postId]);
  await cyril.vote(pollId, [solaris.postId, piranesi.postId]);
  const avatarUrl = await uploadAvatar(club, bea);
  const avatarBytes = Buffer.from(await (await fetch(club.url + avatarUrl)).arrayBuffer());
  const noticeboard = await admin.call<{ noticeboard: string }>('POST', '/api/admin/noticeboard', { text: 'Meet on **Thursday**.' });
  expect(noticeboard.noticeboard).toBe('Meet on **Thursday**.');
  // Another discussion Bea keeps writing in while the host backs the club up.
  const chat = await admin.startRound({ topic: 'Themes', title: 'Themes for spring' });
  const answered: { postId: number; at: number }[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 1; writing; n++) {
      const post = await bea.suggest(chat.themeDiscussionId!, { title: `Theme ${n}`, text: `Idea number ${n}.` });
      answered.push({ postId: post.postId, at: Date.now() });
    }
  })();

  await app.signInAs(ADMIN);
  await app.goto('/admin/host');
  await expect(page.getByTestId('host-page')).toBeVisible();
  await expect.poll(() => answered.length).toBeGreaterThan(3);
  const downloadStarted = Date.now();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-backup').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bookclub-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const backupFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-download-')), download.suggestedFilename());
  await download.saveAs(backupFile);
  writing = false;
  await writer;
  await expect(page.getByTestId('last-backup')).not.toContainText(/never|nikdy/i);
  const postedBefore = answered.filter((post) => post.at < downloadStarted).map((post) => post.postId);
  expect(postedBefore.length).toBeGreaterThan(3);

  // Another computer: a fresh club, its own first admin, who restores the backup by upload.
  const second = await startClubServer({ SITE_NAME: 'New Home Readers' });
  try {
    await ClubApi.setUpFirstAdmin(second, 'newhost@riverside.test', 'a fresh start 99');
    const context = await browser.newContext();
    const secondPage = await context.newPage();
    const secondApp = new ClubApp(secondPage, second.url);
    await secondApp.signInAs({ email: 'newhost@riverside.test', password: 'a fresh start 99' });
    await secondApp.goto('/admin/host');
    const form = secondPage.getByTestId('restore-form');
    // As a person does: the button opens the system's file chooser.
    const choosing = secondPage.waitForEvent('filechooser');
    await form.getByTestId('restore-file').click();
    await (await choosing).setFiles(backupFile);
    await expect(form.getByTestId('restore-file')).toContainText(path.basename(backupFile));
    // A wrong name is refused by the server as well as the page: nothing changes, what was typed stays.
    await form.getByTestId('restore-club-name').fill('New Home Reader');
    await expect(form.getByTestId('restore-submit')).toBeDisabled();
    await form.getByTestId('restore-club-name').fill('new home readers');
    await form.getByTestId('restore-submit').click();
    await restartedAndSignedOut(secondPage);

    // The restored club: Riverside's accounts, posts, votes and avatars; its host signs in with her own password.
    await secondApp.signInAs(ADMIN);
    await secondApp.goto(`/navrhy/${discussionId}`);
    await expect(secondPage.getByText('Solaris').first()).toBeVisible();
    await expect(secondPage.getByText('Piranesi').first()).toBeVisible();
    const restoredChat = await (await ClubApi.signIn(second, ADMIN.email, ADMIN.password)).discussion(chat.themeDiscussionId!);
    const restoredIds = new Set(restoredChat.posts.map((post: Post) => post.postId));
    for (const postId of postedBefore) expect(restoredIds.has(postId), `post ${postId} answered before the backup began`).toBe(true);
    const poll = await (await ClubApi.signIn(second, ADMIN.email, ADMIN.password)).poll(pollId);
    expect(poll.poll.results.alreadyVoted).toHaveLength(2);
    // Bea's session from the first club is valid on the second: the token secret came along.
    const beaOnSecond = async () => (await fetch(`${second.url}/api/polls/${pollId}`, { headers: { Authorization: `Bearer ${bea.token}` } })).status;
    expect(await beaOnSecond()).toBe(200);
    const served = await fetch(second.url + avatarUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(avatarBytes);
    await secondApp.goto('/my');
    await expect(secondPage.locator(`img[src="${avatarUrl}"]`).first()).toBeVisible();

    // The host page says once what came back with the backup, and ends every session and feed at one click:
    // Bea's session from the first club ends, the host's page stays signed in.
    await secondApp.goto('/admin/host');
    const notice = secondPage.getByTestId('restored-notice');
    await expect(notice.getByTestId('restored-brings-back')).toContainText('calendar feed links are those of the backup');
    await notice.getByTestId('restored-end-all').click();
    await secondPage.getByRole('dialog').getByRole('button', { name: 'End them all' }).click();
    await expect(notice.getByTestId('restored-all-ended')).toBeVisible();
    expect(await beaOnSecond()).toBe(401);
    await secondPage.reload();
    await expect(secondPage.getByTestId('host-page')).toBeVisible();
    await expect(secondPage.getByTestId('restored-notice')).toHaveCount(0);
    await context.close();
  } finally {
    await second.stop();
    fs.rmSync(path.dirname(backupFile), { recursive: true, force: true });
  }
});

test('a member who is not an admin gets 403 on every host route, and the page says it is for admins', async ({ app, page, club }) => {
  await setUpAsHost(club);
  const moderator = await addMember(club, { name: 'Mona Moderator', moderator: true });
  const bea = await addMember(club, { name: 'Bea Reader' });
  for (const account of [bea, moderator]) {
    const api = await ClubApi.signIn(club, account.email, account.password);
    const auth = { Authorization: `Bearer ${api.token}` };
    const form = new FormData();
    form.append('backup', new Blob([new Uint8Array([0x1f, 0x8b, 0, 0])]), 'club.tar.gz');
    const answers = await Promise.all([
      fetch(`${club.url}/api/host`, { headers: auth }),
      fetch(`${club.url}/api/host/setup`, { headers: auth }),
      fetch(`${club.url}/api/host/backup`, { headers: auth }),
      fetch(`${club.url}/api/host/mail/retry`, { method: 'POST', headers: auth }),
      fetch(`${club.url}/api/host/restore?clubName=Riverside%20Readers`, { method: 'POST', headers: auth, body: form }),
    ]);
    // The setup details are over once the club has an admin, for anyone: a conflict, not a role.
    expect(answers.map((answer) => answer.status)).toEqual([403, 409, 403, 403, 403]);
  }
  await app.signInAs(bea);
  await app.goto('/admin/host');
  await expect(page.getByTestId('host-admins-only')).toBeVisible();
  await expect(page.getByTestId('host-page')).toHaveCount(0);
});
