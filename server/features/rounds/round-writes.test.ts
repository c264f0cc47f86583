import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteOf } from '../../db/data-source';
import { RoundEntity } from './round.entity';
import { createRound, readRound, setRoundBook, setRoundDiscussion, setRoundPoll, setRoundTiebreaker } from './round-writes';

let dataDir: string;
let db: DataSource;
let sql: BetterSqlite3.Database;
const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-round-writes-'));
  db = await openDatabase(dataDir);
  sql = sqliteOf(db);
  sql.prepare(`INSERT INTO "user" ("id", "email") VALUES (?, ?)`).run(ownerId, 'owner@club.test');
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The round as TypeORM reads it through the entity: the writers and the entity must agree on every column. */
const stored = (id: number) => db.getRepository(RoundEntity).findOneByOrFail({ id });

const unlinked = {
  themeDiscussionId: null,
  themePollId: null,
  themeTiebreakerPollId: null,
  bookDiscussionId: null,
  bookPollId: null,
  bookTiebreakerPollId: null,
  bookId: null,
};

describe('round writes', () => {
  it('a new round has its fields and no step taken', async () => {
    const id = createRound(sql, { title: 'Autumn', description: 'Something *cosy*', topic: 'Books', ownerId, createdOn });
    expect(await stored(id)).toEqual({ id, title: 'Autumn', description: 'Something *cosy*', topic: 'Books', ownerId, createdOn, ...unlinked });
    expect(readRound(sql, id)).toEqual(await stored(id));
    expect(readRound(sql, id + 1000)).toBeUndefined();
  });

  it("a Books round's steps fill its book slots", async () => {
    const id = createRound(sql, { title: 'Books', description: null, topic: 'Books', ownerId, createdOn });
    setRoundDiscussion(sql, id, 'Books', 11);
    setRoundPoll(sql, id, 'Books', 12);
    setRoundTiebreaker(sql, id, 'Books', 13);
    setRoundBook(sql, id, 14);
    expect(await stored(id)).toMatchObject({ ...unlinked, bookDiscussionId: 11, bookPollId: 12, bookTiebreakerPollId: 13, bookId: 14 });
  });

  it("a Themes round's steps fill its theme slots, then its book discussion", async () => {
    const id = createRound(sql, { title: 'Themes', description: null, topic: 'Themes', ownerId, createdOn });
    setRoundDiscussion(sql, id, 'Themes', 21);
    setRoundPoll(sql, id, 'Themes', 22);
    setRoundTiebreaker(sql, id, 'Themes', 23);
    setRoundDiscussion(sql, id, 'Books', 24);
    expect(await stored(id)).toMatchObject({ ...unlinked, themeDiscussionId: 21, themePollId: 22, themeTiebreakerPollId: 23, bookDiscussionId: 24 });
  });

  it('links change only their own round', async () => {
    const one = createRound(sql, { title: 'One', description: null, topic: 'Books', ownerId, createdOn });
    const two = createRound(sql, { title: 'Two', description: null, topic: 'Books', ownerId, createdOn });
    setRoundPoll(sql, one, 'Books', 31);
    expect((await stored(two)).bookPollId).toBeNull();
  });
});
