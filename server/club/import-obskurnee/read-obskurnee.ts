import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ImportError } from './import-error';
import { REQUIRED_COLUMNS, ROLE_NAMES, TABLES_LEFT_BEHIND } from './obskurnee-schema';

export { ImportError };

type Row = Record<string, unknown>;

/** An Obskurnee database's rows, as read: one array of plain rows per table the import uses. */
export interface ObskurneeClub {
  users: Row[];
  /** userId -> role names */
  roles: Map<string, Set<string>>;
  /**
   * userId -> role names held only as Identity claims, as Obskurnee kept roles before 2022 (a club whose
   * database was upgraded without that year's conversion still has them so); already merged into `roles`.
   */
  claimRoles: Map<string, Set<string>>;
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
  /** The file names of every image the database holds. */
  imageNames: string[];
  /** Rows of tables the import does not move, per table, for the report. */
  leftBehind: { table: string; rows: number; what: string }[];
  close(): void;
}

/**
 * Reads what the import moves from an Obskurnee database, through a private copy (privateCopy): the source
 * and its folder are only read. Anything that is not one (not SQLite, damaged, another app's database, an
 * Obskurnee too old) is an ImportError with a sentence the host can act on.
 */
export function readObskurnee(file: string, nativeBinding?: string): ObskurneeClub {
  const copy = privateCopy(file);
  let db: Database.Database;
  try {
    db = new Database(copy.file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  } catch (error) {
    copy.remove();
    throw new ImportError(`Cannot open ${file}: ${(error as Error).message}.`);
  }
  const close = () => {
    db.close();
    copy.remove();
  };
  try {
    // Nothing is written even to the copy, bar what SQLite does on its own to bring a copied WAL in.
    db.pragma('query_only = ON');
    return { ...readOpen(db, file), close };
  } catch (error) {
    close();
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${file} is not a readable Obskurnee database (${(error as Error).message}).`);
  }
}

/** Obskurnee's own names for what a user's claims made them before roles (2022), by claim type. */
const LEGACY_ROLE_CLAIMS: Record<string, string> = { admin: ROLE_NAMES.admin, moderator: ROLE_NAMES.moderator, bot: ROLE_NAMES.bot };

/**
 * The source, copied with what SQLite keeps beside it into a folder of our own, so that nothing is ever
 * written beside it: SQLite cannot read a WAL-mode database, even read-only, without making its -shm (and
 * it fails where the folder is not writable, as Obskurnee's Docker volume usually is not), and a -wal left
 * beside it holds committed transactions a reader must see, which only a connection that may write its
 * own -shm brings in. A -journal left by a crash is copied too, so the copy is rolled back to what was
 * committed; the -shm, mere shared memory of a live connection, is not. Only the source is read.
 */
function privateCopy(file: string): { file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-obskurnee-read-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const copy = path.join(dir, 'obskurnee.db');
  try {
    fs.copyFileSync(file, copy);
    for (const suffix of ['-wal', '-journal']) {
      const beside = `${file}${suffix}`;
      if (fs.statSync(beside, { throwIfNoEntry: false })?.isFile()) fs.copyFileSync(beside, `${copy}${suffix}`);
    }
  } catch (error) {
    remove();
    throw new ImportError(`Cannot read ${file}: ${(error as Error).message}.`);
  }
  return { file: copy, remove };
}

function readOpen(db: Database.Database, file: string): Omit<ObskurneeClub, 'close'> {
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
  for (const row of db
    .prepare(`SELECT ur."UserId" AS "userId", lower(r."Name") AS "role" FROM "AspNetUserRoles" ur JOIN "AspNetRoles" r ON r."Id" = ur."RoleId"`)
    .all() as { userId: string; role: string }[]) {
    if (!roles.has(row.userId)) roles.set(row.userId, new Set());
    roles.get(row.userId)!.add(row.role);
  }
  // Before 2022 Obskurnee kept roles as claims ("admin", "moderator", "bot", each = "true"). Its conversion
  // that year (run at start, not a migration, so a club upgraded later skipped it) gave every user with a
  // claim "admin" or "moderator", whatever its value, the role of that name; a "bot" claim, which it left
  // alone, is what marked a bot before then, so it makes one here too.
  const claimRoles = new Map<string, Set<string>>();
  let claimRows = 0;
  if (tables.has('AspNetUserClaims')) {
    for (const row of db.prepare(`SELECT "UserId" AS "userId", "ClaimType" AS "type" FROM "AspNetUserClaims"`).all() as {
      userId: string;
      type: string | null;
    }[]) {
      const role = LEGACY_ROLE_CLAIMS[row.type ?? ''];
      if (!role) continue;
      claimRows++;
      if (!roles.get(row.userId)?.has(role)) {
        if (!claimRoles.has(row.userId)) claimRoles.set(row.userId, new Set());
        claimRoles.get(row.userId)!.add(role);
      }
      if (!roles.has(row.userId)) roles.set(row.userId, new Set());
      roles.get(row.userId)!.add(role);
    }
  }
  const imageStatement = db.prepare(`SELECT "FileContents" FROM "Images" WHERE "FileName" = ?`);
  const leftBehind = Object.entries(TABLES_LEFT_BEHIND)
    .filter(([table]) => tables.has(table))
    .map(([table, what]) => ({
      table,
      what,
      rows: (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n - (table === 'AspNetUserClaims' ? claimRows : 0),
    }))
    .filter((entry) => entry.rows > 0);

  return {
    users: all('AspNetUsers', '"Id"'),
    roles,
    claimRoles,
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
    imageNames: (db.prepare(`SELECT "FileName" FROM "Images" ORDER BY "FileName"`).all() as { FileName: string }[]).map((row) => row.FileName),
    leftBehind,
  };
}
