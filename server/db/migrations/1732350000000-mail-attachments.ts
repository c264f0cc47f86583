import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files a queued mail carries (a meeting's .ics), as JSON: `[{ filename, contentType, content }]`. Null for
 * mail without any, which is every mail queued before this column existed: it sends as it always did.
 */
export class MailAttachments1732350000000 implements MigrationInterface {
  name = 'MailAttachments1732350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "mail" ADD COLUMN "attachments" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "mail" DROP COLUMN "attachments"`);
  }
}
