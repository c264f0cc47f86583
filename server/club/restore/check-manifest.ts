import { DATABASE_FILE } from '../../db/data-source';
import { z } from 'zod';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE, entryKind, type BackupManifest } from '../archive-format';
import { MAX_DATABASE_BYTES, MAX_ENTRIES } from './backup-limits';
import { refused } from './backup-refused';

/** What a restore accepts as a manifest (archive-format.ts's BackupManifest, which it must parse to). */
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.string(),
  siteName: z.string().nullable(),
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
}) satisfies z.ZodType<BackupManifest>;

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
export function checkManifest(text: string, allowed: number): BackupManifest {
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
