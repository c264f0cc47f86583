import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /setup: the first admin's form, with the setup code when the browser is not on the club's host. */
export class SetupPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  /**
   * Browser tests run on the club's host (127.0.0.1), where setup needs no code: make the home answer say
   * what another machine is told, so the form asks for the code. The real server still answers the rest.
   */
  async actAsAnotherMachine() {
    await this.page.route('**/api/home', async (route) => {
      // The app may still be asking when the test ends and its club stops: that request is simply dropped.
      const response = await route.fetch().catch(() => null);
      if (!response) return route.abort().catch(() => {});
      const home = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...home, setupNeedsCode: home.needsSetup === true } });
    });
  }

  async goto() {
    await this.app.goto('/setup');
    await expect(this.page.locator('main form')).toBeVisible();
  }

  get form() {
    return this.page.locator('main form');
  }

  get code() {
    return this.page.getByTestId('setup-code');
  }

  async fill(values: { code?: string; email?: string; password?: string }) {
    if (values.code !== undefined) await this.code.fill(values.code);
    if (values.email !== undefined) await this.form.locator('input[type="email"]').fill(values.email);
    if (values.password !== undefined) await this.form.locator('input[type="password"]').fill(values.password);
  }

  async submit() {
    await this.form.getByRole('button', { name: /Create the club|Vytvoriť klub/ }).click();
  }
}
