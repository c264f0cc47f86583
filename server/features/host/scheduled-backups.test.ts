import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostStatus } from '../../../shared/api/host';
import { ManualClock } from '../../test-support/manual-clock';
import { ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { BACKUP_INTERVAL_MS, FIRST_BACKUP_AFTER_START_MS, RETRY_FAILED_BACKUP_MS } from './scheduled-backups';

// The daily backup runs on the club's clock (a ManualClock here): a while after the server starts, then
// every 24 hours, keeping the newest BACKUPS_KEPT; a failure shows on the host page and in the log.

const clubs: TestServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const club of clubs.splice(0)) await club.close();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backups-'));
  folders.push(folder);
  return folder;
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}

const backupsIn = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.tar.gz'))
    .sort();

describe('daily backups', () => {
  it('come a while after the start, then every day, and exactly the newest N are kept', async () => {
    const clock = new ManualClock('2026-11-24T08:00:00Z');
    const folder = path.join(tempFolder(), 'daily');
    let club = await startTestServer({ clock, backupDir: folder, backupsKept: 2 });
    clubs.push(club);
    const admin = await setUpClub(club);
    fs.mkdirSync(folder, { recursive: true });
    // Someone else's file in the folder is never touched.
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'mine');
    // A backup a dead server was writing is cleared when the club opens.
    const halfWritten = path.join(folder, 'bookclub-backup-2026-11-23-0800.tar.gz.partial-999999-ab12cd34');
    fs.writeFileSync(halfWritten, 'half a backup');
    await club.server.close();
    clubs.pop();
    folders.push(club.dataDir);
    club = await startTestServer({ clock, backupDir: folder, backupsKept: 2, dataDir: club.dataDir });
    clubs.push(club);
    expect(fs.existsSync(halfWritten)).toBe(false);

    let status = await ok<HostStatus>(club, 'GET', '/api/host', admin);
    expect(status.backups.scheduled).toMatchObject({ enabled: true, folder, kept: 2, files: [] });
    expect(status.backups.scheduled.nextDueAt).toBe(new Date(clock.now().getTime() + FIRST_BACKUP_AFTER_START_MS).toISOString());

    clock.advance(FIRST_BACKUP_AFTER_START_MS);
    await until(
      () => backupsIn(folder),
      (names) => names.length === 1,
    );
    for (let day = 1; day <= 3; day++) {
      clock.advance(BACKUP_INTERVAL_MS);
      await until(
        () => backupsIn(folder),
        (names) => names.length === Math.min(day + 1, 2) && readLastAt(club) === clock.now().toISOString(),
      );
    }
    expect(backupsIn(folder)).toHaveLength(2);
    expect(fs.readFileSync(path.join(folder, 'notes.txt'), 'utf8')).toBe('mine');

    status = await ok<HostStatus>(club, 'GET', '/api/host', admin);
    expect(status.backups.last).toEqual({ at: clock.now().toISOString(), kind: 'scheduled' });
    expect(status.backups.scheduled.files.map((file) => file.name)).toEqual([...backupsIn(folder)].reverse());
    expect(status.backups.scheduled.nextDueAt).toBe(new Date(clock.now().getTime() + BACKUP_INTERVAL_MS).toISOString());
  });

  it('are kept in an owner-only folder (0700): one the server makes, and one an older Bookclub made 0755', async () => {
    const clock = new ManualClock('2026-11-24T08:00:00Z');
    const made = path.join(tempFolder(), 'made', 'daily');
    const club = await startTestServer({ clock, backupDir: made, backupsKept: 2 });
    clubs.push(club);
    folders.push(club.dataDir);
    clock.advance(FIRST_BACKUP_AFTER_START_MS);
    await until(
      () => (fs.existsSync(made) ? backupsIn(made) : []),
      (names) => names.length === 1,
    );
    expect(fs.statSync(made).mode & 0o777).toBe(0o700);

    // A folder that is already there, open to everyone on the computer: owner-only once the server uses it.
    const existing = path.join(tempFolder(), 'existing');
    fs.mkdirSync(existing, { mode: 0o755 });
    fs.chmodSync(existing, 0o755);
    await club.server.close();
    clubs.pop();
    const again = await startTestServer({ clock, backupDir: existing, backupsKept: 2, dataDir: club.dataDir });
    clubs.push(again);
    expect(fs.statSync(existing).mode & 0o777).toBe(0o700);
    // And should it be opened up meanwhile, the next backup closes it again.
    fs.chmodSync(existing, 0o755);
    clock.advance(BACKUP_INTERVAL_MS);
    await until(
      () => backupsIn(existing),
      (names) => names.length === 1,
    );
    expect(fs.statSync(existing).mode & 0o777).toBe(0o700);
  });

  it('a failed backup is shown on the host page and logged, and tried again an hour later', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const clock = new ManualClock('2026-11-24T08:00:00Z');
    // The "folder" is a file: nothing can be written into it.
    const blocked = path.join(tempFolder(), 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const club = await startTestServer({ clock, backupDir: blocked, backupsKept: 3 });
    clubs.push(club);
    const admin = await setUpClub(club);

    clock.advance(FIRST_BACKUP_AFTER_START_MS);
    const failed = await until(
      () => ok<HostStatus>(club, 'GET', '/api/host', admin),
      (status) => status.backups.scheduled.lastFailure !== null,
    );
    expect(failed.backups.scheduled.lastFailure!.at).toBe(clock.now().toISOString());
    expect(failed.backups.scheduled.lastFailure!.message).toBeTruthy();
    expect(failed.backups.last).toBeNull();
    expect(failed.backups.scheduled.nextDueAt).toBe(new Date(clock.now().getTime() + RETRY_FAILED_BACKUP_MS).toISOString());
    expect(errors.mock.calls.some(([message]) => String(message).includes('daily backup'))).toBe(true);

    // The host makes room: the next try works and the failure is gone.
    fs.rmSync(blocked);
    clock.advance(RETRY_FAILED_BACKUP_MS);
    const recovered = await until(
      () => ok<HostStatus>(club, 'GET', '/api/host', admin),
      (status) => status.backups.last !== null,
    );
    expect(recovered.backups.scheduled.lastFailure).toBeNull();
    expect(recovered.backups.scheduled.files).toHaveLength(1);
  });

  it('BACKUPS_KEPT=0 makes none', async () => {
    const clock = new ManualClock('2026-11-24T08:00:00Z');
    const folder = path.join(tempFolder(), 'none');
    const club = await startTestServer({ clock, backupDir: folder, backupsKept: 0 });
    clubs.push(club);
    const admin = await setUpClub(club);
    clock.advance(3 * BACKUP_INTERVAL_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(folder)).toBe(false);
    expect((await ok<HostStatus>(club, 'GET', '/api/host', admin)).backups.scheduled).toMatchObject({ enabled: false, nextDueAt: null });
  });
});

function readLastAt(club: TestServer): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(club.dataDir, 'backup-status.json'), 'utf8')) as { last: { at: string } | null }).last?.at ?? null;
  } catch {
    return null;
  }
}
