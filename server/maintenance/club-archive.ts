import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import type { ReadEntry } from 'tar';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { DATABASE_FILE } from '../db/data-source';
import { migrations } from '../db/migrations';
import { translate } from '../http/i18n';
import { MaintenanceError, backupDatabase, clubDatabaseProblem } from './backup';
import { planSwap, readJournal, runJournal, syncTree, writeJournal, type RestoreJournal } from './restore-swap';
import { isAlive } from './server-lock';

/**
 * The whole club in one file, and back: a gzipped tar of manifest.json (what it holds, with a checksum of
 * every other entry), the database (one self-contained SQLite file), the token-signing secret (so members
 * stay signed in after a hand-over) and the uploaded images. The rest of the data folder is the host's, not
 * the club's: the lock, the outbox, the backups and their status, earlier restores' kept folders.
 */
export const BACKUP_FORMAT = 'bookclub-backup';
export const BACKUP_FORMAT_VERSION = 1;

const MANIFEST_FILE = 'manifest.json';
/** The token-signing secret, under the name server/http/token.ts keeps it. */
const SECRET_FILE = 'token-secret.key';
const SECRET_TEXT = /^[0-9a-f]{64,}$/;
/** Avatars (users.service) and imported covers (import-obskurnee), as server/http/images.ts serves them. */
const IMAGES_FOLDER = 'images';
const IMAGE_FOLDERS = ['avatars', 'covers'] as const;
/** The names the club gives images: no separators, no leading dot, so never a path of their own. */
const IMAGE_NAME = /^\w[\w.-]{0,199}$/;

/** No club's backup unpacks to more; a file that would is refused before it fills the disk. */
const MAX_UNPACKED_BYTES = 4 * 1024 ** 3;
/** No club's database is larger (a club of thousands of members and posts is some hundreds of MB). */
export const MAX_DATABASE_BYTES = 2 * 1024 ** 3;
/** No club holds more files (images, the database, the secret); a manifest listing more is refused at once. */
const MAX_ENTRIES = 100_000;
/**
 * How much larger than the archive itself its files may be. A club's database compresses some 3 to 10
 * times, images not at all; gzip's own limit is about 1,000 times, which only a file of zeros reaches.
 * The allowance is added on top, so small clubs (mostly empty pages) never meet the ratio.
 */
const MAX_INFLATION = 100;
const INFLATION_ALLOWANCE = 64 * 1024 ** 2;
/** The tar stream around the files: headers and padding, at most a kilobyte an entry. */
const TAR_OVERHEAD_PER_ENTRY = 1024;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.string(),
  siteName: z.string().nullable(),
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export interface BackupManifest {
  format: 'bookclub-backup';
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  siteName: string | null;
  /** members, bots, posts, polls, votes, books, reviews, meetings, images: counted from the snapshot. */
  counts: Record<string, number>;
  /** Every other entry of the archive: 'bookclub.db', 'token-secret.key', 'images/avatars/x.webp', ... */
  files: { path: string; bytes: number; sha256: string }[];
}

export type BackupRefusalKey =
  | 'backupNotRecognized'
  | 'backupIncomplete'
  | 'backupDamaged'
  | 'backupDatabaseDamaged'
  | 'backupTooNew'
  | 'backupDatabaseTooNew'
  | 'backupUnpacksTooLarge'
  | 'backupDatabaseTooLarge'
  | 'backupSchemaDiffers';

/**
 * A backup this Bookclub will not restore, found before anything of the live club changed. `key` is the
 * errors catalogue's (without "errors:"), so each caller says it in its reader's language; the message is
 * the English text, for logs and the command line.
 */
export class BackupRefused extends MaintenanceError {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(translate('en', `errors:${key}`, params));
    this.name = 'BackupRefused';
  }
}

function refused(key: BackupRefusalKey, params: Record<string, string | number> = {}): BackupRefused {
  return new BackupRefused(key, params);
}

export interface ArchiveOptions {
  dataDir: string;
  nativeBinding?: string;
  appVersion: string;
  siteName: string | null;
  now?: () => Date;
}

