import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_STATUS_FILE, readBackupStatus, recordBackup, recordScheduledFailure } from './backup-status';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backup-status-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const nothing = { last: null, scheduledFailure: null };

describe('the record of backups', () => {
  it('is empty before any backup, and when the file is missing, unreadable or not ours', () => {
    expect(readBackupStatus(dataDir)).toEqual(nothing);
    expect(readBackupStatus(path.join(dataDir, 'no-such-folder'))).toEqual(nothing);
    for (const text of [
      '',
      '{ half',
      'null',
      '[]',
      '{"last": {"at": "yesterday", "kind": "download"}}',
      '{"last": {"at": "2026-11-24T03:00:00.000Z", "kind": "stolen"}}',
    ]) {
      fs.writeFileSync(path.join(dataDir, BACKUP_STATUS_FILE), text);
      expect([text, readBackupStatus(dataDir)]).toEqual([text, nothing]);
    }
  });

  it('keeps the last backup, however it was made', () => {
    recordBackup(dataDir, { at: new Date('2026-11-24T03:00:00.000Z'), kind: 'scheduled' });
    recordBackup(dataDir, { at: new Date('2026-11-24T10:15:00.000Z'), kind: 'command' });

    expect(readBackupStatus(dataDir)).toEqual({ last: { at: '2026-11-24T10:15:00.000Z', kind: 'command' }, scheduledFailure: null });
    expect(fs.statSync(path.join(dataDir, BACKUP_STATUS_FILE)).mode & 0o777).toBe(0o600);
    // Written whole beside the file and renamed: nothing of the writing is left.
    expect(fs.readdirSync(dataDir)).toEqual([BACKUP_STATUS_FILE]);
  });

  it('reports a failed daily backup until a daily backup works again', () => {
    recordBackup(dataDir, { at: new Date('2026-11-23T03:00:00.000Z'), kind: 'scheduled' });
    recordScheduledFailure(dataDir, { at: new Date('2026-11-24T03:00:00.000Z'), message: 'ENOSPC: no space left on device' });
    const failure = { at: '2026-11-24T03:00:00.000Z', message: 'ENOSPC: no space left on device' };
    expect(readBackupStatus(dataDir)).toEqual({ last: { at: '2026-11-23T03:00:00.000Z', kind: 'scheduled' }, scheduledFailure: failure });

    // A backup made another way is no daily backup: the failure stays reported.
    recordBackup(dataDir, { at: new Date('2026-11-24T09:00:00.000Z'), kind: 'download' });
    expect(readBackupStatus(dataDir).scheduledFailure).toEqual(failure);

    recordBackup(dataDir, { at: new Date('2026-11-25T03:00:00.000Z'), kind: 'scheduled' });
    expect(readBackupStatus(dataDir)).toEqual({ last: { at: '2026-11-25T03:00:00.000Z', kind: 'scheduled' }, scheduledFailure: null });
  });
});
