import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

/** /hlasovania/{id}: the ballot, results, who has voted, the moderators' close, the outcome. */
export class PollPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto(pollId: number) {
    await this.app.goto(`/hlasovania/${pollId}`);
    await expect(this.page.getByTestId('poll-page')).toBeVisible();
  }

  get ballot() {
    return this.page.getByTestId('vote-form');
  }

  option(title: string) {
    return this.ballot.getByRole('checkbox', { name: title });
  }

  /** The option's title, which opens its suggestion below it. */
  optionTitle(title: string) {
    return this.ballot.getByTestId('poll-option').filter({ hasText: title }).getByRole('button');
  }

  get voteButton() {
    return this.ballot.getByRole('button', { name: 'Vote', exact: true });
  }

  async vote(...titles: string[]) {
    for (const title of titles) await this.option(title).check();
    await this.voteButton.click();
  }

  get results() {
    return this.page.getByTestId('poll-results');
  }

  resultRow(title: string) {
    return this.results.getByTestId('result-row').filter({ hasText: title });
  }

  get progress() {
    return this.page.getByTestId('poll-progress');
  }

  get closeButton() {
    return this.page.getByTestId('close-poll');
  }

  async closeVote() {
    await this.closeButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Close the vote?' });
    await dialog.getByRole('button', { name: 'Close the vote' }).click();
    await expect(dialog).toBeHidden();
  }

  get outcome() {
    return this.page.getByTestId('poll-outcome');
  }
}
