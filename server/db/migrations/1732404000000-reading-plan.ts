import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reading plan (issue 40, "reading together"): a book's schedule in parts, each part's comments, and who
 * has reached or revealed each part. That last is kept rather than worked out from progress each time: a part
 * once reached stays open, whatever the member's page or the book's page count says later.
 */
export class ReadingPlan1732404000000 implements MigrationInterface {
  name = 'ReadingPlan1732404000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "reading_part" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "bookId" integer NOT NULL REFERENCES "book" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        "title" varchar(200) NOT NULL,
        "toPage" integer NOT NULL,
        "dueOn" varchar(30) NOT NULL,
        "dueNoticeOn" varchar(30),
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL,
        "version" integer NOT NULL DEFAULT (0)
      )`);
    await q.query(`CREATE INDEX "IX_reading_part_book" ON "reading_part" ("bookId", "position")`);
    await q.query(`
      CREATE TABLE "reading_part_comment" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "partId" integer NOT NULL REFERENCES "reading_part" ("id") ON DELETE CASCADE,
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id"),
        "text" text NOT NULL,
        "renderedText" text NOT NULL,
        "createdOn" varchar(30) NOT NULL,
        "editedOn" varchar(30)
      )`);
    await q.query(`CREATE INDEX "IX_reading_part_comment_part" ON "reading_part_comment" ("partId", "id")`);
    await q.query(`
      CREATE TABLE "reading_part_reader" (
        "partId" integer NOT NULL REFERENCES "reading_part" ("id") ON DELETE CASCADE,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "reachedOn" varchar(30),
        "revealedOn" varchar(30),
        PRIMARY KEY ("partId", "userId")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "reading_part_reader"`);
    await q.query(`DROP TABLE "reading_part_comment"`);
    await q.query(`DROP TABLE "reading_part"`);
  }
}
