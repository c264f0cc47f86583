// `npm start` builds only when something the build reads is newer than the last build: a host restarting
// the club waits for the server (well under a second), not for Vite and esbuild (several seconds).
// `npm run build` (`--always`) builds whatever the stamp says, and leaves the stamp too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: sources, their configuration and the installed packages' lockfile. */
const BUILD_INPUTS = ['renderer', 'shared', 'server', 'electron', 'bench', 'build/bundle.mjs', 'package-lock.json', 'tsconfig.json'];
/** Written after a whole, successful build; its time is the build's. */
export const STAMP = 'dist/.built';

/** The newest modification time (ms) of any file under `entry`, or 0 when there is none. */
function newestUnder(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestUnder(path.join(entry, child)));
  return newest;
}

/** Whether `root`'s build is missing or older than one of its inputs. */
export function needsBuild(root) {
  let built;
  try {
    built = fs.statSync(path.join(root, STAMP)).mtimeMs;
  } catch {
    return true;
  }
  return BUILD_INPUTS.some((input) => newestUnder(path.join(root, input)) > built);
}

/**
 * Builds `root` when it needs it (or `always`: `npm run build`); answers whether it did. Throws when the
 * build fails. Either way the stamp is written, so `npm start` after `npm run build` starts at once.
 */
export function ensureBuilt(root, { always = false } = {}) {
  if (!always && !needsBuild(root)) return false;
  // The stamp carries the time the build began: a file saved while it ran is newer, and builds again.
  const began = new Date();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const part of ['build:renderer', 'build:server']) {
    // A .cmd runs only through the shell on Windows.
    const run = spawnSync(npm, ['run', part, '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (run.status !== 0) throw new Error(`the build failed (${part}, exit ${run.status})`);
  }
  const stamp = path.join(root, STAMP);
  fs.writeFileSync(stamp, `${began.toISOString()}\n`);
  fs.utimesSync(stamp, began, began);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureBuilt(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), { always: process.argv.includes('--always') });
  } catch (error) {
    console.error(`bookclub: ${error.message}`);
    process.exit(1);
  }
}
