import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shelves (issue 29): a member's linked Goodreads or StoryGraph profile, the books the club last read on its
 * "currently reading" and "read" shelves, and which of the member's currently-reading entries came from the
 * shelf (those go with the shelf's book, and with the link). When the next reading is due lives in the link.
 */
export class Shelves1732395000000 implements MigrationInterface {
  name = 'Shelves1732395000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "shelf_link" (
        "userId" varchar(36) PRIMARY KEY NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "site" varchar(12) NOT NULL CHECK ("site" IN ('Goodreads', 'Storygraph')),
        "externalUserId" varchar(100) NOT NULL,
        "profileUrl" varchar(500) NOT NULL,
        "linkedOn" varchar(30) NOT NULL,
        "nextSyncOn" varchar(30),
        "lastSyncedOn" varchar(30),
        "lastTriedOn" varchar(30),
        "lastError" varchar(100),
        "failures" integer NOT NULL DEFAULT (0)
      )`);
    await q.query(`CREATE INDEX "IX_shelf_link_due" ON "shelf_link" ("nextSyncOn") WHERE "nextSyncOn" IS NOT NULL`);
    await q.query(`
      CREATE TABLE "shelf_entry" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "shelf" varchar(20) NOT NULL CHECK ("shelf" IN ('currently-reading', 'read')),
        "site" varchar(12) NOT NULL CHECK ("site" IN ('Goodreads', 'Storygraph')),
        "externalBookId" varchar(100) NOT NULL,
        "position" integer NOT NULL,
        "title" varchar(300) NOT NULL,
        "author" varchar(300),
        "series" varchar(300),
        "url" varchar(1000),
        "imageUrl" varchar(1000),
        "rating" integer CHECK ("rating" BETWEEN 1 AND 5),
        "pageCount" integer,
        "readOn" varchar(30),
        "addedOn" varchar(30),
        "createdOn" varchar(30) NOT NULL,
        UNIQUE ("ownerId", "shelf", "externalBookId")
      )`);
    await q.query(`ALTER TABLE "currently_reading" ADD COLUMN "shelfEntryId" integer`);
    await q.query(`ALTER TABLE "currently_reading" ADD COLUMN "fromShelf" varchar(12)`);
    await q.query(`CREATE UNIQUE INDEX "IX_currently_reading_shelf_entry" ON "currently_reading" ("shelfEntryId") WHERE "shelfEntryId" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IX_currently_reading_shelf_entry"`);
    await q.query(`ALTER TABLE "currently_reading" DROP COLUMN "fromShelf"`);
    await q.query(`ALTER TABLE "currently_reading" DROP COLUMN "shelfEntryId"`);
    await q.query(`DROP TABLE "shelf_entry"`);
    await q.query(`DROP TABLE "shelf_link"`);
  }
}
