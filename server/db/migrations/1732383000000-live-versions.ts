import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discussions, polls and meetings count their changes: live events carry the count, and a client whose copy
 * is more than one change behind an event knows it missed one and reads the thing again (shared/events.ts).
 * Kept in the rows, so the count goes on growing across restarts. Existing rows start at 0.
 */
export class LiveVersions1732383000000 implements MigrationInterface {
  name = 'LiveVersions1732383000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['discussion', 'poll', 'meeting']) await q.query(`ALTER TABLE "${table}" ADD COLUMN "version" integer NOT NULL DEFAULT (0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['discussion', 'poll', 'meeting']) await q.query(`ALTER TABLE "${table}" DROP COLUMN "version"`);
  }
}
