import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { PROJECT_ROOT, SERVER_MAIN } from './club-server-process';
import { openFilesLimit } from './proc-stats';

function quietly(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The machine the benchmark runs on, and the code it measures (its commit, files changed since, the build's time). */
export function machine() {
  const changed = quietly('git', ['status', '--porcelain', '--', 'server', 'shared', 'renderer']).split('\n').filter(Boolean).length;
  return {
    cpu: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    openFilesLimit: openFilesLimit(),
    listenBacklogLimit: Number(quietly('cat', ['/proc/sys/net/core/somaxconn'])) || null,
    commit: quietly('git', ['rev-parse', '--short', 'HEAD']),
    uncommittedServerRendererFiles: changed,
    serverBuiltAt: fs.existsSync(SERVER_MAIN) ? fs.statSync(SERVER_MAIN).mtime.toISOString() : null,
  };
}
