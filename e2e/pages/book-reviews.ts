import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** The reviews on a book's page (/knihy/{id}): the member's review form and every member's review. */
export class BookReviews {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto(bookId: number) {
    await this.app.goto(`/knihy/${bookId}`);
    await expect(this.page.getByTestId('book-reviews')).toBeVisible();
  }

  get form() {
    return this.page.getByTestId('review-form');
  }

  /** The star input: 1 to 5 stars as radios named "1 star" … "5 stars". */
  star(count: number) {
    return this.form.getByRole('radio', { name: count === 1 ? '1 star' : `${count} stars`, exact: true });
  }

  async chooseStars(count: number) {
    // The radios are visually hidden behind the star symbols: click the star as a member does.
    await this.form.locator(`label[for="${await this.star(count).getAttribute('id')}"]`).click();
    await expect(this.star(count)).toBeChecked();
  }

  get text() {
    return this.form.getByRole('textbox', { name: 'Your review' });
  }

  get link() {
    return this.form.getByRole('textbox', { name: 'Link to this review elsewhere' });
  }

  async write(review: { stars?: number; text: string; link?: string }) {
    if (review.stars !== undefined) await this.chooseStars(review.stars);
    await this.text.fill(review.text);
    if (review.link !== undefined) await this.link.fill(review.link);
  }

  get reviews() {
    return this.page.getByTestId('review');
  }

  /** A review in the list by its owner's name. */
  review(owner: string) {
    return this.page.getByRole('article', { name: owner });
  }
}
