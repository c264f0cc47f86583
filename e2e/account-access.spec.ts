import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { addMember, setMemberName } from './members';
import { AdminPage } from './pages/admin-page';
import { ClubApp } from './pages/club-app';
import { SetupPage } from './pages/setup-page';
import { ClubApi } from './club-api';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const ACCOUNT_DISABLED = "This account has been disabled. Ask the club's admin if you think this is a mistake.";

/** The live-update connection never reaches the server: only the member's next request can learn of it. */
async function cutLiveUpdates(page: Page) {
  await page.routeWebSocket(/\/hubs\/events/, () => {});
  await page.route('**/hubs/events/**', (route) => route.abort());
}

/** Waits (at most 15 s) until the page has sent no request to the club, live updates aside, for `ms`. */
async function quietFor(page: Page, ms: number) {
  let last = Date.now();
  const seen = (request: { url(): string }) => {
    if (!request.url().includes('/hubs/events')) last = Date.now();
  };
  page.on('request', seen);
  try {
    for (const giveUp = Date.now() + 15_000; Date.now() - last < ms && Date.now() < giveUp;) await page.waitForTimeout(100);
  } finally {
    page.off('request', seen);
  }
}

test('an admin disables a signed-in member, who is signed out at once and cannot sign in until enabled again', async ({ app, page, club, browser }) => {
  test.setTimeout(90_000);
  await app.setUpClub(ADMIN.email, ADMIN.password);
  setMemberName(club, ADMIN.email, 'Hana Host');
  const bea = await addMember(club, { name: 'Bea Reader' });

  // Bea is signed in, in a browser of her own, with the live-update connection open.
  const memberContext = await browser.newContext();
  const member = new ClubApp(await memberContext.newPage(), club.url);
  await member.goto('/');
  const hubSocket = member.page.waitForEvent('websocket', (ws) => ws.url().includes('/hubs/events'));
  await member.signIn(bea.email, bea.password);
  await expect(member.page.getByTestId('member-home')).toBeVisible();
  await hubSocket;

  // The admin disables her, after a confirmation that names her; nobody is offered to disable themselves.
  await app.signIn(ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('member-home')).toBeVisible();
  const admin = new AdminPage(app);
  await admin.goto();
  await expect(admin.member('Hana Host').getByTestId('disable')).toHaveCount(0);
  await admin.member('Bea Reader').getByTestId('disable').click();
  const dialog = page.getByRole('dialog', { name: "Disable Bea Reader's account?" });
  await expect(dialog).toContainText('Bea Reader will be signed out everywhere at once');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.member('Bea Reader').getByTestId('disabled-badge')).toHaveCount(0);
  await admin.disable('Bea Reader');
  await expect(app.toast("Bea Reader's account is disabled")).toBeVisible();
  await expect(admin.member('Bea Reader').getByTestId('disabled-badge')).toHaveText('Disabled');
  await expect(admin.member('Bea Reader').getByRole('button', { name: 'Make moderator' })).toHaveCount(0);
  await expect(admin.members.getByTestId('members-summary')).toHaveText(/Disabled: 1/);

  // Her live connection closes, and the app signs her out and says so, once.
  await expect(member.toast(SESSION_ENDED)).toHaveCount(1);
  await expect(member.page.getByTestId('visitor-home')).toBeVisible();
  expect(await member.page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  // The login form is open with her email.
  await expect(member.loginEmail).toHaveValue(bea.email);

  // She cannot sign in, and is told why.
  await member.signIn(bea.email, bea.password);
  await expect(member.toast(ACCOUNT_DISABLED)).toBeVisible();
  await expect(member.page.getByTestId('visitor-home')).toBeVisible();

  // The admin enables her again, and she signs in.
  await admin.enable('Bea Reader');
  await expect(app.toast('Bea Reader can sign in again')).toBeVisible();
  await expect(admin.member('Bea Reader').getByTestId('disabled-badge')).toHaveCount(0);
  await expect(admin.member('Bea Reader').getByTestId('disable')).toBeVisible();
  await member.signIn(bea.email, bea.password);
  await expect(member.page.getByRole('heading', { name: 'Hello, Bea Reader!' })).toBeVisible();
  await memberContext.close();
});

