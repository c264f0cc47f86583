import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteOf } from '../../db/data-source';
import { createDiscussion, createPost } from '../discussions/discussion-writes';
import { createRound } from '../rounds/round-writes';
import { BookEntity } from './book.entity';
import { createNextBook } from './book-writes';

let dataDir: string;
let db: DataSource;
let sql: BetterSqlite3.Database;
const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-book-writes-'));
  db = await openDatabase(dataDir);
  sql = sqliteOf(db);
  sql.prepare(`INSERT INTO "user" ("id", "email") VALUES (?, ?)`).run(ownerId, 'owner@club.test');
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A round with a discussion and one suggestion in it: where a book comes from. */
function roundWithSuggestion(title: string): { roundId: number; postId: number } {
  const roundId = createRound(sql, { title, description: null, topic: 'Books', ownerId, createdOn });
  const discussionId = createDiscussion(sql, { roundId, title, description: null, topic: 'Books', ownerId, createdOn });
  const postId = createPost(sql, {
    discussionId,
    ownerId,
    title: `${title} book`,
    author: null,
    pageCount: null,
    url: null,
    imageUrl: null,
    text: null,
    renderedText: null,
    parentPostId: null,
    parentRecommendationId: null,
    createdOn,
    modifiedOn: createdOn,
  });
  return { roundId, postId };
}

describe('book writes', () => {
  it('numbers each next book one after the highest so far', async () => {
    const first = roundWithSuggestion('First');
    const second = roundWithSuggestion('Second');
    const one = createNextBook(sql, { ...first, createdOn });
    const two = createNextBook(sql, { ...second, createdOn: '2024-11-01T18:00:00.000Z' });
    expect([one.order, two.order]).toEqual([1, 2]);
    // Read back through the entity: the writer and the entity agree on every column.
    expect(await db.getRepository(BookEntity).findOneByOrFail({ id: one.bookId })).toEqual({ id: one.bookId, order: 1, ...first, createdOn });
    expect(await db.getRepository(BookEntity).findOneByOrFail({ id: two.bookId })).toMatchObject({ order: 2, ...second });
  });

  it('refuses a second book for the same round', () => {
    const round = roundWithSuggestion('Once');
    createNextBook(sql, { ...round, createdOn });
    expect(() => createNextBook(sql, { ...round, createdOn })).toThrow(/UNIQUE constraint failed: book.roundId/);
  });
});
