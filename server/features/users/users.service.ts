import type { z } from 'zod';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { Profile } from '../../../shared/api/accounts';
import {
  currentlyReadingSchema,
  languageChangeSchema,
  profileUpdateSchema,
  USER_LIST_READING_LIMIT,
  type CurrentlyReading,
  type userPageQuerySchema,
  type UserListEntry,
  type UserPage,
} from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, findRow, findRows, findRowsIn, insertRow, statement, updateRows } from '../../db/table';
import { Conflict, Forbidden, NotFound } from '../../http/errors';
import { actorOf, userTable, type AccountsService, type User } from '../accounts';
import { removeAvatar, saveAvatar } from './avatar';
import { currentlyReadingTable, type CurrentlyReadingRow } from './currently-reading.entity';
import { DIRECTORY_COLUMNS, MemberDirectory, pageOf } from './member-directory';
import { isModerator, mayChange } from '../../../shared/rules';

const USERS = userTable;
const READING = currentlyReadingTable;

const toEntry = (row: CurrentlyReadingRow): CurrentlyReading => ({
  entryId: row.id,
  ownerId: row.ownerId,
  title: row.title,
  author: row.author,
  fromShelf: row.fromShelf,
});

/**
 * Whom a caller may list: members see those who take part and can sign in; moderators everyone, unless
 * they ask for those alone (the members page). Never bots.
 */
const LISTED = {
  everyone: { isBot: false },
  active: { isBot: false, isActiveParticipant: true, disabledOn: null },
} as const satisfies Record<string, Partial<User>>;
const scopeOf = (viewer: User, activeOnly = false): keyof typeof LISTED => (isModerator(viewer) && !activeOnly ? 'everyone' : 'active');
const listedBy = (viewer: User, activeOnly = false): Partial<User> => LISTED[scopeOf(viewer, activeOnly)];

/** The first entries of each owner's reading (oldest first) and how many each has: a page's cards, in one read. */
const FIRST_READING = `
  SELECT * FROM (
    SELECT ${READING.columns()},
      ROW_NUMBER() OVER (PARTITION BY ${READING.qualified('ownerId')} ORDER BY ${READING.qualified('id')}) AS "place",
      COUNT(*) OVER (PARTITION BY ${READING.qualified('ownerId')}) AS "ofOwner"
    FROM ${READING.name}
    WHERE ${READING.qualified('ownerId')} IN (SELECT "value" FROM json_each(?))
  ) WHERE "place" <= ? ORDER BY "id"`;

export class UsersService {
  readonly avatarsDir: string;
  private readonly directory = new MemberDirectory();

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
    const users = findRows(sql, USERS, listedBy(viewer), byName);
    const entries = findRows(sql, READING, 'all', { orderBy: 'id' });
    const readingOf = new Map<string, typeof entries>();
    for (const entry of entries) readingOf.set(entry.ownerId, [...(readingOf.get(entry.ownerId) ?? []), entry]);
    return users.map((user) => ({
      ...this.accounts.profileOf(user),
      currentlyReading: (readingOf.get(user.id) ?? []).map(toEntry),
    }));
  }

  /**
   * A page of the list (GET /api/users/page): whom the caller may list, searched, in order, after the
   * cursor; each member with the first of their reading, as a card shows it.
   */
  async page(viewer: User, query: z.output<typeof userPageQuerySchema>, language: Language): Promise<UserPage> {
    const sql = sqliteOf(this.db);
    const scope = scopeOf(viewer, query.active);
    const listing = this.directory.listing(sql, scope, query.order, language, () => findRows(sql, USERS, LISTED[scope], { select: DIRECTORY_COLUMNS }));
    const { ids, total, next } = pageOf(listing, query);
    const rows = new Map(findRowsIn(sql, USERS, 'id', ids).map((row) => [row.id, row]));
    const reading = new Map<string, { shown: CurrentlyReading[]; count: number }>();
    for (const raw of statement(sql, FIRST_READING).all(JSON.stringify(ids), USER_LIST_READING_LIMIT) as (CurrentlyReadingRow & { ofOwner: number })[]) {
      const ofOwner = reading.get(raw.ownerId) ?? { shown: [], count: raw.ofOwner };
      ofOwner.shown.push(toEntry(raw));
      reading.set(raw.ownerId, ofOwner);
    }
    const users = ids.flatMap((id) => {
      const row = rows.get(id);
      return row
        ? [{ ...this.accounts.profileOf(row), currentlyReading: reading.get(id)?.shown ?? [], currentlyReadingCount: reading.get(id)?.count ?? 0 }]
        : [];
    });
    return { users, total, next, counts: listing.counts };
  }

  /**
   * One member by email or user id (GET /api/users/{email}), with all they read: one the caller may list,
   * or the caller themselves (a member who does not take part still opens their own profile).
   */
  async member(viewer: User, emailOrId: string): Promise<UserListEntry> {
    const sql = sqliteOf(this.db);
    const wanted = emailOrId.trim();
    const own = wanted === viewer.id || wanted.toLowerCase() === viewer.email.toLowerCase();
    const key: Partial<User> = own ? { id: viewer.id } : wanted.includes('@') ? { email: wanted } : { id: wanted };
    const user = findRow(sql, USERS, { ...(own ? { isBot: false } : listedBy(viewer)), ...key });
    if (!user) throw new NotFound('userNotFound');
    return { ...this.accounts.profileOf(user), currentlyReading: await this.currentlyReading(user.id) };
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
    const entry = { ownerId: user.id, title, author, createdOn: new Date().toISOString(), shelfEntryId: null, fromShelf: null };
    return toEntry({ id: insertRow(sqliteOf(this.db), READING, entry), ...entry });
  }

  /** Members remove their own entries; moderators any. */
  async removeReading(user: User, entryId: number): Promise<void> {
    const sql = sqliteOf(this.db);
    const entry = findRow(sql, READING, { id: entryId });
    if (!entry) throw new NotFound('entryNotFound');
    if (!mayChange(actorOf(user), entry.ownerId)) throw new Forbidden('notYourProfile');
    // It mirrors a book on the member's linked shelf: the next reading would bring it back.
    if (entry.shelfEntryId !== null) throw new Conflict('entryFromShelf');
    deleteRows(sql, READING, { id: entryId });
  }
}
