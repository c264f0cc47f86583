import sharp from 'sharp';
import { mailCount, passwordResetPath, waitForMail } from '../server/test-support/mail-reader';
import { ClubApi } from './club-api';
import { ADMIN, expect, test } from './fixtures';
import { addMember, setMemberName } from './members';
import { AdminPage } from './pages/admin-page';
import { ClubApp } from './pages/club-app';
import { PasswordResetPage } from './pages/password-reset-page';
import { ProfilePage, UsersPage } from './pages/users-page';

const BEA = { email: 'bea@riverside.test', name: 'Bea Reader', password: 'slow books forever' };

/** A small photo-like JPEG, made here so the test needs no fixture file. */
function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 122, g: 46, b: 59 } } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f3dde1"/></svg>`) },
    ])
    .jpeg()
    .toBuffer();
}

// Issue 4's "Done when": a moderator invites a member, who sets a password from the mail and makes the profile theirs.
test('a moderator registers a member, who sets a password from the invitation and fills in the profile', async ({ app, page, club, browser }) => {
  test.setTimeout(120_000);
  await app.setUpClub(ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();

  // The moderator registers Bea on the admin screen; the form says what is missing first.
  const admin = new AdminPage(app);
  await app.mainNav.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByTestId('admin-noticeboard')).toBeVisible();
  await admin.register.getByRole('button', { name: 'Register and invite' }).click();
  await expect(admin.register.getByText('Please enter an email address.')).toBeVisible();
  await admin.registerMember(BEA.email, BEA.name);
  await expect(app.toast('User created')).toBeVisible();
  await expect(page.getByTestId('invitation-sent')).toContainText(BEA.email);
  await expect(admin.member(BEA.name).getByRole('button', { name: 'Make moderator' })).toBeVisible();
  // New members start on the main newsletter.
  await expect(admin.subscribers('basicevents')).toContainText(BEA.name);
  // The same email twice: the server's reason.
  await admin.registerMember(BEA.email, 'Someone Else');
  await expect(app.toast('Someone already uses this email address.')).toBeVisible();

  // Bea opens the link from her invitation in a browser of her own.
  const mail = await waitForMail(club, BEA.email);
  expect(mail.subject).toContain('invited');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = new ClubApp(memberPage, club.url);
  const reset = new PasswordResetPage(member);
  await reset.goto(passwordResetPath(mail));
  await expect(memberPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await reset.setPassword(BEA.password, 'slow books forevr');
  await expect(reset.finishForm.getByText('The passwords do not match.')).toBeVisible();
  await reset.setPassword(BEA.password);
  await expect(member.toast('Changed')).toBeVisible();
  await expect(memberPage).toHaveURL(club.url + '/');
  await expect(member.loginForm).toBeVisible();
  await member.signIn(BEA.email, BEA.password);
  await expect(memberPage.getByRole('heading', { name: 'Hello, Bea Reader!' })).toBeVisible();

  // Home says what the profile lacks; its link opens the profile's edit mode.
  await expect(memberPage.getByText('Missing: phone, about me, Goodreads link.')).toBeVisible();
  await memberPage.getByRole('link', { name: 'Complete your profile' }).click();
  await expect(memberPage).toHaveURL(`${club.url}/my/${encodeURIComponent(BEA.email)}/edit`);
  const profile = new ProfilePage(member);
  await expect(profile.form).toBeVisible();
  await expect(profile.field('Name')).toHaveValue(BEA.name);
  // A member does not decide whether they take part: that switch is for moderators.
  await expect(profile.form.getByRole('switch')).toHaveCount(0);

  // A link that is neither Goodreads nor StoryGraph is refused beside the field; what was typed stays.
  await profile.fill({ phone: '+421 900 123 456', goodreadsUrl: 'https://example.com/bea', aboutMe: 'I read **slow** books, mostly at night.' });
  await profile.save();
  await expect(profile.form.getByText('Enter a link to your Goodreads or StoryGraph profile')).toBeVisible();
  await expect(profile.field('About me')).toHaveValue('I read **slow** books, mostly at night.');
  await profile.fill({ goodreadsUrl: 'https://www.goodreads.com/user/show/42-bea' });
  await profile.save();
  await expect(member.toast('Updated')).toBeVisible();
  await expect(memberPage).toHaveURL(`${club.url}/my/${encodeURIComponent(BEA.email)}`);
  await expect(profile.view).toContainText('+421 900 123 456');
  await expect(memberPage.getByTestId('profile-bio').locator('strong')).toHaveText('slow');
  await expect(memberPage.getByTestId('profile-reading-link')).toHaveAttribute('href', 'https://www.goodreads.com/user/show/42-bea');
  await expect(memberPage.getByTestId('profile-reading-link')).toHaveText('Goodreads profile');

  // Back to editing with the icon: a new picture, cropped by the server to 100 x 100.
  await profile.modeToggle.click();
  await expect(profile.form).toBeVisible();
  await profile.uploadAvatar({ name: 'not-a-picture.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a JPEG') });
  await expect(memberPage.getByTestId('avatar-error')).toHaveText('That file is not a JPEG, PNG, WebP or GIF image.');
  await profile.uploadAvatar({ name: 'bea.jpg', mimeType: 'image/jpeg', buffer: await jpeg(400, 300) });
  await expect(member.toast('Your new picture is saved')).toBeVisible();
  await expect(memberPage.getByTestId('avatar-error')).toHaveCount(0);
  const picture = profile.avatar.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/images\/avatars\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([100, 100]);

  // What she reads now: added and removed here, the rest arranged through the API.
  await profile.addReading('Piranesi', 'Susanna Clarke');
  await profile.addReading('A book I gave up on');
  await profile.readingEntry('A book I gave up on').getByRole('button', { name: 'Remove A book I gave up on' }).click();
  await expect(profile.readingEntry('A book I gave up on')).toHaveCount(0);
  const bea = await ClubApi.signIn(club, BEA.email, BEA.password);
  for (const title of ['Solaris', 'Middlemarch', 'Klara and the Sun', 'The Remains of the Day']) {
    await bea.call('POST', '/api/reviews/currentlyreading', { title, author: null });
  }

  // Newsletters, on her own profile: the main news is on already; she takes everything too.
  await expect(profile.newsletter('Main news')).toBeChecked();
  await expect(profile.newsletter('Everything')).not.toBeChecked();
  await profile.newsletter('Everything').click();
  await expect(member.toast('You are subscribed to Everything')).toBeVisible();
  await expect(profile.newsletter('Everything')).toBeChecked();
  expect(await bea.call<string[]>('GET', '/api/newsletters')).toEqual(expect.arrayContaining(['basicevents', 'allevents']));

  // The member list: her picture, bio, four books and "and 1 more".
  const users = new UsersPage(member);
  await users.goto();
  const card = users.card(BEA.name);
  await expect(card.locator('img')).toHaveAttribute('src', /^\/images\/avatars\//);
  await expect(card.getByTestId('user-bio')).toContainText('I read slow books');
  await expect(card.getByTestId('user-reading').getByRole('listitem')).toHaveCount(4);
  await expect(card.getByTestId('reading-more')).toHaveText('and 1 more');
  await expect(users.card('Hana Host').getByTestId('moderator-marker')).toBeVisible();
  await expect(card.getByTestId('moderator-marker')).toHaveCount(0);
  await card.getByRole('link', { name: BEA.name }).click();
  await expect(profile.heading).toHaveText(BEA.name);

  // Her language, chosen on her profile: the interface switches at once, and it sticks to her account.
  await profile.chooseLanguage('Slovenčina');
  await expect(member.toast('Jazyk bol zmenený')).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: 'Vaše nastavenia' })).toBeVisible();
  await expect(memberPage.locator('html')).toHaveAttribute('lang', 'sk');
  expect((await bea.call<{ myProfile: { language: string } }>('GET', '/api/home')).myProfile.language).toBe('sk');
  await memberPage.evaluate(() => localStorage.removeItem('language'));
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Rozčítané' })).toBeVisible();

  // Meanwhile the moderator makes her a moderator, after confirming.
  await admin.goto();
  await admin.promote(BEA.name);
  await expect(app.toast('Bea Reader promoted to mod')).toBeVisible();
  await expect(admin.member(BEA.name)).toContainText('Moderator');
  await expect(admin.subscribers('allevents')).toContainText(BEA.name);
  await memberContext.close();
});

