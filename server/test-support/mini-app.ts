import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { DataSource } from 'typeorm';
import { openDatabase, sqliteOf } from '../db/data-source';
import { insertRow } from '../db/table';
import { AccountsService } from '../features/accounts/accounts.service';
import { hashPassword } from '../features/accounts/password';
import { PasswordHasher } from '../features/accounts/password-hasher';
import { userTable, type User } from '../features/accounts/user.entity';
import { newUser } from '../features/admin/new-user';
import { authenticate } from '../http/auth';
import type { AppState } from '../http/context';
import { contractRouter, type ApiGroups } from '../http/contract-routes';
import { errorMiddleware } from '../http/error-middleware';
import type { RouteGroup, RouteSet } from '../http/route-handlers';
import { requestLanguage } from '../http/i18n';
import { signToken } from '../http/token';
import { createMarkdown } from '../markdown';

export interface MiniApp {
  base: string;
  db: DataSource;
  /** Adds an account with these flags and answers its bearer token. */
  tokenFor(name: string, flags?: Partial<User>): Promise<string>;
  close(): Promise<void>;
}

/**
 * A small app over real HTTP with the real error middleware, language and sign-in, and only the given
 * routes, registered from their contract entries as server/app.ts registers all of them: for testing one
 * feature's routes, or a guard, alone.
 */
export async function startMiniApp(...routeSets: RouteSet<RouteGroup, User>[]): Promise<MiniApp> {
  const db = await openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-mini-')));
  const secret = crypto.randomBytes(32);
  const api = contractRouter<ApiGroups, User>(
    Object.fromEntries(routeSets.map((set, index) => [index, set.group])),
    Object.fromEntries(routeSets.map((set, index) => [index, set])),
  );

  const app = new Koa<AppState<User>>();
  app.silent = true;
  app.use(errorMiddleware({ defaultLanguage: 'en', log: () => {} }));
  app.use(async (ctx, next) => {
    ctx.state.language = requestLanguage(ctx.get('Accept-Language'));
    await next();
  });
  app.use(authenticate(new AccountsService(db, secret, createMarkdown(), { hasher: new PasswordHasher(), setupCode: null })));
  app.use(api.routes());
  app.use(api.allowedMethods());
  const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));

  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db,
    async tokenFor(name, flags = {}) {
      const user = newUser({ email: `${name}@club.test`, name, passwordHash: await hashPassword('irrelevant password'), ...flags });
      insertRow(sqliteOf(db), userTable, user);
      return signToken(user.id, user.sessionVersion, secret);
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}
