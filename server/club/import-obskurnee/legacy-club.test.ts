import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../../shared/api/books';
import type { Discussion } from '../../../shared/api/discussions';
import type { Recommendation } from '../../../shared/api/recommendations';
import type { Review } from '../../../shared/api/reviews';
import type { Round } from '../../../shared/api/rounds';
import type { UserListEntry } from '../../../shared/api/users';
import { DATABASE_FILE } from '../../db/data-source';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { bundleCli, runCli, runsAsRoot, writableFolder, type BundledCli, type CliRun } from './cli-process';
import { FIXTURE_COUNTS, FIXTURE_USERS, UNREFERENCED_IMAGES, createObskurneeFixture } from './fixture';
import { ImportError, importObskurnee } from './import-obskurnee';

/**
 * A club Obskurnee has kept since 2021, as a real one reaches the import: upgraded by Obskurnee's
 * migrations alone (roles still claims, ModifiedOn = DateTime.MinValue, some rows with no CreatedOn), in
 * WAL mode with its last transactions still in the -wal, in a folder the importing user cannot write
 * (Obskurnee's Docker volume, owned by root). The import runs as the real command in a child process, as
 * an unprivileged user (root ignores file modes); the club is then served and read over HTTP.
 */

const { admin } = FIXTURE_USERS;
/** An ISO date before 1970 (year 1, or year 0 once a zone's offset moved it back): no real Obskurnee date. */
const ANCIENT_DATE = /(?<!\d)(0\d{3}|1[0-8]\d\d|19[0-6]\d)-\d\d-\d\dT\d\d:/;

