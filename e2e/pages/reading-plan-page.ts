import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** The reading schedule on a book's page (/knihy/{id}) and a part's discussion (/knihy/{id}/casti/{partId}). */
export class ReadingPlanPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async gotoBook(bookId: number) {
    await this.app.goto(`/knihy/${bookId}`);
    await expect(this.section).toBeVisible();
  }

  get section() {
    return this.page.getByTestId('reading-plan');
  }

  get editor() {
    return this.page.getByTestId('schedule-editor');
  }

  get timeline() {
    return this.page.getByTestId('part-timeline');
  }

  /** A part on the timeline, by its title. */
  part(title: string) {
    return this.timeline.getByTestId('timeline-part').filter({ has: this.page.getByTestId('part-link').getByText(title, { exact: true }) });
  }

  /** The editor's last-page inputs, in order. */
  get lastPages() {
    return this.editor.getByRole('textbox', { name: 'Last page' });
  }

  /** "Spread evenly": `count` parts from today to the end day shown (the next meeting's), proposed into the rows. */
  async spread(count: number) {
    const spread = this.editor.getByTestId('spread-evenly');
    await spread.getByRole('textbox', { name: 'Parts' }).fill(String(count));
    await spread.getByTestId('spread-button').click();
  }

  // A part's discussion page.
  get sealed() {
    return this.page.getByTestId('sealed-part');
  }

  get comments() {
    return this.page.getByTestId('part-comments');
  }

  get commentTexts() {
    return this.page.getByTestId('part-comment-text');
  }
}
