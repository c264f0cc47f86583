import crypto from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { LoginResponse, Profile } from '../../../shared/api/accounts';
import type { Markdown } from '../../markdown';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, insertRow, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { Conflict, Forbidden, Unauthorized } from '../../http/errors';
import { TokenVerifier, signToken } from '../../http/token';
import type { PasswordHasher } from './password-hasher';
import { anyUser } from './club-admin';
import { accountName } from './display-name';
import { toProfile } from './profile';
import { setupCodeMatches } from './setup-code';
import { userTable, type User } from './user.entity';

/** Where a first-admin setup comes from: the host's own machine needs no code, any other the printed one. */
export interface SetupAccess {
  fromHostMachine: boolean;
  setupCode: string | null;
}

export interface AccountsOptions {
  hasher: PasswordHasher;
  /** The one-time code printed on start while the club has no user; null once it has one. */
  setupCode: string | null;
  /** Called after an account's sessions ended, to close its live connections. */
  onSessionsEnded?: (userId: string) => void;
  /**
   * Called once the club's first admin exists: the newsletters subscribe it to the main newsletter, as every
   * new account is (DECISIONS.md "Obskurnee compatibility"); accounts cannot reach newsletters themselves.
   */
  onFirstAdmin?: (userId: string) => Promise<unknown>;
  /**
   * Keeps a value read on every request until the club's data changes (the app's AnswerCache.kept); by
   * default nothing is kept.
   */
  keptUntilWrite?: <T>(key: string, compute: () => T) => T;
}

const USERS = userTable;

/** Moves an account's session version on (every account's when `userId` is not given): tokens issued before stop working. */
function moveSessionVersion(sql: BetterSqlite3.Database, userId?: string): void {
  const version = USERS.column('sessionVersion');
  const set = `UPDATE ${USERS.name} SET ${version} = ${version} + 1`;
  if (userId === undefined) statement(sql, set).run();
  else statement(sql, `${set} WHERE ${USERS.column('id')} = ?`).run(userId);
}

export class AccountsService {
  private readonly tokens: TokenVerifier;

  constructor(
    private readonly db: DataSource,
    private readonly secret: Uint8Array,
    private readonly markdown: Markdown,
    private readonly options: AccountsOptions,
  ) {
    this.tokens = new TokenVerifier(secret);
  }

  get hasher(): PasswordHasher {
    return this.options.hasher;
  }

  async findById(id: string): Promise<User | null> {
    return findRow(sqliteOf(this.db), USERS, { id }) ?? null;
  }

  async hasAnyUser(): Promise<boolean> {
    return anyUser(sqliteOf(this.db));
  }

  profileOf(user: User): Profile {
    return toProfile(user, this.markdown);
  }

  /**
   * The account a session token stands for, while the session is valid: signed by this club, not expired,
   * the account still there and not disabled, and issued since its sessions last ended.
   */
  async sessionUser(token: string | undefined): Promise<User | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    // Every signed-in request asks this: one synchronous SQLite read, not a TypeORM query and its mapping,
    // and not even that until something is written.
    const read = () => findRow(sqliteOf(this.db), USERS, { id: claims.userId }) ?? null;
    const user = this.options.keptUntilWrite ? this.options.keptUntilWrite(`session-user ${claims.userId}`, read) : read();
    if (!user || user.disabledOn !== null || user.sessionVersion !== claims.sessionVersion) return null;
    return user;
  }

  /**
   * Ends every session of an account: tokens issued before stop working at once (401), and its live
   * connections close. Runs inside the caller's transaction when given its handle.
   */
  endSessions(userId: string, sql = sqliteOf(this.db)): void {
    moveSessionVersion(sql, userId);
  }

  /** After the transaction that ended the sessions committed: closes the account's live connections. */
  sessionsEnded(userId: string): void {
    this.options.onSessionsEnded?.(userId);
  }

  /**
   * Ends every account's sessions at once (after a restore brought back sessions ended since): every token
   * issued before stops working (401) and every live connection closes. `keepSignedIn`'s sessions end too;
   * the fresh token answered for it keeps the one who asked signed in.
   */
  async endEverySession(keepSignedIn: string): Promise<{ ended: number; token: string }> {
    const { ids, version } = writeTransaction(this.db, (sql) => {
      moveSessionVersion(sql);
      return {
        ids: findRows(sql, USERS, 'all', { select: ['id'] }).map((user) => user.id),
        version: findRows(sql, USERS, { id: keepSignedIn }, { select: ['sessionVersion'] })[0]?.sessionVersion,
      };
    });
    for (const id of ids) this.sessionsEnded(id);
    return { ended: ids.length, token: await signToken(keepSignedIn, version!, this.secret) };
  }

  /**
   * Creates the club's first admin, only while no user exists, and from another machine only with the
   * setup code. The cheap checks come before the hash; the existence check and the insert are one write
   * transaction, so two racing calls create exactly one admin.
   */
  async registerFirstAdmin(email: string, password: string, access: SetupAccess, name: string | null = null): Promise<Profile> {
    if (await this.hasAnyUser()) throw new Conflict('setupDone');
    if (!access.fromHostMachine) {
      if (!access.setupCode) throw new Forbidden('setupCodeRequired');
      if (!this.options.setupCode || !setupCodeMatches(this.options.setupCode, access.setupCode)) {
        throw new Forbidden('setupCodeWrong');
      }
    }
    const passwordHash = await this.hasher.hash(password);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const inserted = writeTransaction(this.db, (sql) => {
      if (anyUser(sql)) return false;
      insertRow(sql, USERS, {
        id,
        email,
        name: accountName(name, email),
        passwordHash,
        isModerator: true,
        isAdmin: true,
        isBot: false,
        isActiveParticipant: true,
        createdOn: now,
      });
      return true;
    });
    if (!inserted) throw new Conflict('setupDone');
    await this.options.onFirstAdmin?.(id);
    return this.profileOf((await this.findById(id))!);
  }

  /**
   * One answer for an unknown email and a wrong password, in the same time, so accounts cannot be probed.
   * A disabled account is told so, but only to someone who knows its password.
   */
  async login(email: string, password: string): Promise<LoginResponse> {
    const user = findRow(sqliteOf(this.db), USERS, { email });
    const ok = user?.passwordHash ? await this.hasher.verify(password, user.passwordHash) : await this.hasher.verifyDummy(password);
    if (!user || !ok) throw new Unauthorized('loginFailed');
    if (user.disabledOn !== null) throw new Forbidden('accountDisabled');
    if (this.hasher.needsRehash(user.passwordHash!)) {
      // A hash brought from Obskurnee: from now on the account has our own, made from the password just checked.
      const fresh = await this.hasher.hash(password);
      updateRows(sqliteOf(this.db), USERS, { id: user.id, passwordHash: user.passwordHash }, { passwordHash: fresh });
    }
    return { ...this.profileOf(user), token: await signToken(user.id, user.sessionVersion, this.secret) };
  }
}