function sqliteOptions(nativeBinding: string | undefined, readonly = false): Database.Options {
  return { ...(readonly ? { readonly: true, fileMustExist: true } : { fileMustExist: true }), ...(nativeBinding ? { nativeBinding } : {}) };
}

/** A working folder inside the data folder (same disk, so links and renames work); its name says whose. */
function makeWorkFolder(dataDir: string, purpose: 'backup-work' | 'restore-staging'): string {
  return fs.mkdtempSync(path.join(dataDir, `.${purpose}-${process.pid}-`));
}
const WORK_FOLDER = /^\.(?:backup-work|restore-staging)-(\d+)-/;

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Links every image of the data folder into the work folder (a copy where the system cannot link), skipping
 * those linked already: the bytes stay as they are at this moment even if the club deletes the file. Two
 * names of one file are stored as two files, so the archive holds no tar links.
 */
function gatherImages(dataDir: string, work: string, gathered: Set<string>, inodes: Set<string>): void {
  for (const folder of IMAGE_FOLDERS) {
    const from = path.join(dataDir, IMAGES_FOLDER, folder);
    let names: string[];
    try {
      names = fs.readdirSync(from);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names) {
      const entry = `${IMAGES_FOLDER}/${folder}/${name}`;
      if (!IMAGE_NAME.test(name) || gathered.has(entry)) continue;
      const source = path.join(from, name);
      const stat = fs.lstatSync(source, { throwIfNoEntry: false });
      // Gone since the folder was read (a member replaced their avatar), or not a picture file at all.
      if (!stat?.isFile()) continue;
      const target = path.join(work, IMAGES_FOLDER, folder, name);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const inode = `${stat.dev}:${stat.ino}`;
      try {
        if (inodes.has(inode)) fs.copyFileSync(source, target);
        else linkOrCopy(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      inodes.add(inode);
      gathered.add(entry);
    }
  }
}

function linkOrCopy(source: string, target: string): void {
  try {
    fs.linkSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    fs.copyFileSync(source, target);
  }
}

/** What a club database holds, for the manifest and the restore's report; tables an older club lacks count 0. */
function countClub(dbFile: string, nativeBinding?: string): Record<string, number> {
  const db = new Database(dbFile, sqliteOptions(nativeBinding, true));
  try {
    const tables = new Set((db.prepare(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`).all() as { name: string }[]).map((t) => t.name));
    const count = (table: string, where = '') =>
      tables.has(table) ? (db.prepare(`SELECT COUNT(*) AS "n" FROM "${table}" ${where}`).get() as { n: number }).n : 0;
    return {
      members: count('user', `WHERE "isBot" = 0`),
      bots: count('user', `WHERE "isBot" = 1`),
      posts: count('post'),
      polls: count('poll'),
      votes: count('vote'),
      books: count('book'),
      reviews: count('review'),
      meetings: count('meeting'),
    };
  } finally {
    db.close();
  }
}

/**
 * Writes the whole club to `target` (tar.gz), consistent while the club is in use: the database is
 * SQLite's online backup at one moment, and the images are those of that moment. A member who changes their
 * avatar meanwhile writes the new file, then points their account at it, then deletes the old one; so every
 * image is linked aside before the snapshot (the old avatar is kept even once deleted) and again after it
 * (the new one, if the snapshot already points at it). The archive holds the union. Written beside `target`
 * and renamed, owner-only from its first byte.
 */
export async function writeClubArchive(target: string, options: ArchiveOptions): Promise<{ bytes: number; manifest: BackupManifest }> {
  const { dataDir, nativeBinding, now = () => new Date() } = options;
  const database = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(database)) throw new MaintenanceError(`There is no club database at ${database}.`);
  const destination = path.resolve(target);
  // A folder made for it is owner-only, as the backup is (one the host made stays as the host made it).
  fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
  const work = makeWorkFolder(dataDir, 'backup-work');
  const partial = `${destination}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    const images = new Set<string>();
    const inodes = new Set<string>();
    gatherImages(dataDir, work, images, inodes);
    const createdAt = now().toISOString();
    await backupDatabase(dataDir, path.join(work, DATABASE_FILE), nativeBinding);
    gatherImages(dataDir, work, images, inodes);
    const secret = path.join(dataDir, SECRET_FILE);
    if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(work, SECRET_FILE));

    const entries = [DATABASE_FILE, ...(fs.existsSync(path.join(work, SECRET_FILE)) ? [SECRET_FILE] : []), ...[...images].sort()];
    const files: BackupManifest['files'] = [];
    for (const entry of entries) {
      const file = path.join(work, ...entry.split('/'));
      files.push({ path: entry, bytes: fs.statSync(file).size, sha256: await sha256Of(file) });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: options.appVersion,
      createdAt,
      siteName: options.siteName,
      counts: { ...countClub(path.join(work, DATABASE_FILE), nativeBinding), images: images.size },
      files,
    };
    fs.writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // The manifest first: a reader learns the format before it unpacks anything else.
    await pipeline(tar.c({ gzip: true, cwd: work, portable: true }, [MANIFEST_FILE, ...entries]), fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    const fd = fs.openSync(partial, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, destination);
    return { bytes: fs.statSync(destination).size, manifest };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface StagedRestore {
  /**
   * A staging folder inside the data folder (same disk, so applying is renames), holding bookclub.db, and
   * token-secret.key and images/ when the backup brings them: the layout of a kept folder too.
   */
  dir: string;
  /** database: an older backup of the database alone (a bare SQLite file). */
  kind: 'archive' | 'database';
  manifest: BackupManifest | null;
  includesSecret: boolean;
  includesImages: boolean;
  /**
   * What the restored club holds (members, posts, votes...; images for an archive), counted from the staged
   * database. Always there from stageRestore; a kept folder put back has none counted.
   */
  counts?: Record<string, number>;
  /** Every staged file is flushed to disk already (stageRestore's `flush`). */
  flushed?: boolean;
}

/** Where an archive's entry belongs, or null when a Bookclub backup has no such entry. */
function entryKind(name: string): 'manifest' | 'database' | 'secret' | 'image' | null {
  if (name === MANIFEST_FILE) return 'manifest';
  if (name === DATABASE_FILE) return 'database';
  if (name === SECRET_FILE) return 'secret';
  const [top, folder, file, ...rest] = name.split('/');
  const isImage = top === IMAGES_FOLDER && (IMAGE_FOLDERS as readonly string[]).includes(folder ?? '') && file !== undefined && IMAGE_NAME.test(file) && rest.length === 0;
  return isImage ? 'image' : null;
}

/** Folders other tar programs write before their files; nothing is made of them. */
const ARCHIVE_FOLDERS = new Set([`${IMAGES_FOLDER}/`, ...IMAGE_FOLDERS.map((folder) => `${IMAGES_FOLDER}/${folder}/`)]);
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Why reading the tar stream stopped, as the refusal the host sees: cut short; garbled after entries that
 * read well (`reading`: the last of them), so damaged there; or never a tar at all.
 */
function tarRefusal(error: Error & { code?: string }, reading: string | null): BackupRefused {
  if (error.code === 'TAR_BAD_ARCHIVE' && /truncated/i.test(error.message)) return refused('backupIncomplete');
  if (reading !== null) return refused('backupDamaged', { file: reading });
  return refused('backupNotRecognized');
}

/**
 * Unpacks an archive into `dir`, only what its manifest lists, each file hashed as it is written. The
 * manifest comes first (a backup writes it first): from there every entry is held to it as it arrives, so a
 * hostile archive is refused at its first wrong entry, not once it is all on disk. An entry the manifest does
 * not list, of another size than it says, or a manifest announcing more than the archive's own size allows
 * (a small file inflating to gigabytes), or a database beyond MAX_DATABASE_BYTES, stops the reading at once.
 * Nothing outside `dir` is written.
 */
async function stageArchive(source: string, dir: string, nativeBinding?: string): Promise<StagedRestore> {
  const archiveBytes = fs.statSync(source).size;
  // What the files may add up to, from the archive's own size; the tar around them adds headers.
  const allowed = Math.min(MAX_UNPACKED_BYTES, archiveBytes * MAX_INFLATION + INFLATION_ALLOWANCE);
  const received = new Map<string, { bytes: number; sha256: string }>();
  const openFiles = new Set<number>();
  const folders = new Set<string>();
  let manifest: BackupManifest | null = null;
  let announced: Map<string, { bytes: number; sha256: string }> | null = null;
  let failure: BackupRefused | null = null;
  let entryCount = 0;
  let reading: string | null = null;

  // A backup's names are short: a long-name or pax header over 4 KB is not one of ours (and many of the
  // 1 MB ones tar allows, repeated, compress to nothing and would fill the memory).
  const parser = new tar.Parser({ strict: true, maxMetaEntrySize: 4096 });
  const stop = (refusal: BackupRefused) => {
    failure ??= refusal;
    parser.abort(new Error('stopped reading the backup'));
  };
  let sawEnd = false;
  parser.on('eof', () => (sawEnd = true));
  const parsed = new Promise<void>((resolve) => {
    parser.on('end', () => resolve());
    parser.on('error', (error: Error) => {
      failure ??= tarRefusal(error, reading);
      resolve();
    });
  });

  const readManifest = (entry: ReadEntry) => {
    if (entry.size > MAX_MANIFEST_BYTES) {
      stop(refused('backupNotRecognized'));
      return entry.resume();
    }
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => {
      if (failure) return;
      try {
        manifest = checkManifest(Buffer.concat(chunks).toString('utf8'), allowed);
        announced = new Map(manifest.files.map((file) => [file.path, file]));
        received.set(MANIFEST_FILE, { bytes: entry.size, sha256: '' });
      } catch (error) {
        if (!(error instanceof BackupRefused)) throw error;
        stop(error);
      }
    });
  };

  const take = (entry: ReadEntry, listed: { bytes: number; sha256: string }) => {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    const file = path.join(dir, ...entry.path.split('/'));
    const folder = path.dirname(file);
    if (!folders.has(folder)) {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      folders.add(folder);
    }
    const fd = fs.openSync(file, 'wx', 0o600);
    openFiles.add(fd);
    entry.on('data', (chunk: Buffer) => {
      if (failure) return;
      bytes += chunk.length;
      // The tar header's size was held to the manifest's; this holds the bytes to the header.
      if (bytes > listed.bytes) return stop(refused('backupDamaged', { file: entry.path }));
      hash.update(chunk);
      fs.writeSync(fd, chunk);
    });
    entry.on('end', () => {
      fs.closeSync(fd);
      openFiles.delete(fd);
      if (failure) return;
      const sha256 = hash.digest('hex');
      if (bytes !== listed.bytes || sha256 !== listed.sha256) return stop(refused('backupDamaged', { file: entry.path }));
      received.set(entry.path, { bytes, sha256 });
    });
  };

  // A staged file that cannot be written (a full disk) throws out of the parser's write into the loop
  // below: not the backup's fault, so not a refusal.
  parser.on('entry', (entry: ReadEntry) => {
    if (failure) return entry.resume();
    reading = entry.path;
    if (++entryCount > MAX_ENTRIES + ARCHIVE_FOLDERS.size + 1) {
      stop(refused('backupUnpacksTooLarge'));
      return entry.resume();
    }
    if (entry.type === 'Directory' && ARCHIVE_FOLDERS.has(entry.path)) return entry.resume();
    const kind = FILE_TYPES.has(entry.type) && !received.has(entry.path) ? entryKind(entry.path) : null;
    if (announced === null) {
      // Before anything else, the manifest: an archive that does not start with one is not a backup.
      if (kind === 'manifest') return readManifest(entry);
      stop(refused('backupNotRecognized'));
      return entry.resume();
    }
    const listed = kind === null || kind === 'manifest' ? undefined : (announced as Map<string, { bytes: number; sha256: string }>).get(entry.path);
    if (!listed || entry.size !== listed.bytes) {
      // Only the entry's name is said, shortened: a hostile archive may have a long one.
      stop(refused('backupDamaged', { file: entry.path.slice(0, 200) }));
      return entry.resume();
    }
    take(entry, listed);
  });

  const input = fs.createReadStream(source);
  const inflate = zlib.createGunzip();
  input.on('error', (error) => inflate.destroy(error));
  input.pipe(inflate);
  try {
    let inflated = 0;
    const inflatedAllowed = allowed + (MAX_ENTRIES + ARCHIVE_FOLDERS.size + 2) * TAR_OVERHEAD_PER_ENTRY;
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      // Entries nothing is made of still inflate: a small file of zeros must not keep the server busy for hours.
      inflated += chunk.length;
      if (inflated > inflatedAllowed) stop(refused('backupUnpacksTooLarge'));
      else parser.write(chunk);
      if (failure) break;
    }
    if (!failure) {
      parser.end();
      await parsed;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (failure) {
      // Reading stopped for the refusal already found.
    } else if (code === 'Z_BUF_ERROR') {
      failure = refused('backupIncomplete');
    } else if (code === 'Z_DATA_ERROR') {
      // The compressed bytes do not inflate (or fail gzip's own checksum): damaged where it was reading.
      failure = refused('backupDamaged', { file: reading ?? MANIFEST_FILE });
    } else {
      throw error;
    }
  } finally {
    input.destroy();
    inflate.destroy();
    for (const fd of openFiles) fs.closeSync(fd);
  }
  // A tar stream ends with two empty blocks; one that stops before them was cut short (between entries).
  if (!failure && !sawEnd) failure = refused('backupIncomplete');
  if (!failure && announced === null) failure = refused('backupNotRecognized');
  if (failure) throw failure;
  // Every file the manifest lists came, each as it says (checked as it arrived).
  for (const file of manifest!.files) {
    if (!received.has(file.path)) throw refused('backupDamaged', { file: file.path });
  }

  for (const folder of IMAGE_FOLDERS) fs.mkdirSync(path.join(dir, IMAGES_FOLDER, folder), { recursive: true, mode: 0o700 });
  const includesSecret = received.has(SECRET_FILE);
  if (includesSecret && !SECRET_TEXT.test(fs.readFileSync(path.join(dir, SECRET_FILE), 'utf8').trim())) {
    throw refused('backupDamaged', { file: SECRET_FILE });
  }
  const counts = await checkStagedDatabase(path.join(dir, DATABASE_FILE), nativeBinding);
  const images = [...received.keys()].filter((name) => entryKind(name) === 'image').length;
  return { dir, kind: 'archive', manifest, includesSecret, includesImages: true, counts: { ...counts, images } };
}

function formatVersionOf(text: string): number | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { format, formatVersion } = value as Record<string, unknown>;
    return format === BACKUP_FORMAT && typeof formatVersion === 'number' ? formatVersion : null;
  } catch {
    return null;
  }
}

/**
 * The manifest, read before any other entry: a backup of a format this Bookclub reads, listing each file
 * once, only files a backup has, a database among them, and no more than the archive (`allowed` bytes
 * unpacked) and a club can hold.
 */
function checkManifest(text: string, allowed: number): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refused('backupDamaged', { file: MANIFEST_FILE });
  }
  if (typeof value !== 'object' || value === null || (value as Record<string, unknown>).format !== BACKUP_FORMAT) throw refused('backupNotRecognized');
  const version = formatVersionOf(text);
  if (version !== null && version > BACKUP_FORMAT_VERSION) throw refused('backupTooNew', { format: version, supported: BACKUP_FORMAT_VERSION });
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) throw refused('backupDamaged', { file: MANIFEST_FILE });
  const manifest: BackupManifest = parsed.data;
  if (manifest.files.length > MAX_ENTRIES) throw refused('backupUnpacksTooLarge');
  const listed = new Set<string>();
  let total = 0;
  for (const file of manifest.files) {
    const kind = entryKind(file.path);
    if (listed.has(file.path) || kind === null || kind === 'manifest') throw refused('backupDamaged', { file: MANIFEST_FILE });
    if (kind === 'database' && file.bytes > MAX_DATABASE_BYTES) throw refused('backupDatabaseTooLarge', { limit: `${MAX_DATABASE_BYTES / 1024 ** 3} GB` });
    listed.add(file.path);
    total += file.bytes;
  }
  if (total > allowed) throw refused('backupUnpacksTooLarge');
  if (!listed.has(DATABASE_FILE)) throw refused('backupDamaged', { file: DATABASE_FILE });
  return manifest;
}

/** The migrations this Bookclub knows, in the order they run, by the names the migrations table records. */
function knownMigrations(): string[] {
  return migrations.map((Migration) => new Migration().name ?? Migration.name);
}

interface SchemaObject {
  type: string;
  table: string;
  /** Its CREATE statement, spaces normalised; null for the indexes SQLite makes for a table's own constraints. */
  sql: string | null;
}

/** One CREATE statement however it was spaced: runs of white space as one, none beside brackets and commas. */
function normalisedSql(sql: string | null): string | null {
  if (sql === null) return null;
  return sql.replace(/\s+/g, ' ').replace(/ ?([(),]) ?/g, '$1').trim();
}

/** Every table, column (in its table's statement), index, trigger and view of a database, by name. */
function schemaOf(db: Database.Database): Map<string, SchemaObject> {
  const rows = db.prepare(`SELECT "type", "name", "tbl_name" AS "table", "sql" FROM "sqlite_master"`).all() as ({ name: string } & SchemaObject)[];
  return new Map(rows.map((row) => [row.name, { type: row.type, table: row.table, sql: normalisedSql(row.sql) }]));
}

/** Statistics ANALYZE (or PRAGMA optimize) may have gathered: SQLite's own, no code of the backup's. */
const SQLITE_STATISTICS = /^sqlite_stat\d$/;

/**
 * The schema the first `count` migrations make, from a fresh database migrated in a folder of its own:
 * what a restored database of that age must be, no more and no less.
 */
async function migratedSchema(count: number, nativeBinding?: string): Promise<Map<string, SchemaObject>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-schema-'));
  try {
    const file = path.join(folder, DATABASE_FILE);
    const source = new DataSource({
      type: 'better-sqlite3',
      database: file,
      migrations: migrations.slice(0, count),
      migrationsTransactionMode: 'each',
      synchronize: false,
      logging: false,
      ...(nativeBinding ? { nativeBinding } : {}),
    });
    await source.initialize();
    try {
      await source.runMigrations();
    } finally {
      await source.destroy();
    }
    const db = new Database(file, sqliteOptions(nativeBinding, true));
    try {
      return schemaOf(db);
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * How a database's schema differs from the one its migrations make (null: it does not). A backup is data,
 * never code: a table missing would fail every request that reads it, and a trigger, view or index of the
 * backup's own would run inside the restored club (a trigger deleting the admin on the next post). FTS5's
 * shadow tables and sqlite_sequence are in both and compared the same way.
 */
async function schemaDifference(db: Database.Database, applied: string[], nativeBinding?: string): Promise<string | null> {
  const known = knownMigrations();
  const count = applied.length;
  const expected = known.slice(0, count);
  if (new Set(applied).size !== count || expected.some((name) => !applied.includes(name))) {
    const missing = expected.find((name) => !applied.includes(name));
    return missing ? `migration ${missing} was never run` : 'a migration is recorded twice';
  }
  const reference = await migratedSchema(count, nativeBinding);
  const staged = schemaOf(db);
  for (const [name, object] of reference) {
    const found = staged.get(name);
    if (!found) return `${object.type} "${name}" is missing`;
    if (found.type !== object.type || found.table !== object.table || found.sql !== object.sql) return `${object.type} "${name}" is not as Bookclub makes it`;
  }
  for (const [name, object] of staged) {
    if (!reference.has(name) && !SQLITE_STATISTICS.test(name)) return `${object.type} "${name}" is not Bookclub's`;
  }
  return null;
}

/**
 * The staged database, made one self-contained file and checked: intact, a Bookclub club, of no newer
 * Bookclub (a migration this one does not know would be a schema it cannot read), and of exactly the schema
 * its migrations make. Answers its counts.
 */
async function checkStagedDatabase(file: string, nativeBinding?: string): Promise<Record<string, number>> {
  try {
    const db = new Database(file, sqliteOptions(nativeBinding));
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
  const db = new Database(file, sqliteOptions(nativeBinding, true));
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
  return countClub(file, nativeBinding);
}

/** An older backup: the database alone, as `npm start -- backup` and the desktop menu wrote them before. */
async function stageDatabase(source: string, dir: string, nativeBinding?: string): Promise<StagedRestore> {
  const size = fs.statSync(source).size;
  if (size > MAX_DATABASE_BYTES) throw refused('backupDatabaseTooLarge', { limit: `${MAX_DATABASE_BYTES / 1024 ** 3} GB` });
  const file = path.join(dir, DATABASE_FILE);
  fs.copyFileSync(source, file);
  fs.chmodSync(file, 0o600);
  const counts = await checkStagedDatabase(file, nativeBinding);
  return { dir, kind: 'database', manifest: null, includesSecret: false, includesImages: false, counts };
}

function readHead(file: string, length: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const read = fs.readSync(fd, head, 0, length, 0);
    return head.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads `file` (an archive, or an older bare .db), checks everything, and stages it in the data folder.
 * Throws BackupRefused, leaving no staging folder, when anything is wrong. Changes nothing of the live club.
 */
export async function stageRestore(file: string, options: { dataDir: string; nativeBinding?: string; flush?: boolean }): Promise<StagedRestore> {
  const source = path.resolve(file);
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) throw new MaintenanceError(`There is no backup file at ${source}.`);
  const head = readHead(source, SQLITE_HEADER.length);
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const dir = makeWorkFolder(options.dataDir, 'restore-staging');
  try {
    let staged: StagedRestore;
    if (head.equals(SQLITE_HEADER)) staged = await stageDatabase(source, dir, options.nativeBinding);
    else if (head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) staged = await stageArchive(source, dir, options.nativeBinding);
    else throw refused('backupNotRecognized');
    if (options.flush) {
      // On disk before the journal names them (planRestore would otherwise flush them in the server's thread).
      syncTree(dir);
      staged.flushed = true;
    }
    return staged;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export function discardStaged(staged: StagedRestore): void {
  fs.rmSync(staged.dir, { recursive: true, force: true });
}

/**
 * The folder a restore at `at` keeps the replaced club in, inside the data folder:
 * before-restore-2026-11-24T03-00-00-000Z. (Should one of that name exist already, applyRestore adds a number.)
 */
export function keptFolderName(at: Date): string {
  return `before-restore-${at.toISOString().replace(/[:.]/g, '-')}`;
}

function freshKeptFolderName(dataDir: string, at: Date): string {
  const base = keptFolderName(at);
  let name = base;
  for (let n = 2; fs.existsSync(path.join(dataDir, name)); n++) name = `${base}-${n}`;
  return name;
}

/** Folds the live database's write-ahead log in, so the kept database is whole on its own. */
function checkpoint(database: string, nativeBinding?: string): void {
  if (!fs.existsSync(database)) return;
  try {
    const db = new Database(database, sqliteOptions(nativeBinding));
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    // A database that will not open keeps its log beside it in the kept folder: nothing is lost.
  }
}

/**
 * Swaps the staged club in, with the database closed (the caller's job). The replaced club (its database
 * after a checkpoint, its secret, its images) moves into `<dataDir>/before-restore-<time>/`, except what the
 * backup does not bring: a database-only backup leaves the live images and secret in place. Atomic against
 * crashes: a journal in the data folder names the renames, and finishInterruptedRestore completes them.
 *
 * The kept folder has the staged folder's layout, so a restore is undone by restoring the kept folder the
 * same way (stagedFromKept, then applyRestore), e.g. when the restored club will not open.
 */
export function applyRestore(staged: StagedRestore, options: { dataDir: string; nativeBinding?: string; now?: () => Date }): { keptAs: string } {
  // A restore a crash interrupted first: its journal would otherwise be overwritten half done.
  finishInterruptedRestore(options.dataDir);
  checkpoint(path.join(options.dataDir, DATABASE_FILE), options.nativeBinding);
  const planned = planRestore(staged, options);
  finishInterruptedRestore(options.dataDir);
  return planned;
}

/**
 * The first half of applyRestore: writes down (durably) the renames that swap the staged club in, and does
 * none of them. From here the restore happens whatever comes: the running server does the renames once it
 * has closed the database (finishInterruptedRestore), and so does the next start if the process dies
 * first. The live database may still be open: its write-ahead log moves with it, or is gone once it closed.
 */
export function planRestore(staged: StagedRestore, options: { dataDir: string; now?: () => Date }): { keptAs: string } {
  const dataDir = path.resolve(options.dataDir);
  const stagedName = path.relative(dataDir, path.resolve(staged.dir));
  if (stagedName === '' || stagedName.includes(path.sep) || stagedName.includes('/') || stagedName === '..' || !fs.existsSync(staged.dir)) {
    throw new MaintenanceError(`${staged.dir} is not a restore staged in the data folder ${dataDir}.`);
  }
  finishInterruptedRestore(dataDir);
  const kept = freshKeptFolderName(dataDir, (options.now ?? (() => new Date()))());
  let journal: RestoreJournal;
  try {
    fs.mkdirSync(path.join(dataDir, kept), { mode: 0o700 });
    const items = { database: DATABASE_FILE, secret: staged.includesSecret ? SECRET_FILE : null, images: staged.includesImages ? IMAGES_FOLDER : null };
    journal = { staged: stagedName, kept, steps: [] };
    journal.steps = planSwap(dataDir, journal, items);
    if (!staged.flushed) syncTree(staged.dir);
    writeJournal(dataDir, journal);
  } catch (error) {
    // Nothing of the live club has moved yet.
    discardStaged(staged);
    fs.rmSync(path.join(dataDir, kept), { recursive: true, force: true });
    throw error;
  }
  return { keptAs: path.join(dataDir, kept) };
}

/**
 * A kept folder (or any folder in the data folder with a staged folder's layout) as a restore to apply:
 * how a restore is undone.
 */
export function stagedFromKept(dir: string): StagedRestore {
  const has = (name: string) => fs.existsSync(path.join(dir, name));
  return { dir, kind: 'archive', manifest: null, includesSecret: has(SECRET_FILE), includesImages: has(IMAGES_FOLDER) };
}

/**
 * At start-up, before the database is opened: finishes a restore a crash interrupted (rolls it forward),
 * else changes nothing of the club. Either way it clears what crashed backups and restores left behind
 * (their work folders, named for a process that is gone). `atStart`: the server starting on the folder, whose
 * own process id may be the one a crashed server had (a container starts every server as the same pid),
 * so work folders named for it are left-overs too.
 */
export function finishInterruptedRestore(dataDir: string, { atStart = false } = {}): { finished: boolean } {
  const dir = path.resolve(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { finished: false };
    throw error;
  }
  const journal = readJournal(dir);
  if (journal) runJournal(dir, journal);
  for (const name of names) {
    const owner = WORK_FOLDER.exec(name);
    const pid = owner ? Number(owner[1]) : null;
    if (pid !== null && (pid === process.pid ? atStart : !isAlive(pid))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    const halfWritten = name.endsWith('.tmp') && (name.startsWith('restore-journal.json.') || name.startsWith('backup-status.json.'));
    if (halfWritten && (atStart || !isAlive(Number(/\.(\d+)\./.exec(name)?.[1])))) fs.rmSync(path.join(dir, name), { force: true });
  }
  return { finished: journal !== null };
}

/** stageRestore and applyRestore in one, for the command line and the desktop shell (server stopped). */
export async function restoreClub(
  file: string,
  options: { dataDir: string; nativeBinding?: string; now?: () => Date },
): Promise<{ keptAs: string; staged: Omit<StagedRestore, 'dir'> }> {
  const staged = await stageRestore(file, options);
  const { keptAs } = applyRestore(staged, options);
  const { kind, manifest, includesSecret, includesImages, counts } = staged;
  return { keptAs, staged: { kind, manifest, includesSecret, includesImages, counts } };
}
