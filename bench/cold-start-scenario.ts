// Cold start: from spawning the built server (`node dist/server/main.js`) on an existing club's data
// folder to its first 200 on GET /api/home as a member, several times; and once the same for `npm start`,
// which checks or makes the build first (into dist/, which is why the benchmark runs it last).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { firstAnswerMs, freePort, PROJECT_ROOT, startClubServer, stopChild } from './club-server-process';
import type { SeededClub } from './club-seed';
import { median } from './stats';

export interface ColdStartResult {
  runs: number[];
  medianMs: number;
  /** Peak resident memory of a freshly started server after its first answer. */
  peakRssBytes: number;
}

/** The stamp build/ensure-built.mjs writes after it builds (its modification time), if there is one. */
function buildStampTime(): number | null {
  try {
    return fs.statSync(path.join(PROJECT_ROOT, 'dist/.built')).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * `npm start` on the club's folder until it starts without building (twice at most: the first builds when
 * the sources changed since the last build): spawn to first 200 each time.
 */
export async function measureNpmStarts(club: SeededClub, workDir: string): Promise<{ ms: number; built: boolean }[]> {
  const runs = [await measureNpmStart(club, workDir)];
  if (runs[0]!.built) runs.push(await measureNpmStart(club, workDir));
  return runs;
}

/**
 * `npm start` on the club's folder: spawn to first 200; the whole process group is stopped after. Says
 * whether it built first (the build stamp moved).
 */
async function measureNpmStart(club: SeededClub, workDir: string): Promise<{ ms: number; built: boolean }> {
  const stampBefore = buildStampTime();
  const port = await freePort();
  const logFile = path.join(workDir, 'npm-start.log');
  const log = fs.openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn('npm', ['start', '--', '--port', String(port), '--host', '127.0.0.1', '--data-dir', club.dataDir], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', log, log],
    // Its own process group: npm, the shell and the server are stopped together.
    detached: true,
  });
  fs.closeSync(log);
  try {
    const ms = await firstAnswerMs(`http://127.0.0.1:${port}/api/home`, { Authorization: `Bearer ${club.members[0]!.token}` }, spawnedAt, child, 300_000);
    return { ms, built: buildStampTime() !== stampBefore };
  } catch (error) {
    throw new Error(`${(error as Error).message}; its log: ${logFile}`, { cause: error });
  } finally {
    await stopChild(child, 10_000, true);
  }
}

export async function measureColdStart(club: SeededClub, runs: number, workDir: string, log: (line: string) => void): Promise<ColdStartResult> {
  const times: number[] = [];
  let peak = 0;
  for (let run = 0; run < runs; run++) {
    const server = await startClubServer(club.dataDir, club.members[0]!.token, path.join(workDir, 'cold-start.log'));
    times.push(server.startMs);
    peak = Math.max(peak, await server.stop());
    log(`  cold start ${run + 1}: ${server.startMs.toFixed(0)} ms`);
  }
  return { runs: times, medianMs: median(times), peakRssBytes: peak };
}
