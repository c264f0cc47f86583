import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A club event whose newsletter is still being written into the mail queue, a few hundred members at a
 * time in the background: the request that caused it writes this one row, not a mail per member.
 */
export class NewsletterIssues1732380000000 implements MigrationInterface {
  name = 'NewsletterIssues1732380000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "newsletter_issue" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "event" text NOT NULL,
        "createdOn" varchar(30) NOT NULL,
        "queuedThrough" varchar(36)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "newsletter_issue"`);
  }
}
