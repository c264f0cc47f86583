import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews, recommendations, and the full-text index over posts and recommendations. The index is kept in
 * step by triggers, so no code path that writes a post can forget it. unicode61 with remove_diacritics 2
 * makes "citat" find "čítať"; prefixes are searched with `*`, never stemmed ("kniha" does not find "knihy").
 */
export class Reading1732290000000 implements MigrationInterface {
  name = 'Reading1732290000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "recommendation" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id"),
        "title" varchar(300) NOT NULL,
        "author" varchar(300),
        "pageCount" integer,
        "url" varchar(1000),
        "imageUrl" varchar(1000),
        "text" text,
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "review" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "bookId" integer NOT NULL REFERENCES "book" ("id") ON DELETE CASCADE,
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "rating" integer CHECK ("rating" IS NULL OR "rating" BETWEEN 0 AND 5),
        "reviewText" text NOT NULL,
        "reviewUrl" varchar(1000),
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL
      )`);
    // One review per member per book: a second replaces the first.
    await q.query(`CREATE UNIQUE INDEX "IX_review_book_owner" ON "review" ("bookId", "ownerId")`);
    await q.query(`CREATE INDEX "IX_review_owner" ON "review" ("ownerId")`);

    await q.query(`
      CREATE VIRTUAL TABLE "search_index" USING fts5(
        "kind" UNINDEXED, "refId" UNINDEXED, "title", "author", "text",
        tokenize = 'unicode61 remove_diacritics 2'
      )`);
    // The index row of post N is rowid 2N, of recommendation N rowid 2N+1: updates and deletes find their
    // row by rowid at once instead of scanning the index.
    for (const [table, kind, odd] of [
      ['post', 'Post', 0],
      ['recommendation', 'Rec', 1],
    ] as const) {
      await q.query(`
        CREATE TRIGGER "${table}_search_insert" AFTER INSERT ON "${table}" BEGIN
          INSERT INTO "search_index" ("rowid", "kind", "refId", "title", "author", "text")
          VALUES (new."id" * 2 + ${odd}, '${kind}', new."id", new."title", COALESCE(new."author", ''), COALESCE(new."text", ''));
        END`);
      await q.query(`
        CREATE TRIGGER "${table}_search_update" AFTER UPDATE OF "title", "author", "text" ON "${table}" BEGIN
          DELETE FROM "search_index" WHERE "rowid" = old."id" * 2 + ${odd};
          INSERT INTO "search_index" ("rowid", "kind", "refId", "title", "author", "text")
          VALUES (new."id" * 2 + ${odd}, '${kind}', new."id", new."title", COALESCE(new."author", ''), COALESCE(new."text", ''));
        END`);
      await q.query(`
        CREATE TRIGGER "${table}_search_delete" AFTER DELETE ON "${table}" BEGIN
          DELETE FROM "search_index" WHERE "rowid" = old."id" * 2 + ${odd};
        END`);
    }
    // Posts written before this migration.
    await q.query(`
      INSERT INTO "search_index" ("rowid", "kind", "refId", "title", "author", "text")
      SELECT "id" * 2, 'Post', "id", "title", COALESCE("author", ''), COALESCE("text", '') FROM "post"`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['post', 'recommendation']) {
      for (const action of ['insert', 'update', 'delete']) await q.query(`DROP TRIGGER "${table}_search_${action}"`);
    }
    await q.query(`DROP TABLE "search_index"`);
    await q.query(`DROP TABLE "review"`);
    await q.query(`DROP TABLE "recommendation"`);
  }
}
