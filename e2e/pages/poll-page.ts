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

  /** A ranked poll's ballot: the member's ranking and the options left out. */
  get rankedBallot() {
    return this.page.getByTestId('ranked-vote-form');
  }

  /** The ranking's options' titles, most wanted first. */
  get ranking() {
    return this.rankedBallot.getByTestId('ranked-option').getByTestId('option-title');
  }

  /** A control of a ranked ballot by its accessible name ("Move Dune up", "Add Dune to the ranking"). */
  rankControl(name: string) {
    return this.rankedBallot.getByRole('button', { name, exact: true });
  }

  /** What the app last said politely to screen readers. */
  get announcement() {
    return this.page.getByTestId('route-announcer');
  }

  /** A ranked poll's rounds of counting, first round first. */
  get rounds() {
    return this.results.getByTestId('ranked-round');
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