test('a member opening /admin sees the mods-only message', async ({ app, page, club }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  const cyril = await addMember(club, { name: 'Cyril Novák' });
  await app.signIn(cyril.email, cyril.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  await expect(app.mainNav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await app.goto('/admin');
  await expect(page.getByText('Sorry, this is a mods-only area')).toBeVisible();
  await expect(page.getByTestId('admin-page')).toHaveCount(0);
});

test('asking for a reset link says "check your mail" whatever the address; a bad link says why and keeps the password', async ({ app, page, club }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  const dana = await addMember(club, { name: 'Dana Kováčová' });
  const reset = new PasswordResetPage(app);

  // An address nobody has: the same answer, and no mail.
  await app.goto('/');
  await app.openLoginForm();
  await app.loginForm.getByRole('button', { name: 'Forgotten password' }).click();
  await expect(page).toHaveURL(/\/passwordreset$/);
  await reset.askForLink('nobody@riverside.test');
  await expect(app.toast('Check your mail')).toBeVisible();
  await expect(reset.mailSent).toContainText('If nobody@riverside.test belongs to a member');
  await page.waitForTimeout(1000);
  expect(mailCount(club, 'nobody@riverside.test')).toBe(0);

  // A member's address: a link arrives, and it works once.
  await reset.mailSent.getByRole('button', { name: 'Send another link' }).click();
  await reset.askForLink(dana.email);
  await expect(reset.mailSent).toContainText(dana.email);
  const link = passwordResetPath(await waitForMail(club, dana.email));
  await reset.goto(link);
  await reset.setPassword('a brand new password');
  await expect(app.toast('Changed')).toBeVisible();
  await app.signIn(dana.email, 'a brand new password');
  await expect(page.getByRole('heading', { name: 'Hello, Dana Kováčová!' })).toBeVisible();
  await app.signOut();

  // The same link again, or a made-up one: the server's reason, and the typed password stays.
  await reset.goto(link);
  await reset.setPassword('yet another password');
  await expect(reset.refusal).toContainText('This link is invalid, already used or expired.');
  await expect(reset.newPassword).toHaveValue('yet another password');
  await reset.goto(`/passwordreset/${dana.userId}/not-a-real-token`);
  await reset.setPassword('yet another password');
  await expect(reset.refusal).toContainText('This link is invalid, already used or expired.');
  await reset.refusal.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByTestId('reset-start-form')).toBeVisible();
});

test('the noticeboard, and bots for admins only', async ({ app, page, club, browser }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  const cyril = await addMember(club, { name: 'Cyril Novák', moderator: true });
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  const admin = new AdminPage(app);
  await admin.goto();

  // The noticeboard, with a preview, reaches home.
  await admin.noticeboard.getByRole('textbox', { name: 'Noticeboard text' }).fill('Next meeting: **Thursday** at 7 pm.');
  await admin.noticeboard.getByRole('button', { name: 'Preview' }).click();
  await expect(admin.noticeboard.getByTestId('markdown-preview').locator('strong')).toHaveText('Thursday');
  await admin.noticeboard.getByRole('button', { name: 'Save the noticeboard' }).click();
  await expect(app.toast('The noticeboard is saved')).toBeVisible();
  await app.mainNav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('noticeboard').locator('strong')).toHaveText('Thursday');

  // An admin creates a bot; the API's documentation is a link away (served by the server, in a new tab).
  await admin.goto();
  await expect(admin.bots.getByTestId('api-docs-link')).toHaveAttribute('href', '/api/docs');
  await expect(admin.bots.getByTestId('api-docs-link')).toHaveAttribute('target', '_blank');
  await admin.createBot({ email: 'bot@riverside.test', name: 'Reading stats', password: 'short' });
  await expect(admin.bots.getByText('The password needs at least 8 characters.')).toBeVisible();
  await admin.createBot({ email: 'bot@riverside.test', name: 'Reading stats', password: 'a long bot password' });
  await expect(app.toast('Bot created')).toBeVisible();
  await expect(admin.bots.getByTestId('bot')).toContainText('Reading stats');
  await admin.createBot({ email: 'bot@riverside.test', name: 'Another', password: 'a long bot password' });
  await expect(app.toast('Someone already uses this email address.')).toBeVisible();
  // Bots are never members.
  await expect(admin.members).not.toContainText('Reading stats');

  // A moderator who is not an admin has the admin screen without bots.
  const modContext = await browser.newContext();
  const mod = new ClubApp(await modContext.newPage(), club.url);
  await mod.goto('/');
  await mod.signIn(cyril.email, cyril.password);
  await expect(mod.page.getByTestId('member-home')).toBeVisible();
  const modAdmin = new AdminPage(mod);
  await modAdmin.goto();
  await expect(modAdmin.members).toContainText('Hana Host');
  await expect(modAdmin.bots).toHaveCount(0);
  await modContext.close();
});

