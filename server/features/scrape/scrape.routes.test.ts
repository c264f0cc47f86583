import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMiniApp, type MiniApp } from '../../test-support/mini-app';
import { BOOKS, startFakeGoodreads, type FakeGoodreads } from './fake-goodreads';
import { createGoodreadsScraper } from './goodreads-scraper';
import { scrapeRoutes } from './scrape.routes';

// The route over real HTTP with the real error middleware and sign-in, mounted under /api as server/app.ts
// mounts it, and the real scraper reading the fake Goodreads.
let app: MiniApp;
let base: string;
let goodreads: FakeGoodreads;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  goodreads = await startFakeGoodreads();
  app = await startMiniApp(scrapeRoutes(createGoodreadsScraper({ fetch: goodreads.fetch })));
  base = app.base;
  tokens.member = await app.tokenFor('member');
  tokens.bot = await app.tokenFor('bot', { isBot: true });
});
afterAll(async () => {
  await app.close();
  await goodreads.close();
});

async function scrape(query: string, options: { who?: string; language?: string; path?: string } = {}) {
  const headers: Record<string, string> = { 'Accept-Language': options.language ?? 'en' };
  if (options.who) headers.Authorization = `Bearer ${tokens[options.who]}`;
  const response = await fetch(`${base}${options.path ?? '/api/scrape/'}${query}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
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
