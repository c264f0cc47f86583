import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { Post } from '../../../shared/api/discussions';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { Review } from '../../../shared/api/reviews';
import type { Round } from '../../../shared/api/rounds';
import type { CurrentlyReading, UserListEntry } from '../../../shared/api/users';
import { DATABASE_FILE } from '../../db/data-source';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { FIXTURE_COUNTS, FIXTURE_USERS, createObskurneeFixture } from './fixture';
import { ImportError, importObskurnee, type ImportReport } from './import-obskurnee';

const { admin, moderator, member, inactive, bot } = FIXTURE_USERS;

let work: string;
let source: string;
let imagesDir: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-obskurnee-'));
  source = path.join(work, 'obskurnee.db');
  ({ imagesDir } = createObskurneeFixture(source));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('an Obskurnee club moved over', () => {
  let dataDir: string;
  let report: ImportReport;
  let club: TestServer;
  let token: string;

  beforeAll(async () => {
    dataDir = path.join(work, 'club');
    report = await importObskurnee({ file: source, dataDir, imagesDir });
    club = await startTestServer({ dataDir });
    const login = await club.call('POST', '/api/accounts/login', { body: { email: admin.email, password: admin.password } });
    expect(login.status).toBe(200);
    token = login.body.token;
  });
  afterAll(async () => {
    await club?.server.close();
  });
  const get = async (apiPath: string) => {
    const answer = await club.call('GET', apiPath, { token });
    expect(answer.status, apiPath).toBe(200);
    return answer.body;
  };

  it('reports every count of the fixture, and what it could not map', () => {
    expect(report.counts).toEqual(FIXTURE_COUNTS);
    expect(report.problems.join('\n')).toMatch(/language "cs"/);
  });

  it('lets members sign in with their Obskurnee passwords, and keeps our own hash from then on', async () => {
    const stored = () => new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    const hashOf = (email: string) => {
      const db = stored();
      try {
        return (db.prepare(`SELECT "passwordHash" FROM "user" WHERE "email" = ?`).get(email) as { passwordHash: string }).passwordHash;
      } finally {
        db.close();
      }
    };
    // The admin signed in above: the hash is ours now, and the password still works.
    expect(hashOf(admin.email)).toMatch(/^scrypt\$/);
    expect((await club.call('POST', '/api/accounts/login', { body: { email: admin.email, password: admin.password } })).status).toBe(200);
    // Peter's (HMAC-SHA256, 10,000 iterations) is still Identity's until he signs in.
    expect(hashOf(moderator.email)).toMatch(/^aspnet-identity\$/);
    expect((await club.call('POST', '/api/accounts/login', { body: { email: moderator.email, password: 'wrong password' } })).status).toBe(401);
    expect(hashOf(moderator.email)).toMatch(/^aspnet-identity\$/);
    const peter = await club.call('POST', '/api/accounts/login', { body: { email: moderator.email, password: moderator.password } });
    expect(peter.status).toBe(200);
    expect(peter.body).toMatchObject({ name: 'Peter Šťastný', isModerator: true, isAdmin: false, language: 'en', externalProfileSystem: 'Storygraph' });
    expect(hashOf(moderator.email)).toMatch(/^scrypt\$/);
    // A bot signs in as before; a member whose sign-in Obskurnee had turned off still cannot.
    expect((await club.call('POST', '/api/accounts/login', { body: { email: bot.email, password: bot.password } })).status).toBe(200);
    expect((await club.call('POST', '/api/accounts/login', { body: { email: inactive.email, password: inactive.password } })).status).toBe(403);
  });

  it("keeps members' ids, roles, profiles, avatars and languages", async () => {
    const me = await get('/api/accounts/context');
    expect(me).toMatchObject({ userId: admin.id, name: 'Zuzana Kováčová', isAdmin: true, isModerator: true, phone: '+421 900 123 456', language: 'sk' });
    expect(me.aboutMeHtml).toContain('<strong>všetko</strong>');
    expect(me.avatarUrl).toMatch(/^\/images\/avatars\/.+\.webp$/);
    expect((await fetch(club.url + me.avatarUrl)).status).toBe(200);
    const users: UserListEntry[] = await get('/api/users');
    const lubica = users.find((u) => u.userId === member.id);
    expect(lubica).toMatchObject({ name: 'Ľubica Ďurišová', language: null, isModerator: false, isActiveParticipant: true });
    expect(lubica!.avatarUrl).toMatch(/\.webp$/); // from --images
    expect(users.find((u) => u.userId === inactive.id)).toMatchObject({ isActiveParticipant: false });
    expect(users.some((u) => u.userId === bot.id)).toBe(false);
    expect((await get('/api/admin/bots')).map((b: string | { name: string }) => (typeof b === 'string' ? b : b.name))).toEqual(['Kalendárový bot']);
    const lists = await get('/api/newsletters/all');
    expect(lists.basicevents).toHaveLength(3);
    expect(lists.allevents).toHaveLength(1);
    expect(await get('/api/newsletters')).toEqual(expect.arrayContaining(['basicevents', 'allevents']));
  });

  it("reads a round's whole history back as Obskurnee showed it: discussion, poll, tiebreaker, book", async () => {
    const rounds: Round[] = await get('/api/rounds');
    const spring = rounds.find((r) => r.roundId === 1);
    expect(spring).toMatchObject({
      title: 'Jarné čítanie',
      topic: 'Books',
      description: 'Navrhujte knihy na **jar**.',
      bookDiscussionId: 3,
      bookPollId: 5,
      bookTiebreakerPollId: 6,
      bookId: 2,
    });

    const discussion = await get('/api/discussions/3');
    expect(discussion).toMatchObject({ discussionId: 3, title: 'Jarné čítanie: návrhy kníh', topic: 'Books', isClosed: true, pollId: 5 });
    expect(discussion.posts.map((p: Post) => p.postId)).toEqual([1, 2, 4]);
    expect(discussion.posts[0]).toMatchObject({
      title: 'Hlava XXII',
      author: 'Joseph Heller',
      pageCount: 480,
      ownerId: admin.id,
      ownerName: 'Zuzana Kováčová',
      imageUrl: '/images/covers/HlavaXXII48213.jpg',
    });

    const { poll } = await get('/api/polls/5');
    expect(poll).toMatchObject({ pollId: 5, discussionId: 3, isClosed: true, isTiebreaker: false, followupLink: { kind: 'Poll', entityId: 6 } });
    expect(poll.results.votes).toEqual([
      { postId: 1, votes: 2, percentage: 50 },
      { postId: 2, votes: 2, percentage: 50 },
      { postId: 4, votes: 1, percentage: 25 },
    ]);
    expect(poll.results.alreadyVoted).toHaveLength(4);

    const { poll: tiebreaker, myVote } = await get('/api/polls/6');
    expect(tiebreaker).toMatchObject({ pollId: 6, isTiebreaker: true, previousPollId: 5, isClosed: true, followupLink: { kind: 'Book', entityId: 2 } });
    expect(tiebreaker.results.winnerPostId).toBe(1);
    expect(tiebreaker.options.map((o: Post) => o.postId)).toEqual([1, 2]);
    expect(myVote).toEqual({ pollId: 6, postIds: [1] });

    const book = await get('/api/books/2');
    expect(book).toMatchObject({ bookId: 2, order: 1, post: { postId: 1, title: 'Hlava XXII' } });
  });

  it('keeps the rest of the history: themes, a tiebreaker settled by lot, reposts, reviews, recommendations', async () => {
    const { poll: themes } = await get('/api/polls/11');
    expect(themes).toMatchObject({ topic: 'Themes', followupLink: { kind: 'Discussion', entityId: 12 } });
    const summer = await get('/api/discussions/12');
    expect(summer.posts.map((p: Post) => [p.postId, p.parentPostId, p.parentRecommendationId])).toEqual([
      [22, 4, null],
      [23, null, 7],
      [24, null, null],
    ]);
    const { poll: byLot } = await get('/api/polls/16');
    expect(byLot).toMatchObject({ decidedByLot: true, results: { winnerPostId: 31 } });

    const books: Book[] = await get('/api/books/');
    expect(books.map((b) => [b.bookId, b.order])).toEqual([
      [5, 3],
      [3, 2],
      [2, 1],
    ]);
    const reviews: Review[] = await get('/api/reviews/book/2');
    expect(reviews.map((r) => r.rating).sort()).toEqual([5, null]);
    expect(reviews.find((r) => r.rating === 5)!.renderedReviewText).toContain('<strong>odporúčam</strong>');

    const recommendations: Recommendation[] = await get('/api/recommendations/');
    expect(recommendations.map((r) => r.recommendationId).sort()).toEqual([7, 8]);
    expect((await get('/api/reviews/currentlyreading')).map((e: CurrentlyReading) => e.title)).toEqual(['Anna Kareninová']);
    expect((await get('/api/home')).notice).toContain('<strong>piatok</strong>');
    expect((await get('/api/discussions/17')).isClosed).toBe(false);
    const found: unknown = await get(`/api/search?query=${encodeURIComponent('citanie')}`);
    expect(Array.isArray(found)).toBe(true);
  });

  it('numbers what the club makes next after the imported ids', async () => {
    const started = await club.call('POST', '/api/rounds', { token, body: { topic: 'Books', title: 'Nové kolo', description: '' } });
    expect(started.status).toBe(200);
    expect(started.body.roundId).toBe(5);
    expect(started.body.bookDiscussionId).toBe(18);
  });

  it('refuses a second import into the same folder, and changes nothing', async () => {
    await expect(importObskurnee({ file: source, dataDir })).rejects.toThrow(/Stop it first/);
    await club.server.close();
    // (Reading the database may leave SQLite's -wal and -shm beside it; the club itself stays as it was.)
    const contents = () =>
      fs
        .readdirSync(dataDir)
        .filter((name) => !/-(wal|shm)$/.test(name))
        .sort();
    const before = contents();
    const bytes = fs.readFileSync(path.join(dataDir, DATABASE_FILE));
    await expect(importObskurnee({ file: source, dataDir })).rejects.toThrow(/already holds a club \(5 members\)/);
    expect(contents()).toEqual(before);
    expect(fs.readFileSync(path.join(dataDir, DATABASE_FILE)).equals(bytes)).toBe(true);
  });
});

