import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

/** The data folder is served already; the message names who serves it. */
export class DataDirInUse extends Error {}

/** Folders this process serves: a second server in the same process (same pid) must be refused too. */
const claimedHere = new Set<string>();

/** Whether a process of this id runs (one we may not signal runs too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Claims the data folder for this server, exclusively: two servers on one database would each think
 * they own it (a restore under the other's feet, mail sent twice). The lock file is created only if absent
 * (`wx`); one left behind by a process that is gone (a crash, kill -9) is taken over. Answers the release,
 * which removes the file only while it is still ours.
 */
export function claimDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (claimedHere.has(dir)) {
    throw new DataDirInUse(`Another club server in this process (${process.pid}) already serves the data folder ${dir}.`);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { mode: 0o600, flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const pid = readPid(file);
    // Our own pid in a file we did not write is a leftover of an earlier process that had it (containers
    // start every time with the same pid).
    if (pid !== null && pid !== process.pid && isAlive(pid)) {
      throw new DataDirInUse(
        `Another club server (process ${pid}) is already running on the data folder ${dir}. ` + 'Stop it first, or give this one another DATA_DIR.',
      );
    }
    fs.rmSync(file, { force: true });
  }
  claimedHere.add(dir);
  return () => {
    if (!claimedHere.delete(dir)) return;
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The pid of a live process serving this data folder, or null. A stale file from a crash counts as none. */
export function runningServerPid(dataDir: string): number | null {
  const pid = readPid(path.join(dataDir, LOCK_FILE));
  return pid !== null && isAlive(pid) ? pid : null;
}
