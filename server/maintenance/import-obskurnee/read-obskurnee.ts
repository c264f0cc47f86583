import Database from 'better-sqlite3';
import { REQUIRED_COLUMNS, TABLES_LEFT_BEHIND } from './obskurnee-schema';

/** Something about the file that the host can fix or must know: printed as it is, without a stack. */
export class ImportError extends Error {}

type Row = Record<string, unknown>;

/** An Obskurnee database's rows, as read: one array of plain rows per table the import uses. */
export interface ObskurneeClub {
  users: Row[];
  /** userId -> role names */
  roles: Map<string, Set<string>>;
  rounds: Row[];
  discussions: Row[];
  posts: Row[];
  polls: Row[];
  pollOptions: Row[];
  votes: Row[];
  books: Row[];
  reviews: Row[];
  recommendations: Row[];
  shelfEntries: Row[];
  subscriptions: Row[];
  settings: Row[];
  /** Images by file name; the bytes are read only for the names asked for. */
  image(fileName: string): Buffer | null;
  /** Rows of tables the import does not move, per table, for the report. */
  leftBehind: { table: string; rows: number; what: string }[];
  close(): void;
}

/**
 * Opens an Obskurnee database read-only and reads what the import moves. Anything that is not one (not
 * SQLite, damaged, another app's database, an Obskurnee too old) is an ImportError with a sentence the host
 * can act on; the file is never written.
 */
export function readObskurnee(file: string, nativeBinding?: string): ObskurneeClub {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  } catch (error) {
    throw new ImportError(`Cannot open ${file}: ${(error as Error).message}.`);
  }
  try {
    return readOpen(db, file);
  } catch (error) {
    db.close();
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${file} is not a readable Obskurnee database (${(error as Error).message}).`);
  }
}

function readOpen(db: Database.Database, file: string): ObskurneeClub {
  // The first read is where SQLite finds out whether the file is a database at all.
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new ImportError(`${file} is damaged (SQLite says: ${String(check)}). Use a backup of Obskurnee's database instead.`);
  const tables = new Set((db.prepare(`SELECT "name" FROM "sqlite_master" WHERE "type" IN ('table', 'view')`).all() as { name: string }[]).map((t) => t.name));
  if (!tables.has('AspNetUsers') || !tables.has('__EFMigrationsHistory')) {
    throw new ImportError(`${file} is a SQLite database, but not Obskurnee's: it has no AspNetUsers or __EFMigrationsHistory table.`);
  }
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(REQUIRED_COLUMNS)) {
    if (!tables.has(table)) {
      missing.push(table);
      continue;
    }
    const present = new Set((db.prepare(`SELECT "name" FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name));
    for (const column of columns) if (!present.has(column)) missing.push(`${table}.${column}`);
  }
  if (missing.length > 0) {
    throw new ImportError(
      `${file} does not look like a database of a recent Obskurnee (missing: ${missing.slice(0, 6).join(', ')}${missing.length > 6 ? ', ...' : ''}). ` +
        'If it is an older Obskurnee, start the latest Obskurnee on it once (it upgrades its database), then import again.',
    );
  }

  const all = (table: string, order: string) => db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).all() as Row[];
  const roles = new Map<string, Set<string>>();
  for (const row of db.prepare(`SELECT ur."UserId" AS "userId", lower(r."Name") AS "role" FROM "AspNetUserRoles" ur JOIN "AspNetRoles" r ON r."Id" = ur."RoleId"`).all() as { userId: string; role: string }[]) {
    if (!roles.has(row.userId)) roles.set(row.userId, new Set());
    roles.get(row.userId)!.add(row.role);
  }
  const imageStatement = db.prepare(`SELECT "FileContents" FROM "Images" WHERE "FileName" = ?`);
  const leftBehind = Object.entries(TABLES_LEFT_BEHIND)
    .filter(([table]) => tables.has(table))
    .map(([table, what]) => ({ table, what, rows: (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n }))
    .filter((entry) => entry.rows > 0);

  return {
    users: all('AspNetUsers', '"Id"'),
    roles,
    rounds: all('Rounds', '"RoundId"'),
    discussions: all('Discussions', '"DiscussionId"'),
    posts: all('Posts', '"PostId"'),
    polls: all('Polls', '"PollId"'),
    pollOptions: all('PollPost', '"AllPollsPollId", "OptionsPostId"'),
    votes: all('Votes', '"PollId", "OwnerId"'),
    books: all('Books', '"Order"'),
    reviews: all('BookclubReviews', '"BookId", "OwnerId"'),
    recommendations: all('Recommendations', '"RecommendationId"'),
    shelfEntries: all('GoodreadsReviews', '"OwnerId", "CreatedOn"'),
    subscriptions: all('NewsletterSubscriptions', '"UserId", "NewsletterName"'),
    settings: all('Settings', '"Key"'),
    image(fileName) {
      const row = imageStatement.get(fileName) as { FileContents: Buffer | null } | undefined;
      return row?.FileContents ? Buffer.from(row.FileContents) : null;
    },
    leftBehind,
    close: () => db.close(),
  };
}
