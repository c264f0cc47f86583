import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import type { Profile } from '../../../shared/api/accounts';
import { noticeboardSchema, registerBotSchema, registerUserSchema, type AdminData } from '../../../shared/api/admin';
import { Conflict, NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import { accountName, displayName, userTable, type AccountsService, type PasswordResetService, type User } from '../accounts';
import { sqliteOf } from '../../db/data-source';
import { countRows, findRow, findRows, insertRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { NOTICEBOARD_KEY, type ClubSettingsService } from '../home';
import { NEW_ACCOUNT_NEWSLETTER, type NewslettersService } from '../newsletters';
import { newUser } from './new-user';

/** Names in the order people read them (accents sorted with their letters). */
const BY_NAME = new Intl.Collator();

const USERS = userTable;

export class AdminService {
  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsService,
    private readonly clubSettings: ClubSettingsService,
    private readonly passwordReset: PasswordResetService,
    private readonly newsletters: NewslettersService,
    private readonly markdown: Markdown,
  ) {}

  async data(): Promise<AdminData> {
    return { noticeboard: (await this.clubSettings.get(NOTICEBOARD_KEY)) ?? '' };
  }

  async setNoticeboard({ text }: z.output<typeof noticeboardSchema>): Promise<AdminData & { html: string }> {
    await this.clubSettings.set(NOTICEBOARD_KEY, text);
    return { noticeboard: text, html: this.markdown.render(text) };
  }

  /**
   * A new member by email and name: no password, an invitation mail with a set-password link instead,
   * and subscribed to the club's basic news.
   */
  async registerUser(inviter: User, { email, name }: z.output<typeof registerUserSchema>): Promise<Profile> {
    const user = await this.create({ email, name: accountName(name, email), passwordHash: null, isBot: false });
    await this.newsletters.subscribe(user.id, NEW_ACCOUNT_NEWSLETTER);
    await this.passwordReset.invite(user, inviter);
    return this.accounts.profileOf(user);
  }

  async registerBot({ email, name, password }: z.output<typeof registerBotSchema>): Promise<Profile> {
    if (this.emailTaken(email)) throw new Conflict('emailTaken');
    const user = await this.create({ email, name, passwordHash: await this.accounts.hasher.hash(password), isBot: true });
    return this.accounts.profileOf(user);
  }

  /** The bots' names, as Obskurnee lists them (its admin page prints this list as it comes). */
  async bots(): Promise<string[]> {
    return findRows(sqliteOf(this.db), USERS, { isBot: true }, { select: ['name', 'email'] })
      .map((bot) => displayName(bot))
      .sort(BY_NAME.compare);
  }

  async makeModerator(email: string): Promise<Profile> {
    const sql = sqliteOf(this.db);
    const user = findRow(sql, USERS, { email: email.trim(), isBot: false });
    if (!user) throw new NotFound('userNotFound');
    updateRows(sql, USERS, { id: user.id }, { isModerator: true });
    return this.accounts.profileOf({ ...user, isModerator: true });
  }

  /**
   * Disables or enables a member's or bot's account. Disabling ends its sessions at once (every token
   * 401, live connections closed) and refuses its sign-ins; its posts stay. An admin never disables their
   * own account, so the club always keeps one who can enable the others.
   */
  async setDisabled(admin: User, email: string, disabled: boolean): Promise<Profile> {
    const user = findRow(sqliteOf(this.db), USERS, { email: email.trim() });
    if (!user) throw new NotFound('userNotFound');
    if (disabled && user.id === admin.id) throw new Conflict('cannotDisableSelf');
    if (disabled === (user.disabledOn !== null)) return this.accounts.profileOf(user);
    const disabledOn = disabled ? new Date().toISOString() : null;
    writeTransaction(this.db, (sql) => {
      updateRows(sql, USERS, { id: user.id }, { disabledOn });
      if (disabled) this.accounts.endSessions(user.id, sql);
    });
    if (disabled) this.accounts.sessionsEnded(user.id);
    return this.accounts.profileOf({ ...user, disabledOn });
  }

  private async create(fields: { email: string; name: string; passwordHash: string | null; isBot: boolean }): Promise<User> {
    if (this.emailTaken(fields.email)) throw new Conflict('emailTaken');
    const user = newUser({
      ...fields,
      // Bots never take part in votes or appear among members.
      isActiveParticipant: !fields.isBot,
    });
    try {
      insertRow(sqliteOf(this.db), USERS, user);
    } catch (error) {
      // Two registrations of one email racing: the unique index lets one through.
      if (String((error as Error).message).includes('UNIQUE')) throw new Conflict('emailTaken');
      throw error;
    }
    return user;
  }

  private emailTaken(email: string): boolean {
    return countRows(sqliteOf(this.db), USERS, { email }) > 0;
  }
}
