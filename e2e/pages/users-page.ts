import { expect, type Locator } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /my: the club's active members. */
export class UsersPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto() {
    await this.app.goto('/my');
    await expect(this.page.getByTestId('user-list-page')).toBeVisible();
  }

  get cards() {
    return this.page.getByTestId('user-card');
  }

  card(name: string) {
    return this.page.getByRole('article', { name, exact: true });
  }
}

export interface ProfileFields {
  name?: string;
  phone?: string;
  aboutMe?: string;
  goodreadsUrl?: string;
}

/** /my/{email}/{mode?}: a member's profile, its edit form, and (own profile) reading, newsletters and language. */
export class ProfilePage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto(email: string, mode?: 'edit') {
    await this.app.goto(`/my/${encodeURIComponent(email)}${mode ? '/edit' : ''}`);
    await expect(this.root).toBeVisible();
  }

  get root() {
    return this.page.getByTestId('profile-page');
  }

  get view() {
    return this.page.getByTestId('profile-view');
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The icon that switches between reading and editing the profile. */
  get modeToggle() {
    return this.page.getByTestId('profile-mode-toggle');
  }

  get form() {
    return this.page.getByTestId('profile-form');
  }

  field(label: 'Name' | 'Phone' | 'Goodreads or StoryGraph profile' | 'About me' | string): Locator {
    return this.form.getByRole('textbox', { name: label });
  }

  async fill(fields: ProfileFields) {
    if (fields.name !== undefined) await this.field('Name').fill(fields.name);
    if (fields.phone !== undefined) await this.field('Phone').fill(fields.phone);
    if (fields.goodreadsUrl !== undefined) await this.field('Goodreads or StoryGraph profile').fill(fields.goodreadsUrl);
    if (fields.aboutMe !== undefined) await this.field('About me').fill(fields.aboutMe);
  }

  async save() {
    await this.form.getByRole('button', { name: 'Save' }).click();
  }

  get avatar() {
    return this.page.getByTestId('avatar-upload');
  }

  async uploadAvatar(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.avatar.locator('input[type="file"]').setInputFiles(file);
  }

  get reading() {
    return this.page.getByTestId('currently-reading');
  }

  readingEntry(title: string) {
    return this.reading.getByTestId('reading-entry').filter({ hasText: title });
  }

  async addReading(title: string, author?: string) {
    const form = this.page.getByTestId('add-reading');
    await form.getByRole('textbox', { name: 'Book title' }).fill(title);
    if (author) await form.getByRole('textbox', { name: 'Author' }).fill(author);
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(this.readingEntry(title)).toBeVisible();
  }

  get settings() {
    return this.page.getByTestId('my-settings');
  }

  newsletter(name: string) {
    return this.settings.getByRole('switch', { name });
  }

  async chooseLanguage(name: 'English' | 'Slovenčina') {
    await this.settings.getByTestId('language-setting').getByText(name, { exact: true }).click();
  }
}
