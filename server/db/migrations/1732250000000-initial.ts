import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts and the club's key-value settings (noticeboard and the like). */
export class Initial1732250000000 implements MigrationInterface {
  name = 'Initial1732250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "user" (
        "id" varchar(36) PRIMARY KEY NOT NULL,
        "email" varchar(254) NOT NULL COLLATE NOCASE,
        "name" varchar(200) NOT NULL DEFAULT '',
        "passwordHash" varchar(300),
        "phone" varchar(50),
        "aboutMe" text,
        "goodreadsUrl" varchar(500),
        "avatarFile" varchar(200),
        "isModerator" boolean NOT NULL DEFAULT (0),
        "isAdmin" boolean NOT NULL DEFAULT (0),
        "isBot" boolean NOT NULL DEFAULT (0),
        "isActiveParticipant" boolean NOT NULL DEFAULT (1),
        "language" varchar(2),
        "createdOn" datetime NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      )`);
    await q.query(`CREATE UNIQUE INDEX "IX_user_email" ON "user" ("email")`);
    await q.query(`
      CREATE TABLE "setting" (
        "key" varchar(100) PRIMARY KEY NOT NULL,
        "value" text NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "setting"`);
    await q.query(`DROP TABLE "user"`);
  }
}
