import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Round } from '../../../shared/api/rounds';
import { addMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { COVERS, QUERIES, startFakeOpenLibrary, type FakeOpenLibrary } from './fake-open-library';

// The routes over real HTTP in a whole club, asking a fake Open Library on 127.0.0.1 with a short time limit.
let club: TestServer;
let library: FakeOpenLibrary;
let admin: string;
let member: string;
let bot: string;

beforeAll(async () => {
  library = await startFakeOpenLibrary();
  club = await startTestServer({ openLibrary: { url: library.url, coversUrl: library.url, timeoutMs: 400 }, bookLookupsPerMinute: 1000 });
  admin = await setUpClub(club);
  member = (await addMember(club)).token;
  bot = (await addMember(club, { bot: true })).token;
});
afterAll(async () => {
  await club.close();
  await library.close();
});

const lookUp = (q: string, token: string | null = member) => club.call('GET', `/api/books/lookup?q=${encodeURIComponent(q)}`, { token: token ?? undefined });
const storeCover = (body: unknown, token = member) => club.call('POST', '/api/books/covers', { token, body });
const coverFile = (coverId: number) => path.join(club.dataDir, 'images', 'covers', `ol-${coverId}.webp`);

describe('GET /api/books/lookup?q=', () => {
  it("answers a member Open Library's books in their order, fields it leaves out as null", async () => {
    const res = await lookUp('Dune');
    expect(res.status).toBe(200);
    expect(res.body.books).toEqual([
      {
        key: '/works/OL893415W',
        title: 'Dune',
        author: 'Frank Herbert',
        year: 1965,
        pageCount: 604,
        url: `${library.url}/works/OL893415W`,
        coverId: COVERS.dune,
        isbn: '0441172717',
      },
      expect.objectContaining({ title: 'Dune: The Graphic Novel', author: null, pageCount: null, coverId: null, isbn: null, year: 2020 }),
      // Markup in a title is text (the renderer escapes it); more than three authors are cut to three.
      expect.objectContaining({ title: '<b>Dune</b> <script>alert(1)</script> Messiah', author: 'Frank Herbert, Brian Herbert, Kevin J. Anderson' }),
    ]);
    const asked = new URL(library.requested.at(-1)!, library.url);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      q: 'Dune',
      fields: 'key,title,author_name,first_publish_year,number_of_pages_median,isbn,cover_i',
      limit: '10',
    });
  });

  it('reads unicode titles and authors as they are', async () => {
    const res = await lookUp('čítať v lete');
    expect(res.body.books).toEqual([expect.objectContaining({ title: 'Čítať v lete', author: 'Mária Ďurčová', pageCount: 212 })]);
  });

  it('asks for an ISBN typed with hyphens as an ISBN', async () => {
    const res = await lookUp('978-0-441-17271-9');
    expect(res.body.books.map((book: { title: string }) => book.title)).toEqual(['Dune']);
    expect(new URL(library.requested.at(-1)!, library.url).searchParams.get('q')).toBe('isbn:9780441172719');
  });

  it('keeps answers: the same words again, in another case and spacing, do not ask Open Library', async () => {
    await lookUp('Frank Herbert Dune');
    const asked = library.requested.length;
    const again = await lookUp('  frank   HERBERT dune ');
    expect(again.status).toBe(200);
    expect(again.body.books[0].title).toBe('Dune');
    expect(library.requested.length).toBe(asked);
  });

  it('skips documents without a work key or a title, and reads fields of the wrong type as missing', async () => {
    const res = await lookUp(QUERIES.wrongTypes);
    expect(res.status).toBe(200);
    expect(res.body.books).toEqual([
      { key: '/works/OL5W', title: 'Odd fields', author: null, year: null, pageCount: null, url: `${library.url}/works/OL5W`, coverId: null, isbn: null },
    ]);
  });

  it.each([
    [QUERIES.slow, 'did not answer in time (1 s)'],
    [QUERIES.failing, 'error (500)'],
    [QUERIES.notJson, 'could not be read'],
    [QUERIES.huge, 'unexpectedly large'],
  ])('a failing Open Library (%s) is a quick 502 that says to fill the fields in by hand', async (q, words) => {
    const started = Date.now();
    const res = await lookUp(q);
    expect(res.status).toBe(502);
    expect(res.body.detail).toContain(words);
    expect(res.body.detail).toContain('by hand');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says it in Slovak too', async () => {
    const res = await club.call('GET', `/api/books/lookup?q=${encodeURIComponent(QUERIES.failing)}`, { token: member, headers: { 'Accept-Language': 'sk' } });
    expect(res.body.detail).toBe('Open Library vrátila chybu (500); vyplňte údaje ručne.');
  });

  it.each([
    ['no query', ''],
    ['an empty one', '?q='],
    ['one letter', '?q=a'],
    ['only spaces', `?q=${encodeURIComponent('     ')}`],
    ['a huge one', `?q=${'x'.repeat(5000)}`],
    ['201 characters', `?q=${'y'.repeat(201)}`],
    ['a line break', `?q=${encodeURIComponent('Dune\nHerbert')}`],
    ['a NUL', '?q=Dune%00'],
    ['an escape sequence', `?q=${encodeURIComponent('\u001b[2JDune')}`],
    ['the parameter twice', '?q=Dune&q=Emma'],
    ['q[]=', '?q[]=Dune'],
  ])('refuses %s with a 400 that says why, without asking Open Library', async (_, query) => {
    const asked = library.requested.length;
    const res = await club.call('GET', `/api/books/lookup${query}`, { token: member });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.detail).toBeTruthy();
    expect(library.requested.length).toBe(asked);
  });

  it('a bot may look up; a visitor must sign in', async () => {
    expect((await lookUp('Dune', bot)).status).toBe(200);
    expect((await lookUp('Dune', null)).status).toBe(401);
  });

  it('home tells members the lookup is there', async () => {
    expect((await club.call('GET', '/api/home', { token: member })).body.bookLookup).toBe(true);
    expect((await club.call('GET', '/api/home')).body.bookLookup).toBe(false);
  });
});

