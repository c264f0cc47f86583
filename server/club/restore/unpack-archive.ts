import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import type { ReadEntry } from 'tar';
import { DATABASE_FILE } from '../../db/data-source';
import { IMAGE_FOLDERS, IMAGES_FOLDER, MANIFEST_FILE, SECRET_FILE, entryKind, type BackupManifest } from '../archive-format';
import { INFLATION_ALLOWANCE, MAX_ENTRIES, MAX_INFLATION, MAX_MANIFEST_BYTES, MAX_UNPACKED_BYTES, TAR_OVERHEAD_PER_ENTRY } from './backup-limits';
import { BackupRefused, refused } from './backup-refused';
import { checkManifest } from './check-manifest';
import { checkStagedDatabase } from './check-staged-database';
import type { StagedRestore } from './staged-club';

/** What a backup's secret looks like (server/http/token.ts writes it): anything else is not one. */
const SECRET_TEXT = /^[0-9a-f]{64,}$/;

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
export async function stageArchive(source: string, dir: string, nativeBinding?: string): Promise<StagedRestore> {
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
  await checkStagedDatabase(path.join(dir, DATABASE_FILE), nativeBinding);
  const images = [...received.keys()].filter((name) => entryKind(name) === 'image').length;
  return { dir, kind: 'archive', manifest, includesSecret, includesImages: true, counts: { images } };
}
