import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outgoing mail: queued by requests, sent and retried by the background mail queue. */
export class Mail1732270000000 implements MigrationInterface {
  name = 'Mail1732270000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "mail" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "to" varchar(254) NOT NULL,
        "subject" varchar(500) NOT NULL,
        "text" text NOT NULL,
        "html" text,
        "createdOn" varchar(30) NOT NULL,
        "attempts" integer NOT NULL DEFAULT (0),
        "nextAttemptOn" varchar(30) NOT NULL,
        "sentOn" varchar(30),
        "lastError" text
      )`);
    // The worker's one question, "what unsent mail is due?", reads only this index; sent mail is not in it.
    await q.query(`CREATE INDEX "IX_mail_due" ON "mail" ("nextAttemptOn", "id") WHERE "sentOn" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "mail"`);
  }
}