describe('POST /api/books/covers', () => {
  it("keeps a cover in the club, fitted in 400 × 600 as WebP, and serves it from the club's own address", async () => {
    const res = await storeCover({ coverId: COVERS.dune });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imageUrl: `/images/covers/ol-${COVERS.dune}.webp` });
    expect(library.requested).toContain(`/b/id/${COVERS.dune}-L.jpg?default=false`);
    const served = await fetch(club.url + res.body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400, height: 600 });
  });

  it('fetches a cover once: storing it again answers the same address, and keeps the cover from housekeeping a while', async () => {
    const asked = library.requested.length;
    const longAgo = new Date('2020-01-01T00:00:00Z');
    fs.utimesSync(coverFile(COVERS.dune), longAgo, longAgo);
    expect((await storeCover({ coverId: COVERS.dune })).body.imageUrl).toBe(`/images/covers/ol-${COVERS.dune}.webp`);
    expect(library.requested.length).toBe(asked);
    // A form is about to use it: cover-pruning.ts counts a day from now.
    expect(Date.now() - fs.statSync(coverFile(COVERS.dune)).mtimeMs).toBeLessThan(60_000);
  });

  it('follows a forward within the covers host, and no other', async () => {
    expect((await storeCover({ coverId: COVERS.forwarded })).status).toBe(200);
    const away = await storeCover({ coverId: COVERS.forwardedAway });
    expect(away.status).toBe(502);
    expect(away.body.detail).toContain('http://covers.example.net');
    expect(fs.existsSync(coverFile(COVERS.forwardedAway))).toBe(false);
  });

  it('keeps nothing when Open Library answers no picture or no cover', async () => {
    const broken = await storeCover({ coverId: COVERS.notImage });
    expect(broken.status).toBe(502);
    expect(broken.body.detail).toContain('not a picture');
    expect(fs.existsSync(coverFile(COVERS.notImage))).toBe(false);
    const missing = await storeCover({ coverId: 999 });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Open Library has no such cover.');
  });

  it.each([
    [{}],
    [{ coverId: -1 }],
    [{ coverId: 1.5 }],
    [{ coverId: '../../token-secret.key' }],
    [{ coverId: 'https://example.org/a.jpg' }],
    [{ coverId: [1] }],
    [{ coverId: 1e12 }],
  ])('refuses %j with a 400, without asking Open Library', async (body) => {
    const asked = library.requested.length;
    const res = await storeCover(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBeTruthy();
    expect(library.requested.length).toBe(asked);
  });

  it('a bot may not store covers', async () => {
    expect((await storeCover({ coverId: COVERS.dune }, bot)).status).toBe(403);
  });

  it("a suggestion may carry the club's own cover, but no other path on the club", async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Lookup round' });
    const discussion = `/api/discussions/${round.bookDiscussionId}`;
    const imageUrl = `/images/covers/ol-${COVERS.dune}.webp`;
    expect((await ok(club, 'POST', discussion, member, bookSuggestion('Dune', { imageUrl }))).imageUrl).toBe(imageUrl);
    for (const other of ['/images/covers/../token-secret.key', '/api/home', '//evil.example/x.jpg', 'javascript:alert(1)']) {
      const res = await club.call('POST', discussion, { token: member, body: bookSuggestion('Dune again', { imageUrl: other }) });
      expect(res.status, other).toBe(400);
    }
  });
});

describe('without OPEN_LIBRARY_URL', () => {
  it('the lookup is off (503), home says so, and a member asking too often is held back', async () => {
    const off = await startTestServer({ bookLookupsPerMinute: 3 });
    try {
      await setUpClub(off);
      const token = (await addMember(off)).token;
      expect((await off.call('GET', '/api/home', { token })).body.bookLookup).toBe(false);
      const res = await off.call('GET', '/api/books/lookup?q=Dune', { token });
      expect(res.status).toBe(503);
      expect(res.body.detail).toContain('turned off');
      expect((await off.call('POST', '/api/books/covers', { token, body: { coverId: 1 } })).status).toBe(503);
      await off.call('GET', '/api/books/lookup?q=Dune', { token });
      expect((await off.call('GET', '/api/books/lookup?q=Dune', { token })).status).toBe(429);
    } finally {
      await off.close();
    }
  });
});
