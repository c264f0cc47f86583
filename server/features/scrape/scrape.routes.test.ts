import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/data-source';
import { authenticate } from '../../http/auth';
import type { AppState } from '../../http/context';
import { errorMiddleware } from '../../http/error-middleware';
import { requestLanguage } from '../../http/i18n';
import { signToken } from '../../http/token';
import { createMarkdown } from '../../markdown';
import { AccountsService } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/password';
import { UserEntity, type User } from '../accounts/user.entity';
import { BOOKS, startFakeGoodreads, type FakeGoodreads } from './fake-goodreads';
import { createGoodreadsScraper } from './goodreads-scraper';
import { scrapeRoutes } from './scrape.routes';

// The route over real HTTP in a small app with the real error middleware and sign-in, mounted under /api
// as server/app.ts mounts it, and the real scraper reading the fake Goodreads.
let server: http.Server;
let db: DataSource;
let base: string;
let goodreads: FakeGoodreads;
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
  db = await openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-scrape-')));
  await addUser('member', {});
  await addUser('bot', { isBot: true });
  goodreads = await startFakeGoodreads();

  const api = new Router<AppState>({ prefix: '/api' });
  api.use(scrapeRoutes(createGoodreadsScraper({ fetch: goodreads.fetch })).routes());
  const app = new Koa<AppState>();
  app.silent = true;
  app.use(errorMiddleware({ defaultLanguage: 'en', log: () => {} }));
  app.use(async (ctx, next) => {
    ctx.state.language = requestLanguage(ctx.get('Accept-Language'));
    await next();
  });
  app.use(authenticate({ secret, accounts: new AccountsService(db, secret, createMarkdown()) }));
  app.use(api.routes());
  app.use(api.allowedMethods());
  server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await goodreads.close();
  await db.destroy();
});

async function scrape(query: string, options: { who?: string; language?: string; path?: string } = {}) {
  const headers: Record<string, string> = { 'Accept-Language': options.language ?? 'en' };
  if (options.who) headers.Authorization = `Bearer ${tokens[options.who]}`;
  const response = await fetch(`${base}${options.path ?? '/api/scrape/'}${query}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

const bookLink = (path: string) => `?goodreadsUrl=${encodeURIComponent(`https://www.goodreads.com${path}`)}`;

describe('GET /api/scrape/?goodreadsUrl=', () => {
  it('answers a member the book, with and without the trailing slash', async () => {
    for (const path of ['/api/scrape/', '/api/scrape']) {
      const res = await scrape(bookLink(BOOKS.full), { who: 'member', path });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        title: "The Baker's Daughter & the Sea",
        author: "Mária Nováková, Seán O'Brien",
        pageCount: 352,
        imageUrl: expect.stringMatching(/^https:\/\/.+12345678\.jpg$/),
        url: `https://www.goodreads.com${BOOKS.full}`,
        description: expect.stringContaining('Ada Marsh'),
      });
    }
  });

  it('sends missing fields as null', async () => {
    const res = await scrape(bookLink(BOOKS.noDescription), { who: 'member' });
    expect(res.body).toMatchObject({ imageUrl: null, description: null });
  });

  it('a bot may read it too', async () => {
    expect((await scrape(bookLink(BOOKS.full), { who: 'bot' })).status).toBe(200);
  });

  it('asks a visitor to sign in', async () => {
    const res = await scrape(bookLink(BOOKS.full));
    expect(res.status).toBe(401);
  });

  it('a missing link is a 400 that says what to send', async () => {
    const res = await scrape('', { who: 'member' });
    expect(res.status).toBe(400);
    expect(res.type).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      detail: "Paste a link to the book's page on Goodreads.",
      errors: { goodreadsUrl: ["Paste a link to the book's page on Goodreads."] },
    });
  });

  it('a link elsewhere is a 400 in the caller language, and nothing is fetched', async () => {
    const before = goodreads.requested.length;
    const res = await scrape(`?goodreadsUrl=${encodeURIComponent('http://192.168.1.1/book/show/1')}`, {
      who: 'member',
      language: 'sk',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Načítať sa dajú len stránky kníh na Goodreads/);
    expect(goodreads.requested.length).toBe(before);
  });

  it('a book Goodreads does not have is a 404 with a readable detail', async () => {
    const res = await scrape(bookLink('/book/show/404'), { who: 'member' });
    expect(res).toMatchObject({ status: 404, body: { detail: 'Goodreads has no such book page.' } });
  });

  it('a failing Goodreads is a 502, a page without a book a 422, never a 500', async () => {
    const failing = await scrape(bookLink('/book/show/503'), { who: 'member' });
    expect(failing).toMatchObject({ status: 502, body: { detail: expect.stringContaining('(503)') } });
    const empty = await scrape(bookLink(BOOKS.noData), { who: 'member' });
    expect(empty).toMatchObject({ status: 422, body: { detail: expect.stringContaining('no book details') } });
  });
});
