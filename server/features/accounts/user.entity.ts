import { column, defineTable, type RowOf } from '../../db/table';
import type { Language } from '../../../shared/constants';

/** A member, moderator, admin or bot as stored. Never sent as is: map it with toProfile. */
export const userTable = defineTable('user', {
  id: column.varchar(36).primary(),
  email: column.varchar(254),
  name: column.varchar(200),
  passwordHash: column.varchar(300).nullable(),
  phone: column.varchar(50).nullable(),
  aboutMe: column.text().nullable(),
  goodreadsUrl: column.varchar(500).nullable(),
  avatarFile: column.varchar(200).nullable(),
  isModerator: column.boolean(),
  isAdmin: column.boolean(),
  isBot: column.boolean(),
  isActiveParticipant: column.boolean(),
  language: column.varchar<Language>(2).nullable(),
  createdOn: column.varchar(),
  /** Tokens carry it; moving it on ends every session issued before (password reset, disabling). */
  sessionVersion: column.integer(),
  /** Since when an admin has disabled the account, or null. */
  disabledOn: column.varchar(30).nullable(),
});
export type User = RowOf<typeof userTable>;
