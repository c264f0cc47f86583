import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { insertMember, MEMBER_PASSWORD } from '../server/test-support/members';
import type { ClubServer } from './club-server';

export interface E2eMember {
  userId: string;
  email: string;
  name: string;
  password: string;
}

function openDb(club: ClubServer) {
  return new Database(path.join(club.dataDir, 'bookclub.db'));
}

/**
 * A member written straight into the club's database, ready to sign in. Browser tests of the round need a
 * second member, and registering one by invitation mail is its own feature; this keeps them independent.
 */
export async function addMember(club: ClubServer, options: { name: string; moderator?: boolean; email?: string }): Promise<E2eMember> {
  const userId = crypto.randomUUID();
  const local = options.name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
  const email = options.email ?? `${local || userId.slice(0, 8)}@riverside.test`;
  await insertMember(club.dataDir, { userId, email, name: options.name, moderator: options.moderator });
  return { userId, email, name: options.name, password: MEMBER_PASSWORD };
}

/** Gives an existing account a display name (the first admin starts without one). */
export function setMemberName(club: ClubServer, email: string, name: string): void {
  const sql = openDb(club);
  try {
    sql.prepare(`UPDATE "user" SET "name" = ? WHERE "email" = ?`).run(name, email);
  } finally {
    sql.close();
  }
}
