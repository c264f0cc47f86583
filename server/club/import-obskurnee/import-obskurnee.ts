import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE, openDatabase, sqliteOf } from '../../db/data-source';
import { countRows } from '../../db/table';
import { userTable } from '../../features/accounts';
import { saveAvatar } from '../../features/users';
import { AppError } from '../../http/errors';
import { createMarkdown } from '../../markdown';
import { claimDataDir, DataDirInUse, runningServerPid } from '../server-lock';
import { mapClub, type BookclubRows } from './map-club';
import { ImportError, readObskurnee, type ObskurneeClub } from './read-obskurnee';
import { sourceClock } from './source-time';
import { writeClub } from './write-club';

/** Where an import builds the club before moving it in, inside the data folder (so the move is a rename). */
const STAGING_PREFIX = '.obskurnee-import-';

export { ImportError } from './read-obskurnee';

export interface ImportRequest {
  /** The Obskurnee database (its data/obskurnee.db); only read (through a private copy, with its -wal). */
  file: string;
  /** The Bookclub data folder to fill; it must hold no club yet. */
  dataDir: string;
  /** Where pictures the database names but does not hold may be found (Obskurnee's images folder). */
  imagesDir?: string | null;
  /**
   * The IANA zone of the clock Obskurnee ran by (it stored local wall-clock times); default UTC, the clock
   * of its Docker image. An unknown zone is refused before anything is read or written.
   */
  sourceTimeZone?: string | null;
  nativeBinding?: string;
}

/** A picture Obskurnee had that nothing imported names (left behind, and named in the report). */
export interface UnreferencedImage {
  name: string;
  inDatabase: boolean;
  /** In the folder given with --images. */
  inFolder: boolean;
}

export interface ImportReport {
  counts: {
    members: number;
    admins: number;
    moderators: number;
    bots: number;
    inactive: number;
    rounds: number;
    discussions: number;
    posts: number;
    reposts: number;
    polls: number;
    tiebreakers: number;
    votes: number;
    books: number;
    reviews: number;
    recommendations: number;
    currentlyReading: number;
    shelfEntries: number;
    shelfLinks: number;
    subscriptions: number;
    noticeboard: number;
    avatars: number;
    covers: number;
  };
  /** What could not be brought over as it was, one sentence each. */
  problems: string[];
  /** What was read from older Obskurnee data in a way the host should know of, one sentence each. */
  notes: string[];
  /** Pictures in Obskurnee's database or the --images folder that nothing imported uses. */
  unreferencedImages: UnreferencedImage[];
  /** What the host must act on before the club is usable as it was (a club without an admin). */
  warnings: string[];
}

/**
 * Moves an Obskurnee club into an empty Bookclub data folder. The new database is built and filled beside
 * the folder's contents (in a staging folder inside it) and moved into place only once it is whole, so a
 * failure at any step leaves the folder as it was.
 */
