import type { z } from 'zod';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Profile } from '../../../shared/api/accounts';
import { currentlyReadingSchema, languageChangeSchema, profileUpdateSchema, type CurrentlyReading, type UserListEntry } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRow, findRows, insertRow, updateRows } from '../../db/table';
import { Forbidden, NotFound } from '../../http/errors';
import { actorOf, userTable, type AccountsService, type User } from '../accounts';
import { removeAvatar, saveAvatar } from './avatar';
import { currentlyReadingTable, type CurrentlyReadingRow } from './currently-reading.entity';
import { isModerator, mayChange } from '../../../shared/rules';

const USERS = userTable;
const READING = currentlyReadingTable;

const toEntry = (row: CurrentlyReadingRow): CurrentlyReading => ({ entryId: row.id, ownerId: row.ownerId, title: row.title, author: row.author });

export class UsersService {
  readonly avatarsDir: string;

  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsService,
    dataDir: string,
  ) {
    this.avatarsDir = path.join(dataDir, 'images', 'avatars');
  }

  /**
   * Active members, never bots, with what each is reading now. Moderators also get inactive members
   * (isActiveParticipant false), so they can open such a profile and make it active again.
   */
  async list(viewer: User): Promise<UserListEntry[]> {
    // Moderators also see disabled accounts (isDisabled), to know who they are; members do not.
    const sql = sqliteOf(this.db);
    const byName = {
      orderBy: [
        ['name', 'ASC'],
        ['email', 'ASC'],
      ],
    } as const;
    const users = isModerator(viewer)
      ? findRows(sql, USERS, { isBot: false }, byName)
      : findRows(sql, USERS, { isBot: false, isActiveParticipant: true, disabledOn: null }, byName);
    const entries = findRows(sql, READING, 'all', { orderBy: 'id' });
    const readingOf = new Map<string, typeof entries>();
    for (const entry of entries) readingOf.set(entry.ownerId, [...(readingOf.get(entry.ownerId) ?? []), entry]);
    return users.map((user) => ({
      ...this.accounts.profileOf(user),
      currentlyReading: (readingOf.get(user.id) ?? []).map(toEntry),
    }));
  }

  async byEmail(email: string): Promise<User> {
    const user = findRow(sqliteOf(this.db), USERS, { email: email.trim(), isBot: false });
    if (!user) throw new NotFound('userNotFound');
    return user;
  }

  /** Owners edit their own profile, moderators anyone's; only a moderator changes isActiveParticipant. */
  async update(editor: User, email: string, fields: z.output<typeof profileUpdateSchema>): Promise<Profile> {
    const target = await this.byEmail(email);
    if (!mayChange(actorOf(editor), target.id)) throw new Forbidden('notYourProfile');
    const sql = sqliteOf(this.db);
    updateRows(
      sql,
      USERS,
      { id: target.id },
      {
        name: fields.name,
        phone: fields.phone,
        aboutMe: fields.aboutMe,
        goodreadsUrl: fields.goodreadsUrl,
        ...(isModerator(editor) && fields.isActiveParticipant !== undefined ? { isActiveParticipant: fields.isActiveParticipant } : {}),
      },
    );
    return this.accounts.profileOf(findRow(sql, USERS, { id: target.id })!);
  }

  async setLanguage(user: User, { language }: z.output<typeof languageChangeSchema>): Promise<Profile> {
    updateRows(sqliteOf(this.db), USERS, { id: user.id }, { language: language as Language });
    return this.accounts.profileOf({ ...user, language });
  }

  async setAvatar(user: User, upload: Buffer): Promise<Profile> {
    const file = await saveAvatar(upload, this.avatarsDir, user.id);
    updateRows(sqliteOf(this.db), USERS, { id: user.id }, { avatarFile: file });
    removeAvatar(this.avatarsDir, user.avatarFile);
    return this.accounts.profileOf({ ...user, avatarFile: file });
  }

  async currentlyReading(ownerId?: string): Promise<CurrentlyReading[]> {
    return findRows(sqliteOf(this.db), READING, ownerId ? { ownerId } : 'all', { orderBy: 'id' }).map(toEntry);
  }

  async addReading(user: User, { title, author }: z.output<typeof currentlyReadingSchema>): Promise<CurrentlyReading> {
    const entry = { ownerId: user.id, title, author, createdOn: new Date().toISOString() };
    return toEntry({ id: insertRow(sqliteOf(this.db), READING, entry), ...entry });
  }

  /** Members remove their own entries; moderators any. */
  async removeReading(user: User, entryId: number): Promise<void> {
    const sql = sqliteOf(this.db);
    const entry = findRow(sql, READING, { id: entryId });
    if (!entry) throw new NotFound('entryNotFound');
    if (!mayChange(actorOf(user), entry.ownerId)) throw new Forbidden('notYourProfile');
    deleteRows(sql, READING, { id: entryId });
  }
}
