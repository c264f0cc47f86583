import { describe, expect, it } from 'vitest';
import { BACKUP_MAX_BYTES } from '../../../shared/api/host';
import { clubNameConfirms, restoreFormProblems, restoreReady } from './restore-form';

const backup = { name: 'bookclub-backup-2026-03-01.tar.gz', size: 4_000_000 } as File;

describe('confirming a restore with the club’s name', () => {
  it('takes the name as typed, ignoring spaces around it and letter case', () => {
    expect(clubNameConfirms('Riverside Readers', 'Riverside Readers')).toBe(true);
    expect(clubNameConfirms('  riverside READERS ', 'Riverside Readers')).toBe(true);
    expect(clubNameConfirms('čitatelia z nábrežia', 'Čitatelia z nábrežia')).toBe(true);
    // The same letters typed as a letter and its accent (NFD, as some keyboards send them).
    expect(clubNameConfirms('Čitatelia'.normalize('NFD'), 'Čitatelia')).toBe(true);
  });

  it('refuses another name, a part of it, and nothing at all', () => {
    expect(clubNameConfirms('Riverside', 'Riverside Readers')).toBe(false);
    expect(clubNameConfirms('Riverside  Readers', 'Riverside Readers')).toBe(false);
    expect(clubNameConfirms('', '')).toBe(false);
    expect(clubNameConfirms('   ', 'Riverside Readers')).toBe(false);
  });

  it('offers the restore only once a file is chosen and the name matches', () => {
    expect(restoreReady({ backup: null, clubName: 'Riverside Readers' }, 'Riverside Readers')).toBe(false);
    expect(restoreReady({ backup, clubName: 'Riverside' }, 'Riverside Readers')).toBe(false);
    expect(restoreReady({ backup, clubName: 'riverside readers' }, 'Riverside Readers')).toBe(true);
  });
});

describe('the restore form’s problems', () => {
  it('are none when a backup is chosen and the club named', () => {
    expect(restoreFormProblems({ backup, clubName: 'Riverside Readers' }, 'Riverside Readers')).toEqual({});
  });

  it('ask for a file and for the name', () => {
    expect(restoreFormProblems({ backup: null, clubName: ' ' }, 'Riverside Readers')).toEqual({
      backup: 'errors:backupMissing',
      clubName: 'validation:restoreConfirmRequired',
    });
  });

  it('say when the name is not the club’s, and when the file is too large to be a backup', () => {
    const huge = { name: 'film.tar.gz', size: BACKUP_MAX_BYTES + 1 } as File;
    expect(restoreFormProblems({ backup: huge, clubName: 'Another Club' }, 'Riverside Readers')).toEqual({
      backup: 'errors:backupTooLarge',
      clubName: 'host:restore.nameDiffers',
    });
  });
});
