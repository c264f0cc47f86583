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

const PASSWORD = 'member password 123';
let passwordHash: Promise<string> | undefined;

/**
 * Adds an account straight into the club's database and signs it in through the API.
 * (Registering members by mail is its own feature; tests of other features need members now.)
 */
export async function addMember(
  club: TestServer,
  options: { name?: string; moderator?: boolean; bot?: boolean; active?: boolean } = {},
): Promise<TestMember> {
  passwordHash ??= hashPassword(PASSWORD);
  const userId = crypto.randomUUID();
  const name = options.name ?? `Member ${userId.slice(0, 4)}`;
  const email = `${userId.slice(0, 8)}@club.test`;
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
  try {
    sql
      .prepare(
        `INSERT INTO "user" ("id", "email", "name", "passwordHash", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn")
         VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      )
      .run(userId, email, name, await passwordHash, options.moderator ? 1 : 0, options.bot ? 1 : 0, options.active === false ? 0 : 1, new Date().toISOString());
  } finally {
    sql.close();
  }
  const login = await club.call('POST', '/api/accounts/login', { body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`could not sign ${email} in: ${JSON.stringify(login.body)}`);
  return { userId, email, name, token: login.body.token };
}
