import { ADMIN, expect, test } from './fixtures';
import { arrangeMembers } from './member-fixtures';
import { ClubApp } from './pages/club-app';
import { PasswordResetPage } from './pages/password-reset-page';
import { serveCovers } from './round-fixtures';
import { LANGS, screenshotter, signInAsAdmin } from './screenshots';

// Screenshots of the members' screens (test-results/screenshots/members-*); the assertions guard the basics
// of each layout.
const shoot = screenshotter('members', { scrollThrough: false });

for (const width of [1280, 390]) {
  test(`the members' screens at ${width} px, in English and Slovak`, async ({ app, page, club, browser }) => {
    test.setTimeout(240_000);
    const scene = await arrangeMembers(club);
    await serveCovers(page);
    await signInAsAdmin(app, width);
    const bea = scene.emails['Bea Reader']!;

    for (const lang of LANGS) {
      if (lang === 'sk') await app.switchLanguage('Slovenčina');

      await app.visit('/my');
      await expect(page.getByTestId('user-card')).toHaveCount(5);
      await shoot(page, 'users', lang, width);

      await app.visit(`/my/${encodeURIComponent(bea)}`);
      await expect(page.getByTestId('review')).toHaveCount(2);
      await shoot(page, 'profile-view', lang, width);

      await app.visit(`/my/${encodeURIComponent(ADMIN.email)}`);
      await expect(page.getByTestId('my-settings')).toBeVisible();
      await shoot(page, 'profile-own', lang, width);

      await app.visit(`/my/${encodeURIComponent(ADMIN.email)}/edit`);
      await expect(page.getByTestId('profile-form')).toBeVisible();
      await page.getByTestId('profile-form').getByRole('textbox').nth(2).fill('https://example.com/hana');
      await page
        .getByTestId('profile-form')
        .getByRole('button', { name: lang === 'en' ? 'Save' : 'Uložiť' })
        .click();
      await expect(page.getByTestId('profile-form').locator('.mantine-InputWrapper-error')).toBeVisible();
      await shoot(page, 'profile-edit', lang, width);

      await app.visit(`/my/${encodeURIComponent(bea)}/edit`);
      await expect(page.getByTestId('profile-form').getByRole('switch')).toBeVisible();
      await shoot(page, 'profile-edit-other', lang, width);

      await app.visit('/admin');
      await expect(page.getByTestId('admin-bots')).toBeVisible();
      await expect(page.getByTestId('admin-member')).toHaveCount(5);
      await shoot(page, 'admin-admin', lang, width);
    }

    // A moderator who is not an admin.
    const modContext = await browser.newContext({ viewport: { width, height: 900 } });
    const mod = new ClubApp(await modContext.newPage(), club.url);
    await mod.goto('/');
    await mod.signIn(scene.emails['Cyril Novák']!, scene.memberPassword);
    await expect(mod.page.getByTestId('member-home')).toBeVisible();
    for (const lang of LANGS) {
      if (lang === 'sk') await mod.switchLanguage('Slovenčina');
      await mod.visit('/admin');
      await expect(mod.page.getByTestId('admin-noticeboard')).toBeVisible();
      await expect(mod.page.getByTestId('admin-bots')).toHaveCount(0);
      await shoot(mod.page, 'admin-moderator', lang, width);
    }
    await modContext.close();

    // A visitor: asking for a link, the answer, and a link that no longer works.
    const visitorContext = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = new ClubApp(await visitorContext.newPage(), club.url);
    const reset = new PasswordResetPage(visitor);
    for (const lang of LANGS) {
      await visitor.goto('/');
      if (lang === 'sk') await visitor.switchLanguage('Slovenčina');
      await reset.goto();
      await shoot(visitor.page, 'reset-start', lang, width);
      await visitor.page.getByTestId('reset-start-form').getByRole('textbox').fill('someone@riverside.test');
      await visitor.page.getByTestId('reset-start-form').getByRole('button').click();
      await expect(reset.mailSent).toBeVisible();
      await shoot(visitor.page, 'reset-sent', lang, width);
      await reset.goto('/passwordreset/0b7e5c1e-0000-4000-8000-000000000000/expired-token');
      const inputs = visitor.page.getByTestId('reset-finish-form').locator('input[type="password"]');
      await inputs.nth(0).fill('a new password');
      await inputs.nth(1).fill('a new password');
      await visitor.page
        .getByTestId('reset-finish-form')
        .getByRole('button', { name: lang === 'en' ? 'Set the password' : 'Nastaviť heslo' })
        .click();
      await expect(reset.refusal).toBeVisible();
      await shoot(visitor.page, 'reset-refused', lang, width);
    }
    await visitorContext.close();
  });
}
