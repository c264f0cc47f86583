import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMarkdown } from '../../markdown';
import { signToken } from '../../http/token';
import { useScratchDatabase } from '../../test-support/scratch-database';
import { AccountsService } from './accounts.service';
import { PasswordHasher } from './password-hasher';
import { UserEntity } from './user.entity';

const scratch = useScratchDatabase('session-user', ['ann', 'bea']);
const secret = crypto.randomBytes(32);
const accounts = () => new AccountsService(scratch.db, secret, createMarkdown(), { hasher: new PasswordHasher(), setupCode: null });

// sessionUser reads the account with one plain SQLite statement: it must see the very User TypeORM maps.
describe('the signed-in account of a token', () => {
  it('is the account as TypeORM reads it, booleans, nulls and all', async () => {
    scratch.sql
      .prepare(
        `UPDATE "user" SET "name" = 'Ann', "isModerator" = 1, "isAdmin" = 0, "isBot" = 0, "isActiveParticipant" = 1, "language" = 'sk', "aboutMe" = NULL, "sessionVersion" = 2 WHERE "id" = 'ann'`,
      )
      .run();
    const user = await accounts().sessionUser(await signToken('ann', 2, secret));
    expect(user).toEqual(await scratch.db.getRepository(UserEntity).findOneBy({ id: 'ann' }));
    expect(user!.isModerator).toBe(true);
    expect(user!.isAdmin).toBe(false);
  });

  it('is nobody for an ended session, a disabled account or an unknown one', async () => {
    expect(await accounts().sessionUser(await signToken('ann', 1, secret))).toBeNull();
    scratch.sql.prepare(`UPDATE "user" SET "disabledOn" = '2026-11-23T00:00:00.000Z' WHERE "id" = 'bea'`).run();
    expect(await accounts().sessionUser(await signToken('bea', 0, secret))).toBeNull();
    expect(await accounts().sessionUser(await signToken('cyril', 0, secret))).toBeNull();
  });
});
