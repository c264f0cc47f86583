/**
 * The club's database file in its data folder. A module of its own: what only needs the name (a backup in its
 * worker thread, the archive's format) does not load TypeORM with data-source.ts.
 */
export const DATABASE_FILE = 'bookclub.db';
