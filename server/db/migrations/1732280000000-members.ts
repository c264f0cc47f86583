import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Set-password links, newsletter subscriptions, and what members are reading now. */
export class Members1732280000000 implements MigrationInterface {
  name = 'Members1732280000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "reset_token" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "tokenHash" varchar(64) NOT NULL,
        "purpose" varchar(20) NOT NULL CHECK ("purpose" IN ('reset', 'invitation')),
        "expiresOn" varchar(30) NOT NULL,
        "usedOn" varchar(30),
        "createdOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_reset_token_user" ON "reset_token" ("userId")`);
    await q.query(`
      CREATE TABLE "newsletter_subscription" (
        "userId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "newsletter" varchar(20) NOT NULL CHECK ("newsletter" IN ('basicevents', 'allevents')),
        PRIMARY KEY ("userId", "newsletter")
      )`);
    await q.query(`
      CREATE TABLE "currently_reading" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "ownerId" varchar(36) NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "title" varchar(300) NOT NULL,
        "author" varchar(300),
        "createdOn" varchar(30) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IX_currently_reading_owner" ON "currently_reading" ("ownerId", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "currently_reading"`);
    await q.query(`DROP TABLE "newsletter_subscription"`);
    await q.query(`DROP TABLE "reset_token"`);
  }
}