export async function importObskurnee(request: ImportRequest): Promise<ImportReport> {
  const dataDir = path.resolve(request.dataDir);
  const source = path.resolve(request.file);
  const clock = sourceClock(request.sourceTimeZone ?? 'UTC');
  if (!fs.existsSync(source)) throw new ImportError(`There is no file ${source}.`);
  if (request.imagesDir && !fs.statSync(request.imagesDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ImportError(`The images folder ${request.imagesDir} does not exist.`);
  }
  const pid = runningServerPid(dataDir);
  if (pid) throw new ImportError(`The club server (process ${pid}) is using ${dataDir}. Stop it first, then import.`);
  const live = path.join(dataDir, DATABASE_FILE);
  if (source === live) throw new ImportError(`${source} is Bookclub's own database, not Obskurnee's.`);
  const replacesEmpty = fs.existsSync(live);
  if (replacesEmpty) refuseIfClub(live, dataDir, request.nativeBinding);

  const club = readObskurnee(source, request.nativeBinding);
  let staging: string | null = null;
  let release: (() => void) | null = null;
  const moved: string[] = [];
  const createdDataDir = !fs.existsSync(dataDir);
  try {
    const { rows, problems, notes, picturesNamed } = mapClub(club, createMarkdown(), { clock });
    const unreferencedImages = unreferenced(club, request.imagesDir ?? null, picturesNamed);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Held like a server holds it: a server started meanwhile is refused rather than meeting half a club.
    try {
      release = claimDataDir(dataDir);
    } catch (error) {
      if (error instanceof DataDirInUse) throw new ImportError(error.message);
      throw error;
    }
    // An import killed midway (Ctrl-C) left its staging folder, a whole copy of a club: it goes now.
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith(STAGING_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    staging = fs.mkdtempSync(path.join(dataDir, STAGING_PREFIX));
    const avatars = await bringAvatars(club, rows, request.imagesDir ?? null, staging, problems);
    const covers = bringCovers(club, rows, request.imagesDir ?? null, staging, problems);

    const db = await openDatabase(staging, request.nativeBinding);
    try {
      writeClub(sqliteOf(db), rows);
    } finally {
      await db.destroy();
    }

    // Whole: move it in, the pictures first and the database last, so the club appears in one step (a
    // failure before that takes the pictures back). An empty club database the server made on an earlier
    // start gives way.
    for (const folder of ['avatars', 'covers']) {
      const from = path.join(staging, 'images', folder);
      if (!fs.existsSync(from)) continue;
      const to = path.join(dataDir, 'images', folder);
      fs.mkdirSync(to, { recursive: true, mode: 0o700 });
      for (const name of fs.readdirSync(from)) {
        fs.renameSync(path.join(from, name), path.join(to, name));
        moved.push(path.join(to, name));
      }
    }
    if (replacesEmpty) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(live + suffix, { force: true });
    fs.renameSync(path.join(staging, DATABASE_FILE), live);
    moved.length = 0;
    fs.chmodSync(live, 0o600);
    return { counts: countsOf(rows, avatars, covers), problems, notes, unreferencedImages, warnings: warningsFor(rows, dataDir) };
  } catch (error) {
    for (const file of moved) fs.rmSync(file, { force: true });
    release?.();
    release = null;
    if (createdDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (error instanceof ImportError) throw error;
    throw new ImportError(`The import failed and nothing was written: ${(error as Error).message}`);
  } finally {
    club.close();
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    release?.();
  }
}

/** A data folder whose database has any member holds a club: the import never merges into one. */
function refuseIfClub(live: string, dataDir: string, nativeBinding?: string): void {
  let users: number;
  try {
    const db = new Database(live, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    try {
      users = countRows(db, userTable, 'all');
    } finally {
      db.close();
    }
  } catch (error) {
    throw new ImportError(`${dataDir} already has a database (${live}) that cannot be read (${(error as Error).message}); import into an empty folder.`);
  }
  if (users > 0) throw new ImportError(`${dataDir} already holds a club (${users} members). Import into an empty data folder (--data-dir).`);
}

/** Pictures Obskurnee's database or the images folder holds that no imported member or post names. */
function unreferenced(club: ObskurneeClub, imagesDir: string | null, named: Set<string>): UnreferencedImage[] {
  const inFolder = new Set(
    imagesDir
      ? fs
          .readdirSync(imagesDir, { withFileTypes: true })
          .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
          .map((entry) => entry.name)
      : [],
  );
  const inDatabase = new Set(club.imageNames);
  return [...new Set([...inDatabase, ...inFolder])]
    .filter((name) => !named.has(name))
    .sort()
    .map((name) => ({ name, inDatabase: inDatabase.has(name), inFolder: inFolder.has(name) }));
}

/** A club nobody can administer: Obskurnee had no admin, or none who can sign in. */
function warningsFor(rows: BookclubRows, dataDir: string): string[] {
  if (rows.users.some((u) => u.isAdmin && !u.isBot && u.disabledOn === null)) return [];
  const admins = rows.users.filter((u) => u.isAdmin);
  const why =
    admins.length === 0 ? 'Obskurnee had no admin' : `its admin${admins.length === 1 ? '' : 's'} (${admins.map((u) => u.email).join(', ')}) cannot sign in`;
  return [
    `The imported club has no admin who can sign in (${why}), so nobody can manage members or the club. ` +
      `Make one of its members admin: npm start -- create-admin --email THEIR-EMAIL --data-dir ${dataDir}`,
  ];
}

/** The picture's bytes: from Obskurnee's own Images table, else from the images folder given. */
function pictureBytes(club: ObskurneeClub, imagesDir: string | null, fileName: string): Buffer | null {
  const stored = club.image(fileName);
  if (stored) return stored;
  if (!imagesDir) return null;
  const file = path.join(imagesDir, fileName);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

async function bringAvatars(club: ObskurneeClub, rows: BookclubRows, imagesDir: string | null, staging: string, problems: string[]): Promise<number> {
  let brought = 0;
  const avatarsDir = path.join(staging, 'images', 'avatars');
  for (const { userId, fileName } of rows.avatars) {
    const user = rows.users.find((u) => u.id === userId)!;
    const bytes = pictureBytes(club, imagesDir, fileName);
    if (!bytes) {
      problems.push(
        `The avatar of ${user.email} (${fileName}) is neither in the database nor${imagesDir ? ` in ${imagesDir}` : ' given with --images DIR'}; left out.`,
      );
      continue;
    }
    try {
      // The same processing as an upload: cropped to 100 x 100, saved as WebP under a fresh name.
      user.avatarFile = await saveAvatar(bytes, avatarsDir, userId);
      brought++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.push(`The avatar of ${user.email} (${fileName}) is not a picture Bookclub can read; left out.`);
    }
  }
  return brought;
}

function bringCovers(club: ObskurneeClub, rows: BookclubRows, imagesDir: string | null, staging: string, problems: string[]): number {
  const coversDir = path.join(staging, 'images', 'covers');
  const missing = new Set<string>();
  let brought = 0;
  for (const { fileName } of rows.covers) {
    const bytes = pictureBytes(club, imagesDir, fileName);
    if (!bytes) {
      missing.add(`/images/covers/${encodeURIComponent(fileName)}`);
      problems.push(`The cover ${fileName} is neither in the database nor${imagesDir ? ` in ${imagesDir}` : ' given with --images DIR'}; its books show none.`);
      continue;
    }
    fs.mkdirSync(coversDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(coversDir, fileName), bytes, { mode: 0o600 });
    brought++;
  }
  for (const row of [...rows.posts, ...rows.recommendations]) if (row.imageUrl && missing.has(row.imageUrl)) row.imageUrl = null;
  return brought;
}

function countsOf(rows: BookclubRows, avatars: number, covers: number): ImportReport['counts'] {
  return {
    members: rows.users.length,
    admins: rows.users.filter((u) => u.isAdmin).length,
    moderators: rows.users.filter((u) => u.isModerator).length,
    bots: rows.users.filter((u) => u.isBot).length,
    inactive: rows.users.filter((u) => !u.isBot && !u.isActiveParticipant).length,
    rounds: rows.rounds.length,
    discussions: rows.discussions.length,
    posts: rows.posts.length,
    reposts: rows.posts.filter((p) => p.parentPostId !== null || p.parentRecommendationId !== null).length,
    polls: rows.polls.length,
    tiebreakers: rows.polls.filter((p) => p.isTiebreaker).length,
    votes: rows.votes.length,
    books: rows.books.length,
    reviews: rows.reviews.length,
    recommendations: rows.recommendations.length,
    currentlyReading: rows.currentlyReading.length,
    shelfEntries: rows.shelfEntries.length,
    shelfLinks: rows.shelfLinks.length,
    subscriptions: rows.subscriptions.length,
    noticeboard: rows.noticeboard === null ? 0 : 1,
    avatars,
    covers,
  };
}
