import { clubDatabaseProblem } from '../club-database-check';
import { openDatabaseFile } from '../database-file';
import { refused } from './backup-refused';
import { knownMigrations, schemaDifference } from './restored-schema';

/**
 * The staged database, made one self-contained file and checked: intact, a Bookclub club, of no newer
 * Bookclub (a migration this one does not know would be a schema it cannot read), and of exactly the schema
 * its migrations make.
 */
export async function checkStagedDatabase(file: string, nativeBinding?: string): Promise<void> {
  try {
    const db = openDatabaseFile(file, { nativeBinding, readonly: false });
    try {
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
  } catch (error) {
    throw refused('backupDatabaseDamaged', { reason: (error as Error).message });
  }
  const problem = clubDatabaseProblem(file, nativeBinding);
  if (problem) throw refused('backupDatabaseDamaged', { reason: problem });
  const db = openDatabaseFile(file, { nativeBinding });
  try {
    let applied: string[];
    try {
      applied = (db.prepare(`SELECT "name" FROM "migrations" ORDER BY "timestamp", "id"`).all() as { name: string }[]).map((row) => row.name);
    } catch (error) {
      throw refused('backupDatabaseDamaged', { reason: (error as Error).message });
    }
    const known = new Set(knownMigrations());
    if (applied.some((name) => !known.has(name))) throw refused('backupDatabaseTooNew');
    const difference = await schemaDifference(db, applied, nativeBinding);
    if (difference) throw refused('backupSchemaDiffers', { difference });
  } finally {
    db.close();
  }
}
