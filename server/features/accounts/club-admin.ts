import type { DataSource } from 'typeorm';
import { writeTransaction } from '../../db/write-transaction';
import { UserEntity } from './user.entity';

/** Whether the club has any account yet: one without is set up with a one-time code (start-up asks). */
export async function hasAnyUser(db: DataSource): Promise<boolean> {
  return (await db.getRepository(UserEntity).count({ take: 1 })) > 0;
}

/** What naming an admin for a club without one came to. */
export type AdminPromotion =
  /** The club has no accounts, or has an admin who can sign in: nothing to do. */
  | { outcome: 'not-needed' }
  | { outcome: 'not-a-member'; members: number }
  | { outcome: 'bot'; email: string }
  | { outcome: 'promoted'; email: string; wasDisabled: boolean };

/**
 * A club with members but no admin who can sign in (an imported Obskurnee club without one): the member
 * with `email` becomes its admin (and moderator), their sign-in on again if it was turned off. Checked and
 * written in one transaction, so a club that meanwhile got an admin is left as it is.
 */
export function promoteToAdminIfNone(db: DataSource, email: string): AdminPromotion {
  return writeTransaction(db, (sql): AdminPromotion => {
    const members = (sql.prepare(`SELECT count(*) AS n FROM "user"`).get() as { n: number }).n;
    const admin = sql.prepare(`SELECT 1 FROM "user" WHERE "isAdmin" = 1 AND "isBot" = 0 AND "disabledOn" IS NULL LIMIT 1`).get();
    if (members === 0 || admin) return { outcome: 'not-needed' };
    const member = sql.prepare(`SELECT "id", "email", "isBot", "disabledOn" FROM "user" WHERE lower("email") = lower(?)`).get(email.trim()) as
      { id: string; email: string; isBot: number; disabledOn: string | null } | undefined;
    if (!member) return { outcome: 'not-a-member', members };
    if (member.isBot) return { outcome: 'bot', email: member.email };
    sql.prepare(`UPDATE "user" SET "isAdmin" = 1, "isModerator" = 1, "disabledOn" = NULL WHERE "id" = ?`).run(member.id);
    return { outcome: 'promoted', email: member.email, wasDisabled: member.disabledOn !== null };
  });
}
