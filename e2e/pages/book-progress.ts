import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** Reading progress on a book's page (/knihy/{id}): the member's own entry and form, and the club's shared progress. */
export class BookProgress {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto(bookId: number) {
    await this.app.goto(`/knihy/${bookId}`);
    await expect(this.form).toBeVisible();
  }

  get section() {
    return this.page.getByTestId('book-progress');
  }

  get form() {
    return this.page.getByTestId('progress-form');
  }

  get mine() {
    return this.page.getByTestId('my-progress');
  }

  get club() {
    return this.page.getByTestId('club-progress');
  }

  /** A member's entry in the club's list, by the name it shows. */
  entry(name: string) {
    return this.club.getByTestId('progress-entry').filter({ has: this.page.getByTestId('progress-name').getByText(name, { exact: true }) });
  }

  get share() {
    return this.form.getByRole('checkbox', { name: 'Share my progress with the club' });
  }

  /** Says where the member is and saves it; `shared` ticks or unticks the box. */
  async record(where: { page: number | string } | { percent: number | string } | { finished: true }, shared: boolean) {
    if ('page' in where) {
      await this.form.getByRole('radio', { name: 'At a page' }).check();
      await this.form.getByRole('textbox', { name: 'Page' }).fill(String(where.page));
    } else if ('percent' in where) {
      await this.form.getByRole('radio', { name: 'At a percentage' }).check();
      await this.form.getByRole('textbox', { name: 'Percent read' }).fill(String(where.percent));
    } else {
      await this.form.getByRole('radio', { name: 'Finished' }).check();
    }
    await this.share.setChecked(shared);
    await this.form.getByRole('button', { name: 'Save my progress' }).click();
  }
}
