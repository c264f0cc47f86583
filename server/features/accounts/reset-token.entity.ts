import { column, defineTable, type RowOf } from '../../db/table';

export type ResetPurpose = 'reset' | 'invitation';

/** A set-password link's token, stored only as its SHA-256: a leaked database gives no working link. */
export const resetTokenTable = defineTable('reset_token', {
  id: column.generatedId(),
  userId: column.varchar(36),
  tokenHash: column.varchar(64),
  purpose: column.varchar<ResetPurpose>(20),
  expiresOn: column.varchar(30),
  usedOn: column.varchar(30).nullable(),
  createdOn: column.varchar(30),
});
export type ResetTokenRow = RowOf<typeof resetTokenTable>;
