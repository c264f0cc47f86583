import { expect } from '@playwright/test';
import type { ClubApp } from './club-app';

export interface RecommendationFields {
  url?: string;
  title?: string;
  author?: string;
  pageCount?: string;
  year?: string;
  description?: string;
  comment?: string;
}

/** /odporucania and /odporucania/{id}: the grid, the add form, and one recommendation with its edit toggle. */
export class RecommendationsPage {
  constructor(readonly app: ClubApp) {}

  get page() {
    return this.app.page;
  }

  async goto() {
    await this.app.goto('/odporucania');
    await expect(this.page.getByTestId('recommendation-list-page')).toBeVisible();
  }

  async gotoOne(recommendationId: number) {
    await this.app.goto(`/odporucania/${recommendationId}`);
    await expect(this.page.getByTestId('recommendation-page')).toBeVisible();
  }

  get cards() {
    return this.page.getByTestId('recommendation-card');
  }

  card(title: string) {
    return this.page.getByRole('link', { name: title, exact: true }).and(this.cards);
  }

  get form() {
    return this.page.getByTestId('new-recommendation');
  }

  async openForm() {
    if (!(await this.form.isVisible())) await this.page.getByTestId('new-recommendation-toggle').click();
    await expect(this.form).toBeVisible();
  }

  field(label: string, within = this.form) {
    return within.getByRole('textbox', { name: label, exact: true });
  }

  async fill(fields: RecommendationFields, within = this.form) {
    if (fields.url !== undefined) await this.field('Book link', within).fill(fields.url);
    if (fields.title !== undefined) await this.field('Book title', within).fill(fields.title);
    if (fields.author !== undefined) await this.field('Author', within).fill(fields.author);
    if (fields.pageCount !== undefined) await this.field('Pages', within).fill(fields.pageCount);
    if (fields.year !== undefined) await this.field('Year published', within).fill(fields.year);
    if (fields.description !== undefined) await this.field('Description', within).fill(fields.description);
    if (fields.comment !== undefined) await this.field('Your comment', within).fill(fields.comment);
  }

  async add(fields: RecommendationFields) {
    await this.openForm();
    await this.fill(fields);
    await this.form.getByRole('button', { name: 'Add the recommendation' }).click();
  }

  /** The single page's recommendation. */
  get one() {
    return this.page.getByTestId('recommendation');
  }

  get editToggle() {
    return this.one.getByRole('button', { name: /^(Edit the recommendation|Back to the recommendation)$/ });
  }
}
