import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../db/data-source';
import { archiveOptions, makeClubFolder, snapshotOf, noticeboardOf } from '../../test-support/club-archives';
import { applyRestore, finishInterruptedRestore } from './apply-restore';
import { restoreClub } from './restore-club';
import { stageRestore } from './stage-restore';
import { stagedFromKept } from './staged-club';
import { writeClubArchive } from '../backup/write-archive';
import { RESTORE_JOURNAL } from './restore-journal';

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

describe('restoring', () => {
  it('swaps the whole club in and keeps the replaced one beside it, in the same layout', async () => {
    const source = await clubFolder('source', 'from-backup');
    const archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    const live = await clubFolder('live', 'live-club');
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
    expect(
      Object.keys(liveAfter)
        .filter((name) => name.startsWith('images/'))
        .sort(),
    ).toEqual(
      Object.keys(sourceFiles)
        .filter((name) => name.startsWith('images/'))
        .sort(),
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
    const source = await clubFolder('source', 'from-backup');
    const legacy = path.join(scratch, 'bookclub-backup-2026-01-05.db');
    // What `npm start -- backup` wrote before whole-club backups: SQLite's online backup, one file.
    const db = new Database(path.join(source, DATABASE_FILE), { readonly: true });
    await db.backup(legacy);
    db.close();
    const live = await clubFolder('live', 'live-club');
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
    const source = await clubFolder('source', 'from-backup');
    const archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    const fresh = path.join(scratch, 'new-computer', 'data');

    const { keptAs } = await restoreClub(archive, { dataDir: fresh });

    expect(noticeboardOf(path.join(fresh, DATABASE_FILE))).toBe('from-backup');
    expect(fs.readdirSync(keptAs)).toEqual([]);
  });

  it('interrupted by a crash at any step, is finished at the next start', async () => {
    const source = await clubFolder('source', 'from-backup');
    const archive = path.join(scratch, 'backup.tar.gz');
    await writeClubArchive(archive, archiveOptions(source));
    const sourceFiles = snapshotOf(source);
    const rename = fs.renameSync;

    // The swap is six renames: the database, the secret and the images, each out and in.
    for (let crashAfter = 0; crashAfter <= 6; crashAfter++) {
      const live = await clubFolder(`live-${crashAfter}`, 'live-club');
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
    const live = await clubFolder('live', 'live-club');
    const gone = 999_999;
    for (const name of [`.backup-work-${gone}-abc123`, `.restore-staging-${gone}-def456`, `.restore-staging-${process.pid}-mine00`]) {
      fs.mkdirSync(path.join(live, name));
      fs.writeFileSync(path.join(live, name, 'bookclub.db'), 'half');
    }
    fs.mkdirSync(path.join(live, '.my-own-notes'));

    expect(finishInterruptedRestore(live)).toEqual({ finished: false });

    expect(
      fs
        .readdirSync(live)
        .filter((name) => name.startsWith('.'))
        .sort(),
    ).toEqual(['.my-own-notes', `.restore-staging-${process.pid}-mine00`]);
    expect(finishInterruptedRestore(path.join(scratch, 'no-such-folder'))).toEqual({ finished: false });
  });
});