test('without a live connection, a disabled member is signed out at their next request', async ({ app, club, browser }) => {
  await app.setUpClub(ADMIN.email, ADMIN.password);
  const bea = await addMember(club, { name: 'Bea Reader' });

  const memberContext = await browser.newContext();
  const member = new ClubApp(await memberContext.newPage(), club.url);
  await cutLiveUpdates(member.page);
  await member.goto('/');
  await member.signIn(bea.email, bea.password);
  await expect(member.page.getByTestId('member-home')).toBeVisible();
  // What the app asks for on its own after a sign-in (home's cards, the members list it fetches ahead) is
  // done: the next request is the one she makes.
  await quietFor(member.page, 1000);

  const adminApi = await ClubApi.signIn(club, ADMIN.email, ADMIN.password);
  await adminApi.call('POST', `/api/admin/disable/${encodeURIComponent(bea.email)}`);

  // Her next page asks the server for members' data: the answer is 401, so the session ends here.
  await member.mainNav.getByRole('link', { name: 'Books' }).click();
  await expect(member.toast(SESSION_ENDED)).toHaveCount(1);
  await expect(member.page).toHaveURL(`${club.url}/?nextUrl=%2Fknihy`);
  await expect(member.page.getByTestId('visitor-home')).toBeVisible();
  // No other toast speaks for the failed request.
  await expect(member.page.locator('.mantine-Notification-root')).toHaveCount(1);
  await memberContext.close();
});

test('from another machine, setup asks for the setup code and shows why a code was refused', async ({ app, page }) => {
  const setup = new SetupPage(app);
  // On the club's own machine, no code is asked for.
  await setup.goto();
  await expect(page.getByLabel(/Admin's email/)).toBeVisible();
  await expect(setup.code).toHaveCount(0);

  await setup.actAsAnotherMachine();
  await page.reload();
  await expect(setup.code).toBeVisible();
  await expect(setup.form).toContainText('the one-time code the club server printed when it started');
  await expect(setup.form).toContainText('Club menu');

  // Required before anything is sent.
  await setup.fill({ email: ADMIN.email, password: ADMIN.password });
  await setup.submit();
  await expect(setup.form.getByText('This field is required.')).toBeVisible();

  // The server refuses a wrong code with a reason (here as another machine would be answered): it shows
  // beside the field and in a toast, and what was typed stays.
  const refusal = 'That setup code is not right. Use the code the club server showed when it started.';
  await page.route('**/api/accounts/registerfirstadmin', (route) =>
    route.fulfill({ status: 403, contentType: 'application/problem+json', json: { status: 403, title: 'Forbidden', detail: refusal } }),
  );
  await setup.fill({ code: 'WRONG-CODE' });
  await setup.submit();
  await expect(app.toast(refusal)).toBeVisible();
  await expect(setup.form.getByText(refusal)).toBeVisible();
  await expect(setup.code).toHaveValue('WRONG-CODE');
  await expect(page.getByLabel(/Admin's email/)).toHaveValue(ADMIN.email);
  // Typing a new code clears the refusal.
  await setup.fill({ code: ' K7Q2-9XWD ' });
  await expect(setup.form.getByText(refusal)).toHaveCount(0);

  // The code goes with the form, trimmed.
  await page.unroute('**/api/accounts/registerfirstadmin');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/accounts/registerfirstadmin'));
  await setup.submit();
  expect((await request).postDataJSON()).toEqual({ email: ADMIN.email, name: null, password: ADMIN.password, setupCode: 'K7Q2-9XWD' });
  await expect(app.toast(/Your club is ready/)).toBeVisible();
  await expect(app.loginEmail).toHaveValue(ADMIN.email);
});
