import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Date polls (issue 40, "find the evening"): proposed dates, members' answers to each, and the meeting a
 * pick made. A member's answers are read by poll (the grid) and by member (replacing them), hence the index.
 */
export class DatePolls1732401000000 implements MigrationInterface {
  name = 'DatePolls1732401000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "date_poll" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "title" varchar(200) NOT NULL,
        "closesAt" varchar(30),
        "place" varchar(500),
        "onlineUrl" varchar(1000),
        "bookId" integer REFERENCES "book" ("id") ON DELETE SET NULL,
        "isCancelled" boolean NOT NULL DEFAULT (0),
        "pickedOptionId" integer,
        "meetingId" integer REFERENCES "meeting" ("id") ON DELETE SET NULL,
        "remindedOn" varchar(30),
        "deadlineNoticeOn" varchar(30),
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id"),
        "createdOn" varchar(30) NOT NULL,
        "modifiedOn" varchar(30) NOT NULL,
        "version" integer NOT NULL DEFAULT (0)
      )`);
    await q.query(`
      CREATE TABLE "date_poll_option" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "datePollId" integer NOT NULL REFERENCES "date_poll" ("id") ON DELETE CASCADE,
        "startsAt" varchar(30) NOT NULL,
        "endsAt" varchar(30)
      )`);
    await q.query(`CREATE INDEX "IX_date_poll_option_poll" ON "date_poll_option" ("datePollId", "startsAt")`);
    await q.query(`
      CREATE TABLE "date_poll_answer" (
        "optionId" integer NOT NULL REFERENCES "date_poll_option" ("id") ON DELETE CASCADE,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "datePollId" integer NOT NULL REFERENCES "date_poll" ("id") ON DELETE CASCADE,
        "answer" varchar(10) NOT NULL,
        "answeredOn" varchar(30) NOT NULL,
        PRIMARY KEY ("optionId", "userId")
      )`);
    await q.query(`CREATE INDEX "IX_date_poll_answer_poll_user" ON "date_poll_answer" ("datePollId", "userId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "date_poll_answer"`);
    await q.query(`DROP TABLE "date_poll_option"`);
    await q.query(`DROP TABLE "date_poll"`);
  }
}
