import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteOf } from '../../db/data-source';
import { createRound } from '../rounds/round-writes';
import { DiscussionEntity } from './discussion.entity';
import { closeDiscussionIntoPoll, createDiscussion, createPost, postIdsOf, readDiscussion, readPost, type NewPost } from './discussion-writes';
import { PostEntity } from './post.entity';

let dataDir: string;
let db: DataSource;
let sql: BetterSqlite3.Database;
let roundId: number;
const ownerId = crypto.randomUUID();
const createdOn = '2024-10-01T18:00:00.000Z';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-discussion-writes-'));
  db = await openDatabase(dataDir);
  sql = sqliteOf(db);
  sql.prepare(`INSERT INTO "user" ("id", "email") VALUES (?, ?)`).run(ownerId, 'owner@club.test');
  roundId = createRound(sql, { title: 'Autumn', description: null, topic: 'Books', ownerId, createdOn });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const suggestion = (discussionId: number, title: string): NewPost => ({
  discussionId,
  ownerId,
  title,
  author: 'Frank Herbert',
  pageCount: 412,
  url: 'https://www.goodreads.com/book/show/1',
  imageUrl: 'https://images.example/1.jpg',
  text: 'Why *we* should',
  renderedText: '<p>Why <em>we</em> should</p>',
  parentPostId: null,
  parentRecommendationId: 7,
  createdOn,
  modifiedOn: '2024-10-02T18:00:00.000Z',
});

// Rows are read back through TypeORM's entity: the writers and the entity must agree on every column.
describe('discussion writes', () => {
  it('a new discussion is open, with its fields', async () => {
    const id = createDiscussion(sql, { roundId, title: 'Autumn: book suggestions', description: 'Cosy', topic: 'Books', ownerId, createdOn });
    const row = await db.getRepository(DiscussionEntity).findOneByOrFail({ id });
    expect(row).toEqual({ id, roundId, title: 'Autumn: book suggestions', description: 'Cosy', topic: 'Books', isClosed: false, pollId: null, ownerId, createdOn });
    expect(readDiscussion(sql, id)).toEqual(row);
    expect(readDiscussion(sql, id + 1000)).toBeUndefined();
  });

  it('closing a discussion into its poll marks it closed and links the poll', async () => {
    const id = createDiscussion(sql, { roundId, title: 'To close', description: null, topic: 'Themes', ownerId, createdOn });
    const other = createDiscussion(sql, { roundId, title: 'Stays open', description: null, topic: 'Themes', ownerId, createdOn });
    closeDiscussionIntoPoll(sql, id, 42);
    expect(await db.getRepository(DiscussionEntity).findOneByOrFail({ id })).toMatchObject({ isClosed: true, pollId: 42 });
    expect(readDiscussion(sql, id)).toMatchObject({ isClosed: true, pollId: 42 });
    expect(readDiscussion(sql, other)).toMatchObject({ isClosed: false, pollId: null });
  });

  it('a post keeps every field it is given', async () => {
    const discussionId = createDiscussion(sql, { roundId, title: 'Posts', description: null, topic: 'Books', ownerId, createdOn });
    const id = createPost(sql, suggestion(discussionId, 'Dune'));
    const row = await db.getRepository(PostEntity).findOneByOrFail({ id });
    expect(row).toEqual({ id, ...suggestion(discussionId, 'Dune') });
    expect(readPost(sql, id)).toEqual(row);
  });

  it("lists a discussion's posts oldest first, and only its own", () => {
    const discussionId = createDiscussion(sql, { roundId, title: 'Listed', description: null, topic: 'Books', ownerId, createdOn });
    const elsewhere = createDiscussion(sql, { roundId, title: 'Elsewhere', description: null, topic: 'Books', ownerId, createdOn });
    const first = createPost(sql, suggestion(discussionId, 'First'));
    createPost(sql, suggestion(elsewhere, 'Not here'));
    const second = createPost(sql, suggestion(discussionId, 'Second'));
    expect(postIdsOf(sql, discussionId)).toEqual([first, second]);
    expect(postIdsOf(sql, discussionId + 1000)).toEqual([]);
  });
});
