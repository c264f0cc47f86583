import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createMarkdown } from '../../markdown';

/**
 * Spoilers (`::words::`, `:::` blocks) render as hidden elements now: posts and recommendations written
 * before keep their HTML rendered beside their markdown, so those that may hold a spoiler are rendered again.
 */
export class Spoilers1732330000000 implements MigrationInterface {
  name = 'Spoilers1732330000000';

  async up(q: QueryRunner): Promise<void> {
    const markdown = createMarkdown();
    for (const table of ['post', 'recommendation']) {
      const rows: { id: number; text: string }[] = await q.query(`SELECT "id", "text" FROM "${table}" WHERE "text" LIKE '%::%'`);
      for (const row of rows) await q.query(`UPDATE "${table}" SET "renderedText" = ? WHERE "id" = ?`, [markdown.render(row.text), row.id]);
    }
  }

  async down(): Promise<void> {
    // The HTML stays: rendered again, it is what the markdown says.
  }
}
