import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /navrhy: the rounds, newest first, and the moderators' start-a-round form. */
export class RoundsPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto() {
    await this.app.goto('/navrhy');
    await expect(this.page.getByTestId('round-list-page')).toBeVisible();
  }

  get rounds() {
    return this.page.getByTestId('round');
  }

  round(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  get startButton() {
    return this.page.getByRole('button', { name: /^(Start a round|Začať kolo)$/ });
  }

  get form() {
    return this.page.getByTestId('new-round-form');
  }

  async startRound(round: { topic: 'Books' | 'Themes'; title: string; description?: string }) {
    await this.startButton.click();
    await this.form.getByRole('radio', { name: new RegExp(`^${round.topic}`) }).check();
    await this.form.getByRole('textbox', { name: 'Title' }).fill(round.title);
    if (round.description) await this.form.getByRole('textbox', { name: 'Description' }).fill(round.description);
    await this.form.getByRole('button', { name: 'Start the round' }).click();
  }

  /** The round's link to its book suggestions. */
  async openBookDiscussion(title: string) {
    await this.round(title).getByTestId('stage-books').getByRole('link', { name: 'Suggestions' }).click();
  }
}
