import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../shared/api/discussions';
import type { Round } from '../../shared/api/rounds';
import { APP_VERSION } from '../app-version';
import { DATABASE_FILE, openDatabase } from '../db/data-source';
import { translate } from '../http/i18n';
import { loadOrCreateSecret } from '../http/token';
import { startReadingClub } from '../test-support/reading-club';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { addMember } from '../test-support/members';
import { setUpClub, startTestServer, type TestServer } from '../test-support/test-server';
import {
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  applyRestore,
  discardStaged,
  finishInterruptedRestore,
  restoreClub,
  stageRestore,
  stagedFromKept,
  writeClubArchive,
  type BackupManifest,
} from './club-archive';
import { RESTORE_JOURNAL } from './restore-swap';
import { tarHeader, tarPadding } from '../test-support/tar-blocks';

let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-archive-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const archiveOptions = (dataDir: string) => ({ dataDir, appVersion: APP_VERSION, siteName: 'Test Club' });

/** Every file and folder under `dir`, with each file's SHA-256: the folder byte for byte. */
function snapshotOf(dir: string): Record<string, string> {
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
 * A club's data folder without a server: a database with `marker` on its noticeboard setting, a secret,
 * an avatar and a cover (bytes that differ from club to club).
 */
async function makeClubFolder(name: string, marker: string): Promise<string> {
  const dataDir = path.join(scratch, name);
  await (await openDatabase(dataDir)).destroy();
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  db.prepare(`INSERT INTO "setting" ("key", "value") VALUES ('noticeboard', ?)`).run(marker);
  db.close();
  loadOrCreateSecret(dataDir);
  for (const [folder, file] of [['avatars', `${marker}-avatar.webp`], ['covers', `${marker}-cover.jpg`]] as const) {
    fs.mkdirSync(path.join(dataDir, 'images', folder), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'images', folder, file), `${marker} ${folder} picture`);
  }
  return dataDir;
}

function noticeboardOf(dbFile: string): string {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare(`SELECT "value" FROM "setting" WHERE "key" = 'noticeboard'`).get() as { value: string }).value;
  } finally {
    db.close();
  }
}

