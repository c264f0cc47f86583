// Backup and restore as the server's utility process does them: with the server's own SQLite binding
// (config.sqliteNativeBinding, built for Electron), in the process that owns the database. The same
// whole-club archive as the host page and `npm start -- backup|restore`.
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../server/db/data-source';
import { backUpClub } from '../server/club/backup/back-up-club';
import { MaintenanceError } from '../server/club/maintenance-error';
import { restoreClub } from '../server/club/restore/restore-club';
import { runningServerPid } from '../server/club/server-lock';
import type { ClubMaintenance } from './server-runner';

/** Whether two paths name one file (whatever the case or links in them). */
function sameFile(a: string, b: string): boolean {
  try {
    const [one, two] = [fs.statSync(a), fs.statSync(b)];
    return one.dev === two.dev && one.ino === two.ino;
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

export const clubMaintenance: ClubMaintenance = {
  async backup(config, file) {
    const { bytes } = await backUpClub(file, {
      dataDir: config.dataDir,
      nativeBinding: config.sqliteNativeBinding,
      siteName: config.siteName,
      kind: 'desktop',
    });
    return { bytes };
  },
  async restore(config, file) {
    // The live database moves aside during a restore: "restoring" that very file is no backup of anything.
    if (sameFile(file, path.join(config.dataDir, DATABASE_FILE))) {
      throw new MaintenanceError(`${file} is the club's own database, not a backup of it.`);
    }
    // The shell stops its own server first; this catches a headless `npm start` on the same data folder.
    const pid = runningServerPid(config.dataDir);
    if (pid !== null && pid !== process.pid) {
      throw new MaintenanceError(`Another club server (process ${pid}) is using ${config.dataDir}. Stop it, then restore again.`);
    }
    const { keptAs, staged } = await restoreClub(file, { dataDir: config.dataDir, nativeBinding: config.sqliteNativeBinding });
    return { keptAs, sessionsKept: staged.includesSecret };
  },
  // BackupRefused is a MaintenanceError: refused before anything changed.
  isRefusal: (error) => error instanceof MaintenanceError,
};
