// What the archive tests (backup/write-archive, restore/*) share: club folders, archives taken apart
// and put together again by hand, refusals checked for their English message.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import * as tar from 'tar';
import { expect } from 'vitest';
import { APP_VERSION } from '../app-version';
import type { BackupManifest } from '../club/archive-format';
import { BackupRefused } from '../club/restore/backup-refused';
import { DATABASE_FILE, openDatabase } from '../db/data-source';
import { translate } from '../http/i18n';
import { loadOrCreateSecret } from '../http/token';
import { tarHeader, tarPadding } from './tar-blocks';
import type { TestServer } from './test-server';

export const archiveOptions = (dataDir: string) => ({ dataDir, appVersion: APP_VERSION, siteName: 'Test Club' });

/** Every file and folder under `dir`, with each file's SHA-256: the folder byte for byte. */
export function snapshotOf(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const relative = prefix + entry.name;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        found[`${relative}/`] = 'folder';
        walk(full, `${relative}/`);
      } else {
        found[relative] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
      }
    }
  };
  walk(dir, '');
  return found;
}

/**
 * A club's data folder (`dataDir`) without a server: a database with `marker` on its noticeboard setting, a secret,
 * an avatar and a cover (bytes that differ from club to club).
 */
export async function makeClubFolder(dataDir: string, marker: string): Promise<string> {
  await (await openDatabase(dataDir)).destroy();
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  db.prepare(`INSERT INTO "setting" ("key", "value") VALUES ('noticeboard', ?)`).run(marker);
  db.close();
  loadOrCreateSecret(dataDir);
  for (const [folder, file] of [
    ['avatars', `${marker}-avatar.webp`],
    ['covers', `${marker}-cover.jpg`],
  ] as const) {
    fs.mkdirSync(path.join(dataDir, 'images', folder), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'images', folder, file), `${marker} ${folder} picture`);
  }
  return dataDir;
}

export function noticeboardOf(dbFile: string): string {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare(`SELECT "value" FROM "setting" WHERE "key" = 'noticeboard'`).get() as { value: string }).value;
  } finally {
    db.close();
  }
}

/** The refusal `run` throws, checked to be one with a readable English message. */
export async function refusalOf(run: () => Promise<unknown>): Promise<BackupRefused> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupRefused);
  const refusal = error as BackupRefused;
  expect(refusal.message).toBe(translate('en', `errors:${refusal.key}`, refusal.params));
  expect(refusal.message).not.toContain('errors:');
  expect(refusal.message).toMatch(/Nothing was changed\.$/);
  return refusal;
}

export interface Entry {
  path: string;
  data: Buffer;
  type?: 'file' | 'symlink' | 'hardlink' | 'folder';
  linkTo?: string;
}

export function readArchive(file: string): Entry[] {
  const entries: Entry[] = [];
  tar.t({
    file,
    sync: true,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => entries.push({ path: entry.path, data: Buffer.concat(chunks) }));
    },
  });
  return entries;
}

const TYPE_FLAGS = { file: '0', hardlink: '1', symlink: '2', folder: '5' } as const;

export function writeArchive(file: string, entries: Entry[]): void {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    const data = type === 'file' ? entry.data : Buffer.alloc(0);
    blocks.push(tarHeader(entry.path, data.length, TYPE_FLAGS[type], entry.linkTo), data, tarPadding(data.length));
  }
  blocks.push(Buffer.alloc(1024));
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(blocks)));
}

/** Re-packs `archive` after `change`, the manifest left as it was unless `change` rewrites it too. */
export function repack(archive: string, target: string, change: (entries: Entry[]) => Entry[]): string {
  writeArchive(target, change(readArchive(archive)));
  return target;
}

export function manifestOf(entries: Entry[]): BackupManifest {
  return JSON.parse(entries.find((entry) => entry.path === 'manifest.json')!.data.toString('utf8')) as BackupManifest;
}

export function withManifest(entries: Entry[], manifest: BackupManifest): Entry[] {
  return entries.map((entry) => (entry.path === 'manifest.json' ? { ...entry, data: Buffer.from(JSON.stringify(manifest)) } : entry));
}

/** The manifest's line for an entry whose bytes a test changed, so only what the test means is wrong. */
export function relisted(manifest: BackupManifest, entry: Entry): BackupManifest {
  const sha256 = crypto.createHash('sha256').update(entry.data).digest('hex');
  return { ...manifest, files: manifest.files.map((file) => (file.path === entry.path ? { ...file, bytes: entry.data.length, sha256 } : file)) };
}

/** A noisy photo, so it compresses like a real one. */
export function photo(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 31) % 251;
  return sharp(raw, { raw: { width: 64, height: 64, channels: 3 } })
    .jpeg()
    .toBuffer();
}

export async function uploadAvatar(club: TestServer, token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const res = await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { avatarUrl: string }).avatarUrl;
}
