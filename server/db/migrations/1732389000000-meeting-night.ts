import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The meeting night (issue 28): who checked in at a meeting, its discussion questions and the one being
 * discussed, the club's display link for the room view (only its token's hash, as calendar feeds), and when
 * a poll closed (the room shows a poll that closed during the evening).
 */
export class MeetingNight1732389000000 implements MigrationInterface {
  name = 'MeetingNight1732389000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "meeting_checkin" (
        "meetingId" integer NOT NULL REFERENCES "meeting" ("id") ON DELETE CASCADE,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "checkedInOn" varchar(30) NOT NULL,
        "checkedInBy" varchar(36) NOT NULL,
        PRIMARY KEY ("meetingId", "userId")
      )`);
    await q.query(`CREATE INDEX "IX_meeting_checkin_user" ON "meeting_checkin" ("userId")`);
    await q.query(`
      CREATE TABLE "meeting_question" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "meetingId" integer NOT NULL REFERENCES "meeting" ("id") ON DELETE CASCADE,
        "authorId" varchar(36) NOT NULL REFERENCES "user" ("id"),
        "text" text NOT NULL,
        "hasSpoilers" boolean NOT NULL DEFAULT (0),
        "position" integer NOT NULL,
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_meeting_question_meeting" ON "meeting_question" ("meetingId", "position")`);
    // A meeting's evening: the question being discussed, the poll whose counts a moderator showed the room,
    // and the version its questions' live events carry. A row appears with the evening's first change.
    await q.query(`
      CREATE TABLE "meeting_night" (
        "id" integer PRIMARY KEY NOT NULL REFERENCES "meeting" ("id") ON DELETE CASCADE,
        "currentQuestionId" integer REFERENCES "meeting_question" ("id") ON DELETE SET NULL,
        "revealedPollId" integer,
        "version" integer NOT NULL DEFAULT (0)
      )`);
    await q.query(`
      CREATE TABLE "display_link" (
        "id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
        "tokenHash" varchar(64) NOT NULL UNIQUE,
        "createdOn" varchar(30) NOT NULL,
        "createdBy" varchar(36) NOT NULL
      )`);
    await q.query(`ALTER TABLE "poll" ADD COLUMN "closedOn" varchar(30)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "poll" DROP COLUMN "closedOn"`);
    await q.query(`DROP TABLE "display_link"`);
    await q.query(`DROP TABLE "meeting_night"`);
    await q.query(`DROP TABLE "meeting_question"`);
    await q.query(`DROP TABLE "meeting_checkin"`);
  }
}