describe('files that are not an Obskurnee club', () => {
  const attempt = async (file: string) => {
    const dataDir = path.join(work, `empty-${crypto.randomBytes(4).toString('hex')}`);
    const error = await importObskurnee({ file, dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []).toEqual([]);
    return (error as Error).message;
  };

  it('refuses random bytes with a readable message and leaves the folder empty', async () => {
    const junk = path.join(work, 'junk.db');
    fs.writeFileSync(junk, crypto.randomBytes(8192));
    expect(await attempt(junk)).toMatch(/not a readable Obskurnee database|damaged|Cannot open/);
  });

  it("refuses another app's SQLite database, naming what is missing", async () => {
    const other = path.join(work, 'other.db');
    const db = new Database(other);
    db.exec(`CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "text" TEXT)`);
    db.close();
    expect(await attempt(other)).toMatch(/not Obskurnee's/);
  });

  it('refuses an Obskurnee database too old to have what the import reads', async () => {
    const old = path.join(work, 'old.db');
    fs.copyFileSync(source, old);
    const db = new Database(old);
    db.exec(`ALTER TABLE "AspNetUsers" DROP COLUMN "LoginEnabled"`);
    db.close();
    expect(await attempt(old)).toMatch(/missing: AspNetUsers\.LoginEnabled/);
  });

  it('leaves nothing behind when the writing fails half-way', async () => {
    const broken = path.join(work, 'broken.db');
    fs.copyFileSync(source, broken);
    const db = new Database(broken);
    // Two books numbered 1: Bookclub's unique order refuses the second, inside the transaction.
    db.exec(`UPDATE "Books" SET "Order" = 1`);
    db.close();
    const dataDir = path.join(work, 'half');
    fs.mkdirSync(dataDir);
    await expect(importObskurnee({ file: broken, dataDir })).rejects.toThrow(/nothing was written/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('takes only links the API would take, and removes what a killed import left', async () => {
    const odd = path.join(work, 'odd-links.db');
    fs.copyFileSync(source, odd);
    const db = new Database(odd);
    const postId = (db.prepare(`SELECT "PostId" FROM "Posts" ORDER BY "PostId" LIMIT 1`).get() as { PostId: number }).PostId;
    db.prepare(`UPDATE "Posts" SET "Url" = 'javascript:alert(1)', "ImageUrl" = '/images/cover' WHERE "PostId" = ?`).run(postId);
    db.prepare(`UPDATE "AspNetUsers" SET "GoodreadsProfileUrl" = 'data:text/html,hi' WHERE "Email" = ?`).run(member.email);
    db.close();
    const dataDir = path.join(work, 'odd');
    fs.mkdirSync(path.join(dataDir, '.obskurnee-import-left-by-ctrl-c'), { recursive: true });
    const oddReport = await importObskurnee({ file: odd, dataDir, imagesDir });
    expect(oddReport.problems.join('\n')).toMatch(new RegExp(`The link of post ${postId} \\(javascript:alert\\(1\\)\\) is not a link`));
    expect(oddReport.problems.join('\n')).toMatch(/The reading profile of .* \(data:text\/html,hi\) is not a link/);
    expect(oddReport.problems.join('\n')).toMatch(new RegExp(`The cover of post ${postId} \\(cover\\) is not a picture name`));
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.obskurnee-import-'))).toEqual([]);
    const written = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(written.prepare(`SELECT "url", "imageUrl" FROM "post" WHERE "id" = ?`).get(postId)).toEqual({ url: null, imageUrl: null });
      expect(written.prepare(`SELECT "goodreadsUrl" FROM "user" WHERE "email" = ?`).get(member.email)).toEqual({ goodreadsUrl: null });
    } finally {
      written.close();
    }
  });
});
