import crypto from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import type { Language } from '../../../shared/constants';
import { writeTransaction } from '../../db/write-transaction';
import { Invalid } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { MailOutbox } from '../../mail-outbox';
import { displayName } from './display-name';
import { hashPassword } from './password';
import { ResetTokenEntity, type ResetPurpose, type ResetTokenRow } from './reset-token.entity';
import { UserEntity, type User } from './user.entity';

const LIFETIME_MS: Record<ResetPurpose, number> = {
  reset: 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

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
  private readonly users: Repository<User>;
  private readonly tokens: Repository<ResetTokenRow>;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: MailOutbox,
    private readonly links: LinkSettings,
  ) {
    this.users = db.getRepository(UserEntity);
    this.tokens = db.getRepository(ResetTokenEntity);
  }

  /** Answers the same whether or not the email belongs to anyone, so accounts cannot be probed. */
  async start(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.trim() });
    if (!user || user.isBot) return;
    const link = await this.issue(user, 'reset');
    const language = user.language ?? this.links.defaultLanguage;
    const params = { name: displayName(user), siteName: this.links.siteName, link, email: user.email };
    this.outbox.enqueue([
      { to: user.email, subject: translate(language, 'mail:reset.subject', params), text: this.withSignature(language, translate(language, 'mail:reset.text', params)) },
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
   * Sets the password if the token is one of the user's live ones. Using a token spends every other
   * token of the account too: the first link that works is the only one that ever does.
   */
  async finish(userId: string, token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const now = new Date().toISOString();
    const done = writeTransaction(this.db, (sql) => {
      const live = sql
        .prepare(`SELECT "id" FROM "reset_token" WHERE "userId" = ? AND "tokenHash" = ? AND "usedOn" IS NULL AND "expiresOn" > ?`)
        .get(userId, sha256(token), now);
      if (!live) return false;
      sql.prepare(`UPDATE "reset_token" SET "usedOn" = ? WHERE "userId" = ? AND "usedOn" IS NULL`).run(now, userId);
      sql.prepare(`UPDATE "user" SET "passwordHash" = ? WHERE "id" = ?`).run(passwordHash, userId);
      return true;
    });
    if (!done) throw new Invalid('resetLinkInvalid');
  }

  private async issue(user: User, purpose: ResetPurpose): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.tokens.insert({
      userId: user.id,
      tokenHash: sha256(token),
      purpose,
      expiresOn: new Date(now + LIFETIME_MS[purpose]).toISOString(),
      usedOn: null,
      createdOn: new Date(now).toISOString(),
    });
    return `${this.links.publicUrl}/passwordreset/${encodeURIComponent(user.id)}/${token}`;
  }

  private withSignature(language: Language, text: string): string {
    return `${text}\n\n${translate(language, 'mail:signature', { siteName: this.links.siteName })}\n`;
  }
}
