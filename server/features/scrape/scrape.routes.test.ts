import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptThrottle } from '../accounts/attempt-throttle';
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
  app = await startMiniApp(scrapeRoutes(createGoodreadsScraper({ fetch: goodreads.fetch, readWithinMs: 1_000 }), { throttle: perMinute(1000) }));
  base = app.base;
  tokens.member = await app.tokenFor('member');
  tokens.bot = await app.tokenFor('bot', { isBot: true });
});
afterAll(async () => {
  await app.close();
  await goodreads.close();
});

/** The throttle server/app.ts gives the route (the book lookup's), with `limit` a minute. */
const perMinute = (limit: number) =>
  new AttemptThrottle({ windowMs: 60_000, perAddress: limit, perAccountAddress: limit, slowAfter: Infinity, refusalKey: 'tooManyRequests' });

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

  it('a page made to be slow to read is a 422 within the deadline, and the club answers meanwhile', async () => {
    // Read on the club's thread, this page took minutes; in the reading thread it is stopped at its deadline.
    let longestGap = 0;
    let last = performance.now();
    const ticking = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 10);
    try {
      const started = performance.now();
      const res = await scrape(bookLink('/book/show/12-hostile'), { who: 'member' });
      expect(res).toMatchObject({ status: 422, body: { detail: expect.stringContaining("within the club's limits") } });
      expect(performance.now() - started).toBeLessThan(6_000);
    } finally {
      clearInterval(ticking);
    }
    // Read on this thread the page would stall it for minutes; a second allows for a busy 2-core machine.
    expect(longestGap).toBeLessThan(1_000);
    // The next page is read as ever.
    expect((await scrape(bookLink(BOOKS.full), { who: 'member' })).status).toBe(200);
  });
});

describe('a member scraping too often', () => {
  it('is held back (429) past the limit, before Goodreads is asked', async () => {
    const limited = await startMiniApp(scrapeRoutes(createGoodreadsScraper({ fetch: goodreads.fetch }), { throttle: perMinute(3) }));
    try {
      const token = await limited.tokenFor('eager');
      const ask = () => fetch(`${limited.base}/api/scrape/${bookLink(BOOKS.full)}`, { headers: { Authorization: `Bearer ${token}` } });
      for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
      const asked = goodreads.requested.length;
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(goodreads.requested.length).toBe(asked);
    } finally {
      await limited.close();
    }
  });
});
