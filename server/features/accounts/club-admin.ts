import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { countRows, findRows, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { userTable, type User } from './user.entity';

const USERS = userTable;

/** Whether the club has any account yet: one without is set up with a one-time code (start-up asks). */
export async function hasAnyUser(db: DataSource): Promise<boolean> {
  return anyUser(sqliteOf(db));
}

/** The same, on a handle (inside a transaction): reads at most one row. */
export function anyUser(sql: BetterSqlite3.Database): boolean {
  return findRows(sql, USERS, 'all', { select: ['id'], limit: 1 }).length > 0;
}

/** What naming an admin for a club without one came to. */
export type AdminPromotion =
  /** The club has no accounts, or has an admin who can sign in: nothing to do. */
  | { outcome: 'not-needed' }
  | { outcome: 'not-a-member'; members: number }
  | { outcome: 'bot'; email: string }
  | { outcome: 'promoted'; email: string; wasDisabled: boolean };

const MEMBER = ['id', 'email', 'isBot', 'disabledOn'] as const satisfies readonly (keyof User)[];

/**
 * A club with members but no admin who can sign in (an imported Obskurnee club without one): the member
 * with `email` becomes its admin (and moderator), their sign-in on again if it was turned off. Checked and
 * written in one transaction, so a club that meanwhile got an admin is left as it is.
 */
export function promoteToAdminIfNone(db: DataSource, email: string): AdminPromotion {
  return writeTransaction(db, (sql): AdminPromotion => {
    const members = countRows(sql, USERS, 'all');
    // The club's admins are few: the one who can sign in (not disabled) is picked out of them here.
    const admin = countRows(sql, USERS, { isAdmin: true, isBot: false, disabledOn: null }) > 0;
    if (members === 0 || admin) return { outcome: 'not-needed' };
    // Any case of the address: the host types it by hand.
    const raw = statement(sql, `SELECT ${USERS.columns(MEMBER)} FROM ${USERS.name} WHERE lower(${USERS.column('email')}) = lower(?)`).get(email.trim());
    const member = raw === undefined ? undefined : USERS.fromSql(raw as Record<string, unknown>, MEMBER);
    if (!member) return { outcome: 'not-a-member', members };
    if (member.isBot) return { outcome: 'bot', email: member.email };
    updateRows(sql, USERS, { id: member.id }, { isAdmin: true, isModerator: true, disabledOn: null });
    return { outcome: 'promoted', email: member.email, wasDisabled: member.disabledOn !== null };
  });
}
