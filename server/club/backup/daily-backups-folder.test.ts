import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listScheduledBackups, pruneScheduledBackups, scheduledBackupName } from './daily-backups-folder';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backup-folder-'));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Daily backups of the 1st to the `days`-th of November 2026, at 03:00 by the host's clock. */
function dailyBackups(days: number): string[] {
  const names: string[] = [];
  for (let day = 1; day <= days; day++) {
    const name = scheduledBackupName(new Date(2026, 10, day, 3, 0));
    fs.writeFileSync(path.join(folder, name), 'x'.repeat(day));
    names.push(name);
  }
  return names;
}

/** What a host keeps in the same folder: never listed, never deleted. */
const FOREIGN = [
  'my-own-copy.tar.gz',
  'bookclub-backup-2026-11-01.tar.gz',
  'bookclub-backup-2026-11-01-0300.tar.gz.partial-42-abcd',
  'notes.txt',
  'bookclub-backup-2020-01-01-0000.tar.gz.old',
];

describe('daily backups in their folder', () => {
  it('are named for the moment they were made, so their names sort by time', () => {
    expect(scheduledBackupName(new Date(2026, 10, 24, 3, 0))).toBe('bookclub-backup-2026-11-24-0300.tar.gz');
    expect(scheduledBackupName(new Date(2027, 0, 5, 23, 59))).toBe('bookclub-backup-2027-01-05-2359.tar.gz');
    const moments = [
      new Date(2026, 8, 30, 23, 59),
      new Date(2026, 9, 1, 0, 0),
      new Date(2026, 9, 1, 9, 5),
      new Date(2026, 9, 10, 3, 0),
      new Date(2027, 0, 1, 0, 0),
    ];
    const names = moments.map(scheduledBackupName);
    expect([...names].sort()).toEqual(names);
  });

  it('are listed newest first, with their size and time, and nothing else of the folder', () => {
    dailyBackups(3);
    for (const name of FOREIGN) fs.writeFileSync(path.join(folder, name), 'not ours');
    fs.mkdirSync(path.join(folder, 'bookclub-backup-2026-12-01-0300.tar.gz'));

    expect(listScheduledBackups(folder)).toEqual([
      { name: 'bookclub-backup-2026-11-03-0300.tar.gz', bytes: 3, createdAt: new Date(2026, 10, 3, 3, 0) },
      { name: 'bookclub-backup-2026-11-02-0300.tar.gz', bytes: 2, createdAt: new Date(2026, 10, 2, 3, 0) },
      { name: 'bookclub-backup-2026-11-01-0300.tar.gz', bytes: 1, createdAt: new Date(2026, 10, 1, 3, 0) },
    ]);
    expect(listScheduledBackups(path.join(folder, 'not-made-yet'))).toEqual([]);
  });

  it('keep exactly the newest N when pruned, and never touch a file the schedule did not make', () => {
    const names = dailyBackups(10);
    for (const name of FOREIGN) fs.writeFileSync(path.join(folder, name), 'not ours');

    const deleted = pruneScheduledBackups(folder, 7);

    expect(deleted).toEqual(names.slice(0, 3).reverse());
    expect(listScheduledBackups(folder).map((backup) => backup.name)).toEqual(names.slice(3).reverse());
    expect(fs.readdirSync(folder).sort()).toEqual([...names.slice(3), ...FOREIGN].sort());
    // Pruned again, nothing more goes; with fewer than N, nothing goes.
    expect(pruneScheduledBackups(folder, 7)).toEqual([]);
    expect(pruneScheduledBackups(folder, 30)).toEqual([]);
    expect(pruneScheduledBackups(folder, 1)).toEqual(names.slice(3, 9).reverse());
    expect(fs.readdirSync(folder).sort()).toEqual([names[9]!, ...FOREIGN].sort());
    expect(pruneScheduledBackups(path.join(folder, 'not-made-yet'), 3)).toEqual([]);
  });
});
