import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A suggested or recommended book's publication year (issue 29, the book lookup fills it from Open
 * Library's first year of publication). Optional: rows written before, and clients that do not know it,
 * have none.
 */
export class PublicationYear1732398000000 implements MigrationInterface {
  name = 'PublicationYear1732398000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "post" ADD COLUMN "year" integer`);
    await q.query(`ALTER TABLE "recommendation" ADD COLUMN "year" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "recommendation" DROP COLUMN "year"`);
    await q.query(`ALTER TABLE "post" DROP COLUMN "year"`);
  }
}
