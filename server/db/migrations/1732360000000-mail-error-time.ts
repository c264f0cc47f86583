import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a mail's last try failed, for the host page ("last error, at"). Null for mail that never failed. */
export class MailErrorTime1732360000000 implements MigrationInterface {
  name = 'MailErrorTime1732360000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "mail" ADD COLUMN "lastErrorOn" varchar(30)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "mail" DROP COLUMN "lastErrorOn"`);
  }
}
