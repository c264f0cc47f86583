import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shelves } from '../../../shared/api/shelves';
import type { UserListEntry } from '../../../shared/api/users';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { FIXTURE_USERS, createObskurneeFixture } from './fixture';
import { fixtureDate as date } from './fixture-facts';
import { importObskurnee, type ImportReport } from './import-obskurnee';

// Obskurnee's GoodreadsReviews (its members' Goodreads and StoryGraph shelves, as its feed reader wrote them),
// in its real schema, come over onto the members' profiles; the links it read them from keep being read.
const { admin, moderator, member } = FIXTURE_USERS;
let work: string;
let club: TestServer;
let report: ImportReport;

/** Rows as Obskurnee's readers wrote them: ReviewId "{userId}-{bookId}" (StoryGraph "{userId}-SG-{bookId}"). */
function addShelfRows(file: string): void {
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO "GoodreadsReviews" ("ReviewId", "Title", "GoodreadsBookId", "ReviewUrl", "Author", "Series", "Rating", "ReviewText", "ImageUrl", "Kind", "ExternalSystem", "OwnerId", "CreatedOn", "ModifiedOn")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(
    `${admin.id}-50202953`,
    'Piranesi',
    '50202953',
    'https://www.goodreads.com/review/show/1',
    'Susanna Clarke',
    null,
    5,
    'Krásna.',
    'https://i.gr-assets.com/p.jpg',
    0,
    0,
    admin.id,
    date('2024-01-10'),
    date('2024-01-10'),
  );
  insert.run(`${admin.id}-11`, 'Starší knižka', '11', null, 'Niekto', null, 0, null, null, 0, 0, admin.id, date('2023-01-10'), date('2023-01-10'));
  insert.run(
    `${moderator.id}-SG-b1-uuid`,
    'Sága o Ľudovi',
    'b1-uuid',
    null,
    'Ján Hrach',
    'Ľudia',
    null,
    null,
    'https://cdn.thestorygraph.com/b1.jpg',
    1,
    1,
    moderator.id,
    date('2024-02-01'),
    date('2024-02-01'),
  );
  insert.run(
    `${member.id}-77`,
    'Bez profilu',
    '77',
    'javascript:alert(1)',
    null,
    null,
    9,
    null,
    'data:image/png;base64,AAAA',
    0,
    0,
    member.id,
    date('2024-03-01'),
    date('2024-03-01'),
  );
  insert.run('orphan-1', 'Nikoho', '1', null, null, null, null, null, null, 0, 0, 'no-such-member', date('2024-03-01'), date('2024-03-01'));
  db.close();
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-obskurnee-shelves-'));
  const source = path.join(work, 'obskurnee.db');
  const { imagesDir } = createObskurneeFixture(source);
  addShelfRows(source);
  const dataDir = path.join(work, 'club');
  report = await importObskurnee({ file: source, dataDir, imagesDir });
  club = await startTestServer({ dataDir });
});
afterAll(async () => {
  await club?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const signIn = async (who: { email: string; password: string }) =>
  (await club.call('POST', '/api/accounts/login', { body: { email: who.email, password: who.password } })).body.token as string;

describe("an Obskurnee club's shelves moved over", () => {
  it('counts them, and leaves out only entries of nobody', () => {
    expect(report.counts).toMatchObject({ shelfEntries: 6, shelfLinks: 2, currentlyReading: 2 });
    expect(report.problems.join('\n')).toMatch(/1 shelf entry without a title or a member/);
  });

  it("shows each member's shelves on their profile, newest first, with the link Obskurnee read them from", async () => {
    const token = await signIn(member);
    const zuzana = await club.call<Shelves>('GET', `/api/shelves/${admin.id}`, { token });
    expect(zuzana.status).toBe(200);
    expect(zuzana.body.link).toMatchObject({ site: 'Goodreads', profileUrl: 'https://www.goodreads.com/user/show/12345', lastSyncedOn: null, lastError: null });
    // Obskurnee read them on a schedule: so does the club, from its first pass.
    expect(zuzana.body.link!.nextSyncOn).not.toBeNull();
    expect(zuzana.body.currentlyReading).toEqual([expect.objectContaining({ title: 'Anna Kareninová', author: 'Lev N. Tolstoj', site: 'Goodreads' })]);
    expect(zuzana.body.read).toEqual([
      expect.objectContaining({
        title: 'Piranesi',
        externalBookId: '50202953',
        rating: 5,
        url: 'https://www.goodreads.com/review/show/1',
        imageUrl: 'https://i.gr-assets.com/p.jpg',
      }),
      expect.objectContaining({ title: 'Starší knižka', rating: null }),
    ]);

    const peter = await club.call<Shelves>('GET', `/api/shelves/${moderator.id}`, { token });
    expect(peter.body.link).toMatchObject({ site: 'Storygraph', profileUrl: 'https://app.thestorygraph.com/profile/peter' });
    expect(peter.body.currentlyReading).toEqual([
      expect.objectContaining({ title: 'Sága o Ľudovi', series: 'Ľudia', externalBookId: 'b1-uuid', site: 'Storygraph' }),
    ]);
    expect(peter.body.read.map((book) => book.title)).toEqual(['Dune']);

    // No profile address: the books come over, with nothing that is not a web link, and no link.
    const lubica = await club.call<Shelves>('GET', `/api/shelves/${member.id}`, { token });
    expect(lubica.body.link).toBeNull();
    expect(lubica.body.read).toEqual([expect.objectContaining({ title: 'Bez profilu', url: null, imageUrl: null, rating: null })]);
  });

  it("feeds the members' reading lists from their currently-reading shelves", async () => {
    const token = await signIn(member);
    const users = (await club.call<UserListEntry[]>('GET', '/api/users', { token })).body;
    const reading = Object.fromEntries(users.map((user) => [user.name, user.currentlyReading.map(({ title, fromShelf }) => ({ title, fromShelf }))]));
    expect(reading[admin.name]).toEqual([{ title: 'Anna Kareninová', fromShelf: 'Goodreads' }]);
    expect(reading[moderator.name]).toEqual([{ title: 'Sága o Ľudovi', fromShelf: 'Storygraph' }]);
  });

  it('lets a member take imported books away, with or without a link', async () => {
    const token = await signIn(member);
    expect((await club.call('DELETE', `/api/shelves/${member.id}`, { token })).status).toBe(200);
    expect((await club.call<Shelves>('GET', `/api/shelves/${member.id}`, { token })).body.read).toEqual([]);
    expect((await club.call('DELETE', `/api/shelves/${member.id}`, { token })).status).toBe(404);
  });
});
