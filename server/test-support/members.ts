import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashPassword } from '../features/accounts/password';
import type { TestServer } from './test-server';

export interface TestMember {
  userId: string;
  email: string;
  name: string;
  token: string;
}

/** The password of every account written by insertMember. */
export const MEMBER_PASSWORD = 'member password 123';
let passwordHash: Promise<string> | undefined;

/**
 * Writes an account straight into a club's database (in its data folder), ready to sign in with
 * MEMBER_PASSWORD. Registering members by mail is its own feature; the tests of other features, here and
 * in the browser, need members now.
 */
export async function insertMember(
  dataDir: string,
  member: { userId: string; email: string; name: string; moderator?: boolean; bot?: boolean; active?: boolean },
): Promise<void> {
  passwordHash ??= hashPassword(MEMBER_PASSWORD);
  const sql = new Database(path.join(dataDir, 'bookclub.db'));
  try {
    sql
      .prepare(
        `INSERT INTO "user" ("id", "email", "name", "passwordHash", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn")
         VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      )
      .run(
        member.userId,
        member.email,
        member.name,
        await passwordHash,
        member.moderator ? 1 : 0,
        member.bot ? 1 : 0,
        member.active === false ? 0 : 1,
        new Date().toISOString(),
      );
  } finally {
    sql.close();
  }
}

/** Adds an account straight into the club's database (insertMember) and signs it in through the API. */
export async function addMember(club: TestServer, options: { name?: string; moderator?: boolean; bot?: boolean; active?: boolean } = {}): Promise<TestMember> {
  const userId = crypto.randomUUID();
  const name = options.name ?? `Member ${userId.slice(0, 4)}`;
  const email = `${userId.slice(0, 8)}@club.test`;
  await insertMember(club.dataDir, { ...options, userId, email, name });
  const login = await club.call('POST', '/api/accounts/login', { body: { email, password: MEMBER_PASSWORD } });
  if (login.status !== 200) throw new Error(`could not sign ${email} in: ${JSON.stringify(login.body)}`);
  return { userId, email, name, token: login.body.token };
}
