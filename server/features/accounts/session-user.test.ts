import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { updateRows } from '../../db/table';
import { createMarkdown } from '../../markdown';
import { signToken } from '../../http/token';
import { useScratchDatabase } from '../../test-support/scratch-database';
import { AccountsService } from './accounts.service';
import { PasswordHasher } from './password-hasher';
import { userTable, type User } from './user.entity';

const scratch = useScratchDatabase('session-user', ['ann', 'bea']);
const secret = crypto.randomBytes(32);
const accounts = () => new AccountsService(scratch.db, secret, createMarkdown(), { hasher: new PasswordHasher(), setupCode: null });

// sessionUser reads the account with one plain SQLite statement: it must answer the whole User as declared.
describe('the signed-in account of a token', () => {
  it('is the whole account as stored, booleans, nulls and all', async () => {
    const ann: User = {
      id: 'ann',
      email: 'ann@club.test',
      name: 'Ann',
      passwordHash: null,
      phone: null,
      aboutMe: null,
      goodreadsUrl: null,
      avatarFile: null,
      isModerator: true,
      isAdmin: false,
      isBot: false,
      isActiveParticipant: true,
      language: 'sk',
      createdOn: '2026-11-22T08:00:00.000Z',
      sessionVersion: 2,
      disabledOn: null,
    };
    updateRows(scratch.sql, userTable, { id: 'ann' }, ann);
    const user = await accounts().sessionUser(await signToken('ann', 2, secret));
    expect(user).toEqual(ann);
    expect(user!.isModerator).toBe(true);
    expect(user!.isAdmin).toBe(false);
  });

  it('is nobody for an ended session, a disabled account or an unknown one', async () => {
    expect(await accounts().sessionUser(await signToken('ann', 1, secret))).toBeNull();
    updateRows(scratch.sql, userTable, { id: 'bea' }, { disabledOn: '2026-11-23T00:00:00.000Z' });
    expect(await accounts().sessionUser(await signToken('bea', 0, secret))).toBeNull();
    expect(await accounts().sessionUser(await signToken('cyril', 0, secret))).toBeNull();
  });
});
