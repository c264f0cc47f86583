import { translate } from '../../http/i18n';
import { MaintenanceError } from '../maintenance-error';

/** Why a backup is refused, as the errors catalogue names it. */
export type BackupRefusalKey =
  | 'backupNotRecognized'
  | 'backupIncomplete'
  | 'backupDamaged'
  | 'backupDatabaseDamaged'
  | 'backupTooNew'
  | 'backupDatabaseTooNew'
  | 'backupUnpacksTooLarge'
  | 'backupDatabaseTooLarge'
  | 'backupSchemaDiffers';

/**
 * A backup this Bookclub will not restore, found before anything of the live club changed. `key` is the
 * errors catalogue's (without "errors:"), so each caller says it in its reader's language; the message is
 * the English text, for logs and the command line.
 */
export class BackupRefused extends MaintenanceError {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(translate('en', `errors:${key}`, params));
    this.name = 'BackupRefused';
  }
}

export function refused(key: BackupRefusalKey, params: Record<string, string | number> = {}): BackupRefused {
  return new BackupRefused(key, params);
}
