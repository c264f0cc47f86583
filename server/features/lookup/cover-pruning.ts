import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { statement } from '../../db/table';
import { postTable } from '../discussions';
import { recommendationTable } from '../recommendations';

/**
 * The lookup's own covers (`ol-{coverId}.webp`, shared/api/lookup.ts's storedCoverPath) and what a write cut
 * short left of one: other files in the folder (an Obskurnee import's, the demo's) are not the lookup's.
 */
const LOOKUP_COVER = /^ol-\d+\.webp(?:\.\d+\.part)?$/;
/** A cover stored for a form not yet sent (or stored again, book-lookup.ts touches it) is kept this long. */
export const UNUSED_COVER_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the lookup's covers that no post or recommendation shows, stored more than a day ago: every
 * lookup a member opens a cover for keeps a file otherwise (a script storing every cover id filled the
 * disk), and a suggestion edited to another book leaves the old one behind. Answers how many went.
 */
export function pruneUnusedCovers(db: DataSource, coversDir: string, now: Date): number {
  const names = fs.existsSync(coversDir) ? fs.readdirSync(coversDir).filter((name) => LOOKUP_COVER.test(name)) : [];
  if (names.length === 0) return 0;
  const used = new Set(
    statement(
      sqliteOf(db),
      `SELECT "imageUrl" FROM ${postTable.name} WHERE "imageUrl" LIKE '/images/covers/ol-%' ` +
        `UNION SELECT "imageUrl" FROM ${recommendationTable.name} WHERE "imageUrl" LIKE '/images/covers/ol-%'`,
    )
      .pluck()
      .all() as string[],
  );
  let removed = 0;
  for (const name of names) {
    if (used.has(`/images/covers/${name}`)) continue;
    const file = path.join(coversDir, name);
    const stored = fs.statSync(file, { throwIfNoEntry: false });
    if (!stored || now.getTime() - stored.mtimeMs < UNUSED_COVER_KEPT_MS) continue;
    fs.rmSync(file, { force: true });
    removed++;
  }
  return removed;
}
