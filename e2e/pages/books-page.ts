import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /knihy and /knihy/{id}: the club's chosen books. */
export class BooksPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto() {
    await this.app.goto('/knihy');
    await expect(this.page.getByTestId('book-list-page')).toBeVisible();
  }

  get cards() {
    return this.page.getByTestId('book-card');
  }

  card(title: string) {
    return this.cards.filter({ hasText: title });
  }

  get noBooks() {
    return this.page.getByTestId('no-books');
  }

  get largeCard() {
    return this.page.getByTestId('book-large-card');
  }
}
