import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

export interface BookSuggestion {
  url?: string;
  title: string;
  author: string;
  pageCount: string;
  year?: string;
  description?: string;
  comment?: string;
}

/** /navrhy/{id}: a discussion's posts, the new-suggestion form, and the moderators' close button. */
export class DiscussionPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto(discussionId: number, query = '') {
    await this.app.goto(`/navrhy/${discussionId}${query}`);
    await expect(this.page.getByTestId('discussion-page')).toBeVisible();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get closedMarker() {
    return this.page.getByTestId('closed-marker');
  }

  get posts() {
    return this.page.getByTestId('post');
  }

  post(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  get newPost() {
    return this.page.getByTestId('new-post');
  }

  /** An input of the new-suggestion form by its label. */
  field(label: string) {
    return this.newPost.getByRole('textbox', { name: label, exact: true });
  }

  async fillBook(book: BookSuggestion) {
    if (book.url !== undefined) await this.field('Book link').fill(book.url);
    await this.field('Book title').fill(book.title);
    await this.field('Author').fill(book.author);
    await this.field('Pages').fill(book.pageCount);
    if (book.year !== undefined) await this.field('Year published').fill(book.year);
    if (book.description !== undefined) await this.field('Description').fill(book.description);
    if (book.comment !== undefined) await this.field('Your comment').fill(book.comment);
  }

  async suggestBook(book: BookSuggestion) {
    await this.fillBook(book);
    await this.newPost.getByRole('button', { name: 'Add the book' }).click();
  }

  get closeButton() {
    return this.page.getByTestId('close-discussion');
  }

  /** Close and start the vote, confirming in the dialog. */
  async closeAndStartVote() {
    await this.closeButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Close the discussion?' });
    await dialog.getByRole('button', { name: 'Close and start the vote' }).click();
    await expect(dialog).toBeHidden();
  }

  get goToPoll() {
    return this.page.getByRole('link', { name: 'Go to the vote' });
  }
}
