import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMarkdown } from '../../markdown';

/**
 * Posts and recommendations keep their rendered HTML beside their markdown, made once when written:
 * rendering and sanitizing on every read cost ~0.1 ms each, which a search answering a hundred of them felt.
 */
export class RenderedText1732300000000 implements MigrationInterface {
  name = 'RenderedText1732300000000';

  async up(q: QueryRunner): Promise<void> {
    const markdown = createMarkdown();
    for (const table of ['post', 'recommendation']) {
      await q.query(`ALTER TABLE "${table}" ADD COLUMN "renderedText" text`);
      const rows: { id: number; text: string }[] = await q.query(`SELECT "id", "text" FROM "${table}" WHERE "text" IS NOT NULL`);
      for (const row of rows) await q.query(`UPDATE "${table}" SET "renderedText" = ? WHERE "id" = ?`, [markdown.render(row.text), row.id]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['post', 'recommendation']) await q.query(`ALTER TABLE "${table}" DROP COLUMN "renderedText"`);
  }
}
