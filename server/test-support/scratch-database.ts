// A club database for the tests of the plain SQL writers: migrated, in its own temporary folder, with
// only the rows a test writes itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, sqliteOf } from '../db/data-source';
import { createDiscussion, createPost } from '../features/discussions/discussion-writes';
import { createRound } from '../features/rounds/round-writes';

export interface ScratchDatabase {
  /** TypeORM's view, to read rows back through the entities. */
  db: DataSource;
  /** The connection the writers take. */
  sql: BetterSqlite3.Database;
}

/**
 * Opens a fresh database before the file's tests and removes it after them. The users are bare rows
 * (an id and an email), there for the owners the writers' foreign keys point at. The fields are set
 * once the database is open: read them inside tests and hooks, not at the top of the file.
 */
export function useScratchDatabase(name: string, userIds: readonly string[]): ScratchDatabase {
  const scratch = {} as ScratchDatabase;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bookclub-${name}-`));
    scratch.db = await openDatabase(dataDir);
    scratch.sql = sqliteOf(scratch.db);
    const addUser = scratch.sql.prepare(`INSERT INTO "user" ("id", "email") VALUES (?, ?)`);
    for (const id of userIds) addUser.run(id, `${id}@club.test`);
  });
  afterAll(async () => {
    await scratch.db?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return scratch;
}

/**
 * A Books round whose discussion holds one bare suggestion (a title, nothing else) per title, in order:
 * what polls and books are made from.
 */
export function roundWithSuggestions(
  sql: BetterSqlite3.Database,
  { title, ownerId, createdOn }: { title: string; ownerId: string; createdOn: string },
  suggestionTitles: readonly string[],
): { roundId: number; discussionId: number; postIds: number[] } {
  const roundId = createRound(sql, { title, description: null, topic: 'Books', ownerId, createdOn });
  const discussionId = createDiscussion(sql, { roundId, title, description: null, topic: 'Books', ownerId, createdOn });
  const postIds = suggestionTitles.map((suggestionTitle) =>
    createPost(sql, {
      discussionId,
      ownerId,
      title: suggestionTitle,
      author: null,
      pageCount: null,
      year: null,
      url: null,
      imageUrl: null,
      text: null,
      renderedText: null,
      parentPostId: null,
      parentRecommendationId: null,
      createdOn,
      modifiedOn: createdOn,
    }),
  );
  return { roundId, discussionId, postIds };
}
