import { ADMIN, expect, test } from './fixtures';

test('a host sets up the club, signs in, signs out and signs in again from the inline form', async ({ app, page }) => {
  await app.goto('/');
  await expect(page.getByText('This club is not set up yet')).toBeVisible();
  await page.getByRole('link', { name: 'Set up the club' }).click();
  await expect(page).toHaveURL(/\/setup$/);

  await app.setUpClub(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(app.baseUrl + '/');
  await expect(app.toast(/Your club is ready/)).toBeVisible();
  // The login form opens with the new admin's email filled in.
  await expect(app.loginEmail).toHaveValue(ADMIN.email);
  await expect(page.getByText('This club is not set up yet')).toHaveCount(0);

  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(app.toast('Welcome Back')).toBeVisible();
  await expect(page.getByTestId('member-home')).toBeVisible();
  // Set up without a name, the admin is named after the email's local part (as Obskurnee names such accounts).
  await expect(page.getByRole('heading', { name: 'Hello, host!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Me', exact: true })).toHaveAttribute('href', `/my/${encodeURIComponent(ADMIN.email)}`);
  // An admin sees every link, Admin among them.
  for (const name of ['Home', 'Books', 'Voting', 'Recommendations', 'About us', 'Search', 'Admin']) {
    await expect(app.mainNav.getByRole('link', { name, exact: true })).toBeVisible();
  }

  await app.signOut();
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await expect(app.loginForm).toBeHidden();
  await expect(app.mainNav.getByRole('link')).toHaveText(['Home']);

  // Signing in also opens the live-update connection.
  const hubSocket = page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  expect((await hubSocket).isClosed()).toBe(false);

  // A reload restores the session from the stored token.
  await page.reload();
  await expect(page.getByTestId('member-home')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeTruthy();
});

test("setup a second time shows the server's reason", async ({ app, page }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(app.baseUrl + '/');
  await app.setUpClub('someone@riverside.test', 'another password');
  await expect(app.toast(/already set up/)).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByLabel(/Admin's email/)).toHaveValue('someone@riverside.test');
});

test('a wrong password says so and keeps what was typed; cancel clears and hides the form', async ({ app }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  await app.signIn(ADMIN.email, 'not the password');
  await expect(app.toast('Login failed :(')).toBeVisible();
  await expect(app.toast('Wrong email or password.')).toBeVisible();
  await expect(app.loginEmail).toHaveValue(ADMIN.email);

  await app.loginForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.loginForm).toBeHidden();
  await app.openLoginForm();
  await expect(app.loginEmail).toHaveValue('');
  await expect(app.loginPassword).toHaveValue('');
});

test('the forgotten-password button goes to password reset', async ({ app, page }) => {
  await app.goto('/');
  await app.openLoginForm();
  await app.loginForm.getByRole('button', { name: 'Forgotten password' }).click();
  await expect(page).toHaveURL(/\/passwordreset$/);
  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
});

test('a deep link to a protected page sends a visitor home, and signing in goes there', async ({ app, page }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  await app.goto('/navrhy/3');
  await expect(page).toHaveURL(app.baseUrl + '/?nextUrl=%2Fnavrhy%2F3');
  await expect(page.getByTestId('visitor-home')).toBeVisible();
  await expect(app.loginForm).toBeVisible();

  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(app.baseUrl + '/navrhy/3');
  // The club has no discussion 3 yet: the page says so under its title.
  await expect(page.getByRole('heading', { name: 'Discussion' })).toBeVisible();
  await expect(page.getByTestId('load-failed')).toBeVisible();

  // Signed in, a reload on a deep link is answered by the app.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discussion' })).toBeVisible();
});

test('nextUrl never leads off the club', async ({ app, page }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  await app.goto('/?nextUrl=%2F%2Fevil.example%2F');
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  await expect(page).toHaveURL(new RegExp('^' + app.baseUrl));
});

test('the interface switches to Slovak live and stays Slovak after a reload', async ({ app, page }) => {
  await app.goto('/');
  await app.switchLanguage('Slovenčina');
  await expect(app.toast('Jazyk bol zmenený')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vitajte v klube Riverside Readers' })).toBeVisible();
  await expect(page.getByTestId('login-toggle')).toHaveText('Prihlásiť');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Vitajte v klube Riverside Readers' })).toBeVisible();
  await app.switchLanguage('English');
  await expect(page.getByRole('heading', { name: 'Welcome to Riverside Readers' })).toBeVisible();
});

test('on a phone the menu collapses behind a button and closes on every route change', async ({ app, page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await app.setUpClub(ADMIN.email, ADMIN.password);
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  const mobileNav = app.mobileNav;
  await expect(app.mainNav).toBeHidden();
  await expect(mobileNav).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(mobileNav).toBeInViewport();
  await mobileNav.getByRole('link', { name: 'Books' }).click();
  await expect(page).toHaveURL(/\/knihy$/);
  await expect(mobileNav).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
