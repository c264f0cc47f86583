import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../http/i18n';
import {
  archiveOptions,
  makeClubFolder,
  snapshotOf,
  refusalOf,
  readArchive,
  writeArchive,
  repack,
  manifestOf,
  withManifest,
  relisted,
  type Entry,
} from '../../test-support/club-archives';
import { tarHeader, tarPadding } from '../../test-support/tar-blocks';
import { BackupRefused } from './backup-refused';
import { stageRestore } from './stage-restore';
import { discardStaged } from './staged-club';
import { writeClubArchive } from '../backup/write-archive';

let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-archive-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A club's data folder in this test's scratch folder (makeClubFolder). */
const clubFolder = (name: string, marker: string) => makeClubFolder(path.join(scratch, name), marker);

describe('a backup that is refused changes nothing', () => {
  let live: string;
  let before: Record<string, string>;
  let archive: string;

  beforeEach(async () => {
    const source = await clubFolder('source', 'from-backup');
    archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    live = await clubFolder('live', 'live-club');
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
    const cuts = [
      1,
      2,
      10,
      100,
      Math.floor(whole.length / 4),
      Math.floor(whole.length / 2),
      Math.floor((whole.length * 3) / 4),
      whole.length - 8,
      whole.length - 1,
    ];
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
      [
        'trigger',
        'CREATE TRIGGER "takeover" AFTER INSERT ON "post" BEGIN DELETE FROM "user" WHERE "isAdmin" = 1; END',
        'trigger "takeover" is not Bookclub\'s',
      ],
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
    writeArchive(
      longer,
      entries.map((entry) => (entry.path === 'bookclub.db' ? { ...entry, data: Buffer.concat([entry.data, Buffer.alloc(4096)]) } : entry)),
    );
    expect((await refusedWithoutChange(longer)).params).toEqual({ file: 'bookclub.db' });
    // A manifest announcing a 3 GB database, or 200,000 files.
    const huge = path.join(scratch, 'huge.tar.gz');
    writeArchive(
      huge,
      withManifest(entries, { ...manifest, files: manifest.files.map((file) => (file.path === 'bookclub.db' ? { ...file, bytes: 3 * 1024 ** 3 } : file)) }),
    );
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
