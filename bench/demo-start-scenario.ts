// The demo club's start (issue 29): from spawning `npm start -- demo` on an existing build to the first page
// of the lively club answered to a member signed in with one click (the page itself, the one-click sign-in,
// and home with its books), several times; and that stopping it deletes its temporary folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, PROJECT_ROOT, statusOf, stopChild } from './club-server-process';
import { median } from './stats';

export interface DemoStartResult {
  /** Spawn to the signed-in member's first home with books, each run that did not build first, in ms. */
  runs: number[];
  /** Runs that built first (the sources had changed since the last build): not in the median. */
  builtFirstMs: number[];
  medianMs: number;
  /** Whether every run's temporary folder was gone once it stopped. */
  foldersRemoved: boolean;
}

/** Asks until `ask` answers something (a refused connection answers null), or throws after `timeoutMs`. */
async function poll<T>(ask: () => Promise<T | null>, since: number, timeoutMs: number, exited: () => string | null): Promise<T> {
  for (;;) {
    const why = exited();
    if (why) throw new Error(`the demo ${why} before answering`);
    if (performance.now() - since > timeoutMs) throw new Error(`the demo did not answer within ${timeoutMs / 1000} s`);
    const answer = await ask().catch(() => null);
    if (answer !== null) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One `npm start -- demo`: spawn, the page, the one-click sign-in, the member's home; then stop. */
/** The stamp build/ensure-built.mjs writes after it builds (its modification time), if there is one. */
function buildStampTime(): number | null {
  try {
    return fs.statSync(path.join(PROJECT_ROOT, 'dist/.built')).mtimeMs;
  } catch {
    return null;
  }
}

async function measureDemoStart(workDir: string, run: number): Promise<{ ms: number; folderRemoved: boolean; built: boolean }> {
  const stampBefore = buildStampTime();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, `demo-start-${run}.log`);
  const log = fs.openSync(logFile, 'w');
  const spawnedAt = performance.now();
  // As a host types it; its own process group, so npm, the shell and the server stop together.
  const child = spawn('npm', ['start', '--', 'demo', '--port', String(port)], { cwd: PROJECT_ROOT, stdio: ['ignore', log, log], detached: true });
  fs.closeSync(log);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  try {
    await poll(
      async () => ((await statusOf(`${base}/`)) === 200 ? true : null),
      spawnedAt,
      60_000,
      () => exited,
    );
    const token = await poll(
      async () => {
        const response = await fetch(`${base}/api/demo/sign-in`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"role":"member"}',
        });
        return response.ok ? ((await response.json()) as { token: string }).token : null;
      },
      spawnedAt,
      60_000,
      () => exited,
    );
    const home = (await (await fetch(`${base}/api/home`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { books: unknown[] };
    const ms = performance.now() - spawnedAt;
    if (home.books.length === 0) throw new Error('the demo club has no books');
    return { ms, folderRemoved: await stopAndCheckFolder(child, logFile), built: buildStampTime() !== stampBefore };
  } catch (error) {
    await stopChild(child, 10_000, true);
    throw new Error(`${(error as Error).message}; its log: ${logFile}`, { cause: error });
  }
}

/** Stops the demo as Ctrl+C does (SIGINT to its group) and says whether the folder it printed is gone. */
async function stopAndCheckFolder(child: ReturnType<typeof spawn>, logFile: string): Promise<boolean> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGINT');
  const late = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(late);
  const folder = /temporary data folder: (\S+)/.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
  if (folder === undefined) return false;
  // npm may be gone a moment before the server it ran has finished deleting.
  for (let waited = 0; fs.existsSync(folder) && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return !fs.existsSync(folder);
}

export async function measureDemoStarts(runs: number, workDir: string, log: (line: string) => void): Promise<DemoStartResult> {
  const times: number[] = [];
  const builtFirstMs: number[] = [];
  let foldersRemoved = true;
  // A run that had to build first is one more than asked for, so `runs` are on the build.
  for (let run = 0; times.length < runs; run++) {
    const { ms, folderRemoved, built } = await measureDemoStart(workDir, run);
    (built ? builtFirstMs : times).push(ms);
    foldersRemoved &&= folderRemoved;
    log(`  npm start -- demo ${run + 1}: ${ms.toFixed(0)} ms${built ? ' (built first)' : ''}${folderRemoved ? '' : ' (its folder was left behind)'}`);
  }
  return { runs: times, builtFirstMs, medianMs: median(times), foldersRemoved };
}
