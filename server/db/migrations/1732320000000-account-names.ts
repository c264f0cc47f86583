import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every account has a name: the first admin used to be created with "" (and Obskurnee's client counts a
 * user without a name as signed out). Blank names become the email's local part, as new accounts get.
 */
export class AccountNames1732320000000 implements MigrationInterface {
  name = 'AccountNames1732320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "user" SET "name" = CASE WHEN instr("email", '@') > 1 THEN substr("email", 1, instr("email", '@') - 1) ELSE "email" END
       WHERE trim("name") = ''`,
    );
  }

  async down(): Promise<void> {
    // The names stay: nothing depended on them being blank.
  }
}
