import { expect, type Locator, type Page } from '@playwright/test';
import type { ClubApp } from './club-app';

export type GridAnswer = 'Yes' | 'If need be' | 'No';

/** /stretnutia's date polls: the moderators' form, a poll's grid of answers, and the pick. */
export class DatePollsPage {
  constructor(readonly app: ClubApp) {}

  get page(): Page {
    return this.app.page;
  }

  /** The meetings page told which poll, as the mail and the chat link it. */
  async goto(datePollId?: number) {
    await this.app.goto(datePollId ? `/stretnutia?datePoll=${datePollId}` : '/stretnutia');
    await expect(this.page.getByTestId('meetings-page')).toBeVisible();
  }

  get form() {
    return this.page.getByTestId('date-poll-form');
  }

  formRow(index: number) {
    return this.form.getByTestId('date-poll-form-option').nth(index);
  }

  /** Fills the nth proposed date: the day and times as the inputs take them (`2026-12-03`, `19:00`). */
  async fillDate(index: number, day: string, starts: string, ends = '') {
    const row = this.formRow(index);
    await row.getByLabel(/^(Date|Termín) \d+/).fill(day);
    await row.getByLabel(/^(Starts|Začiatok)/).fill(starts);
    await row.getByLabel(/^(Ends|Koniec)/).fill(ends);
  }

  /** The poll with this title (or the first one). */
  poll(title?: string): Locator {
    const polls = this.page.getByTestId('date-poll');
    return title ? polls.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) }) : polls.first();
  }

  /** The poll's nth date, in date order. */
  option(poll: Locator, index: number): Locator {
    return poll.getByTestId('date-option').nth(index);
  }

  /** The reader's own answer to the nth date: a radio group named by the date. */
  answers(poll: Locator, index: number): Locator {
    return this.option(poll, index).getByRole('radiogroup');
  }

  /** Who answered `answer` to the nth date, as the grid names them. */
  tally(poll: Locator, index: number, answer: 'yes' | 'ifNeedBe' | 'no'): Locator {
    return this.option(poll, index).getByTestId(`tally-${answer}`);
  }

  save(poll: Locator): Locator {
    return poll.getByTestId('save-answers');
  }
}
