import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /admin: noticeboard, registering members, moderators, newsletter subscribers, and (admins) bots and disabling accounts. */
export class AdminPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto() {
    await this.app.goto('/admin');
    await expect(this.page.getByTestId('admin-page')).toBeVisible();
    await expect(this.noticeboard).toBeVisible();
  }

  get noticeboard() {
    return this.page.getByTestId('admin-noticeboard');
  }

  async saveNoticeboard(text: string) {
    await this.noticeboard.getByRole('textbox', { name: 'Noticeboard text' }).fill(text);
    await this.noticeboard.getByRole('button', { name: 'Save the noticeboard' }).click();
  }

  get register() {
    return this.page.getByTestId('admin-register');
  }

  async registerMember(email: string, name: string) {
    await this.register.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.register.getByRole('textbox', { name: 'Name' }).fill(name);
    await this.register.getByRole('button', { name: 'Register and invite' }).click();
  }

  get members() {
    return this.page.getByTestId('admin-members');
  }

  member(name: string) {
    return this.members.getByTestId('admin-member').filter({ hasText: name });
  }

  /** Makes a member a moderator, answering the confirmation. */
  async promote(name: string) {
    await this.member(name).getByRole('button', { name: 'Make moderator' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Make a moderator?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Make moderator' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Disables a member's account, answering the confirmation that names them. */
  async disable(name: string) {
    await this.member(name).getByTestId('disable').click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: /Disable the account|Zablokovať účet/ }).click();
    await expect(dialog).toBeHidden();
  }

  async enable(name: string) {
    await this.member(name).getByTestId('enable').click();
  }

  subscribers(list: 'basicevents' | 'allevents') {
    return this.page.getByTestId(`subscribers-${list}`);
  }

  get bots() {
    return this.page.getByTestId('admin-bots');
  }

  async createBot(bot: { email: string; name: string; password: string }) {
    const form = this.bots.getByTestId('new-bot-form');
    await form.getByRole('textbox', { name: "Bot's email" }).fill(bot.email);
    await form.getByRole('textbox', { name: 'Name' }).fill(bot.name);
    await form.getByRole('textbox', { name: 'Password' }).fill(bot.password);
    await form.getByRole('button', { name: 'Create the bot' }).click();
  }
}
