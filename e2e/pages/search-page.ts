import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /hladanie: the search box, the kind checkboxes, the result count and the results. */
export class SearchPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto() {
    await this.app.goto('/hladanie');
    await expect(this.page.getByTestId('search-page')).toBeVisible();
  }

  get input() {
    return this.page.getByRole('searchbox', { name: 'Search suggestions and recommendations' });
  }

  /** Types like a member, a key at a time, so each keystroke can start a search. */
  async type(text: string) {
    await this.input.pressSequentially(text, { delay: 40 });
  }

  get suggestions() {
    return this.page.getByRole('checkbox', { name: 'Suggestions' });
  }

  get recommendations() {
    return this.page.getByRole('checkbox', { name: 'Recommendations' });
  }

  get count() {
    return this.page.getByTestId('result-count');
  }

  get status() {
    return this.page.getByTestId('search-status');
  }

  get results() {
    return this.page.getByTestId('search-result');
  }

  result(title: string) {
    return this.results.filter({ hasText: title });
  }
}
