import { EntitySchema } from 'typeorm';

/** A queued mail as stored. Dates are ISO 8601 UTC strings, so they compare in SQL as text. */
export interface MailRow {
  id: number;
  to: string;
  subject: string;
  /** Emptied once sent: invitation and reset links are secrets, and tokens are otherwise stored only hashed. */
  text: string;
  html: string | null;
  /** The files it carries as JSON (`MailAttachment[]`), null for none; emptied once sent, like the body. */
  attachments: string | null;
  createdOn: string;
  /** Tries made so far, the successful one included. */
  attempts: number;
  nextAttemptOn: string;
  sentOn: string | null;
  lastError: string | null;
  /** When the last try failed. */
  lastErrorOn: string | null;
}

export const MailEntity = new EntitySchema<MailRow>({
  name: 'Mail',
  tableName: 'mail',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    to: { type: 'varchar', length: 254 },
    subject: { type: 'varchar', length: 500 },
    text: { type: 'text' },
    html: { type: 'text', nullable: true },
    attachments: { type: 'text', nullable: true },
    createdOn: { type: 'varchar', length: 30 },
    attempts: { type: 'integer', default: 0 },
    nextAttemptOn: { type: 'varchar', length: 30 },
    sentOn: { type: 'varchar', length: 30, nullable: true },
    lastError: { type: 'text', nullable: true },
    lastErrorOn: { type: 'varchar', length: 30, nullable: true },
  },
});
