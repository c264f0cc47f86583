import fs from 'node:fs';
import { ClubApi } from './club-api';
import { ADMIN, expect, test } from './fixtures';
import { addMember, setMemberName } from './members';
import { AdminPage } from './pages/admin-page';
import { SetupPage } from './pages/setup-page';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of account access (test-results/screenshots/access-*): the admin's disable controls and the
// setup form's code field; the assertions guard the basics of each layout.
const shoot = screenshotter('access', { scrollThrough: false });

/** The server's own error detail in a language (its catalogue, read as the server reads it). */
function serverDetail(lang: string, key: string): string {
  const catalogue = JSON.parse(fs.readFileSync(new URL(`../shared/locales/${lang}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;
  return catalogue[key]!;
}

for (const width of [1280, 390]) {
  test(`the admin's disable controls at ${width} px, in English and Slovak`, async ({ app, page, club }) => {
    test.setTimeout(120_000);
    await ClubApi.setUpFirstAdmin(club, ADMIN.email, ADMIN.password);
    setMemberName(club, ADMIN.email, 'Hana Host');
    await addMember(club, { name: 'Cyril Novák', moderator: true });
    await addMember(club, { name: 'Bea Reader' });
    const dana = await addMember(club, { name: 'Dana Kováčová' });
    await addMember(club, { name: 'Eva Horváthová' });
    const adminApi = await ClubApi.signIn(club, ADMIN.email, ADMIN.password);
    await adminApi.call('POST', `/api/admin/disable/${encodeURIComponent(dana.email)}`);

    await signInAsAdmin(app, width);
    const admin = new AdminPage(app);
    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await admin.goto();
      await expect(page.getByTestId('admin-member')).toHaveCount(5);
      await expect(admin.member('Dana Kováčová').getByTestId('disabled-badge')).toBeVisible();
      await expect(admin.member('Dana Kováčová').getByTestId('enable')).toBeVisible();
      // Everyone but the admin herself and the disabled account can be disabled.
      await expect(admin.members.getByTestId('disable')).toHaveCount(3);
      await shoot(page, 'admin-members', lang, width);

      await admin.member('Bea Reader').getByTestId('disable').click();
      await expect(page.getByRole('dialog')).toContainText('Bea Reader');
      await shoot(page, 'admin-disable-confirm', lang, width);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: lang === 'en' ? 'Cancel' : 'Zrušiť' })
        .click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  });

  test(`the setup code at ${width} px, in English and Slovak`, async ({ app, page }) => {
    await page.setViewportSize({ width, height: 900 });
    const setup = new SetupPage(app);
    await setup.actAsAnotherMachine();
    for (const lang of LANGS) {
      await setup.goto();
      if (lang === 'sk') await app.switchLanguage('Slovenčina');
      await expect(setup.code).toBeVisible();
      await shoot(page, 'setup-code', lang, width);

      // A wrong code, answered as the server answers another machine.
      const detail = serverDetail(lang, 'setupCodeWrong');
      await page.route('**/api/accounts/registerfirstadmin', (route) =>
        route.fulfill({ status: 403, contentType: 'application/problem+json', json: { status: 403, title: 'Forbidden', detail } }),
      );
      await setup.fill({ code: 'WRONG-CODE', email: ADMIN.email, password: ADMIN.password });
      await setup.submit();
      await expect(setup.form.getByText(detail)).toBeVisible();
      await shoot(page, 'setup-code-refused', lang, width);
      await page.unroute('**/api/accounts/registerfirstadmin');
    }
  });
}
