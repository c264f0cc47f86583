import { EntitySchema } from 'typeorm';

export type ResetPurpose = 'reset' | 'invitation';

/** A set-password link's token, stored only as its SHA-256: a leaked database gives no working link. */
export interface ResetTokenRow {
  id: number;
  userId: string;
  tokenHash: string;
  purpose: ResetPurpose;
  expiresOn: string;
  usedOn: string | null;
  createdOn: string;
}

export const ResetTokenEntity = new EntitySchema<ResetTokenRow>({
  name: 'ResetToken',
  tableName: 'reset_token',
  columns: {
    id: { type: 'integer', primary: true, generated: 'increment' },
    userId: { type: 'varchar', length: 36 },
    tokenHash: { type: 'varchar', length: 64 },
    purpose: { type: 'varchar', length: 20 },
    expiresOn: { type: 'varchar', length: 30 },
    usedOn: { type: 'varchar', length: 30, nullable: true },
    createdOn: { type: 'varchar', length: 30 },
  },
});
