import { BACKUP_MAX_BYTES, confirmsClubName } from '../../../shared/api/host';

/** What the file input offers: whole-club archives and the older database-only backups. */
export const BACKUP_FILE_TYPES = '.tar.gz,.gz,.db';

/** The restore form as typed. */
export interface RestoreFormValues {
  backup: File | null;
  /** The club's name, typed to confirm that this club is replaced. */
  clubName: string;
}

export const emptyRestoreForm: RestoreFormValues = { backup: null, clubName: '' };

/**
 * Whether what was typed names the club (the rule the server decides with). Comfort only: the server checks
 * the name again (`?clubName=`) and refuses a restore it does not confirm.
 */
export const clubNameConfirms = confirmsClubName;

/** The restore button is offered once a file is chosen and the club's name typed. */
export function restoreReady(values: RestoreFormValues, siteName: string): boolean {
  return values.backup !== null && clubNameConfirms(values.clubName, siteName);
}

/**
 * Why the form cannot be sent, by field, as catalogue keys (none when it can): a file is needed and must be
 * small enough to be a backup; the club's name must be typed and be the club's.
 */
export function restoreFormProblems(values: RestoreFormValues, siteName: string): Partial<Record<keyof RestoreFormValues, string>> {
  const problems: Partial<Record<keyof RestoreFormValues, string>> = {};
  if (!values.backup) problems.backup = 'errors:backupMissing';
  else if (values.backup.size > BACKUP_MAX_BYTES) problems.backup = 'errors:backupTooLarge';
  if (!values.clubName.trim()) problems.clubName = 'validation:restoreConfirmRequired';
  else if (!clubNameConfirms(values.clubName, siteName)) problems.clubName = 'host:restore.nameDiffers';
  return problems;
}