let work: string;
let cli: BundledCli;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-obskurnee-legacy-'));
  fs.chmodSync(work, 0o755);
  cli = await bundleCli();
});
afterAll(() => {
  cli?.remove();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every entry of a folder with its size, mode and times, and the folder's own: what "unchanged" means. */
function snapshot(dir: string) {
  const stat = (file: string) => {
    const s = fs.statSync(file);
    return { size: s.size, mode: s.mode, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs };
  };
  return {
    folder: stat(dir),
    entries: fs
      .readdirSync(dir)
      .sort()
      .map((name) => ({ name, ...stat(path.join(dir, name)) })),
  };
}

describe('a 2021 Obskurnee club in WAL mode, imported from a folder the import cannot write', () => {
  let sourceDir: string;
  let source: string;
  let before: ReturnType<typeof snapshot>;
  let run: CliRun;
  let dataDir: string;
  let club: TestServer;
  let token: string;

  beforeAll(async () => {
    sourceDir = path.join(work, 'obskurnee-data');
    fs.mkdirSync(sourceDir, { mode: 0o755 });
    source = path.join(sourceDir, 'obskurnee.db');
    // As a copy of a stopped Obskurnee's volume may be: the -wal without the -shm, which a reader must make.
    const { imagesDir } = createObskurneeFixture(source, { legacy: true, wal: 'in-wal' });
    // Not root: the folder's mode is enough. (Root: the child runs as nobody, and the folder is root's.)
    if (!runsAsRoot()) fs.chmodSync(sourceDir, 0o555);
    before = snapshot(sourceDir);
    const home = writableFolder(path.join(work, 'bookclub'));
    dataDir = path.join(home, 'data');
    run = await runCli(cli.entry, ['import-obskurnee', source, '--data-dir', dataDir, '--images', imagesDir], { cwd: home, unprivileged: true });
    expect(run.stderr, run.stdout).not.toMatch(/Error|bookclub:/);
    expect(run.code).toBe(0);
    club = await startTestServer({ dataDir });
    const login = await club.call('POST', '/api/accounts/login', { body: { email: admin.email, password: admin.password } });
    expect(login.status).toBe(200);
    token = login.body.token;
  });
  afterAll(async () => {
    await club?.server.close();
    if (sourceDir) fs.chmodSync(sourceDir, 0o755);
  });

  it('is a real test: the folder cannot be written by the importing process, and the -wal holds the club', async () => {
    expect(before.entries.map((e) => e.name)).toEqual(['obskurnee.db', 'obskurnee.db-wal', 'obskurnee.db.images']);
    const probe = await runCli('-e', [`require('fs').writeFileSync(${JSON.stringify(path.join(sourceDir, 'probe'))}, 'x')`], { cwd: work, unprivileged: true });
    expect(probe.code).not.toBe(0);
    expect(probe.stderr).toMatch(/EACCES/);
    // The main file alone (what a reader that ignores the -wal sees) holds no member.
    const mainOnly = path.join(work, 'main-only.db');
    fs.copyFileSync(source, mainOnly);
    const db = new Database(mainOnly, { readonly: true });
    try {
      expect((db.prepare(`SELECT count(*) AS n FROM "AspNetUsers"`).get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  });

  it('leaves the source folder exactly as it was: no file beside it, no time changed', () => {
    expect(snapshot(sourceDir)).toEqual(before);
    expect(run.stdout).toMatch(/5 members \(1 admin, 2 moderators, 1 bot, 1 not active\)/);
    expect(run.stdout).toMatch(new RegExp(`${FIXTURE_COUNTS.posts} posts`));
  });

  it('brings roles over from the claims Obskurnee kept before 2022, and says so', async () => {
    expect(run.stdout).toMatch(
      /pre-2022 Obskurnee way, as sign-in claims[^]*admin and moderator for zuzana@klub\.sk; moderator for peter@klub\.sk; bot for bot@klub\.sk/,
    );
    expect(run.stderr).not.toMatch(/WARNING/);
    const me = await club.call('GET', '/api/accounts/context', { token });
    expect(me.body).toMatchObject({ isAdmin: true, isModerator: true });
    expect((await club.call('GET', '/api/admin/bots', { token })).body.map((b: string | { name: string }) => (typeof b === 'string' ? b : b.name))).toEqual([
      'Kalendárový bot',
    ]);
  });

  it('names the pictures nothing imported uses', () => {
    expect(run.stdout).toMatch(/Pictures nothing imported uses, left behind \(2\)/);
    expect(run.stdout).toContain(`${UNREFERENCED_IMAGES.inDatabase} (in the database)`);
    expect(run.stdout).toContain(`${UNREFERENCED_IMAGES.inFolder} (in the images folder)`);
  });

  it('answers no year-1 date anywhere: "never modified" is the creation date, a missing creation date that of what the row belongs to', async () => {
    const answers = new Map<string, unknown>();
    const get = async (apiPath: string) => {
      const answer = await club.call('GET', apiPath, { token });
      expect(answer.status, apiPath).toBe(200);
      answers.set(apiPath, answer.body);
      return answer.body;
    };
    const rounds: Round[] = await get('/api/rounds');
    const discussionIds = new Set<number>();
    const pollIds = new Set<number>();
    for (const round of rounds) {
      for (const key of ['themeDiscussionId', 'bookDiscussionId'] as const) if (round[key]) discussionIds.add(round[key]);
      for (const key of ['themePollId', 'themeTiebreakerPollId', 'bookPollId', 'bookTiebreakerPollId'] as const) if (round[key]) pollIds.add(round[key]);
    }
    const discussions = new Map<number, Discussion>();
    for (const id of discussionIds) discussions.set(id, await get(`/api/discussions/${id}`));
    for (const id of pollIds) await get(`/api/polls/${id}`);
    const books: Book[] = await get('/api/books');
    for (const book of books) {
      await get(`/api/books/${book.bookId}`);
      await get(`/api/reviews/book/${book.bookId}`);
    }
    const recommendations: Recommendation[] = await get('/api/recommendations');
    for (const r of recommendations) await get(`/api/recommendations/${r.recommendationId}`);
    const users: UserListEntry[] = await get('/api/users');
    for (const user of users) await get(`/api/reviews/user/${user.userId}`);
    for (const other of ['/api/home', '/api/accounts/context', '/api/reviews/currentlyreading', '/api/stats/users', '/api/admin/bots']) await get(other);
    expect(answers.size).toBeGreaterThan(25);
    for (const [apiPath, body] of answers) expect(JSON.stringify(body), apiPath).not.toMatch(ANCIENT_DATE);

    // Never modified: the creation date. An edit after the 2022 upgrade is kept.
    const posts = [...discussions.values()].flatMap((d) => d.posts);
    const post = (id: number) => posts.find((p) => p.postId === id)!;
    expect(post(1)).toMatchObject({ createdOn: '2023-03-02T19:00:00.123Z', modifiedOn: '2023-03-02T19:00:00.123Z' });
    expect(post(20).modifiedOn).toBe(post(20).createdOn); // "modified" in 2020, before it was written
    expect(post(24)).toMatchObject({ createdOn: '2023-06-10T19:00:00.123Z', modifiedOn: '2023-06-20T18:00:00.123Z' });
    const reviews = answers.get('/api/reviews/book/2') as Review[];
    expect(reviews.length).toBe(2);
    for (const review of reviews) expect(review).toMatchObject({ createdOn: '2023-04-01T18:00:00.123Z', modifiedOn: '2023-04-01T18:00:00.123Z' });
    const saturnin = recommendations.find((r) => r.recommendationId === 7)!;
    expect(saturnin.modifiedOn).toBe(saturnin.createdOn);

    // No creation date: a post takes its discussion's, a review its book's, a round its first discussion's.
    expect(post(41).createdOn).toBe(discussions.get(17)!.createdOn);
    expect((answers.get('/api/reviews/book/3') as Review[])[0]!.createdOn).toBe(books.find((b) => b.bookId === 3)!.createdOn);
    expect(rounds.find((r) => r.roundId === 4)!.createdOn).toBe(discussions.get(17)!.createdOn);
    // ...and a recommendation, which belongs to nothing, the time of the import.
    const solaris = recommendations.find((r) => r.recommendationId === 8)!;
    expect(Date.now() - Date.parse(solaris.createdOn)).toBeLessThan(120_000);
    expect(run.stdout).toContain(
      '7 rows have no date of creation in Obskurnee (recommendation 8, post 41, poll 15, round 4, a review of book 3, a shelf entry of Anna Kareninová, a shelf entry of Dune)',
    );
    expect(run.stdout).toMatch(/rows Obskurnee never marked as modified/);
  });
});

describe('a WAL-mode source in a folder the import could write', () => {
  for (const wal of ['checkpointed', 'in-wal', 'in-wal-with-shm'] as const) {
    it(`gets nothing beside it either (${wal})`, async () => {
      const sourceDir = path.join(work, `writable-${wal}`);
      fs.mkdirSync(sourceDir);
      const source = path.join(sourceDir, 'obskurnee.db');
      createObskurneeFixture(source, { wal });
      const before = snapshot(sourceDir);
      const report = await importObskurnee({ file: source, dataDir: path.join(work, `club-${wal}`) });
      expect(report.counts).toMatchObject({ members: FIXTURE_COUNTS.members, posts: FIXTURE_COUNTS.posts });
      expect(snapshot(sourceDir)).toEqual(before);
    });
  }
});

describe("Obskurnee's local times", () => {
  it('reads them as the wall clock of --source-time-zone, through daylight saving and its doubled hour', async () => {
    const source = path.join(work, 'bratislava.db');
    const { imagesDir } = createObskurneeFixture(source);
    const db = new Database(source);
    const set = db.prepare(`UPDATE "Posts" SET "CreatedOn" = ?, "ModifiedOn" = ? WHERE "PostId" = ?`);
    set.run('2021-07-15 18:00:00.1234567', '2021-07-15 18:00:00.1234567', 1); // summer: CEST, UTC+2
    set.run('2021-12-15 18:00:00', '2021-12-15T18:00:00', 2); // winter: CET, UTC+1
    set.run('2021-10-31 02:30:00', '2021-10-31 02:30:00', 4); // the hour the clocks went back: twice that night
    set.run('2021-10-31 01:59:59', '2021-10-31 03:00:00', 20); // just before it (CEST), just after it (CET)
    db.close();
    const dataDir = path.join(work, 'bratislava');
    const report = await importObskurnee({ file: source, dataDir, imagesDir, sourceTimeZone: 'Europe/Bratislava' });
    expect(report.notes.join('\n')).toMatch(/read as the clock in Europe\/Bratislava showed them/);
    const written = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      const times = (id: number) => written.prepare(`SELECT "createdOn", "modifiedOn" FROM "post" WHERE "id" = ?`).get(id);
      expect(times(1)).toEqual({ createdOn: '2021-07-15T16:00:00.123Z', modifiedOn: '2021-07-15T16:00:00.123Z' });
      expect(times(2)).toEqual({ createdOn: '2021-12-15T17:00:00.000Z', modifiedOn: '2021-12-15T17:00:00.000Z' });
      // Ambiguous: read as .NET reads it, in standard time (the second pass), 01:30 UTC.
      expect(times(4)).toEqual({ createdOn: '2021-10-31T01:30:00.000Z', modifiedOn: '2021-10-31T01:30:00.000Z' });
      expect(times(20)).toEqual({ createdOn: '2021-10-30T23:59:59.000Z', modifiedOn: '2021-10-31T02:00:00.000Z' });
      // The rest of the fixture (2023 dates, summer and winter) moved with the zone too.
      expect(written.prepare(`SELECT "createdOn" FROM "post" WHERE "id" = 40`).get()).toEqual({ createdOn: '2023-12-02T18:00:00.123Z' });
      expect(written.prepare(`SELECT "createdOn" FROM "post" WHERE "id" = 22`).get()).toEqual({ createdOn: '2023-06-09T17:00:00.123Z' });
    } finally {
      written.close();
    }
  });

  it('refuses a zone it does not know before reading or writing anything', async () => {
    const dataDir = path.join(work, 'nowhere');
    const error = await importObskurnee({ file: path.join(work, 'bratislava.db'), dataDir, sourceTimeZone: 'Europe/Bratislav' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/"Europe\/Bratislav" is not a time zone/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
