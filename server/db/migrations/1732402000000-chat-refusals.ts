import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A chat delivery's refusals in a row (issue 39): how many of its last tries the receiver answered 401, 403 or
 * 404. Five running mark the receiver as needing an admin's attention, and it is then tried daily. And the
 * message a delivery tells, so a hook whose shape an admin changes gets what waits in its new shape.
 */
export class ChatRefusals1732402000000 implements MigrationInterface {
  name = 'ChatRefusals1732402000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat_delivery" ADD COLUMN "refusals" integer NOT NULL DEFAULT (0)`);
    await q.query(`ALTER TABLE "chat_delivery" ADD COLUMN "message" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "chat_delivery" DROP COLUMN "message"`);
    await q.query(`ALTER TABLE "chat_delivery" DROP COLUMN "refusals"`);
  }
}
