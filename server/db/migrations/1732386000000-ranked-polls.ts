import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ranked-choice polls (DECISIONS.md, "Ranked choice and check-in"): a poll says how it is counted, approval
 * (every poll so far, and Obskurnee's) or ranked; a ranked ballot keeps each choice's place, first = most
 * wanted. An approval ballot's choices have no place (null).
 */
export class RankedPolls1732386000000 implements MigrationInterface {
  name = 'RankedPolls1732386000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "poll" ADD COLUMN "votingMethod" varchar(10) NOT NULL DEFAULT ('approval')`);
    await q.query(`ALTER TABLE "vote_choice" ADD COLUMN "rank" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "vote_choice" DROP COLUMN "rank"`);
    await q.query(`ALTER TABLE "poll" DROP COLUMN "votingMethod"`);
  }
}