test("owners edit their own profile, moderators anyone's, and only moderators say who takes part", async ({ app, page, club }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  const cyril = await addMember(club, { name: 'Cyril Novák' });
  const profile = new ProfilePage(app);

  // A member reads someone else's profile, with no way to edit it, even by address.
  await app.signIn(cyril.email, cyril.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  await profile.goto(ADMIN.email, 'edit');
  await expect(profile.heading).toHaveText('Hana Host');
  await expect(profile.modeToggle).toHaveCount(0);
  await expect(profile.form).toHaveCount(0);
  await expect(page.getByTestId('my-settings')).toHaveCount(0);
  await app.signOut();

  // A moderator edits it, and decides whether the member takes part.
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  await profile.goto(cyril.email);
  await expect(page.getByTestId('my-settings')).toHaveCount(0);
  await profile.modeToggle.click();
  await expect(page.getByRole('heading', { name: "Edit Cyril Novák's profile" })).toBeVisible();
  await expect(profile.avatar).toHaveCount(0);
  await profile.fill({ name: '' });
  await profile.save();
  await expect(profile.form.getByText('Please enter a name.')).toBeVisible();
  await profile.fill({ name: 'Cyril N.', aboutMe: 'Cities, mostly.' });
  const active = profile.form.getByRole('switch', { name: 'Takes part in the club' });
  await expect(active).toBeChecked();
  await active.click();
  await profile.save();
  await expect(app.toast('Updated')).toBeVisible();
  await expect(profile.heading).toHaveText('Cyril N.');
  await expect(profile.view).toContainText('Not taking part');
  // No longer active: off the member list.
  const users = new UsersPage(app);
  await users.goto();
  await expect(users.card('Hana Host')).toBeVisible();
  await expect(users.card('Cyril N.')).toHaveCount(0);
});
