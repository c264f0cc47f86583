import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The club between rounds: meetings with members' answers, private calendar feeds, poll deadlines, reading
 * progress and spoiler marks. What the schedule has still to do lives in these rows (a deadline, a reminder
 * not yet sent), never only in a timer, so it is done after a restart: late, once.
 */
export class Meetings1732340000000 implements MigrationInterface {
  name = 'Meetings1732340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "meeting" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "startsAt" varchar(30) NOT NULL,
        "endsAt" varchar(30),
        "place" varchar(500),
        "onlineUrl" varchar(1000),
        "bookId" integer REFERENCES "book" ("id") ON DELETE SET NULL,
        "notes" text,
        "isCancelled" boolean NOT NULL DEFAULT (0),
        "sequence" integer NOT NULL DEFAULT (0),
        "reminderSentOn" varchar(30),
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id"),
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_meeting_startsAt" ON "meeting" ("startsAt")`);
    await q.query(`CREATE INDEX "IX_meeting_book" ON "meeting" ("bookId")`);
    await q.query(`
      CREATE TABLE "meeting_rsvp" (
        "meetingId" integer NOT NULL REFERENCES "meeting" ("id") ON DELETE CASCADE,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "answer" varchar(10) NOT NULL CHECK ("answer" IN ('going', 'maybe', 'notGoing')),
        "modifiedOn" varchar(30) NOT NULL,
        PRIMARY KEY ("meetingId", "userId")
      )`);
    // Only a hash of a feed's token is kept: a copied database does not open anyone's calendar.
    await q.query(`
      CREATE TABLE "calendar_feed" (
        "userId" varchar(36) PRIMARY KEY NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "tokenHash" varchar(64) NOT NULL UNIQUE,
        "createdOn" varchar(30) NOT NULL
      )`);

    await q.query(`ALTER TABLE "poll" ADD COLUMN "closesAt" varchar(30)`);
    await q.query(`ALTER TABLE "poll" ADD COLUMN "reminderSentOn" varchar(30)`);
    // A deadline that found no votes: the moderators were told (once per deadline).
    await q.query(`ALTER TABLE "poll" ADD COLUMN "deadlineMissedOn" varchar(30)`);
    await q.query(`CREATE INDEX "IX_poll_open_closesAt" ON "poll" ("closesAt") WHERE "isClosed" = 0 AND "closesAt" IS NOT NULL`);

    await q.query(`
      CREATE TABLE "reading_progress" (
        "bookId" integer NOT NULL REFERENCES "book" ("id") ON DELETE CASCADE,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "page" integer,
        "percent" integer CHECK ("percent" IS NULL OR "percent" BETWEEN 0 AND 100),
        "finished" boolean NOT NULL DEFAULT (0),
        "shared" boolean NOT NULL DEFAULT (0),
        "updatedOn" varchar(30) NOT NULL,
        PRIMARY KEY ("bookId", "userId")
      )`);

    await q.query(`ALTER TABLE "post" ADD COLUMN "hasSpoilers" boolean NOT NULL DEFAULT (0)`);
    await q.query(`ALTER TABLE "review" ADD COLUMN "hasSpoilers" boolean NOT NULL DEFAULT (0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "review" DROP COLUMN "hasSpoilers"`);
    await q.query(`ALTER TABLE "post" DROP COLUMN "hasSpoilers"`);
    await q.query(`DROP TABLE "reading_progress"`);
    await q.query(`DROP INDEX "IX_poll_open_closesAt"`);
    await q.query(`ALTER TABLE "poll" DROP COLUMN "deadlineMissedOn"`);
    await q.query(`ALTER TABLE "poll" DROP COLUMN "reminderSentOn"`);
    await q.query(`ALTER TABLE "poll" DROP COLUMN "closesAt"`);
    await q.query(`DROP TABLE "calendar_feed"`);
    await q.query(`DROP TABLE "meeting_rsvp"`);
    await q.query(`DROP TABLE "meeting"`);
  }
}
