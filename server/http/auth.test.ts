import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/data-source';
import { AccountsService } from '../features/accounts/accounts.service';
import { hashPassword } from '../features/accounts/password';
import { UserEntity, type User } from '../features/accounts/user.entity';
import { createMarkdown } from '../markdown';
import { authenticate, requireRole } from './auth';
import type { AppState } from './context';
import { errorMiddleware } from './error-middleware';
import { signToken } from './token';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';

// The guard on a tiny app of its own, over real HTTP: later features declare the same guard on their routes.
let server: http.Server;
let db: DataSource;
let base: string;
const secret = crypto.randomBytes(32);
const tokens: Record<string, string> = {};

async function addUser(name: string, flags: Partial<User>) {
  const user: User = {
    id: crypto.randomUUID(),
    email: `${name}@club.test`,
    name,
    passwordHash: await hashPassword('irrelevant password'),
    phone: null,
    aboutMe: null,
    goodreadsUrl: null,
    avatarFile: null,
    isModerator: false,
    isAdmin: false,
    isBot: false,
    isActiveParticipant: true,
    language: null,
    createdOn: new Date().toISOString(),
    ...flags,
  };
  await db.getRepository(UserEntity).insert(user);
  tokens[name] = await signToken(user.id, secret);
}

beforeAll(async () => {
  db = await openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-guard-')));
  await addUser('member', {});
  await addUser('moderator', { isModerator: true });
  await addUser('admin', { isAdmin: true, isModerator: true });
  await addUser('bot', { isBot: true });

  const router = new Router<AppState>();
  const ok = (ctx: Koa.ParameterizedContext<AppState>) => {
    ctx.body = { ok: true };
  };
  router.get('/member', requireRole('member'), ok);
  router.post('/member', requireRole('member'), ok);
  router.put('/preview', requireRole('member', { botsMay: true }), ok);
  router.get('/moderator', requireRole('moderator'), ok);
  router.get('/admin', requireRole('admin'), ok);

  const app = new Koa<AppState>();
  app.silent = true;
  app.use(errorMiddleware({ defaultLanguage: 'en', log: () => {} }));
  app.use(async (ctx, next) => {
    ctx.state.language = 'en';
    await next();
  });
  app.use(authenticate({ secret, accounts: new AccountsService(db, secret, createMarkdown()) }));
  app.use(router.routes());
  server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await db.destroy();
});

async function statusOf(method: string, route: string, who?: string) {
  const headers: Record<string, string> = who ? { Authorization: `Bearer ${tokens[who]}` } : {};
  return (await fetch(base + route, { method, headers })).status;
}

describe('role guards', () => {
  it('a visitor is asked to sign in', async () => {
    expect(await statusOf('GET', '/member')).toBe(401);
    expect(await statusOf('GET', '/moderator')).toBe(401);
  });

  it('a member passes member routes and is refused moderator and admin routes', async () => {
    expect(await statusOf('GET', '/member', 'member')).toBe(200);
    expect(await statusOf('POST', '/member', 'member')).toBe(200);
    expect(await statusOf('GET', '/moderator', 'member')).toBe(403);
    expect(await statusOf('GET', '/admin', 'member')).toBe(403);
  });

  it('a moderator passes moderator routes but not admin routes; an admin passes all', async () => {
    expect(await statusOf('GET', '/moderator', 'moderator')).toBe(200);
    expect(await statusOf('GET', '/admin', 'moderator')).toBe(403);
    expect(await statusOf('GET', '/admin', 'admin')).toBe(200);
    expect(await statusOf('GET', '/moderator', 'admin')).toBe(200);
  });

  it('a bot may read and preview, and nothing else', async () => {
    expect(await statusOf('GET', '/member', 'bot')).toBe(200);
    expect(await statusOf('PUT', '/preview', 'bot')).toBe(200);
    expect(await statusOf('POST', '/member', 'bot')).toBe(403);
    expect(await statusOf('GET', '/moderator', 'bot')).toBe(403);
    expect(await statusOf('GET', '/admin', 'bot')).toBe(403);
  });

  it('the refusal says why, as problem details', async () => {
    const res = await fetch(base + '/moderator', { headers: { Authorization: `Bearer ${tokens.member}` } });
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 403, detail: 'Sorry, this is a mods-only area.' });
  });
});
