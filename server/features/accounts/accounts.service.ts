import crypto from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import type { LoginResponse, Profile } from '../../../shared/api/accounts';
import type { Markdown } from '../../markdown';
import { sqliteOf } from '../../db/data-source';
import { Conflict, Unauthorized } from '../../http/errors';
import { signToken } from '../../http/token';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { toProfile } from './profile';
import { UserEntity, type User } from './user.entity';

export class AccountsService {
  private readonly users: Repository<User>;

  constructor(
    private readonly db: DataSource,
    private readonly secret: Uint8Array,
    private readonly markdown: Markdown,
  ) {
    this.users = db.getRepository(UserEntity);
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  async hasAnyUser(): Promise<boolean> {
    return (await this.users.count({ take: 1 })) > 0;
  }

  profileOf(user: User): Profile {
    return toProfile(user, this.markdown);
  }

  /**
   * Creates the club's first admin, only while no user exists. The existence check and the insert are one
   * SQL statement, so two racing calls create exactly one admin.
   */
  async registerFirstAdmin(email: string, password: string): Promise<Profile> {
    const passwordHash = await hashPassword(password);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const inserted = sqliteOf(this.db)
      .prepare(
        `INSERT INTO "user" ("id", "email", "name", "passwordHash", "isModerator", "isAdmin", "isBot", "isActiveParticipant", "createdOn")
         SELECT ?, ?, ?, ?, 1, 1, 0, 1, ? WHERE NOT EXISTS (SELECT 1 FROM "user")`,
      )
      .run(id, email, '', passwordHash, now).changes;
    if (inserted !== 1) throw new Conflict('setupDone');
    return this.profileOf((await this.findById(id))!);
  }

  /** One answer for an unknown email and a wrong password, in the same time, so accounts cannot be probed. */
  async login(email: string, password: string): Promise<LoginResponse> {
    const user = await this.users.findOneBy({ email });
    const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
    if (!user || !ok) throw new Unauthorized('loginFailed');
    return { ...this.profileOf(user), token: await signToken(user.id, this.secret) };
  }
}
