import type { z } from 'zod';
import path from 'node:path';
import { IsNull, type DataSource, type Repository } from 'typeorm';
import type { Profile } from '../../../shared/api/accounts';
import { currentlyReadingSchema, languageChangeSchema, profileUpdateSchema, type CurrentlyReading, type UserListEntry } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { Forbidden, NotFound } from '../../http/errors';
import { actorOf, UserEntity, type AccountsService, type User } from '../accounts';
import { removeAvatar, saveAvatar } from './avatar';
import { CurrentlyReadingEntity, type CurrentlyReadingRow } from './currently-reading.entity';
import { isModerator, mayChange } from '../../../shared/rules';

const toEntry = (row: CurrentlyReadingRow): CurrentlyReading => ({ entryId: row.id, ownerId: row.ownerId, title: row.title, author: row.author });

export class UsersService {
  private readonly users: Repository<User>;
  private readonly reading: Repository<CurrentlyReadingRow>;
  readonly avatarsDir: string;

  constructor(
    db: DataSource,
    private readonly accounts: AccountsService,
    dataDir: string,
  ) {
    this.users = db.getRepository(UserEntity);
    this.reading = db.getRepository(CurrentlyReadingEntity);
    this.avatarsDir = path.join(dataDir, 'images', 'avatars');
  }

  /**
   * Active members, never bots, with what each is reading now. Moderators also get inactive members
   * (isActiveParticipant false), so they can open such a profile and make it active again.
   */
  async list(viewer: User): Promise<UserListEntry[]> {
    // Moderators also see disabled accounts (isDisabled), to know who they are; members do not.
    const where = isModerator(viewer) ? { isBot: false } : { isBot: false, isActiveParticipant: true, disabledOn: IsNull() };
    const users = await this.users.find({ where, order: { name: 'ASC', email: 'ASC' } });
    const entries = await this.reading.find({ order: { id: 'ASC' } });
    const readingOf = new Map<string, typeof entries>();
    for (const entry of entries) readingOf.set(entry.ownerId, [...(readingOf.get(entry.ownerId) ?? []), entry]);
    return users.map((user) => ({
      ...this.accounts.profileOf(user),
      currentlyReading: (readingOf.get(user.id) ?? []).map(toEntry),
    }));
  }

  async byEmail(email: string): Promise<User> {
    const user = await this.users.findOneBy({ email: email.trim(), isBot: false });
    if (!user) throw new NotFound('userNotFound');
    return user;
  }

  /** Owners edit their own profile, moderators anyone's; only a moderator changes isActiveParticipant. */
  async update(editor: User, email: string, fields: z.output<typeof profileUpdateSchema>): Promise<Profile> {
    const target = await this.byEmail(email);
    if (!mayChange(actorOf(editor), target.id)) throw new Forbidden('notYourProfile');
    await this.users.update(
      { id: target.id },
      {
        name: fields.name,
        phone: fields.phone,
        aboutMe: fields.aboutMe,
        goodreadsUrl: fields.goodreadsUrl,
        ...(isModerator(editor) && fields.isActiveParticipant !== undefined ? { isActiveParticipant: fields.isActiveParticipant } : {}),
      },
    );
    return this.accounts.profileOf((await this.users.findOneBy({ id: target.id }))!);
  }

  async setLanguage(user: User, { language }: z.output<typeof languageChangeSchema>): Promise<Profile> {
    await this.users.update({ id: user.id }, { language: language as Language });
    return this.accounts.profileOf({ ...user, language });
  }

  async setAvatar(user: User, upload: Buffer): Promise<Profile> {
    const file = await saveAvatar(upload, this.avatarsDir, user.id);
    await this.users.update({ id: user.id }, { avatarFile: file });
    removeAvatar(this.avatarsDir, user.avatarFile);
    return this.accounts.profileOf({ ...user, avatarFile: file });
  }

  async currentlyReading(ownerId?: string): Promise<CurrentlyReading[]> {
    return (await this.reading.find({ where: ownerId ? { ownerId } : {}, order: { id: 'ASC' } })).map(toEntry);
  }

  async addReading(user: User, { title, author }: z.output<typeof currentlyReadingSchema>): Promise<CurrentlyReading> {
    const saved = await this.reading.save({ ownerId: user.id, title, author, createdOn: new Date().toISOString() });
    return toEntry(saved as CurrentlyReadingRow);
  }

  /** Members remove their own entries; moderators any. */
  async removeReading(user: User, entryId: number): Promise<void> {
    const entry = await this.reading.findOneBy({ id: entryId });
    if (!entry) throw new NotFound('entryNotFound');
    if (!mayChange(actorOf(user), entry.ownerId)) throw new Forbidden('notYourProfile');
    await this.reading.delete({ id: entryId });
  }
}
