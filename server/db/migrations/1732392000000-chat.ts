import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The club's chat (issue 29): outgoing webhooks, the Matrix room an admin entered, and every delivery still
 * to make or made lately. A delivery's body is written when its event happens, so a retry sends the same
 * bytes (the same signature, the same Matrix transaction id); the table is the queue, so a restart carries on.
 */
export class Chat1732392000000 implements MigrationInterface {
  name = 'Chat1732392000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "webhook" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "url" varchar(2000) NOT NULL,
        "events" text NOT NULL,
        "format" varchar(10) NOT NULL CHECK ("format" IN ('json', 'discord', 'slack')),
        "secret" varchar(64) NOT NULL,
        "createdOn" varchar(30) NOT NULL,
        "createdBy" varchar(36) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "matrix_room" (
        "id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
        "homeserver" varchar(2000) NOT NULL,
        "roomId" varchar(255) NOT NULL,
        "accessToken" varchar(2000) NOT NULL,
        "createdOn" varchar(30) NOT NULL,
        "createdBy" varchar(36) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "chat_delivery" (
        "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        "receiver" varchar(20) NOT NULL,
        "deliveryId" varchar(36) NOT NULL UNIQUE,
        "event" varchar(30) NOT NULL,
        "body" text NOT NULL,
        "createdOn" varchar(30) NOT NULL,
        "attempts" integer NOT NULL DEFAULT (0),
        "nextAttemptOn" varchar(30) NOT NULL,
        "lastTriedOn" varchar(30),
        "lastStatus" integer,
        "lastError" varchar(500),
        "deliveredOn" varchar(30)
      )`);
    await q.query(`CREATE INDEX "IX_chat_delivery_waiting" ON "chat_delivery" ("receiver", "id") WHERE "deliveredOn" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "chat_delivery"`);
    await q.query(`DROP TABLE "matrix_room"`);
    await q.query(`DROP TABLE "webhook"`);
  }
}
