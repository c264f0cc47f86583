import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /passwordreset/{userId?}/{token?}: asking for a link, and choosing a new password from one. */
export class PasswordResetPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto(path = '/passwordreset') {
    await this.app.goto(path);
    await expect(this.page.getByTestId('password-reset-page')).toBeVisible();
  }

  async askForLink(email: string) {
    const form = this.page.getByTestId('reset-start-form');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Send me a link' }).click();
  }

  get mailSent() {
    return this.page.getByTestId('reset-mail-sent');
  }

  get finishForm() {
    return this.page.getByTestId('reset-finish-form');
  }

  get newPassword() {
    return this.finishForm.getByRole('textbox', { name: 'New password', exact: true });
  }

  get confirmPassword() {
    return this.finishForm.getByRole('textbox', { name: 'New password again' });
  }

  async setPassword(password: string, confirm = password) {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirm);
    await this.finishForm.getByRole('button', { name: 'Set the password' }).click();
  }

  get refusal() {
    return this.page.getByTestId('reset-refused');
  }
}
