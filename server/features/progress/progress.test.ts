import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { BookProgress } from '../../../shared/api/progress';
import type { TestMember } from '../../test-support/members';
import { startReadingClub } from '../../test-support/reading-club';
import { ok } from '../../test-support/round-helpers';
import type { TestServer } from '../../test-support/test-server';

let club: TestServer;
let mod: string;
let ann: TestMember;
let ben: TestMember;
let bot: TestMember;
let book: Book;
let path: string;

beforeAll(async () => {
  ({ club, mod, ann, ben, bot, book } = await startReadingClub());
  path = `/api/books/${book.bookId}/progress`;
});
afterAll(async () => {
  await club.close();
});

const where = (progress: BookProgress) => progress.shared.map((entry) => [entry.name, entry.page, entry.percent, entry.finished]);

describe('reading progress', () => {
  it('a member records where they are; it stays theirs until they share it', async () => {
    const recorded = await ok<BookProgress>(club, 'PUT', path, ann.token, { page: 40 });
    expect(recorded.mine).toMatchObject({ userId: ann.userId, name: 'Ann', page: 40, percent: null, finished: false, shared: false });
    expect(recorded.shared).toEqual([]);
    expect(await ok<BookProgress>(club, 'GET', path, ann.token)).toEqual(recorded);

    const seenByBen = await ok<BookProgress>(club, 'GET', path, ben.token);
    expect(seenByBen).toEqual({ mine: null, shared: [] });
  });

  it("the club sees shared progress, furthest first: finished, then how far (a page as a share of the book's pages)", async () => {
    expect(book.post.pageCount).toBe(320);
    await ok(club, 'PUT', path, ann.token, { page: 160, shared: true }); // half of 320 pages
    await ok(club, 'PUT', path, ben.token, { percent: 60, shared: true });
    await ok(club, 'PUT', path, mod, { finished: true, shared: true });
    const progress = await ok<BookProgress>(club, 'GET', path, ben.token);
    expect(where(progress)).toEqual([
      ['host', null, null, true],
      ['Ben', null, 60, false],
      ['Ann', 160, null, false],
    ]);
    expect(progress.mine).toMatchObject({ userId: ben.userId, percent: 60, shared: true });
  });

  it('a member who hides their progress is no longer seen by anyone else, by any route', async () => {
    const hidden = await ok<BookProgress>(club, 'PUT', path, ann.token, { page: 200 });
    expect(hidden.mine).toMatchObject({ page: 200, shared: false });
    expect(hidden.shared.map((entry) => entry.name)).toEqual(['host', 'Ben']);
    expect((await ok<BookProgress>(club, 'GET', path, ben.token)).shared.map((entry) => entry.userId)).not.toContain(ann.userId);

    // Nothing else the club reads says where members are in a book.
    for (const other of ['/api/users', '/api/stats/users', `/api/books/${book.bookId}`, '/api/books', '/api/home']) {
      const answer = JSON.stringify(await ok(club, 'GET', other, ben.token));
      expect(answer, other).not.toMatch(/"percent"|"finished"|"page"\s*:\s*200/);
    }
  });

  it('finished replaces a page or a percentage; page numbers may come as numeric strings; extra fields are ignored', async () => {
    expect((await ok<BookProgress>(club, 'PUT', path, ben.token, { finished: true, shared: true })).mine).toMatchObject({
      page: null,
      percent: null,
      finished: true,
    });
    expect((await ok<BookProgress>(club, 'PUT', path, ben.token, { page: '42', shared: true, mood: 'happy' })).mine).toMatchObject({
      page: 42,
      percent: null,
      finished: false,
    });
    expect((await ok<BookProgress>(club, 'PUT', path, ben.token, { percent: '0', shared: true })).mine).toMatchObject({
      page: null,
      percent: 0,
      finished: false,
    });
    expect((await ok<BookProgress>(club, 'PUT', path, ben.token, { percent: 100, shared: true })).mine).toMatchObject({ percent: 100, finished: false });
  });

  it.each([
    [{ page: 10, percent: 20 }, 'Say where you are with exactly one of: a page, a percentage, or finished.'],
    [{ page: 10, finished: true }, 'Say where you are with exactly one of: a page, a percentage, or finished.'],
    [{}, 'Say where you are with exactly one of: a page, a percentage, or finished.'],
    [{ shared: true }, 'Say where you are with exactly one of: a page, a percentage, or finished.'],
    [{ page: 'ten' }, 'Enter a page number from 1 to 100000.'],
    [{ page: -3 }, 'Enter a page number from 1 to 100000.'],
    [{ page: 0 }, 'Enter a page number from 1 to 100000.'],
    [{ page: 12.5 }, 'Enter a page number from 1 to 100000.'],
    [{ page: 1e12 }, 'Enter a page number from 1 to 100000.'],
    [{ page: [1] }, 'Enter a page number from 1 to 100000.'],
    [{ percent: 101 }, 'Enter a percentage from 0 to 100.'],
    [{ percent: -1 }, 'Enter a percentage from 0 to 100.'],
    [{ percent: '50%' }, 'Enter a percentage from 0 to 100.'],
    [{ finished: false }, 'Send finished as true, or leave it out.'],
    [{ finished: 'yes' }, 'Send finished as true, or leave it out.'],
  ])('refuses %j with a clear reason and changes nothing', async (body, detail) => {
    const before = await ok<BookProgress>(club, 'GET', path, ann.token);
    const res = await club.call('PUT', path, { token: ann.token, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect(await ok<BookProgress>(club, 'GET', path, ann.token)).toEqual(before);
  });

  it('refuses a shared that is not true or false, and says why in Slovak to a Slovak reader', async () => {
    const wrong = await club.call('PUT', path, { token: ann.token, body: { page: 3, shared: 'yes' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['shared']);
    const sk = await club.call('PUT', path, { token: ann.token, body: { percent: 150 }, headers: { 'Accept-Language': 'sk' } });
    expect(sk.body.detail).toBe('Zadajte percentá od 0 do 100.');
    expect((await ok<BookProgress>(club, 'GET', path, ann.token)).mine).toMatchObject({ page: 200, shared: false });
  });

  it('an unknown book is 404; visitors are 401; bots read but never record', async () => {
    for (const method of ['GET', 'PUT']) {
      const body = method === 'PUT' ? { page: 1 } : undefined;
      expect((await club.call(method, '/api/books/999/progress', { token: ann.token, body })).status, method).toBe(404);
      expect((await club.call(method, '/api/books/abc/progress', { token: ann.token, body })).status, method).toBe(404);
      expect((await club.call(method, path, { body })).status, method).toBe(401);
    }
    expect((await club.call('PUT', path, { token: bot.token, body: { page: 1, shared: true } })).status).toBe(403);
    const botView = await ok<BookProgress>(club, 'GET', path, bot.token);
    expect(botView.mine).toBeNull();
    expect(botView.shared.map((entry) => entry.userId)).not.toContain(bot.userId);
  });
});
