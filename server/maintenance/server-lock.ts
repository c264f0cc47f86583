import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

/** Marks the data folder as served by this process, so a restore can refuse while the club is running. */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The pid of a live process serving this data folder, or null. A stale file from a crash counts as none. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
