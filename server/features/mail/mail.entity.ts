import { column, defineTable, type RowOf } from '../../db/table';

/** A queued mail as stored. Dates are ISO 8601 UTC strings, so they compare in SQL as text. */
export const mailTable = defineTable('mail', {
  id: column.generatedId(),
  to: column.varchar(254),
  subject: column.varchar(500),
  /** Emptied once sent: invitation and reset links are secrets, and tokens are otherwise stored only hashed. */
  text: column.text(),
  html: column.text().nullable(),
  /** The files it carries as JSON (`MailAttachment[]`), null for none; emptied once sent, like the body. */
  attachments: column.text().nullable(),
  createdOn: column.varchar(30),
  /** Tries made so far, the successful one included. */
  attempts: column.integer(),
  nextAttemptOn: column.varchar(30),
  sentOn: column.varchar(30).nullable(),
  lastError: column.text().nullable(),
  /** When the last try failed. */
  lastErrorOn: column.varchar(30).nullable(),
});
export type MailRow = RowOf<typeof mailTable>;
