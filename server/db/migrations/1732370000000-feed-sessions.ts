import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A calendar feed belongs to its member's sessions: it records the account's session version when it was
 * made, and works only while the account still has that version. A password change or reset and disabling
 * the account move the version on, so they end the feed as they end sessions, and enabling the account
 * again does not bring an old feed back. Feeds made before this keep working until the next such event.
 */
export class FeedSessions1732370000000 implements MigrationInterface {
  name = 'FeedSessions1732370000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "calendar_feed" ADD COLUMN "sessionVersion" integer NOT NULL DEFAULT (0)`);
    await q.query(`UPDATE "calendar_feed" SET "sessionVersion" = (SELECT "sessionVersion" FROM "user" WHERE "user"."id" = "calendar_feed"."userId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "calendar_feed" DROP COLUMN "sessionVersion"`);
  }
}