/** The refusal `run` throws, checked to be one with a readable English message. */
async function refusalOf(run: () => Promise<unknown>): Promise<BackupRefused> {
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

interface Entry {
  path: string;
  data: Buffer;
  type?: 'file' | 'symlink' | 'hardlink' | 'folder';
  linkTo?: string;
}

function readArchive(file: string): Entry[] {
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

function writeArchive(file: string, entries: Entry[]): void {
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
function repack(archive: string, target: string, change: (entries: Entry[]) => Entry[]): string {
  writeArchive(target, change(readArchive(archive)));
  return target;
}

function manifestOf(entries: Entry[]): BackupManifest {
  return JSON.parse(entries.find((entry) => entry.path === 'manifest.json')!.data.toString('utf8')) as BackupManifest;
}

function withManifest(entries: Entry[], manifest: BackupManifest): Entry[] {
  return entries.map((entry) => (entry.path === 'manifest.json' ? { ...entry, data: Buffer.from(JSON.stringify(manifest)) } : entry));
}

/** The manifest's line for an entry whose bytes a test changed, so only what the test means is wrong. */
function relisted(manifest: BackupManifest, entry: Entry): BackupManifest {
  const sha256 = crypto.createHash('sha256').update(entry.data).digest('hex');
  return { ...manifest, files: manifest.files.map((file) => (file.path === entry.path ? { ...file, bytes: entry.data.length, sha256 } : file)) };
}

/** A noisy photo, so it compresses like a real one. */
function photo(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 31) % 251;
  return sharp(raw, { raw: { width: 64, height: 64, channels: 3 } }).jpeg().toBuffer();
}

async function uploadAvatar(club: TestServer, token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const res = await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { avatarUrl: string }).avatarUrl;
}

describe('a whole-club backup', () => {
  it('restores on another computer as the club was: posts, votes, avatars, and members stay signed in', async () => {
    const { club, mod, ann, book } = await startReadingClub();
    let restored: TestServer | undefined;
    try {
      const avatarUrl = await uploadAvatar(club, ann.token, await photo(1));
      const avatarBytes = Buffer.from(await (await fetch(club.url + avatarUrl)).arrayBuffer());
      const pages = ['/api/discussions', '/api/books', `/api/books/${book.bookId}`, '/api/users'];
      const discussions = (await ok<{ discussionId: string; pollId: string | null }[]>(club, 'GET', '/api/discussions', mod));
      pages.push(...discussions.map((d) => `/api/discussions/${d.discussionId}`), ...discussions.filter((d) => d.pollId).map((d) => `/api/polls/${d.pollId}`));
      const before = await Promise.all(pages.map((page) => ok(club, 'GET', page, ann.token)));

      const target = path.join(scratch, 'nested', 'club.tar.gz');
      const { bytes, manifest } = await writeClubArchive(target, archiveOptions(club.dataDir));

      expect(bytes).toBe(fs.statSync(target).size);
      expect(fs.statSync(target).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.dirname(target))).toEqual(['club.tar.gz']);
      expect(fs.readdirSync(club.dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
      expect(manifest).toMatchObject({ format: 'bookclub-backup', formatVersion: BACKUP_FORMAT_VERSION, appVersion: APP_VERSION, siteName: 'Test Club' });
      expect(manifest.counts).toEqual({ members: 3, bots: 1, posts: 2, polls: 1, votes: 1, books: 1, reviews: 0, meetings: 0, images: 1 });
      expect(manifest.files.map((file) => file.path)).toEqual(['bookclub.db', 'token-secret.key', `images/avatars/${path.basename(avatarUrl)}`]);
      expect(readArchive(target).map((entry) => entry.path)).toEqual(['manifest.json', ...manifest.files.map((file) => file.path)]);

      const elsewhere = path.join(scratch, 'elsewhere');
      const outcome = await restoreClub(target, { dataDir: elsewhere });
      expect(outcome.staged).toMatchObject({ kind: 'archive', includesSecret: true, includesImages: true, counts: manifest.counts });
      restored = await startTestServer({ dataDir: elsewhere });
      const after = await Promise.all(pages.map((page) => ok(restored!, 'GET', page, ann.token)));
      expect(after).toEqual(before);
      const avatar = await fetch(restored.url + avatarUrl);
      expect(avatar.status).toBe(200);
      expect(Buffer.from(await avatar.arrayBuffer()).equals(avatarBytes)).toBe(true);
    } finally {
      await restored?.close();
      await club.close();
    }
  });

  it('holds every post answered before it started, and avatars its database names, while members keep writing', async () => {
    const club = await startTestServer();
    try {
      const mod = await setUpClub(club);
      const ann = await addMember(club, { name: 'Ann' });
      const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Busy' });
      // History to copy, so the backup takes a while.
      const seed = new Database(path.join(club.dataDir, DATABASE_FILE));
      const filler = seed.prepare(`INSERT INTO "setting" ("key", "value") VALUES (?, ?)`);
      seed.transaction(() => {
        for (let i = 0; i < 2000; i++) filler.run(`history-${i}`, 'x'.repeat(4000));
      })();
      seed.close();

      let writing = true;
      const answered: { postId: number; at: number }[] = [];
      const poster = async (writer: number) => {
        for (let n = 0; writing; n++) {
          const res = await club.call<Post>('POST', `/api/discussions/${round.bookDiscussionId}`, { token: ann.token, body: bookSuggestion(`Book ${writer}-${n}`) });
          if (res.status === 200) answered.push({ postId: res.body.postId, at: performance.now() });
        }
      };
      let avatarsChanged = 0;
      const avatarChanger = async () => {
        for (let n = 0; writing; n++) {
          await uploadAvatar(club, mod, await photo(n));
          avatarsChanged++;
        }
      };
      const writers = [poster(1), poster(2), avatarChanger()];
      while (answered.length < 20 || avatarsChanged < 1) await new Promise((resolve) => setTimeout(resolve, 10));

      const startedAt = performance.now();
      const answeredBefore = answered.filter((post) => post.at < startedAt).map((post) => post.postId);
      const target = path.join(scratch, 'busy.tar.gz');
      await writeClubArchive(target, archiveOptions(club.dataDir));
      const countAfterBackup = answered.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      writing = false;
      await Promise.all(writers);
      expect(answered.length).toBeGreaterThan(countAfterBackup);

      // The archive passes its own checks; its database holds every post answered before the backup started.
      const staged = await stageRestore(target, { dataDir: path.join(scratch, 'check') });
      try {
        const db = new Database(path.join(staged.dir, DATABASE_FILE), { readonly: true });
        const postIds = new Set((db.prepare(`SELECT "id" FROM "post"`).all() as { id: number }[]).map((row) => row.id));
        const avatars = (db.prepare(`SELECT "avatarFile" FROM "user" WHERE "avatarFile" IS NOT NULL`).all() as { avatarFile: string }[]).map((row) => row.avatarFile);
        db.close();
        expect(answeredBefore.length).toBeGreaterThanOrEqual(20);
        expect(answeredBefore.filter((postId) => !postIds.has(postId))).toEqual([]);
        expect(avatars.length).toBe(1);
        for (const file of avatars) expect(fs.existsSync(path.join(staged.dir, 'images', 'avatars', file))).toBe(true);
      } finally {
        discardStaged(staged);
      }
    } finally {
      await club.close();
    }
  });

  it('says so when there is no club to back up', async () => {
    await expect(writeClubArchive(path.join(scratch, 'x.tar.gz'), archiveOptions(path.join(scratch, 'nothing')))).rejects.toThrow(/no club database/);
    expect(fs.existsSync(path.join(scratch, 'x.tar.gz'))).toBe(false);
  });
});

describe('a backup that is refused changes nothing', () => {
  let live: string;
  let before: Record<string, string>;
  let archive: string;

  beforeEach(async () => {
    const source = await makeClubFolder('source', 'from-backup');
    archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    live = await makeClubFolder('live', 'live-club');
    before = snapshotOf(live);
  });

  /** Staging `file` into the live club is refused; the live folder is byte for byte as it was, with nothing left over. */
  async function refusedWithoutChange(file: string): Promise<BackupRefused> {
    const refusal = await refusalOf(() => stageRestore(file, { dataDir: live }));
    expect(snapshotOf(live)).toEqual(before);
    return refusal;
  }

  it('a file that is not a backup at all', async () => {
    const text = path.join(scratch, 'notes.txt');
    fs.writeFileSync(text, 'not a backup, just some text that is long enough to look like a file');
    expect((await refusedWithoutChange(text)).key).toBe('backupNotRecognized');
    fs.writeFileSync(text, '');
    expect((await refusedWithoutChange(text)).key).toBe('backupNotRecognized');
    const gzippedText = path.join(scratch, 'notes.txt.gz');
    fs.writeFileSync(gzippedText, zlib.gzipSync(Buffer.alloc(5000, 'a')));
    expect((await refusedWithoutChange(gzippedText)).key).toBe('backupNotRecognized');
    const otherTar = path.join(scratch, 'photos.tar.gz');
    writeArchive(otherTar, [{ path: 'holiday.jpg', data: Buffer.from('jpeg bytes') }]);
    expect((await refusedWithoutChange(otherTar)).key).toBe('backupNotRecognized');
  });

  it('thousands of entries with huge names (which compress to nothing) are refused without filling the memory', async () => {
    // Each entry has a pax header naming a 256 KB path; 1,500 of them are 384 MB of names, a few MB zipped.
    const longName = `images/avatars/${'n'.repeat(256 * 1024)}.webp`;
    const record = (body: string) => {
      let length = body.length + 3;
      while (`${length} ${body}\n`.length !== length) length = `${length} ${body}\n`.length;
      return Buffer.from(`${length} ${body}\n`);
    };
    const pax = record(`path=${longName}`);
    const one = Buffer.concat([tarHeader('PaxHeader', pax.length, 'x'), pax, tarPadding(pax.length), tarHeader('x.webp', 0, '0')]);
    const bomb = path.join(scratch, 'names.tar.gz');
    const gzip = zlib.createGzip();
    const out = fs.createWriteStream(bomb);
    gzip.pipe(out);
    gzip.write(Buffer.concat([tarHeader('manifest.json', 0, '0')]));
    for (let i = 0; i < 1500; i++) gzip.write(one);
    gzip.end(Buffer.alloc(1024));
    await new Promise<void>((resolve) => out.on('close', () => resolve()));
    expect(fs.statSync(bomb).size).toBeLessThan(20 * 1024 * 1024);

    const heapBefore = process.memoryUsage().heapUsed;
    const refusal = await refusedWithoutChange(bomb);
    expect(['backupNotRecognized', 'backupDamaged']).toContain(refusal.key);
    expect(refusal.message.length).toBeLessThan(600);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('an archive cut short, anywhere', async () => {
    const whole = fs.readFileSync(archive);
    const entries = readArchive(archive);
    expect(entries.length).toBe(5);
    const cuts = [1, 2, 10, 100, Math.floor(whole.length / 4), Math.floor(whole.length / 2), Math.floor((whole.length * 3) / 4), whole.length - 8, whole.length - 1];
    for (const cut of cuts) {
      const file = path.join(scratch, `cut-${cut}.tar.gz`);
      fs.writeFileSync(file, whole.subarray(0, cut));
      const refusal = await refusedWithoutChange(file);
      expect([cut, refusal.key]).toEqual([cut, cut < 2 ? 'backupNotRecognized' : 'backupIncomplete']);
    }
    // Cut inside an entry of the tar itself (then compressed whole).
    const raw = zlib.gunzipSync(whole);
    const file = path.join(scratch, 'tar-cut.tar.gz');
    fs.writeFileSync(file, zlib.gzipSync(raw.subarray(0, 512 * 3 + 100)));
    expect((await refusedWithoutChange(file)).key).toBe('backupIncomplete');
  });

  it('an archive whose database, image or secret is not what its manifest says', async () => {
    const tamper = (name: string) => (entries: Entry[]) =>
      entries.map((entry) => {
        if (entry.path !== name) return entry;
        const data = Buffer.from(entry.data);
        const middle = Math.floor(data.length / 2);
        data[middle] = data[middle]! ^ 0xff;
        return { ...entry, data };
      });
    for (const name of ['bookclub.db', 'images/avatars/from-backup-avatar.webp', 'images/covers/from-backup-cover.jpg', 'token-secret.key']) {
      const refusal = await refusedWithoutChange(repack(archive, path.join(scratch, 'tampered.tar.gz'), tamper(name)));
      expect(refusal.key).toBe('backupDamaged');
      expect(refusal.params).toEqual({ file: name });
      expect(refusal.message).toContain(name);
    }
    const missing = repack(archive, path.join(scratch, 'missing.tar.gz'), (entries) => entries.filter((entry) => !entry.path.startsWith('images/covers/')));
    expect((await refusedWithoutChange(missing)).params).toEqual({ file: 'images/covers/from-backup-cover.jpg' });
  });

  it('an archive with an entry its manifest does not list, or one no backup has', async () => {
    const extras: Entry[] = [
      { path: 'images/avatars/extra.webp', data: Buffer.from('extra') },
      { path: '../escaped.txt', data: Buffer.from('outside') },
      { path: '/tmp/absolute.txt', data: Buffer.from('absolute') },
      { path: 'images/avatars/link.webp', data: Buffer.alloc(0), type: 'symlink', linkTo: '/etc/passwd' },
      { path: 'images/avatars/hard.webp', data: Buffer.alloc(0), type: 'hardlink', linkTo: 'bookclub.db' },
      { path: 'outbox/mail.eml', data: Buffer.from('mail') },
      { path: 'bookclub.db', data: Buffer.from('a second database') },
    ];
    for (const extra of extras) {
      const refusal = await refusedWithoutChange(repack(archive, path.join(scratch, 'extra.tar.gz'), (entries) => [...entries, extra]));
      expect([extra.path, refusal.key, refusal.params]).toEqual([extra.path, 'backupDamaged', { file: extra.path }]);
    }
    expect(fs.existsSync(path.join(scratch, 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(live, '..', 'escaped.txt'))).toBe(false);
    // Folders other tar programs write are no harm.
    const withFolders = repack(archive, path.join(scratch, 'folders.tar.gz'), (entries) => [
      { path: 'images/', data: Buffer.alloc(0), type: 'folder' },
      { path: 'images/avatars/', data: Buffer.alloc(0), type: 'folder' },
      ...entries,
    ]);
    discardStaged(await stageRestore(withFolders, { dataDir: live }));
    expect(snapshotOf(live)).toEqual(before);
  });

  it('a backup made by a newer Bookclub, or holding a newer database', async () => {
    const newer = repack(archive, path.join(scratch, 'newer.tar.gz'), (entries) => [
      ...withManifest(entries, { ...manifestOf(entries), formatVersion: 2 }),
      { path: 'something-new/in-format-2.bin', data: Buffer.from('new') },
    ]);
    const tooNew = await refusedWithoutChange(newer);
    expect(tooNew.key).toBe('backupTooNew');
    expect(tooNew.params).toEqual({ format: 2, supported: 1 });
    expect(tooNew.message).toContain('format 2');

    const futureDb = path.join(scratch, 'future.db');
    fs.writeFileSync(futureDb, readArchive(archive).find((entry) => entry.path === 'bookclub.db')!.data);
    const db = new Database(futureDb);
    db.prepare(`INSERT INTO "migrations" ("timestamp", "name") VALUES (?, ?)`).run(9_999_999_999_999, 'Telepathy9999999999999');
    db.close();
    const futureArchive = repack(archive, path.join(scratch, 'future.tar.gz'), (entries) => {
      const database = { path: 'bookclub.db', data: fs.readFileSync(futureDb) };
      return withManifest(entries, relisted(manifestOf(entries), database)).map((entry) => (entry.path === 'bookclub.db' ? database : entry));
    });
    expect((await refusedWithoutChange(futureArchive)).key).toBe('backupDatabaseTooNew');
    // An older backup of the database alone is held to the same rule.
    expect((await refusedWithoutChange(futureDb)).key).toBe('backupDatabaseTooNew');
  });

  it('a backup whose database is damaged or is not a club, even when its manifest agrees', async () => {
    const garbled = repack(archive, path.join(scratch, 'garbled.tar.gz'), (entries) => {
      const original = entries.find((entry) => entry.path === 'bookclub.db')!.data;
      const data = Buffer.from(original);
      // Past the header: the pages themselves.
      data.fill(0x5a, 4096, 4096 * 3);
      const database = { path: 'bookclub.db', data };
      return withManifest(entries, relisted(manifestOf(entries), database)).map((entry) => (entry.path === 'bookclub.db' ? database : entry));
    });
    const damaged = await refusedWithoutChange(garbled);
    expect(damaged.key).toBe('backupDatabaseDamaged');
    expect(String(damaged.params.reason)).not.toBe('');

    const other = path.join(scratch, 'other.db');
    new Database(other).exec('CREATE TABLE "unrelated" ("x" integer)');
    const notAClub = await refusedWithoutChange(other);
    expect(notAClub.key).toBe('backupDatabaseDamaged');
    expect(notAClub.params.reason).toBe('it is not a Bookclub database');
  });

  /** The backup's database changed by `sql`, as an archive (its manifest agreeing) and as a bare .db. */
  function withDatabaseChanged(name: string, sql: string): { archive: string; database: string } {
    const database = path.join(scratch, `${name}.db`);
    fs.writeFileSync(database, readArchive(archive).find((entry) => entry.path === 'bookclub.db')!.data);
    const db = new Database(database);
    db.exec(sql);
    db.close();
    const changed = repack(archive, path.join(scratch, `${name}.tar.gz`), (entries) => {
      const entry = { path: 'bookclub.db', data: fs.readFileSync(database) };
      return withManifest(entries, relisted(manifestOf(entries), entry)).map((old) => (old.path === 'bookclub.db' ? entry : old));
    });
    return { archive: changed, database };
  }

  it('a database whose schema is not the one its migrations make: a table missing, or a trigger, view, index or column of its own', async () => {
    const cases = [
      ['missing-table', 'DROP TABLE "calendar_feed"', 'table "calendar_feed" is missing'],
      ['trigger', 'CREATE TRIGGER "takeover" AFTER INSERT ON "post" BEGIN DELETE FROM "user" WHERE "isAdmin" = 1; END', 'trigger "takeover" is not Bookclub\'s'],
      ['view', 'CREATE VIEW "everyone" AS SELECT "email", "passwordHash" FROM "user"', 'view "everyone" is not Bookclub\'s'],
      ['index', 'CREATE INDEX "by_hash" ON "user" ("passwordHash")', 'index "by_hash" is not Bookclub\'s'],
      ['column', 'ALTER TABLE "user" ADD COLUMN "note" text', 'table "user" is not as Bookclub makes it'],
      ['fts-trigger', 'DROP TRIGGER "post_search_insert"', 'trigger "post_search_insert" is missing'],
    ] as const;
    for (const [name, sql, difference] of cases) {
      const changed = withDatabaseChanged(name, sql);
      for (const file of [changed.archive, changed.database]) {
        const refusal = await refusedWithoutChange(file);
        expect([name, refusal.key, refusal.params]).toEqual([name, 'backupSchemaDiffers', { difference }]);
        expect(refusal.message).toContain(difference);
        expect(translate('sk', `errors:${refusal.key}`, refusal.params)).toMatch(/^Databáza v tejto zálohe nemá štruktúru.*Nič sa nezmenilo\.$/);
      }
    }
    // Statistics SQLite gathers itself (ANALYZE, PRAGMA optimize) are no code of the backup's.
    const analyzed = withDatabaseChanged('analyzed', 'ANALYZE');
    discardStaged(await stageRestore(analyzed.archive, { dataDir: live }));
    expect(snapshotOf(live)).toEqual(before);
  });

  it('an archive whose entries say more than its manifest, or a manifest announcing more than the file can hold', async () => {
    const entries = readArchive(archive);
    const manifest = manifestOf(entries);
    // The database entry larger than its manifest line says: refused at its header, nothing written of it.
    const longer = path.join(scratch, 'longer.tar.gz');
    writeArchive(longer, entries.map((entry) => (entry.path === 'bookclub.db' ? { ...entry, data: Buffer.concat([entry.data, Buffer.alloc(4096)]) } : entry)));
    expect((await refusedWithoutChange(longer)).params).toEqual({ file: 'bookclub.db' });
    // A manifest announcing a 3 GB database, or 200,000 files.
    const huge = path.join(scratch, 'huge.tar.gz');
    writeArchive(huge, withManifest(entries, { ...manifest, files: manifest.files.map((file) => (file.path === 'bookclub.db' ? { ...file, bytes: 3 * 1024 ** 3 } : file)) }));
    const tooLarge = await refusedWithoutChange(huge);
    expect([tooLarge.key, tooLarge.params]).toEqual(['backupDatabaseTooLarge', { limit: '2 GB' }]);
    const many = path.join(scratch, 'many.tar.gz');
    const files = [...manifest.files, ...Array.from({ length: 200_000 }, (_, i) => ({ path: `images/avatars/x${i}.webp`, bytes: 1, sha256: '0'.repeat(64) }))];
    writeArchive(many, withManifest(entries, { ...manifest, files }));
    expect((await refusedWithoutChange(many)).key).toBe('backupUnpacksTooLarge');
    // An entry before the manifest: not a backup.
    const late = path.join(scratch, 'late.tar.gz');
    writeArchive(late, [...entries.slice(1), entries[0]!]);
    expect((await refusedWithoutChange(late)).key).toBe('backupNotRecognized');
  });
});

describe('restoring', () => {
  it('swaps the whole club in and keeps the replaced one beside it, in the same layout', async () => {
    const source = await makeClubFolder('source', 'from-backup');
    const archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    const live = await makeClubFolder('live', 'live-club');
    fs.mkdirSync(path.join(live, 'outbox'));
    fs.writeFileSync(path.join(live, 'outbox', 'mail.eml'), 'queued mail');
    const liveBefore = snapshotOf(live);

    const { keptAs, staged } = await restoreClub(archive, { dataDir: live, now: () => new Date('2026-11-24T03:00:00.123Z') });

    expect(keptAs).toBe(path.join(live, 'before-restore-2026-11-24T03-00-00-123Z'));
    expect(staged).toMatchObject({ kind: 'archive', includesSecret: true, includesImages: true });
    expect(staged.manifest?.siteName).toBe('Test Club');
    expect(noticeboardOf(path.join(live, DATABASE_FILE))).toBe('from-backup');
    const sourceFiles = snapshotOf(source);
    const liveAfter = snapshotOf(live);
    expect(liveAfter['token-secret.key']).toBe(sourceFiles['token-secret.key']);
    expect(Object.keys(liveAfter).filter((name) => name.startsWith('images/')).sort()).toEqual(
      Object.keys(sourceFiles).filter((name) => name.startsWith('images/')).sort(),
    );
    // The host's own files stay; nothing is left of the staging or the journal.
    expect(liveAfter['outbox/mail.eml']).toBe(liveBefore['outbox/mail.eml']);
    expect(fs.readdirSync(live).sort()).toEqual(['before-restore-2026-11-24T03-00-00-123Z', 'bookclub.db', 'images', 'outbox', 'token-secret.key']);
    // The replaced club, whole, in the layout a staged restore has.
    const kept = snapshotOf(keptAs);
    expect(kept['token-secret.key']).toBe(liveBefore['token-secret.key']);
    expect(kept['images/avatars/live-club-avatar.webp']).toBe(liveBefore['images/avatars/live-club-avatar.webp']);
    expect(noticeboardOf(path.join(keptAs, DATABASE_FILE))).toBe('live-club');
    expect(fs.statSync(path.join(live, DATABASE_FILE)).mode & 0o777).toBe(0o600);

    // And so it is undone the same way.
    const { keptAs: undoneKept } = applyRestore(stagedFromKept(keptAs), { dataDir: live, now: () => new Date('2026-11-24T04:00:00.000Z') });
    expect(noticeboardOf(path.join(live, DATABASE_FILE))).toBe('live-club');
    const undone = snapshotOf(live);
    expect(undone['token-secret.key']).toBe(liveBefore['token-secret.key']);
    expect(undone['images/avatars/live-club-avatar.webp']).toBe(liveBefore['images/avatars/live-club-avatar.webp']);
    expect(noticeboardOf(path.join(undoneKept, DATABASE_FILE))).toBe('from-backup');
  });

  it('an older backup of the database alone replaces the database; images and secret stay', async () => {
    const source = await makeClubFolder('source', 'from-backup');
    const legacy = path.join(scratch, 'bookclub-backup-2026-01-05.db');
    // What `npm start -- backup` wrote before whole-club backups: SQLite's online backup, one file.
    const db = new Database(path.join(source, DATABASE_FILE), { readonly: true });
    await db.backup(legacy);
    db.close();
    const live = await makeClubFolder('live', 'live-club');
    const liveBefore = snapshotOf(live);

    const { keptAs, staged } = await restoreClub(legacy, { dataDir: live });

    expect(staged).toMatchObject({ kind: 'database', manifest: null, includesSecret: false, includesImages: false });
    expect(staged.counts).toMatchObject({ members: 0, posts: 0 });
    expect(noticeboardOf(path.join(live, DATABASE_FILE))).toBe('from-backup');
    const liveAfter = snapshotOf(live);
    for (const name of ['token-secret.key', 'images/avatars/live-club-avatar.webp', 'images/covers/live-club-cover.jpg']) {
      expect([name, liveAfter[name]]).toEqual([name, liveBefore[name]]);
    }
    expect(fs.readdirSync(keptAs)).toEqual(['bookclub.db']);
    expect(noticeboardOf(path.join(keptAs, DATABASE_FILE))).toBe('live-club');
  });

  it('into an empty data folder: a hand-over to a new computer', async () => {
    const source = await makeClubFolder('source', 'from-backup');
    const archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    const fresh = path.join(scratch, 'new-computer', 'data');

    const { keptAs } = await restoreClub(archive, { dataDir: fresh });

    expect(noticeboardOf(path.join(fresh, DATABASE_FILE))).toBe('from-backup');
    expect(fs.readdirSync(keptAs)).toEqual([]);
  });

  it('interrupted by a crash at any step, is finished at the next start', async () => {
    const source = await makeClubFolder('source', 'from-backup');
    const archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    const sourceFiles = snapshotOf(source);
    const rename = fs.renameSync;

    // The swap is six renames: the database, the secret and the images, each out and in.
    for (let crashAfter = 0; crashAfter <= 6; crashAfter++) {
      const live = await makeClubFolder(`live-${crashAfter}`, 'live-club');
      const liveBefore = snapshotOf(live);
      const staged = await stageRestore(archive, { dataDir: live });
      let renames = 0;
      const spy = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
        // The journal is written whole first; the crash comes among the renames it names.
        if (path.basename(String(to)) !== RESTORE_JOURNAL && ++renames > crashAfter) throw new Error('the power went out');
        rename(from, to);
      });
      let crashed = false;
      try {
        applyRestore(staged, { dataDir: live, now: () => new Date('2026-11-24T03:00:00.000Z') });
      } catch {
        crashed = true;
      }
      spy.mockRestore();
      expect([crashAfter, crashed]).toEqual([crashAfter, crashAfter < 6]);
      expect(fs.existsSync(path.join(live, RESTORE_JOURNAL))).toBe(crashed);

      expect(finishInterruptedRestore(live)).toEqual({ finished: crashed });

      const keptAs = path.join(live, 'before-restore-2026-11-24T03-00-00-000Z');
      expect(noticeboardOf(path.join(live, DATABASE_FILE))).toBe('from-backup');
      expect(noticeboardOf(path.join(keptAs, DATABASE_FILE))).toBe('live-club');
      const liveAfter = snapshotOf(live);
      expect(liveAfter['token-secret.key']).toBe(sourceFiles['token-secret.key']);
      expect(liveAfter['images/avatars/from-backup-avatar.webp']).toBe(sourceFiles['images/avatars/from-backup-avatar.webp']);
      expect(liveAfter['images/avatars/live-club-avatar.webp']).toBeUndefined();
      const kept = snapshotOf(keptAs);
      expect(kept['token-secret.key']).toBe(liveBefore['token-secret.key']);
      expect(kept['images/covers/live-club-cover.jpg']).toBe(liveBefore['images/covers/live-club-cover.jpg']);
      expect(fs.readdirSync(live).sort()).toEqual(['before-restore-2026-11-24T03-00-00-000Z', 'bookclub.db', 'images', 'token-secret.key']);
      // Once finished, there is nothing more to finish.
      expect(finishInterruptedRestore(live)).toEqual({ finished: false });
    }
  });

  it('at start-up clears what a crashed backup or restore left, and only what a process that is gone left', async () => {
    const live = await makeClubFolder('live', 'live-club');
    const gone = 999_999;
    for (const name of [`.backup-work-${gone}-abc123`, `.restore-staging-${gone}-def456`, `.restore-staging-${process.pid}-mine00`]) {
      fs.mkdirSync(path.join(live, name));
      fs.writeFileSync(path.join(live, name, 'bookclub.db'), 'half');
    }
    fs.mkdirSync(path.join(live, '.my-own-notes'));

    expect(finishInterruptedRestore(live)).toEqual({ finished: false });

    expect(fs.readdirSync(live).filter((name) => name.startsWith('.')).sort()).toEqual(['.my-own-notes', `.restore-staging-${process.pid}-mine00`]);
    expect(finishInterruptedRestore(path.join(scratch, 'no-such-folder'))).toEqual({ finished: false });
  });
});
