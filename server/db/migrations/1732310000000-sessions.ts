import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions that can end: a token carries its account's session version, and a password reset or a
 * disabled account moves the version on, so every token issued before stops working. A disabled account
 * keeps its posts; `disabledOn` says since when it cannot sign in.
 */
export class Sessions1732310000000 implements MigrationInterface {
  name = 'Sessions1732310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "user" ADD COLUMN "sessionVersion" integer NOT NULL DEFAULT (0)`);
    await q.query(`ALTER TABLE "user" ADD COLUMN "disabledOn" varchar(30)`);
    // Reset mail is limited per account per hour, and expired tokens are pruned by date.
    await q.query(`CREATE INDEX IF NOT EXISTS "IX_reset_token_user_created" ON "reset_token" ("userId", "createdOn")`);
    await q.query(`CREATE INDEX IF NOT EXISTS "IX_reset_token_expires" ON "reset_token" ("expiresOn")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "IX_reset_token_expires"`);
    await q.query(`DROP INDEX IF EXISTS "IX_reset_token_user_created"`);
    await q.query(`ALTER TABLE "user" DROP COLUMN "disabledOn"`);
    await q.query(`ALTER TABLE "user" DROP COLUMN "sessionVersion"`);
  }
}
