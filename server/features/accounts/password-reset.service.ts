import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Language } from '../../../shared/constants';
import type BetterSqlite3 from 'better-sqlite3';
import { pages } from '../../../shared/pages';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, insertRow, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Invalid } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { MailOutbox } from '../../mail-outbox';
import { displayName } from './display-name';
import type { AccountsService } from './accounts.service';
import { resetTokenTable, type ResetPurpose } from './reset-token.entity';
import { userTable, type User } from './user.entity';

const USERS = userTable;
const TOKENS = resetTokenTable;

const LIFETIME_MS: Record<ResetPurpose, number> = {
  reset: 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

/** Reset mails one account gets at most per hour, whoever asks (DECISIONS.md "Abuse and sessions"). */
const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface LinkSettings {
  publicUrl: string;
  siteName: string;
  defaultLanguage: Language;
}

/**
 * Set-password links for invitations and resets: random, stored only hashed, single-use, expiring.
 * A member never gets a password by mail.
 */
export class PasswordResetService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: MailOutbox,
    private readonly links: LinkSettings,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * Answers the same whether or not the email belongs to anyone, so accounts cannot be probed. An account
   * gets at most RESET_MAILS_PER_HOUR; more asks are answered alike and mail nothing, so nobody can bomb a
   * member's inbox. A disabled account gets none.
   */
  async start(email: string): Promise<void> {
    const user = findRow(sqliteOf(this.db), USERS, { email: email.trim() });
    if (!user || user.isBot || user.disabledOn !== null) return;
    const since = new Date(Date.now() - HOUR_MS).toISOString();
    const { sent } = statement(
      sqliteOf(this.db),
      `SELECT COUNT(*) AS "sent" FROM ${TOKENS.name} WHERE ${TOKENS.column('userId')} = ? AND ${TOKENS.column('purpose')} = ? AND ${TOKENS.column('createdOn')} > ?`,
    ).get(user.id, 'reset' satisfies ResetPurpose, since) as { sent: number };
    if (sent >= RESET_MAILS_PER_HOUR) return;
    const link = await this.issue(user, 'reset');
    const language = user.language ?? this.links.defaultLanguage;
    const params = { name: displayName(user), siteName: this.links.siteName, link, email: user.email };
    this.outbox.enqueue([
      {
        to: user.email,
        subject: translate(language, 'mail:reset.subject', params),
        text: this.withSignature(language, translate(language, 'mail:reset.text', params)),
      },
    ]);
  }

  /** Mails a new member the link to choose their first password. */
  async invite(user: User, inviter: User): Promise<void> {
    const link = await this.issue(user, 'invitation');
    const language = user.language ?? this.links.defaultLanguage;
    const params = { name: displayName(user), inviter: displayName(inviter), siteName: this.links.siteName, link, email: user.email };
    this.outbox.enqueue([
      {
        to: user.email,
        subject: translate(language, 'mail:invitation.subject', params),
        text: this.withSignature(language, translate(language, 'mail:invitation.text', params)),
      },
    ]);
  }

  /**
   * Sets the password if the token is one of the user's live ones, and ends every session the account had.
   * Using a token spends every other token of the account too: the first link that works is the only one
   * that ever does. The token is checked before the (slow, bounded) hash, so bogus links cost nothing.
   */
  async finish(userId: string, token: string, password: string): Promise<void> {
    if (!this.isLive(sqliteOf(this.db), userId, token)) throw new Invalid('resetLinkInvalid');
    const passwordHash = await this.accounts.hasher.hash(password);
    const done = writeTransaction(this.db, (sql) => {
      // Checked again: another request may have spent the link while this one hashed.
      if (!this.isLive(sql, userId, token)) return false;
      updateRows(sql, TOKENS, { userId, usedOn: null }, { usedOn: new Date().toISOString() });
      updateRows(sql, USERS, { id: userId }, { passwordHash });
      this.accounts.endSessions(userId, sql);
      return true;
    });
    if (!done) throw new Invalid('resetLinkInvalid');
    this.accounts.sessionsEnded(userId);
  }

  /** Forgets links that expired: a used or expired link's row serves nothing once its time is past. */
  pruneExpired(now = new Date()): number {
    return statement(sqliteOf(this.db), `DELETE FROM ${TOKENS.name} WHERE ${TOKENS.column('expiresOn')} <= ?`).run(now.toISOString()).changes;
  }

  private isLive(sql: BetterSqlite3.Database, userId: string, token: string): boolean {
    const now = new Date().toISOString();
    // The account's tokens with this hash: one, in practice.
    return findRows(sql, TOKENS, { userId, tokenHash: sha256(token) }, { select: ['usedOn', 'expiresOn'] }).some(
      (row) => row.usedOn === null && row.expiresOn > now,
    );
  }

  private async issue(user: User, purpose: ResetPurpose): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    insertRow(sqliteOf(this.db), TOKENS, {
      userId: user.id,
      tokenHash: sha256(token),
      purpose,
      expiresOn: new Date(now + LIFETIME_MS[purpose]).toISOString(),
      usedOn: null,
      createdOn: new Date(now).toISOString(),
    });
    return `${this.links.publicUrl}${pages.passwordReset({ userId: user.id, token })}`;
  }

  private withSignature(language: Language, text: string): string {
    return `${text}\n\n${translate(language, 'mail:signature', { siteName: this.links.siteName })}\n`;
  }
}
