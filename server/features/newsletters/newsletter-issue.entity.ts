import { column, defineTable, type RowOf } from '../../db/table';

/**
 * A club event whose newsletter is still being queued (newsletter-issues.ts). Gone once every subscriber's
 * mail is in the mail queue.
 */
export const newsletterIssueTable = defineTable('newsletter_issue', {
  id: column.generatedId(),
  /** The ClubEvent as JSON (a meeting's letters in every language included). */
  event: column.text(),
  createdOn: column.varchar(30),
  /** The last member (by id) whose mail is queued; members are queued in the order of their ids. Null: none yet. */
  queuedThrough: column.varchar(36).nullable(),
});
export type NewsletterIssueRow = RowOf<typeof newsletterIssueTable>;
