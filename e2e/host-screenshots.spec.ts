import { startClubServer } from './club-server';
import { ADMIN, expect, test } from './fixtures';
import { setUpAsHost, signedInMember } from './host-fixtures';
import { ClubApp } from './pages/club-app';
import { LANGS, screenshotter } from './screenshots';

// Screenshots of the host's console (test-results/screenshots/host-*): the welcome on first start, the
// host page with its QR codes, mail failing, a refused restore and the notice after a restore, and the printable
// join sheet.
const shoot = screenshotter('host');

for (const width of [1280, 390]) {
  test(`the host page at ${width} px, in English and Slovak`, async ({ browser }) => {
    test.setTimeout(120_000);
    // Every interface (the LAN addresses), a public address, and a mail server nobody answers at.
    const club = await startClubServer({ HOST: '0.0.0.0', PUBLIC_URL: 'https://club.riverside.test', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const app = new ClubApp(page, club.url);

      await app.goto('/admin/host');
      await expect(page.getByTestId('host-setup-welcome')).toBeVisible();
      await expect(page.getByTestId('address-qr').first()).toBeVisible();
      await shoot(page, 'welcome', 'en', width);

      const admin = await setUpAsHost(club);
      await signedInMember(club, 'Bea Reader');
      await admin.call('POST', '/api/admin/registeruser', { email: 'new.reader@riverside.test', name: 'New Reader' });
      await app.signInAs(ADMIN);
      for (const lang of LANGS) {
        if (lang === 'sk') await app.switchLanguage('Slovenčina');
        await app.goto('/admin/host');
        await expect(page.getByTestId('host-state')).toBeVisible();
        await expect(page.getByTestId('address-qr').first()).toBeVisible();
        await expect(page.getByTestId('mail-last-error')).toBeVisible({ timeout: 20_000 });
        await shoot(page, 'page', lang, width);

        // A file that is not a backup: refused beside the form, which keeps what was typed.
        const form = page.getByTestId('restore-form');
        const choosing = page.waitForEvent('filechooser');
        await form.getByTestId('restore-file').click();
        await (await choosing).setFiles({ name: 'holiday-photos.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('not a backup at all') });
        await form.getByTestId('restore-club-name').fill('Riverside Readers');
        await form.getByTestId('restore-submit').click();
        await expect(page.getByTestId('restore-error')).toBeVisible();
        await expect(form.getByTestId('restore-club-name')).toHaveValue('Riverside Readers');
        await shoot(page, 'restore-refused', lang, width);

        // The page after a restore (as the restore leaves it in the tab): what came back with the backup, and
        // the button that ends every session and calendar feed.
        await page.evaluate(() =>
          sessionStorage.setItem('bookclub.restoredNotice', JSON.stringify({ createdAt: '2026-11-20T18:30:00.000Z', sessionsKept: true })),
        );
        await page.reload();
        await expect(page.getByTestId('restored-end-all')).toBeVisible();
        await shoot(page, 'restored', lang, width);

        await page.getByTestId('print-join-sheet').first().click();
        await expect(page.getByTestId('join-sheet')).toBeVisible();
        await shoot(page, 'join-sheet', lang, width);
      }
      await context.close();
    } finally {
      await club.stop();
    }
  });
}
