import { EntitySchema } from 'typeorm';
import type { Language } from '../../../shared/constants';

/** A member, moderator, admin or bot as stored. Never sent as is: map it with toProfile. */
export interface User {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  phone: string | null;
  aboutMe: string | null;
  goodreadsUrl: string | null;
  avatarFile: string | null;
  isModerator: boolean;
  isAdmin: boolean;
  isBot: boolean;
  isActiveParticipant: boolean;
  language: Language | null;
  createdOn: string;
  /** Tokens carry it; moving it on ends every session issued before (password reset, disabling). */
  sessionVersion: number;
  /** Since when an admin has disabled the account, or null. */
  disabledOn: string | null;
}

// EntitySchema rather than decorators: no reliance on decorator metadata, whichever compiler runs it.
export const UserEntity = new EntitySchema<User>({
  name: 'User',
  tableName: 'user',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    email: { type: 'varchar', length: 254 },
    name: { type: 'varchar', length: 200 },
    passwordHash: { type: 'varchar', length: 300, nullable: true },
    phone: { type: 'varchar', length: 50, nullable: true },
    aboutMe: { type: 'text', nullable: true },
    goodreadsUrl: { type: 'varchar', length: 500, nullable: true },
    avatarFile: { type: 'varchar', length: 200, nullable: true },
    isModerator: { type: 'boolean' },
    isAdmin: { type: 'boolean' },
    isBot: { type: 'boolean' },
    isActiveParticipant: { type: 'boolean' },
    language: { type: 'varchar', length: 2, nullable: true },
    createdOn: { type: 'varchar' },
    sessionVersion: { type: 'integer', default: 0 },
    disabledOn: { type: 'varchar', length: 30, nullable: true },
  },
});
