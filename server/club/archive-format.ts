import { DATABASE_FILE } from '../db/database-file-name';

/**
 * The whole club in one file, and back: a gzipped tar of manifest.json (what it holds, with a checksum of
 * every other entry), the database (one self-contained SQLite file), the token-signing secret (so members
 * stay signed in after a hand-over) and the uploaded images. The rest of the data folder is the host's, not
 * the club's: the lock, the outbox, the backups and their status, earlier restores' kept folders.
 * A backup writes this layout (backup/write-archive.ts) and a restore reads it (restore/unpack-archive.ts).
 */
export const BACKUP_FORMAT = 'bookclub-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';
/** The token-signing secret, under the name server/http/token.ts keeps it. */
export const SECRET_FILE = 'token-secret.key';
/** Avatars (users.service) and imported covers (import-obskurnee), as server/http/images.ts serves them. */
export const IMAGES_FOLDER = 'images';
export const IMAGE_FOLDERS = ['avatars', 'covers'] as const;
/** The names the club gives images: no separators, no leading dot, so never a path of their own. */
export const IMAGE_NAME = /^\w[\w.-]{0,199}$/;

/**
 * The manifest an archive carries first; what a restore holds every other entry to (its schema, what a
 * restore accepts, is restore/check-manifest.ts's: a backup's worker thread writes one without loading zod).
 */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  siteName: string | null;
  /** members, bots, posts, polls, votes, books, reviews, meetings, images: counted from the snapshot. */
  counts: Record<string, number>;
  /** Every other entry of the archive: 'bookclub.db', 'token-secret.key', 'images/avatars/x.webp', ... */
  files: { path: string; bytes: number; sha256: string }[];
}

/** Where an archive's entry belongs, or null when a Bookclub backup has no such entry. */
export function entryKind(name: string): 'manifest' | 'database' | 'secret' | 'image' | null {
  if (name === MANIFEST_FILE) return 'manifest';
  if (name === DATABASE_FILE) return 'database';
  if (name === SECRET_FILE) return 'secret';
  const [top, folder, file, ...rest] = name.split('/');
  const isImage =
    top === IMAGES_FOLDER && (IMAGE_FOLDERS as readonly string[]).includes(folder ?? '') && file !== undefined && IMAGE_NAME.test(file) && rest.length === 0;
  return isImage ? 'image' : null;
}
