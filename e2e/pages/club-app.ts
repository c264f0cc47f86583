import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../shared/constants';

/** The app as a member meets it: header, inline login, language menu, navigation. */
export class ClubApp {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async goto(path = '/') {
    await this.page.goto(this.baseUrl + path);
  }

  /**
   * Opens an address inside the running app, as a member's click on a link does (the history changes, the
   * router follows), without loading the page again; a page that is not running the app yet is loaded.
   */
  async visit(path: string) {
    if (!this.page.url().startsWith(this.baseUrl)) return this.goto(path);
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  get loginToggle() {
    return this.page.getByTestId('login-toggle');
  }

  get loginForm() {
    return this.page.locator('#login-panel form');
  }

  get loginEmail() {
    return this.loginForm.locator('input[name="email"]');
  }

  get loginPassword() {
    return this.loginForm.locator('input[name="password"]');
  }

  async setUpClub(email: string, password: string) {
    await this.goto('/setup');
    await this.page.getByLabel(/Admin's email/).fill(email);
    await this.page.locator('main form input[type="password"]').fill(password);
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => r.url().endsWith('/api/accounts/registerfirstadmin')),
      this.page.getByRole('button', { name: 'Create the club' }).click(),
    ]);
    // On success the app goes home and opens the login form: wait for it, so the next step doesn't race it.
    if (response.ok()) await expect(this.loginForm).toBeVisible();
  }

  async openLoginForm() {
    // By the toggle's state, not the form's visibility: the app may have opened the panel already (after a
    // password change) while the form's code is still loading, and a click then would close it again.
    if ((await this.loginToggle.getAttribute('aria-expanded')) !== 'true') await this.loginToggle.click();
    await expect(this.loginForm).toBeVisible();
  }

  /** Fills the inline form and submits it with Enter. */
  async signIn(email: string, password: string) {
    await this.openLoginForm();
    await this.loginEmail.fill(email);
    await this.loginPassword.fill(password);
    await this.loginPassword.press('Enter');
  }

  /**
   * Opens the club signed in as this account, on the member's home. The sign-in goes through the API, in
   * the browser's own context, and the token is put where the app keeps it: the sign-in form has tests of
   * its own (session, account access, keyboard), and going through it in every other test cost a second of
   * a busy machine each.
   */
  async signInAs(account: { email: string; password: string }) {
    const response = await this.page.request.post(`${this.baseUrl}/api/accounts/login`, { data: { email: account.email, password: account.password } });
    expect(response.ok(), `signing in as ${account.email}: ${response.status()} ${await response.text()}`).toBe(true);
    const { token } = (await response.json()) as { token: string };
    // Storage belongs to the club's origin: a small file of the club's is opened to write it, not the app.
    await this.page.goto(`${this.baseUrl}/color-scheme.js`);
    await this.page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.token, token] as const);
    await this.goto('/');
    await expect(this.page.getByTestId('member-home')).toBeVisible();
  }

  async signOut() {
    await this.page.getByRole('button', { name: /Logout|Odhlásiť/ }).click();
    // Signed out once the header offers the login again: a sign-in right after must not race the logout.
    await expect(this.loginToggle).toBeVisible();
  }

  /** The desktop navigation bar (hidden on a phone). */
  get mainNav() {
    return this.page.getByTestId('desktop-nav');
  }

  /** The collapsible menu on small screens. */
  get mobileNav() {
    return this.page.getByTestId('mobile-nav');
  }

  /**
   * Opens the language menu. Its code arrives just after the page and takes the stand-in button's place; a
   * click in that moment may go to neither, so it is given again while no menu is open.
   */
  async openLanguageMenu() {
    const menu = this.page.getByRole('menu');
    await expect(async () => {
      if (!(await menu.isVisible())) await this.page.getByTestId('language-menu').click();
      await expect(menu).toBeVisible({ timeout: 2000 });
    }).toPass();
  }

  async switchLanguage(name: 'English' | 'Slovenčina') {
    await this.openLanguageMenu();
    await this.page.getByRole('menuitemradio', { name }).click();
  }

  toast(text: string | RegExp) {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}

/**
 * Answers once the page's live-update connection is up: the hub has taken the handshake (socket.io's
 * CONNECT, `40`), so events from then on reach the page. The WebSocket's opening alone comes before the
 * handshake, and an event sent in between is not for this page yet. Call it before the page loads.
 */
export function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/hubs/events')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
}
