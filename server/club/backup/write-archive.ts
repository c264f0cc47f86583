import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { DATABASE_FILE } from '../../db/database-file-name';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  IMAGE_FOLDERS,
  IMAGE_NAME,
  IMAGES_FOLDER,
  MANIFEST_FILE,
  SECRET_FILE,
  type BackupManifest,
} from '../archive-format';
import { countClub } from '../club-counts';
import { MaintenanceError } from '../maintenance-error';
import { makeWorkFolder } from '../work-folders';
import { backupDatabase } from './database-snapshot';

/** How much of a file the archive reads at once. */
const ARCHIVE_READ_BYTES = 256 * 1024;

export interface ArchiveOptions {
  dataDir: string;
  nativeBinding?: string;
  appVersion: string;
  siteName: string | null;
  now?: () => Date;
}

/**
 * The file's SHA-256, read through one buffer: a stream's fresh buffer per chunk would be garbage that the
 * worker's heap, seeing little of it, collects only after some 60 MB of a large club's database.
 */
function sha256Of(file: string, buffer: Buffer): string {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    for (let read; (read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
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
    const buffer = Buffer.allocUnsafe(ARCHIVE_READ_BYTES);
    for (const entry of entries) {
      const file = path.join(work, ...entry.split('/'));
      files.push({ path: entry, bytes: fs.statSync(file).size, sha256: sha256Of(file, buffer) });
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

    // The manifest first: a reader learns the format before it unpacks anything else. Read in small pieces:
    // tar's default (16 MB a read) would add as much to a running club's memory for the database alone.
    await pipeline(
      tar.c({ gzip: true, cwd: work, portable: true, maxReadSize: ARCHIVE_READ_BYTES }, [MANIFEST_FILE, ...entries]),
      fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
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
